//! The elimination trial (`elim_trial.rs`), on and off: on Dubois-style
//! parity formulas, where elimination removes most variables, the trial
//! keeps its round and the answers (models checked) stay right; on uniform
//! random 3-SAT, where it removes few, the search is the very same either
//! way. Proofs through the trial are checked in
//! `crates/examples/tests/elim_proofs.rs`.

use satoku_formula::Cnf;
use satoku_solver::{SolverConfig, Stats};

#[allow(dead_code)] // Each test crate uses its own part of the helpers.
mod common;

/// Solves `cnf` with the trial on or off; the answer (checked) and the
/// statistics.
fn solve(cnf: &Cnf, elim_trial: bool, what: &str) -> (bool, Stats) {
    let config = SolverConfig {
        elim_trial,
        ..SolverConfig::default()
    };
    common::solve_checked(cnf, config, what)
}

#[test]
fn parity_formulas_lose_most_variables_to_the_trial() {
    for seed in 0..12 {
        for unsat in [false, true] {
            let cnf = satoku_gen::parity(20 + 5 * seed as usize, unsat, seed);
            let what = format!("seed {seed} unsat {unsat}");
            let (sat_on, on) = solve(&cnf, true, &what);
            let (sat_off, off) = solve(&cnf, false, &what);
            assert_eq!((sat_on, sat_off), (!unsat, !unsat), "{what}");
            assert_eq!(on.elim_rounds, 1, "{what}: one round, kept");
            assert!(
                2 * on.eliminated_vars as usize >= cnf.num_vars(),
                "{what}: {} of {} eliminated",
                on.eliminated_vars,
                cnf.num_vars()
            );
            assert_eq!((off.elim_rounds, off.eliminated_vars), (0, 0), "{what}");
            if unsat {
                assert!(
                    on.conflicts < off.conflicts,
                    "{what}: conflicts {} with the trial, {} without",
                    on.conflicts,
                    off.conflicts
                );
            }
        }
    }
}

#[test]
fn uniform_random_3sat_is_searched_the_same_either_way() {
    for seed in 0..6 {
        let cnf = satoku_gen::random_ksat(150, 640, 3, seed);
        let what = format!("seed {seed}");
        let (sat_on, on) = solve(&cnf, true, &what);
        let (sat_off, off) = solve(&cnf, false, &what);
        assert_eq!(sat_on, sat_off, "{what}");
        assert_eq!(on.elim_rounds, 0, "{what}: the trial dropped its round");
        assert!(off.conflicts > 100, "{what}: too easy to tell");
        assert_eq!(
            (on.conflicts, on.decisions, on.propagations),
            (off.conflicts, off.decisions, off.propagations),
            "{what}"
        );
    }
}
