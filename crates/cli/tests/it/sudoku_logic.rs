//! `satoku sudoku explain`, `rate` and `generate --difficulty` end to end.

use crate::support::{satoku_fed, ILLEGAL};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Hidden singles in blocks alone solve it (box 1 takes 6 only at r2c2:
/// rows 1 and 3 and column 3 hold a 6).
const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// No technique applies at the start: guessing is needed.
const GUESS: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

#[test]
fn explain_numbers_the_steps_and_ends_in_the_solved_grid() {
    let out = satoku_fed(&["sudoku", "explain", "-"], EASY);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "puzzle 1 (line 1):");
    assert_eq!(
        lines[1],
        "   1. Hidden single: in box 1, 6 fits only r2c2, so r2c2 = 6"
    );
    let open = EASY.bytes().filter(|&b| b == b'0').count();
    let steps: Vec<&&str> = lines
        .iter()
        .filter(|l| l.contains(". ") && l.trim_start().starts_with(char::is_numeric))
        .collect();
    assert_eq!(steps.len(), open, "singles only: one step per open cell");
    let at = lines
        .iter()
        .position(|l| l.starts_with("solved (easy"))
        .expect("solved");
    let grid: String = lines[at + 1..]
        .concat()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(grid, EASY_SOLUTION);
}

#[test]
fn explain_writes_digits_in_the_puzzles_own_symbols() {
    // The 16x16 sample is written 1-9A-G: its first step places an A, and
    // a clash in a 25x25 puzzle is named with its letter.
    let file = crate::support::repo_file("cnf/sudoku/puzzles.txt");
    let file = file.as_str();
    let out = satoku_fed(&["sudoku", "explain", file, "--index", "8"], "");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("   1. Hidden single: in box 1, A fits only r2c4, so r2c4 = A\n"),
        "{stdout}"
    );
    let mut clash = vec![b'.'; 625];
    (clash[0], clash[9]) = (b'P', b'P');
    let out = satoku_fed(
        &["sudoku", "explain", "-"],
        String::from_utf8(clash).unwrap(),
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("illegal givens: row 1 has P twice, at r1c1 and r1c10"),
        "{stdout}"
    );
}

#[test]
fn explain_stops_at_guessing_with_the_candidates() {
    let input = format!("{EASY}\n{GUESS}\n{ILLEGAL}\n");
    let out = satoku_fed(&["sudoku", "explain", "-", "--index", "2"], &input);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("puzzle 2 (line 2):\nneeds guessing after 0 steps"),
        "{stdout}"
    );
    assert!(
        stdout.contains("candidates:\n  row 1: r1c3 {1,2,4}  r1c5 {1,3,5}"),
        "{stdout}"
    );
    let illegal = satoku_fed(&["sudoku", "explain", "-", "--index", "3"], &input);
    assert!(text(&illegal.stdout).contains("illegal givens: "));
}

#[test]
fn explain_index_past_the_end_is_bad_input() {
    let out = satoku_fed(&["sudoku", "explain", "-", "--index", "4"], EASY);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .trim_end()
            .ends_with("--index 4: - holds 1 puzzle"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn rate_prints_one_line_per_puzzle_and_a_histogram() {
    let input = format!("{EASY}\n{GUESS}\n{ILLEGAL}\n");
    let out = satoku_fed(&["sudoku", "rate", "-"], &input);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let lines: Vec<Vec<&str>> = stdout.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0][..3], ["easy", "1.2", "hidden single"]);
    assert_eq!(
        lines[0][3],
        EASY.bytes().filter(|&b| b == b'0').count().to_string()
    );
    assert_eq!(lines[1], ["expert", "0.0", "none", "0", "needs-guessing"]);
    assert_eq!(lines[2].last(), Some(&"illegal"));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("satoku sudoku rate: 3 puzzles in "),
        "{stderr}"
    );
    for row in ["easy", "needs guessing", "illegal"] {
        assert!(
            stderr
                .lines()
                .any(|l| l.trim_start().starts_with(row) && l.contains(" 1  #")),
            "{row}: {stderr}"
        );
    }
}

#[test]
fn rate_with_jobs_keeps_the_order() {
    let input = format!("{EASY}\n{GUESS}\n").repeat(10);
    let one = satoku_fed(&["sudoku", "rate", "-"], &input);
    let two = satoku_fed(&["sudoku", "rate", "-", "--jobs", "2"], &input);
    assert_eq!(text(&one.stdout), text(&two.stdout));
    assert_eq!(text(&one.stdout).lines().count(), 20);
}

#[test]
fn generate_by_difficulty_gives_puzzles_rated_at_it() {
    for level in ["easy", "medium", "hard", "expert"] {
        let out = satoku_fed(
            &[
                "sudoku",
                "generate",
                "--difficulty",
                level,
                "-n",
                "2",
                "--seed",
                "5",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{level}: {}", text(&out.stderr));
        let rated = satoku_fed(&["sudoku", "rate", "-"], text(&out.stdout));
        for line in text(&rated.stdout).lines() {
            assert!(line.starts_with(&format!("{level}\t")), "{level}: {line}");
        }
        assert!(
            text(&out.stderr).contains(&format!("2 {level}")),
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_minimal_25x25_is_refused_before_any_work() {
    // It would run for hours: each clue's uniqueness check on a sparse
    // 25x25 grid can take that long.
    let start = std::time::Instant::now();
    let out = satoku_fed(&["sudoku", "generate", "--minimal", "--size", "25"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("minimal puzzles are made up to 16x16"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
}

#[test]
fn explain_says_so_when_the_file_holds_no_puzzle() {
    let out = satoku_fed(&["sudoku", "explain", "-"], "# only a comment\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(text(&out.stderr), "satoku sudoku explain: 0 puzzles in -\n");
}
