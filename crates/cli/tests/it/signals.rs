//! SIGINT, SIGTERM and SIGHUP, and `--timeout`, over a whole `satoku
//! solve` run: while reading the formula (a stdin or FIFO that never ends)
//! as while searching, the run ends promptly with `s UNKNOWN` and exit 0,
//! any proof holds whole lemmas only, a `--res` file says UNKNOWN, and no
//! temporary file stays behind.
//! Other commands end with exit 128 + the signal's number.
//!
//! The hard formula is PHP(12, 11). The tests take a lock so they never
//! run at the same time (they measure wall-clock time).

#![cfg(unix)]

use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Output};
use std::time::{Duration, Instant};

use crate::support::{hard_formula, spawn, wait_within, SATOKU, TIMING};

const SIGNALS: [(libc::c_int, &str); 3] = [
    (libc::SIGINT, "SIGINT"),
    (libc::SIGTERM, "SIGTERM"),
    (libc::SIGHUP, "SIGHUP"),
];
fn send(child: &Child, signal: libc::c_int) {
    // SAFETY: plain system call on the child's id.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
}

fn assert_unknown(output: &Output, what: &str) {
    let text = String::from_utf8_lossy(&output.stdout);
    let s_lines: Vec<_> = text.lines().filter(|l| l.starts_with("s ")).collect();
    assert_eq!(s_lines, ["s UNKNOWN"], "{what}:\n{text}");
    assert_eq!(output.status.code(), Some(0), "{what}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
}

/// A header and a clause on stdin, which then stays open: reading never ends.
fn feed_forever(child: &mut Child) -> ChildStdin {
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"p cnf 3 2\n1 2 0\n").unwrap();
    stdin
}

#[test]
fn timeout_covers_reading_the_formula() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn(&["solve", "-", "--timeout", "0.5"], dir.path());
    let _stdin = feed_forever(&mut child);
    let (output, waited) = wait_within(child, Duration::from_secs(10));
    assert_unknown(&output, "--timeout 0.5 on an endless stdin");
    assert!(waited < Duration::from_millis(900), "{waited:?}");
    let text = crate::support::stdout(&output);
    assert!(
        text.contains("c timeout while loading the formula"),
        "{text}"
    );
}

#[test]
fn timeout_while_reading_still_writes_the_res_file() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("endless.cnf");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let child = spawn(
        &["solve", "endless.cnf", "--res", "--timeout", "0.3"],
        dir.path(),
    );
    let mut writer = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    writer.write_all(b"p cnf 3 2\n1 2 0\n").unwrap();
    let (output, _) = wait_within(child, Duration::from_secs(10));
    assert_unknown(&output, "--timeout 0.3 on an endless FIFO");
    let res = std::fs::read_to_string(dir.path().join("endless.res")).unwrap();
    assert!(res.starts_with("s -1\nv\nt "), "{res}");
}

#[test]
fn every_stop_signal_while_reading_prints_unknown() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    for (signal, name) in SIGNALS {
        let mut child = spawn(&["solve", "-"], dir.path());
        let _stdin = feed_forever(&mut child);
        std::thread::sleep(Duration::from_millis(300));
        send(&child, signal);
        let (output, waited) = wait_within(child, Duration::from_secs(10));
        assert_unknown(&output, &format!("{name} while reading"));
        assert!(waited < Duration::from_millis(500), "{name}: {waited:?}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(&format!("c interrupted by {name}")), "{text}");
    }
}

#[test]
fn every_stop_signal_while_searching_prints_unknown_statistics_and_a_whole_proof() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let php = hard_formula(dir.path());
    let php = php.to_str().unwrap();
    for (signal, name) in SIGNALS {
        for binary in [false, true] {
            let proof = dir.path().join(format!("{name}-{binary}.drat"));
            let mut args = vec!["solve", php, "--proof", proof.to_str().unwrap()];
            if binary {
                args.push("--binary-proof");
            }
            let child = spawn(&args, dir.path());
            std::thread::sleep(Duration::from_millis(250));
            send(&child, signal);
            let (output, waited) = wait_within(child, Duration::from_secs(10));
            let what = format!("{name} while searching (binary proof: {binary})");
            assert_unknown(&output, &what);
            assert!(waited < Duration::from_millis(500), "{what}: {waited:?}");
            let text = String::from_utf8_lossy(&output.stdout);
            assert!(text.contains("c conflicts"), "{what}: {text}");
            let bytes = std::fs::read(&proof).unwrap();
            assert!(!bytes.is_empty(), "{what}: empty proof");
            assert_eq!(
                *bytes.last().unwrap(),
                if binary { 0 } else { b'\n' },
                "{what}"
            );
            // Well-formed but not reaching the empty clause: NOT VERIFIED, not malformed.
            let check = Command::new(SATOKU)
                .args(["check-proof", php])
                .arg(&proof)
                .output()
                .unwrap();
            assert_eq!(check.status.code(), Some(1), "{what}: {check:?}");
        }
    }
}

#[test]
fn a_signal_ends_other_commands_with_128_plus_its_number_and_no_temporary_file() {
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    for (signal, name) in SIGNALS {
        let out = dir.path().join("big.cnf");
        let args = [
            "gen",
            "ksat",
            "--vars",
            "100000",
            "--clauses",
            "1000000",
            "-o",
            "big.cnf",
        ];
        let child = spawn(&args, dir.path());
        let start = Instant::now();
        while !has_temporary(dir.path()) {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{name}: no temporary file"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        send(&child, signal);
        let (output, _) = wait_within(child, Duration::from_secs(10));
        assert_eq!(output.status.code(), Some(128 + signal), "{name}");
        assert!(!has_temporary(dir.path()), "{name}: temporary file left");
        assert!(!out.exists(), "{name}: half-written output");
    }
}

#[test]
fn the_first_signal_stops_a_count_inside_one_puzzle() {
    // The empty 9x9 grid has about 6.7e21 solutions: only an interrupt
    // polled inside the count ends these runs.
    let _lock = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty9.txt"), format!("{:081}\n", 0)).unwrap();
    let runs: [&[&str]; 3] = [
        &["sudoku", "solve", "empty9.txt", "--count", "100000000"],
        &[
            "sudoku",
            "solve",
            "empty9.txt",
            "--count",
            "100000000",
            "--via",
            "direct",
        ],
        &["sudoku", "check", "empty9.txt", "--count", "100000000"],
    ];
    for args in runs {
        let child = spawn(args, dir.path());
        std::thread::sleep(Duration::from_millis(500));
        send(&child, libc::SIGTERM);
        let (output, _) = wait_within(child, Duration::from_secs(5));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(stderr.contains("(interrupted)"), "{args:?}: {stderr}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.is_empty() || stdout.starts_with("multiple >="),
            "{args:?}: {stdout}"
        );
    }
}

fn has_temporary(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().any(|e| {
        e.unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with(".satoku-")
    })
}
