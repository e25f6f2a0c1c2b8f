//! Errors (of the DIMACS parser and the solver-output reader) and warnings,
//! each carrying the input's name and a position.

use std::fmt;
use std::io;

/// A parse failure at a position of an input.
///
/// Displays as `path:line:col: message` (or `path: message` when there is no
/// position, e.g. a file that cannot be opened). Lines and columns are 1-based;
/// a column counts bytes from the start of the line.
#[derive(Debug)]
#[non_exhaustive]
pub struct Error {
    /// The input's name (its path, or `<stdin>`).
    pub path: String,
    /// 1-based line of the offending token, 0 when unknown.
    pub line: u64,
    /// 1-based byte column of the offending token, 0 when unknown.
    pub col: u64,
    /// What went wrong.
    pub kind: ErrorKind,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.path, self.kind)
        } else {
            write!(f, "{}:{}:{}: {}", self.path, self.line, self.col, self.kind)
        }
    }
}

/// No `source`: the message already includes the cause (an I/O error's text),
/// and `anyhow`'s `{:#}` would print it twice.
impl std::error::Error for Error {}

impl Error {
    pub(crate) fn new(path: &str, line: u64, col: u64, kind: ErrorKind) -> Error {
        Error {
            path: path.to_owned(),
            line,
            col,
            kind,
        }
    }
}

/// The kinds of parse failure; the text of each is documented in `docs/dimacs.md`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input could not be opened or read (includes corrupt gzip/xz data).
    #[error("{0}")]
    Io(#[source] io::Error),
    /// No `p cnf` line before the end of the input.
    #[error("missing header `p cnf <variables> <clauses>`")]
    MissingHeader,
    /// A second `p` line.
    #[error("second header (the first is on line {first_line})")]
    SecondHeader {
        /// Line of the first header.
        first_line: u64,
    },
    /// A literal or `0` before the `p cnf` line.
    #[error("clause before the header `p cnf <variables> <clauses>`")]
    ClauseBeforeHeader,
    /// A `p` line whose format is not `cnf`.
    #[error("expected `cnf` after `p`, found {found}")]
    NotCnf {
        /// The token found instead of `cnf` in backquotes (escaped,
        /// truncated), or `end of line`.
        found: String,
    },
    /// The header ends before its variable or clause count.
    #[error("header is missing the {what} count")]
    MissingCount {
        /// `variable` or `clause`.
        what: &'static str,
    },
    /// A negative count in the header.
    #[error("header {what} count `{found}` is negative")]
    NegativeCount {
        /// `variable` or `clause`.
        what: &'static str,
        /// The token.
        found: String,
    },
    /// A header count that is not a decimal number.
    #[error("header {what} count `{found}` is not a number")]
    BadCount {
        /// `variable` or `clause`.
        what: &'static str,
        /// The token (escaped, truncated).
        found: String,
    },
    /// Something after the two header counts on the header line.
    #[error("unexpected `{found}` after the header counts")]
    HeaderTrailer {
        /// The token (escaped, truncated).
        found: String,
    },
    /// The header declares more variables than a literal can hold.
    #[error("header declares {found} variables; at most {max} are supported")]
    TooManyVars {
        /// The declared count, as written.
        found: String,
        /// [`satoku_formula::Var::MAX_DIMACS`].
        max: u32,
    },
    /// A token that is not an integer where a literal or `0` is expected.
    #[error("expected an integer literal, found `{found}`")]
    BadToken {
        /// The token (escaped, truncated).
        found: String,
    },
    /// A literal whose variable exceeds the header's variable count.
    #[error("literal {found} exceeds the declared variable count {declared}")]
    LiteralTooLarge {
        /// The literal, as written.
        found: String,
        /// The header's variable count.
        declared: u64,
    },
    /// Strict mode: the header's clause count differs from the clauses read.
    #[error("{0}")]
    ClauseCount(ClauseCountMismatch),
    /// Strict mode: the last clause is not terminated by `0`.
    #[error("last clause is not terminated by `0`")]
    UnterminatedClause,
    /// Solver output: an `s` line whose word is not a status.
    #[error("expected SATISFIABLE, UNSATISFIABLE or UNKNOWN after `s`, found {found}")]
    BadStatus {
        /// The word in backquotes (escaped, truncated), or `end of line`.
        found: String,
    },
    /// Solver output: a second status line.
    #[error("second status line (the first is on line {first_line})")]
    SecondStatus {
        /// Line of the first status.
        first_line: u64,
    },
    /// Solver output: a model together with an unsatisfiable answer.
    #[error("a model in an UNSATISFIABLE answer")]
    ModelOfUnsat,
    /// Solver output: a line that is not `c`, `s`, `v` or a MiniSat result.
    #[error("expected a `c`, `s` or `v` line, found `{found}`")]
    UnexpectedLine {
        /// The line's first token (escaped, truncated).
        found: String,
    },
    /// Solver output: a literal whose variable no literal can hold.
    #[error("literal {found} is out of range")]
    LiteralOutOfRange {
        /// The literal, as written (escaped, truncated).
        found: String,
    },
    /// Solver output: a variable given both values.
    #[error("variable {var} is given both values")]
    BothValues {
        /// The variable's DIMACS number.
        var: u64,
    },
    /// Solver output: no status line where an answer is required.
    #[error("no status line (`s SATISFIABLE`, `s UNSATISFIABLE`, `s UNKNOWN`, or MiniSat's `SAT`, `UNSAT`, `INDET`): this is not a solver's answer")]
    MissingStatus,
    /// Solver output: a model together with an UNKNOWN answer.
    #[error("a model in an UNKNOWN answer")]
    ModelOfUnknown,
    /// Input compressed in a format the parser does not decode.
    #[error("{format}-compressed input is not supported; decompress it first ({tool})")]
    UnsupportedCompression {
        /// The format's name (`bzip2`, `lzma`, ...).
        format: &'static str,
        /// The command that decompresses it.
        tool: &'static str,
    },
    /// Input whose first bytes are not text.
    #[error("this is not a DIMACS file: it starts with bytes {start}")]
    NotDimacs {
        /// The first bytes, in hexadecimal.
        start: String,
    },
    /// A CryptoMiniSat XOR clause (`x1 2 0`).
    #[error("`{found}` starts a XOR clause, an extension (CryptoMiniSat's `x` lines) satoku does not read")]
    XorClause {
        /// The token (escaped, truncated).
        found: String,
    },
    /// Strict mode: `-0` where a literal or `0` is expected.
    #[error("`-0` is not a literal; a clause ends with `0`")]
    NegativeZero,
    /// The formula outgrew [`Limits::max_memory`](crate::Limits::max_memory).
    #[error("the formula needs more memory than the limit of {}", show_bytes(*limit))]
    MemoryLimit {
        /// The limit, in bytes.
        limit: u64,
    },
    /// Compressed input expanded past [`Limits::max_expansion`](crate::Limits::max_expansion).
    #[error("the compressed input expands more than {ratio} times ({} compressed gave {} of text)", show_bytes(*compressed), show_bytes(*text))]
    ExpansionLimit {
        /// The limit: bytes of text per compressed byte.
        ratio: u64,
        /// Compressed bytes read.
        compressed: u64,
        /// Text bytes they gave.
        text: u64,
    },
}

impl ErrorKind {
    /// The kind of a read error: a limit that a reader enforces travels as
    /// an I/O error carrying its kind ([`crate::limits::Expanding`]);
    /// anything else is [`ErrorKind::Io`].
    pub(crate) fn from_io(err: io::Error) -> ErrorKind {
        if err.get_ref().is_some_and(|e| e.is::<ErrorKind>()) {
            let inner = err.into_inner().expect("checked to carry an error");
            return *inner.downcast::<ErrorKind>().expect("checked to be a kind");
        }
        ErrorKind::Io(err)
    }
}

/// A byte count for messages: exact below 1 KiB, else in KiB, MiB or GiB
/// with one decimal.
pub(crate) fn show_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// The header's clause count differs from the number of clauses read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClauseCountMismatch {
    /// Clauses declared by the header (saturating at `u64::MAX`).
    pub declared: u64,
    /// The header's clause count as written (escaped, truncated), which
    /// messages quote: it may exceed `u64::MAX`.
    pub declared_text: String,
    /// Clauses read.
    pub found: u64,
}

impl fmt::Display for ClauseCountMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let clauses = if self.declared_text == "1" {
            "clause"
        } else {
            "clauses"
        };
        let were = if self.found == 1 { "was" } else { "were" };
        write!(
            f,
            "header declares {} {clauses} but {} {were} read",
            self.declared_text, self.found
        )
    }
}

/// Something odd but tolerated by default; an error under
/// [`ParseOptions::strict`](crate::ParseOptions::strict).
///
/// Displays as `path:line:col: warning: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Warning {
    /// The input's name.
    pub path: String,
    /// 1-based line.
    pub line: u64,
    /// 1-based byte column.
    pub col: u64,
    /// What is odd.
    pub kind: WarningKind,
}

/// The kinds of warning.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// The header's clause count differs from the clauses read (reported at the header).
    ClauseCount(ClauseCountMismatch),
    /// The last clause ran into the end of the input (or `%`) without a `0`;
    /// it was kept as a clause (reported at its first literal).
    UnterminatedClause,
    /// `-0` was read as `0`, ending the clause, as MiniSat reads it
    /// (reported at the first one only).
    NegativeZero,
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::ClauseCount(m) => m.fmt(f),
            WarningKind::UnterminatedClause => {
                f.write_str("last clause is not terminated by `0` (kept as a clause)")
            }
            WarningKind::NegativeZero => f.write_str("`-0` read as `0`, ending the clause"),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: warning: {}",
            self.path, self.line, self.col, self.kind
        )
    }
}

impl Warning {
    /// The error this warning becomes in strict mode.
    pub(crate) fn into_error(self) -> Error {
        let kind = match self.kind {
            WarningKind::ClauseCount(m) => ErrorKind::ClauseCount(m),
            WarningKind::UnterminatedClause => ErrorKind::UnterminatedClause,
            WarningKind::NegativeZero => ErrorKind::NegativeZero,
        };
        Error::new(&self.path, self.line, self.col, kind)
    }
}

/// The first bytes of an input in hexadecimal, as [`ErrorKind::NotDimacs`] shows them.
pub(crate) fn show_hex(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    hex.join(" ")
}

/// A token as shown in messages: at most 32 bytes, non-printable bytes escaped.
pub(crate) fn show_token(bytes: &[u8]) -> String {
    const MAX: usize = 32;
    let mut s: String = bytes[..bytes.len().min(MAX)].escape_ascii().to_string();
    if bytes.len() > MAX {
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_read_in_binary_units() {
        assert_eq!(show_bytes(1000), "1000 bytes");
        assert_eq!(show_bytes(1536), "1.5 KiB");
        assert_eq!(show_bytes(64 << 20), "64.0 MiB");
        assert_eq!(show_bytes(3 << 30), "3.0 GiB");
    }

    #[test]
    fn start_bytes_read_in_hexadecimal() {
        assert_eq!(show_hex(b"\x7fELF"), "7f 45 4c 46");
    }
}
