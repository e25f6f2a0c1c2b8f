//! Where the puzzle files are. The public sets live in `../shared/sudoku`
//! next to the workspace (or `$SATOKU_SHARED/sudoku`); where they are absent
//! the tests run on the in-repo sample `cnf/sudoku/puzzles.txt`, whose
//! answers are in `cnf/sudoku/expected.tsv`, and say so on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};

use satoku_sudoku::{parse_puzzles, Grid, Puzzle};

/// The shared puzzle folder, if present.
pub fn shared_dir() -> Option<PathBuf> {
    let default = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared");
    let root = std::env::var("SATOKU_SHARED").unwrap_or(default.into());
    Some(Path::new(&root).join("sudoku")).filter(|dir| dir.is_dir())
}

/// The answer `expected.tsv` records for a sample puzzle.
#[derive(Debug)]
pub struct Expected {
    /// `unique`, `multiple`, `none` or `illegal`.
    pub kind: String,
    /// The exact number of solutions.
    pub solutions: usize,
    /// The solution of a `unique` puzzle.
    pub solution: Option<Grid>,
}

/// Every puzzle of the in-repo sample with its recorded answer. Writes a
/// line to stderr itself (not through `eprintln!`, which the test harness
/// captures), so that a run without the shared data says so.
pub fn repo_sample(test: &str) -> Vec<(Puzzle, Expected)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cnf/sudoku");
    let note = format!(
        "{test}: shared/sudoku not found; ran on {}\n",
        dir.display()
    );
    std::io::stderr().write_all(note.as_bytes()).unwrap();
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("sample file");
    let puzzles = parse_puzzles(&read("puzzles.txt")).expect("sample puzzles parse");
    let tsv = read("expected.tsv");
    let rows: Vec<&str> = tsv.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows.len(), puzzles.len(), "one expected.tsv row per puzzle");
    puzzles
        .into_iter()
        .zip(rows)
        .map(|(p, row)| (p, expected(row)))
        .collect()
}

fn expected(row: &str) -> Expected {
    let fields: Vec<&str> = row.split('\t').collect();
    let solution = match fields[3] {
        "-" => None,
        text => Some(parse_puzzles(text).expect("solution parses").remove(0).grid),
    };
    Expected {
        kind: fields[1].to_owned(),
        solutions: fields[2].parse().expect("a count"),
        solution,
    }
}
