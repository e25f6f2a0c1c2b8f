//! The results as text: a table with one row per instance and the totals
//! line with PAR-2.
//!
//! PAR-2 (penalised average runtime, here summed rather than averaged, in
//! seconds) counts each solved instance at its time and each other one
//! (timeout, wrong answer, bad model, error) at twice the timeout. It is
//! given twice: on wall-clock times, and on CPU times (the timeout itself is
//! always wall-clock), which a loaded machine disturbs much less.

use std::fmt::Write as _;

use satoku_dimacs::Status;

use crate::{ModelCheck, Outcome, Verdict};

/// Counts over all outcomes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Instances run.
    pub files: usize,
    /// Correct answers with good models.
    pub solved: usize,
    /// Statuss contradicting the expectation.
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
pub(crate) fn expected_name(expected: Option<Status>) -> &'static str {
    expected.map_or("-", Status::name)
}

/// Why a row is not plainly solved, if there is something to say.
pub(crate) fn note(outcome: &Outcome) -> String {
    match (&outcome.error, &outcome.model) {
        (Some(err), _) => err.clone(),
        (None, ModelCheck::Bad(why)) => why.clone(),
        _ if outcome.answer == Status::Unknown && !outcome.timed_out => {
            "gave up before the timeout".into()
        }
        _ => String::new(),
    }
}

/// `name` on one line: control characters (a line break in a file name)
/// written as escapes, so each outcome keeps one row.
pub(crate) fn one_line(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// The table: one row per outcome, then the totals line.
pub fn table(outcomes: &[Outcome], timeout: f64) -> String {
    let names: Vec<String> = outcomes
        .iter()
        .map(|o| one_line(&o.path.display().to_string()))
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn outcome(path: &str, expected: Status, answer: Status, seconds: f64) -> Outcome {
        Outcome {
            path: path.into(),
            expected: Some(expected),
            answer,
            seconds,
            cpu_seconds: Some(seconds / 2.0),
            conflicts: Some(7),
            model: if answer == Status::Sat {
                ModelCheck::Good
            } else {
                ModelCheck::None
            },
            timed_out: answer == Status::Unknown,
            error: None,
        }
    }

    pub(crate) fn sample() -> Vec<Outcome> {
        use Status::*;
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
        let late = [outcome("a.cnf", Status::Sat, Status::Sat, 10.5)];
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
    fn a_line_break_in_a_file_name_keeps_one_row() {
        assert_eq!(one_line("a\nb\tc.cnf"), "a\\nb\\tc.cnf");
        let mut outcomes = sample();
        outcomes[0].path = "odd\nname.cnf".into();
        let text = table(&outcomes, 10.0);
        assert_eq!(text.lines().count(), outcomes.len() + 2);
        assert!(text.contains("odd\\nname.cnf"), "{text}");
    }
}
