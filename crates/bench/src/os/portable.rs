//! The fallback where there is no Unix: `std::process` only. No CPU times;
//! a kill reaches the child but not the processes it started.

use std::io;
use std::process::{Child, Command, ExitStatus};
use std::time::Duration;

/// Not measured here: `None`.
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

pub fn spawn(command: &mut Command) -> io::Result<Child> {
    command.spawn()
}

pub fn try_reap(child: &mut Child) -> io::Result<Option<(ExitStatus, Option<Duration>)>> {
    Ok(child.try_wait()?.map(|status| (status, None)))
}

pub fn kill(child: &mut Child) {
    // An error means the child has ended already; `reap` collects it.
    let _ = child.kill();
}

pub fn reap(child: &mut Child) -> io::Result<(ExitStatus, Option<Duration>)> {
    Ok((child.wait()?, None))
}
