//! What one run on one instance produced, and how it is judged.

use std::path::PathBuf;

use satoku_dimacs::Status;

/// The result of checking a SAT answer's model against the original formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelCheck {
    /// Not a SAT answer: nothing to check.
    None,
    /// Every clause is satisfied.
    Good,
    /// Missing, malformed, or leaving a clause false: the reason.
    Bad(String),
}

/// One solver run on one instance.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The instance.
    pub path: PathBuf,
    /// The answer the expectations file gives, if any; [`Status::Unknown`]
    /// there means the answer is not known, and any answer is accepted.
    pub expected: Option<Status>,
    /// The solver's answer.
    pub answer: Status,
    /// Wall-clock seconds (parse and solve).
    pub seconds: f64,
    /// CPU seconds of the same span, when measured.
    pub cpu_seconds: Option<f64>,
    /// Conflicts, when the solver reports them.
    pub conflicts: Option<u64>,
    /// The model check of a SAT answer.
    pub model: ModelCheck,
    /// The run was stopped at the timeout.
    pub timed_out: bool,
    /// The run failed (unreadable file, solver crash, unreadable output).
    pub error: Option<String>,
}

/// How an outcome counts in the totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A SAT or UNSAT answer agreeing with the expectation (or none), model good.
    Solved,
    /// An answer contradicting the expectation.
    Wrong,
    /// A SAT answer whose model is missing or false.
    BadModel,
    /// No answer within the timeout (or another limit).
    Timeout,
    /// The run failed.
    Error,
}

impl Verdict {
    /// The word printed in the table and the CSV.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Wrong => "WRONG",
            Verdict::BadModel => "BAD-MODEL",
            Verdict::Timeout => "timeout",
            Verdict::Error => "error",
        }
    }

    /// Parses a name written by [`Verdict::name`].
    pub fn from_name(text: &str) -> Option<Verdict> {
        [
            Verdict::Solved,
            Verdict::Wrong,
            Verdict::BadModel,
            Verdict::Timeout,
            Verdict::Error,
        ]
        .into_iter()
        .find(|v| v.name() == text)
    }
}

impl Outcome {
    /// An outcome with no answer (yet): no model, no error, not timed out.
    pub fn unanswered(path: PathBuf, expected: Option<Status>, seconds: f64) -> Outcome {
        Outcome {
            path,
            expected,
            answer: Status::Unknown,
            seconds,
            cpu_seconds: None,
            conflicts: None,
            model: ModelCheck::None,
            timed_out: false,
            error: None,
        }
    }

    /// An outcome for a run that failed before any answer.
    pub fn failed(path: PathBuf, expected: Option<Status>, seconds: f64, error: String) -> Outcome {
        Outcome {
            error: Some(error),
            ..Outcome::unanswered(path, expected, seconds)
        }
    }

    /// The verdict: errors first, then wrong answers, bad models, no answer.
    pub fn verdict(&self) -> Verdict {
        if self.error.is_some() {
            return Verdict::Error;
        }
        if self.answer == Status::Unknown {
            return Verdict::Timeout;
        }
        if matches!(self.expected, Some(e) if e != Status::Unknown && e != self.answer) {
            return Verdict::Wrong;
        }
        if matches!(self.model, ModelCheck::Bad(_)) {
            return Verdict::BadModel;
        }
        Verdict::Solved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(expected: Option<Status>, answer: Status, model: ModelCheck) -> Outcome {
        Outcome {
            path: "x.cnf".into(),
            expected,
            answer,
            seconds: 1.0,
            cpu_seconds: None,
            conflicts: None,
            model,
            timed_out: false,
            error: None,
        }
    }

    #[test]
    fn verdicts() {
        use Status::*;
        let good = ModelCheck::Good;
        assert_eq!(
            outcome(Some(Sat), Sat, good.clone()).verdict(),
            Verdict::Solved
        );
        assert_eq!(
            outcome(None, Unsat, ModelCheck::None).verdict(),
            Verdict::Solved
        );
        assert_eq!(
            outcome(Some(Unknown), Sat, good.clone()).verdict(),
            Verdict::Solved
        );
        assert_eq!(
            outcome(Some(Sat), Unsat, ModelCheck::None).verdict(),
            Verdict::Wrong
        );
        assert_eq!(outcome(Some(Unsat), Sat, good).verdict(), Verdict::Wrong);
        let bad = ModelCheck::Bad("clause 3 is false".into());
        assert_eq!(outcome(Some(Sat), Sat, bad).verdict(), Verdict::BadModel);
        assert_eq!(
            outcome(Some(Sat), Unknown, ModelCheck::None).verdict(),
            Verdict::Timeout
        );
        let failed = Outcome::failed("x.cnf".into(), Some(Sat), 0.0, "boom".into());
        assert_eq!(failed.verdict(), Verdict::Error);
    }

    #[test]
    fn names_round_trip() {
        for v in ["solved", "WRONG", "BAD-MODEL", "timeout", "error"] {
            assert_eq!(Verdict::from_name(v).unwrap().name(), v);
        }
    }
}
