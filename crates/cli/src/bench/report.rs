//! The results: a table, the totals line with PAR-2, and the CSV file
//! (written by `bench --csv`, read back by `bench-plot`).
//!
//! PAR-2 (penalised average runtime, here summed rather than averaged, in
//! seconds) counts each solved instance at its time and each other one
//! (timeout, wrong answer, bad model, error) at twice the timeout. It is
//! given twice: on wall-clock times, and on CPU times (the timeout itself is
//! always wall-clock), which a loaded machine disturbs much less.

use std::fmt::Write as _;
use std::path::Path;

use super::outcome::{Answer, ModelCheck, Outcome, Verdict};
use crate::exit::BadInput;

/// Counts over all outcomes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Instances run.
    pub files: usize,
    /// Correct answers with good models.
    pub solved: usize,
    /// Answers contradicting the expectation.
    pub wrong: usize,
    /// SAT answers with a missing or false model.
    pub bad_models: usize,
    /// No answer in time.
    pub timeouts: usize,
    /// Failed runs.
    pub errors: usize,
    /// Sum of solved times plus twice the timeout per unsolved instance.
    pub par2: f64,
    /// The same with CPU times (wall-clock where CPU time is not known).
    pub cpu_par2: f64,
}

impl Totals {
    /// Adds up `outcomes` for a run with `timeout` seconds per instance.
    pub fn of(outcomes: &[Outcome], timeout: f64) -> Totals {
        let mut t = Totals {
            files: outcomes.len(),
            ..Totals::default()
        };
        for outcome in outcomes {
            let verdict = outcome.verdict();
            match verdict {
                Verdict::Solved => t.solved += 1,
                Verdict::Wrong => t.wrong += 1,
                Verdict::BadModel => t.bad_models += 1,
                Verdict::Timeout => t.timeouts += 1,
                Verdict::Error => t.errors += 1,
            }
            if verdict == Verdict::Solved {
                t.par2 += outcome.seconds.min(timeout);
                t.cpu_par2 += outcome.cpu_seconds.unwrap_or(outcome.seconds).min(timeout);
            } else {
                t.par2 += 2.0 * timeout;
                t.cpu_par2 += 2.0 * timeout;
            }
        }
        t
    }

    /// The closing line of the table.
    pub fn line(&self, timeout: f64) -> String {
        format!(
            "solved {}/{}, wrong {}, bad models {}, timeouts {}, errors {}, PAR-2 {:.2} s, CPU PAR-2 {:.2} s (timeout {} s)",
            self.solved, self.files, self.wrong, self.bad_models, self.timeouts, self.errors,
            self.par2, self.cpu_par2, timeout
        )
    }
}

/// `-` for no expectation.
fn expected_name(expected: Option<Answer>) -> &'static str {
    expected.map_or("-", Answer::name)
}

/// Why a row is not plainly solved, if there is something to say.
fn note(outcome: &Outcome) -> String {
    match (&outcome.error, &outcome.model) {
        (Some(err), _) => err.clone(),
        (None, ModelCheck::Bad(why)) => why.clone(),
        _ if outcome.answer == Answer::Unknown && !outcome.timed_out => {
            "gave up before the timeout".into()
        }
        _ => String::new(),
    }
}

/// The table: one row per outcome, then the totals line.
pub fn table(outcomes: &[Outcome], timeout: f64) -> String {
    let names: Vec<String> = outcomes
        .iter()
        .map(|o| o.path.display().to_string())
        .collect();
    let width = names.iter().map(String::len).max().unwrap_or(4).max(4);
    let mut text = format!(
        "{:<width$}  {:<8} {:<8} {:<9} {:>9} {:>9} {:>11}\n",
        "file", "expected", "answer", "verdict", "seconds", "cpu", "conflicts"
    );
    for (outcome, name) in outcomes.iter().zip(&names) {
        let conflicts = outcome.conflicts.map_or("-".into(), |c| c.to_string());
        let cpu = outcome
            .cpu_seconds
            .map_or("-".into(), |c| format!("{c:.3}"));
        let line = format!(
            "{name:<width$}  {:<8} {:<8} {:<9} {:>9.3} {:>9} {:>11}  {}",
            expected_name(outcome.expected),
            outcome.answer.name(),
            outcome.verdict().name(),
            outcome.seconds,
            cpu,
            conflicts,
            note(outcome)
        );
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text + &Totals::of(outcomes, timeout).line(timeout) + "\n"
}

/// The CSV header.
pub const CSV_HEADER: &str =
    "solver,file,expected,answer,verdict,seconds,cpu,conflicts,timeout,note";

/// One CSV row per outcome, after [`CSV_HEADER`].
pub fn csv(solver: &str, outcomes: &[Outcome], timeout: f64) -> String {
    let mut text = format!("{CSV_HEADER}\n");
    for o in outcomes {
        let fields = [
            solver.to_string(),
            o.path.display().to_string(),
            expected_name(o.expected).to_string(),
            o.answer.name().to_string(),
            o.verdict().name().to_string(),
            format!("{:.6}", o.seconds),
            o.cpu_seconds.map_or(String::new(), |c| format!("{c:.6}")),
            o.conflicts.map_or(String::new(), |c| c.to_string()),
            timeout.to_string(),
            note(o),
        ];
        let row: Vec<String> = fields.iter().map(|f| quote(f)).collect();
        let _ = writeln!(text, "{}", row.join(","));
    }
    text
}

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// Splits one CSV line (RFC 4180 quoting, no line breaks inside fields).
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// One row read back from a bench CSV: enough for a cactus plot.
#[derive(Clone, Debug, PartialEq)]
pub struct CsvRow {
    /// The solver label.
    pub solver: String,
    /// The row's verdict.
    pub verdict: Verdict,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// CPU seconds, when the CSV has them.
    pub cpu: Option<f64>,
}

/// Parses a CSV written by [`csv`]; `name` is used in error messages.
pub fn read_csv(text: &str, name: &str) -> Result<Vec<CsvRow>, BadInput> {
    let mut lines = text.lines().enumerate();
    let header = lines.next().map(|(_, l)| split_csv(l)).unwrap_or_default();
    let column = |want: &str| {
        header
            .iter()
            .position(|h| h == want)
            .ok_or_else(|| BadInput(format!("{name}:1: no `{want}` column")))
    };
    let (solver, verdict, seconds) = (column("solver")?, column("verdict")?, column("seconds")?);
    let cpu = column("cpu").ok();
    let mut rows = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let fail = |msg: &str| BadInput(format!("{name}:{}: {msg}", i + 1));
        let fields = split_csv(line);
        let get = |k: usize| fields.get(k).ok_or_else(|| fail("too few fields"));
        rows.push(CsvRow {
            solver: get(solver)?.clone(),
            verdict: Verdict::from_name(get(verdict)?).ok_or_else(|| fail("unknown verdict"))?,
            seconds: get(seconds)?.parse().map_err(|_| fail("bad seconds"))?,
            cpu: match cpu.map(get).transpose()?.map(String::as_str) {
                None | Some("") => None,
                Some(text) => Some(text.parse().map_err(|_| fail("bad cpu seconds"))?),
            },
        });
    }
    Ok(rows)
}

/// Reads the CSV file at `path`.
pub fn read_csv_file(path: &Path) -> anyhow::Result<Vec<CsvRow>> {
    let text = std::fs::read_to_string(path)
        .map_err(|err| BadInput(format!("{}: {err}", path.display())))?;
    Ok(read_csv(&text, &path.display().to_string())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(path: &str, expected: Answer, answer: Answer, seconds: f64) -> Outcome {
        Outcome {
            path: path.into(),
            expected: Some(expected),
            answer,
            seconds,
            cpu_seconds: Some(seconds / 2.0),
            conflicts: Some(7),
            model: if answer == Answer::Sat {
                ModelCheck::Good
            } else {
                ModelCheck::None
            },
            timed_out: answer == Answer::Unknown,
            error: None,
        }
    }

    fn sample() -> Vec<Outcome> {
        use Answer::*;
        let mut bad = outcome("d.cnf", Sat, Sat, 0.5);
        bad.model = ModelCheck::Bad("clause 1 is false".into());
        vec![
            outcome("a.cnf", Sat, Sat, 1.5),
            outcome("b.cnf", Unsat, Unsat, 2.25),
            outcome("c.cnf", Unsat, Unknown, 10.0),
            bad,
            outcome("e,\"odd\".cnf", Sat, Unsat, 0.1),
            Outcome::failed("f.cnf".into(), None, 0.0, "f.cnf:1:1: bad".into()),
        ]
    }

    #[test]
    fn par2_counts_solved_times_and_twice_the_timeout_otherwise() {
        let t = Totals::of(&sample(), 10.0);
        assert_eq!(
            (
                t.files,
                t.solved,
                t.wrong,
                t.bad_models,
                t.timeouts,
                t.errors
            ),
            (6, 2, 1, 1, 1, 1)
        );
        assert!(
            (t.par2 - (1.5 + 2.25 + 4.0 * 20.0)).abs() < 1e-9,
            "{}",
            t.par2
        );
        assert!(
            (t.cpu_par2 - (0.75 + 1.125 + 4.0 * 20.0)).abs() < 1e-9,
            "{}",
            t.cpu_par2
        );
        // A solved time beyond the timeout is capped at it.
        let late = [outcome("a.cnf", Answer::Sat, Answer::Sat, 10.5)];
        assert_eq!(Totals::of(&late, 10.0).par2, 10.0);
        assert_eq!(Totals::of(&[], 10.0).par2, 0.0);
    }

    #[test]
    fn table_rows_and_totals_line() {
        let text = table(&sample(), 10.0);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8);
        assert!(lines[0].starts_with("file"));
        assert!(lines[4].contains("BAD-MODEL") && lines[4].ends_with("clause 1 is false"));
        assert_eq!(
            lines[7],
            "solved 2/6, wrong 1, bad models 1, timeouts 1, errors 1, PAR-2 83.75 s, CPU PAR-2 81.88 s (timeout 10 s)"
        );
    }

    #[test]
    fn csv_round_trip() {
        let text = csv("satoku", &sample(), 10.0);
        assert!(text.contains("\"e,\"\"odd\"\".cnf\""));
        let rows = read_csv(&text, "r.csv").unwrap();
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[1].solver, "satoku");
        assert_eq!((rows[1].verdict, rows[1].seconds), (Verdict::Solved, 2.25));
        assert_eq!((rows[1].cpu, rows[5].cpu), (Some(1.125), None));
        assert_eq!(rows[4].verdict, Verdict::Wrong);
        assert!(read_csv("a,b\n", "x.csv").unwrap_err().0.contains("solver"));
        let err = read_csv(
            &format!("{CSV_HEADER}\nsatoku,a,SAT,SAT,maybe,1\n"),
            "x.csv",
        );
        assert_eq!(err.unwrap_err().0, "x.csv:2: unknown verdict");
    }
}
