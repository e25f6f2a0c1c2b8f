//! SIGINT, SIGTERM and SIGHUP, handled alike for the whole process, and
//! one deadline.
//!
//! [`install`], called first in a binary's `main`, starts the one thread
//! that receives the three signals (signal-hook) and sleeps until the
//! current handler's [`Handler::deadline`]. A command may [`set_handler`]
//! to react in its own way (`satoku solve` stops the search and prints
//! `s UNKNOWN`, also at its `--timeout`; `satoku bench` stops its solvers
//! and reports what finished).
//! Without one, a signal ends the process through [`exit_now`]: what stdout
//! holds is written, the temporary files of output files not yet renamed
//! into place are removed, and the exit code is 128 + the signal's number
//! (130, 143, 129).
//!
//! One thread serves both because starting a thread is a good part of a
//! short run's cost (docs/benchmarks.md, "The process start"). Output
//! files register their temporary files here ([`TempGuard`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::lock::lock;
use crate::stdout;

// The numbers POSIX gives these three signals on every Unix.
const SIGHUP: i32 = 1;
const SIGINT: i32 = 2;
const SIGTERM: i32 = 15;

/// A signal received, and how many of the three arrived so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal {
    number: i32,
    count: usize,
}

impl Signal {
    /// The signal's name: `SIGINT`, `SIGTERM` or `SIGHUP`.
    pub fn name(self) -> &'static str {
        match self.number {
            SIGINT => "SIGINT",
            SIGTERM => "SIGTERM",
            SIGHUP => "SIGHUP",
            _ => "a signal",
        }
    }

    /// 1 for the first signal of the run, 2 for the second, ...
    pub fn count(self) -> usize {
        self.count
    }

    /// The exit code of a process ended by it: 128 + its number.
    pub fn exit_code(self) -> i32 {
        128 + self.number
    }
}

/// What a command does on a signal, and at the deadline it names.
pub trait Handler: Send {
    /// Called on the signals thread for every signal received (on Unix:
    /// elsewhere none is).
    #[cfg_attr(not(unix), allow(dead_code))]
    fn on_signal(&mut self, signal: Signal);

    /// When [`Handler::on_deadline`] is due next; `None`: never. Asked
    /// again after every call to either method.
    fn deadline(&self) -> Option<Instant> {
        None
    }

    /// Called on the signals thread once the deadline has passed (or when
    /// a wait for it ended early: check the time). It moves the deadline
    /// on or clears it, or it is called again at once.
    fn on_deadline(&mut self) {}
}

impl<F: FnMut(Signal) + Send> Handler for F {
    fn on_signal(&mut self, signal: Signal) {
        self(signal)
    }
}

static HANDLER: Mutex<Option<Box<dyn Handler>>> = Mutex::new(None);

/// Temporary files to remove if a signal ends the process.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Starts the signals thread: SIGINT, SIGTERM and SIGHUP are received
/// there, and the handler's deadlines kept. On failure the signals keep
/// their default action and no deadline is kept (the error says why).
/// Elsewhere than on Unix the thread keeps deadlines only: Ctrl-C keeps
/// its default action.
pub fn install() -> std::io::Result<()> {
    events::start()
}

/// Calls `handler` on every signal from now on, instead of [`exit_now`],
/// and at its deadlines. Whether its deadlines will be kept: `false` when
/// the signals thread could not start.
pub fn set_handler(handler: impl Handler + 'static) -> bool {
    let deadline = handler.deadline();
    *lock(&HANDLER) = Some(Box::new(handler));
    if deadline.is_some() {
        // The thread may be asleep until a later deadline, or for good.
        events::wake();
    }
    events::running()
}

/// The current handler's next deadline.
fn next_deadline() -> Option<Instant> {
    lock(&HANDLER).as_ref().and_then(|h| h.deadline())
}

/// Hands `signal` to the handler, or ends the process without one.
#[cfg_attr(not(unix), allow(dead_code))]
fn dispatch(signal: Signal) {
    match lock(&HANDLER).as_mut() {
        Some(handler) => handler.on_signal(signal),
        None => exit_now(signal),
    }
}

/// Tells the handler a wait for its deadline ended.
fn deadline_reached() {
    if let Some(handler) = lock(&HANDLER).as_mut() {
        handler.on_deadline();
    }
}

/// How long to wait from now until `until`; `None` for no limit, zero
/// once it has passed.
fn left_until(until: Option<Instant>) -> Option<Duration> {
    until.map(|at| at.saturating_duration_since(Instant::now()))
}

/// The signals thread on Unix: one socket receives both the signals (as
/// signal-hook's self-pipe) and the wake-ups of [`set_handler`].
#[cfg(unix)]
mod events {
    use std::io::{ErrorKind, Read, Write};
    use std::os::unix::net::UnixStream;
    use std::sync::Mutex;
    use std::time::Duration;

    use signal_hook::iterator::backend::SignalDelivery;
    use signal_hook::iterator::exfiltrator::SignalOnly;

    use super::{Signal, SIGHUP, SIGINT, SIGTERM};
    use crate::lock::lock;

    /// The writing end of the signals' socket, for [`wake`].
    static WAKER: Mutex<Option<UnixStream>> = Mutex::new(None);

    pub(super) fn start() -> std::io::Result<()> {
        let (read, write) = UnixStream::pair()?;
        let waker = write.try_clone()?;
        waker.set_nonblocking(true)?;
        let delivery =
            SignalDelivery::with_pipe(read, write, SignalOnly, [SIGINT, SIGTERM, SIGHUP])?;
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || serve(delivery))?;
        *lock(&WAKER) = Some(waker);
        Ok(())
    }

    pub(super) fn wake() {
        if let Some(waker) = lock(&WAKER).as_mut() {
            // A full socket holds a wake-up already.
            let _ = waker.write(&[0]);
        }
    }

    /// Whether the thread was started.
    pub(super) fn running() -> bool {
        lock(&WAKER).is_some()
    }

    fn serve(mut delivery: SignalDelivery<UnixStream, SignalOnly>) {
        let mut count = 0;
        loop {
            let until = super::next_deadline();
            match delivery.poll_pending(&mut |read| readable_within(read, super::left_until(until)))
            {
                Ok(Some(pending)) => {
                    for number in pending {
                        count += 1;
                        super::dispatch(Signal { number, count });
                    }
                }
                Ok(None) => super::deadline_reached(),
                Err(err) => {
                    let note = format!("satoku: signals are no longer handled: {err}\n");
                    let _ = std::io::stderr().write_all(note.as_bytes());
                    return;
                }
            }
        }
    }

    /// Waits for a byte on `read` at most `limit`: whether one came.
    fn readable_within(read: &mut UnixStream, limit: Option<Duration>) -> std::io::Result<bool> {
        if limit.is_some_and(|d| d.is_zero()) {
            return Ok(false);
        }
        read.set_read_timeout(limit)?;
        loop {
            return match read.read(&mut [0]) {
                Ok(n) => Ok(n > 0),
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    Ok(false)
                }
                Err(e) => Err(e),
            };
        }
    }
}

/// The deadline thread elsewhere than on Unix: no signals to receive.
#[cfg(not(unix))]
mod events {
    use std::sync::OnceLock;
    use std::thread::Thread;

    static THREAD: OnceLock<Thread> = OnceLock::new();

    pub(super) fn start() -> std::io::Result<()> {
        let thread = std::thread::Builder::new()
            .name("signals".into())
            .spawn(serve)?;
        let _ = THREAD.set(thread.thread().clone());
        Ok(())
    }

    pub(super) fn wake() {
        if let Some(thread) = THREAD.get() {
            thread.unpark();
        }
    }

    /// Whether the thread was started.
    pub(super) fn running() -> bool {
        THREAD.get().is_some()
    }

    fn serve() {
        loop {
            match super::left_until(super::next_deadline()) {
                None => std::thread::park(),
                Some(left) if left.is_zero() => super::deadline_reached(),
                Some(left) => std::thread::park_timeout(left),
            }
        }
    }
}

/// Ends the process for `signal`: stdout written (waiting at most 100 ms
/// for a writer holding it), temporary files removed, a note on stderr,
/// exit code 128 + the signal's number.
pub fn exit_now(signal: Signal) -> ! {
    stdout::finish_within(Duration::from_millis(100), |_| {});
    remove_temps();
    let _ = writeln!(std::io::stderr(), "satoku: stopped by {}", signal.name());
    std::process::exit(signal.exit_code())
}

/// Removes every registered temporary file (for a thread about to end the process).
pub fn remove_temps() {
    for path in lock(&TEMPS).drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

/// A temporary file that a signal removes while this guard lives.
pub struct TempGuard(PathBuf);

impl TempGuard {
    /// Creates a temporary file with `create` and registers the path
    /// `path_of` names for removal if a signal ends the process. Both
    /// happen under the lock a signal's removal takes, so a signal that
    /// comes between them still finds the file.
    pub fn create<T>(
        create: impl FnOnce() -> std::io::Result<T>,
        path_of: impl FnOnce(&T) -> &Path,
    ) -> std::io::Result<(T, TempGuard)> {
        let mut temps = lock(&TEMPS);
        let file = create()?;
        let path = path_of(&file).to_path_buf();
        temps.push(path.clone());
        Ok((file, TempGuard(path)))
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        let mut temps = lock(&TEMPS);
        if let Some(i) = temps.iter().position(|p| *p == self.0) {
            temps.swap_remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_have_names_and_exit_codes() {
        let term = Signal {
            number: SIGTERM,
            count: 1,
        };
        assert_eq!((term.name(), term.exit_code()), ("SIGTERM", 143));
        let hup = Signal {
            number: SIGHUP,
            count: 2,
        };
        assert_eq!(
            (hup.name(), hup.exit_code(), hup.count()),
            ("SIGHUP", 129, 2)
        );
    }

    /// Reports when its deadline was kept, then has none.
    struct AtDeadline {
        at: Option<Instant>,
        kept: std::sync::mpsc::Sender<Instant>,
    }

    impl Handler for AtDeadline {
        fn on_signal(&mut self, signal: Signal) {
            exit_now(signal)
        }

        fn deadline(&self) -> Option<Instant> {
            self.at
        }

        fn on_deadline(&mut self) {
            let now = Instant::now();
            if self.at.is_some_and(|at| now >= at) {
                let _ = self.kept.send(now);
                self.at = None;
            }
        }
    }

    #[test]
    fn a_new_handler_gets_its_deadline_kept_over_the_one_before() {
        install().unwrap();
        let (kept, calls) = std::sync::mpsc::channel();
        let later = Some(Instant::now() + Duration::from_secs(3600));
        let first = AtDeadline {
            at: later,
            kept: kept.clone(),
        };
        assert!(set_handler(first));
        // The thread is asleep until the first handler's deadline.
        std::thread::sleep(Duration::from_millis(20));
        let at = Instant::now() + Duration::from_millis(50);
        assert!(set_handler(AtDeadline { at: Some(at), kept }));
        let called = calls.recv_timeout(Duration::from_secs(10)).unwrap();
        assert!(called >= at);
        assert!(calls.recv_timeout(Duration::from_millis(100)).is_err());
    }

    #[test]
    fn a_guard_registers_its_file_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let (file, guard) =
            TempGuard::create(|| tempfile::NamedTempFile::new_in(dir.path()), |t| t.path())
                .unwrap();
        let path = file.path().to_path_buf();
        assert!(lock(&TEMPS).contains(&path));
        drop(guard);
        assert!(!lock(&TEMPS).contains(&path));
        let missing = dir.path().join("missing");
        let failed = TempGuard::create(|| tempfile::NamedTempFile::new_in(&missing), |t| t.path());
        assert!(failed.is_err());
        let registered = lock(&TEMPS).iter().any(|p| p.starts_with(&missing));
        assert!(!registered, "a file not created is not registered");
    }
}
