//! The tier-2 gate of reduction (`reduce.rs`), on and off: on uniform
//! random 3-SAT long enough for reductions, the same answers with checked
//! models and more learnt clauses deleted with it; on formulas with binary
//! clauses, the very same search either way.

use satoku_formula::Cnf;
use satoku_solver::{SolveResult, Solver, SolverConfig, Stats};

/// Solves `cnf` with the gate on or off; the answer (checked) and the
/// statistics.
fn solve(cnf: &Cnf, tier2_gate: bool, what: &str) -> (bool, Stats) {
    let config = SolverConfig {
        tier2_gate,
        ..SolverConfig::default()
    };
    let mut solver = Solver::from_cnf(cnf, config);
    let sat = match solver.solve() {
        SolveResult::Sat(model) => {
            assert_eq!(model.first_falsified(cnf), None, "{what}: bad model");
            true
        }
        SolveResult::Unsat => false,
        SolveResult::Unknown => panic!("{what}: unknown without limits"),
    };
    (sat, solver.stats().clone())
}

#[test]
fn uniform_random_3sat_keeps_no_tier2_and_gives_the_same_answers() {
    let (mut deleted_on, mut deleted_off, mut reductions) = (0, 0, 0);
    for seed in 0..4 {
        let cnf = satoku_gen::random_ksat(200, 860, 3, seed);
        let what = format!("seed {seed}");
        let (sat_on, on) = solve(&cnf, true, &what);
        let (sat_off, off) = solve(&cnf, false, &what);
        assert_eq!(sat_on, sat_off, "{what}: answers differ");
        deleted_on += on.deleted_clauses;
        deleted_off += off.deleted_clauses;
        reductions += on.reductions.min(off.reductions);
    }
    assert!(reductions > 0, "no reduction: the formulas are too easy");
    assert!(
        deleted_on > deleted_off,
        "deleted with the gate {deleted_on}, without {deleted_off}"
    );
}

#[test]
fn formulas_with_binary_clauses_are_searched_the_same_with_and_without_the_gate() {
    let mut reductions = 0;
    for seed in 0..4 {
        let mut cnf = satoku_gen::random_ksat(200, 840, 3, seed);
        // 2 in 100 clauses binary: past the gate's 1 in 100.
        for clause in satoku_gen::random_ksat(200, 18, 2, seed + 1000).clauses() {
            cnf.add_clause(clause);
        }
        let what = format!("seed {seed}");
        let (sat_on, on) = solve(&cnf, true, &what);
        let (sat_off, off) = solve(&cnf, false, &what);
        assert_eq!(sat_on, sat_off, "{what}");
        assert_eq!(
            (on.conflicts, on.deleted_clauses, on.decisions),
            (off.conflicts, off.deleted_clauses, off.decisions),
            "{what}"
        );
        reductions += on.reductions;
    }
    assert!(reductions > 0, "no reduction: the formulas are too easy");
}
