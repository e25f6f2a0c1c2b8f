//! The time played: seconds saved with the game plus the time the clock
//! has run in this session. It stops while the grid is full and starts
//! again, from where it stopped, when a move empties a cell. The caller
//! passes the time (`web_time::Instant` is `std::time::Instant` on native
//! targets, and works in a browser, where the standard one panics).

use std::time::Duration;

use web_time::Instant;

/// A stopwatch that counts whole seconds and can be paused. It saturates
/// rather than overflow: a count started at `u64::MAX` stays there.
#[derive(Clone, Debug)]
pub struct Clock {
    /// Time counted before the current run.
    counted: Duration,
    /// When the current run began; `None` while stopped.
    since: Option<Instant>,
}

impl Clock {
    /// A clock that has counted `seconds` and runs from `now`.
    pub fn start(seconds: u64, now: Instant) -> Clock {
        Clock {
            counted: Duration::from_secs(seconds),
            since: Some(now),
        }
    }

    /// Whole seconds counted up to `now`.
    pub fn seconds(&self, now: Instant) -> u64 {
        let running = self.since.map_or(Duration::ZERO, |s| now.duration_since(s));
        self.counted.saturating_add(running).as_secs()
    }

    /// Stops the clock at `now` (nothing when stopped).
    pub fn stop(&mut self, now: Instant) {
        if let Some(since) = self.since.take() {
            self.counted = self.counted.saturating_add(now.duration_since(since));
        }
    }

    /// Runs the clock again from `now` (nothing when running).
    pub fn resume(&mut self, now: Instant) {
        self.since.get_or_insert(now);
    }
}

/// Seconds as `m:ss` (or `h:mm:ss`).
pub fn clock_face(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match h {
        0 => format!("{m}:{s:02}"),
        _ => format!("{h}:{m:02}:{s:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_clock_keeps_its_time_and_resumes_from_it() {
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        let mut clock = Clock::start(5, t0);
        assert_eq!(clock.seconds(at(23)), 28);
        clock.stop(at(23));
        // The grid stays full for 8 s: the time does not move.
        assert_eq!(clock.seconds(at(31)), 28);
        clock.stop(at(31));
        assert_eq!(clock.seconds(at(31)), 28);
        clock.resume(at(31));
        assert_eq!(clock.seconds(at(33)), 30);
        clock.resume(at(40));
        assert_eq!(clock.seconds(at(40)), 37);
    }

    #[test]
    fn a_clock_that_has_counted_the_most_seconds_never_overflows() {
        let t0 = Instant::now();
        let later = t0 + Duration::from_secs(2);
        let mut clock = Clock::start(u64::MAX, t0);
        assert_eq!(clock.seconds(later), u64::MAX);
        clock.stop(later);
        assert_eq!(clock.seconds(later), u64::MAX);
    }

    #[test]
    fn the_face_shows_minutes_and_hours_when_there_are_some() {
        assert_eq!(clock_face(42), "0:42");
        assert_eq!(clock_face(95), "1:35");
        assert_eq!(clock_face(3 * 3600 + 61), "3:01:01");
    }
}
