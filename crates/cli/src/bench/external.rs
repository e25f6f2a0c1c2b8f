//! Running an external solver as a child process on one instance.
//!
//! The command is a template split at whitespace (no shell): `{}` becomes
//! the path of a canonical DIMACS copy of the instance (so `.gz`, `.xz` and
//! SATLIB's `%` trailer never reach the solver), `{out}` the path of a
//! result file (MiniSat: `SAT` then the model, or `UNSAT`). The answer is
//! read from an `s` line on stdout, else from the result file, else from
//! the exit code (10 SAT, 20 UNSAT); the model from `v` lines on stdout or
//! the result file. The child is killed at the timeout.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context;
use satoku_dimacs::ParseOptions;
use satoku_formula::Cnf;

use super::cpu;
use super::outcome::{Answer, ModelCheck, Outcome};
use crate::check::parse_model;
use crate::exit::BadInput;

/// A solver command template such as `minisat -verb=0 {} {out}`.
#[derive(Clone, Debug)]
pub struct SolverCmd {
    words: Vec<String>,
}

impl SolverCmd {
    /// Splits `template` at whitespace; it must name the input as `{}`.
    pub fn parse(template: &str) -> Result<SolverCmd, BadInput> {
        let words: Vec<String> = template.split_whitespace().map(String::from).collect();
        if words.is_empty() || !words.iter().any(|w| w.contains("{}")) {
            return Err(BadInput(format!(
                "--solver-cmd `{template}` must contain `{{}}` for the input file"
            )));
        }
        Ok(SolverCmd { words })
    }

    /// The program's file name, a default label for its results.
    pub fn program_name(&self) -> String {
        let program = Path::new(&self.words[0]);
        program.file_name().map_or_else(
            || self.words[0].clone(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    fn wants_result_file(&self) -> bool {
        self.words.iter().any(|w| w.contains("{out}"))
    }

    fn command(&self, input: &Path, out: &Path) -> Command {
        let fill = |w: &String| {
            w.replace("{out}", &out.to_string_lossy())
                .replace("{}", &input.to_string_lossy())
        };
        let mut command = Command::new(fill(&self.words[0]));
        command.args(self.words[1..].iter().map(fill));
        command
    }
}

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

/// Runs `cmd` on `path` within `timeout`, checking any model.
pub fn run_external(
    cmd: &SolverCmd,
    path: &Path,
    expected: Option<Answer>,
    timeout: Duration,
) -> Outcome {
    match try_run(cmd, path, expected, timeout) {
        Ok(outcome) => outcome,
        Err(err) => Outcome::failed(path.into(), expected, 0.0, format!("{err:#}")),
    }
}

fn try_run(
    cmd: &SolverCmd,
    path: &Path,
    expected: Option<Answer>,
    timeout: Duration,
) -> anyhow::Result<Outcome> {
    let cnf = satoku_dimacs::parse_path(path, &ParseOptions { strict: false })?.cnf;
    let dir = tempfile::Builder::new().prefix("satoku-bench").tempdir()?;
    let input = dir.path().join("input.cnf");
    write_copy(&cnf, &input)?;
    let result_file = dir.path().join("result.txt");
    let stdout_file = dir.path().join("stdout.txt");
    let mut command = cmd.command(&input, &result_file);
    command
        .stdin(Stdio::null())
        .stdout(File::create(&stdout_file)?)
        .stderr(Stdio::null());
    let start = Instant::now();
    let mut child = command
        .spawn()
        .with_context(|| format!("cannot run `{}`", cmd.words[0]))?;
    let (status, cpu, timed_out) = wait_until(&mut child, start + timeout)?;
    let cpu_seconds = Some(cpu.as_secs_f64());
    let seconds = start.elapsed().as_secs_f64();
    if timed_out {
        return Ok(Outcome {
            path: path.into(),
            expected,
            answer: Answer::Unknown,
            seconds,
            cpu_seconds,
            conflicts: None,
            model: ModelCheck::None,
            timed_out: true,
            error: None,
        });
    }
    let stdout = std::fs::read_to_string(&stdout_file).unwrap_or_default();
    let result = if cmd.wants_result_file() {
        std::fs::read_to_string(&result_file).ok()
    } else {
        None
    };
    let reported = interpret(&stdout, result.as_deref(), status.code(), &cnf)
        .map_err(|msg| anyhow::anyhow!("{msg}"))?;
    Ok(Outcome {
        path: path.into(),
        expected,
        answer: reported.answer,
        seconds,
        cpu_seconds,
        conflicts: reported.conflicts,
        model: reported.model,
        timed_out: false,
        error: None,
    })
}

fn write_copy(cnf: &Cnf, path: &Path) -> anyhow::Result<()> {
    let mut out = BufWriter::new(File::create(path)?);
    satoku_dimacs::write_cnf(cnf, &mut out)?;
    out.flush()?;
    Ok(())
}

/// Waits for `child`, killing it at `deadline`: (status, CPU time, killed).
fn wait_until(
    child: &mut std::process::Child,
    deadline: Instant,
) -> anyhow::Result<(std::process::ExitStatus, Duration, bool)> {
    let mut nap = Duration::from_millis(1);
    loop {
        if let Some((status, cpu)) = cpu::reap(child.id(), false)? {
            return Ok((status, cpu, false));
        }
        let now = Instant::now();
        if now >= deadline {
            let _ = child.kill();
            let (status, cpu) = cpu::reap(child.id(), true)?
                .ok_or_else(|| anyhow::anyhow!("waiting for the killed solver failed"))?;
            return Ok((status, cpu, true));
        }
        std::thread::sleep(nap.min(deadline - now));
        nap = (nap * 2).min(Duration::from_millis(10));
    }
}

/// Reads the answer, the model and the conflicts from a finished solver's
/// stdout, result file and exit code; `Err` when they say nothing or disagree.
pub fn interpret(
    stdout: &str,
    result: Option<&str>,
    exit_code: Option<i32>,
    cnf: &Cnf,
) -> Result<Reported, String> {
    let from_stdout = stdout.lines().find_map(|l| match l.trim() {
        "s SATISFIABLE" => Some(Answer::Sat),
        "s UNSATISFIABLE" => Some(Answer::Unsat),
        "s UNKNOWN" | "s INDETERMINATE" => Some(Answer::Unknown),
        _ => None,
    });
    let from_result = result.and_then(|r| match r.split_whitespace().next() {
        Some("SAT") => Some(Answer::Sat),
        Some("UNSAT") => Some(Answer::Unsat),
        Some("INDET") => Some(Answer::Unknown),
        _ => None,
    });
    let from_code = match exit_code {
        Some(10) => Some(Answer::Sat),
        Some(20) => Some(Answer::Unsat),
        _ => None,
    };
    let said: Vec<Answer> = [from_stdout, from_result, from_code]
        .into_iter()
        .flatten()
        .collect();
    let Some(&answer) = said.first() else {
        return Err(format!("no answer in the output (exit code {exit_code:?})"));
    };
    if said.iter().any(|&a| a != answer && a != Answer::Unknown) && answer != Answer::Unknown {
        return Err(format!("the output disagrees with itself: {said:?}"));
    }
    let model = if answer == Answer::Sat {
        check_model(stdout, result, cnf)
    } else {
        ModelCheck::None
    };
    Ok(Reported {
        answer,
        model,
        conflicts: stdout.lines().find_map(conflicts_in),
    })
}

fn check_model(stdout: &str, result: Option<&str>, cnf: &Cnf) -> ModelCheck {
    if cnf.num_clauses() == 0 {
        return ModelCheck::Good; // any model, even none (`SAT` then ` 0`), satisfies it
    }
    let v_lines: String = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("v "))
        .map(|l| format!("{l}\n"))
        .collect();
    let parsed = if !v_lines.is_empty() {
        parse_model(&v_lines, "stdout")
    } else if let Some(text) = result {
        parse_model(text, "result file")
    } else {
        return ModelCheck::Bad("no model (no `v` lines)".into());
    };
    match parsed {
        Err(err) => ModelCheck::Bad(err.0),
        Ok(model) => match model.first_falsified(cnf) {
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

    #[test]
    fn templates() {
        assert!(SolverCmd::parse("minisat").is_err());
        assert!(SolverCmd::parse("  ").is_err());
        let cmd = SolverCmd::parse("/usr/bin/minisat -verb=0 {} {out}").unwrap();
        assert_eq!(cmd.program_name(), "minisat");
        assert!(cmd.wants_result_file());
        let c = cmd.command(Path::new("/t/in.cnf"), Path::new("/t/r.txt"));
        let args: Vec<_> = c.get_args().map(|a| a.to_str().unwrap()).collect();
        assert_eq!(args, ["-verb=0", "/t/in.cnf", "/t/r.txt"]);
    }
}
