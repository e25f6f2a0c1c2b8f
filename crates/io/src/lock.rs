//! Locks shared between the threads of a run and the thread that may end
//! it (on a signal or at a deadline).

use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

/// Locks `mutex`, taking it over from a thread that panicked while holding
/// it: what these locks guard (buffers, files, lists of paths) stays usable.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Locks `mutex`, waiting at most `patience` for the thread that holds it
/// (one blocked on a full pipe would hold it for ever): `None` when it is
/// still held then. For a thread about to end the process, which then
/// keeps the lock (`std::mem::forget`) so that nothing is written after
/// its last lines.
pub fn lock_within<T>(mutex: &Mutex<T>, patience: Duration) -> Option<MutexGuard<'_, T>> {
    let start = Instant::now();
    loop {
        match mutex.try_lock() {
            Ok(guard) => return Some(guard),
            Err(TryLockError::Poisoned(e)) => return Some(e.into_inner()),
            Err(TryLockError::WouldBlock) if start.elapsed() < patience => {
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(TryLockError::WouldBlock) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_held_past_the_patience_is_not_taken() {
        let mutex = Mutex::new(1);
        let held = lock(&mutex);
        let start = Instant::now();
        assert!(lock_within(&mutex, Duration::from_millis(20)).is_none());
        assert!(start.elapsed() >= Duration::from_millis(20));
        drop(held);
        assert_eq!(lock_within(&mutex, Duration::ZERO).map(|g| *g), Some(1));
    }
}
