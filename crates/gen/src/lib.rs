//! Seeded generators of CNF formulas, for tests, fuzzing and benchmarks.
//!
//! Every generator is a pure function of its arguments: the same call gives
//! the same [`Cnf`] on every machine (randomness comes from ChaCha8 seeded
//! with the `seed` argument), so a generated file can always be regenerated
//! from the command that made it.
//!
//! | function | formula | answer |
//! |---|---|---|
//! | [`random_ksat`] | uniform random k-SAT | SAT below the threshold ratio (≈4.26 for k = 3), UNSAT above |
//! | [`pigeonhole`] | PHP(n+1, n): n+1 pigeons in n holes | always UNSAT, exponentially hard for resolution |
//! | [`queens`] | n non-attacking queens on an n×n board | SAT for n = 1 and n ≥ 4, UNSAT for n = 2, 3 |
//! | [`coloring`] | proper colouring of a seeded random graph | depends on the graph |
//! | [`parity`] | Dubois-style XOR constraints, each variable in two | SAT or UNSAT as asked |
//! | [`tseitin`] | Tseitin parity constraints on a random cubic graph (Urquhart's formulas) | SAT or UNSAT as asked |
//! | [`shuffle`] | a given formula with its variables renamed and its clauses and literals reordered | the given formula's |
//!
//! Each runs in time linear in the formula it makes. [`ksat_size`],
//! [`pigeonhole_size`], [`queens_size`], [`coloring_size`] and
//! [`tseitin_size`] give a
//! formula's [`Size`] (and a bound on its DIMACS text) without making it,
//! so a caller can refuse absurd sizes up front.
//!
//! ```
//! let cnf = satoku_gen::random_ksat(20, 91, 3, 7);
//! assert_eq!(cnf.num_clauses(), 91);
//! assert_eq!(cnf, satoku_gen::random_ksat(20, 91, 3, 7)); // same seed, same formula
//!
//! let php = satoku_gen::pigeonhole(3); // 4 pigeons, 3 holes
//! assert_eq!(php.num_vars(), 12);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod parity;
mod sample;
mod shuffle;
mod size;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Var};

pub use parity::{parity, tseitin};
use sample::Sampler;
pub use shuffle::shuffle;
pub use size::{coloring_size, ksat_size, pigeonhole_size, queens_size, tseitin_size, Size};

/// Uniform random k-SAT: `num_clauses` clauses, each over `k` distinct
/// variables drawn uniformly from `num_vars`, each literal negated with
/// probability 1/2.
///
/// A clause's variables are drawn in expected O(k) time (`sample.rs`); for
/// `k <= num_vars / 2` the random stream, and so the formula, is the one
/// this function has always made for the seed.
///
/// The formula declares all `num_vars` variables even if some go unused.
///
/// # Panics
/// If `k` is 0 or greater than `num_vars`.
pub fn random_ksat(num_vars: usize, num_clauses: usize, k: usize, seed: u64) -> Cnf {
    assert!(
        k >= 1 && k <= num_vars,
        "k = {k} must be between 1 and num_vars = {num_vars}"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cnf = Cnf::with_capacity(num_clauses, num_clauses * k);
    cnf.ensure_vars(num_vars);
    let mut vars: Vec<u32> = Vec::with_capacity(k);
    let mut sampler = Sampler::default();
    for _ in 0..num_clauses {
        sampler.distinct(&mut rng, num_vars as u32, k, &mut vars);
        for &v in &vars {
            cnf.push_lit(Lit::new(Var::new(v), rng.gen()));
        }
        cnf.close_clause();
    }
    cnf
}

/// The pigeonhole formula PHP(`holes` + 1, `holes`): every pigeon sits in a
/// hole and no hole holds two pigeons. Unsatisfiable for every `holes`.
///
/// Variable `pigeon * holes + hole` says "pigeon sits in hole".
pub fn pigeonhole(holes: usize) -> Cnf {
    let pigeons = holes + 1;
    let var = |pigeon: usize, hole: usize| Var::new((pigeon * holes + hole) as u32);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(pigeons * holes);
    for pigeon in 0..pigeons {
        for hole in 0..holes {
            cnf.push_lit(var(pigeon, hole).positive());
        }
        cnf.close_clause();
    }
    for hole in 0..holes {
        for p1 in 0..pigeons {
            for p2 in p1 + 1..pigeons {
                cnf.add_clause(&[var(p1, hole).negative(), var(p2, hole).negative()]);
            }
        }
    }
    cnf
}

/// The n-queens problem: one queen per row, at most one per column and per
/// diagonal. Variable `row * n + col` says "a queen stands on (row, col)".
///
/// The at-most-one clauses come square by square in row-major order, each
/// with the squares after it that it attacks, in row-major order too.
pub fn queens(n: usize) -> Cnf {
    let var = |row: usize, col: usize| Var::new((row * n + col) as u32);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(n * n);
    for row in 0..n {
        for col in 0..n {
            cnf.push_lit(var(row, col).positive());
        }
        cnf.close_clause();
    }
    for (r1, c1) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
        let here = var(r1, c1).negative();
        let rest_of_row = (c1 + 1..n).map(|c2| (r1, c2));
        let rows_below = (r1 + 1..n).flat_map(|r2| {
            let d = r2 - r1;
            let cols = [c1.checked_sub(d), Some(c1), Some(c1 + d).filter(|&c| c < n)];
            cols.into_iter().flatten().map(move |c2| (r2, c2))
        });
        for (r2, c2) in rest_of_row.chain(rows_below) {
            cnf.add_clause(&[here, var(r2, c2).negative()]);
        }
    }
    cnf
}

/// A random simple graph on `vertices` vertices with `edges` distinct edges
/// (capped at the number of possible edges), chosen uniformly with `seed`,
/// as a sorted list of `(u, v)` pairs with `u < v`.
pub fn random_graph(vertices: usize, edges: usize, seed: u64) -> Vec<(usize, usize)> {
    let possible = vertices * vertices.saturating_sub(1) / 2;
    let wanted = graph_edges(vertices, edges);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut chosen = if wanted * 2 >= possible {
        // Dense: shuffle the list of all pairs (at most 2 * edges long).
        let mut all: Vec<(usize, usize)> = (0..vertices)
            .flat_map(|u| (u + 1..vertices).map(move |v| (u, v)))
            .collect();
        all.partial_shuffle(&mut rng, wanted).0.to_vec()
    } else {
        // Sparse: draw pairs, rejecting loops and repeats.
        let mut seen = std::collections::HashSet::with_capacity(wanted);
        let mut chosen = Vec::with_capacity(wanted);
        while chosen.len() < wanted {
            let a = rng.gen_range(0..vertices as u64) as usize;
            let b = rng.gen_range(0..vertices as u64) as usize;
            let edge = (a.min(b), a.max(b));
            if a != b && seen.insert(edge) {
                chosen.push(edge);
            }
        }
        chosen
    };
    chosen.sort_unstable();
    chosen
}

/// The number of edges [`random_graph`]`(vertices, edges, _)` has, and so
/// [`coloring`]'s graph: `edges`, capped at the `vertices * (vertices - 1) / 2`
/// possible ones.
///
/// ```
/// assert_eq!(satoku_gen::graph_edges(5, 100), 10);
/// assert_eq!(satoku_gen::graph_edges(5, 7), 7);
/// ```
pub fn graph_edges(vertices: usize, edges: usize) -> usize {
    let v = vertices as u128;
    let possible = v.saturating_mul(v.saturating_sub(1)) / 2;
    edges.min(usize::try_from(possible).unwrap_or(usize::MAX))
}

/// Graph colouring of [`random_graph`]`(vertices, edges, seed)` with `colors`
/// colours: every vertex gets exactly one colour and the two ends of an edge
/// differ. Variable `vertex * colors + color` says "vertex has color".
pub fn coloring(vertices: usize, edges: usize, colors: usize, seed: u64) -> Cnf {
    let var = |vertex: usize, color: usize| Var::new((vertex * colors + color) as u32);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(vertices * colors);
    for vertex in 0..vertices {
        for color in 0..colors {
            cnf.push_lit(var(vertex, color).positive());
        }
        cnf.close_clause();
        for c1 in 0..colors {
            for c2 in c1 + 1..colors {
                cnf.add_clause(&[var(vertex, c1).negative(), var(vertex, c2).negative()]);
            }
        }
    }
    // With no colour the edges add no clause: drawing them would be work
    // out of proportion to the formula.
    let edges = if colors == 0 { 0 } else { edges };
    for (u, v) in random_graph(vertices, edges, seed) {
        for color in 0..colors {
            cnf.add_clause(&[var(u, color).negative(), var(v, color).negative()]);
        }
    }
    cnf
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: whether some assignment satisfies `cnf` (tiny formulas only).
    pub(crate) fn brute_force_sat(cnf: &Cnf) -> bool {
        let n = cnf.num_vars();
        assert!(n <= 20);
        (0u32..1 << n).any(|bits| {
            cnf.clauses().all(|clause| {
                clause
                    .iter()
                    .any(|lit| ((bits >> lit.var().index()) & 1 == 1) != lit.is_negated())
            })
        })
    }

    #[test]
    fn ksat_is_seed_reproducible_and_well_formed() {
        let a = random_ksat(50, 200, 3, 42);
        assert_eq!(a, random_ksat(50, 200, 3, 42));
        assert_ne!(a, random_ksat(50, 200, 3, 43));
        assert_eq!(a.num_vars(), 50);
        assert_eq!(a.num_clauses(), 200);
        for clause in &a {
            assert_eq!(clause.len(), 3);
            let mut vars: Vec<_> = clause.iter().map(|l| l.var()).collect();
            vars.sort();
            vars.dedup();
            assert_eq!(vars.len(), 3, "variables in a clause are distinct");
        }
    }

    #[test]
    fn ksat_output_is_stable_across_versions() {
        // Pins the generator: files in cnf/ say how to regenerate them.
        let cnf = random_ksat(5, 2, 3, 1);
        let dimacs: Vec<Vec<i64>> = cnf
            .clauses()
            .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
            .collect();
        assert_eq!(dimacs, vec![vec![-3, 1, 2], vec![5, 2, -4]]);
    }

    #[test]
    fn pigeonhole_is_unsat_and_sized() {
        for holes in 1..=3 {
            let cnf = pigeonhole(holes);
            assert_eq!(cnf.num_vars(), (holes + 1) * holes);
            assert_eq!(
                cnf.num_clauses(),
                holes + 1 + holes * (holes + 1) * holes / 2
            );
            assert!(!brute_force_sat(&cnf));
        }
    }

    /// The attacking pairs by testing every pair of squares.
    fn queens_by_all_pairs(n: usize) -> Vec<Vec<i64>> {
        let squares: Vec<(usize, usize)> =
            (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        let mut clauses = Vec::new();
        for (i, &(r1, c1)) in squares.iter().enumerate() {
            for &(r2, c2) in &squares[i + 1..] {
                if r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) {
                    clauses.push(vec![
                        -((r1 * n + c1) as i64 + 1),
                        -((r2 * n + c2) as i64 + 1),
                    ]);
                }
            }
        }
        clauses
    }

    #[test]
    fn queens_clauses_are_every_attacking_pair_in_order() {
        for n in 0..10 {
            let dimacs: Vec<Vec<i64>> = queens(n)
                .clauses()
                .skip(n)
                .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
                .collect();
            assert_eq!(dimacs, queens_by_all_pairs(n), "n = {n}");
        }
    }

    #[test]
    fn ksat_with_k_near_the_variable_count_is_fast_and_distinct() {
        let cnf = random_ksat(20_000, 3, 19_999, 1);
        for clause in &cnf {
            let mut vars: Vec<_> = clause.iter().map(|l| l.var()).collect();
            vars.sort();
            vars.dedup();
            assert_eq!(vars.len(), 19_999);
        }
    }

    #[test]
    fn queens_answers_match_known_results() {
        assert!(brute_force_sat(&queens(1)));
        assert!(!brute_force_sat(&queens(2)));
        assert!(!brute_force_sat(&queens(3)));
        assert!(brute_force_sat(&queens(4)));
    }

    #[test]
    fn coloring_of_triangle_needs_three_colours() {
        // 3 vertices, 3 edges: the triangle, whatever the seed.
        assert!(!brute_force_sat(&coloring(3, 3, 2, 9)));
        assert!(brute_force_sat(&coloring(3, 3, 3, 9)));
    }

    #[test]
    fn random_graph_has_distinct_edges_and_caps_count() {
        let g = random_graph(6, 100, 5);
        assert_eq!(g.len(), 15);
        assert_eq!(graph_edges(6, 100), 15);
        let g = random_graph(30, 40, 5);
        assert_eq!(g.len(), 40);
        assert_eq!(graph_edges(30, 40), 40);
        assert_eq!(graph_edges(usize::MAX, 7), 7);
        assert_eq!((graph_edges(0, 3), graph_edges(1, 3)), (0, 0));
        let mut dedup = g.clone();
        dedup.dedup();
        assert_eq!(dedup, g);
        assert!(g.windows(2).all(|w| w[0] < w[1]));
        assert!(g.iter().all(|&(u, v)| u < v && v < 30));
        assert_eq!(g, random_graph(30, 40, 5));
    }
}
