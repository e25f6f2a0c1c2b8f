//! Restart policies.
//!
//! Glucose-style (Audemard and Simon 2012): restart when the LBDs of recent
//! learnt clauses are clearly worse than the long-run average, tracked here
//! as two exponential moving averages with bias correction (as CaDiCaL
//! does); restarts are postponed while the trail is much longer than usual,
//! a sign that the solver is close to a model. Luby (Luby, Sinclair and
//! Zuckerman 1993; MiniSat 2.2): restart after `100 * luby(i)` conflicts.
//!
//! The restart floor: in the first focused phase of `Modes`, the LBD
//! averages have few samples and often stay level, so Glucose's rule may
//! not restart at all for the whole phase (as on flat graph colouring:
//! `docs/decisions/restart-floor.md`). A restart then also comes once
//! `RESTART_FLOOR_UNIT * luby(i)` conflicts passed without one, `i`
//! counting the restarts of the phase. Only on formulas where more than 1
//! clause in 100 is binary or the clauses spread over many lengths
//! (`ClauseDb::looks_uniform_random`), so uniform random k-SAT keeps its
//! search.
//! The tunables are in `tunables.rs`.

use crate::api::config::{
    RestartPolicy, FAST_LBD_ALPHA, FIRST_MODE_LENGTH, LUBY_UNIT, RESTART_BLOCK_AFTER,
    RESTART_BLOCK_FACTOR, RESTART_FLOOR_UNIT, RESTART_MARGIN, RESTART_MIN_INTERVAL, SLOW_LBD_ALPHA,
    STABLE_LUBY_UNIT, TRAIL_ALPHA,
};
use crate::solver::Solver;

/// Exponential moving average with bias correction for the first samples.
#[derive(Clone, Debug)]
pub struct Ema {
    value: f64,
    alpha: f64,
    beta: f64,
    wait: u64,
    period: u64,
}

impl Ema {
    /// An average weighting each new sample by `alpha`.
    pub fn new(alpha: f64) -> Ema {
        Ema {
            value: 0.0,
            alpha,
            beta: 1.0,
            wait: 0,
            period: 0,
        }
    }

    /// Adds a sample. Early on the weight is larger (1, 1/2, 1/4 ... down to `alpha`).
    pub fn update(&mut self, sample: f64) {
        let weight = self.beta.max(self.alpha);
        self.value += weight * (sample - self.value);
        if self.beta > self.alpha {
            if self.wait == 0 {
                self.period = 2 * (self.period + 1) - 1;
                self.wait = self.period;
                self.beta *= 0.5;
            } else {
                self.wait -= 1;
            }
        }
    }

    /// The current average.
    pub fn value(&self) -> f64 {
        self.value
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (0-based `i`).
pub fn luby(mut i: u64) -> u64 {
    let (mut size, mut seq) = (1u64, 0u32);
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

/// State of the restart policy.
#[derive(Clone, Debug)]
pub struct Restarts {
    fast_lbd: Ema,
    slow_lbd: Ema,
    trail_size: Ema,
    conflicts_since: u64,
    luby_index: u64,
    total_conflicts: u64,
    /// `Modes` only: whether in the stable phase, and when the phase ends.
    stable: bool,
    mode_end: u64,
    mode_length: u64,
}

impl Default for Restarts {
    fn default() -> Self {
        Restarts {
            fast_lbd: Ema::new(FAST_LBD_ALPHA),
            slow_lbd: Ema::new(SLOW_LBD_ALPHA),
            trail_size: Ema::new(TRAIL_ALPHA),
            conflicts_since: 0,
            luby_index: 0,
            total_conflicts: 0,
            stable: false,
            mode_end: FIRST_MODE_LENGTH,
            mode_length: FIRST_MODE_LENGTH,
        }
    }
}

impl Restarts {
    /// Records a conflict: the learnt clause's LBD and the trail length before backjumping.
    pub fn on_conflict(&mut self, policy: RestartPolicy, lbd: u32, trail_len: usize) {
        self.conflicts_since += 1;
        self.total_conflicts += 1;
        let glucose =
            policy == RestartPolicy::Glucose || (policy == RestartPolicy::Modes && !self.stable);
        if !glucose {
            return;
        }
        let trail_len = trail_len as f64;
        if self.total_conflicts > RESTART_BLOCK_AFTER
            && self.conflicts_since >= RESTART_MIN_INTERVAL
            && trail_len > RESTART_BLOCK_FACTOR * self.trail_size.value()
        {
            self.conflicts_since = 0;
        }
        self.trail_size.update(trail_len);
        self.fast_lbd.update(f64::from(lbd));
        self.slow_lbd.update(f64::from(lbd));
    }

    /// Whether to restart now.
    pub fn should_restart(&self, policy: RestartPolicy) -> bool {
        match policy {
            RestartPolicy::Never => false,
            RestartPolicy::Luby => self.conflicts_since >= LUBY_UNIT * luby(self.luby_index),
            RestartPolicy::Modes if self.stable => {
                self.conflicts_since >= STABLE_LUBY_UNIT * luby(self.luby_index)
            }
            RestartPolicy::Glucose | RestartPolicy::Modes => {
                self.conflicts_since >= RESTART_MIN_INTERVAL
                    && self.fast_lbd.value() > RESTART_MARGIN * self.slow_lbd.value()
            }
        }
    }

    /// `Modes` only: whether the restart floor (module docs) is due: in the
    /// first focused phase, `RESTART_FLOOR_UNIT * luby(i)` conflicts since
    /// the last restart.
    pub fn floor_due(&self) -> bool {
        !self.stable
            && self.total_conflicts < FIRST_MODE_LENGTH
            && self.conflicts_since >= RESTART_FLOOR_UNIT * luby(self.luby_index)
    }

    /// `Modes` only: whether the current phase is over; if so, switches to
    /// the other phase (the caller restarts).
    pub fn switch_mode_if_due(&mut self, policy: RestartPolicy) -> bool {
        if policy != RestartPolicy::Modes || self.total_conflicts < self.mode_end {
            return false;
        }
        self.stable = !self.stable;
        if !self.stable {
            self.mode_length *= 2;
        }
        self.mode_end = self.total_conflicts + self.mode_length;
        self.luby_index = 0;
        true
    }

    /// Whether the search is in the stable phase of `Modes`.
    #[inline]
    pub fn is_stable(&self) -> bool {
        self.stable
    }

    /// Records that a restart happened.
    pub fn restarted(&mut self) {
        self.conflicts_since = 0;
        self.luby_index += 1;
    }
}

impl Solver {
    /// Whether the restart floor asks for a restart now (module docs): on,
    /// with `Modes` restarts, due, on a formula with binary clauses.
    #[inline]
    pub(crate) fn restart_floor_due(&self) -> bool {
        self.config.restart_floor
            && self.config.restart == RestartPolicy::Modes
            && self.restarts.floor_due()
            && !self.db.looks_uniform_random()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let seq: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn ema_starts_at_first_samples() {
        let mut ema = Ema::new(0.01);
        ema.update(10.0);
        assert_eq!(ema.value(), 10.0);
        for _ in 0..10_000 {
            ema.update(2.0);
        }
        assert!((ema.value() - 2.0).abs() < 1e-6);
    }

    #[test]
    fn glucose_restarts_after_bad_lbds() {
        let mut r = Restarts::default();
        for _ in 0..1000 {
            r.on_conflict(RestartPolicy::Glucose, 5, 100);
        }
        r.restarted();
        assert!(!r.should_restart(RestartPolicy::Glucose));
        for _ in 0..60 {
            r.on_conflict(RestartPolicy::Glucose, 30, 100);
        }
        assert!(r.should_restart(RestartPolicy::Glucose));
    }

    #[test]
    fn modes_alternate_with_doubling_length() {
        let mut r = Restarts::default();
        let mut switches = Vec::new();
        for i in 1..=20_000u64 {
            r.on_conflict(RestartPolicy::Modes, 5, 100);
            if r.switch_mode_if_due(RestartPolicy::Modes) {
                switches.push(i);
            }
        }
        // focused 2000, stable 2000, focused 4000, stable 4000, focused 8000 ...
        assert_eq!(switches, vec![2000, 4000, 8000, 12_000, 20_000]);
        assert!(!r.switch_mode_if_due(RestartPolicy::Glucose));
    }

    #[test]
    fn the_floor_restarts_on_a_luby_schedule_in_the_first_focused_phase_only() {
        let mut r = Restarts::default();
        let mut fired = Vec::new();
        for i in 1..=3 * FIRST_MODE_LENGTH {
            // Level LBDs: Glucose's rule alone never restarts.
            r.on_conflict(RestartPolicy::Modes, 5, 100);
            assert!(!r.should_restart(RestartPolicy::Modes) || r.is_stable());
            if r.switch_mode_if_due(RestartPolicy::Modes) {
                r.restarted();
            }
            if r.floor_due() {
                fired.push(i);
                r.restarted();
            }
        }
        assert_eq!(&fired[..7], &[25, 50, 100, 125, 150, 200, 300]);
        let gaps: Vec<u64> = fired.windows(2).map(|w| w[1] - w[0]).collect();
        let luby_gaps: Vec<u64> = (1..fired.len() as u64).map(|i| 25 * luby(i)).collect();
        assert_eq!(gaps, luby_gaps);
        assert!(*fired.last().unwrap() < FIRST_MODE_LENGTH);
        assert!(fired.len() > 15);
    }
}
