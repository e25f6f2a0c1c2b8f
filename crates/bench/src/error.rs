//! The one error type of this crate: what stops a bench before or after its
//! runs. A failure on one instance is not an error but an [`Outcome`](crate::Outcome)
//! with the verdict `error`.

use std::io;
use std::path::PathBuf;

/// Why a bench could not start, or its files could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// A path given to the bench does not exist or cannot be inspected.
    #[error("{}: {source}", path.display())]
    NoSuchPath {
        /// The path as given.
        path: PathBuf,
        /// The reason.
        source: io::Error,
    },
    /// The paths hold no instance file.
    #[error("no .cnf, .cnf.gz or .cnf.xz file under the given paths")]
    NoInstances,
    /// A directory under the paths cannot be listed.
    #[error("cannot read directory {}: {source}", path.display())]
    ReadDir {
        /// The directory.
        path: PathBuf,
        /// The reason.
        source: io::Error,
    },
    /// An expectations TSV or a bench CSV file cannot be read, is longer
    /// than [`MAX_TEXT_FILE`](crate::MAX_TEXT_FILE) or is not UTF-8 text.
    #[error(transparent)]
    Read(#[from] satoku_io::Error),
    /// A malformed line of an expectations TSV or a bench CSV.
    #[error("{name}:{line}: {message}")]
    BadLine {
        /// The file's name.
        name: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A solver command template that does not name the input as `{}`.
    #[error("the solver command `{0}` must contain `{{}}` for the input file")]
    BadSolverCommand(String),
}

impl BenchError {
    /// Whether the error is the user's input's fault (a missing path, a
    /// malformed file, a bad template) rather than a failure of the machine.
    pub fn is_bad_input(&self) -> bool {
        match self {
            BenchError::ReadDir { .. } => false,
            BenchError::Read(err) => err.is_bad_input(),
            _ => true,
        }
    }

    pub(crate) fn bad_line(name: &str, line: usize, message: impl Into<String>) -> BenchError {
        BenchError::BadLine {
            name: name.to_owned(),
            line,
            message: message.into(),
        }
    }
}
