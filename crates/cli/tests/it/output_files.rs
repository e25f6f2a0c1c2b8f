//! Output files: no command writes over one of its inputs (however the
//! path is spelled: `./x`, a hard link, a symbolic link, stdin), gives two
//! outputs one file, or starts work on an output it cannot create (a
//! directory, a missing folder): exit 2, the inputs untouched. A written file keeps
//! an existing file's mode, gets the umask's mode when new, and never
//! replaces a symbolic link, a device or a FIFO.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{symlink, FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::{repo_path, SATOKU};

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(SATOKU)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn copy_in(dir: &Path, rel: &str, name: &str) -> PathBuf {
    let from = repo_path(rel);
    let to = dir.join(name);
    fs::copy(from, &to).unwrap();
    to
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn no_command_writes_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy_in(d, "cnf/sat/queens-4.cnf", "q.cnf");
    copy_in(d, "cnf/sat/queens-4.cnf", "q.res");
    fs::hard_link(d.join("q.cnf"), d.join("hard.cnf")).unwrap();
    symlink("q.cnf", d.join("soft.cnf")).unwrap();
    let grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    fs::write(d.join("p.txt"), format!("{grid}\n")).unwrap();
    fs::write(d.join("e.tsv"), "q.cnf\tSAT\n").unwrap();
    let csv = "solver,file,expected,answer,verdict,seconds\nx,a,SAT,SAT,solved,1\n";
    fs::write(d.join("r.csv"), csv).unwrap();
    let cases: [&[&str]; 15] = [
        &["solve", "q.cnf", "--proof", "-"],
        &["solve", "q.cnf", "--proof", "no/such/folder.drat"],
        &["bench", "q.cnf", "--csv", "no-folder/x.csv"],
        &["convert", "q.cnf", "."],
        &["solve", "q.res", "--res"],
        &["solve", "q.cnf", "--proof", "./q.cnf"],
        &["solve", "q.cnf", "--proof", "hard.cnf"],
        &["solve", "q.cnf", "--res", "--proof", "q.res"],
        &["convert", "q.cnf", "soft.cnf"],
        &["convert", "soft.cnf", "hard.cnf"],
        &["sudoku", "encode", "p.txt", "-o", "p.txt"],
        &["bench", "q.cnf", "--csv", "q.cnf"],
        &["bench", "q.cnf", "--expected", "e.tsv", "--csv", "e.tsv"],
        &["bench", "q.cnf", "--csv", "x.csv", "--plot", "x.csv"],
        &["bench-plot", "r.csv", "-o", "r.csv"],
    ];
    let before: Vec<_> = ["q.cnf", "q.res", "p.txt", "e.tsv", "r.csv"]
        .map(|f| fs::read(d.join(f)).unwrap())
        .into();
    for args in cases {
        let out = run(d, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("satoku: error: "), "{args:?}: {stderr}");
        let after: Vec<_> = ["q.cnf", "q.res", "p.txt", "e.tsv", "r.csv"]
            .map(|f| fs::read(d.join(f)).unwrap())
            .into();
        assert!(before == after, "{args:?} changed an input");
    }
    assert!(!d.join("x.csv").exists());
}

#[test]
fn stdin_redirected_from_the_output_is_an_input_too() {
    let dir = tempfile::tempdir().unwrap();
    let q = copy_in(dir.path(), "cnf/sat/queens-4.cnf", "q.cnf");
    let before = fs::read(&q).unwrap();
    let out = Command::new(SATOKU)
        .args(["convert", "-", "q.cnf"])
        .current_dir(dir.path())
        .stdin(fs::File::open(&q).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(fs::read(&q).unwrap(), before);
}

#[test]
fn a_new_file_gets_the_umask_mode_and_an_old_one_keeps_its_mode() {
    let dir = tempfile::tempdir().unwrap();
    for (umask, want) in [("077", 0o600), ("022", 0o644), ("002", 0o664)] {
        let name = format!("new-{umask}.cnf");
        let script = format!("umask {umask}; exec {SATOKU} gen php --holes 3 -o {name}");
        let status = Command::new("sh")
            .args(["-c", &script])
            .current_dir(dir.path())
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(mode(&dir.path().join(&name)), want, "umask {umask}");
    }
    let old = dir.path().join("old.cnf");
    fs::write(&old, "").unwrap();
    fs::set_permissions(&old, fs::Permissions::from_mode(0o640)).unwrap();
    let out = run(dir.path(), &["gen", "php", "--holes", "3", "-o", "old.cnf"]);
    assert!(out.status.success());
    assert_eq!(mode(&old), 0o640);
    assert!(fs::read_to_string(&old).unwrap().contains("p cnf"));
}

#[test]
fn links_devices_and_fifos_are_written_through_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("real")).unwrap();
    symlink("real/target.cnf", d.join("link.cnf")).unwrap();
    let out = run(d, &["gen", "php", "--holes", "3", "-o", "link.cnf"]);
    assert!(out.status.success(), "{out:?}");
    assert!(fs::symlink_metadata(d.join("link.cnf"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(d.join("real/target.cnf"))
        .unwrap()
        .contains("p cnf"));

    let out = run(d, &["gen", "php", "--holes", "3", "-o", "/dev/null"]);
    assert!(out.status.success(), "{out:?}");
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());

    let fifo = d.join("fifo");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = run(d, &["gen", "php", "--holes", "3", "-o", "fifo"]);
    assert!(out.status.success(), "{out:?}");
    assert!(reader.join().unwrap().contains("p cnf 12"));
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn dev_stdout_and_dev_stderr_are_written_as_the_streams_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.txt");
    fs::write(&log, "kept\n").unwrap();
    let append = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let out = Command::new(SATOKU)
        .args(["gen", "php", "--holes", "2", "-o", "/dev/stdout"])
        .stdout(append)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("kept\nc pigeonhole"), "{text}");
    let piped = run(
        dir.path(),
        &["gen", "php", "--holes", "2", "-o", "/dev/stdout"],
    );
    assert!(String::from_utf8_lossy(&piped.stdout).contains("p cnf 6"));
    let errs = run(
        dir.path(),
        &["gen", "php", "--holes", "2", "-o", "/dev/stderr"],
    );
    assert!(errs.status.success(), "{errs:?}");
    assert!(String::from_utf8_lossy(&errs.stderr).contains("p cnf 6"));
}

#[test]
fn a_file_the_user_may_not_write_is_refused_not_replaced() {
    // SAFETY: plain system call.
    if unsafe { libc::geteuid() } == 0 {
        return; // root may write a read-only file, as the shell's `>` does.
    }
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("in.cnf"), "p cnf 2 1\n1 2 0\n").unwrap();
    let out_path = dir.path().join("out.cnf");
    fs::write(&out_path, "old\n").unwrap();
    fs::set_permissions(&out_path, fs::Permissions::from_mode(0o444)).unwrap();
    let out = run(dir.path(), &["convert", "in.cnf", "out.cnf"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write out.cnf"), "{stderr}");
    assert_eq!(fs::read_to_string(&out_path).unwrap(), "old\n");
}

/// `solve`'s stdout and exit code.
fn solve_res(dir: &Path, name: &str) -> (String, String, Option<i32>) {
    let out = run(dir, &["solve", "-q", name, "--res"]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (stdout, stderr, out.status.code())
}

#[test]
fn a_res_file_that_cannot_be_written_is_refused_before_solving() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("q.cnf"), "p cnf 2 1\n1 2 0\n").unwrap();
    // A dangling link into a folder that does not exist.
    symlink(d.join("gone").join("q.res"), d.join("q.res")).unwrap();
    let (stdout, stderr, code) = solve_res(d, "q.cnf");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stdout.is_empty(), "refused before solving: {stdout}");
    assert!(stderr.contains("q.res: no folder "), "{stderr}");
    // SAFETY: plain system call.
    if unsafe { libc::geteuid() } == 0 {
        return; // root may write in a read-only folder.
    }
    let ro = d.join("ro");
    fs::create_dir(&ro).unwrap();
    fs::write(ro.join("q.cnf"), "p cnf 2 1\n1 2 0\n").unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o555)).unwrap();
    let (stdout, stderr, code) = solve_res(d, "ro/q.cnf");
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stdout.is_empty(), "refused before solving: {stdout}");
    assert!(stderr.contains("cannot write ro/q.res: "), "{stderr}");
}

#[test]
fn a_res_file_that_fails_after_the_answer_is_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("full.cnf"), "p cnf 2 1\n1 2 0\n").unwrap();
    symlink("/dev/full", d.join("full.res")).unwrap();
    let (stdout, stderr, code) = solve_res(d, "full.cnf");
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stdout.starts_with("s SATISFIABLE\n"), "{stdout}");
    assert!(stderr.contains("cannot write full.res: "), "{stderr}");
    // The folder the link leads to is there when the run starts and gone
    // when the answer is written: the input is a FIFO the test holds.
    let fifo = d.join("late.cnf");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    fs::create_dir(d.join("later")).unwrap();
    symlink(d.join("later").join("late.res"), d.join("late.res")).unwrap();
    let child = Command::new(SATOKU)
        .args(["solve", "-q", "late.cnf", "--res"])
        .current_dir(d)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Opening blocks until satoku reads, which is after its checks.
    let mut writer = fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    fs::remove_dir(d.join("later")).unwrap();
    std::io::Write::write_all(&mut writer, b"p cnf 2 1\n1 2 0\n").unwrap();
    drop(writer);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.starts_with(b"s SATISFIABLE\n"), "{out:?}");
    assert!(stderr.contains("cannot write late.res: "), "{stderr}");
}
