//! Running satoku in-process on one instance.
//!
//! The time limit is given to the solver (`SolverConfig::time_limit`) and
//! enforced a second way: a watchdog thread raises the interrupt flag when
//! the deadline passes, in case the search checks its clock too rarely.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use satoku_dimacs::ParseOptions;
use satoku_solver::{SolveResult, Solver, SolverConfig};

use super::cpu::thread_cpu_time;
use super::outcome::{Answer, ModelCheck, Outcome};

/// Parses and solves `path` within `timeout`, checking any model.
pub fn run_satoku(
    path: &Path,
    expected: Option<Answer>,
    config: &SolverConfig,
    timeout: Duration,
) -> Outcome {
    let start = Instant::now();
    let cpu_start = thread_cpu_time();
    let parsed = match satoku_dimacs::parse_path(path, &ParseOptions { strict: false }) {
        Ok(parsed) => parsed,
        Err(err) => {
            let secs = start.elapsed().as_secs_f64();
            return Outcome::failed(path.into(), expected, secs, err.to_string());
        }
    };
    let cnf = parsed.cnf;
    if let Err(err) = crate::input::check_var_density(&cnf) {
        let secs = start.elapsed().as_secs_f64();
        return Outcome::failed(path.into(), expected, secs, err.0);
    }
    let interrupt = Arc::new(AtomicBool::new(false));
    let mut config = config.clone();
    config.time_limit = Some(timeout.saturating_sub(start.elapsed()));
    config.interrupt = Some(Arc::clone(&interrupt));
    // Models are checked below, where a bad one is reported instead of a panic.
    config.check_models = false;
    let (done, wait) = mpsc::channel::<()>();
    let deadline = start + timeout;
    let watchdog = std::thread::spawn(move || {
        let left = deadline.saturating_duration_since(Instant::now());
        if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(left) {
            interrupt.store(true, Ordering::Relaxed);
        }
    });
    // Room for the variables the clauses use, not for every declared one
    // (a header may declare billions); the model covers the rest as false.
    let mut solver = Solver::new(config);
    solver.ensure_vars(cnf.used_vars());
    for clause in &cnf {
        solver.add_clause(clause);
    }
    let result = catch_unwind(AssertUnwindSafe(|| solver.solve()));
    let seconds = start.elapsed().as_secs_f64();
    let cpu_seconds = (thread_cpu_time() - cpu_start).as_secs_f64();
    drop(done);
    let _ = watchdog.join();
    let result = match result {
        Ok(result) => result,
        Err(_) => return Outcome::failed(path.into(), expected, seconds, "solver panicked".into()),
    };
    let (answer, model) = match &result {
        SolveResult::Sat(model) => {
            let check = match model.first_falsified(&cnf) {
                None if model.num_vars() >= cnf.used_vars() => ModelCheck::Good,
                None => ModelCheck::Bad("the model misses variables".into()),
                Some(i) => ModelCheck::Bad(format!("clause {} is false", i + 1)),
            };
            (Answer::Sat, check)
        }
        SolveResult::Unsat => (Answer::Unsat, ModelCheck::None),
        SolveResult::Unknown => (Answer::Unknown, ModelCheck::None),
    };
    Outcome {
        path: path.into(),
        expected,
        answer,
        seconds,
        cpu_seconds: Some(cpu_seconds),
        conflicts: Some(solver.stats().conflicts),
        model,
        timed_out: answer == Answer::Unknown && seconds >= timeout.as_secs_f64() * 0.99,
        error: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let out = run_satoku(&sat, Some(Answer::Sat), &config, limit);
        assert_eq!(
            (out.answer, out.model, out.error),
            (Answer::Sat, ModelCheck::Good, None)
        );
        let unsat = write(dir.path(), "u.cnf", "p cnf 1 2\n1 0\n-1 0\n");
        let out = run_satoku(&unsat, None, &config, limit);
        assert_eq!(out.answer, Answer::Unsat);
        let bad = write(dir.path(), "b.cnf", "p cnf 1 1\n1 x 0\n");
        let out = run_satoku(&bad, None, &config, limit);
        assert!(out.error.unwrap().contains("b.cnf"));
    }

    #[test]
    fn the_timeout_stops_a_hard_instance() {
        let dir = tempfile::tempdir().unwrap();
        // Pigeonhole 11 into 10: far beyond 0.2 s for plain CDCL.
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
        let path = write(dir.path(), "php.cnf", &text);
        let out = run_satoku(
            &path,
            Some(Answer::Unsat),
            &SolverConfig::default(),
            Duration::from_millis(200),
        );
        assert_eq!(out.answer, Answer::Unknown);
        assert!(out.timed_out);
        assert!(out.seconds < 5.0, "{}", out.seconds);
    }
}
