//! Loading a DIMACS formula for `solveDimacs` a slice at a time: the text
//! is read by the parser's [`SlicedParser`], checked against what the
//! engine and the page can hold, then loaded into a new solver by the
//! solver's [`SlicedLoad`]. Each call of [`Loader::load_until`] works up to
//! a deadline and returns, so the worker reports progress and takes a
//! cancel between slices. Nothing is allocated by a number the header only
//! names: the parser reserves by what the text can hold, and the solver is
//! sized once every clause is read and checked.

use std::io::Read;

use satoku_dimacs::{ErrorKind, Limits, ParseOptions, SlicedParser, Step};
use satoku_formula::Cnf;
use satoku_solver::{SlicedLoad, Solver, SolverConfig};
use serde::Serialize;
use web_time::Instant;

use crate::error::{Error, Result};

/// Most declared variables a model may list beyond those the clauses use:
/// the `v` lines become one string in the page (2^20 such variables are
/// about 9 MB of text).
pub const MAX_UNUSED_MODEL_VARS: usize = 1 << 20;

/// Bytes of text parsed between two looks at the clock.
const READ_STEP: u64 = 1 << 18;
/// Clauses loaded into the solver between two looks at the clock.
const ADD_STEP: usize = 1 << 14;

/// How far loading has come: the progress `solveDimacs` reports before the
/// search (`phase` names the variant).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(
    tag = "phase",
    rename_all = "lowercase",
    rename_all_fields = "camelCase"
)]
pub enum Loading {
    /// Reading the text.
    Reading {
        /// Bytes of text read.
        text_bytes: u64,
        /// Bytes of text in all.
        total_bytes: u64,
        /// Clauses read.
        clauses: usize,
        /// The header's clause count (the file may hold another number).
        declared_clauses: u64,
        /// Milliseconds since the job started.
        elapsed_ms: f64,
    },
    /// Loading the clauses read into the solver.
    Adding {
        /// Clauses loaded.
        added: usize,
        /// Clauses in all.
        clauses: usize,
        /// Milliseconds since the job started.
        elapsed_ms: f64,
    },
    /// The formula is in the solver: the search may start.
    Loaded {
        /// Clauses loaded.
        clauses: usize,
        /// Milliseconds since the job started.
        elapsed_ms: f64,
    },
}

/// Where a load is.
// One per job, moved once a step: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
enum Phase {
    Reading(SlicedParser<'static>),
    Adding(SlicedLoad),
    /// Between two phases, or after an error.
    Gone,
}

/// A formula being read and loaded into a new solver, slice by slice.
pub(crate) struct Loader {
    phase: Phase,
    name: String,
    total_bytes: u64,
    config: SolverConfig,
    /// The header's variable count, once the text is read.
    num_vars: usize,
}

impl Loader {
    /// Reads the header of `text` (`total_bytes` long; `name` labels
    /// errors); the solver will have `config`.
    pub(crate) fn start(
        text: Box<dyn Read>,
        total_bytes: u64,
        name: &str,
        config: SolverConfig,
    ) -> Result<Loader> {
        let limits = Limits::for_this_machine();
        let parser = SlicedParser::new(text, name, &ParseOptions::default(), &limits)
            .map_err(|e| Error::Dimacs(browser_message(&e)))?;
        Ok(Loader {
            phase: Phase::Reading(parser),
            name: name.to_owned(),
            total_bytes,
            config,
            num_vars: 0,
        })
    }

    /// Reads and loads until `deadline` (at least one step) or the end:
    /// once every clause is in the solver, the solver and the header's
    /// variable count, else `None`. After an error the load is over.
    pub(crate) fn load_until(&mut self, deadline: Instant) -> Result<Option<(Solver, usize)>> {
        loop {
            match std::mem::replace(&mut self.phase, Phase::Gone) {
                Phase::Reading(parser) => match parser.step(READ_STEP) {
                    Ok(Step::More(more)) => self.phase = Phase::Reading(more),
                    Ok(Step::Done(parsed)) => {
                        let cnf = parsed.cnf;
                        check_size(&cnf, &self.name)?;
                        self.num_vars = parsed.declared_vars;
                        self.phase = Phase::Adding(SlicedLoad::new(cnf, self.config.clone()));
                    }
                    Err(e) => return Err(Error::Dimacs(browser_message(&e))),
                },
                Phase::Adding(mut load) => {
                    if load.step(ADD_STEP) {
                        return Ok(Some((load.finish(), self.num_vars)));
                    }
                    self.phase = Phase::Adding(load);
                }
                Phase::Gone => {
                    return Err(Error::Invalid(format!(
                        "{}: the formula's load has ended",
                        self.name
                    )))
                }
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
        }
    }

    /// How far the load is, `elapsed_ms` after the job started (nothing
    /// loaded after an error).
    pub(crate) fn progress(&self, elapsed_ms: f64) -> Loading {
        match &self.phase {
            Phase::Reading(parser) => Loading::Reading {
                text_bytes: parser.text_bytes(),
                total_bytes: self.total_bytes,
                clauses: parser.num_clauses(),
                declared_clauses: parser.declared_clauses(),
                elapsed_ms,
            },
            Phase::Adding(load) => Loading::Adding {
                added: load.loaded(),
                clauses: load.num_clauses(),
                elapsed_ms,
            },
            Phase::Gone => Loading::Loaded {
                clauses: 0,
                elapsed_ms,
            },
        }
    }
}

/// Refuses a formula too sparse or too large for the engine, or whose
/// model would list too many unused variables, before the solver is sized.
fn check_size(cnf: &Cnf, name: &str) -> Result<()> {
    Solver::check_fits(cnf).map_err(|e| Error::Invalid(format!("{name}: {e}")))?;
    let unused = cnf.num_vars() - cnf.used_vars();
    if unused > MAX_UNUSED_MODEL_VARS {
        return Err(Error::Invalid(format!(
            "{name}: the header declares {} variables, {unused} more than the clauses use; \
             a model would list each of them (at most {MAX_UNUSED_MODEL_VARS} unused ones here)",
            cnf.num_vars()
        )));
    }
    Ok(())
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
