//! Parity formulas: XOR constraints written as clauses, on a ring
//! ([`parity`]) and on a random cubic graph ([`tseitin`]).

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Var};

use crate::size::tseitin_vertices;

/// Dubois-style parity constraints: `2 * n` XORs of three variables over
/// `3 * n` variables, each written as its four clauses of three literals.
/// The constraints form a ring, as in SATLIB's `dubois` family: constraint
/// `j` shares a "link" variable with each of its two neighbours and a
/// "rung" variable with its partner (`j ^ 1`), so each variable is in
/// exactly two constraints. The variables are named by a seeded
/// permutation, and the right-hand sides are those of a seeded hidden
/// assignment, so the formula is satisfiable. With `unsat`, one right-hand
/// side is flipped: the sum of all the constraints cancels every variable
/// and leaves 0 = 1, so the formula is unsatisfiable (many conflicts for
/// search alone; variable elimination along the ring decides it).
///
/// # Panics
/// If `n` is 0.
pub fn parity(n: usize, unsat: bool, seed: u64) -> Cnf {
    assert!(n >= 1, "parity needs n >= 1");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut name: Vec<u32> = (0..3 * n as u32).collect();
    name.shuffle(&mut rng);
    let hidden: Vec<bool> = (0..3 * n).map(|_| rng.gen()).collect();
    let mut cnf = Cnf::with_capacity(8 * n, 24 * n);
    cnf.ensure_vars(3 * n);
    let links = 2 * n;
    for j in 0..links {
        // Links 0..2n around the ring, then rungs 2n..3n.
        let vars = [(j + links - 1) % links, j, links + j / 2].map(|k| name[k]);
        let rhs = vars.iter().fold(false, |r, &v| r ^ hidden[v as usize]);
        push_xor(&mut cnf, &vars, rhs ^ (unsat && j == 0));
    }
    cnf
}

/// Adds the clauses of `XOR(vars) = rhs`: one per assignment of the wrong
/// parity, false under it.
fn push_xor(cnf: &mut Cnf, vars: &[u32], rhs: bool) {
    for bits in 0u32..1 << vars.len() {
        if (bits.count_ones() % 2 == 1) == rhs {
            continue;
        }
        for (j, &v) in vars.iter().enumerate() {
            // Variable `v` is true in this assignment iff bit `j` is set:
            // the literal false under it.
            cnf.push_lit(Lit::new(Var::new(v), bits >> j & 1 == 1));
        }
        cnf.close_clause();
    }
}

/// Tseitin's parity constraints on a random cubic graph, as in Urquhart's
/// formulas (SAT 2009's `urquhart*`, `x1_*`): one variable per edge, and
/// per vertex the XOR of its three edges equals the vertex's charge, four
/// clauses of three literals. The graph is a random Hamiltonian cycle on
/// the `vertices` (rounded up to an even number, at least 4) plus a random
/// perfect matching, so every vertex has degree 3 (a matching edge may
/// double a cycle edge: two variables between the same two vertices).
/// Summing all the constraints counts each edge twice, so the formula is
/// unsatisfiable exactly when the charges sum to 1: with `unsat` they do;
/// otherwise they are those of a seeded hidden assignment. On such graphs
/// (expanders with high probability) resolution needs proofs exponential
/// in `vertices` (Urquhart 1987); Gaussian elimination decides them at once.
pub fn tseitin(vertices: usize, unsat: bool, seed: u64) -> Cnf {
    let n = tseitin_vertices(vertices);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(&mut rng);
    let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (order[i], order[(i + 1) % n])).collect();
    order.shuffle(&mut rng);
    edges.extend(order.chunks(2).map(|pair| (pair[0], pair[1])));
    let hidden: Vec<bool> = (0..edges.len()).map(|_| rng.gen()).collect();
    let mut incident: Vec<Vec<u32>> = vec![Vec::with_capacity(3); n];
    for (e, &(a, b)) in edges.iter().enumerate() {
        incident[a].push(e as u32);
        incident[b].push(e as u32);
    }
    let mut cnf = Cnf::with_capacity(4 * n, 12 * n);
    cnf.ensure_vars(edges.len());
    for (vertex, vars) in incident.iter().enumerate() {
        let charge = vars.iter().fold(false, |c, &e| c ^ hidden[e as usize]);
        push_xor(&mut cnf, vars, charge ^ (unsat && vertex == 0));
    }
    cnf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::brute_force_sat;

    #[test]
    fn tseitin_formulas_have_the_answer_asked_for() {
        for seed in 0..20 {
            for unsat in [false, true] {
                // 6 vertices: 9 edge variables, 24 clauses of 3 literals.
                let cnf = tseitin(6, unsat, seed);
                assert_eq!((cnf.num_vars(), cnf.num_clauses()), (9, 24));
                assert!(cnf.clauses().all(|c| c.len() == 3));
                assert_eq!(brute_force_sat(&cnf), !unsat, "seed {seed}");
            }
        }
        assert_eq!(
            tseitin(7, true, 1).num_vars(),
            12,
            "rounded up to 8 vertices"
        );
        assert_eq!(tseitin(50, true, 3), tseitin(50, true, 3));
    }

    #[test]
    fn parity_is_sat_or_unsat_as_asked_with_each_variable_in_two_xors() {
        for seed in 0..20 {
            for n in 1..=6 {
                let sat = parity(n, false, seed);
                assert_eq!((sat.num_vars(), sat.num_clauses()), (3 * n, 8 * n));
                let mut occurrences = vec![0; 3 * n];
                for clause in &sat {
                    assert_eq!(clause.len(), 3);
                    for l in clause {
                        occurrences[l.var().index()] += 1;
                    }
                }
                // Two XORs of four clauses each.
                assert!(occurrences.iter().all(|&k| k == 8), "{occurrences:?}");
                assert!(brute_force_sat(&sat), "n {n} seed {seed}");
                assert!(
                    !brute_force_sat(&parity(n, true, seed)),
                    "n {n} seed {seed}"
                );
            }
        }
    }
}
