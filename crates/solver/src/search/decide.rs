//! Choosing the next decision.
//!
//! VSIDS (Moskewicz et al. 2001, Chaff) in MiniSat's exponential form
//! (EVSIDS, Eén and Sörensson 2003): every variable met in conflict analysis
//! gains `var_inc`, and `var_inc` grows by `1 / decay` after each conflict, so
//! recent conflicts weigh more; variables wait in a binary max-heap. The
//! phase is the last value the variable had (phase saving, Pipatsrisawat and
//! Darwiche 2007), `initial_phase` (false by default) at first or always
//! when phase saving is off, or the target phase where it applies
//! (`phases.rs`). The other heuristics scan the open clauses (`scan.rs`),
//! as a textbook DPLL does.

use satoku_formula::{Lit, Var};

use crate::api::config::{Heuristic, VAR_RESCALE_LIMIT};
use crate::removed::vars::VarFlags;
use crate::search::heap::VarHeap;
use crate::search::scan::ScanOutcome;
use crate::search::trail::Trail;
use crate::solver::Solver;

/// The result of asking for a decision.
pub(crate) enum Decision {
    /// Assign this literal as a new decision.
    Lit(Lit),
    /// Every variable is assigned, or every clause is satisfied.
    Complete,
}

/// VSIDS state: activities, the heap of candidate variables, saved phases.
#[derive(Default)]
pub(crate) struct Branching {
    activity: Vec<f64>,
    var_inc: f64,
    heap: VarHeap,
    phase: Vec<bool>,
}

impl Branching {
    /// No variables yet.
    pub fn new() -> Branching {
        Branching {
            var_inc: 1.0,
            ..Branching::default()
        }
    }

    /// Number of variables.
    #[inline]
    pub fn num_vars(&self) -> usize {
        self.activity.len()
    }

    /// The activity of `v`.
    #[cfg(test)]
    pub fn activity(&self, v: Var) -> f64 {
        self.activity[v.index()]
    }

    /// Makes room for variables `0..n`, new ones with phase `initial_phase`.
    pub fn grow(&mut self, n: usize, initial_phase: bool) {
        let old = self.num_vars();
        self.activity.resize(n, 0.0);
        self.phase.resize(n, initial_phase);
        self.heap.grow(n);
        for v in old..n {
            self.heap.insert(Var::new(v as u32), &self.activity);
        }
    }

    /// Raises the activity of `v`.
    #[inline]
    pub fn bump(&mut self, v: Var) {
        let a = &mut self.activity[v.index()];
        *a += self.var_inc;
        if *a > VAR_RESCALE_LIMIT {
            for x in self.activity.iter_mut() {
                *x *= 1.0 / VAR_RESCALE_LIMIT;
            }
            self.var_inc *= 1.0 / VAR_RESCALE_LIMIT;
        }
        self.heap.increased(v, &self.activity);
    }

    /// Makes later bumps weigh `1 / var_decay` times more.
    #[inline]
    pub fn decay(&mut self, var_decay: f64) {
        self.var_inc *= 1.0 / var_decay;
    }

    /// Saves the phase of a literal being unassigned and puts its variable
    /// back among the candidates.
    #[inline(always)]
    pub fn unassigned(&mut self, lit: Lit) {
        let v = lit.var();
        self.phase[v.index()] = lit.is_positive();
        self.heap.insert(v, &self.activity);
    }

    /// The saved phase of `v`.
    #[inline]
    pub fn phase(&self, v: Var) -> bool {
        self.phase[v.index()]
    }

    /// The saved phases, one per variable, to reset (`rephase.rs`).
    pub fn saved_phases_mut(&mut self) -> &mut [bool] {
        &mut self.phase
    }

    /// Puts `v` back among the candidates (a removed variable made active again).
    pub fn reinsert(&mut self, v: Var) {
        self.heap.insert(v, &self.activity);
    }

    /// Pops candidates until an open active one: the most active such
    /// variable (removed ones leave the heap until [`Branching::reinsert`]).
    pub fn pop_open(&mut self, trail: &Trail, vars: &VarFlags) -> Option<Var> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if trail.is_open(v) && vars.is_active(v) {
                return Some(v);
            }
        }
        None
    }
}

impl Solver {
    /// Raises the activity of `v`.
    #[inline]
    pub(crate) fn bump_var(&mut self, v: Var) {
        self.branching.bump(v);
    }

    /// Makes later bumps weigh more than earlier ones.
    #[inline]
    pub(crate) fn decay_var_activity(&mut self) {
        self.branching.decay(self.config.var_decay);
    }

    /// Picks the next decision literal with the configured heuristic.
    pub(crate) fn pick_branch(&mut self) -> Decision {
        match self.config.heuristic {
            Heuristic::Vsids => self.pick_vsids(),
            Heuristic::First => self.pick_first(),
            scanning => match self.scan_heuristic(scanning) {
                ScanOutcome::Best(lit) => Decision::Lit(lit),
                ScanOutcome::AllSatisfied => Decision::Complete,
            },
        }
    }

    fn pick_vsids(&mut self) -> Decision {
        // A full trail is a model: popping every assigned variable off the
        // heap to find that out (and pushing them back on backtrack) would
        // cost more than the search on formulas that propagate to the end.
        if self.trail.len() + self.vars.num_removed() == self.num_vars() {
            return Decision::Complete;
        }
        match self.branching.pop_open(&self.trail, &self.vars) {
            Some(v) => {
                self.stats.decisions += 1;
                Decision::Lit(v.lit(self.decision_phase(v)))
            }
            None => Decision::Complete,
        }
    }

    fn pick_first(&mut self) -> Decision {
        // Variables below the first open one stay assigned until a backtrack
        // below their level; the heap is not used, so scan from the start.
        match (0..self.num_vars() as u32)
            .map(Var::new)
            .find(|&v| self.trail.is_open(v) && self.vars.is_active(v))
        {
            Some(v) => {
                self.stats.decisions += 1;
                Decision::Lit(v.positive())
            }
            None => Decision::Complete,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Branching;
    use crate::{Solver, SolverConfig};
    use satoku_formula::Var;

    #[test]
    fn activity_bumps_grow_by_one_over_the_decay() {
        let mut b = Branching::new();
        b.grow(2, false);
        b.bump(Var::new(0));
        b.decay(0.5);
        b.bump(Var::new(1));
        assert_eq!(b.activity, vec![1.0, 2.0]);
    }

    #[test]
    fn the_most_active_open_variable_is_picked_with_its_saved_phase() {
        let mut b = Branching::new();
        b.grow(3, false);
        b.bump(Var::new(2));
        let trail = crate::search::trail::Trail::default();
        let mut trail = trail;
        trail.grow(3);
        let mut vars = crate::removed::vars::VarFlags::default();
        vars.grow(3);
        assert_eq!(b.pop_open(&trail, &vars), Some(Var::new(2)));
        b.unassigned(Var::new(2).positive());
        assert!(b.phase(Var::new(2)) && !b.phase(Var::new(1)));
        assert_eq!(b.pop_open(&trail, &vars), Some(Var::new(2)));
    }

    #[test]
    #[should_panic(expected = "var_decay must lie in (0, 1]")]
    fn a_decay_of_zero_is_refused() {
        let _ = Solver::new(SolverConfig {
            var_decay: 0.0,
            ..SolverConfig::default()
        });
    }

    #[test]
    #[should_panic(expected = "var_decay must lie in (0, 1]")]
    fn a_decay_set_through_config_mut_is_checked_at_the_next_solve() {
        let mut s = Solver::new(SolverConfig::default());
        s.config_mut().var_decay = f64::NAN;
        let _ = s.solve();
    }
}
