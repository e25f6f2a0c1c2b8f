//! Solving a DIMACS file in slices (`solveDimacs`): the formula is parsed
//! and loaded once, then each [`CnfJob::run`] searches for at most a
//! conflict budget and returns, so the worker can report progress and
//! take a cancel between slices. The solver continues incrementally: its
//! learnt clauses, activities and phases carry over from slice to slice.
//!
//! Every model is checked by the engine against the clauses as given
//! (`check_models`) before it is reported; the answer is the `s`/`v` text
//! `satoku solve` prints.

use std::time::Duration;

use satoku_dimacs::{parse_reader_with, v_lines, ErrorKind, Limits, ParseOptions};
use satoku_solver::{SolveResult, Solver, SolverConfig};
use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::error::{Error, Result};

/// Most declared variables a model may list beyond those the clauses use:
/// the `v` lines become one string in the page (2^20 such variables are
/// about 9 MB of text).
pub const MAX_UNUSED_MODEL_VARS: usize = 1 << 20;

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

/// The search's counters so far, sent as progress.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Conflicts.
    pub conflicts: u64,
    /// Decisions.
    pub decisions: u64,
    /// Propagations.
    pub propagations: u64,
    /// Milliseconds since the job started (parsing included).
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

/// A DIMACS formula loaded into a solver, searched slice by slice.
pub struct CnfJob {
    solver: Solver,
    num_vars: usize,
    options: CnfOptions,
    start: Instant,
}

impl CnfJob {
    /// Parses `bytes` (DIMACS text; `name` labels errors) and loads the
    /// solver. Errors: `name:line:col: message` for bad text, and
    /// formulas too sparse or too large for the engine or the page.
    pub fn start(bytes: &[u8], name: &str, options: CnfOptions) -> Result<CnfJob> {
        let start = Instant::now();
        let limits = Limits::for_this_machine();
        let parsed = parse_reader_with(bytes, name, &ParseOptions::default(), &limits)
            .map_err(|e| Error::Dimacs(browser_message(&e)))?;
        let cnf = parsed.cnf;
        Solver::check_fits(&cnf).map_err(|e| Error::Invalid(format!("{name}: {e}")))?;
        let unused = cnf.num_vars() - cnf.used_vars();
        if unused > MAX_UNUSED_MODEL_VARS {
            return Err(Error::Invalid(format!(
                "{name}: the header declares {} variables, {unused} more than the clauses use; \
                 a model would list each of them (at most {MAX_UNUSED_MODEL_VARS} unused ones here)",
                cnf.num_vars()
            )));
        }
        let config = SolverConfig {
            check_models: true,
            ..SolverConfig::default()
        };
        let solver = Solver::from_cnf(&cnf, config);
        Ok(CnfJob {
            solver,
            num_vars: cnf.num_vars(),
            options,
            start,
        })
    }

    /// Searches for at most `conflicts` more conflicts (and within the
    /// job's own limits), then reports the counters or the answer.
    pub fn run(&mut self, conflicts: u64) -> Slice {
        let spent = self.solver.stats().conflicts;
        let left = self.options.conflict_limit.map(|n| n.saturating_sub(spent));
        let elapsed = self.start.elapsed();
        let time_left = self
            .options
            .time_limit_ms
            .map(|ms| Duration::from_millis(ms).saturating_sub(elapsed));
        if left == Some(0) || time_left == Some(Duration::ZERO) {
            return Slice::Done(self.answer(SolveResult::Unknown));
        }
        let config = self.solver.config_mut();
        config.conflict_limit = Some(left.map_or(conflicts, |l| l.min(conflicts)).max(1));
        config.time_limit = time_left;
        match self.solver.solve() {
            SolveResult::Unknown => Slice::Running(self.progress()),
            result => Slice::Done(self.answer(result)),
        }
    }

    fn progress(&self) -> Progress {
        let s = self.solver.stats();
        Progress {
            conflicts: s.conflicts,
            decisions: s.decisions,
            propagations: s.propagations,
            elapsed_ms: self.start.elapsed().as_secs_f64() * 1e3,
        }
    }

    fn answer(&self, result: SolveResult) -> Answer {
        let mut output = format!("s {}\n", result.status());
        let model = match &result {
            SolveResult::Sat(model) => {
                for line in v_lines(model, self.num_vars) {
                    output += &line;
                    output.push('\n');
                }
                Some(
                    model
                        .lits_up_to(self.num_vars)
                        .map(|l| l.to_dimacs())
                        .collect(),
                )
            }
            _ => None,
        };
        Answer {
            status: result.status(),
            output,
            checked: model.is_some() && self.solver.config().check_models,
            model,
            stats: self.progress(),
        }
    }
}

/// The parser's message, with compressed formats the browser does not
/// decode said so.
fn browser_message(err: &satoku_dimacs::Error) -> String {
    match &err.kind {
        ErrorKind::UnsupportedCompression { format, tool } => format!(
            "{}: {format}-compressed input is not supported in the browser; \
             decompress it first ({tool}), or use gzip",
            err.path
        ),
        _ => err.to_string(),
    }
}

#[cfg(test)]
#[path = "cnf_tests.rs"]
mod tests;
