//! Structured random formulas: what the solver is fuzzed with.
//!
//! | family | what | answer known from |
//! |---|---|---|
//! | `ksat` | uniform random 2-, 3- or 4-SAT near its threshold, 4..40 variables (4-SAT: 20; a few 3-SAT up to 70) | the reference solver |
//! | `layered` | layers of gates (equivalence, AND, OR, XOR) over the layer below, outputs constrained | the reference solver |
//! | `xor` | two XOR chains (Tseitin) over the same variables, parities equal or not | parity: UNSAT when they differ |
//! | `php` | PHP(n+1, n) for n = 1..5, or n pigeons in n holes | UNSAT, or SAT |
//! | `sudoku` | 4x4 sudokus with random givens; 9x9 with givens from a solution, maybe one changed | the direct sudoku solver |
//! | `quirks` | tiny formulas with empty clauses, units, duplicates, tautologies | the reference solver |
//!
//! Each family may also come out with its clauses shuffled and variables renamed.

use rand::seq::SliceRandom;
use rand::Rng;
use satoku_formula::{Cnf, Lit, Var};
use satoku_sudoku::{encode, Answer, Encoding, Grid};

/// A generated formula, with what is known of its answer.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The formula.
    pub cnf: Cnf,
    /// The family's name (`ksat`, `layered`, ...).
    pub family: &'static str,
    /// The answer, when the generator knows it without a solver.
    pub expected: Option<bool>,
}

/// Every family's name, in the order [`generate`] draws from.
pub const FAMILIES: [&str; 6] = ["ksat", "layered", "xor", "php", "sudoku", "quirks"];

/// Draws one formula.
pub fn generate(rng: &mut impl Rng) -> Generated {
    let roll = rng.gen_range(0..100);
    let (cnf, family, expected) = match roll {
        0..=39 => (ksat(rng), "ksat", None),
        40..=59 => (layered(rng), "layered", None),
        60..=71 => {
            let (cnf, sat) = xor_chains(rng);
            (cnf, "xor", Some(sat))
        }
        72..=79 => {
            let (cnf, sat) = php(rng);
            (cnf, "php", Some(sat))
        }
        80..=89 => {
            let (cnf, sat) = sudoku(rng);
            (cnf, "sudoku", sat)
        }
        _ => (quirks(rng), "quirks", None),
    };
    let cnf = if rng.gen_bool(0.3) {
        scramble(&cnf, rng)
    } else {
        cnf
    };
    Generated {
        cnf,
        family,
        expected,
    }
}

fn lit(v: usize, negated: bool) -> Lit {
    Lit::new(Var::new(v as u32), negated)
}

/// Uniform k-SAT near the threshold ratio of k.
fn ksat(rng: &mut impl Rng) -> Cnf {
    let (k, ratio, max_vars): (usize, f64, usize) = match rng.gen_range(0..10) {
        0 => (2, 1.0, 40),
        1 => (4, 9.9, 20),
        _ => (3, 4.26, 40),
    };
    let vars = if k == 3 && rng.gen_bool(0.03) {
        rng.gen_range(40..=70)
    } else {
        rng.gen_range(k.max(4)..=max_vars)
    };
    let clauses = (vars as f64 * ratio * rng.gen_range(0.8..1.2)).round() as usize;
    satoku_gen::random_ksat(vars, clauses.max(1), k, rng.gen())
}

/// Adds the clauses of `out <-> f(a, b)` for a random gate f.
fn gate(cnf: &mut Cnf, out: Lit, a: Lit, b: Lit, kind: u32) {
    match kind {
        // out <-> a
        0 => {
            cnf.add_clause(&[!out, a]);
            cnf.add_clause(&[out, !a]);
        }
        // out <-> a & b
        1 => {
            cnf.add_clause(&[!out, a]);
            cnf.add_clause(&[!out, b]);
            cnf.add_clause(&[out, !a, !b]);
        }
        // out <-> a | b
        2 => {
            cnf.add_clause(&[out, !a]);
            cnf.add_clause(&[out, !b]);
            cnf.add_clause(&[!out, a, b]);
        }
        // out <-> a ^ b
        _ => xor3(cnf, out, a, b),
    }
}

/// `out <-> a ^ b` as four clauses.
fn xor3(cnf: &mut Cnf, out: Lit, a: Lit, b: Lit) {
    cnf.add_clause(&[!out, a, b]);
    cnf.add_clause(&[!out, !a, !b]);
    cnf.add_clause(&[out, !a, b]);
    cnf.add_clause(&[out, a, !b]);
}

/// Layers of gates over the layer below; the last layer's outputs get random
/// units and a few long random clauses tie the layers together.
fn layered(rng: &mut impl Rng) -> Cnf {
    let mut cnf = Cnf::new();
    let width = rng.gen_range(2..=6);
    let depth = rng.gen_range(2..=6);
    let mut below: Vec<usize> = (0..width).collect();
    let mut next = width;
    for _ in 1..depth {
        let mut layer = Vec::with_capacity(width);
        for _ in 0..width {
            let out = next;
            next += 1;
            let a = below[rng.gen_range(0..below.len())];
            let b = below[rng.gen_range(0..below.len())];
            let kind = rng.gen_range(0..4);
            gate(
                &mut cnf,
                lit(out, false),
                lit(a, rng.gen()),
                lit(b, rng.gen()),
                kind,
            );
            layer.push(out);
        }
        below = layer;
    }
    for &v in &below {
        if rng.gen_bool(0.5) {
            cnf.add_clause(&[lit(v, rng.gen())]);
        }
    }
    for _ in 0..rng.gen_range(0..=next / 2) {
        let len = rng.gen_range(2..=6);
        let clause: Vec<Lit> = (0..len)
            .map(|_| lit(rng.gen_range(0..next), rng.gen()))
            .collect();
        cnf.add_clause(&clause);
    }
    cnf.ensure_vars(next);
    cnf
}

/// Two XOR chains over the same `n` variables in different orders; SAT iff
/// the parities they demand agree.
fn xor_chains(rng: &mut impl Rng) -> (Cnf, bool) {
    let n = rng.gen_range(2..=12);
    let mut cnf = Cnf::new();
    let mut next = n;
    let parity1: bool = rng.gen();
    let parity2 = if rng.gen_bool(0.5) { parity1 } else { !parity1 };
    let mut order: Vec<usize> = (0..n).collect();
    for parity in [parity1, parity2] {
        order.shuffle(rng);
        let mut acc = lit(order[0], false);
        for &v in &order[1..] {
            let t = lit(next, false);
            next += 1;
            xor3(&mut cnf, t, acc, lit(v, false));
            acc = t;
        }
        cnf.add_clause(&[if parity { acc } else { !acc }]);
    }
    (cnf, parity1 == parity2)
}

/// PHP(n+1, n), UNSAT; or n pigeons in n holes, SAT.
fn php(rng: &mut impl Rng) -> (Cnf, bool) {
    let holes = rng.gen_range(1..=5);
    let full = satoku_gen::pigeonhole(holes);
    if rng.gen_bool(0.6) {
        return (full, false);
    }
    // Drop the last pigeon: its "sits somewhere" clause and its pairs.
    let mut cnf = Cnf::new();
    cnf.ensure_vars(full.num_vars());
    let last_pigeon = |l: &Lit| l.var().index() / holes == holes;
    for clause in full.clauses() {
        if !clause.iter().any(last_pigeon) {
            cnf.add_clause(clause);
        }
    }
    (cnf, true)
}

/// A sudoku: 4x4 with random givens (legal or not), or 9x9 with givens
/// from a relabelled solution, one of them sometimes changed. The answer
/// comes from the direct solver; `None` only if a grid cannot be built.
fn sudoku(rng: &mut impl Rng) -> (Cnf, Option<bool>) {
    let grid = if rng.gen_bool(0.1) {
        sudoku9(rng)
    } else {
        sudoku4(rng)
    };
    let Some(grid) = grid else {
        return (Cnf::new(), None);
    };
    let encoding = if rng.gen() {
        Encoding::Extended
    } else {
        Encoding::Minimal
    };
    let sat = match satoku_sudoku::solve_direct(&grid, 1) {
        Answer::Solved { .. } => Some(true),
        Answer::Illegal(_) | Answer::NoSolution => Some(false),
    };
    (encode(&grid, encoding), sat)
}

fn sudoku4(rng: &mut impl Rng) -> Option<Grid> {
    let mut grid = Grid::empty(2).ok()?;
    for _ in 0..rng.gen_range(0..=6) {
        let (row, col) = (rng.gen_range(0..4), rng.gen_range(0..4));
        grid.set(row, col, rng.gen_range(1..=4));
    }
    Some(grid)
}

fn sudoku9(rng: &mut impl Rng) -> Option<Grid> {
    let empty = Grid::empty(3).ok()?;
    let solution = satoku_sudoku::solve_direct(&empty, 1).solution()?.clone();
    let mut relabel: Vec<u8> = (1..=9).collect();
    relabel.shuffle(rng);
    let mut grid = empty;
    for _ in 0..rng.gen_range(25..=45) {
        let (row, col) = (rng.gen_range(0..9), rng.gen_range(0..9));
        grid.set(row, col, relabel[usize::from(solution.get(row, col)) - 1]);
    }
    if rng.gen_bool(0.3) {
        grid.set(
            rng.gen_range(0..9),
            rng.gen_range(0..9),
            rng.gen_range(1..=9),
        );
    }
    Some(grid)
}

/// Tiny formulas full of the input quirks the solver must handle.
fn quirks(rng: &mut impl Rng) -> Cnf {
    let vars = rng.gen_range(1..=8);
    let mut cnf = Cnf::new();
    for _ in 0..rng.gen_range(0..=12) {
        let len = match rng.gen_range(0..10) {
            0 => 0,
            1..=3 => 1,
            _ => rng.gen_range(2..=5),
        };
        let clause: Vec<Lit> = (0..len)
            .map(|_| lit(rng.gen_range(0..vars), rng.gen()))
            .collect();
        if len == 0 && !rng.gen_bool(0.2) {
            continue;
        }
        cnf.add_clause(&clause);
    }
    cnf.ensure_vars(vars);
    cnf
}

/// Shuffles the clauses, the literals within them, and renames the
/// variables (with random polarity flips): same answer, different search.
pub fn scramble(cnf: &Cnf, rng: &mut impl Rng) -> Cnf {
    let n = cnf.num_vars();
    let mut perm: Vec<usize> = (0..n).collect();
    perm.shuffle(rng);
    let flips: Vec<bool> = (0..n).map(|_| rng.gen()).collect();
    let mut clauses: Vec<Vec<Lit>> = cnf
        .clauses()
        .map(|c| {
            let mut c: Vec<Lit> = c
                .iter()
                .map(|l| {
                    let v = l.var().index();
                    lit(perm[v], l.is_negated() ^ flips[v])
                })
                .collect();
            c.shuffle(rng);
            c
        })
        .collect();
    clauses.shuffle(rng);
    let mut out = Cnf::new();
    out.ensure_vars(n);
    for c in &clauses {
        out.add_clause(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn known_answers_match_the_reference() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..400 {
            let g = generate(&mut rng);
            seen.insert(g.family);
            if let (Some(expected), true) = (g.expected, g.cnf.num_vars() <= 100) {
                assert_eq!(
                    reference::solve(&g.cnf, &[]),
                    Some(expected),
                    "{}",
                    g.family
                );
            }
        }
        assert_eq!(seen.len(), FAMILIES.len());
    }

    #[test]
    fn same_seed_same_formula() {
        let a = generate(&mut ChaCha8Rng::seed_from_u64(9)).cnf;
        let b = generate(&mut ChaCha8Rng::seed_from_u64(9)).cnf;
        assert_eq!(a, b);
    }
}
