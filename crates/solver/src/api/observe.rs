//! Search events: what the engine does, step by step, for an [`Observer`].
//!
//! An observer attached with [`Solver::set_observer`] sees every event of
//! every later `solve` call (`solve`, `solve_with_assumptions`,
//! `solve_scoped`, `solutions`), in the order the search makes them:
//!
//! - At the start of a call, the root facts not reported before (unit
//!   clauses and what they propagate while clauses are added, learnt units
//!   of earlier calls) come as `Propagate` events at level 0, in trail
//!   order. A fact whose reason is no longer kept (a unit clause, or a root
//!   assignment after the clause database was simplified) has the unit
//!   clause `[lit]` as its reason. Loading itself reports nothing.
//! - `Decide` for each decision, assumptions included (the assumptions of
//!   a call take levels `1..=n`; one already true opens a level with no
//!   event, so a `Decide` may skip a level).
//! - `Propagate` for each literal unit propagation assigns, after the
//!   propagation pass, in trail order, then `Conflict` if the pass found a
//!   false clause.
//! - CDCL: `Learn` (the learnt clause, asserting literal first), the
//!   `Backjump`, then `Propagate` of the asserting literal with the learnt
//!   clause as reason. A restart is `Restart`, then the `Backjump` to level
//!   0 (or the assumption levels of a scoped call) if any level is open.
//! - DPLL: `Backjump` to the level below the last decision not yet flipped,
//!   then `Flip` of that decision; `Pure` for each pure literal assigned
//!   (at the root, on a level of their own: level 1).
//! - The call ends with a `Backjump` to level 0 if any level is open.
//!
//! With no observer the search pays one predictable branch per decision,
//! propagation pass, conflict and backtrack: the propagation loop itself
//! is untouched (propagations are read off the trail after the pass, their
//! reasons from the trail's reasons), and the reports are cold functions
//! kept out of line, so the hot code around them compiles as before.

use satoku_formula::Lit;

use crate::search::propagate::Conflict;
use crate::search::reason::ReasonKind;
use crate::solver::Solver;

/// One step of the search. Literals are the solver's [`Lit`]s; clauses are
/// borrowed for the call of [`Observer::on_event`] only.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// A decision: `lit` set true at the new decision level `level`.
    Decide {
        /// The literal decided.
        lit: Lit,
        /// The level it opens.
        level: u32,
    },
    /// DPLL's second branch: after a conflict, the last decision's negation, at `level`.
    Flip {
        /// The negation of the decision undone.
        lit: Lit,
        /// The level it opens (the level the decision had).
        level: u32,
    },
    /// Unit propagation: `lit` forced true at `level` by `reason` (the whole clause, `lit` included).
    Propagate {
        /// The literal assigned.
        lit: Lit,
        /// Its decision level.
        level: u32,
        /// The clause that forced it; every other literal of it is false.
        reason: &'a [Lit],
    },
    /// DPLL pure-literal assignment.
    Pure {
        /// The pure literal, set true.
        lit: Lit,
        /// Its decision level.
        level: u32,
    },
    /// A clause falsified at `level`.
    Conflict {
        /// The clause, every literal false.
        clause: &'a [Lit],
        /// The decision level of the conflict.
        level: u32,
    },
    /// CDCL learnt clause (asserting literal first) and its LBD.
    Learn {
        /// The clause, asserting literal first.
        clause: &'a [Lit],
        /// Its literal block distance: the number of distinct levels in it.
        lbd: u32,
    },
    /// Backtrack from level `from` to level `to` (every assignment above `to` undone).
    Backjump {
        /// The decision level before.
        from: u32,
        /// The decision level after.
        to: u32,
    },
    /// A restart (CDCL): back to level 0 (or the assumption levels).
    Restart,
}

/// Receives the search's [`Event`]s (module docs give their order).
///
/// Any `FnMut(&Event)` closure is an observer.
pub trait Observer {
    /// Called for each event, while the search waits.
    fn on_event(&mut self, event: &Event<'_>);
}

impl<F: FnMut(&Event<'_>)> Observer for F {
    fn on_event(&mut self, event: &Event<'_>) {
        self(event)
    }
}

/// The solver's observer and the state of its reports.
#[derive(Default)]
pub(crate) struct Observing {
    /// The observer while a `solve` call runs (the hooks test this one).
    active: Option<Box<dyn Observer + Send>>,
    /// The observer between calls, so that loading reports nothing.
    parked: Option<Box<dyn Observer + Send>>,
    /// Root trail literals already reported.
    root_reported: usize,
}

impl Observing {
    /// Whether an observer is to be told (inside a `solve` call).
    #[inline(always)]
    pub fn is_on(&self) -> bool {
        self.active.is_some()
    }

    /// Tells the observer, if any.
    #[inline]
    fn emit(&mut self, event: Event<'_>) {
        if let Some(observer) = self.active.as_mut() {
            observer.on_event(&event);
        }
    }
}

impl Solver {
    /// Attach (Some) or detach (None) an observer; it sees every later event of every solve call.
    ///
    /// The first call after attaching starts by reporting the whole root
    /// assignment (module docs of `observe`).
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use satoku_solver::{Event, Solver};
    ///
    /// let mut solver = Solver::default();
    /// solver.add_clause(&[1, 2]);
    /// solver.add_clause(&[-1]);
    /// let events = Arc::new(Mutex::new(Vec::new()));
    /// let sink = Arc::clone(&events);
    /// solver.set_observer(Some(Box::new(move |e: &Event<'_>| {
    ///     sink.lock().unwrap().push(format!("{e:?}"));
    /// })));
    /// let _ = solver.solve();
    /// // The root facts: the unit clause -1, then 2 by the clause (1 2).
    /// assert_eq!(events.lock().unwrap().len(), 2);
    /// ```
    pub fn set_observer(&mut self, observer: Option<Box<dyn Observer + Send>>) {
        self.observing.parked = observer;
        self.observing.active = None;
        self.observing.root_reported = 0;
    }

    /// Whether an observer is attached.
    pub fn has_observer(&self) -> bool {
        self.observing.parked.is_some() || self.observing.active.is_some()
    }

    /// At the start of a `solve` call: wakes the observer and reports the
    /// root facts it has not seen.
    pub(crate) fn start_observing(&mut self) {
        self.observing.active = self.observing.parked.take();
        if !self.observing.is_on() || !self.answer.is_ok() {
            return;
        }
        debug_assert_eq!(self.trail.decision_level(), 0);
        let from = self.observing.root_reported.min(self.trail.len());
        self.report_propagated(from);
    }

    /// At the end of a `solve` call, at the root: parks the observer.
    pub(crate) fn stop_observing(&mut self) {
        if let Some(observer) = self.observing.active.take() {
            self.observing.parked = Some(observer);
            self.observing.root_reported = self.trail.len();
        }
    }

    /// Reports a propagation pass: the literals it assigned (from trail
    /// position `from` on), then its conflict, if any.
    #[cold]
    #[inline(never)]
    pub(crate) fn report_pass(&mut self, from: usize, conflict: Option<Conflict>) {
        self.report_propagated(from);
        if let Some(conflict) = conflict {
            self.report_conflict(conflict);
        }
    }

    /// Reports trail literals from position `from` on as propagations,
    /// each with the reason the trail keeps for it.
    #[cold]
    #[inline(never)]
    fn report_propagated(&mut self, from: usize) {
        for i in from..self.trail.len() {
            let lit = self.trail.lits()[i];
            self.report_propagation(lit);
        }
    }

    /// Reports assigned literal `lit` as a propagation with its reason
    /// (`[lit]` when none is kept: a fact).
    #[cold]
    #[inline(never)]
    pub(crate) fn report_propagation(&mut self, lit: Lit) {
        let var = lit.var();
        let level = self.trail.level_of(var);
        let pair;
        let reason: &[Lit] = match self.trail.reason_of(var).kind() {
            ReasonKind::Long(c) => self.db.lits(c),
            ReasonKind::Binary(other) => {
                pair = [lit, other];
                &pair
            }
            ReasonKind::None => {
                pair = [lit, lit];
                &pair[..1]
            }
        };
        if let Some(observer) = self.observing.active.as_mut() {
            observer.on_event(&Event::Propagate { lit, level, reason });
        }
    }

    /// Reports a conflict found by propagation.
    #[cold]
    #[inline(never)]
    fn report_conflict(&mut self, conflict: Conflict) {
        let level = self.trail.decision_level();
        let pair;
        let clause: &[Lit] = match conflict {
            Conflict::Long(c) => self.db.lits(c),
            Conflict::Binary(a, b) => {
                pair = [a, b];
                &pair
            }
        };
        if let Some(observer) = self.observing.active.as_mut() {
            observer.on_event(&Event::Conflict { clause, level });
        }
    }

    /// Reports the clause analysis just learnt.
    #[cold]
    #[inline(never)]
    pub(crate) fn report_learnt(&mut self, lbd: u32) {
        if let Some(observer) = self.observing.active.as_mut() {
            let clause = self.analysis.learnt();
            observer.on_event(&Event::Learn { clause, lbd });
        }
    }

    /// Reports a decision (`flipped`: DPLL's second branch) at the current level.
    #[cold]
    #[inline(never)]
    pub(crate) fn report_decision(&mut self, lit: Lit, flipped: bool) {
        let level = self.trail.decision_level();
        self.observing.emit(if flipped {
            Event::Flip { lit, level }
        } else {
            Event::Decide { lit, level }
        });
    }

    /// Reports the pure literals from trail position `from` on.
    #[cold]
    #[inline(never)]
    pub(crate) fn report_pure(&mut self, from: usize) {
        let level = self.trail.decision_level();
        for i in from..self.trail.len() {
            let lit = self.trail.lits()[i];
            self.observing.emit(Event::Pure { lit, level });
        }
    }

    /// Reports a backtrack from the current level to `to`.
    #[cold]
    #[inline(never)]
    pub(crate) fn report_backjump(&mut self, to: u32) {
        let from = self.trail.decision_level();
        self.observing.emit(Event::Backjump { from, to });
    }

    /// Reports a restart.
    #[cold]
    #[inline(never)]
    pub(crate) fn report_restart(&mut self) {
        self.observing.emit(Event::Restart);
    }
}

#[cfg(test)]
#[path = "observe_tests.rs"]
mod tests;
