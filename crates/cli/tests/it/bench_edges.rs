//! `satoku bench` at its edges: a timeout or a stop signal kills what an
//! external solver started too (its whole process group), and so does the
//! solver's own end; SIGINT, SIGTERM
//! and SIGHUP end the run with the rows so far printed and in the CSV,
//! no temporary folder and no process left; a walk through symbolic-link
//! loops ends and counts each file once; `bench-plot` reads back a CSV
//! whose file names hold line breaks, and never draws `NaN`; a solver's
//! output past the ceiling of `check`, or a result file that is a FIFO, a
//! device or a folder, is an error row, never a hang.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::bench::bench_with;
use crate::support::{satoku, spawn, wait_within, SATOKU};

fn write(path: &Path, text: &str) -> PathBuf {
    std::fs::write(path, text).unwrap();
    path.to_path_buf()
}

/// Whether process `pid` exists and has not ended (a zombie has ended).
fn running(pid: &str) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    !stat.is_empty() && !stat.contains(") Z")
}

fn wait_for_file(path: &Path) -> String {
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if !text.trim().is_empty() {
            return text.trim().to_owned();
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no {}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn assert_gone(pid: &str) {
    let start = Instant::now();
    while running(pid) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "process {pid} survived"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A solver script that starts a `sleep` (its own child, so only a kill of
/// the process group reaches it), writes its id to `sleeper`, and waits;
/// with `fast_first`, its first run answers at once instead.
fn wrapper(dir: &Path, fast_first: bool) -> String {
    let (d, sleeper) = (dir.display(), dir.join("sleeper"));
    let slow = format!("sleep 30 & echo $! > {}; wait", sleeper.display());
    let body = if fast_first {
        format!(
            "if [ -e {d}/first ]; then {slow}; else touch {d}/first; echo 's UNSATISFIABLE'; exit 20; fi"
        )
    } else {
        slow
    };
    let script = write(&dir.join("solver.sh"), &format!("{body}\n"));
    format!("sh {} {{}}", script.display())
}

fn instances(dir: &Path, n: usize) -> PathBuf {
    let set = dir.join("set");
    std::fs::create_dir(&set).unwrap();
    for i in 0..n {
        write(&set.join(format!("i{i}.cnf")), "p cnf 1 2\n1 0\n-1 0\n");
    }
    set
}

#[test]
fn the_timeout_kills_what_the_solver_started() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = wrapper(dir.path(), false);
    let set = instances(dir.path(), 1);
    let out = satoku(&[
        "bench",
        set.to_str().unwrap(),
        "--solver-cmd",
        &cmd,
        "--timeout",
        "0.5",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("timeouts 1"), "{text}");
    assert_gone(&wait_for_file(&dir.path().join("sleeper")));
}

#[test]
fn a_solver_with_no_answer_is_reported_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let set = instances(dir.path(), 1);
    let cases = [
        (
            "echo hello; exit 1",
            "no answer in the output (exit code 1)",
        ),
        (
            "kill -9 $$",
            "no answer in the output (no exit code: ended by a signal)",
        ),
        (
            "echo 's SATISFIABLE'; exit 20",
            "the output disagrees with itself: SATISFIABLE (stdout), UNSATISFIABLE (exit code 20)",
        ),
    ];
    for (body, message) in cases {
        let script = write(&dir.path().join("solver.sh"), &format!("{body}\n"));
        let cmd = format!("sh {} {{}}", script.display());
        let out = satoku(&["bench", set.to_str().unwrap(), "--solver-cmd", &cmd]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{text}");
        assert!(text.contains(message), "{body}: {text}");
        assert!(!text.contains("Some("), "{text}");
    }
}

#[test]
fn what_a_finished_solver_left_running_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let sleeper = dir.path().join("sleeper");
    let body = format!(
        "sleep 30 & echo $! > {}; echo 's UNSATISFIABLE'; exit 20\n",
        sleeper.display()
    );
    let script = write(&dir.path().join("solver.sh"), &body);
    let cmd = format!("sh {} {{}}", script.display());
    let set = instances(dir.path(), 1);
    let out = satoku(&["bench", set.to_str().unwrap(), "--solver-cmd", &cmd]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("solved 1/1"), "{text}");
    assert_gone(&wait_for_file(&sleeper));
}

#[test]
fn every_stop_signal_reports_the_rows_so_far_and_leaves_nothing_behind() {
    let signals = [
        (libc::SIGINT, "SIGINT"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ];
    for (signal, name) in signals {
        let dir = tempfile::tempdir().unwrap();
        let tmp = dir.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let cmd = wrapper(dir.path(), true);
        let set = instances(dir.path(), 3);
        let csv = dir.path().join("rows.csv");
        let child = Command::new(SATOKU)
            .args([
                "bench",
                set.to_str().unwrap(),
                "--solver-cmd",
                &cmd,
                "--csv",
            ])
            .arg(&csv)
            .env("TMPDIR", &tmp)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let sleeper = wait_for_file(&dir.path().join("sleeper"));
        // SAFETY: plain system call on the child's id.
        assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}: {text}");
        assert!(
            text.contains("i0.cnf") && text.contains("i1.cnf"),
            "{name}: {text}"
        );
        assert!(text.contains("interrupted"), "{name}: {text}");
        let rows = std::fs::read_to_string(&csv).unwrap();
        assert_eq!(rows.lines().count(), 3, "{name}: {rows}");
        assert_gone(&sleeper);
        let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
        assert!(left.is_empty(), "{name}: {left:?}");
    }
}

/// A stop signal between two files (or during one) leaves files not run:
/// the run says how many and does not pass.
#[test]
fn a_run_stopped_early_says_how_many_files_did_not_run() {
    let dir = tempfile::tempdir().unwrap();
    let started = dir.path().join("started");
    let script = write(
        &dir.path().join("solver.sh"),
        &format!(
            "touch {}; echo 's UNSATISFIABLE'; exit 20\n",
            started.display()
        ),
    );
    let cmd = format!("sh {} {{}}", script.display());
    let set = instances(dir.path(), 400);
    let child = Command::new(SATOKU)
        .args(["bench", set.to_str().unwrap(), "--solver-cmd", &cmd])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !started.exists() {
        assert!(start.elapsed() < Duration::from_secs(30), "no solver ran");
        std::thread::sleep(Duration::from_millis(2));
    }
    // SAFETY: plain system call on the child's id.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) },
        0
    );
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("bench interrupted by a signal"), "{err}");
    assert!(err.contains("of 400 files not run"), "{err}");
    assert!(!err.contains(": 0 of 400"), "{err}");
}

#[test]
fn link_loops_end_and_each_file_runs_once() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let set = instances(dir.path(), 2);
    symlink(&set, set.join("self")).unwrap();
    symlink(set.join("loop-b"), set.join("loop-a")).unwrap();
    symlink(set.join("loop-a"), set.join("loop-b")).unwrap();
    symlink(set.join("i0.cnf"), set.join("z-link.cnf")).unwrap();
    let start = Instant::now();
    let out = satoku(&["bench", set.to_str().unwrap(), set.to_str().unwrap()]);
    assert!(start.elapsed() < Duration::from_secs(20));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().last().unwrap().starts_with("solved 2/2,"),
        "{text}"
    );
}

#[test]
fn bench_plot_reads_names_with_line_breaks_and_never_draws_nan() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    std::fs::create_dir(&set).unwrap();
    write(&set.join("odd\nname, \"q\".cnf"), "p cnf 1 1\n1 0\n");
    write(&set.join("plain.cnf"), "p cnf 1 2\n1 0\n-1 0\n");
    let csv = dir.path().join("run.csv");
    let out = bench_with(&set, "--csv", &csv);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let svg = dir.path().join("plot.svg");
    let plot = |csv: &Path, log: bool| {
        let mut args = vec![
            "bench-plot",
            csv.to_str().unwrap(),
            "-o",
            svg.to_str().unwrap(),
        ];
        if log {
            args.push("--log");
        }
        satoku(&args)
    };
    for log in [false, true] {
        let out = plot(&csv, log);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(
            text.contains("satoku (2)") && !text.contains("NaN"),
            "{text}"
        );
    }
    let nan = write(
        &dir.path().join("nan.csv"),
        "solver,file,expected,answer,verdict,seconds\nx,a.cnf,SAT,SAT,solved,NaN\n",
    );
    let out = plot(&nan, false);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("nan.csv:2: bad seconds"), "{stderr}");
}

/// Runs `bench --solver-cmd 'sh SCRIPT {} {out}'` on one instance with a
/// 5-second timeout: its stdout. A run that waits on the solver's output
/// fails the test (within 20 seconds, room for a loaded machine; a hang is
/// killed at 60).
fn bench_solver_within(dir: &Path, body: &str) -> String {
    let set = dir.join("set");
    if !set.exists() {
        instances(dir, 1);
    }
    let script = write(&dir.join("solver.sh"), &format!("{body}\n"));
    let cmd = format!("sh {} {{}} {{out}}", script.display());
    let args = ["bench", set.to_str().unwrap(), "--solver-cmd", &cmd];
    let (out, waited) = wait_within(
        spawn(&[&args[..], &["--timeout", "5"]].concat(), dir),
        Duration::from_secs(60),
    );
    assert!(waited < Duration::from_secs(20), "{body}: {waited:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_result_file_that_is_not_a_regular_file_is_the_solvers_error() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("mkfifo \"$2\"; exit 20", "is a FIFO"),
        ("ln -s /dev/zero \"$2\"; exit 20", "is a device"),
        ("mkdir \"$2\"; exit 20", "is a directory"),
    ];
    for (body, what) in cases {
        let text = bench_solver_within(dir.path(), body);
        assert!(text.contains("errors 1"), "{body}: {text}");
        assert!(text.contains(what), "{body}: {text}");
        assert!(text.contains("not a regular file"), "{body}: {text}");
    }
}

#[test]
fn solver_output_over_the_ceiling_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    // 64 MiB of slack plus 16 bytes for the instance's one variable.
    let cases = [
        (
            "yes c | head -c 70000000; exit 20",
            "stdout is longer than 67108880 bytes",
        ),
        (
            "echo UNSAT > \"$2\"; yes c | head -c 70000000 >> \"$2\"; exit 20",
            "result file is longer than 67108880 bytes",
        ),
        ("yes c", "stdout is longer than 67108880 bytes"),
    ];
    for (body, message) in cases {
        let text = bench_solver_within(dir.path(), body);
        assert!(text.contains("errors 1"), "{body}: {text}");
        assert!(text.contains(message), "{body}: {text}");
    }
}

/// Issue 47: a solver that made a FIFO at `{out}` and exited left the
/// bench waiting for a writer for ever.
#[test]
fn a_fifo_left_as_the_result_file_is_reported_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let text = bench_solver_within(dir.path(), "mkfifo \"$2\"");
    assert!(text.contains("errors 1"), "{text}");
    assert!(text.contains("is a FIFO, not a regular file"), "{text}");
}
