//! One instance to run, with what every runner needs to know about it.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use satoku_dimacs::ParseOptions;
use satoku_formula::Cnf;

use crate::{Answer, Outcome};

/// One run's instance, expectation and limits.
pub struct Job<'a> {
    /// The instance file.
    pub path: &'a Path,
    /// Its expected answer, if the expectations file has one.
    pub expected: Option<Answer>,
    /// Wall-clock time allowed, parsing included.
    pub timeout: Duration,
    /// DIMACS warnings are errors.
    pub strict: bool,
    /// Raised when the bench is interrupted: the run stops at once.
    pub stop: &'a AtomicBool,
}

impl Job<'_> {
    /// Parses the instance (strictly, if asked); the error as text.
    pub fn parse(&self) -> Result<Cnf, String> {
        let options = ParseOptions {
            strict: self.strict,
        };
        satoku_dimacs::parse_path(self.path, &options)
            .map(|parsed| parsed.cnf)
            .map_err(|err| err.to_string())
    }

    /// An outcome for a run that failed before any answer.
    pub fn failed(&self, seconds: f64, error: String) -> Outcome {
        Outcome::failed(self.path.into(), self.expected, seconds, error)
    }

    /// An outcome with no answer yet, to be filled in.
    pub fn unanswered(&self, seconds: f64) -> Outcome {
        Outcome::unanswered(self.path.into(), self.expected, seconds)
    }

    /// `outcome`, marked as stopped: interrupted if the bench was, else timed out.
    pub fn stopped(&self, mut outcome: Outcome) -> Outcome {
        if self.stop.load(Ordering::Relaxed) {
            outcome.error = Some("interrupted".into());
        } else {
            outcome.timed_out = true;
        }
        outcome
    }
}
