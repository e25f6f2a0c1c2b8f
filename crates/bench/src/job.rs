//! One instance to run, with what every runner needs to know about it.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use satoku_dimacs::{ParseOptions, Status};
use satoku_formula::Cnf;

use crate::Outcome;

/// One run's instance, expectation and limits.
pub struct Job<'a> {
    /// The instance file.
    pub path: &'a Path,
    /// Its expected answer, if the expectations file has one.
    pub expected: Option<Status>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_parsing_turns_a_wrong_clause_count_into_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.cnf");
        std::fs::write(&path, "p cnf 2 5\n1 0\n2 0\n").unwrap();
        let stop = AtomicBool::new(false);
        let mut job = Job {
            path: &path,
            expected: None,
            timeout: Duration::from_secs(1),
            strict: false,
            stop: &stop,
        };
        assert_eq!(job.parse().unwrap().num_clauses(), 2);
        job.strict = true;
        let err = job.parse().unwrap_err();
        assert!(
            err.ends_with("header declares 5 clauses but 2 were read"),
            "{err}"
        );
    }

    #[test]
    fn a_stopped_run_is_interrupted_or_timed_out() {
        let stop = AtomicBool::new(false);
        let job = Job {
            path: Path::new("x.cnf"),
            expected: Some(Status::Sat),
            timeout: Duration::from_secs(1),
            strict: false,
            stop: &stop,
        };
        let timed_out = job.stopped(job.unanswered(1.0));
        assert!(timed_out.timed_out && timed_out.error.is_none());
        stop.store(true, Ordering::Relaxed);
        let interrupted = job.stopped(job.unanswered(0.5));
        assert_eq!(interrupted.error.as_deref(), Some("interrupted"));
        assert_eq!(interrupted.verdict(), crate::Verdict::Error);
    }
}
