//! Lean reduction (`reduce.rs`), on and off: on uniform random 3-SAT long
//! enough for reductions, the same answers with checked models, and more
//! reductions and more learnt clauses deleted with it; on formulas with
//! binary clauses, the very same search either way.

use satoku_solver::SolverConfig;

use crate::support::solve_on_and_off;
use crate::support::sweep::LEAN_REDUCE;

#[test]
fn uniform_random_3sat_is_reduced_more_often_and_gets_the_same_answers() {
    let (mut deleted_on, mut deleted_off, mut reductions) = (0, 0, [0, 0]);
    for seed in 0..4 {
        let cnf = satoku_gen::random_ksat(200, 860, 3, seed);
        let what = format!("seed {seed}");
        let (_, on, off) = solve_on_and_off(&cnf, &SolverConfig::default(), LEAN_REDUCE, &what);
        deleted_on += on.deleted_clauses;
        deleted_off += off.deleted_clauses;
        reductions[0] += on.reductions;
        reductions[1] += off.reductions;
    }
    assert!(reductions[1] > 0, "no reduction: the formulas are too easy");
    assert!(
        reductions[0] > reductions[1],
        "reductions on, off: {reductions:?}"
    );
    assert!(
        deleted_on > deleted_off,
        "deleted when lean {deleted_on}, otherwise {deleted_off}"
    );
}

#[test]
fn formulas_with_binary_clauses_are_searched_the_same_either_way() {
    let mut reductions = 0;
    for seed in 0..4 {
        let mut cnf = satoku_gen::random_ksat(200, 840, 3, seed);
        // 2 in 100 clauses binary: past lean reduction's 1 in 100.
        for clause in satoku_gen::random_ksat(200, 18, 2, seed + 1000).clauses() {
            cnf.add_clause(clause);
        }
        let what = format!("seed {seed}");
        let (_, on, off) = solve_on_and_off(&cnf, &SolverConfig::default(), LEAN_REDUCE, &what);
        assert_eq!(
            (on.conflicts, on.deleted_clauses, on.decisions),
            (off.conflicts, off.deleted_clauses, off.decisions),
            "{what}"
        );
        reductions += on.reductions;
    }
    assert!(reductions > 0, "no reduction: the formulas are too easy");
}
