//! What a solve returns. UNSAT and UNKNOWN are values, not errors.

use satoku_formula::Model;

/// The answer of one `solve` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveResult {
    /// Satisfiable, with a model checked against every clause given.
    Sat(Model),
    /// Unsatisfiable (under the assumptions, if any).
    Unsat,
    /// A limit was reached or the search was interrupted.
    Unknown,
}

impl SolveResult {
    /// The SAT-competition exit code: 10, 20 or 0.
    pub fn exit_code(&self) -> u8 {
        match self {
            SolveResult::Sat(_) => 10,
            SolveResult::Unsat => 20,
            SolveResult::Unknown => 0,
        }
    }

    /// The SAT-competition status word: `SATISFIABLE`, `UNSATISFIABLE` or `UNKNOWN`.
    pub fn status(&self) -> &'static str {
        match self {
            SolveResult::Sat(_) => "SATISFIABLE",
            SolveResult::Unsat => "UNSATISFIABLE",
            SolveResult::Unknown => "UNKNOWN",
        }
    }

    /// The model, when satisfiable.
    pub fn model(&self) -> Option<&Model> {
        match self {
            SolveResult::Sat(m) => Some(m),
            _ => None,
        }
    }
}
