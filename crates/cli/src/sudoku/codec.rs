//! `satoku sudoku encode` and `satoku sudoku decode`: the SAT path step by step
//! with any solver (`encode p.txt -o p.cnf; minisat p.cnf out; decode out`).
//! The DIMACS text and the solver's output are written and read by
//! `satoku-dimacs`; `satoku-sudoku` gives the CNF and takes the model.
//!
//! `encode` exits 0; `decode` exits 10 when it prints a grid, 20 when the
//! solver said UNSATISFIABLE (`none`), 0 when it gave no answer (`unknown`),
//! and 2 when the output cannot be read or its model is not a solution.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use satoku_dimacs::{
    read_solver_answer, write_cnf_with_comments, OutputOptions, PartialModel, Status,
};
use satoku_formula::Model;
use satoku_sudoku::{
    box_size_for_vars, decode, decode_model, encode, header_comments, EncodingHeader, Puzzle,
    DEFAULT_ALPHABET,
};

use super::{read_puzzles, EncodingArg};
use crate::exit::BadInput;
use satoku_io::read_text;

/// Arguments of `satoku sudoku encode`.
#[derive(clap::Args, Debug)]
pub struct EncodeArgs {
    /// Puzzle file, or `-` for stdin.
    file: PathBuf,
    /// Write the CNF here instead of stdout (`.gz`, `.xz` compress).
    #[arg(short, long, value_name = "OUT.cnf")]
    output: Option<PathBuf>,
    /// Rule clauses to use.
    #[arg(long, value_enum, ignore_case = true, default_value = "extended")]
    encoding: EncodingArg,
    /// Which puzzle of the file (1-based).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = crate::flags::parse_positive)]
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
    /// Which puzzle of the --puzzle file (1-based), as `encode --index` chose it.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1,
        requires = "puzzle",
        value_parser = crate::flags::parse_positive
    )]
    index: usize,
    /// Draw the grid instead of one line.
    #[arg(long)]
    pretty: bool,
}

pub fn run_encode(args: EncodeArgs) -> anyhow::Result<ExitCode> {
    let out = args.output.as_deref().unwrap_or(Path::new("-"));
    crate::output::check_outputs(&[&args.file], &[out])?;
    let puzzle = nth_puzzle(&args.file, args.index)?;
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
    crate::output::write_file(out, |w| write_cnf_with_comments(&cnf, &comments, w))?;
    Ok(ExitCode::SUCCESS)
}

pub fn run_decode(args: DecodeArgs) -> anyhow::Result<ExitCode> {
    if let Some(puzzle) = &args.puzzle {
        satoku_io::stdin_once(&[("FILE", &args.file), ("--puzzle", puzzle)])?;
    }
    let max = satoku_dimacs::max_solver_output(satoku_sudoku::MAX_BOX_SIZE.pow(6));
    let text = read_text(&args.file, max)?;
    let name = args.file.display().to_string();
    let output = read_solver_answer(&text, &name, OutputOptions::default())
        .map_err(|e| BadInput(e.to_string()))?;
    let header = EncodingHeader::read(output.comments());
    let (puzzle, alphabet) = match &args.puzzle {
        Some(path) => {
            let puzzle = nth_puzzle(path, args.index)?;
            (Some(puzzle.grid), puzzle.alphabet)
        }
        None => (header.puzzle, DEFAULT_ALPHABET),
    };
    let status = output.status();
    let model = match (status, output.into_model()) {
        (_, Some(model)) => model,
        (Status::Sat, None) => {
            let message = format!("{name}: SATISFIABLE but no model (no `v` lines)");
            return Err(BadInput(message).into());
        }
        (_, None) => {
            let word = if status == Status::Unsat {
                "none"
            } else {
                "unknown"
            };
            println!("{word}");
            return Ok(ExitCode::from(status.exit_code()));
        }
    };
    let box_size = match (&puzzle, header.box_size) {
        (Some(p), _) => p.box_size(),
        (None, Some(n)) => n,
        (None, None) => {
            let max = model.max_var().map_or(0, |v| v.index() + 1);
            box_size_for_vars(max).map_err(|e| BadInput(format!("{name}: {e}")))?
        }
    };
    let model = total_model(&model, box_size, &name)?;
    let grid = match &puzzle {
        Some(p) => decode(p, &model),
        None => decode_model(box_size, &model),
    }
    .map_err(|e| BadInput(format!("{name}: {e}")))?;
    if args.pretty {
        print!("{}", alphabet.write_pretty(&grid));
    } else {
        println!("{}", alphabet.write_line(&grid));
    }
    Ok(ExitCode::from(crate::exit::SAT))
}

/// Puzzle `index` (1-based) of a file.
fn nth_puzzle(path: &Path, index: usize) -> anyhow::Result<Puzzle> {
    let puzzles = read_puzzles(path)?;
    let n = puzzles.len();
    let message = || super::no_such_puzzle(path.display(), n, index);
    let puzzle = puzzles.into_iter().nth(index.saturating_sub(1));
    Ok(puzzle.ok_or_else(|| BadInput(message()))?)
}

/// The model over the encoding's `side³` variables (unmentioned ones
/// false); a variable beyond them is bad input.
fn total_model(model: &PartialModel, box_size: usize, name: &str) -> anyhow::Result<Model> {
    let num_vars = box_size.pow(6);
    model.to_model(num_vars).ok_or_else(|| {
        let var = model.max_var().map_or(0, |v| v.to_dimacs());
        let side = box_size * box_size;
        BadInput(format!(
            "{name}: the model names variable {var}, beyond the {num_vars} variables of a {side}x{side} sudoku"
        ))
        .into()
    })
}
