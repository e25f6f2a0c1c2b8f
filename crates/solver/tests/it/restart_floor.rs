//! The restart floor of `Modes` (`restart.rs`), on and off: the same
//! answers with checked models on formulas long enough for it to fire,
//! more restarts with it on formulas with binary clauses, and the very
//! same search without it on uniform random 3-SAT (its gate).

use satoku_formula::Cnf;
use satoku_solver::SolverConfig;

use crate::support::solve_on_and_off;
use crate::support::sweep::RESTART_FLOOR;

/// Random 3-SAT near the threshold with a few random binary clauses added
/// (2 in 100: past the floor's gate of 1 in 100).
fn mixed_formula(seed: u64) -> Cnf {
    let mut cnf = satoku_gen::random_ksat(150, 630, 3, seed);
    let binary = satoku_gen::random_ksat(150, 13, 2, seed + 1000);
    for clause in binary.clauses() {
        cnf.add_clause(clause);
    }
    cnf
}

#[test]
fn the_floor_gives_the_same_answers_and_restarts_more_on_formulas_with_binary_clauses() {
    let (mut on, mut off, mut answers) = (0, 0, [0; 2]);
    for seed in 0..12 {
        let cnf = mixed_formula(seed);
        let what = format!("seed {seed}");
        let (sat_on, stats_on, stats_off) =
            solve_on_and_off(&cnf, &SolverConfig::default(), RESTART_FLOOR, &what);
        answers[sat_on as usize] += 1;
        on += stats_on.restarts;
        off += stats_off.restarts;
    }
    assert!(answers[0] > 0 && answers[1] > 0, "answers {answers:?}");
    assert!(on > off, "restarts with the floor {on}, without {off}");
}

#[test]
fn uniform_random_3sat_is_searched_the_same_with_and_without_the_floor() {
    for seed in 0..4 {
        let cnf = satoku_gen::random_ksat(150, 640, 3, seed);
        let what = format!("seed {seed}");
        let (_, on, off) = solve_on_and_off(&cnf, &SolverConfig::default(), RESTART_FLOOR, &what);
        assert_eq!(
            (on.conflicts, on.restarts, on.decisions),
            (off.conflicts, off.restarts, off.decisions),
            "{what}"
        );
        assert!(on.conflicts > 100, "{what}: too easy to show anything");
    }
}
