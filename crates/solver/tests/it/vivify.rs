//! Vivification (`SolverConfig::vivify`) against independent oracles, on
//! random 3-SAT formulas near the threshold, large enough for reductions
//! and the rounds after them: the same answers on and off, every model
//! checked, and every UNSAT proof (vivification on and off) verified by
//! the bundled DRAT checker, strictly (a deletion of a clause the proof
//! never had is an error, so each replaced clause is deleted exactly).
//! Over the whole run, vivification must have shortened clauses.
//!
//! Formulas small enough for brute force never reach a reduction; the unit
//! tests of `vivify.rs` force rounds on them and compare with brute force.

use satoku_drat::CheckOptions;
use satoku_solver::SolverConfig;

use crate::support::sweep::VIVIFY;
use crate::support::{on_and_off, Sweep};

#[test]
fn proofs_with_vivification_check_and_answers_match_without() {
    let strict = CheckOptions {
        strict: true,
        ..CheckOptions::default()
    };
    let (mut vivified, mut removed) = (0, 0);
    let mut seed = 0;
    let formula = |_: &mut _| {
        let num_vars = 160 + 2 * seed as usize;
        seed += 1;
        satoku_gen::random_ksat(num_vars, num_vars * 426 / 100, 3, seed - 1)
    };
    let configs = on_and_off(&SolverConfig::default(), &[VIVIFY]);
    let sweep = Sweep::new(0, 12, configs).with_proofs(strict);
    let [unsat, _] = sweep.run(formula, |run| {
        if run.config == 1 {
            vivified += run.stats.vivified_clauses;
            removed += run.stats.vivify_removed_literals;
        }
    });
    assert!(unsat >= 5, "{unsat} UNSAT answers");
    assert!(
        vivified > 100 && removed > vivified,
        "{vivified} clauses, {removed} literals"
    );
}
