//! The CDCL search loop (MiniSat 2.2's `search`, Glucose's restarts and
//! reductions). Reads like pseudocode; each step lives in its own file.

use crate::search::decide::Decision;
use crate::search::propagate::Conflict;
use crate::search::reason::Reason;
use crate::solver::{Solver, Status};

impl Solver {
    /// Searches until a model, a refutation, or a limit.
    pub(crate) fn cdcl(&mut self) -> Status {
        loop {
            if let Some(conflict) = self.propagate_with_xors() {
                self.stats.conflicts += 1;
                if self.trail.decision_level() == 0 {
                    return Status::Unsat;
                }
                if self.trail.decision_level() <= self.scope.floor() {
                    // The assumptions of a scoped call conflict: with the
                    // clauses learnt under them, no smaller set is known.
                    self.fail_all_assumptions();
                    return Status::Unsat;
                }
                self.learn_from(conflict);
                continue;
            }
            if self.out_of_budget() {
                return Status::Unknown;
            }
            self.elim_trial_dry_run_if_due();
            let switched = self.restarts.switch_mode_if_due(self.config.restart);
            if switched
                || self.restarts.should_restart(self.config.restart)
                || self.restart_floor_due()
                || self.elim_trial_waiting()
            {
                self.restarts.restarted();
                self.stats.restarts += 1;
                if self.observing.is_on() {
                    self.report_restart();
                }
                self.update_phases(self.trail.len());
                self.backtrack(self.scope.floor());
            }
            if self.rephase_due() {
                self.rephase();
            }
            if self.trail.decision_level() == 0 {
                self.simplify();
                if !self.probe_if_due() || !self.eliminate_if_due() {
                    return Status::Unsat;
                }
                if self.vivify_if_due() {
                    continue; // a root unit to propagate
                }
            }
            if self.reduce_due() {
                self.reduce_db();
            }
            match self.next_assumption() {
                Some(Ok(lit)) => self.decide_lit(lit, true),
                Some(Err(())) => return Status::Unsat,
                None => match self.pick_branch() {
                    Decision::Lit(lit) => self.decide_lit(lit, false),
                    Decision::Complete => return Status::Sat,
                },
            }
        }
    }

    /// Analyses `conflict`, backjumps, and asserts the learnt clause.
    fn learn_from(&mut self, conflict: Conflict) {
        let (backjump, lbd) = self.analyze(conflict);
        if self.observing.is_on() {
            self.report_learnt(lbd);
        }
        self.restarts
            .on_conflict(self.config.restart, lbd, self.trail.len());
        self.update_phases_after_conflict();
        self.backtrack(backjump);
        self.stats.backtracks += 1;
        self.stats.learnt_clauses += 1;
        let learnt = self.analysis.take_learnt();
        self.proof.add(&learnt);
        if learnt.len() == 1 {
            // At the root, or at the scope floor in a scoped call.
            self.trail.assign(learnt[0], Reason::NONE);
            if self.scope.floor() == 0 {
                self.schedule.root_unit_added();
            }
        } else {
            let cref = self.db.alloc(&learnt, true, lbd);
            self.attach(cref);
            self.bump_clause(cref);
            self.trail.assign(learnt[0], Reason::long(cref));
        }
        if self.observing.is_on() {
            self.report_propagation(learnt[0]);
        }
        self.analysis.restore_learnt(learnt);
        self.decay_var_activity();
        self.decay_clause_activity();
    }

    /// The next assumption to decide, if any are left at this level:
    /// `Some(Ok(lit))` to decide, `Some(Err(()))` when one is false (the
    /// failed set is computed), `None` when all hold.
    pub(crate) fn next_assumption(&mut self) -> Option<Result<satoku_formula::Lit, ()>> {
        while (self.trail.decision_level() as usize) < self.scope.num_assumptions() {
            let a = self.scope.assumptions()[self.trail.decision_level() as usize];
            match self.trail.value(a) {
                crate::search::trail::TRUE => {
                    // Already implied: an empty level keeps levels aligned with assumptions.
                    self.new_level(true);
                }
                crate::search::trail::FALSE => {
                    if self.scope.floor() > 0 {
                        self.fail_all_assumptions();
                    } else {
                        self.analyze_final(a);
                    }
                    return Some(Err(()));
                }
                _ => return Some(Ok(a)),
            }
        }
        None
    }

    /// A scoped call's failed set: every assumption (its learnt clauses
    /// hold only under all of them, so `analyze_final` cannot narrow it).
    fn fail_all_assumptions(&mut self) {
        self.answer.fail_all(self.scope.assumptions());
    }
}
