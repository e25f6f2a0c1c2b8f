//! Random literals, formulas and XOR constraints for the tests that
//! compare the solver with an oracle. Seeded by the callers, so that a
//! failure names a reproducible case.
//!
//! Self-contained (external crates only): the cross-crate tests of
//! `crates/guide` include this file too.

use rand::Rng;
use satoku_formula::{Cnf, Lit, Var};

/// `count` random literals over variables `1..=num_vars`, either sign
/// (repeats allowed: assumptions may repeat or contradict each other).
pub fn random_lits(rng: &mut impl Rng, num_vars: usize, count: usize) -> Vec<Lit> {
    (0..count)
        .map(|_| {
            let v = rng.gen_range(1..=num_vars as i64);
            Lit::from_dimacs(if rng.gen_bool(0.5) { v } else { -v })
        })
        .collect()
}

/// A clause length drawn from `lengths`, pairs of (length, weight).
fn random_len(rng: &mut impl Rng, lengths: &[(usize, u32)]) -> usize {
    let total: u32 = lengths.iter().map(|&(_, w)| w).sum();
    let mut pick = rng.gen_range(0..total);
    for &(len, weight) in lengths {
        if pick < weight {
            return len;
        }
        pick -= weight;
    }
    unreachable!("the pick is below the total weight")
}

/// A formula over `num_vars` variables (all declared, used or not) of
/// `num_clauses` random clauses, their lengths drawn from `lengths`, pairs
/// of (length, weight); literals may repeat within a clause.
pub fn random_cnf(
    rng: &mut impl Rng,
    num_vars: usize,
    num_clauses: usize,
    lengths: &[(usize, u32)],
) -> Cnf {
    let mut cnf = Cnf::new();
    cnf.ensure_vars(num_vars);
    for _ in 0..num_clauses {
        let len = random_len(rng, lengths);
        cnf.add_clause(&random_lits(rng, num_vars, len));
    }
    cnf
}

/// Clause lengths of the formulas dense in binary clauses that make failed
/// literals and equivalent literals common: mostly 2, some 3, few 1 and 4.
pub const BINARY_DENSE: [(usize, u32); 4] = [(1, 3), (2, 60), (3, 30), (4, 7)];

/// A random formula over 3..=12 variables dense in binary clauses
/// ([`BINARY_DENSE`]): the formulas of probing and substitution.
pub fn binary_dense_formula(rng: &mut impl Rng) -> Cnf {
    let num_vars = rng.gen_range(3..=12);
    let num_clauses = rng.gen_range(num_vars..=4 * num_vars);
    random_cnf(rng, num_vars, num_clauses, &BINARY_DENSE)
}

/// The clauses of `XOR(vars) = parity` (variables 0-based), in order.
pub fn xor_clauses(vars: &[u32], parity: bool) -> Vec<Vec<Lit>> {
    (0u32..1 << vars.len())
        .filter(|bits| (bits.count_ones() % 2 == 1) != parity)
        .map(|bits| {
            (0..vars.len())
                .map(|j| Lit::new(Var::new(vars[j]), bits >> j & 1 == 1))
                .collect()
        })
        .collect()
}
