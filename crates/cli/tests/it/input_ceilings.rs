//! Files that commands read whole have a ceiling on their size: a solver's
//! output (`check`, `sudoku decode`), a puzzle file or saved game (`sudoku
//! encode`, `explain`, `decode --puzzle`, `play`). Past it the command
//! stops with exit 2 and names the file, instead of reading an endless
//! stream (`/dev/zero`, `yes`) into memory.

use crate::support::satoku_fed;

/// 64 MiB, the ceiling of a puzzle file and of a solver output's slack.
const CEILING: usize = 64 << 20;

fn assert_too_long(out: &std::process::Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert!(stderr.contains("longer than"), "{what}: {stderr}");
}

#[test]
fn a_model_file_past_the_ceiling_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("ok.cnf");
    std::fs::write(&cnf, "p cnf 3 2\n1 -2 0\n2 3 0\n").unwrap();
    let model = dir.path().join("model.txt");
    let comments = "c foo\n".repeat(CEILING / 6 + 1000);
    std::fs::write(&model, format!("s SATISFIABLE\nv 1 2 0\n{comments}")).unwrap();
    let out = satoku_fed(
        &["check", cnf.to_str().unwrap(), model.to_str().unwrap()],
        "",
    );
    assert_too_long(&out, "check MODEL");
    let out = satoku_fed(&["check", cnf.to_str().unwrap(), "-"], comments.as_bytes());
    assert_too_long(&out, "check -");
}

#[test]
fn a_puzzle_file_past_the_ceiling_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.txt");
    let line = format!("{:081}\n", 0);
    std::fs::write(&path, line.repeat(CEILING / line.len() + 1)).unwrap();
    let file = path.to_str().unwrap();
    for args in [
        &["sudoku", "encode", file][..],
        &["sudoku", "explain", file],
        &["sudoku", "play", file, "--plain"],
    ] {
        assert_too_long(&satoku_fed(args, ""), &format!("{args:?}"));
    }
}

#[test]
fn a_play_command_line_past_its_ceiling_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.txt");
    std::fs::write(&path, format!("{:081}\n", 0)).unwrap();
    let endless_line = vec![b'x'; 1 << 20];
    let out = satoku_fed(
        &["sudoku", "play", path.to_str().unwrap(), "--plain"],
        endless_line,
    );
    assert_too_long(&out, "play stdin");
}

#[cfg(unix)]
#[test]
fn an_endless_stream_stops_at_the_ceiling() {
    let out = satoku_fed(&["sudoku", "decode", "/dev/zero"], "");
    assert_too_long(&out, "decode /dev/zero");
}
