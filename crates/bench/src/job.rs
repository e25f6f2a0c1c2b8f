//! One instance to run, with what every runner needs to know about it.
//!
//! The instance is read under the run's limits: on a helper thread, given
//! up at the deadline or when the bench stops. A read given up on finishes
//! on its own (one blocked on a FIFO never does; the process's end takes it).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use satoku_dimacs::{ParseOptions, Status};
use satoku_formula::Cnf;

use crate::{os, Outcome};

/// How reading an instance ended.
pub enum Read {
    /// The formula, and the CPU time the reading thread spent on it
    /// (where the platform tells).
    Parsed(Cnf, Option<Duration>),
    /// It cannot be read or parsed: why.
    Failed(String),
    /// The deadline passed or the bench stopped first.
    Stopped,
}

/// How often a read in progress looks at the bench's stop flag.
const POLL: Duration = Duration::from_millis(20);

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
    /// Parses the instance (strictly, if asked) before `deadline` and
    /// while the bench runs.
    pub fn read(&self, deadline: Instant) -> Read {
        let (done, result) = mpsc::channel();
        let (path, strict) = (self.path.to_path_buf(), self.strict);
        let helper = std::thread::Builder::new()
            .name("bench-read".into())
            .spawn(move || {
                let before = os::thread_cpu_time();
                let parsed = parse(&path, strict);
                let cpu = before.zip(os::thread_cpu_time()).map(|(b, a)| a - b);
                let _ = done.send(parsed.map(|cnf| (cnf, cpu)));
            });
        if let Err(e) = helper {
            return Read::Failed(format!("cannot start a reading thread: {e}"));
        }
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match result.recv_timeout(left.min(POLL)) {
                Ok(Ok((cnf, cpu))) => return Read::Parsed(cnf, cpu),
                Ok(Err(err)) => return Read::Failed(err),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Read::Failed("the reading thread panicked".into())
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if Instant::now() >= deadline || self.stop.load(Ordering::Relaxed) {
                return Read::Stopped;
            }
        }
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

/// Parses the file at `path` (strictly, if asked) within this machine's
/// default memory and expansion limits; the error as text.
fn parse(path: &Path, strict: bool) -> Result<Cnf, String> {
    let limits = satoku_dimacs::Limits::for_this_machine();
    satoku_dimacs::parse_path_with(path, &ParseOptions { strict }, &limits)
        .map(|parsed| parsed.cnf)
        .map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job on `path` of a bench that `stop` stops, with no expectation.
    fn job<'a>(path: &'a Path, stop: &'a AtomicBool) -> Job<'a> {
        Job {
            path,
            expected: None,
            timeout: Duration::from_secs(60),
            strict: false,
            stop,
        }
    }

    #[test]
    fn strict_parsing_turns_a_wrong_clause_count_into_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.cnf");
        std::fs::write(&path, "p cnf 2 5\n1 0\n2 0\n").unwrap();
        let stop = AtomicBool::new(false);
        let mut job = job(&path, &stop);
        let later = Instant::now() + Duration::from_secs(30);
        assert!(matches!(job.read(later), Read::Parsed(cnf, _) if cnf.num_clauses() == 2));
        job.strict = true;
        let Read::Failed(err) = job.read(later) else {
            panic!("a wrong clause count passed --strict");
        };
        assert!(
            err.ends_with("header declares 5 clauses but 2 were read"),
            "{err}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_read_that_never_ends_stops_at_the_deadline_or_the_stop_flag() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("endless.cnf");
        let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let stop = AtomicBool::new(false);
        let job = job(&fifo, &stop);
        let start = Instant::now();
        let read = job.read(start + Duration::from_millis(100));
        assert!(matches!(read, Read::Stopped));
        assert!(start.elapsed() < Duration::from_secs(5));
        stop.store(true, Ordering::Relaxed);
        let read = job.read(Instant::now() + Duration::from_secs(60));
        assert!(matches!(read, Read::Stopped));
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_stopped_run_is_interrupted_or_timed_out() {
        let stop = AtomicBool::new(false);
        let job = Job {
            expected: Some(Status::Sat),
            ..job(Path::new("x.cnf"), &stop)
        };
        let timed_out = job.stopped(job.unanswered(1.0));
        assert!(timed_out.timed_out && timed_out.error.is_none());
        stop.store(true, Ordering::Relaxed);
        let interrupted = job.stopped(job.unanswered(0.5));
        assert_eq!(interrupted.error.as_deref(), Some("interrupted"));
        assert_eq!(interrupted.verdict(), crate::Verdict::Error);
    }
}
