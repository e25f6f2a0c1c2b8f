//! Faults of stdout, for every command: `/dev/full` ends the command with
//! exit 1 and one message (no panic); a pipe whose reader has gone ends it
//! quietly, with the exit code it would have had; `solve` still writes its
//! side files (`--res`) whatever happens to stdout; and a stderr that
//! cannot be written changes nothing.

#![cfg(unix)]

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::{read_first_line_and_close, repo_file, satoku, SATOKU};

/// Files every command can work on: a SAT formula, its model, an UNSAT
/// formula with its proof, a puzzle and its encoding's solver output.
struct Inputs {
    _dir: tempfile::TempDir,
    sat: String,
    model: String,
    unsat: String,
    proof: String,
    puzzle: String,
    solved: String,
    big: String,
}

fn inputs() -> Inputs {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let (sat, unsat) = (
        repo_file("cnf/sat/queens-4.cnf"),
        repo_file("cnf/unsat/php-5-4.cnf"),
    );
    let (model, proof, puzzle, solved, big) = (
        path("model.txt"),
        path("proof.drat"),
        path("puzzle.txt"),
        path("solved.txt"),
        path("big.cnf"),
    );
    std::fs::write(&model, satoku(&["solve", &sat]).stdout).unwrap();
    satoku(&["solve", &unsat, "--proof", &proof]);
    let grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    std::fs::write(&puzzle, format!("{grid}\n")).unwrap();
    let cnf = path("puzzle.cnf");
    satoku(&["sudoku", "encode", &puzzle, "-o", &cnf]);
    std::fs::write(&solved, satoku(&["solve", &cnf]).stdout).unwrap();
    let gen = [
        "gen",
        "ksat",
        "--vars",
        "20000",
        "--clauses",
        "40000",
        "-o",
        &big,
    ];
    assert!(satoku(&gen).status.success());
    Inputs {
        _dir: dir,
        sat,
        model,
        unsat,
        proof,
        puzzle,
        solved,
        big,
    }
}

/// Each command with arguments that print something, and its exit code.
fn commands(i: &Inputs) -> Vec<(Vec<String>, i32)> {
    let cases: Vec<(Vec<&str>, i32)> = vec![
        (vec!["solve", &i.big], 10),
        (vec!["check", &i.sat, &i.model], 0),
        (vec!["check-proof", &i.unsat, &i.proof], 0),
        (vec!["info", &i.big], 0),
        (vec!["convert", &i.big, "-"], 0),
        (vec!["gen", "php", "--holes", "30"], 0),
        (vec!["sudoku", "solve", &i.puzzle], 10),
        (vec!["sudoku", "encode", &i.puzzle], 0),
        (vec!["sudoku", "decode", &i.solved], 10),
        (vec!["sudoku", "generate", "-n", "300"], 0),
        (vec!["bench", &i.sat], 0),
    ];
    cases
        .into_iter()
        .map(|(args, code)| (args.into_iter().map(String::from).collect(), code))
        .collect()
}

#[test]
fn a_full_disk_on_stdout_is_exit_1_with_one_message_in_every_command() {
    let inputs = inputs();
    for (args, _) in commands(&inputs) {
        let out = Command::new(SATOKU)
            .args(&args)
            .stdout(File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        let errors: Vec<_> = stderr.lines().filter(|l| l.contains("error")).collect();
        assert_eq!(errors.len(), 1, "{args:?}: {stderr}");
        assert!(errors[0].contains("No space left"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Runs `args` with stdout read for one line and then closed: the exit
/// code and stderr.
fn with_stdout_closed_early(args: &[String], dir: &Path) -> (Option<i32>, String) {
    let child = Command::new(SATOKU)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (_, status, stderr) = read_first_line_and_close(child);
    (status.code(), stderr)
}

#[test]
fn a_closed_pipe_is_quiet_and_keeps_the_exit_code_in_every_command() {
    let inputs = inputs();
    let dir = tempfile::tempdir().unwrap();
    for (args, code) in commands(&inputs) {
        let (status, stderr) = with_stdout_closed_early(&args, dir.path());
        assert_eq!(status, Some(code), "{args:?}: {stderr}");
        let noise = ["Broken pipe", "error", "panicked"];
        assert!(
            !noise.iter().any(|n| stderr.contains(n)),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_closed_stdout_still_writes_the_res_file() {
    let inputs = inputs();
    let dir = tempfile::tempdir().unwrap();
    let cnf: PathBuf = dir.path().join("big.cnf");
    std::fs::copy(&inputs.big, &cnf).unwrap();
    let args = ["solve".into(), "--res".into(), cnf.display().to_string()];
    let (status, stderr) = with_stdout_closed_early(&args, dir.path());
    assert_eq!(status, Some(10), "{stderr}");
    let res = std::fs::read_to_string(dir.path().join("big.res")).unwrap();
    assert!(
        res.starts_with("s 1\n") && res.contains("\nt "),
        "{res:.80}"
    );
}

#[test]
fn a_full_stderr_changes_no_exit_code() {
    let inputs = inputs();
    let dir = tempfile::tempdir().unwrap();
    let warned = dir.path().join("warned.cnf");
    std::fs::write(&warned, "p cnf 3 5\n1 2 0\n").unwrap();
    let mut cases = commands(&inputs);
    cases.push((vec!["solve".into(), warned.display().to_string()], 10));
    cases.push((vec!["solve".into(), "no-such-file.cnf".into()], 2));
    for (args, code) in cases {
        let out = Command::new(SATOKU)
            .args(&args)
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .stderr(File::create("/dev/full").unwrap())
            .status()
            .unwrap();
        assert_eq!(out.code(), Some(code), "{args:?}");
    }
}
