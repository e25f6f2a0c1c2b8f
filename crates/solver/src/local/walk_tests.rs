//! Unit tests of the ProbSAT walker (`walk.rs`).

use super::*;
use satoku_formula::Cnf;

fn walker(clauses: &[Vec<Lit>], values: Vec<bool>, seed: u64) -> Walker {
    let mut starts = vec![0];
    for c in clauses {
        starts.push(starts.last().unwrap() + c.len() as u32);
    }
    Walker::new(clauses.concat(), starts, values, seed)
}

/// A budget of `n` flips, whatever they visit.
fn flips(n: u64) -> WalkBudget {
    WalkBudget {
        flips: n,
        ticks: u64::MAX,
    }
}

/// All four binary clauses over variables 1 and 2: unsatisfiable, and any
/// assignment falsifies exactly one of them.
fn every_clause_of_two_variables() -> Vec<Vec<Lit>> {
    [[1, 2], [-1, -2], [1, -2], [-1, 2]]
        .iter()
        .map(|c| Lit::vec_from_dimacs(c))
        .collect()
}

/// A random 3-SAT formula with a planted solution (all true), so it is
/// satisfiable, over `n` variables at clause ratio 4.
fn planted(n: u32, seed: u64) -> Vec<Vec<Lit>> {
    let mut w = walker(&[], Vec::new(), seed);
    let mut clauses = Vec::new();
    while clauses.len() < 4 * n as usize {
        let c: Vec<Lit> = (0..3)
            .map(|_| {
                let v = Var::new(w.random_below(n as usize) as u32);
                v.lit(w.random() & 1 == 0)
            })
            .collect();
        let distinct =
            c[0].var() != c[1].var() && c[0].var() != c[2].var() && c[1].var() != c[2].var();
        if distinct && c.iter().any(|l| l.is_positive()) {
            clauses.push(c);
        }
    }
    clauses
}

#[test]
fn walk_finds_a_model_of_a_satisfiable_random_3_sat_formula() {
    let clauses = planted(100, 7);
    let mut w = walker(&clauses, vec![false; 100], 1);
    assert!(w.best_unsat > 0, "the all-false start falsifies clauses");
    assert!(w.walk(flips(1_000_000), || false));
    let mut cnf = Cnf::new();
    for c in &clauses {
        cnf.add_clause(c);
    }
    let model = satoku_formula::Model::new(w.best().to_vec());
    assert_eq!(model.first_falsified(&cnf), None);
}

#[test]
fn the_best_assignment_is_kept_when_the_flips_run_out() {
    let clauses = every_clause_of_two_variables();
    let mut w = walker(&clauses, vec![false; 2], 3);
    assert!(!w.walk(flips(1000), || false));
    assert_eq!((w.best_unsat, w.flips()), (1, 1000));
    let falsified = clauses
        .iter()
        .filter(|c| {
            c.iter()
                .all(|l| w.best()[l.var().index()] != l.is_positive())
        })
        .count();
    assert_eq!(falsified, 1);
}

#[test]
fn a_stop_request_ends_the_walk() {
    let clauses = planted(50, 2);
    let mut w = walker(&clauses, vec![false; 50], 1);
    assert!(!w.walk(flips(1_000_000), || true));
    assert_eq!(w.flips(), 0);
}

#[test]
fn a_walk_stops_once_its_flips_have_visited_the_occurrences_it_may_visit() {
    // Each flip visits the four occurrences of its variable.
    let clauses = every_clause_of_two_variables();
    let mut w = walker(&clauses, vec![false; 2], 3);
    let budget = WalkBudget {
        flips: 1000,
        ticks: 40,
    };
    assert!(!w.walk(budget, || false));
    assert_eq!((w.flips(), w.ticks), (10, 40));
    // A second walk gets its own budget on top of what the first spent.
    assert!(!w.walk(budget, || false));
    assert_eq!((w.flips(), w.ticks), (20, 80));
}

#[test]
fn a_flip_visits_every_occurrence_of_its_variable() {
    let clauses = planted(50, 4);
    let mut occurrences = [0u64; 50];
    for c in &clauses {
        for l in c {
            occurrences[l.var().index()] += 1;
        }
    }
    let mut w = walker(&clauses, vec![false; 50], 5);
    let v = Var::new(7);
    w.flip(v);
    assert_eq!(w.ticks, occurrences[7]);
}

#[test]
fn scores_fall_with_the_break_count() {
    for average in [3.0, 5.0, 7.0] {
        let t = score_table(average);
        assert_eq!(t[0], 1.0);
        assert!(t.windows(2).all(|w| w[1] < w[0]), "average {average}");
    }
    assert!((score_table(7.0)[1] - 1.0 / 5.4).abs() < 1e-12);
}

/// Clauses that a flip of `v` would falsify, counted from scratch.
fn break_count_from_scratch(w: &Walker, v: Var) -> u32 {
    let true_lit = v.lit(w.values[v.index()]);
    let range = w.occ_start[true_lit.code()] as usize..w.occ_start[true_lit.code() + 1] as usize;
    w.occ[range]
        .iter()
        .filter(|&&c| w.clauses[c as usize].count == 1)
        .count() as u32
}

#[test]
fn cached_break_counts_match_counts_from_scratch_after_every_flip() {
    for (n, k) in [(40u32, 3usize), (20, 5), (12, 7)] {
        let mut w = walker(&[], Vec::new(), 5);
        let clauses: Vec<Vec<Lit>> = (0..6 * n)
            .map(|_| {
                let mut vars: Vec<u32> = Vec::new();
                while vars.len() < k {
                    let v = w.random_below(n as usize) as u32;
                    if !vars.contains(&v) {
                        vars.push(v);
                    }
                }
                vars.iter()
                    .map(|&v| Var::new(v).lit(w.random() & 1 == 0))
                    .collect()
            })
            .collect();
        let mut w = walker(&clauses, vec![true; n as usize], 9);
        for step in 0..2000 {
            for v in 0..n {
                let v = Var::new(v);
                assert_eq!(
                    w.breaks[v.index()],
                    break_count_from_scratch(&w, v),
                    "k = {k}, step {step}, variable {v:?}"
                );
            }
            let falsified = (0..clauses.len())
                .filter(|&c| w.clauses[c].count == 0)
                .count();
            assert_eq!(w.unsat.len(), falsified);
            if w.unsat.len() == 0 {
                break;
            }
            let v = Var::new(w.random_below(n as usize) as u32);
            w.flip(v);
        }
    }
}

#[test]
fn a_formula_is_mostly_long_while_at_most_one_clause_in_a_hundred_is_binary() {
    let long = planted(250, 7);
    assert_eq!(long.len(), 1000);
    let values = vec![false; 250];
    assert!(walker(&long, values.clone(), 1).mostly_long());
    let binary = |i: u32| vec![Var::new(i).positive(), Var::new(i + 1).negative()];
    let per_mille = |n: usize| {
        let mut clauses = long[..1000 - n].to_vec();
        clauses.extend((0..n as u32).map(binary));
        clauses
    };
    assert!(walker(&per_mille(10), values.clone(), 1).mostly_long());
    assert!(!walker(&per_mille(11), values, 1).mostly_long());
}
