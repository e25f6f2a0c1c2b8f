//! Unix: thread CPU time by `clock_gettime`, a child's CPU time by `wait4`,
//! and each child in a process group of its own so that one `kill` stops a
//! wrapper script and the solver it runs. A child that ends by itself has
//! its group killed too (what it left running in the background) before it
//! is reaped: until then its id, which is the group's, cannot be reused.
//!
//! Once `wait4` has reaped a child, its `std::process::Child` must not be
//! waited for or killed again: the process is gone and its id may be reused.

use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus};
use std::time::Duration;

/// CPU time (user and system) used so far by the calling thread.
pub fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// Starts `command` as the leader of a new process group.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    command.process_group(0).spawn()
}

/// The exit status and CPU time of `child` if it has ended, after killing
/// what it left running in its process group.
pub fn try_reap(child: &mut Child) -> io::Result<Option<(ExitStatus, Option<Duration>)>> {
    if !has_ended(child.id())? {
        return Ok(None);
    }
    kill(child);
    reap(child).map(Some)
}

/// Whether `pid` has ended, leaving it unreaped (`waitid` with `WNOWAIT`).
fn has_ended(pid: u32) -> io::Result<bool> {
    loop {
        // SAFETY: an all-zero siginfo_t is a valid value of this plain C struct.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        // SAFETY: `info` is valid and writable; waitid only writes it.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        if rc == 0 {
            // With WNOHANG and nothing to report, the kernel leaves si_pid 0.
            return Ok(ended_pid(&info) != 0);
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn ended_pid(info: &libc::siginfo_t) -> libc::pid_t {
    // SAFETY: waitid filled in a SIGCHLD siginfo (or left it zeroed).
    unsafe { info.si_pid() }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn ended_pid(info: &libc::siginfo_t) -> libc::pid_t {
    info.si_pid
}

/// Kills `child`'s whole process group.
pub fn kill(child: &mut Child) {
    // SAFETY: plain system call; a negative id names the group `spawn` made.
    // An error means the group has ended already; `reap` collects the child.
    unsafe { libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL) };
}

/// Waits until `child` ends: its exit status and CPU time.
pub fn reap(child: &mut Child) -> io::Result<(ExitStatus, Option<Duration>)> {
    wait4(child.id(), 0)?.ok_or_else(|| io::Error::other("wait4 returned without the child"))
}

fn wait4(pid: u32, flags: libc::c_int) -> io::Result<Option<(ExitStatus, Option<Duration>)>> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
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
    Ok(Some((ExitStatus::from_raw(status), Some(cpu))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// Whether process `pid` exists and is not a zombie (`/proc` where there is one).
    fn running(pid: libc::pid_t) -> bool {
        if std::path::Path::new("/proc/self").exists() {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            return !stat.is_empty() && !stat.contains(") Z");
        }
        // SAFETY: signal 0 only checks that the process exists.
        unsafe { libc::kill(pid, 0) == 0 }
    }

    #[test]
    fn reaping_gives_the_exit_status_and_a_small_cpu_time() {
        let mut child = spawn(Command::new("sh").args(["-c", "sleep 0.2; exit 20"])).unwrap();
        assert!(try_reap(&mut child).unwrap().is_none());
        let (status, cpu) = reap(&mut child).unwrap();
        assert_eq!(status.code(), Some(20));
        assert!(cpu.unwrap() < Duration::from_millis(150), "{cpu:?}");
    }

    /// Starts `sh -c SCRIPT` where SCRIPT writes a background `sleep`'s id to
    /// a file, and returns the child and that id.
    fn with_sleeper(dir: &std::path::Path, then: &str) -> (Child, libc::pid_t) {
        let pid_file = dir.join("pid");
        let script = format!("sleep 30 & echo $! > {}; {then}", pid_file.display());
        let child = spawn(Command::new("sh").args(["-c", &script])).unwrap();
        let start = Instant::now();
        while std::fs::read_to_string(&pid_file)
            .unwrap_or_default()
            .trim()
            .is_empty()
        {
            assert!(start.elapsed() < Duration::from_secs(10), "no pid file");
            std::thread::sleep(Duration::from_millis(5));
        }
        let pid = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        (child, pid)
    }

    fn assert_ends(pid: libc::pid_t) {
        let start = Instant::now();
        while running(pid) {
            assert!(start.elapsed() < Duration::from_secs(5), "sleep survived");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn what_a_finished_child_left_running_is_killed_when_it_is_reaped() {
        let dir = tempfile::tempdir().unwrap();
        let (mut child, sleeper) = with_sleeper(dir.path(), "exit 3");
        let start = Instant::now();
        let (status, _) = loop {
            if let Some(done) = try_reap(&mut child).unwrap() {
                break done;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "never ended");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert_eq!(status.code(), Some(3));
        assert_ends(sleeper);
    }

    #[test]
    fn a_kill_reaches_what_the_child_started() {
        let dir = tempfile::tempdir().unwrap();
        let (mut child, sleeper) = with_sleeper(dir.path(), "wait");
        kill(&mut child);
        let (status, _) = reap(&mut child).unwrap();
        assert_eq!(status.signal(), Some(libc::SIGKILL));
        // The grandchild is gone too, or dead and waiting to be reaped.
        assert_ends(sleeper);
    }
}
