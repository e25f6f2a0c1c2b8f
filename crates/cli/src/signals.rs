//! SIGINT, SIGTERM and SIGHUP, handled alike for the whole process.
//!
//! [`install`], called first in `main`, starts a thread that receives the
//! three signals (signal-hook). A command may [`set_handler`] to react in
//! its own way (`solve` stops the search and prints `s UNKNOWN`; `bench`
//! stops its solvers and reports what finished). Without one, a signal ends
//! the process through [`exit_now`]: what stdout holds is written, the
//! temporary files of output files not yet renamed into place are removed,
//! and the exit code is 128 + the signal's number (130, 143, 129).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

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

type Handler = Box<dyn FnMut(Signal) + Send>;

static HANDLER: Mutex<Option<Handler>> = Mutex::new(None);

/// Temporary files to remove if a signal ends the process.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts receiving SIGINT, SIGTERM and SIGHUP. On failure the signals keep
/// their default action (the error says why). Elsewhere than on Unix this
/// does nothing: Ctrl-C keeps its default action.
#[cfg(not(unix))]
pub fn install() -> std::io::Result<()> {
    Ok(())
}

/// Starts receiving SIGINT, SIGTERM and SIGHUP. On failure the signals keep
/// their default action (the error says why).
#[cfg(unix)]
pub fn install() -> std::io::Result<()> {
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for (count, number) in signals.forever().enumerate() {
                let signal = Signal {
                    number,
                    count: count + 1,
                };
                match lock(&HANDLER).as_mut() {
                    Some(handler) => handler(signal),
                    None => exit_now(signal),
                }
            }
        })?;
    Ok(())
}

/// Calls `handler` on every signal from now on, instead of [`exit_now`].
pub fn set_handler(handler: impl FnMut(Signal) + Send + 'static) {
    *lock(&HANDLER) = Some(Box::new(handler));
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
