//! Streaming DIMACS CNF parser and writer for satoku, and the one reader and
//! writer of a SAT solver's answer (`s`/`v` lines, MiniSat's result file).
//!
//! The parser reads a file, standard input or any reader in big chunks and
//! decodes the bytes by hand, with no allocation per line or token. It accepts
//! the DIMACS dialect of real benchmark files (comments anywhere, clauses over
//! several lines, tabs, CRLF, SATLIB's `%` end marker, a comment glued to
//! a clause's `0`, gzip, xz, bzip2 and lzma input recognised by magic bytes
//! and decoded with the default feature `compression`)
//! and reports everything else as an [`Error`] displayed as
//! `path:line:col: message`. Three common defects, a wrong clause count in
//! the header, an unterminated last clause and `-0`, are [`Warning`]s by
//! default and errors under [`ParseOptions::strict`]. [`Limits`] bound the
//! memory a formula may take and how far compressed input may expand. The
//! exact dialect is in `docs/dimacs.md`.
//!
//! | item | what it is |
//! |---|---|
//! | [`parse_path`], [`parse_reader`], [`parse_str`] | parse a path (`-` is stdin), a reader, a string |
//! | [`SlicedParser`], [`Step`] | the same parse a slice of text at a time, for progress and cancels between slices |
//! | [`ParseOptions`] | `strict`: warnings become errors |
//! | [`Parsed`] | the [`Cnf`](satoku_formula::Cnf) plus the header's counts and the warnings |
//! | [`Error`], [`ErrorKind`] | a failure with its position; the kinds of failure |
//! | [`Warning`], [`WarningKind`] | a tolerated oddity with its position |
//! | [`write_cnf`], [`write_cnf_with_comments`] | canonical DIMACS output |
//! | [`Status`] | SAT, UNSAT or UNKNOWN: the `s` word and the exit code 10, 20, 0 |
//! | [`read_solver_output`], [`SolverOutput`], [`OutputOptions`] | a solver's `s`/`v`/`c` lines or MiniSat's result file |
//! | [`read_solver_answer`] | the same, where a status line is required and a model needs SATISFIABLE |
//! | [`parse_path_with`], [`parse_reader_with`], [`Limits`] | parsing within a memory and a decompression ceiling |
//! | [`PartialModel`] | the values a model gives; a variable not mentioned has none |
//! | [`write_solver_output`], [`v_lines`], [`write_res`] | `s` and `v` lines; the course-design `.res` file |
//! | `Compression` | gzip or xz output chosen by a file's extension (feature `compression`) |
//!
//! ```
//! use satoku_dimacs::{parse_str, write_cnf, ParseOptions};
//!
//! let text = "c a comment\np cnf 3 2\n1 -2 0\n2\n3 0\n";
//! let parsed = parse_str(text, &ParseOptions::default())?;
//! assert_eq!(parsed.cnf.num_clauses(), 2);
//! assert!(parsed.warnings.is_empty());
//!
//! let mut out = Vec::new();
//! write_cnf(&parsed.cnf, &mut out)?;
//! assert_eq!(out, b"p cnf 3 2\n1 -2 0\n2 3 0\n");
//!
//! let err = parse_str("p cnf 2 1\n1 3 0\n", &ParseOptions::default()).unwrap_err();
//! assert_eq!(err.to_string(), "<string>:2:3: literal 3 exceeds the declared variable count 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod clauses;
#[cfg(feature = "compression")]
mod compress;
mod decompress;
mod error;
mod header;
mod limits;
mod output_read;
mod output_write;
mod parse;
mod partial_model;
mod scan;
mod sliced;
mod sniff;
mod status;
mod write;

#[cfg(feature = "compression")]
pub use compress::Compression;
pub use error::{ClauseCountMismatch, Error, ErrorKind, Warning, WarningKind};
#[cfg(feature = "system-limits")]
pub use limits::physical_memory;
pub use limits::{
    Limits, MaxMemory, DEFAULT_MAX_EXPANSION, DEFAULT_MEMORY_PERCENT, EXPANSION_FLOOR,
    FIXED_MAX_MEMORY, MACHINE_LOOKUP_FLOOR,
};
pub use output_read::{
    max_solver_output, read_solver_answer, read_solver_output, OutputOptions, SolverOutput,
    MAX_COMMENTS, SOLVER_OUTPUT_SLACK,
};
pub use output_write::{
    v_lines, write_res, write_solver_output, MAX_UNUSED_MODEL_VARS, MAX_V_LINE,
};
pub use parse::{
    parse_path, parse_path_with, parse_reader, parse_reader_with, parse_str, ParseOptions, Parsed,
    STDIN_NAME,
};
pub use partial_model::PartialModel;
pub use sliced::{SlicedParser, Step};
pub use status::Status;
pub use write::{write_cnf, write_cnf_with_comments};
