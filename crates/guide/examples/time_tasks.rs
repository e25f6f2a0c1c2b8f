//! Times two library tasks in whatever profile it is built with: the figure
//! behind the `[profile.dev.package]` advice in `docs/library.md` (the
//! figures are in `docs/benchmarks.md`).
//!
//! ```text
//! time_tasks cnf DIR            # parse and solve every file of DIR
//! time_tasks sudoku FILE N      # the first N puzzles of FILE through SAT
//! ```
//!
//! Copied into a dependent crate (as its `src/main.rs`) and run from
//! `cargo build`'s debug binary, with and without the profile lines, it
//! shows what a dependent's debug build costs.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use satoku_dimacs::{parse_path, ParseOptions};
use satoku_solver::{SolveResult, Solver, SolverConfig};
use satoku_sudoku::{parse_puzzles, SatSudoku};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// Solves every file of `dir`; returns (files, satisfiable).
fn solve_folder(dir: &str) -> Result<(usize, usize)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    paths.sort();
    let mut sat = 0;
    for path in &paths {
        let cnf = parse_path(path, &ParseOptions::default())?.cnf;
        if let SolveResult::Sat(model) = Solver::from_cnf(&cnf, SolverConfig::default()).solve() {
            assert!(model.satisfies(&cnf), "{}: bad model", path.display());
            sat += 1;
        }
    }
    Ok((paths.len(), sat))
}

/// Solves the first `n` puzzles of `file` through SAT; returns how many
/// have a solution.
fn solve_puzzles(file: &str, n: usize) -> Result<usize> {
    let puzzles = parse_puzzles(&std::fs::read_to_string(file)?)?;
    let mut sat = SatSudoku::new();
    let mut solved = 0;
    for puzzle in puzzles.iter().take(n) {
        solved += sat.solve(&puzzle.grid, 1)?.count();
    }
    Ok(solved)
}

fn run(args: &[String]) -> Result<String> {
    let start = Instant::now();
    let what = match args {
        [task, dir] if task == "cnf" => {
            let (files, sat) = solve_folder(dir)?;
            format!("{files} files, {sat} satisfiable")
        }
        [task, file, n] if task == "sudoku" => {
            let n = n.parse()?;
            format!("{n} puzzles, {} solved", solve_puzzles(file, n)?)
        }
        _ => return Err("usage: time_tasks cnf DIR | time_tasks sudoku FILE N".into()),
    };
    Ok(format!("{what} in {:.2?}", start.elapsed()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("time_tasks: {e}");
            ExitCode::from(2)
        }
    }
}
