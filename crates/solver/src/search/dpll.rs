//! The DPLL search loop (Davis, Logemann and Loveland 1962), iterative.
//!
//! Decide, propagate, and on a conflict undo to the most recent decision
//! whose other value has not been tried, and try it (chronological
//! backtracking). Nothing is learnt. The trail is the only stack, so depth
//! is bounded by memory, not by the call stack. Pure literals (a literal
//! whose negation occurs in no open clause) are set true after propagation;
//! at the root they go on a level of their own, so the next `solve` call
//! (which may bring new clauses) starts without them.

use crate::api::config::Heuristic;
use crate::search::decide::Decision;
use crate::search::propagate::Conflict;
use crate::search::reason::Reason;
use crate::solver::{Solver, Status};

/// Per decision level: whether its decision was already flipped (assumption
/// and pure-literal levels count as flipped, CDCL's levels too).
#[derive(Default)]
pub(crate) struct Flips(Vec<bool>);

impl Flips {
    /// Records a new level.
    #[inline]
    pub fn push(&mut self, flipped: bool) {
        self.0.push(flipped);
    }

    /// Forgets the levels above `level`.
    #[inline]
    pub fn truncate(&mut self, level: u32) {
        self.0.truncate(level as usize);
    }

    /// Forgets the top level.
    pub fn pop(&mut self) {
        self.0.pop();
    }

    /// The highest level (1-based) whose decision is not flipped yet.
    pub fn last_unflipped(&self) -> Option<u32> {
        self.0.iter().rposition(|&f| !f).map(|i| i as u32 + 1)
    }
}

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
                    self.answer.fail_all(self.scope.assumptions());
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
            if self.config.pure_literals
                && self.copy_is_complete()
                && self.assign_pure_literals_here()
            {
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
            self.new_level(true);
        }
        let before = self.trail.len();
        let assigned = self.assign_pure_literals() > 0;
        if self.observing.is_on() {
            self.report_pure(before);
        }
        if at_root && !assigned {
            self.trail.drop_empty_level();
            self.flips.pop();
        }
        assigned
    }

    /// Bumps the variables of a conflicting clause (VSIDS without learning).
    fn bump_conflict(&mut self, conflict: Conflict) {
        match conflict {
            Conflict::Binary(a, b) => {
                self.bump_var(a.var());
                self.bump_var(b.var());
            }
            Conflict::Long(c) => {
                for k in 0..self.db.len(c) {
                    let v = self.db.lits(c)[k].var();
                    self.bump_var(v);
                }
            }
        }
        self.decay_var_activity();
    }

    /// Undoes levels down to the last unflipped decision and asserts its
    /// negation as a flipped decision. False when none is left (every
    /// level undone).
    fn flip_last_decision(&mut self) -> bool {
        let Some(level) = self.flips.last_unflipped() else {
            self.backtrack(0);
            return false;
        };
        let decision = self.trail.decision_at(level);
        self.backtrack(level - 1);
        self.stats.backtracks += 1;
        self.new_level(true);
        self.trail.assign(!decision, Reason::NONE);
        if self.observing.is_on() {
            self.report_decision(!decision, true);
        }
        true
    }
}
