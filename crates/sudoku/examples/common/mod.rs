//! What the examples share: their arguments and the 9x9 puzzles they load,
//! with a clear message and exit status 2 on bad input instead of a panic.

use std::fmt::Display;
use std::str::FromStr;

use satoku_sudoku::{parse_puzzles, Grid};

/// Prints `error: message` and exits with status 2 (bad input).
pub fn fail(message: impl Display) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

/// Argument `i` parsed as a `T`, `default` when absent.
pub fn arg<T: FromStr>(args: &[String], i: usize, name: &str, default: T) -> T {
    match args.get(i) {
        None => default,
        Some(s) => s
            .parse()
            .unwrap_or_else(|_| fail(format!("{name}: `{s}` is not a valid value"))),
    }
}

/// The first `n` puzzles of the file at `path`: 9x9 only, at least one.
pub fn load_9x9(path: Option<&String>, n: usize) -> Vec<Grid> {
    let path = path.unwrap_or_else(|| fail("usage: FILE [N ...] (see the example's docs)"));
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    let puzzles = parse_puzzles(&text).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    let grids: Vec<Grid> = puzzles.into_iter().take(n).map(|p| p.grid).collect();
    if let Some(g) = grids.iter().find(|g| g.box_size() != 3) {
        let side = g.side();
        fail(format!(
            "{path}: a {side}x{side} puzzle; this example takes 9x9 only"
        ));
    }
    if grids.is_empty() {
        fail(format!("{path}: no puzzle to solve"));
    }
    grids
}
