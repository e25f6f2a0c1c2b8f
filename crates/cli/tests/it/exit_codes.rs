//! The exit-code contract every command shares (docs/cli.md): a path that
//! does not exist or cannot be opened is bad input (2) in every command, and
//! enum flag values are case-insensitive everywhere.

use crate::support;

use crate::support::{repo_file, satoku};

/// Runs `args` and expects exit 2 with one error line naming `missing`.
fn expect_missing(args: &[&str], missing: &str) {
    let out = satoku(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("satoku: error:") && stderr.contains(missing),
        "{args:?}: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn a_missing_input_is_exit_2_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.cnf");
    let missing = missing.to_str().unwrap();
    let cnf = repo_file("cnf/sat/queens-4.cnf");
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["solve", missing],
        vec!["check", missing, &cnf],
        vec!["check", &cnf, missing],
        vec!["check-proof", missing, &cnf],
        vec!["check-proof", &cnf, missing],
        vec!["info", missing],
        vec!["convert", missing, out],
        vec!["bench", missing],
        vec!["bench-plot", missing, "-o", out],
        vec!["sudoku", "solve", missing],
        vec!["sudoku", "check", missing],
        vec!["sudoku", "encode", missing],
    ];
    for args in &cases {
        expect_missing(args, missing);
    }
}

#[test]
fn a_directory_given_as_input_is_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let cnf = repo_file("cnf/unsat/php-5-4.cnf");
    let svg = dir.path().join("x.svg");
    let svg = svg.to_str().unwrap();
    for args in [
        vec!["solve", path],
        vec!["info", path],
        vec!["check", &cnf, path],
        vec!["check-proof", &cnf, path],
        vec!["sudoku", "solve", path],
        vec!["sudoku", "check", path],
        vec!["sudoku", "rate", path],
        vec!["sudoku", "encode", path],
        vec!["sudoku", "explain", path],
        vec!["sudoku", "decode", path],
        vec!["sudoku", "play", "--plain", path],
        vec!["bench-plot", path, "-o", svg],
        vec!["bench", &cnf, "--expected", path],
    ] {
        expect_missing(&args, path);
        // Told alike everywhere: not the system's `Is a directory (os
        // error 21)`, nor placed at a line of the file.
        let err = String::from_utf8_lossy(&satoku(&args).stderr).into_owned();
        let told = format!("satoku: error: {path}: is a directory\n");
        assert!(err.ends_with(&told), "{args:?}: {err}");
    }
}

#[test]
fn two_inputs_both_from_stdin_are_a_usage_error() {
    // The first input would read stdin to its end and the second nothing:
    // `check-proof - -` said `s NOT VERIFIED` about an empty proof.
    let cnf = std::fs::read(repo_file("cnf/unsat/php-5-4.cnf")).unwrap();
    for (args, names) in [
        (vec!["check-proof", "-", "-"], "FILE and PROOF"),
        (vec!["check", "-", "-"], "FILE and MODEL"),
        (
            vec!["sudoku", "decode", "-", "--puzzle", "-"],
            "FILE and --puzzle",
        ),
    ] {
        let out = support::satoku_fed(&args, &cnf);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        let told = format!("satoku: error: {names} are both `-`: stdin can be only one of them\n");
        assert_eq!(stderr, told, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn enum_values_are_case_insensitive() {
    let cnf = repo_file("cnf/unsat/php-5-4.cnf");
    for args in [
        ["--algorithm", "DPLL"],
        ["--heuristic", "Moms"],
        ["--restart", "LUBY"],
    ] {
        let out = satoku(&["solve", "-q", &cnf, args[0], args[1]]);
        assert_eq!(out.status.code(), Some(20), "{args:?}: {out:?}");
    }
}

#[test]
fn zero_jobs_positions_and_counts_are_usage_errors() {
    let cnf = repo_file("cnf/sat/queens-4.cnf");
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("p.txt");
    let grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    std::fs::write(&puzzle, format!("{grid}\n")).unwrap();
    let puzzle = puzzle.to_str().unwrap();
    let cases: [&[&str]; 9] = [
        &["bench", &cnf, "--jobs", "0"],
        &["bench", &cnf, "--jobs", "100000"],
        &["sudoku", "solve", puzzle, "--jobs", "0"],
        &["sudoku", "solve", puzzle, "--jobs", "18446744073709551615"],
        &["sudoku", "check", puzzle, "--jobs", "0"],
        &["sudoku", "solve", puzzle, "--count", "0"],
        &["sudoku", "check", puzzle, "--count", "0"],
        &["sudoku", "encode", puzzle, "--index", "0"],
        &["sudoku", "encode", puzzle, "--index", "-1"],
    ];
    for args in cases {
        let out = satoku(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = satoku(&["sudoku", "solve", puzzle, "--jobs", "2", "--count", "2"]);
    assert_eq!(out.status.code(), Some(10), "{out:?}");
}
