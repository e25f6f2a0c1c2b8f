//! Errors: a proof that cannot be read or parsed. A proof that parses but
//! does not check is not an error but a rejected [`Verdict`](crate::Verdict).

use std::fmt;
use std::io;

use satoku_formula::Lit;

/// Where in the proof something happened: a 1-based line for text DRAT, a
/// 0-based byte offset for binary DRAT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// 1-based line of a text proof.
    Line(u64),
    /// 0-based byte offset into a binary proof.
    Byte(u64),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line(line) => write!(f, "line {line}"),
            Position::Byte(offset) => write!(f, "byte {offset}"),
        }
    }
}

/// A proof that could not be read or is malformed.
///
/// Every variant but [`Error::Io`] carries the [`Position`] of the fault.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Reading the proof failed.
    #[error("reading the proof failed: {0}")]
    Io(#[source] io::Error),
    /// A text token that is neither an integer, `d`, nor a `c` comment.
    #[error("{position}: unexpected {found} in a text DRAT proof")]
    BadToken {
        /// Where the token starts.
        position: Position,
        /// The token, quoted and truncated, or a description of the byte.
        found: String,
    },
    /// A `d` after the first literal of a clause.
    #[error("{position}: `d` in the middle of a clause")]
    MisplacedDelete {
        /// Where the `d` is.
        position: Position,
    },
    /// A binary step that does not start with `a` or `d`.
    #[error("{position}: expected `a` or `d` in a binary DRAT proof, found byte 0x{byte:02x}")]
    BadStep {
        /// Where the byte is.
        position: Position,
        /// The byte found.
        byte: u8,
    },
    /// A literal whose variable is 0 or above [`Var::MAX_DIMACS`](satoku_formula::Var::MAX_DIMACS)
    /// (2^31 - 1), or a binary varint longer than five bytes.
    #[error("{position}: literal {value} out of range (variables are 1 to 2^31 - 1)")]
    LiteralOutOfRange {
        /// Where the literal starts.
        position: Position,
        /// The literal as the proof has it: its text (the first 32 bytes,
        /// escaped), or its binary bytes with their code `2 * var + negated`.
        value: String,
    },
    /// The proof ends inside a lemma or deletion (no terminating `0`).
    #[error("{position}: the proof ends inside a clause (missing the terminating 0)")]
    Unterminated {
        /// Where the unterminated clause starts.
        position: Position,
    },
    /// Under [`CheckOptions::strict`](crate::CheckOptions::strict): a deletion
    /// of a clause that is not in the current clause set.
    #[error("{position}: deletion of a clause that is not present: {}", crate::display_clause(.clause))]
    DeletedClauseNotFound {
        /// Where the deletion starts.
        position: Position,
        /// The clause to delete, as written.
        clause: Vec<Lit>,
    },
}

impl From<io::Error> for Error {
    fn from(err: io::Error) -> Error {
        Error::Io(err)
    }
}
