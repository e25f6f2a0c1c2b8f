//! The one error type of this crate. Each message is whole (`PATH: CAUSE`):
//! none has a [`source`](std::error::Error::source) to print after it.

use std::io;
use std::path::PathBuf;

/// Why a file could not be read or written, or an output was refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A path that cannot be opened, inspected or read.
    #[error("{}: {cause}", path.display())]
    Open {
        /// The path as given.
        path: PathBuf,
        /// The system's reason.
        cause: io::Error,
    },
    /// A directory where a file was wanted.
    #[error("{}: is a directory", path.display())]
    IsADirectory {
        /// The path as given.
        path: PathBuf,
    },
    /// A text file longer than the most read of it.
    #[error("{}: longer than {max} bytes, the most read of such a file", path.display())]
    TooLong {
        /// The path as given.
        path: PathBuf,
        /// The most bytes read.
        max: u64,
    },
    /// A text file holding a byte that is not UTF-8.
    #[error("{}:{line}:{column}: byte 0x{byte:02X} is not UTF-8 text", path.display())]
    NotUtf8 {
        /// The path as given.
        path: PathBuf,
        /// 1-based line of the byte.
        line: usize,
        /// 1-based column (in bytes) of the byte.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// Two inputs of one command both named `-`.
    #[error("{first} and {second} are both `-`: stdin can be only one of them")]
    StdinTwice {
        /// How the usage names the first.
        first: String,
        /// How the usage names the second.
        second: String,
    },
    /// An output that is one of the inputs.
    #[error("{output} is the input {input}: refusing to write over an input")]
    OverInput {
        /// The output (`stdout` for `-`).
        output: String,
        /// The input it is (`stdin` for `-`).
        input: String,
    },
    /// Two outputs naming one file.
    #[error("{output} and {other} are the same file: give each output its own")]
    SameOutput {
        /// The later output (`stdout` for `-`).
        output: String,
        /// The earlier one.
        other: String,
    },
    /// An output in a folder that does not exist.
    #[error("{}: no folder {}", path.display(), folder.display())]
    NoFolder {
        /// The output as given.
        path: PathBuf,
        /// The missing folder.
        folder: PathBuf,
    },
    /// An output refused before any work: the write would fail.
    #[error("cannot write {}: {cause}", path.display())]
    Unwritable {
        /// The output as given.
        path: PathBuf,
        /// The system's reason.
        cause: io::Error,
    },
    /// Writing an output file failed.
    #[error("cannot write {}: {cause}", path.display())]
    Write {
        /// The output as given.
        path: PathBuf,
        /// The system's reason.
        cause: io::Error,
    },
    /// Writing stdout failed (not because its reader went away).
    #[error("{0}")]
    Stdout(io::Error),
}

impl Error {
    /// Whether the user's input is at fault (a path that cannot be read or
    /// written, a file too long or not text, outputs refused) rather than
    /// the machine (a write failing midway, stdout failing): exit code 2
    /// rather than 1 in the `satoku` binary.
    pub fn is_bad_input(&self) -> bool {
        match self {
            Error::Write { cause, .. } => is_path_fault(cause),
            Error::Stdout(_) => false,
            _ => true,
        }
    }
}

/// Whether an I/O error says the path itself is wrong (missing, forbidden,
/// a directory) rather than that writing failed midway.
fn is_path_fault(err: &io::Error) -> bool {
    use io::ErrorKind::*;
    matches!(
        err.kind(),
        NotFound | PermissionDenied | IsADirectory | NotADirectory
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_failing_midway_is_the_machine_s_fault() {
        let write = |kind: io::ErrorKind| Error::Write {
            path: "x.cnf".into(),
            cause: kind.into(),
        };
        assert!(write(io::ErrorKind::PermissionDenied).is_bad_input());
        assert!(!write(io::ErrorKind::WriteZero).is_bad_input());
        assert!(!Error::Stdout(io::Error::other("full")).is_bad_input());
        let refused = Error::Unwritable {
            path: "x.cnf".into(),
            cause: io::Error::other("read-only"),
        };
        assert!(refused.is_bad_input());
        assert_eq!(refused.to_string(), "cannot write x.cnf: read-only");
    }
}
