//! `satoku`: solve DIMACS CNF files and sudokus through SAT.
//!
//! `main` parses the command line and calls [`run`]; every subcommand lives in
//! its own module with an `Args` struct and a `run(args) -> Result<ExitCode>`.
//! This binary is the only satoku crate that prints or exits.

#![forbid(unsafe_code)]

/// `print!` and `println!` in this binary write through the one stdout
/// writer ([`satoku_io::stdout`]): a closed pipe drops the text, another write error
/// is kept and ends the command with exit 1 and one message; never a panic.
macro_rules! print {
    ($($arg:tt)*) => {
        $crate::stdout::print_fmt(format_args!($($arg)*))
    };
}

/// See [`print!`].
macro_rules! println {
    () => {
        $crate::stdout::print_fmt(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::stdout::print_fmt(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` in this binary drops what stderr cannot take (`2>/dev/full`)
/// instead of panicking.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod bench;
mod check;
mod check_proof;
mod convert;
mod counted;
mod exit;
mod flags;
mod gen;
mod info;
mod input;
mod output;
mod proof_file;
mod solve;
mod solver_options;
mod sudoku;
mod text_file;
mod trace;
mod watchdog;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
// The process's one stdout and its signals, as `crate::stdout` and
// `crate::signals` for every command.
use satoku_io::{signals, stdout};

/// A SAT solver for DIMACS CNF files, and sudokus through SAT.
#[derive(Parser, Debug)]
#[command(name = "satoku", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Each subcommand's arguments are built only when it is the one run
/// (`defer`): building all of them is a large part of a short solve's
/// start. The variants' docs are the subcommands' help lines: the
/// `Args` structs they hold (and what those flatten) have plain comments,
/// as a doc comment there would replace that line once built.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
enum Command {
    /// Solve a DIMACS CNF file (SAT-competition output, exit 10/20/0).
    Solve(solve::Args),
    /// Check a model (solver output with `v` lines) against a DIMACS file.
    Check(check::Args),
    /// Verify a DRAT proof (text or binary) that a DIMACS file is unsatisfiable.
    CheckProof(check_proof::Args),
    /// Print a DIMACS file's counts, clause lengths and parse speed.
    Info(info::Args),
    /// Rewrite a DIMACS file in canonical form (gzip/xz by extension).
    Convert(convert::Args),
    /// Generate a formula (random k-SAT, pigeonhole, queens, colouring, Tseitin parity).
    Gen(gen::Args),
    /// Run a solver over instance sets: check answers and models, PAR-2, CSV.
    Bench(bench::Args),
    /// Draw a cactus plot (SVG) from `bench --csv` files.
    BenchPlot(bench::PlotArgs),
    /// Sudokus: solve (through SAT or directly), check, encode, decode, generate, play, explain, rate.
    Sudoku(sudoku::Args),
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Check(args) => check::run(args),
        Command::CheckProof(args) => check_proof::run(args),
        Command::Info(args) => info::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Gen(args) => gen::run(args),
        Command::Bench(args) => bench::run(args),
        Command::BenchPlot(args) => bench::run_plot(args),
        Command::Sudoku(args) => sudoku::run(args),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage(&err),
    };
    if let Err(err) = signals::install() {
        warn(&format!(
            "SIGINT, SIGTERM and SIGHUP keep their default action: {err}"
        ));
    }
    let result = run(cli);
    // What stdout still holds goes out before any message on stderr.
    let written = stdout::finish();
    match result.and_then(|code| written.map(|()| code).map_err(Into::into)) {
        Ok(code) => code,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "satoku: error: {err:#}");
            ExitCode::from(exit::code_for(&err))
        }
    }
}

/// Help and version go to stdout (exit 0; 1 if it cannot be written, quiet
/// on a closed pipe), usage errors to stderr (exit 2).
fn usage(err: &clap::Error) -> ExitCode {
    let printed = err.print();
    if err.use_stderr() {
        return ExitCode::from(exit::BAD_INPUT);
    }
    match printed {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = writeln!(
                std::io::stderr(),
                "satoku: error: cannot write to stdout: {e}"
            );
            ExitCode::from(exit::FAILURE)
        }
        _ => ExitCode::SUCCESS,
    }
}

/// A warning on stderr (dropped if stderr cannot be written).
fn warn(text: &str) {
    let _ = writeln!(std::io::stderr(), "satoku: warning: {text}");
}
