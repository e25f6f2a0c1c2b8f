//! The process plumbing of the satoku binaries, in one place: reading the
//! files named on a command line, writing output files without ever
//! leaving half of one, refusing an output that is an input, the one
//! standard output shared by every thread, and the signals. What is
//! policy (which ceiling, which exit code, what a command prints) stays
//! with the binary; what is said about a path is said here, alike in every
//! command.
//!
//! Unlike the other library crates, [`stdout`] and [`signals`] act on the
//! whole process: a signal with no handler set ends it (exit code 128 + the
//! signal's number), so only binaries use them.
//!
//! | item | what it is |
//! |---|---|
//! | [`read_text`] | a small text file (`-` is stdin) read whole, under a ceiling, checked as UTF-8 |
//! | [`open_file`], [`open_input`] | an input opened (`-` is stdin for the latter); a directory is refused |
//! | [`stdin_once`] | two inputs both `-` refused |
//! | [`same_file`] | whether two paths name one existing regular file |
//! | [`check_outputs`] | outputs refused before any work: an input, each other, a directory, an unwritable place |
//! | [`write_file`] | an output written through a temporary file renamed into place |
//! | [`stdout`] | the one stdout writer: a closed pipe drops output, another failure sticks |
//! | [`signals`] | SIGINT, SIGTERM and SIGHUP on one thread, a deadline, temporary files removed |
//! | [`lock`], [`lock_within`] | locks that a panic or a blocked writer does not make unusable |
//! | [`Error`] | why a file could not be read or written, or an output was refused |
//!
//! ```
//! use std::io::Write;
//!
//! let dir = tempfile::tempdir()?;
//! let input = dir.path().join("in.txt");
//! let output = dir.path().join("out.txt");
//! satoku_io::write_file(&input, |w| w.write_all(b"p cnf 0 0\n"))?;
//! assert_eq!(satoku_io::read_text(&input, 100)?, "p cnf 0 0\n");
//!
//! satoku_io::check_outputs(&[&input], &[&output])?;
//! let refused = satoku_io::check_outputs(&[&input], &[&input]).unwrap_err();
//! assert!(refused.to_string().ends_with("refusing to write over an input"));
//!
//! let long = satoku_io::read_text(&input, 4).unwrap_err();
//! assert!(long.is_bad_input());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod input;
mod lock;
mod output_file;
mod same_file;
pub mod signals;
pub mod stdout;
#[cfg(test)]
mod test_files;
mod text_file;

pub use error::Error;
pub use input::{open_file, open_input, stdin_once};
pub use lock::{lock, lock_within};
pub use output_file::write_file;
pub use same_file::{check_outputs, same_file};
pub use text_file::read_text;
