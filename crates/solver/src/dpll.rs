//! The DPLL search loop (Davis, Logemann and Loveland 1962), iterative.
//!
//! Decide, propagate, and on a conflict undo to the most recent decision
//! whose other value has not been tried, and try it (chronological
//! backtracking). Nothing is learnt. The trail is the only stack, so depth
//! is bounded by memory, not by the call stack. Pure literals (a literal
//! whose negation occurs in no open clause) are set true after propagation;
//! at the root they go on a level of their own, so the next `solve` call
//! (which may bring new clauses) starts without them.

use crate::config::Heuristic;
use crate::decide::Decision;
use crate::solver::{Solver, Status};

impl Solver {
    /// Searches until a model, a refutation, or a limit.
    pub(crate) fn dpll(&mut self) -> Status {
        loop {
            if let Some(conflict) = self.propagate() {
                self.stats.conflicts += 1;
                if self.config.heuristic == Heuristic::Vsids {
                    self.bump_conflict(conflict);
                }
                if !self.flip_last_decision() {
                    // DPLL keeps no reasons for flipped decisions: blame every assumption.
                    self.failed.clone_from(&self.assumptions);
                    return Status::Unsat;
                }
                continue;
            }
            if self.out_of_budget() {
                return Status::Unknown;
            }
            if let Some(next) = self.next_assumption() {
                match next {
                    Ok(lit) => self.decide_lit(lit, true),
                    Err(()) => return Status::Unsat,
                }
                continue;
            }
            if self.config.pure_literals && self.assign_pure_literals_here() {
                continue;
            }
            match self.pick_branch() {
                Decision::Lit(lit) => self.decide_lit(lit, false),
                Decision::Complete => return Status::Sat,
            }
        }
    }

    /// Assigns pure literals; at the root, on a level of their own that is
    /// never flipped. Returns whether any was assigned.
    fn assign_pure_literals_here(&mut self) -> bool {
        let at_root = self.trail.decision_level() == 0;
        if at_root {
            self.trail.new_decision_level();
            self.level_flipped.push(true);
        }
        let assigned = self.assign_pure_literals() > 0;
        if at_root && !assigned {
            self.trail.trail_lim.pop();
            self.level_flipped.pop();
        }
        assigned
    }

    /// Bumps the variables of a conflicting clause (VSIDS without learning).
    fn bump_conflict(&mut self, conflict: crate::clause_db::ClauseRef) {
        if conflict == crate::clause_db::ClauseRef::BINARY_CONFLICT {
            for lit in self.binary_conflict {
                self.bump_var(lit.var());
            }
        } else {
            for k in 0..self.db.len(conflict) {
                let v = self.db.lits(conflict)[k].var();
                self.bump_var(v);
            }
        }
        self.decay_var_activity();
    }

    /// Undoes levels down to the last unflipped decision and asserts its
    /// negation as a flipped decision. False when none is left.
    fn flip_last_decision(&mut self) -> bool {
        while let Some(&flipped) = self.level_flipped.last() {
            let level = self.trail.decision_level();
            if flipped {
                self.backtrack(level - 1);
            } else {
                let decision = self.trail.decision_at(level);
                self.backtrack(level - 1);
                self.stats.backtracks += 1;
                self.decide_lit(!decision, true);
                return true;
            }
        }
        false
    }
}
