//! Benchmark runner for satoku: run a SAT solver over sets of DIMACS
//! instances, check every answer against the expected one and every model
//! against the formula, and report times, totals and PAR-2 as a table, a
//! CSV file and a cactus plot. `satoku bench` and `satoku bench-plot` are
//! this crate behind command-line flags.
//!
//! The solver is satoku itself, in-process with a [`SolverConfig`]
//! (`satoku_solver`), or any other solver as a child process from a command
//! template ([`SolverCmd`], e.g. `minisat -verb=0 {} {out}`). A failure on
//! one instance (unreadable file, crash, unreadable output) is an
//! [`Outcome`] with the verdict `error`, not an error of the run.
//!
//! | item | what it is |
//! |---|---|
//! | [`find_instances`] | the `.cnf`, `.cnf.gz`, `.cnf.xz` files under some paths |
//! | [`Expected`] | the `path<TAB>SAT\|UNSAT\|UNKNOWN` expectations file |
//! | [`Unmatched`] | its rows no instance of a run matched, for a warning |
//! | [`Bench`], [`Engine`] | the run's settings and solver; [`Bench::run`] |
//! | [`SolverCmd`] | an external solver's command template |
//! | [`Outcome`], [`ModelCheck`], [`Verdict`] | one run on one instance, judged; answers are [`Status`] |
//! | [`Results`], [`Totals`] | all outcomes: table, totals with PAR-2, CSV, SVG |
//! | [`read_csv`], [`read_csv_file`], [`CsvRow`] | bench CSV files read back |
//! | [`series_from_rows`], [`cactus_svg`], [`Series`] | cactus plots of several runs |
//! | [`Progress`] | a progress bar or plain lines on stderr, for programs |
//! | [`BenchError`] | why a run could not start or a file could not be read |
//!
//! Platform: on Unix, CPU times are measured beside wall-clock times and a
//! timeout kills an external solver's whole process group; elsewhere only
//! wall-clock times are reported and a timeout kills the child process.
//!
//! ```
//! use std::time::Duration;
//! use satoku_bench::{Bench, Engine, Expected};
//! use satoku_dimacs::Status;
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("a.cnf"), "p cnf 2 2\n1 2 0\n-1 0\n")?;
//! std::fs::write(dir.path().join("b.cnf"), "p cnf 1 2\n1 0\n-1 0\n")?;
//! let expected = Expected::parse("a.cnf\tSAT\nb.cnf\tUNSAT\n", "expected.tsv")?;
//! let files = satoku_bench::find_instances(&[dir.path().to_path_buf()])?;
//!
//! let bench = Bench::new(Engine::Satoku(Default::default()), Duration::from_secs(10))
//!     .expected(expected);
//! let results = bench.run(&files, |_| {});
//! assert_eq!(results.outcomes()[1].answer, Status::Unsat);
//! assert_eq!(results.totals().solved, 2);
//! assert!(results.passed());
//! assert!(results.table().lines().last().unwrap().starts_with("solved 2/2, wrong 0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`SolverConfig`]: satoku_solver::SolverConfig
//! [`Status`]: satoku_dimacs::Status
#![warn(missing_docs)]

mod bench;
mod command;
mod csv;
mod error;
mod expected;
mod external;
mod in_process;
mod job;
mod os;
mod outcome;
mod plot;
mod progress;
mod report;
mod results;
mod solver_files;
mod unmatched;
mod walk;

pub use bench::{Bench, Engine};
pub use command::SolverCmd;
pub use csv::{read_csv, read_csv_file, CsvRow, CSV_HEADER};
pub use error::BenchError;
pub use expected::Expected;
pub use outcome::{ModelCheck, Outcome, Verdict};
pub use plot::{cactus_svg, series_from_rows, Series};
pub use progress::Progress;
pub use report::Totals;
pub use results::Results;
pub use unmatched::Unmatched;
pub use walk::{find_instances, is_cnf_name};

/// The largest expectations TSV or bench CSV read ([`satoku_io::read_text`]):
/// some million rows. An endless stream (`/dev/zero`) or a huge file is an
/// error at this ceiling, not a process that fills memory.
pub const MAX_TEXT_FILE: u64 = 256 << 20;

/// `text` without one leading byte-order mark (U+FEFF), which spreadsheet
/// programs write before a TSV or CSV they save: it is no part of the
/// first path or column name.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}
