//! Runs `satoku bench` on the project's `cnf/sat` and `cnf/unsat` folders:
//! in-process satoku must answer everything right, a fake external solver
//! that always says UNSAT must be caught, and a hanging one killed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::support::{cnf_dir, satoku, satoku_fed, stderr, stdout};

fn cnf_files(folder: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(cnf_dir().join(folder))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".cnf"))
        .collect();
    names.sort();
    names
}

/// An expectations file for `cnf/sat` and `cnf/unsat`, keyed relative to `dir`.
fn write_expected(dir: &Path) -> (PathBuf, usize, usize) {
    let (sat, unsat) = (cnf_files("sat"), cnf_files("unsat"));
    let mut tsv = String::from("relative_path\texpected\n");
    for name in &sat {
        tsv += &format!("sat/{name}\tSAT\n");
    }
    for name in &unsat {
        tsv += &format!("unsat/{name}\tUNSAT\n");
    }
    let path = dir.join("expected.tsv");
    std::fs::write(&path, tsv).unwrap();
    (path, sat.len(), unsat.len())
}

/// `satoku bench cnf/sat cnf/unsat --expected TSV EXTRA...`.
fn bench_sat_and_unsat(tsv: &Path, extra: &[&str]) -> Output {
    let (sat_dir, unsat_dir) = (cnf_dir().join("sat"), cnf_dir().join("unsat"));
    let mut args = vec![
        "bench",
        sat_dir.to_str().unwrap(),
        unsat_dir.to_str().unwrap(),
        "--expected",
        tsv.to_str().unwrap(),
    ];
    args.extend(extra);
    satoku(&args)
}

/// A shell script, run as `sh SCRIPT {}` (executing a file just written can
/// fail with "text file busy" while other test threads fork).
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("{body}\n")).unwrap();
    path
}

#[test]
fn satoku_answers_every_sat_and_unsat_file_right() {
    let dir = tempfile::tempdir().unwrap();
    let (tsv, sat, unsat) = write_expected(dir.path());
    let csv = dir.path().join("out.csv");
    let svg = dir.path().join("cactus.svg");
    let out = bench_sat_and_unsat(
        &tsv,
        &[
            "--timeout",
            "60",
            "--jobs",
            "2",
            "--csv",
            csv.to_str().unwrap(),
            "--plot",
            svg.to_str().unwrap(),
        ],
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let n = sat + unsat;
    let totals = text.lines().last().unwrap();
    let want = format!("solved {n}/{n}, wrong 0, bad models 0, timeouts 0, errors 0, PAR-2 ");
    assert!(totals.starts_with(&want), "{totals}");
    assert!(totals.ends_with("(timeout 60 s)"), "{totals}");
    // One table row per file, each with its expectation found.
    assert_eq!(text.lines().count(), n + 2);
    assert_eq!(text.matches(" SAT      SAT ").count(), sat, "{text}");
    assert_eq!(text.matches(" UNSAT    UNSAT ").count(), unsat, "{text}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(rows.lines().count(), n + 1);
    assert!(rows
        .lines()
        .skip(1)
        .all(|r| r.starts_with("satoku,") && r.contains(",solved,")));
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.contains("<polyline") && svg_text.contains(&format!("satoku ({n})")));

    // bench-plot draws the same CSV twice as two lines.
    let copy = dir.path().join("copy.csv");
    std::fs::write(&copy, rows.replace("satoku,", "again,")).unwrap();
    let plot = dir.path().join("plot.svg");
    let out = satoku(&[
        "bench-plot",
        csv.to_str().unwrap(),
        copy.to_str().unwrap(),
        "-o",
        plot.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let plot_text = std::fs::read_to_string(&plot).unwrap();
    assert_eq!(plot_text.matches("<polyline").count(), 2);
}

#[test]
fn a_solver_that_always_says_unsat_is_wrong_on_every_sat_file() {
    let dir = tempfile::tempdir().unwrap();
    let (tsv, sat, unsat) = write_expected(dir.path());
    let fake = script(dir.path(), "fake-solver", "echo 's UNSATISFIABLE'\nexit 20");
    let cmd = format!("sh {} {{}}", fake.display());
    let out = bench_sat_and_unsat(&tsv, &["--solver-cmd", &cmd]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let n = sat + unsat;
    let totals = text.lines().last().unwrap();
    let want = format!("solved {unsat}/{n}, wrong {sat}, bad models 0, timeouts 0, errors 0,");
    assert!(totals.starts_with(&want), "{totals}");
    assert_eq!(text.matches(" WRONG ").count(), sat);
}

#[test]
fn a_hanging_solver_is_killed_at_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let fake = script(dir.path(), "slow-solver", "exec sleep 30");
    let cmd = format!("sh {} {{}}", fake.display());
    let file = cnf_dir().join("sat/queens-8.cnf");
    let start = Instant::now();
    let out = satoku(&[
        "bench",
        file.to_str().unwrap(),
        "--solver-cmd",
        &cmd,
        "--timeout",
        "0.5",
    ]);
    assert!(start.elapsed() < Duration::from_secs(10));
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let totals = text.lines().last().unwrap();
    assert_eq!(
        totals,
        "solved 0/1, wrong 0, bad models 0, timeouts 1, errors 0, PAR-2 1.00 s, CPU PAR-2 1.00 s (timeout 0.5 s)"
    );
}

#[test]
fn compressed_files_go_to_minisat_as_clean_copies() {
    if Command::new("minisat").arg("--help").output().is_err() {
        eprintln!("minisat is not installed: skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A `%` trailer (SATLIB) and gzip: MiniSat reads neither correctly by itself.
    let trailer = cnf_dir().join("sat/hand-satlib-trailer.cnf");
    std::fs::copy(&trailer, dir.path().join("trailer.cnf")).unwrap();
    let gz = dir.path().join("queens.cnf.gz");
    let src = cnf_dir().join("sat/queens-8.cnf");
    let out = satoku(&["convert", src.to_str().unwrap(), gz.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let out = satoku(&[
        "bench",
        dir.path().to_str().unwrap(),
        "--solver-cmd",
        "minisat -verb=0 {} {out}",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("solved 2/2, wrong 0, bad models 0,"),
        "{text}"
    );
}

#[test]
fn bad_flags_and_input_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let sat = cnf_dir().join("sat");
    let sat = sat.to_str().unwrap();
    let missing = dir.path().join("missing");
    let bad_tsv = dir.path().join("bad.tsv");
    std::fs::write(&bad_tsv, "a.cnf\tSAT\nb.cnf\tPERHAPS\n").unwrap();
    let cases: [&[&str]; 5] = [
        &["bench", missing.to_str().unwrap()],
        &["bench", sat, "--solver-cmd", "minisat"],
        &["bench", sat, "--expected", bad_tsv.to_str().unwrap()],
        &["bench", sat, "--jobs", "0"],
        &["bench", sat, "--timeout", "soon"],
    ];
    for args in cases {
        let out = satoku(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn strict_makes_a_wrong_clause_count_an_error() {
    let file = cnf_dir().join("malformed/clause-count-too-large.cnf");
    let file = file.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let fake = script(
        dir.path(),
        "sat-solver",
        "echo 's SATISFIABLE'\necho 'v 1 2 0'",
    );
    let cmd = format!("sh {} {{}}", fake.display());
    for external in [false, true] {
        let mut args = vec!["bench", file];
        if external {
            args.extend(["--solver-cmd", &cmd]);
        }
        let out = satoku(&args);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {text}");
        let totals = text.lines().last().unwrap();
        assert!(
            totals.starts_with("solved 1/1, wrong 0"),
            "{args:?}: {totals}"
        );

        args.push("--strict");
        let out = satoku(&args);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {text}");
        let totals = text.lines().last().unwrap();
        assert!(totals.starts_with("solved 0/1, wrong 0, bad models 0, timeouts 0, errors 1,"));
        assert!(
            text.contains("header declares 5 clauses but 2 were read"),
            "{args:?}: {text}"
        );
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_solvers_and_reports_what_finished() {
    let dir = tempfile::tempdir().unwrap();
    let started = dir.path().join("started");
    // No `exec`: the sleep is the script's child, reached through its process group.
    let body = format!("touch {}\nsleep 30\necho 's UNKNOWN'", started.display());
    let slow = script(dir.path(), "slow-solver", &body);
    let cmd = format!("sh {} {{}}", slow.display());
    let file = cnf_dir().join("sat/queens-8.cnf");
    let start = Instant::now();
    let child = Command::new(crate::support::SATOKU)
        .args(["bench", file.to_str().unwrap(), "--solver-cmd", &cmd])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    while !started.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the solver never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    assert!(start.elapsed() < Duration::from_secs(20));
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("interrupted"), "{text}");
    let totals = text.lines().last().unwrap();
    assert!(totals.starts_with("solved 0/1, wrong 0, bad models 0, timeouts 0, errors 1,"));
}

#[test]
fn the_csv_and_the_expectations_are_read_from_stdin_as_any_file_is() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = cnf_dir().join("unsat/php-5-4.cnf");
    let cnf = cnf.to_str().unwrap();
    // --expected -: the row is read, so the right answer is checked.
    let out = satoku_fed(&["bench", cnf, "--expected", "-"], "php-5-4.cnf\tSAT\n");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("wrong 1"), "{}", stdout(&out));
    // bench-plot -: the CSV comes from stdin; named twice, it is refused.
    let csv = dir.path().join("run.csv");
    let out = satoku(&["bench", cnf, "--csv", csv.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let rows = std::fs::read_to_string(&csv).unwrap();
    let out = satoku_fed(&["bench-plot", "-", "-o", "-"], &rows);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(stdout(&out).contains("<polyline"), "{}", stdout(&out));
    let out = satoku_fed(&["bench-plot", "-", "-", "-o", "-"], &rows);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("CSV 1 and CSV 2 are both `-`"), "{err}");
}

/// `satoku bench PATH FLAG FILE`.
pub(crate) fn bench_with(path: &Path, flag: &str, file: &Path) -> Output {
    let (path, file) = (path.to_str().unwrap(), file.to_str().unwrap());
    satoku(&["bench", path, flag, file])
}

/// A folder `set` with `a.cnf` (SAT) and `sub/b.cnf` (UNSAT) under `dir`.
fn small_set(dir: &Path) -> PathBuf {
    let set = dir.join("set");
    std::fs::create_dir_all(set.join("sub")).unwrap();
    std::fs::write(set.join("a.cnf"), "p cnf 1 1\n1 0\n").unwrap();
    std::fs::write(set.join("sub/b.cnf"), "p cnf 1 2\n1 0\n-1 0\n").unwrap();
    set
}

#[test]
fn a_byte_order_mark_does_not_hide_the_first_expectation() {
    let dir = tempfile::tempdir().unwrap();
    let set = small_set(dir.path());
    let rows = "set/a.cnf\tUNSAT\nset/sub/b.cnf\tUNSAT\n";
    for (name, text) in [
        ("plain.tsv", rows.to_owned()),
        ("bom.tsv", format!("\u{FEFF}{rows}")),
    ] {
        let tsv = dir.path().join(name);
        std::fs::write(&tsv, text).unwrap();
        let out = bench_with(&set, "--expected", &tsv);
        let table = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {table}");
        let totals = table.lines().last().unwrap();
        assert!(totals.starts_with("solved 1/2, wrong 1,"), "{name}");
    }
}

#[test]
fn a_byte_order_mark_before_a_csv_header_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let set = small_set(dir.path());
    let csv = dir.path().join("run.csv");
    let out = bench_with(&set, "--csv", &csv);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    std::fs::write(&csv, format!("\u{FEFF}{rows}")).unwrap();
    let svg = dir.path().join("plot.svg");
    let out = satoku(&[
        "bench-plot",
        csv.to_str().unwrap(),
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("satoku (2)"), "{text}");
}

/// The warnings of `satoku bench SET --expected TSV`, with `text` written
/// to `tsv` first; the run must pass, warnings or not.
fn expectation_warnings(set: &Path, tsv: &Path, text: &str) -> Vec<String> {
    std::fs::write(tsv, text).unwrap();
    let out = bench_with(set, "--expected", tsv);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    err.lines()
        .filter(|l| l.contains("warning"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn expectations_under_the_bench_paths_that_match_nothing_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let set = small_set(dir.path());
    let mut tsv = String::from("relative_path\texpected\nset/a.cnf\tSAT\n");
    for i in 1..=7 {
        tsv += &format!("set/gone-{i}.cnf\tSAT\n");
    }
    tsv += "set/sub/b.cnf\tUNSAT\n";
    for i in 1..=3 {
        tsv += &format!("other/x-{i}.cnf\tSAT\n");
    }
    let path = dir.path().join("expected.tsv");
    let want = format!(
        "satoku: warning: {}: 7 rows match no instance under the bench's paths: \
         line 3 `set/gone-1.cnf`, line 4 `set/gone-2.cnf`, line 5 `set/gone-3.cnf`, \
         line 6 `set/gone-4.cnf`, line 7 `set/gone-5.cnf` and 2 more \
         (3 other rows lie outside the bench's paths)",
        path.display()
    );
    assert_eq!(expectation_warnings(&set, &path, &tsv), [want]);
}

#[test]
fn expectations_outside_the_bench_paths_are_one_line_at_most() {
    let dir = tempfile::tempdir().unwrap();
    let set = small_set(dir.path());
    let mut shared = String::from("relative_path\texpected\n");
    for i in 0..3000 {
        shared += &format!("big/f-{i}.cnf\tSAT\n");
    }
    let tsv = dir.path().join("expected.tsv");
    // A run over part of a set with the whole set's file: the rows outside are no mistake.
    let subset = format!("{shared}set/a.cnf\tSAT\n");
    assert_eq!(expectation_warnings(&set, &tsv, &subset), [""; 0]);
    // No row covers the run at all: one short line says so.
    assert_eq!(
        expectation_warnings(&set, &tsv, &shared),
        ["satoku: warning: no instance matched any of the 3000 rows of the expectations file"]
    );
}
