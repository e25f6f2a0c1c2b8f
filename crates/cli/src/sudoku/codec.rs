//! `satoku sudoku encode` and `satoku sudoku decode`: the SAT path step by step
//! with any solver (`encode p.txt -o p.cnf; minisat p.cnf out; decode out`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use satoku_sudoku::{
    box_size_for_vars, decode, decode_model, encode, header_comments, parse_solver_output,
    write_dimacs, SolverAnswer, DEFAULT_ALPHABET,
};

use super::{read_puzzles, read_text, EncodingArg};
use crate::exit::BadInput;

/// Arguments of `satoku sudoku encode`.
#[derive(clap::Args, Debug)]
pub struct EncodeArgs {
    /// Puzzle file, or `-` for stdin.
    file: PathBuf,
    /// Write the CNF here instead of stdout.
    #[arg(short, long, value_name = "OUT.cnf")]
    output: Option<PathBuf>,
    /// Rule clauses to use.
    #[arg(long, value_enum, default_value = "extended")]
    encoding: EncodingArg,
    /// Which puzzle of the file (1-based).
    #[arg(long, value_name = "K", default_value_t = 1)]
    index: usize,
}

/// Arguments of `satoku sudoku decode`.
#[derive(clap::Args, Debug)]
pub struct DecodeArgs {
    /// A SAT solver's output (`s`/`v` lines or MiniSat's result file), or `-`.
    file: PathBuf,
    /// The puzzle, to check the givens (else the `c puzzle` comment, if present).
    #[arg(long, value_name = "FILE")]
    puzzle: Option<PathBuf>,
    /// Draw the grid instead of one line.
    #[arg(long)]
    pretty: bool,
}

pub fn run_encode(args: EncodeArgs) -> anyhow::Result<ExitCode> {
    let puzzles = read_puzzles(&args.file)?;
    let n = puzzles.len();
    let puzzle = puzzles
        .into_iter()
        .nth(args.index.saturating_sub(1))
        .ok_or_else(|| {
            BadInput(format!(
                "{}: has {n} puzzle(s), no puzzle {}",
                args.file.display(),
                args.index
            ))
        })?;
    let encoding = args.encoding.into();
    let cnf = encode(&puzzle.grid, encoding);
    let mut comments = vec![format!(
        "satoku sudoku encode {} --encoding {} --index {} (puzzle at line {})",
        args.file.display(),
        encoding.name(),
        args.index,
        puzzle.line
    )];
    comments.extend(header_comments(&puzzle.grid, encoding));
    let mut text = Vec::new();
    write_dimacs(&mut text, &cnf, &comments)?;
    match &args.output {
        Some(path) => std::fs::write(path, &text).with_context(|| format!("{}", path.display()))?,
        None => std::io::stdout().lock().write_all(&text)?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run_decode(args: DecodeArgs) -> anyhow::Result<ExitCode> {
    let text = read_text(&args.file)?;
    let output = parse_solver_output(&text)
        .map_err(|e| BadInput(format!("{}: {e}", args.file.display())))?;
    let puzzle = match &args.puzzle {
        Some(path) => Some(
            read_puzzles(path)?
                .into_iter()
                .next()
                .ok_or_else(|| BadInput(format!("{}: no puzzle", path.display())))?
                .grid,
        ),
        None => output.puzzle.clone(),
    };
    let model = match output.answer {
        SolverAnswer::Unsat => {
            println!("none");
            return Ok(ExitCode::SUCCESS);
        }
        SolverAnswer::Unknown => {
            println!("unknown");
            return Ok(ExitCode::SUCCESS);
        }
        SolverAnswer::Sat(model) => model,
    };
    let box_size = match (&puzzle, output.box_size) {
        (Some(p), _) => p.box_size(),
        (None, Some(n)) => n,
        (None, None) => box_size_for_vars(model.num_vars()).map_err(|e| BadInput(e.to_string()))?,
    };
    let grid = match &puzzle {
        Some(p) => decode(p, &model),
        None => decode_model(box_size, &model),
    }
    .map_err(|e| BadInput(format!("{}: {e}", args.file.display())))?;
    if args.pretty {
        print!("{}", DEFAULT_ALPHABET.write_pretty(&grid));
    } else {
        println!("{}", DEFAULT_ALPHABET.write_line(&grid));
    }
    Ok(ExitCode::SUCCESS)
}
