//! Running an external solver as a child process on one instance.
//!
//! The command is a [`SolverCmd`] template: `{}` becomes the path of a
//! canonical DIMACS copy of the instance (so `.gz`, `.xz` and
//! SATLIB's `%` trailer never reach the solver), `{out}` the path of a
//! result file (MiniSat: `SAT` then the model, or `UNSAT`). Both are read
//! by `satoku_dimacs::read_solver_output`, stdout skipping the lines that
//! are not `c`, `s` or `v` (MiniSat's statistics). The answer is what the
//! `s` line, the result file and the exit code (10 SAT, 20 UNSAT) agree on;
//! the model comes from `v` lines on stdout, else from the result file. The
//! child is killed at the timeout (see [`crate::os`]).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::Instant;

use satoku_dimacs::{read_solver_output, ErrorKind, OutputOptions, PartialModel, Status};
use satoku_formula::Cnf;

use crate::job::{Job, Read};
use crate::{os, solver_files, ModelCheck, Outcome, SolverCmd};

/// What the solver's output says.
#[derive(Debug, PartialEq)]
pub struct Reported {
    /// The answer.
    pub answer: Status,
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
    // The instance is read within the timeout; the solver then gets its own.
    let read_start = Instant::now();
    let cnf = match job.read(read_start + job.timeout) {
        Read::Parsed(cnf, _) => cnf,
        Read::Failed(err) => return Err(err),
        Read::Stopped => {
            let seconds = read_start.elapsed().as_secs_f64();
            return Ok(job.stopped(job.unanswered(seconds)));
        }
    };
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
    // Past the ceiling on either output the solver is stopped; reading then
    // names the ceiling.
    let max = satoku_dimacs::max_solver_output(cnf.num_vars());
    let too_long = || {
        solver_files::longer_than(&stdout_file, max) || solver_files::longer_than(&result_file, max)
    };
    let start = Instant::now();
    let mut child =
        os::spawn(&mut command).map_err(|e| format!("cannot run `{}`: {e}", cmd.program()))?;
    let finished = os::wait_until(&mut child, start + job.timeout, job.stop, too_long)
        .map_err(|e| format!("waiting for `{}` failed: {e}", cmd.program()))?;
    let mut outcome = job.unanswered(start.elapsed().as_secs_f64());
    outcome.cpu_seconds = finished.cpu.map(|cpu| cpu.as_secs_f64());
    if finished.killed && !too_long() {
        return Ok(job.stopped(outcome));
    }
    let stdout = solver_files::read_stdout(&stdout_file, max)?;
    let result = if cmd.wants_result_file() {
        solver_files::read_result(&result_file, max)?
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
/// stdout, result file and exit code; `Err` when they say nothing, disagree,
/// or cannot be read (a malformed status line, two of them, a model of an
/// UNSAT answer).
///
/// Each SAT or UNSAT counts: the `s` line on stdout, the result file's
/// first line, the exit code 10 or 20. With none of them the answer is
/// UNKNOWN if the exit code is 0 (the competition's "no answer") and an
/// error otherwise. The model comes from the `v` lines, else from the result
/// file; a malformed one is a bad model, not a failed run.
pub fn interpret(
    stdout: &str,
    result: Option<&str>,
    exit_code: Option<i32>,
    cnf: &Cnf,
) -> Result<Reported, String> {
    let chatty = OutputOptions {
        skip_other_lines: true,
    };
    let on_stdout = read_source(stdout, "stdout", chatty)?;
    let in_file = result
        .map(|text| read_source(text, "result file", OutputOptions::default()))
        .transpose()?;
    let stated = [
        Some(("stdout", on_stdout.status)),
        in_file.as_ref().map(|f| ("result file", f.status)),
    ];
    let answer = answer_of(stated.into_iter().flatten(), exit_code)?;
    let model = match on_stdout.model {
        Ok(None) => in_file.map_or(Ok(None), |f| f.model),
        from_v_lines => from_v_lines,
    };
    let model = if answer == Status::Sat {
        check_model(model, cnf)
    } else {
        ModelCheck::None
    };
    Ok(Reported {
        answer,
        model,
        conflicts: stdout.lines().find_map(conflicts_in),
    })
}

/// What one output (stdout or the result file) states.
struct Stated {
    /// Its status; [`Status::Unknown`] when it has no status line.
    status: Status,
    /// Its model, if any, or the reader's message on a malformed one.
    model: Result<Option<PartialModel>, String>,
}

/// Reads one output with the project's reader. A malformed model (a token
/// that is not a literal, a literal out of range, a variable given both
/// values) keeps the status read from the lines before it, so that a SAT
/// answer with a broken model counts as a bad model; any other failure is
/// the output's error.
fn read_source(text: &str, name: &str, options: OutputOptions) -> Result<Stated, String> {
    let err = match read_solver_output(text, name, options) {
        Ok(out) => {
            return Ok(Stated {
                status: out.status(),
                model: Ok(out.into_model()),
            })
        }
        Err(err) if is_model_error(&err.kind) => err,
        Err(err) => return Err(err.to_string()),
    };
    // The reader stops at the first bad line, so the lines before it read
    // again without error and hold the status line of any usual output.
    let before = read_solver_output(lines_before(text, err.line), name, options)
        .map_err(|again| again.to_string())?;
    Ok(Stated {
        status: before.status(),
        model: Err(err.to_string()),
    })
}

/// Whether the reader failed on a model's literal rather than on the output's shape.
fn is_model_error(kind: &ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::BadToken { .. }
            | ErrorKind::LiteralOutOfRange { .. }
            | ErrorKind::BothValues { .. }
    )
}

/// The text of the lines before 1-based line `line`.
fn lines_before(text: &str, line: u64) -> &str {
    let len = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1) as usize)
        .map(str::len)
        .sum();
    &text[..len]
}

/// The answer the stated statuses (each with where it was stated) and the
/// exit code agree on; an error naming what each said otherwise.
fn answer_of(
    stated: impl Iterator<Item = (&'static str, Status)>,
    exit_code: Option<i32>,
) -> Result<Status, String> {
    let from_code = exit_code.and_then(Status::from_exit_code);
    let code = exit_code_text(exit_code);
    let said: Vec<(String, Status)> = (stated.map(|(place, s)| (place.to_owned(), s)))
        .chain(from_code.map(|status| (code.clone(), status)))
        .filter(|&(_, s)| s != Status::Unknown)
        .collect();
    match said.first() {
        Some(&(_, answer)) if said.iter().all(|&(_, s)| s == answer) => Ok(answer),
        Some(_) => {
            let each: Vec<String> = (said.iter())
                .map(|(place, status)| format!("{} ({place})", status.word()))
                .collect();
            Err(format!(
                "the output disagrees with itself: {}",
                each.join(", ")
            ))
        }
        None if from_code == Some(Status::Unknown) => Ok(Status::Unknown),
        None => Err(format!("no answer in the output ({code})")),
    }
}

/// `exit code N`, or what a process with none went through.
fn exit_code_text(exit_code: Option<i32>) -> String {
    match exit_code {
        Some(code) => format!("exit code {code}"),
        None => "no exit code: ended by a signal".to_owned(),
    }
}

/// Checks a SAT answer's model against the formula: a variable the model
/// does not mention satisfies no literal.
fn check_model(model: Result<Option<PartialModel>, String>, cnf: &Cnf) -> ModelCheck {
    if cnf.num_clauses() == 0 {
        return ModelCheck::Good; // any model, even none (`SAT` then ` 0`), satisfies it
    }
    match model {
        Err(why) => ModelCheck::Bad(why),
        Ok(None) => ModelCheck::Bad("no model (no `v` lines)".to_owned()),
        Ok(Some(model)) => match model.first_falsified(cnf) {
            Some(i) => ModelCheck::Bad(format!("clause {} is false", i + 1)),
            None => ModelCheck::Good,
        },
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
#[path = "external_tests.rs"]
mod tests;
