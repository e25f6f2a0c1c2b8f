//! Limits that must hold for the `satoku` binary, on formulas too hard to
//! finish: `--timeout` and `--conflicts` end with `s UNKNOWN` promptly
//! (within 10% of the limit plus 100 ms), Ctrl-C (SIGINT) prints
//! `s UNKNOWN` and the statistics, and a closed stdout
//! (`satoku solve big.cnf | head -1`) ends quietly with the answer's exit
//! code, with no panic message.
//!
//! The hard formula is PHP(12, 11) (`satoku gen php --holes 11`); the big
//! satisfiable one is random 3-SAT with 60,000 variables at ratio 2. The
//! tests take a lock so they never run at the same time.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::{
    generate, hard_formula, read_first_line_and_close, stdout, wait_within, SATOKU, TIMING,
};

/// Runs `satoku solve FILE ARGS`, returning its output and wall-clock time.
fn solve(file: &Path, args: &[&str]) -> (Output, Duration) {
    let start = Instant::now();
    let output = Command::new(SATOKU)
        .arg("solve")
        .arg(file)
        .args(args)
        .output()
        .unwrap();
    (output, start.elapsed())
}

/// The value of a `c NAME   VALUE (...)` statistics line.
fn stat(text: &str, name: &str) -> u64 {
    text.lines()
        .filter_map(|l| l.strip_prefix("c "))
        .find(|l| l.starts_with(name))
        .and_then(|l| l[name.len()..].split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no `{name}` line in\n{text}"))
}

fn assert_unknown(output: &Output, what: &str) {
    let text = stdout(output);
    assert!(text.lines().any(|l| l == "s UNKNOWN"), "{what}:\n{text}");
    assert_eq!(output.status.code(), Some(0), "{what}: exit code");
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("panicked"),
        "{what}: panic"
    );
}

#[test]
fn timeout_returns_unknown_within_ten_percent_plus_100_ms() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let php = hard_formula(dir.path());
    for algorithm in ["cdcl", "dpll"] {
        for secs in [0.5, 2.0] {
            let limit = Duration::from_secs_f64(secs);
            let timeout = secs.to_string();
            let (output, elapsed) = solve(&php, &["--algorithm", algorithm, "--timeout", &timeout]);
            println!("{algorithm} --timeout {secs}: s UNKNOWN after {elapsed:?}");
            assert_unknown(&output, &format!("{algorithm} --timeout {secs}"));
            let bound = limit.mul_f64(1.1) + Duration::from_millis(100);
            assert!(
                elapsed <= bound,
                "{algorithm} --timeout {secs}: took {elapsed:?}"
            );
        }
    }
}

#[test]
fn conflict_limit_returns_unknown_at_the_limit() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let php = hard_formula(dir.path());
    for algorithm in ["cdcl", "dpll"] {
        let limit = 20_000;
        let (output, elapsed) = solve(
            &php,
            &["--algorithm", algorithm, "--conflicts", &limit.to_string()],
        );
        assert_unknown(&output, &format!("{algorithm} --conflicts {limit}"));
        let conflicts = stat(&stdout(&output), "conflicts");
        println!("{algorithm} --conflicts {limit}: {conflicts} conflicts, {elapsed:?}");
        assert!(
            (limit..=limit + limit / 10).contains(&conflicts),
            "{algorithm}: stopped after {conflicts} conflicts"
        );
    }
}

#[test]
fn sigint_prints_unknown_and_statistics() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let php = hard_formula(dir.path());
    for algorithm in ["cdcl", "dpll"] {
        let child = Command::new(SATOKU)
            .args(["solve", "--algorithm", algorithm])
            .arg(&php)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(700));
        let kill = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let (output, waited) = wait_within(child, Duration::from_secs(5));
        println!(
            "{algorithm}: exit {:?} {waited:?} after SIGINT",
            output.status.code()
        );
        assert_unknown(&output, &format!("{algorithm} after SIGINT"));
        let text = stdout(&output);
        assert!(stat(&text, "decisions") > 0, "{text}");
        assert!(text.contains("c solve time"), "{text}");
        assert!(
            waited <= Duration::from_millis(200),
            "{algorithm}: {waited:?} after SIGINT"
        );
    }
}

#[test]
fn closed_stdout_ends_quietly() {
    // Not timed, but busy: keep it off the timing tests' processors.
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let big = generate(
        dir.path(),
        "ksat-big.cnf",
        &[
            "ksat",
            "--vars",
            "60000",
            "--clauses",
            "120000",
            "--seed",
            "1",
        ],
    );
    let child = Command::new(SATOKU)
        .arg("solve")
        .arg(&big)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (first, status, stderr) = read_first_line_and_close(child);
    assert!(first.starts_with("c "), "{first}");
    println!("closed stdout: exit {:?}, stderr {stderr:?}", status.code());
    assert!(stderr.is_empty(), "stderr: {stderr}");
    // The answer's exit code, however early the reader left.
    assert_eq!(status.code(), Some(10));
}
