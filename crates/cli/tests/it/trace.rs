//! `satoku solve --trace`: JSON lines of the schema in docs/solver.md for
//! both engines, the `--trace-limit` cut, `-` as stderr, the output checks
//! (exit 2 over an input), a full disk (exit 1 after the answer), and a
//! file of whole lines after a timeout or a signal.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support::satoku_fed;

const UNSAT: &str = "../../cnf/unsat/color-v12-e50-c3-s1.cnf";
const SAT: &str = "../../cnf/sat/ksat-v100-c400-s2.cnf";

/// A value of a trace line: a string, an integer or a list of integers.
#[derive(Debug, PartialEq)]
enum Value {
    Str(String),
    Int(i64),
    List(Vec<i64>),
}

/// Parses one trace line, `{"key":value,...}`, into its keys and values
/// in order; `None` when it is not of that shape.
fn parse_line(line: &str) -> Option<Vec<(String, Value)>> {
    let mut rest = line.strip_prefix('{')?.strip_suffix('}')?;
    let mut fields = Vec::new();
    while !rest.is_empty() {
        rest = rest.strip_prefix(',').unwrap_or(rest);
        let (key, after) = rest.strip_prefix('"')?.split_once("\":")?;
        let (value, after) = if let Some(s) = after.strip_prefix('"') {
            let (s, after) = s.split_once('"')?;
            (Value::Str(s.to_string()), after)
        } else if let Some(list) = after.strip_prefix('[') {
            let (list, after) = list.split_once(']')?;
            let ints = list.split(',').filter(|s| !s.is_empty());
            let ints: Option<Vec<i64>> = ints.map(|s| s.parse().ok()).collect();
            (Value::List(ints?), after)
        } else {
            let end = after.find(',').unwrap_or(after.len());
            (Value::Int(after[..end].parse().ok()?), &after[end..])
        };
        fields.push((key.to_string(), value));
        rest = after;
    }
    Some(fields)
}

/// The keys each event has, in order (docs/solver.md, "Search events").
fn schema(event: &str) -> Option<&'static [&'static str]> {
    Some(match event {
        "decide" | "flip" | "pure" => &["e", "lit", "level"],
        "propagate" => &["e", "lit", "level", "reason"],
        "conflict" => &["e", "clause", "level"],
        "learn" => &["e", "clause", "lbd"],
        "backjump" => &["e", "from", "to"],
        "restart" => &["e"],
        "truncated" => &["e", "limit"],
        _ => return None,
    })
}

/// Checks every line of `text` against the schema; the event names.
fn events(text: &str) -> Vec<String> {
    assert!(text.is_empty() || text.ends_with('\n'), "a cut line");
    let mut names = Vec::new();
    for line in text.lines() {
        let fields = parse_line(line).unwrap_or_else(|| panic!("not a trace line: {line}"));
        let Value::Str(name) = &fields[0].1 else {
            panic!("no event name first: {line}");
        };
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(Some(&keys[..]), schema(name), "{line}");
        if let [_, (_, Value::Int(lit)), _, (_, Value::List(reason))] = &fields[..] {
            assert!(reason.contains(lit), "a reason holds its literal: {line}");
        }
        names.push(name.clone());
    }
    names
}

fn solve_traced(args: &[&str], trace: &Path) -> (Output, Vec<String>) {
    let mut all = vec!["solve", "--trace", trace.to_str().unwrap()];
    all.extend_from_slice(args);
    let output = satoku_fed(&all, "");
    let text = std::fs::read_to_string(trace).unwrap();
    (output, events(&text))
}

fn temp_trace() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    (dir, path)
}

#[test]
fn both_engines_write_lines_of_the_schema() {
    let (_dir, trace) = temp_trace();
    let (out, names) = solve_traced(&["--no-model", UNSAT], &trace);
    assert_eq!(out.status.code(), Some(20));
    for name in ["decide", "propagate", "conflict", "learn", "backjump"] {
        assert!(names.iter().any(|n| n == name), "cdcl: no {name}");
    }
    let (out, names) = solve_traced(&["--algorithm", "dpll", UNSAT], &trace);
    assert_eq!(out.status.code(), Some(20));
    for name in ["decide", "propagate", "conflict", "flip", "backjump"] {
        assert!(names.iter().any(|n| n == name), "dpll: no {name}");
    }
    assert!(!names.iter().any(|n| n == "learn"), "dpll learns nothing");
}

#[test]
fn the_limit_keeps_that_many_events_then_one_truncated_line() {
    let (_dir, trace) = temp_trace();
    let (out, names) = solve_traced(&["--trace-limit", "10", UNSAT], &trace);
    assert_eq!(out.status.code(), Some(20), "the search goes on");
    assert_eq!(names.len(), 11);
    let text = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(text.lines().last(), Some(r#"{"e":"truncated","limit":10}"#));
}

#[test]
fn a_dash_traces_to_stderr_and_stdout_keeps_the_answer() {
    let out = satoku_fed(&["solve", "--trace", "-", SAT], "");
    assert_eq!(out.status.code(), Some(10));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout
        .lines()
        .all(|l| ["c ", "s ", "v "].iter().any(|p| l.starts_with(p))));
    assert!(stdout.contains("s SATISFIABLE\n"));
    let names = events(&String::from_utf8(out.stderr).unwrap());
    assert!(names.iter().any(|n| n == "decide"));
}

#[test]
fn a_trace_over_an_input_or_another_output_is_refused() {
    let (dir, trace) = temp_trace();
    std::fs::copy(UNSAT, &trace).unwrap();
    let over_input = satoku_fed(
        &[
            "solve",
            "--trace",
            trace.to_str().unwrap(),
            trace.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(over_input.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&over_input.stderr).contains("refusing to write over an input"));
    let proof = dir.path().join("p.drat");
    let p = proof.to_str().unwrap();
    let twice = satoku_fed(&["solve", "--trace", p, "--proof", p, UNSAT], "");
    assert_eq!(twice.status.code(), Some(2));
    assert!(!proof.exists(), "refused before any work");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_keeps_the_answer_and_exits_1_with_one_message() {
    let out = satoku_fed(&["solve", "--trace", "/dev/full", UNSAT], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("s UNSATISFIABLE\n"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "satoku: error: /dev/full: writing the trace failed: No space left on device (os error 28)\n"
    );
}

#[test]
fn a_trace_goes_with_a_proof_that_checks() {
    let (dir, trace) = temp_trace();
    let proof = dir.path().join("p.drat");
    let p = proof.to_str().unwrap();
    let (out, names) = solve_traced(&["--proof", p, UNSAT], &trace);
    assert_eq!(out.status.code(), Some(20));
    assert!(names.iter().any(|n| n == "learn"));
    let check = satoku_fed(&["check-proof", UNSAT, p], "");
    assert_eq!(check.status.code(), Some(0), "{check:?}");
}

/// PHP(11 holes): a search of many seconds.
fn hard_formula(dir: &Path) -> PathBuf {
    let path = dir.join("php.cnf");
    let out = satoku_fed(
        &["gen", "php", "--holes", "11", "-o", path.to_str().unwrap()],
        "",
    );
    assert!(out.status.success());
    path
}

#[test]
fn a_timeout_leaves_a_trace_of_whole_lines() {
    let (dir, trace) = temp_trace();
    let php = hard_formula(dir.path());
    let args = [
        "--timeout",
        "0.5",
        "--trace-limit",
        "300000",
        php.to_str().unwrap(),
    ];
    let (out, names) = solve_traced(&args, &trace);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("s UNKNOWN\n"));
    assert!(!names.is_empty());
}

#[cfg(unix)]
mod signal {
    use std::process::{Command, Stdio};
    use std::time::Duration;

    use super::{events, hard_formula, temp_trace};

    #[test]
    fn a_signal_while_tracing_leaves_a_trace_of_whole_lines() {
        let (dir, trace) = temp_trace();
        let php = hard_formula(dir.path());
        let child = Command::new(crate::support::SATOKU)
            .args([
                "solve",
                "--algorithm",
                "dpll",
                "--trace-limit",
                "300000",
                "--trace",
            ])
            .args([&trace, &php])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        // SAFETY: a plain system call on the child's id.
        assert_eq!(
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
            0
        );
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&out.stdout).contains("s UNKNOWN\n"));
        let names = events(&std::fs::read_to_string(&trace).unwrap());
        assert!(!names.is_empty());
    }
}
