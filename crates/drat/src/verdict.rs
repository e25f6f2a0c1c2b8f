//! What a check is asked to do and what it answers.

use std::fmt;

use satoku_formula::Lit;

use crate::error::Position;
use crate::parse::Format;

/// Options of [`check`](crate::check).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Force an encoding; `None` (the default) detects it from the first bytes.
    pub format: Option<Format>,
    /// Make a deletion of a clause that is not present an
    /// [`Error::DeletedClauseNotFound`](crate::Error::DeletedClauseNotFound)
    /// instead of a counted, ignored step.
    pub strict: bool,
}

/// The answer of a check: the outcome and what was counted on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Verified or rejected, and why.
    pub outcome: Outcome,
    /// Counts of steps and checks.
    pub stats: Stats,
}

impl Verdict {
    /// Whether the proof was verified.
    pub fn is_verified(&self) -> bool {
        matches!(self.outcome, Outcome::Verified(_))
    }
}

/// Verified (with how the refutation was reached) or rejected (with why).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The formula is refuted.
    Verified(Refutation),
    /// Lemma number `index` (1-based, counting lemmas only) is neither RUP
    /// nor RAT on its first literal.
    LemmaNotImplied {
        /// 1-based index among the proof's lemmas.
        index: u64,
        /// Where the lemma starts in the proof.
        position: Position,
        /// The lemma as written.
        lemma: Vec<Lit>,
    },
    /// Every lemma checked, but the clause set never became conflicting
    /// under unit propagation: the proof does not derive the empty clause.
    NoEmptyClause,
}

/// How a verified proof reached its refutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refutation {
    /// The formula itself contains the empty clause.
    EmptyClauseInFormula,
    /// The formula conflicts under unit propagation alone; the proof was not read.
    FormulaPropagation,
    /// The proof's lemma number `index` (1-based) is the empty clause, or
    /// adding it made the clause set conflict under unit propagation. The
    /// steps after it are not read.
    Lemma {
        /// 1-based index among the proof's lemmas.
        index: u64,
    },
}

/// Counts of a check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Lemmas checked (the last one included, when a lemma is rejected).
    pub num_lemmas: u64,
    /// Deletions read, performed or not.
    pub num_deletions: u64,
    /// Deletions ignored because the clause is not present.
    pub num_missing_deletions: u64,
    /// Deletions ignored because the clause is unit: a one-literal clause, or
    /// the reason of a root-level assignment (drat-trim's default).
    pub num_unit_deletions: u64,
    /// Lemmas that were not RUP, so their RAT property was checked.
    pub num_rat_checks: u64,
    /// Resolution candidates examined by RAT checks.
    pub num_rat_candidates: u64,
    /// Literals assigned by unit propagation during checks.
    pub num_propagations: u64,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Verified(Refutation::EmptyClauseInFormula) => {
                f.write_str("verified: the formula contains the empty clause")
            }
            Outcome::Verified(Refutation::FormulaPropagation) => {
                f.write_str("verified: the formula conflicts under unit propagation")
            }
            Outcome::Verified(Refutation::Lemma { index }) => {
                write!(f, "verified: the empty clause follows from lemma {index}")
            }
            Outcome::LemmaNotImplied {
                index,
                position,
                lemma,
            } => write!(
                f,
                "lemma {index} at {position} is neither RUP nor RAT: {}",
                crate::display_clause(lemma)
            ),
            Outcome::NoEmptyClause => f.write_str("the proof does not derive the empty clause"),
        }
    }
}
