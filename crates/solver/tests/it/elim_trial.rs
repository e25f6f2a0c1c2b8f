//! The elimination trial (`elim_trial.rs`), on and off: on Dubois-style
//! parity formulas, where elimination removes most variables, the trial
//! keeps its round (with the effort to finish a long ring) and the answers
//! (models checked) stay right; on uniform
//! random 3-SAT, where it removes few, and on formulas with AND gates,
//! which it leaves to congruence closure, the search is the very same
//! either way. Gaussian elimination is off throughout: it would decide
//! the parity formulas before the trial is tried (`tests/gauss.rs`).
//! Proofs through the trial are checked in
//! `crates/guide/tests/it/elim_proofs.rs`.

use satoku_formula::{Cnf, Var};
use satoku_solver::{SolverConfig, Stats};

use crate::support::sweep::ELIM_TRIAL;
use crate::support::{self, solve_on_and_off};

/// The default configuration (the trial on) without Gaussian elimination.
fn no_gauss() -> SolverConfig {
    SolverConfig {
        gauss: false,
        ..SolverConfig::default()
    }
}

/// Asserts that the trial kept its one round and that it removed at
/// least half of the variables of `cnf`.
fn assert_round_kept(cnf: &Cnf, stats: &Stats, what: &str) {
    assert_eq!(stats.elim_rounds, 1, "{what}: one round, kept");
    assert!(
        2 * stats.eliminated_vars as usize >= cnf.num_vars(),
        "{what}: {} of {} eliminated",
        stats.eliminated_vars,
        cnf.num_vars()
    );
}

/// The search's own counts, which any change of the search moves.
fn search(stats: &Stats) -> (u64, u64, u64) {
    (stats.conflicts, stats.decisions, stats.propagations)
}

#[test]
fn parity_formulas_lose_most_variables_to_the_trial() {
    for seed in 0..12 {
        for unsat in [false, true] {
            let cnf = satoku_gen::parity(20 + 5 * seed as usize, unsat, seed);
            let what = format!("seed {seed} unsat {unsat}");
            let (sat, on, off) = solve_on_and_off(&cnf, &no_gauss(), ELIM_TRIAL, &what);
            assert_eq!(sat, !unsat, "{what}");
            assert_round_kept(&cnf, &on, &what);
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
fn a_long_parity_ring_is_eliminated_to_the_end() {
    // 15,000 variables: the first round's effort (2 steps a literal)
    // runs out after about 2,400 of them; the trial's is enough for all.
    for (unsat, seed) in [(true, 7), (false, 8)] {
        let cnf = satoku_gen::parity(5000, unsat, seed);
        let what = format!("seed {seed} unsat {unsat}");
        let (sat, stats) = support::solve_checked(&cnf, no_gauss(), &what);
        assert_eq!(sat, !unsat, "{what}");
        assert_round_kept(&cnf, &stats, &what);
        if unsat {
            // The trial waits for the first conflict; after it the
            // refutation is at hand.
            assert!(
                stats.conflicts <= 2,
                "{what}: {} conflicts",
                stats.conflicts
            );
        }
    }
}

#[test]
fn a_formula_decided_without_a_conflict_never_pays_for_the_trial() {
    // Underconstrained random 3-SAT: the sample says elimination may pay,
    // but the search mostly finds a model before any conflict.
    let mut without_conflict = 0;
    for seed in 0..8 {
        let cnf = satoku_gen::random_ksat(3000, 4200, 3, seed);
        let what = format!("seed {seed}");
        let (sat, on, off) = solve_on_and_off(&cnf, &no_gauss(), ELIM_TRIAL, &what);
        assert!(sat, "{what}");
        if off.conflicts == 0 {
            without_conflict += 1;
            assert_eq!(on.elim_rounds, 0, "{what}: the trial ran");
            assert_eq!(search(&on), search(&off), "{what}");
        }
    }
    assert!(
        without_conflict >= 4,
        "{without_conflict} of 8 without a conflict"
    );
}

#[test]
fn uniform_random_3sat_is_searched_the_same_either_way() {
    for seed in 0..6 {
        let cnf = satoku_gen::random_ksat(150, 640, 3, seed);
        let what = format!("seed {seed}");
        let (_, on, off) = solve_on_and_off(&cnf, &no_gauss(), ELIM_TRIAL, &what);
        assert_eq!(on.elim_rounds, 0, "{what}: the trial dropped its round");
        assert!(off.conflicts > 100, "{what}: too easy to tell");
        assert_eq!(search(&on), search(&off), "{what}");
    }
}

#[test]
fn formulas_with_and_gates_are_left_to_congruence_closure() {
    for seed in 0..6 {
        // A parity ring the trial would dissolve, and beside it a gate
        // o = a AND b over three new variables.
        let mut cnf = satoku_gen::parity(30, true, seed);
        let [o, a, b] = [0, 1, 2].map(|k| Var::new((cnf.num_vars() + k) as u32).positive());
        for clause in [vec![!o, a], vec![!o, b], vec![o, !a, !b]] {
            cnf.add_clause(&clause);
        }
        let what = format!("seed {seed}");
        let (sat, on, off) = solve_on_and_off(&cnf, &no_gauss(), ELIM_TRIAL, &what);
        assert!(!sat, "{what}");
        assert!(on.gates > 0, "{what}: congruence found no gate");
        assert_eq!(on.elim_rounds, 0, "{what}: the trial ran");
        assert_eq!(search(&on), search(&off), "{what}");
        // Without congruence closure there is nothing to leave it to.
        let config = SolverConfig {
            congruence: false,
            gauss: false,
            ..SolverConfig::default()
        };
        let (sat, stats) = support::solve_checked(&cnf, config, &what);
        assert!(!sat && stats.elim_rounds == 1, "{what}: {stats:?}");
    }
}
