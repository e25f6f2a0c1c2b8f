//! What the integration tests share: running the `satoku` binary, the
//! repository's files, and the lock of the tests that measure time.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The `satoku` binary cargo built for these tests.
pub const SATOKU: &str = env!("CARGO_BIN_EXE_satoku");

/// One timing test at a time: the tests of `limits` and `signals` measure
/// wall-clock time, and all modules share one process.
pub static TIMING: Mutex<()> = Mutex::new(());

/// A hard 9x9 puzzle with one solution.
pub const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// An illegal 9x9 puzzle: a 5 twice in the middle block.
pub const ILLEGAL: &str =
    "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87";

/// Runs `satoku ARGS` (stdin empty); its whole output.
pub fn satoku(args: &[&str]) -> Output {
    Command::new(SATOKU)
        .args(args)
        .output()
        .expect("runs satoku")
}

/// Runs `satoku ARGS` with `input` on stdin; its whole output.
pub fn satoku_fed(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(SATOKU)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs satoku");
    // A command that refuses its input may close stdin before reading it.
    let _ = child.stdin.take().unwrap().write_all(input.as_ref());
    child.wait_with_output().unwrap()
}

/// `rel` in the repository (`cnf/sat/queens-4.cnf`).
pub fn repo_path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// `rel` in the repository, as an argument of `satoku`.
pub fn repo_file(rel: &str) -> String {
    repo_path(rel).display().to_string()
}

/// The repository's `cnf/` folder.
pub fn cnf_dir() -> PathBuf {
    repo_path("cnf")
}

/// Starts `satoku ARGS` in `dir`, its stdin, stdout and stderr piped.
pub fn spawn(args: &[&str], dir: &Path) -> Child {
    Command::new(SATOKU)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Writes `satoku gen ARGS` to `dir/name`; its path.
pub fn generate(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let status = Command::new(SATOKU)
        .arg("gen")
        .args(args)
        .arg("-o")
        .arg(&path)
        .status()
        .unwrap();
    assert!(status.success(), "satoku gen {args:?}");
    path
}

/// PHP(12, 11), too hard to finish: the formula of the tests that stop a
/// run (`--timeout`, signals).
pub fn hard_formula(dir: &Path) -> PathBuf {
    generate(dir, "php-12-11.cnf", &["php", "--holes", "11"])
}

/// Waits for `child` at most `limit` (killing it and failing past that);
/// its output and how long the wait took.
pub fn wait_within(mut child: Child, limit: Duration) -> (Output, Duration) {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("no exit within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let waited = start.elapsed();
    (child.wait_with_output().unwrap(), waited)
}

/// Reads one line of `child`'s stdout, like `head -1`, then closes the
/// pipe and waits: the line, the exit status and stderr.
pub fn read_first_line_and_close(mut child: Child) -> (String, ExitStatus, String) {
    let mut first = String::new();
    let _ = BufReader::new(child.stdout.take().unwrap()).read_line(&mut first);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (first, child.wait().unwrap(), stderr)
}

/// A command's stdout, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A command's stderr, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
