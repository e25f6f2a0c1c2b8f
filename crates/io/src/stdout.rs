//! The process's one standard output, shared by every command and thread.
//!
//! Every command writes its stdout through here: one buffer behind one
//! lock, so the watchdog and the signal thread can add the last lines
//! (`s UNKNOWN`) and flush without interleaving with the main thread.
//!
//! Rust ignores SIGPIPE, so a reader that goes away (`satoku solve big.cnf
//! | head -1`) shows up as `BrokenPipe`. From then on output is dropped
//! silently and the command goes on: its exit code and its side files
//! (`--res`, `--proof`) do not depend on when the reader left. Any other
//! write error (`> /dev/full`) is returned, naming stdout, and sticks: every
//! later write and [`finish`] fail the same way, so the command ends with
//! exit 1 and one message.

use std::io::{self, Write};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use crate::lock::{lock, lock_within};

/// Bytes gathered before they are written out.
const CAPACITY: usize = 1 << 16;

/// What happened to stdout so far.
enum State {
    /// Writes go through.
    Open,
    /// The reader went away: writes are dropped.
    Closed,
    /// A write failed; the message of that failure.
    Failed(String),
}

struct Shared {
    buf: Vec<u8>,
    state: State,
}

static OUT: Mutex<Shared> = Mutex::new(Shared {
    buf: Vec::new(),
    state: State::Open,
});

fn out() -> MutexGuard<'static, Shared> {
    // The buffer holds plain bytes: a panic elsewhere leaves it usable.
    lock(&OUT)
}

impl Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        match &self.state {
            State::Open => {}
            State::Closed => return Ok(()),
            State::Failed(message) => return Err(failure(message)),
        }
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= CAPACITY {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        match &self.state {
            State::Open => {}
            State::Closed => return Ok(()),
            State::Failed(message) => return Err(failure(message)),
        }
        let mut out = io::stdout().lock();
        let result = out.write_all(&self.buf).and_then(|()| out.flush());
        self.buf.clear();
        match result {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.state = State::Closed;
                Ok(())
            }
            Err(e) => {
                let message = format!("cannot write to stdout: {e}");
                let err = failure(&message);
                self.state = State::Failed(message);
                Err(err)
            }
        }
    }
}

/// A write failure as an error of kind `Other`: a runtime failure (exit 1),
/// never taken for a path that cannot be opened.
fn failure(message: &str) -> io::Error {
    io::Error::other(message.to_owned())
}

/// Appends `bytes` to stdout.
pub fn write(bytes: &[u8]) -> io::Result<()> {
    out().write(bytes)
}

/// Appends formatted text to stdout, for a binary's `print!` and
/// `println!`: an error is not returned but kept, and [`finish`] returns it.
pub fn print_fmt(args: std::fmt::Arguments) {
    let _ = Writer.write_fmt(args);
}

/// Writes out everything buffered; the first write error, if any.
pub fn finish() -> io::Result<()> {
    out().flush()
}

/// Whether the reader of stdout went away (output is being dropped).
pub fn is_closed() -> bool {
    matches!(out().state, State::Closed)
}

/// Runs `last` on stdout and flushes, for a thread about to end the
/// process: waits at most `patience` for a writer that holds stdout (one
/// blocked on a full pipe would hold it for ever), and ignores errors.
pub fn finish_within(patience: Duration, last: impl FnOnce(&mut dyn Write)) {
    let Some(mut shared) = lock_within(&OUT, patience) else {
        return;
    };
    last(&mut Locked(&mut shared));
    let _ = shared.flush();
    // Keep the lock: nothing may be written after the last lines.
    std::mem::forget(shared);
}

/// Stdout while its lock is held.
struct Locked<'a>(&'a mut Shared);

impl Write for Locked<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes).map(|()| bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Stdout as an [`io::Write`]: `writeln!(stdout::Writer, ...)?`, or a
/// writer handed to a DIMACS writer.
pub struct Writer;

impl Write for Writer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        write(bytes).map(|()| bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        finish()
    }
}

/// Stdout for a command whose output is its product (`convert IN -`,
/// `gen`): once the reader is gone, writes fail with `BrokenPipe` so the
/// producer stops early; the caller takes that error for success.
pub struct Product;

impl Write for Product {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut shared = out();
        shared.write(bytes)?;
        match shared.state {
            State::Closed => Err(io::ErrorKind::BrokenPipe.into()),
            _ => Ok(bytes.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_sticks_and_a_closed_pipe_drops_output() {
        let mut shared = Shared {
            buf: Vec::new(),
            state: State::Failed("cannot write to stdout: disk full".into()),
        };
        let err = shared.write(b"x").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Other);
        assert_eq!(err.to_string(), "cannot write to stdout: disk full");
        assert!(shared.flush().is_err());
        shared.state = State::Closed;
        shared.write(&[b'x'; 2 * CAPACITY]).unwrap();
        shared.flush().unwrap();
        assert!(shared.buf.is_empty());
    }
}
