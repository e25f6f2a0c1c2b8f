//! CPU time, which std does not expose: the calling thread's (satoku runs
//! in-process, one instance per thread) and a finished child's (`wait4`).
//!
//! Why: on the shared 2-core machine, wall-clock times of the same run
//! varied by a factor of two between rounds (load average 3 to 7), while a
//! process's CPU time barely depends on how long it waited for a core.

use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

/// CPU time (user and system) used so far by the calling thread.
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Reaps child `pid` if it has ended (or, with `block`, once it ends):
/// its exit status and CPU time (user and system).
///
/// After this returns `Some`, the `std::process::Child` must not be waited
/// for or killed again: the process is gone.
pub fn reap(pid: u32, block: bool) -> io::Result<Option<(ExitStatus, Duration)>> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    loop {
        // SAFETY: `status` and `usage` are valid, writable; wait4 only writes them.
        let rc = unsafe { libc::wait4(pid as libc::pid_t, &mut status, flags, &mut usage) };
        match rc {
            0 => return Ok(None),
            r if r > 0 => break,
            _ => {
                let err = io::Error::last_os_error();
                if err.kind() != io::ErrorKind::Interrupted {
                    return Err(err);
                }
            }
        }
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = time(usage.ru_utime) + time(usage.ru_stime);
    Ok(Some((ExitStatus::from_raw(status), cpu)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;
    use std::time::Instant;

    #[test]
    fn a_busy_thread_uses_cpu_time_and_a_sleeping_one_does_not() {
        let before = thread_cpu_time();
        let start = Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(50) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        let busy = thread_cpu_time() - before;
        assert!(busy > Duration::from_millis(5), "{busy:?}");
        let before = thread_cpu_time();
        std::thread::sleep(Duration::from_millis(50));
        assert!(thread_cpu_time() - before < Duration::from_millis(20));
    }

    #[test]
    #[allow(clippy::zombie_processes)] // `reap` waits for it
    fn reaping_gives_the_exit_status_and_a_small_cpu_time() {
        let child = Command::new("sh")
            .args(["-c", "sleep 0.2; exit 20"])
            .spawn()
            .unwrap();
        assert!(reap(child.id(), false).unwrap().is_none());
        let (status, cpu) = reap(child.id(), true).unwrap().unwrap();
        assert_eq!(status.code(), Some(20));
        assert!(cpu < Duration::from_millis(150), "{cpu:?}");
    }
}
