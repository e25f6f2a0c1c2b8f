//! `satoku sudoku explain`: the logical solver's steps for each puzzle, one
//! numbered sentence per step, ending in the solved grid, or in `needs
//! guessing` with the grid reached and its candidates. Exit 0 once every
//! puzzle is explained; 2 for bad input (including an `--index` past the
//! last puzzle).

use crate::counted::counted;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use satoku_sudoku::logic::{self, Board, Outcome};
use satoku_sudoku::{Alphabet, Puzzle};

use super::read_puzzles;
use crate::exit::BadInput;

/// Arguments of `satoku sudoku explain`.
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// Puzzle file, or `-` for stdin.
    file: PathBuf,
    /// Only the puzzle with this 1-based number in the file.
    #[arg(long, value_name = "N", value_parser = crate::flags::parse_positive)]
    index: Option<usize>,
}

pub fn run(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    let puzzles = read_puzzles(&args.file)?;
    let chosen: Vec<(usize, &Puzzle)> = match args.index {
        None => puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (i + 1, p))
            .collect(),
        Some(i) if (1..=puzzles.len()).contains(&i) => vec![(i, &puzzles[i - 1])],
        Some(i) => {
            let msg = format!(
                "--index {i}: {} holds {}",
                args.file.display(),
                counted(puzzles.len() as u64, "puzzle")
            );
            return Err(BadInput(msg).into());
        }
    };
    if chosen.is_empty() {
        eprintln!(
            "satoku sudoku explain: 0 puzzles in {}",
            args.file.display()
        );
    }
    let mut out = crate::stdout::Writer;
    for (i, (number, p)) in chosen.into_iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        out.write_all(explanation(number, p).as_bytes())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The whole text for one puzzle.
fn explanation(number: usize, p: &Puzzle) -> String {
    let path = logic::solve(&p.grid);
    let mut text = format!("puzzle {number} (line {}):\n", p.line);
    for (i, step) in path.steps().iter().enumerate() {
        text += &format!("{:>4}. {}\n", i + 1, step.in_symbols(p.alphabet));
    }
    let rating = logic::Rating::of_path(&path);
    match path.outcome() {
        Outcome::Solved(grid) => {
            text += &format!("solved ({rating}):\n");
            text += &p.alphabet.write_pretty(grid);
        }
        Outcome::NeedsGuessing(board) => {
            text += &format!(
                "needs guessing after {} steps; the grid reached:\n",
                path.steps().len()
            );
            text += &p.alphabet.write_pretty(&board.grid());
            text += &candidates(board, p.alphabet);
        }
        Outcome::NoSolution(board) => {
            text += "no solution: the steps leave a cell or a digit of a unit without a place; the grid reached:\n";
            text += &p.alphabet.write_pretty(&board.grid());
        }
        Outcome::Illegal(conflict) => {
            text += &format!("illegal givens: {}\n", conflict.in_symbols(p.alphabet));
        }
    }
    text
}

/// The candidates of the open cells, one row per line:
/// `row 1: r1c2 {3,8}  r1c5 {1,3}`.
fn candidates(board: &Board, alphabet: Alphabet) -> String {
    let side = board.side();
    let symbol = |d: u8| match alphabet {
        Alphabet::Numbers => d.to_string(),
        _ => alphabet.symbol(d).to_string(),
    };
    let mut text = String::from("candidates:\n");
    for row in 0..side {
        let cells: Vec<String> = (0..side)
            .filter(|&col| board.digit(row, col) == 0)
            .map(|col| {
                let digits: Vec<String> =
                    board.candidates(row, col).into_iter().map(symbol).collect();
                format!("r{}c{} {{{}}}", row + 1, col + 1, digits.join(","))
            })
            .collect();
        if !cells.is_empty() {
            text += &format!("  row {}: {}\n", row + 1, cells.join("  "));
        }
    }
    text
}
