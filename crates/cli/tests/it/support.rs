//! What the integration tests share: running the `satoku` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `satoku ARGS` with `input` on stdin; its whole output.
pub fn satoku(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satoku"))
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
