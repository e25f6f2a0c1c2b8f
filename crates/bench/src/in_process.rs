//! Running satoku in-process on one instance.
//!
//! The instance is read within the deadline ([`Job::read`]). The time limit
//! of the search is given to the solver (`SolverConfig::time_limit`) and
//! enforced a second way: a watchdog thread raises the solver's interrupt
//! flag when the deadline passes or the bench is interrupted, in case the
//! search checks its clock too rarely.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use satoku_dimacs::Status;
use satoku_formula::Cnf;
use satoku_solver::{SolveResult, Solver, SolverConfig};

use crate::job::{Job, Read};
use crate::{os, ModelCheck, Outcome};

/// How often the watchdog looks at the bench's interrupt flag.
const WATCH_INTERVAL: Duration = Duration::from_millis(20);

/// Parses and solves the job's instance within its timeout, checking any model.
pub fn run_satoku(config: &SolverConfig, job: &Job) -> Outcome {
    let start = Instant::now();
    let cpu_start = os::thread_cpu_time();
    let secs = || start.elapsed().as_secs_f64();
    let (cnf, read_cpu) = match job.read(start + job.timeout) {
        Read::Parsed(cnf, cpu) => (cnf, cpu),
        Read::Failed(err) => return job.failed(secs(), err),
        Read::Stopped => return job.stopped(job.unanswered(secs())),
    };
    if let Err(err) = Solver::check_fits(&cnf) {
        return job.failed(secs(), err.to_string());
    }
    let (solver, result) = solve(config, &cnf, job, start);
    let seconds = start.elapsed().as_secs_f64();
    let Ok(result) = result else {
        return job.failed(seconds, "solver panicked".into());
    };
    let mut outcome = job.unanswered(seconds);
    // This thread's search plus the reading thread's parse.
    outcome.cpu_seconds = cpu_start
        .zip(os::thread_cpu_time())
        .zip(read_cpu)
        .map(|((before, after), read)| (after - before + read).as_secs_f64());
    outcome.conflicts = Some(solver.stats().conflicts);
    match &result {
        SolveResult::Sat(model) => {
            outcome.answer = Status::Sat;
            outcome.model = match model.first_falsified(&cnf) {
                None if model.num_vars() >= cnf.used_vars() => ModelCheck::Good,
                None => ModelCheck::Bad("the model misses variables".into()),
                Some(i) => ModelCheck::Bad(format!("clause {} is false", i + 1)),
            };
        }
        SolveResult::Unsat => outcome.answer = Status::Unsat,
        SolveResult::Unknown if seconds >= job.timeout.as_secs_f64() * 0.99 => {
            return job.stopped(outcome);
        }
        SolveResult::Unknown if job.stop.load(Ordering::Relaxed) => return job.stopped(outcome),
        SolveResult::Unknown => {}
    }
    outcome
}

/// Solves `cnf` under `job`'s limits, with a watchdog for the deadline and
/// the bench's interrupt; a panic in the search is caught.
fn solve(
    config: &SolverConfig,
    cnf: &Cnf,
    job: &Job,
    start: Instant,
) -> (Solver, std::thread::Result<SolveResult>) {
    let interrupt = Arc::new(AtomicBool::new(false));
    let mut config = config.clone();
    config.time_limit = Some(job.timeout.saturating_sub(start.elapsed()));
    config.interrupt = Some(Arc::clone(&interrupt));
    // Models are checked by the caller, where a bad one is reported instead of a panic.
    config.check_models = false;
    // Sized by the variables the clauses use, not by every declared one
    // (a header may declare billions); the model covers the rest as false.
    let mut solver = Solver::from_cnf(cnf, config);
    let deadline = start + job.timeout;
    let (done, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || watch(&wait, deadline, job.stop, &interrupt));
        let result = catch_unwind(AssertUnwindSafe(|| solver.solve()));
        drop(done);
        (solver, result)
    })
}

/// Raises `interrupt` when `deadline` passes or `stop` is raised, unless
/// `done` is dropped first.
fn watch(done: &mpsc::Receiver<()>, deadline: Instant, stop: &AtomicBool, interrupt: &AtomicBool) {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match done.recv_timeout(left.min(WATCH_INTERVAL)) {
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            _ => return,
        }
        if Instant::now() >= deadline || stop.load(Ordering::Relaxed) {
            interrupt.store(true, Ordering::Relaxed);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    static NO_STOP: AtomicBool = AtomicBool::new(false);

    fn job(path: &Path, expected: Option<Status>, timeout: Duration) -> Job<'_> {
        Job {
            path,
            expected,
            timeout,
            strict: false,
            stop: &NO_STOP,
        }
    }

    fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn answers_models_and_parse_errors() {
        let dir = tempfile::tempdir().unwrap();
        let config = SolverConfig::default();
        let limit = Duration::from_secs(10);
        let sat = write(dir.path(), "s.cnf", "p cnf 2 2\n1 2 0\n-1 0\n%\n0\n");
        let out = run_satoku(&config, &job(&sat, Some(Status::Sat), limit));
        assert_eq!(
            (out.answer, out.model, out.error),
            (Status::Sat, ModelCheck::Good, None)
        );
        let unsat = write(dir.path(), "u.cnf", "p cnf 1 2\n1 0\n-1 0\n");
        let out = run_satoku(&config, &job(&unsat, None, limit));
        assert_eq!(out.answer, Status::Unsat);
        let bad = write(dir.path(), "b.cnf", "p cnf 1 1\n1 x 0\n");
        let out = run_satoku(&config, &job(&bad, None, limit));
        assert!(out.error.unwrap().contains("b.cnf"));
    }

    /// Pigeonhole 11 into 10: far beyond a second for plain CDCL.
    fn pigeonhole(dir: &Path) -> std::path::PathBuf {
        let (pigeons, holes) = (11, 10);
        let var = |p: usize, h: usize| (p * holes + h + 1) as i64;
        let mut text = format!("p cnf {} 0\n", pigeons * holes);
        for p in 0..pigeons {
            let row: Vec<String> = (0..holes).map(|h| var(p, h).to_string()).collect();
            text += &format!("{} 0\n", row.join(" "));
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    text += &format!("-{} -{} 0\n", var(p, h), var(q, h));
                }
            }
        }
        write(dir, "php.cnf", &text)
    }

    #[test]
    fn the_timeout_stops_a_hard_instance() {
        let dir = tempfile::tempdir().unwrap();
        let path = pigeonhole(dir.path());
        let limit = Duration::from_millis(200);
        let out = run_satoku(
            &SolverConfig::default(),
            &job(&path, Some(Status::Unsat), limit),
        );
        assert_eq!(out.answer, Status::Unknown);
        assert!(out.timed_out);
        assert!(out.seconds < 5.0, "{}", out.seconds);
    }

    #[test]
    fn the_stop_flag_interrupts_a_hard_instance() {
        let dir = tempfile::tempdir().unwrap();
        let path = pigeonhole(dir.path());
        let stop = AtomicBool::new(false);
        let job = Job {
            stop: &stop,
            ..job(&path, None, Duration::from_secs(60))
        };
        let out = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                stop.store(true, Ordering::Relaxed);
            });
            run_satoku(&SolverConfig::default(), &job)
        });
        assert_eq!(out.error.as_deref(), Some("interrupted"));
        assert!(!out.timed_out);
        assert!(out.seconds < 5.0, "{}", out.seconds);
    }

    #[test]
    fn a_sparse_formula_is_refused_before_the_solver_allocates() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            dir.path(),
            "sparse.cnf",
            "p cnf 2000000000 1\n2000000000 0\n",
        );
        let out = run_satoku(
            &SolverConfig::default(),
            &job(&path, None, Duration::from_secs(5)),
        );
        let err = out.error.unwrap();
        assert!(err.contains("variable 2000000000"), "{err}");
    }
}
