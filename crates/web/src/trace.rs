//! The SAT path's search, event by event, mapped to the grid (`trace`):
//! the engine solves the puzzle with an [`Observer`] attached, and each
//! literal event becomes a cell, a digit and a value (true: the digit is
//! placed; false: it is ruled out). A decision is a guessed digit, a
//! propagation a forced one; conflicts, learnt clauses, backjumps and
//! restarts keep their sizes and levels. The count of events is capped:
//! past the cap the search is interrupted and the trace marked truncated.
//! A solved trace ends on the solution: the engine's final backjump to
//! level 0 is left out, so replaying the events leaves every digit placed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use satoku_formula::Lit;
use satoku_solver::{Algorithm, Event, Observer, SolveResult, Solver};
use satoku_sudoku::sat::{engine_config, load};
use satoku_sudoku::{decode, Encoding};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::grid::JsGrid;

/// Events kept when the request names no limit.
pub const DEFAULT_LIMIT: usize = 20_000;

/// Most events a trace may hold, whatever the request asks (about 60 bytes
/// of JSON each).
pub const MAX_LIMIT: usize = 1_000_000;

/// The parameters of `trace`.
#[derive(Deserialize)]
pub struct TraceParams {
    /// The puzzle.
    #[serde(flatten)]
    pub grid: JsGrid,
    /// `cdcl` (default) or `dpll`.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// Most events to keep (default [`DEFAULT_LIMIT`], at most [`MAX_LIMIT`]).
    #[serde(default)]
    pub limit: Option<u64>,
}

/// A literal of the encoding on the grid: a digit in a cell, placed or
/// ruled out, at a decision level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OnGrid {
    /// Cell index.
    pub cell: usize,
    /// Digit.
    pub digit: u8,
    /// True: the digit placed; false: ruled out.
    pub value: bool,
    /// The decision level.
    pub level: u32,
}

/// One event of the search, on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "e", rename_all = "lowercase")]
pub enum TraceEvent {
    /// A guess, opening its level.
    Decide(OnGrid),
    /// DPLL's second branch: the last guess negated.
    Flip(OnGrid),
    /// A digit forced (or ruled out) by unit propagation.
    Propagate(OnGrid),
    /// DPLL's pure literal.
    Pure(OnGrid),
    /// A rule clause falsified.
    Conflict {
        /// The level of the conflict.
        level: u32,
        /// The clause's size.
        size: usize,
    },
    /// A clause learnt (CDCL).
    Learn {
        /// Its literal block distance.
        lbd: u32,
        /// Its size.
        size: usize,
    },
    /// Back from level `from` to level `to`.
    Backjump {
        /// The level before.
        from: u32,
        /// The level after.
        to: u32,
    },
    /// A restart (CDCL).
    Restart,
}

/// The engine's counters at the end of a trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStats {
    /// Decisions.
    pub decisions: u64,
    /// Propagations.
    pub propagations: u64,
    /// Conflicts.
    pub conflicts: u64,
    /// Backtracks (DPLL: flips; CDCL: backjumps).
    pub backjumps: u64,
    /// Clauses learnt.
    pub learnt: u64,
    /// Restarts.
    pub restarts: u64,
}

/// The answer of `trace`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// The events, in order.
    pub events: Vec<TraceEvent>,
    /// True when the cap stopped the search.
    pub truncated: bool,
    /// The engine's counters.
    pub stats: TraceStats,
    /// The solution found, unless the search stopped or there is none.
    pub solution: Option<Vec<u8>>,
}

/// The events so far, shared with the observer inside the solver.
struct Recorder {
    side: usize,
    limit: usize,
    events: Vec<TraceEvent>,
    truncated: bool,
    stop: Arc<AtomicBool>,
}

impl Recorder {
    fn record(&mut self, event: &Event<'_>) {
        let Some(mapped) = self.map(event) else {
            return;
        };
        if self.events.len() == self.limit {
            self.truncated = true;
            self.stop.store(true, Ordering::Relaxed);
            return;
        }
        self.events.push(mapped);
    }

    /// The grid form of `event`; `None` for an event this module does not show.
    fn map(&self, event: &Event<'_>) -> Option<TraceEvent> {
        Some(match *event {
            Event::Decide { lit, level } => TraceEvent::Decide(self.on_grid(lit, level)),
            Event::Flip { lit, level } => TraceEvent::Flip(self.on_grid(lit, level)),
            Event::Propagate { lit, level, .. } => TraceEvent::Propagate(self.on_grid(lit, level)),
            Event::Pure { lit, level } => TraceEvent::Pure(self.on_grid(lit, level)),
            Event::Conflict { clause, level } => TraceEvent::Conflict {
                level,
                size: clause.len(),
            },
            Event::Learn { clause, lbd } => TraceEvent::Learn {
                lbd,
                size: clause.len(),
            },
            Event::Backjump { from, to } => TraceEvent::Backjump { from, to },
            Event::Restart => TraceEvent::Restart,
            _ => return None,
        })
    }

    /// A literal of the encoding at `level` on the grid: variable `v`
    /// (0-based) is digit `v % side + 1` of cell `v / side`.
    fn on_grid(&self, lit: Lit, level: u32) -> OnGrid {
        let v = lit.var().index();
        OnGrid {
            cell: v / self.side,
            digit: (v % self.side + 1) as u8,
            value: !lit.is_negated(),
            level,
        }
    }
}

/// The observer in the solver: a handle on the shared recorder.
struct Shared(Arc<Mutex<Recorder>>);

impl Observer for Shared {
    fn on_event(&mut self, event: &Event<'_>) {
        let mut recorder = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        recorder.record(event);
    }
}

/// Solves a puzzle through SAT and records the search.
pub fn trace(params: &TraceParams) -> Result<Trace> {
    let puzzle = params.grid.to_grid()?;
    if let Some(conflict) = puzzle.first_conflict() {
        return Err(Error::Invalid(format!("illegal givens: {conflict}")));
    }
    let mut config = engine_config();
    config.algorithm = match params.algorithm.as_deref() {
        None | Some("cdcl") => Algorithm::Cdcl,
        Some("dpll") => Algorithm::Dpll,
        Some(other) => {
            return Err(Error::Invalid(format!(
                "unknown algorithm `{other}` (cdcl or dpll)"
            )))
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    config.interrupt = Some(Arc::clone(&stop));
    let limit = params.limit.map_or(DEFAULT_LIMIT, |l| {
        usize::try_from(l).unwrap_or(MAX_LIMIT).min(MAX_LIMIT)
    });
    let recorder = Arc::new(Mutex::new(Recorder {
        side: puzzle.side(),
        limit,
        events: Vec::new(),
        truncated: false,
        stop,
    }));
    let mut solver = Solver::new(config);
    load(&mut solver, &puzzle, Encoding::Extended);
    solver.set_observer(Some(Box::new(Shared(Arc::clone(&recorder)))));
    let result = solver.solve();
    solver.set_observer(None);
    let mut recorder = recorder.lock().unwrap_or_else(PoisonError::into_inner);
    let solution = match result {
        SolveResult::Sat(model) => {
            // The call ends by backjumping to level 0; a replay ends on the
            // solution instead.
            if let Some(TraceEvent::Backjump { to: 0, .. }) = recorder.events.last() {
                recorder.events.pop();
            }
            Some(decode(&puzzle, &model)?.cells().to_vec())
        }
        _ => None,
    };
    let s = solver.stats();
    let stats = TraceStats {
        decisions: s.decisions,
        propagations: s.propagations,
        conflicts: s.conflicts,
        backjumps: s.backtracks,
        learnt: s.learnt_clauses,
        restarts: s.restarts,
    };
    Ok(Trace {
        events: std::mem::take(&mut recorder.events),
        truncated: recorder.truncated,
        stats,
        solution,
    })
}

#[cfg(test)]
#[path = "trace_tests.rs"]
mod tests;
