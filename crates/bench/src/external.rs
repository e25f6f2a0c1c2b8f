//! Running an external solver as a child process on one instance.
//!
//! The command is a [`SolverCmd`] template: `{}` becomes the path of a
//! canonical DIMACS copy of the instance (so `.gz`, `.xz` and
//! SATLIB's `%` trailer never reach the solver), `{out}` the path of a
//! result file (MiniSat: `SAT` then the model, or `UNSAT`). The answer is
//! read from an `s` line on stdout, else from the result file, else from
//! the exit code (10 SAT, 20 UNSAT); the model from `v` lines on stdout or
//! the result file. The child is killed at the timeout (see [`crate::os`]).

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::Instant;

use satoku_formula::{Cnf, Lit};

use crate::job::Job;
use crate::{os, Answer, ModelCheck, Outcome, SolverCmd};

/// What the solver's output says.
#[derive(Debug, PartialEq)]
pub struct Reported {
    /// The answer.
    pub answer: Answer,
    /// The model check of a SAT answer.
    pub model: ModelCheck,
    /// Conflicts, when a line like `conflicts : N` shows them.
    pub conflicts: Option<u64>,
}

/// Runs `cmd` on the job's instance within its timeout, checking any model.
pub fn run_external(cmd: &SolverCmd, job: &Job) -> Outcome {
    try_run(cmd, job).unwrap_or_else(|err| job.failed(0.0, err))
}

fn try_run(cmd: &SolverCmd, job: &Job) -> Result<Outcome, String> {
    let cnf = job.parse()?;
    let dir = tempfile::Builder::new()
        .prefix("satoku-bench")
        .tempdir()
        .map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let input = dir.path().join("input.cnf");
    write_copy(&cnf, &input).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let result_file = dir.path().join("result.txt");
    let stdout_file = dir.path().join("stdout.txt");
    let stdout = File::create(&stdout_file)
        .map_err(|e| format!("cannot write {}: {e}", stdout_file.display()))?;
    let mut command = cmd.command(&input, &result_file);
    command
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::null());
    let start = Instant::now();
    let mut child =
        os::spawn(&mut command).map_err(|e| format!("cannot run `{}`: {e}", cmd.program()))?;
    let finished = os::wait_until(&mut child, start + job.timeout, job.stop)
        .map_err(|e| format!("waiting for `{}` failed: {e}", cmd.program()))?;
    let mut outcome = job.unanswered(start.elapsed().as_secs_f64());
    outcome.cpu_seconds = finished.cpu.map(|cpu| cpu.as_secs_f64());
    if finished.killed {
        return Ok(job.stopped(outcome));
    }
    let stdout = std::fs::read_to_string(&stdout_file).unwrap_or_default();
    let result = if cmd.wants_result_file() {
        std::fs::read_to_string(&result_file).ok()
    } else {
        None
    };
    let reported = interpret(&stdout, result.as_deref(), finished.status.code(), &cnf)?;
    outcome.answer = reported.answer;
    outcome.model = reported.model;
    outcome.conflicts = reported.conflicts;
    Ok(outcome)
}

fn write_copy(cnf: &Cnf, path: &Path) -> io::Result<()> {
    let mut out = BufWriter::new(File::create(path)?);
    satoku_dimacs::write_cnf(cnf, &mut out)?;
    out.flush()
}

/// Reads the answer, the model and the conflicts from a finished solver's
/// stdout, result file and exit code; `Err` when they say nothing or disagree.
pub fn interpret(
    stdout: &str,
    result: Option<&str>,
    exit_code: Option<i32>,
    cnf: &Cnf,
) -> Result<Reported, String> {
    let output = read_solver_output(stdout, result);
    let from_code = match exit_code {
        Some(10) => Some(Answer::Sat),
        Some(20) => Some(Answer::Unsat),
        _ => None,
    };
    let said: Vec<Answer> = output.answers.iter().copied().chain(from_code).collect();
    let Some(&answer) = said.first() else {
        return Err(format!("no answer in the output (exit code {exit_code:?})"));
    };
    if said.iter().any(|&a| a != answer && a != Answer::Unknown) && answer != Answer::Unknown {
        return Err(format!("the output disagrees with itself: {said:?}"));
    }
    let model = if answer == Answer::Sat {
        check_model(&output.model, cnf)
    } else {
        ModelCheck::None
    };
    Ok(Reported {
        answer,
        model,
        conflicts: stdout.lines().find_map(conflicts_in),
    })
}

/// What a solver's output states.
struct SolverOutput {
    /// The answers stated: the `s` line's on stdout, then the result file's.
    answers: Vec<Answer>,
    /// The model's literals, or why there is no readable model.
    model: Result<Vec<Lit>, String>,
}

/// Reads a solver's stdout (SAT-competition `s` and `v` lines) and result
/// file (MiniSat's: `SAT`, `UNSAT` or `INDET`, then the model's literals).
/// The model comes from the `v` lines, else from the result file. Kept in
/// this one function so that a shared reader of solver output can replace it.
fn read_solver_output(stdout: &str, result: Option<&str>) -> SolverOutput {
    let s_line = stdout.lines().find_map(|l| match l.trim() {
        "s SATISFIABLE" => Some(Answer::Sat),
        "s UNSATISFIABLE" => Some(Answer::Unsat),
        "s UNKNOWN" | "s INDETERMINATE" => Some(Answer::Unknown),
        _ => None,
    });
    let mut result_words = result.unwrap_or_default().split_whitespace();
    let result_answer = match result_words.next() {
        Some("SAT") => Some(Answer::Sat),
        Some("UNSAT") => Some(Answer::Unsat),
        Some("INDET") => Some(Answer::Unknown),
        _ => None,
    };
    let mut words: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("v "))
        .flat_map(str::split_whitespace)
        .collect();
    if words.is_empty() {
        words = result_words.collect();
    }
    let model = if words.is_empty() {
        Err("no model (no `v` lines)".to_owned())
    } else {
        words
            .iter()
            .filter(|&&w| w != "0")
            .map(|w| {
                let lit = w.parse().ok().and_then(Lit::try_from_dimacs);
                lit.ok_or_else(|| format!("`{w}` in the model is not a literal"))
            })
            .collect()
    };
    SolverOutput {
        answers: [s_line, result_answer].into_iter().flatten().collect(),
        model,
    }
}

/// Checks a model against the formula: a variable the model does not
/// mention satisfies no literal.
fn check_model(model: &Result<Vec<Lit>, String>, cnf: &Cnf) -> ModelCheck {
    if cnf.num_clauses() == 0 {
        return ModelCheck::Good; // any model, even none (`SAT` then ` 0`), satisfies it
    }
    let lits = match model {
        Ok(lits) => lits,
        Err(why) => return ModelCheck::Bad(why.clone()),
    };
    let true_lits: HashSet<Lit> = lits.iter().copied().collect();
    if let Some(lit) = lits.iter().find(|&&l| true_lits.contains(&!l)) {
        return ModelCheck::Bad(format!("variable {} is given both values", lit.var()));
    }
    match cnf
        .clauses()
        .position(|c| !c.iter().any(|l| true_lits.contains(l)))
    {
        Some(i) => ModelCheck::Bad(format!("clause {} is false", i + 1)),
        None => ModelCheck::Good,
    }
}

/// The number in lines like `c conflicts: 12` or `conflicts   : 12 (3 /sec)`.
fn conflicts_in(line: &str) -> Option<u64> {
    let rest = line.trim().trim_start_matches("c ").trim_start();
    let rest = rest
        .strip_prefix("conflicts")?
        .trim_start()
        .strip_prefix(':')?;
    rest.split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::Lit;

    fn cnf() -> Cnf {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
        cnf.add_clause(&[Lit::from_dimacs(-1)]);
        cnf
    }

    #[test]
    fn competition_output_on_stdout() {
        let out = "c hello\ns SATISFIABLE\nv -1 2 0\n";
        let r = interpret(out, None, Some(10), &cnf()).unwrap();
        assert_eq!((r.answer, r.model), (Answer::Sat, ModelCheck::Good));
        let r = interpret("s UNSATISFIABLE\n", None, Some(20), &cnf()).unwrap();
        assert_eq!((r.answer, r.model), (Answer::Unsat, ModelCheck::None));
        let r = interpret("s UNKNOWN\n", None, Some(0), &cnf()).unwrap();
        assert_eq!(r.answer, Answer::Unknown);
    }

    #[test]
    fn bad_and_missing_models() {
        let r = interpret("s SATISFIABLE\nv 1 2 0\n", None, None, &cnf()).unwrap();
        assert_eq!(r.model, ModelCheck::Bad("clause 2 is false".into()));
        let r = interpret("s SATISFIABLE\n", None, None, &cnf()).unwrap();
        assert!(matches!(r.model, ModelCheck::Bad(m) if m.contains("no model")));
        let r = interpret("s SATISFIABLE\nv 1 -1 0\n", None, None, &cnf()).unwrap();
        assert!(matches!(r.model, ModelCheck::Bad(m) if m.contains("both values")));
        let r = interpret("s SATISFIABLE\nv -1 x 0\n", None, None, &cnf()).unwrap();
        assert_eq!(
            r.model,
            ModelCheck::Bad("`x` in the model is not a literal".into())
        );
        // A huge literal is read without room for every variable below it.
        let r = interpret("s SATISFIABLE\nv -1 2 2147483647 0\n", None, None, &cnf()).unwrap();
        assert_eq!(r.model, ModelCheck::Good);
        let r = interpret("s SATISFIABLE\nv -1 99999999999 0\n", None, None, &cnf()).unwrap();
        assert!(matches!(r.model, ModelCheck::Bad(m) if m.contains("99999999999")));
        // MiniSat's result for a formula without clauses names no variable.
        let r = interpret("", Some("SAT\n 0\n"), Some(10), &Cnf::new()).unwrap();
        assert_eq!(r.model, ModelCheck::Good);
    }

    #[test]
    fn minisat_result_file_and_exit_codes() {
        let stdout =
            "restarts              : 1\nconflicts             : 17             (1700 /sec)\n";
        let r = interpret(stdout, Some("SAT\n-1 2 0\n"), Some(10), &cnf()).unwrap();
        assert_eq!(
            (r.answer, r.model, r.conflicts),
            (Answer::Sat, ModelCheck::Good, Some(17))
        );
        let r = interpret("", Some("UNSAT\n"), Some(20), &cnf()).unwrap();
        assert_eq!(r.answer, Answer::Unsat);
        let r = interpret("", None, Some(20), &cnf()).unwrap();
        assert_eq!(r.answer, Answer::Unsat);
        assert!(interpret("", None, Some(3), &cnf())
            .unwrap_err()
            .contains("no answer"));
        let err = interpret("s SATISFIABLE\nv -1 2 0\n", None, Some(20), &cnf()).unwrap_err();
        assert!(err.contains("disagrees"), "{err}");
    }

    #[test]
    fn conflict_lines() {
        assert_eq!(conflicts_in("c conflicts:  1234  12.0 per sec"), Some(1234));
        assert_eq!(conflicts_in("conflicts             : 5 (1 /sec)"), Some(5));
        assert_eq!(conflicts_in("c conflicts were many"), None);
    }
}
