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
//! reasons from the trail's reasons).

use satoku_formula::Lit;

use crate::propagate::Conflict;
use crate::reason::ReasonKind;
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
        if !self.observing.is_on() || !self.ok {
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
    pub(crate) fn report_pass(&mut self, from: usize, conflict: Option<Conflict>) {
        self.report_propagated(from);
        if let Some(conflict) = conflict {
            self.report_conflict(conflict);
        }
    }

    /// Reports trail literals from position `from` on as propagations,
    /// each with the reason the trail keeps for it.
    fn report_propagated(&mut self, from: usize) {
        for i in from..self.trail.len() {
            let lit = self.trail.lits()[i];
            self.report_propagation(lit);
        }
    }

    /// Reports assigned literal `lit` as a propagation with its reason
    /// (`[lit]` when none is kept: a fact).
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
    pub(crate) fn report_learnt(&mut self, lbd: u32) {
        if let Some(observer) = self.observing.active.as_mut() {
            let clause = self.analysis.learnt();
            observer.on_event(&Event::Learn { clause, lbd });
        }
    }

    /// Reports a decision (`flipped`: DPLL's second branch) at the current level.
    pub(crate) fn report_decision(&mut self, lit: Lit, flipped: bool) {
        let level = self.trail.decision_level();
        self.observing.emit(if flipped {
            Event::Flip { lit, level }
        } else {
            Event::Decide { lit, level }
        });
    }

    /// Reports the pure literals from trail position `from` on.
    pub(crate) fn report_pure(&mut self, from: usize) {
        let level = self.trail.decision_level();
        for i in from..self.trail.len() {
            let lit = self.trail.lits()[i];
            self.observing.emit(Event::Pure { lit, level });
        }
    }

    /// Reports a backtrack from the current level to `to`.
    pub(crate) fn report_backjump(&mut self, to: u32) {
        let from = self.trail.decision_level();
        self.observing.emit(Event::Backjump { from, to });
    }

    /// Reports a restart.
    pub(crate) fn report_restart(&mut self) {
        self.observing.emit(Event::Restart);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::{Algorithm, Heuristic, SolveResult, SolverConfig};

    /// An event as text, DIMACS literals, clauses sorted.
    fn show(event: &Event<'_>) -> String {
        let clause = |c: &[Lit]| {
            let mut c: Vec<i64> = c.iter().map(|l| l.to_dimacs()).collect();
            c.sort_unstable();
            format!("{c:?}")
        };
        match *event {
            Event::Decide { lit, level } => format!("decide {} @{level}", lit.to_dimacs()),
            Event::Flip { lit, level } => format!("flip {} @{level}", lit.to_dimacs()),
            Event::Pure { lit, level } => format!("pure {} @{level}", lit.to_dimacs()),
            Event::Propagate { lit, level, reason } => {
                format!("propagate {} @{level} {}", lit.to_dimacs(), clause(reason))
            }
            Event::Conflict { clause: c, level } => format!("conflict {} @{level}", clause(c)),
            Event::Learn { clause: c, lbd } => format!("learn {} lbd {lbd}", clause(c)),
            Event::Backjump { from, to } => format!("backjump {from} -> {to}"),
            Event::Restart => "restart".into(),
        }
    }

    /// Attaches an observer that records each event with [`show`].
    fn record(solver: &mut Solver) -> Arc<Mutex<Vec<String>>> {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&log);
        solver.set_observer(Some(Box::new(move |e: &Event<'_>| {
            sink.lock().unwrap().push(show(e))
        })));
        log
    }

    fn solver(algorithm: Algorithm, clauses: &[&[i32]]) -> Solver {
        let mut s = Solver::new(SolverConfig {
            algorithm,
            heuristic: Heuristic::First,
            ..SolverConfig::default()
        });
        for c in clauses {
            s.add_clause(c);
        }
        s
    }

    #[test]
    fn dpll_reports_decision_propagation_conflict_backjump_and_flip() {
        let mut s = solver(Algorithm::Dpll, &[&[-1, 2], &[-1, -2], &[1, 2]]);
        let log = record(&mut s);
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
        let expected = [
            "decide 1 @1",
            "propagate 2 @1 [-1, 2]",
            "conflict [-2, -1] @1",
            "backjump 1 -> 0",
            "flip -1 @1",
            "propagate 2 @1 [1, 2]",
            "backjump 1 -> 0",
        ];
        assert_eq!(*log.lock().unwrap(), expected);
    }

    #[test]
    fn dpll_reports_pure_literals_on_their_root_level() {
        // 3 occurs only positively; 1 and 2 both ways.
        let mut s = solver(Algorithm::Dpll, &[&[1, 2, 3], &[-1, -2], &[1, -2]]);
        let log = record(&mut s);
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
        let log = log.lock().unwrap();
        assert_eq!(log[0], "pure 3 @1");
        assert!(log.iter().all(|e| !e.starts_with("learn")));
    }

    #[test]
    fn cdcl_reports_the_learnt_clause_then_the_backjump_and_its_assertion() {
        // Deciding 1 (First heuristic) propagates 2 and 3, which conflict:
        // the learnt unit -1 is asserted at the root.
        let mut s = solver(Algorithm::Cdcl, &[&[-1, 2], &[-1, 3], &[-2, -3]]);
        let log = record(&mut s);
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
        let log = log.lock().unwrap();
        let expected = [
            "decide 1 @1",
            "propagate 2 @1 [-1, 2]",
            "propagate 3 @1 [-1, 3]",
            "conflict [-3, -2] @1",
            "learn [-1] lbd 1",
            "backjump 1 -> 0",
            "propagate -1 @0 [-1]",
        ];
        assert_eq!(log[..expected.len()], expected);
    }

    #[test]
    fn root_facts_are_reported_once_from_the_first_call_after_attaching() {
        let mut s = solver(Algorithm::Cdcl, &[]);
        let log = record(&mut s);
        s.add_clause(&[-1, 2]);
        s.add_clause(&[1]);
        assert!(log.lock().unwrap().is_empty(), "loading reports nothing");
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
        let first: Vec<String> = log.lock().unwrap().drain(..).collect();
        assert_eq!(first[..2], ["propagate 1 @0 [1]", "propagate 2 @0 [-1, 2]"]);
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
        assert!(log.lock().unwrap().iter().all(|e| !e.contains("@0")));
    }

    #[test]
    fn a_solver_with_an_observer_can_move_across_threads() {
        let mut s = solver(Algorithm::Cdcl, &[&[1, 2]]);
        let log = record(&mut s);
        let handle = std::thread::spawn(move || s.solve());
        assert!(matches!(handle.join().unwrap(), SolveResult::Sat(_)));
        assert!(!log.lock().unwrap().is_empty());
    }

    #[test]
    fn a_detached_observer_hears_nothing_more() {
        let mut s = solver(Algorithm::Cdcl, &[&[1, 2], &[-1, 2]]);
        let log = record(&mut s);
        assert!(s.has_observer());
        s.set_observer(None);
        assert!(!s.has_observer());
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
        assert!(log.lock().unwrap().is_empty());
    }
}
