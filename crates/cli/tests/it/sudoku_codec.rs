//! `satoku sudoku encode` and `decode` on files of several puzzles: the
//! SAT path step by step, `decode --puzzle FILE` checking the puzzle
//! `encode --index` chose, and printing it in that puzzle's own symbols.

use std::path::Path;
use std::process::Output;

use crate::support::{satoku_fed, stdout, HARD};

const SECOND: &str =
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
const SECOND_SOLUTION: &str =
    "527316489896542731314987562172453896689271354453698217941825673765134928238769145";
fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `encode FILE --index K`, then `solve`: the solver's output file.
fn solve_encoded(puzzles: &Path, index: &str, dir: &Path) -> String {
    let cnf = dir.join(format!("p{index}.cnf"));
    let cnf = cnf.to_str().unwrap();
    let puzzles = puzzles.to_str().unwrap();
    let out = satoku_fed(
        &["sudoku", "encode", puzzles, "--index", index, "-o", cnf],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = satoku_fed(&["solve", cnf], "");
    assert_eq!(out.status.code(), Some(10), "{}", stderr(&out));
    let answer = dir.join(format!("p{index}.out"));
    std::fs::write(&answer, &out.stdout).unwrap();
    answer.to_str().unwrap().to_owned()
}

#[test]
fn decode_checks_the_puzzle_that_encode_index_chose() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("two.txt");
    std::fs::write(&puzzles, format!("{HARD}\n{SECOND}\n")).unwrap();
    let answer = solve_encoded(&puzzles, "2", dir.path());
    let file = puzzles.to_str().unwrap();
    let out = satoku_fed(
        &[
            "sudoku", "decode", &answer, "--puzzle", file, "--index", "2",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(10), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{SECOND_SOLUTION}\n"));
    // Puzzle 1 is not the one solved: its givens are not kept.
    let out = satoku_fed(&["sudoku", "decode", &answer, "--puzzle", file], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("whose given is 4"),
        "{}",
        stderr(&out)
    );
    let out = satoku_fed(
        &[
            "sudoku", "decode", &answer, "--puzzle", file, "--index", "3",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("has 2 puzzles, no puzzle 3"),
        "{}",
        stderr(&out)
    );
    // --index names a puzzle of --puzzle only.
    let out = satoku_fed(&["sudoku", "decode", &answer, "--index", "2"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn decode_prints_a_grid_of_numbers_as_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("numbers.txt");
    let grid: String = HARD
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let cell = if c == '.' { '0' } else { c };
            let end = if i % 9 == 8 { '\n' } else { ' ' };
            format!("{cell}{end}")
        })
        .collect();
    std::fs::write(&puzzles, grid).unwrap();
    let answer = solve_encoded(&puzzles, "1", dir.path());
    let file = puzzles.to_str().unwrap();
    let decoded = satoku_fed(&["sudoku", "decode", &answer, "--puzzle", file], "");
    let solved = satoku_fed(&["sudoku", "solve", file], "");
    assert_eq!(decoded.status.code(), Some(10), "{}", stderr(&decoded));
    assert_eq!(stdout(&decoded), stdout(&solved));
    assert!(
        stdout(&decoded).starts_with("4 1 7 "),
        "{}",
        stdout(&decoded)
    );
}
