//! Instruction-count harness for the direct 9x9 solver: solves the first N
//! puzzles of a file with `solve_direct(&grid, LIMIT)` (mode `direct`), with the
//! `sudoku` crate (mode `crate`, the bench's speed reference), or only parses
//! them (mode `parse`). Under `valgrind --tool=cachegrind` a solve run minus
//! the parse run is the solver's cost, stable where wall-clock time is not.
//!
//! With REPS, the solves are repeated REPS times and the fastest round is
//! printed in µs per puzzle: a quick wall-clock check between two builds.
//!
//! `cargo run --release -p satoku-sudoku --example direct_count -- FILE N LIMIT MODE [REPS]`
mod common;

use satoku_sudoku::{solve_direct, Grid, DEFAULT_ALPHABET};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = common::arg(&args, 2, "N", 2000);
    let limit: usize = common::arg(&args, 3, "LIMIT", 1);
    let mode = args.get(4).map_or("direct", String::as_str);
    if !["direct", "crate", "parse"].contains(&mode) {
        common::fail(format!("MODE: `{mode}` is not direct, crate or parse"));
    }
    let reps: usize = common::arg(&args, 5, "REPS", 1);
    let grids = common::load_9x9(args.get(1), n);
    // Both parsed forms in every mode, so that `parse` subtracts the same work.
    let theirs: Vec<sudoku::Sudoku> = grids
        .iter()
        .map(|g| {
            sudoku::Sudoku::from_str_line(&DEFAULT_ALPHABET.write_line(g))
                .unwrap_or_else(|e| common::fail(format!("the sudoku crate refuses {g:?}: {e:?}")))
        })
        .collect();
    let mut best = f64::INFINITY;
    let mut total = 0;
    for _ in 0..reps {
        let start = std::time::Instant::now();
        total = run(&grids, &theirs, limit, mode);
        best = best.min(start.elapsed().as_secs_f64());
    }
    if reps > 1 {
        println!(
            "{mode} {:.2} µs per puzzle",
            best * 1e6 / grids.len() as f64
        );
    }
    println!("{} puzzles, {total}", grids.len());
}

fn run(grids: &[Grid], theirs: &[sudoku::Sudoku], limit: usize, mode: &str) -> usize {
    match mode {
        "parse" => grids.iter().map(|g| usize::from(g.cells()[0])).sum(),
        "crate" => theirs
            .iter()
            .map(|&s| match limit {
                1 => usize::from(black_box(s).some_solution().is_some()),
                _ => black_box(s).solutions_count_up_to(limit),
            })
            .sum(),
        _ => grids
            .iter()
            .map(|g| solve_direct(black_box(g), limit).count())
            .sum(),
    }
}
