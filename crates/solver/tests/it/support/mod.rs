//! Helpers shared by the solver's integration tests: the oracles
//! (`oracle`), random formulas (`random`) and the harness of the "technique
//! on and off" tests (`sweep`). (Tests that also need the DIMACS parser
//! live in `crates/guide/tests/it`, so that this crate's dev-dependencies stay
//! below it in the crate graph; the DRAT checker depends on
//! `satoku-formula` alone, so tests here may check proofs.)

// The three files serve `crates/guide`'s tests too; each binary uses its part.
#[allow(dead_code)]
pub mod oracle;
#[allow(dead_code)]
pub mod random;
#[allow(dead_code)]
pub mod sweep;

pub use oracle::{brute_force_sat, check_against_brute_force, checked_answer};
pub use random::random_lits;
pub use sweep::{on_and_off, Sweep, Switch};

use satoku_formula::Cnf;
use satoku_solver::{Solver, SolverConfig, Stats};

/// Solves `cnf` under `base` with `switch` on, then off: the answer (each
/// checked, and they must agree) and the statistics of each.
pub fn solve_on_and_off(
    cnf: &Cnf,
    base: &SolverConfig,
    switch: Switch,
    what: &str,
) -> (bool, Stats, Stats) {
    let [(sat_on, on), (sat_off, off)] = [true, false].map(|on| {
        let mut config = base.clone();
        switch(&mut config, on);
        solve_checked(cnf, config, what)
    });
    assert_eq!(sat_on, sat_off, "{what}: the answers differ on and off");
    (sat_on, on, off)
}

/// Solves `cnf` under `config`: the answer ([`checked_answer`]) and the
/// statistics.
pub fn solve_checked(cnf: &Cnf, config: SolverConfig, what: &str) -> (bool, Stats) {
    let mut solver = Solver::from_cnf(cnf, config);
    let sat = checked_answer(cnf, &solver.solve(), what);
    (sat, solver.stats().clone())
}
