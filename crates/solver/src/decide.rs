//! Choosing the next decision.
//!
//! VSIDS (Moskewicz et al. 2001, Chaff) in MiniSat's exponential form
//! (EVSIDS, Eén and Sörensson 2003): every variable met in conflict analysis
//! gains `var_inc`, and `var_inc` grows by `1 / decay` after each conflict, so
//! recent conflicts weigh more; variables wait in a binary max-heap. The
//! phase is the last value the variable had (phase saving, Pipatsrisawat and
//! Darwiche 2007), `initial_phase` (false by default) at first or always
//! when phase saving is off. The other heuristics scan the open
//! clauses (`scan.rs`), as a textbook DPLL does.

use satoku_formula::{Lit, Var};

use crate::config::Heuristic;
use crate::scan::ScanOutcome;
use crate::solver::Solver;

/// Rescale activities before they overflow.
const RESCALE_LIMIT: f64 = 1e100;

/// The result of asking for a decision.
pub(crate) enum Decision {
    /// Assign this literal as a new decision.
    Lit(Lit),
    /// Every variable is assigned, or every clause is satisfied.
    Complete,
}

impl Solver {
    /// Raises the activity of `v`.
    #[inline]
    pub(crate) fn bump_var(&mut self, v: Var) {
        let a = &mut self.activity[v.index()];
        *a += self.var_inc;
        if *a > RESCALE_LIMIT {
            for x in self.activity.iter_mut() {
                *x *= 1.0 / RESCALE_LIMIT;
            }
            self.var_inc *= 1.0 / RESCALE_LIMIT;
        }
        self.heap.increased(v, &self.activity);
    }

    /// Makes later bumps weigh more than earlier ones.
    #[inline]
    pub(crate) fn decay_var_activity(&mut self) {
        self.var_inc *= 1.0 / self.config.var_decay;
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
        if self.trail.trail.len() == self.num_vars() {
            return Decision::Complete;
        }
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.trail.is_open(v) {
                self.stats.decisions += 1;
                let phase = if self.config.phase_saving {
                    self.phase[v.index()]
                } else {
                    self.config.initial_phase
                };
                return Decision::Lit(v.lit(phase));
            }
        }
        Decision::Complete
    }

    fn pick_first(&mut self) -> Decision {
        // Variables below the first open one stay assigned until a backtrack
        // below their level; the heap is not used, so scan from the start.
        match (0..self.num_vars() as u32)
            .map(Var::new)
            .find(|&v| self.trail.is_open(v))
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
    use crate::{Solver, SolverConfig};

    #[test]
    fn activity_bumps_grow_by_one_over_the_decay() {
        let mut s = Solver::new(SolverConfig {
            var_decay: 0.5,
            ..SolverConfig::default()
        });
        let before = s.var_inc;
        s.decay_var_activity();
        assert_eq!(s.var_inc, 2.0 * before);
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
