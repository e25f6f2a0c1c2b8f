//! `satoku sudoku`: solve, check, encode, decode, generate, explain and rate sudokus.
//!
//! Puzzle files are read by `satoku_sudoku::parse_puzzles` (one-line puzzles,
//! CSV, sudopedia lines, block grids); a file that cannot be read or parsed is
//! bad input (exit 2). Exit codes of each subcommand are in `docs/cli.md`.

mod codec;
mod explain;
mod generate;
mod play;
mod rate;
mod solve;
mod stream;

use std::cell::RefCell;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use satoku_sudoku::{Answer, Encoding, Engine, Grid, Puzzle, SatSudoku};

use crate::counted::counted;
use crate::exit::BadInput;
use crate::text_file::MAX_PUZZLE_FILE;
use satoku_io::read_text;

// Sudokus through SAT, cross-checked by a direct solver.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(clap::Subcommand, Debug)]
enum SudokuCommand {
    /// Solve every puzzle of a file: one line per puzzle, a summary on stderr.
    Solve(solve::SolveArgs),
    /// Solve every puzzle through SAT and directly, and compare (exit 1 on any disagreement).
    Check(solve::CheckArgs),
    /// Write one puzzle's CNF in DIMACS.
    Encode(codec::EncodeArgs),
    /// Read a SAT solver's output for an encoded puzzle and print the grid.
    Decode(codec::DecodeArgs),
    /// Generate puzzles with exactly one solution.
    Generate(generate::GenerateArgs),
    /// Play a sudoku: full screen on a terminal, a line menu with --plain or in a pipe.
    Play(play::PlayArgs),
    /// Solve by logic, step by step, saying why each step holds.
    Explain(explain::ExplainArgs),
    /// Rate puzzles by the hardest technique a person needs.
    Rate(rate::RateArgs),
}

/// Runs a `satoku sudoku` subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        SudokuCommand::Solve(a) => solve::run_solve(a),
        SudokuCommand::Check(a) => solve::run_check(a),
        SudokuCommand::Encode(a) => codec::run_encode(a),
        SudokuCommand::Decode(a) => codec::run_decode(a),
        SudokuCommand::Generate(a) => generate::run(a),
        SudokuCommand::Play(a) => play::run(a),
        SudokuCommand::Explain(a) => explain::run(a),
        SudokuCommand::Rate(a) => rate::run(a),
    }
}

/// How to solve (`--via`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Via {
    /// Encode to CNF, solve with satoku's CDCL engine, decode.
    Sat,
    /// The direct bitmask solver.
    Direct,
}

/// The CLI's name for an encoding.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum EncodingArg {
    /// At-least-one and at-most-one for cells, rows, columns and blocks.
    Extended,
    /// Cell at-least-one and unit at-most-once only.
    Minimal,
}

impl From<EncodingArg> for Encoding {
    fn from(e: EncodingArg) -> Encoding {
        match e {
            EncodingArg::Extended => Encoding::Extended,
            EncodingArg::Minimal => Encoding::Minimal,
        }
    }
}

/// Reads every puzzle of a file; a parse error is bad input.
fn read_puzzles(path: &Path) -> anyhow::Result<Vec<Puzzle>> {
    let text = read_text(path, MAX_PUZZLE_FILE)?;
    satoku_sudoku::parse_puzzles(&text)
        .map_err(|e| BadInput(format!("{}: {e}", path.display())).into())
}

thread_local! {
    /// Each worker thread's SAT engines: loaded with the rules by a
    /// thread's first puzzle of a size, reused by all its later ones.
    static SAT: RefCell<SatSudoku> = RefCell::new(SatSudoku::new());
}

/// Solves one puzzle the chosen way, counting up to `limit` or until
/// `stop` is raised (then the count so far, a lower bound).
fn solve_one(grid: &Grid, limit: usize, via: Via, stop: &AtomicBool) -> anyhow::Result<Answer> {
    match via {
        Via::Direct => Ok(satoku_sudoku::solve_direct_until(
            grid,
            limit,
            Engine::Fastest,
            stop,
        )),
        Via::Sat => SAT
            .with_borrow_mut(|sat| sat.solve_until(grid, limit, Encoding::Extended, stop))
            .context("SAT path failed"),
    }
}

/// The message for puzzle `index` (1-based) of `name`, which holds `n`.
fn no_such_puzzle(name: impl std::fmt::Display, n: usize, index: usize) -> String {
    match n {
        0 => format!("{name}: no puzzle"),
        _ => format!(
            "{name}: has {}, no puzzle {index}",
            counted(n as u64, "puzzle")
        ),
    }
}
