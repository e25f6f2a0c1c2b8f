//! The README shows what the commands print: its `.res` example is the file
//! `satoku solve --res` writes for the same instance (the time aside).

use crate::support::{repo_path, satoku};

/// The text block after the line `` `/tmp/queens-4.res`: `` in the README.
fn readme_res_example() -> Vec<String> {
    let readme = std::fs::read_to_string(repo_path("README.md")).unwrap();
    let after = readme
        .split_once("`/tmp/queens-4.res`:")
        .expect("the README shows /tmp/queens-4.res")
        .1;
    let block = after.split("```").nth(1).expect("a fenced block follows");
    block.lines().skip(1).map(str::to_owned).collect()
}

#[test]
fn the_readme_res_example_is_what_solve_writes() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("queens-4.cnf");
    std::fs::copy(repo_path("cnf/sat/queens-4.cnf"), &cnf).unwrap();
    let out = satoku(&["solve", "--res", cnf.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(10));
    let written = std::fs::read_to_string(dir.path().join("queens-4.res")).unwrap();
    let written: Vec<&str> = written.lines().collect();
    let shown = readme_res_example();
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert_eq!(written[..2], shown[..2], "the README's s and v lines");
    let time = |line: &str| line.strip_prefix("t ").map(|t| t.parse::<u64>().is_ok());
    assert_eq!(time(written[2]), Some(true), "{written:?}");
    assert_eq!(time(&shown[2]), Some(true), "{shown:?}");
}
