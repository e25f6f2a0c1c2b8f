//! The runner: every instance through the chosen solver, `jobs` at a time.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use satoku_solver::SolverConfig;

use crate::external::run_external;
use crate::in_process::run_satoku;
use crate::job::Job;
use crate::{Expected, Outcome, Results, SolverCmd};

/// The solver a bench runs.
#[derive(Clone, Debug)]
pub enum Engine {
    /// satoku in this process, one instance per thread, with this configuration
    /// (its time limit and interrupt flag are set per instance).
    Satoku(SolverConfig),
    /// Another solver as a child process per instance.
    External(SolverCmd),
}

impl Engine {
    /// The default label of its results: `satoku`, or the program's file name.
    pub fn label(&self) -> String {
        match self {
            Engine::Satoku(_) => "satoku".into(),
            Engine::External(cmd) => cmd.program_name(),
        }
    }
}

/// A benchmark run's settings: the solver, the time limit and what the
/// answers should be.
///
/// ```no_run
/// use std::time::Duration;
/// use satoku_bench::{find_instances, Bench, Engine};
///
/// let files = find_instances(&["cnf/sat".into(), "cnf/unsat".into()])?;
/// let bench = Bench::new(Engine::Satoku(Default::default()), Duration::from_secs(10)).jobs(2);
/// let results = bench.run(&files, |_| {});
/// print!("{}", results.table());
/// assert!(results.passed());
/// # Ok::<(), satoku_bench::BenchError>(())
/// ```
#[derive(Debug)]
pub struct Bench {
    engine: Engine,
    timeout: Duration,
    expected: Expected,
    jobs: usize,
    strict: bool,
    label: Option<String>,
    stop: Arc<AtomicBool>,
}

impl Bench {
    /// A bench of `engine` allowing `timeout` (wall-clock) per instance, one
    /// instance at a time, no expectations, lenient parsing.
    pub fn new(engine: Engine, timeout: Duration) -> Bench {
        Bench {
            engine,
            timeout,
            expected: Expected::default(),
            jobs: 1,
            strict: false,
            label: None,
            stop: Arc::default(),
        }
    }

    /// Judges answers against `expected`.
    pub fn expected(mut self, expected: Expected) -> Bench {
        self.expected = expected;
        self
    }

    /// Runs `jobs` instances at once (at least one).
    pub fn jobs(mut self, jobs: usize) -> Bench {
        self.jobs = jobs.max(1);
        self
    }

    /// Treats DIMACS warnings (clause count mismatch, open last clause) as
    /// errors: such an instance gets the verdict `error`.
    pub fn strict(mut self, strict: bool) -> Bench {
        self.strict = strict;
        self
    }

    /// Names the solver in the CSV and the plot (default: [`Engine::label`]).
    pub fn label(mut self, label: impl Into<String>) -> Bench {
        self.label = Some(label.into());
        self
    }

    /// Stops the run when `stop` is raised (e.g. by a Ctrl-C handler): the
    /// running instances end with the error `interrupted` and the others
    /// are not started.
    pub fn interrupt(mut self, stop: Arc<AtomicBool>) -> Bench {
        self.stop = stop;
        self
    }

    /// Runs every file, calling `finished` as each one ends (from the worker
    /// threads); the results keep the order of `files`.
    pub fn run<F>(&self, files: &[PathBuf], finished: F) -> Results
    where
        F: Fn(&Outcome) + Sync,
    {
        let outcomes = run_all(files, self.jobs, &self.stop, |path| {
            let outcome = self.run_one(path);
            finished(&outcome);
            outcome
        });
        let label = self.label.clone().unwrap_or_else(|| self.engine.label());
        Results::new(label, self.timeout, outcomes)
    }

    /// Runs one file.
    pub fn run_one(&self, path: &Path) -> Outcome {
        let job = Job {
            path,
            expected: self.expected.lookup(path),
            timeout: self.timeout,
            strict: self.strict,
            stop: &self.stop,
        };
        match &self.engine {
            Engine::Satoku(config) => run_satoku(config, &job),
            Engine::External(cmd) => run_external(cmd, &job),
        }
    }
}

/// Runs `one` on every file with `jobs` worker threads until `stop` is
/// raised; outcomes in file order, files not started left out.
fn run_all<F>(files: &[PathBuf], jobs: usize, stop: &AtomicBool, one: F) -> Vec<Outcome>
where
    F: Fn(&Path) -> Outcome + Sync,
{
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; files.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(files.len()) {
            scope.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let outcome = one(path);
                slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(outcome);
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(n: usize) -> Vec<PathBuf> {
        (0..n).map(|i| format!("f{i:02}.cnf").into()).collect()
    }

    #[test]
    fn run_all_keeps_file_order_with_many_jobs() {
        let files = files(20);
        let outcomes = run_all(&files, 4, &AtomicBool::new(false), |path| {
            std::thread::sleep(Duration::from_millis(1));
            Outcome::failed(path.into(), None, 0.0, String::new())
        });
        let names: Vec<_> = outcomes.iter().map(|o| o.path.clone()).collect();
        assert_eq!(names, files);
    }

    #[test]
    fn a_raised_stop_flag_starts_no_more_files() {
        let files = files(20);
        let stop = AtomicBool::new(false);
        let outcomes = run_all(&files, 1, &stop, |path| {
            if path.ends_with("f05.cnf") {
                stop.store(true, Ordering::Relaxed);
            }
            Outcome::failed(path.into(), None, 0.0, String::new())
        });
        let names: Vec<_> = outcomes.iter().map(|o| o.path.clone()).collect();
        assert_eq!(names, files[..6]);
    }
}
