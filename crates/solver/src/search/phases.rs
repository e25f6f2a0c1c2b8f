//! Target and best phases (Biere and Fleury, "Chasing target phases",
//! POS 2020).
//!
//! Besides the saved phase of each variable (its last value, kept by
//! `decide.rs`), the search remembers two assignments:
//!
//! - the **target**: the values of the longest conflict-free trail since
//!   the last rephase. In stable mode (or always, per
//!   [`TargetPhases`]) decisions take the target phase, so the search keeps
//!   steering back towards the largest consistent assignment it has seen;
//! - the **best**: the values of the longest conflict-free trail since the
//!   last "best" rephase, which `rephase.rs` copies into the saved phases.
//!
//! Both are refreshed when the search backtracks (CaDiCaL's
//! `update_target_and_best`): after a conflict, the trail below the
//! conflict's level was consistent; at a restart, the whole propagated
//! trail was. Only a prefix longer than the one recorded is copied, and
//! only the literals above the root (root values never change), so the
//! cost is at most that of the backtrack itself.

use satoku_formula::{Lit, Var};

use crate::api::config::TargetPhases;
use crate::solver::Solver;

/// Target and best phases and the trail lengths they were taken from.
#[derive(Default)]
pub(crate) struct Phases {
    target: Vec<bool>,
    best: Vec<bool>,
    /// Length of the trail the target was taken from (0 after a reset).
    target_assigned: usize,
    /// Length of the trail the best phases were taken from.
    best_assigned: usize,
}

impl Phases {
    /// Makes room for variables `0..n`, new ones with phase `initial_phase`.
    pub fn grow(&mut self, n: usize, initial_phase: bool) {
        self.target.resize(n, initial_phase);
        self.best.resize(n, initial_phase);
    }

    /// The target phase of `v`.
    #[inline]
    pub fn target(&self, v: Var) -> bool {
        self.target[v.index()]
    }

    /// The best phases, one per variable.
    pub fn best(&self) -> &[bool] {
        &self.best
    }

    /// Records the consistent prefix `lits[..consistent]` of the trail
    /// (of which `lits[..root_end]` is the root level) as target and best
    /// phases when it is longer than the one each holds.
    pub fn update(&mut self, lits: &[Lit], root_end: usize, consistent: usize) {
        if consistent > self.target_assigned {
            self.target_assigned = consistent;
            copy_values(
                &mut self.target,
                &lits[root_end.min(consistent)..consistent],
            );
        }
        if consistent > self.best_assigned {
            self.best_assigned = consistent;
            copy_values(&mut self.best, &lits[root_end.min(consistent)..consistent]);
        }
    }

    /// Whether a trail of `len` literals could be longer than the trails
    /// target or best phases were taken from.
    #[inline]
    pub fn could_grow(&self, len: usize) -> bool {
        len > self.target_assigned.min(self.best_assigned)
    }

    /// After a rephase: the target becomes `saved`, and the search starts
    /// chasing longer trails from nothing again; `best_too` forgets the
    /// best trail length as well (after the best phases were used).
    pub fn reset(&mut self, saved: &[bool], best_too: bool) {
        self.target.copy_from_slice(saved);
        self.target_assigned = 0;
        if best_too {
            self.best_assigned = 0;
        }
    }

    /// Sets every phase to `values` (a model found by local search).
    pub fn set_all(&mut self, values: &[bool]) {
        self.target.copy_from_slice(values);
        self.best.copy_from_slice(values);
    }
}

/// Writes the value each literal of `lits` gives its variable into `phases`.
fn copy_values(phases: &mut [bool], lits: &[Lit]) {
    for &lit in lits {
        phases[lit.var().index()] = lit.is_positive();
    }
}

impl TargetPhases {
    /// Whether decisions take (and the search records) target phases in
    /// the current mode.
    #[inline]
    pub(crate) fn active(self, stable: bool) -> bool {
        match self {
            TargetPhases::Off => false,
            TargetPhases::Stable => stable,
            TargetPhases::Always => true,
        }
    }
}

impl Solver {
    /// Whether target and best phases are recorded: with phase saving, when
    /// decisions take target phases in the current mode or rephasing may
    /// use the best ones.
    #[inline]
    fn records_phases(&self) -> bool {
        let config = &self.config;
        config.phase_saving
            && (config.rephase || config.target_phases.active(self.restarts.is_stable()))
    }

    /// The phase a VSIDS decision gives `v`: `initial_phase` without phase
    /// saving, else the target phase when active in the current mode, else
    /// the saved phase.
    #[inline]
    pub(crate) fn decision_phase(&self, v: Var) -> bool {
        if !self.config.phase_saving {
            self.config.initial_phase
        } else if self.config.target_phases.active(self.restarts.is_stable()) {
            self.phases.target(v)
        } else {
            self.branching.phase(v)
        }
    }

    /// Records the first `consistent` trail literals (consistent: no
    /// conflict among them) as target and best phases, if longer.
    pub(crate) fn update_phases(&mut self, consistent: usize) {
        if self.records_phases() {
            let lits = self.trail.lits();
            self.phases.update(lits, self.trail.root_end(), consistent);
        }
    }

    /// Before backjumping from a conflict: the trail below the conflict's
    /// level was consistent.
    pub(crate) fn update_phases_after_conflict(&mut self) {
        if !self.records_phases() || !self.phases.could_grow(self.trail.len()) {
            return;
        }
        let consistent = self.trail.level_start(self.trail.decision_level());
        self.update_phases(consistent);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(dimacs: &[i64]) -> Vec<Lit> {
        dimacs.iter().map(|&l| Lit::from_dimacs(l)).collect()
    }

    #[test]
    fn only_a_longer_consistent_prefix_replaces_the_target() {
        let mut p = Phases::default();
        p.grow(4, false);
        // Root: x1; consistent prefix x1 x2 -x3.
        p.update(&lits(&[1, 2, -3, 4]), 1, 3);
        assert_eq!(p.target, vec![false, true, false, false]);
        // A shorter prefix changes nothing.
        p.update(&lits(&[1, -2, 3]), 1, 2);
        assert!(p.target(Var::new(1)));
        // A longer one replaces both target and best.
        p.update(&lits(&[1, -2, 3, 4]), 1, 4);
        assert_eq!(p.target, vec![false, false, true, true]);
        assert_eq!(p.best(), &[false, false, true, true]);
    }

    #[test]
    fn a_reset_restarts_the_chase_but_keeps_the_best() {
        let mut p = Phases::default();
        p.grow(3, false);
        p.update(&lits(&[1, 2, 3]), 0, 3);
        p.reset(&[false, false, false], false);
        assert_eq!(p.target, vec![false; 3]);
        // The target takes a shorter trail now; the best does not.
        p.update(&lits(&[-1, 2]), 0, 2);
        assert_eq!(p.target, vec![false, true, false]);
        assert_eq!(p.best(), &[true, true, true]);
        p.reset(&[false; 3], true);
        p.update(&lits(&[-1]), 0, 1);
        assert_eq!(p.best(), &[false, true, true]);
    }

    #[test]
    fn target_modes() {
        assert!(!TargetPhases::Off.active(true));
        assert!(TargetPhases::Stable.active(true) && !TargetPhases::Stable.active(false));
        assert!(TargetPhases::Always.active(false));
    }
}
