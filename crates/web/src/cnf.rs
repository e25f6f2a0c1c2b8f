//! Solving a DIMACS file in slices (`solveDimacs`): the formula is read
//! and loaded into a solver a slice at a time ([`CnfJob::load`], the
//! loading in `cnf_load.rs`), then each [`CnfJob::run`] searches for at
//! most a conflict budget and returns, so the worker can report progress
//! and take a cancel between slices, from the first byte read to the
//! answer. The solver continues incrementally: its learnt clauses,
//! activities and phases carry over from slice to slice.
//!
//! Every model is checked by the engine against the clauses as given
//! (`check_models`) before it is reported; the answer is the `s`/`v` text
//! `satoku solve` prints.

use std::io::Read;
use std::time::Duration;

use satoku_dimacs::{write_solver_output, Status};
use satoku_solver::{SolveResult, Solver, SolverConfig};
use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::cnf_load::Loader;
pub use crate::cnf_load::{Loading, MAX_UNUSED_MODEL_VARS};
use crate::error::{Error, Result};

/// The options of `solveDimacs`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CnfOptions {
    /// Give up (UNKNOWN) after this many milliseconds of search.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
    /// Give up (UNKNOWN) after this many conflicts.
    #[serde(default)]
    pub conflict_limit: Option<u64>,
}

/// The search's counters so far, sent as progress (`phase` "search").
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "phase", rename = "search", rename_all = "camelCase")]
pub struct Progress {
    /// Conflicts.
    pub conflicts: u64,
    /// Decisions.
    pub decisions: u64,
    /// Propagations.
    pub propagations: u64,
    /// Milliseconds since the job started (the load included).
    pub elapsed_ms: f64,
}

/// The answer of `solveDimacs`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    /// SATISFIABLE, UNSATISFIABLE or UNKNOWN.
    pub status: &'static str,
    /// The `s` line and, for SAT, the `v` lines, as `satoku solve` prints them.
    pub output: String,
    /// The model as DIMACS literals over every declared variable, for SAT.
    pub model: Option<Vec<i64>>,
    /// True when the model was checked against the formula.
    pub checked: bool,
    /// The final counters.
    pub stats: Progress,
}

/// What one slice ended with.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Slice {
    /// The budget of the slice ran out: the counters so far.
    Running(Progress),
    /// The answer.
    Done(Answer),
}

/// A DIMACS formula read and loaded into a solver, then searched, slice by
/// slice.
pub struct CnfJob {
    state: State,
    options: CnfOptions,
    start: Instant,
}

/// Where a job is.
// One per job: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
enum State {
    Loading(Loader),
    /// The solver, and the header's variable count (what a model lists).
    Searching(Solver, usize),
}

impl CnfJob {
    /// Starts on the DIMACS text `text` (`total_bytes` long, for progress;
    /// `name` labels errors): reads its header. Errors: `name:line:col:
    /// message` for a bad header (or compressed or binary data); the rest
    /// of the text is read by [`CnfJob::load`].
    pub fn start<R: Read + 'static>(
        text: R,
        total_bytes: u64,
        name: &str,
        options: CnfOptions,
    ) -> Result<CnfJob> {
        let start = Instant::now();
        let config = SolverConfig {
            check_models: true,
            ..SolverConfig::default()
        };
        let loader = Loader::start(Box::new(text), total_bytes, name, config)?;
        Ok(CnfJob {
            state: State::Loading(loader),
            options,
            start,
        })
    }

    /// Reads and loads the formula for about `slice` (at least a step),
    /// then says how far it is: [`Loading::Loaded`] once the search can
    /// start (and on every call after). Errors: `name:line:col: message`
    /// for bad text, and formulas too sparse or too large for the engine
    /// or the page; the job is over then.
    pub fn load(&mut self, slice: Duration) -> Result<Loading> {
        let State::Loading(loader) = &mut self.state else {
            return Ok(self.loaded());
        };
        match loader.load_until(Instant::now() + slice)? {
            Some((solver, num_vars)) => {
                self.state = State::Searching(solver, num_vars);
                Ok(self.loaded())
            }
            None => Ok(loader.progress(millis_since(self.start))),
        }
    }

    fn loaded(&self) -> Loading {
        let clauses = match &self.state {
            State::Searching(solver, _) => solver.num_clauses(),
            State::Loading(_) => 0,
        };
        Loading::Loaded {
            clauses,
            elapsed_ms: self.elapsed_ms(),
        }
    }

    /// Searches for at most `conflicts` more conflicts (and within the
    /// job's own limits), then reports the counters or the answer. Errors
    /// while the formula is not loaded yet ([`CnfJob::load`]).
    pub fn run(&mut self, conflicts: u64) -> Result<Slice> {
        let State::Searching(solver, num_vars) = &mut self.state else {
            return Err(Error::Invalid(
                "solveDimacs: the search starts once the formula is loaded".to_owned(),
            ));
        };
        let (num_vars, elapsed) = (*num_vars, self.start.elapsed());
        let spent = solver.stats().conflicts;
        let left = self.options.conflict_limit.map(|n| n.saturating_sub(spent));
        let time_left = self
            .options
            .time_limit_ms
            .map(|ms| Duration::from_millis(ms).saturating_sub(elapsed));
        if left == Some(0) || time_left == Some(Duration::ZERO) {
            return Ok(Slice::Done(self.answer(SolveResult::Unknown, num_vars)));
        }
        let config = solver.config_mut();
        config.conflict_limit = Some(left.map_or(conflicts, |l| l.min(conflicts)).max(1));
        config.time_limit = time_left;
        Ok(match solver.solve() {
            SolveResult::Unknown => Slice::Running(self.progress()),
            result => Slice::Done(self.answer(result, num_vars)),
        })
    }

    fn elapsed_ms(&self) -> f64 {
        millis_since(self.start)
    }

    fn progress(&self) -> Progress {
        let (conflicts, decisions, propagations) = match &self.state {
            State::Searching(solver, _) => {
                let s = solver.stats();
                (s.conflicts, s.decisions, s.propagations)
            }
            State::Loading(_) => (0, 0, 0),
        };
        Progress {
            conflicts,
            decisions,
            propagations,
            elapsed_ms: self.elapsed_ms(),
        }
    }

    fn answer(&self, result: SolveResult, num_vars: usize) -> Answer {
        let (status, model) = match &result {
            SolveResult::Sat(model) => (Status::Sat, Some(model)),
            SolveResult::Unsat => (Status::Unsat, None),
            SolveResult::Unknown => (Status::Unknown, None),
        };
        let mut output = Vec::new();
        write_solver_output(status, model, num_vars, &mut output)
            .expect("writing to a Vec cannot fail");
        let output = String::from_utf8(output).expect("the s and v lines are ASCII");
        let model = model.map(|m| m.lits_up_to(num_vars).map(|l| l.to_dimacs()).collect());
        let checks = matches!(&self.state, State::Searching(s, _) if s.config().check_models);
        Answer {
            status: result.status(),
            output,
            checked: model.is_some() && checks,
            model,
            stats: self.progress(),
        }
    }
}

/// Milliseconds since `start`.
fn millis_since(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

#[cfg(test)]
#[path = "cnf_tests.rs"]
mod tests;
