//! What the operating system must do for a bench: CPU times and stopping a
//! child solver at its deadline.
//!
//! On Unix ([`unix`]): the CPU time of the calling thread (`clock_gettime`
//! with `CLOCK_THREAD_CPUTIME_ID`, since satoku runs in-process one instance
//! per thread) and of a finished child (`wait4`'s resource usage); each
//! child leads its own process group, so a timeout kills a wrapper script
//! together with the solver it started, and a child that ends by itself
//! takes down what it left running in the background. Elsewhere ([`portable`]): `std`
//! alone, so wall-clock time only (CPU times are `None`) and a timeout
//! kills the child process but not what the child started.
//!
//! CPU time is reported beside wall-clock time because a loaded machine
//! stretches the second while barely moving the first.

use std::io;
use std::process::{Child, Command, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[cfg(not(unix))]
mod portable;
#[cfg(unix)]
mod unix;

#[cfg(not(unix))]
use portable as sys;
#[cfg(unix)]
use unix as sys;

pub use sys::thread_cpu_time;

/// How a child solver ended.
#[derive(Debug)]
pub struct Finished {
    /// Its exit status.
    pub status: ExitStatus,
    /// CPU time (user and system) it used, where the platform tells.
    pub cpu: Option<Duration>,
    /// It was killed: the deadline passed or the bench was interrupted.
    pub killed: bool,
}

/// Starts `command` (in a process group of its own on Unix).
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    sys::spawn(command)
}

/// Waits for `child`, killing it (and on Unix its process group) when
/// `deadline` passes, `stop` is raised or `too_much` says so (asked on each
/// poll: an output past its ceiling).
pub fn wait_until(
    child: &mut Child,
    deadline: Instant,
    stop: &AtomicBool,
    mut too_much: impl FnMut() -> bool,
) -> io::Result<Finished> {
    let mut nap = Duration::from_millis(1);
    loop {
        if let Some((status, cpu)) = sys::try_reap(child)? {
            return Ok(Finished {
                status,
                cpu,
                killed: false,
            });
        }
        let now = Instant::now();
        if now >= deadline || stop.load(Ordering::Relaxed) || too_much() {
            sys::kill(child);
            let (status, cpu) = sys::reap(child)?;
            return Ok(Finished {
                status,
                cpu,
                killed: true,
            });
        }
        std::thread::sleep(nap.min(deadline - now));
        nap = (nap * 2).min(Duration::from_millis(10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_child_is_killed_at_the_deadline_or_when_stopped() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let mut child = spawn(Command::new("sleep").arg("30")).unwrap();
        let finished = wait_until(
            &mut child,
            start + Duration::from_millis(100),
            &stop,
            || false,
        )
        .unwrap();
        assert!(finished.killed && !finished.status.success());
        let mut child = spawn(Command::new("sleep").arg("30")).unwrap();
        stop.store(true, Ordering::Relaxed);
        let later = Instant::now() + Duration::from_secs(60);
        assert!(
            wait_until(&mut child, later, &stop, || false)
                .unwrap()
                .killed
        );
        assert!(start.elapsed() < Duration::from_secs(10));
        let mut child = spawn(&mut Command::new("true")).unwrap();
        let finished = wait_until(&mut child, later, &AtomicBool::new(false), || false).unwrap();
        assert!(!finished.killed && finished.status.success());
    }

    #[cfg(unix)]
    #[test]
    fn a_child_is_killed_when_asked_on_a_poll() {
        let start = Instant::now();
        let later = start + Duration::from_secs(60);
        let mut child = spawn(Command::new("sleep").arg("30")).unwrap();
        let mut polls = 0;
        let finished = wait_until(&mut child, later, &AtomicBool::new(false), || {
            polls += 1;
            polls == 3
        })
        .unwrap();
        assert!(finished.killed && polls == 3);
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn a_busy_thread_uses_cpu_time_and_a_sleeping_one_does_not() {
        let Some(before) = thread_cpu_time() else {
            return; // no thread CPU time on this platform
        };
        let start = Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(50) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        let busy = thread_cpu_time().unwrap() - before;
        assert!(busy > Duration::from_millis(5), "{busy:?}");
        let before = thread_cpu_time().unwrap();
        std::thread::sleep(Duration::from_millis(50));
        assert!(thread_cpu_time().unwrap() - before < Duration::from_millis(20));
    }
}
