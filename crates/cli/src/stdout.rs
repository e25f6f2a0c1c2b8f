//! Standard output for SAT-competition lines, tolerant of a closed pipe.
//!
//! `satoku solve big.cnf | head -1` closes stdout early; Rust ignores
//! SIGPIPE, so a write then fails with `BrokenPipe`. That ends the process
//! quietly with the answer's exit code instead of a panic or an error.

use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered stdout that prints `c` lines unless quiet.
pub struct Stdout {
    out: BufWriter<StdoutLock<'static>>,
    quiet: bool,
}

impl Stdout {
    /// Stdout, printing comments unless `quiet`.
    pub fn new(quiet: bool) -> Stdout {
        Stdout {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            quiet,
        }
    }

    /// A `c` line (skipped when quiet).
    pub fn comment(&mut self, text: &str) -> anyhow::Result<()> {
        if self.quiet {
            return Ok(());
        }
        self.line(&format!("c {text}"))
    }

    /// A line as is.
    pub fn line(&mut self, text: &str) -> anyhow::Result<()> {
        let result = self
            .out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.write_all(b"\n"));
        quiet_on_broken_pipe(result)
    }

    /// Flushes.
    pub fn flush(&mut self) -> anyhow::Result<()> {
        quiet_on_broken_pipe(self.out.flush())
    }
}

/// A closed pipe ends the process quietly; other errors are returned.
pub fn quiet_on_broken_pipe(result: io::Result<()>) -> anyhow::Result<()> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
        other => Ok(other?),
    }
}
