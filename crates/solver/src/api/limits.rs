//! The limits of one `solve` call: a deadline, conflict and decision
//! budgets, and the interrupt flag of the configuration (which loading a
//! formula checks too, `load.rs`).

use std::sync::atomic::Ordering;
use web_time::Instant;

use crate::api::config::SolverConfig;
use crate::api::stats::Stats;

/// Where the current call must stop.
pub(crate) struct Budget {
    deadline: Option<Instant>,
    conflicts: u64,
    decisions: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            deadline: None,
            conflicts: u64::MAX,
            decisions: u64::MAX,
        }
    }
}

impl Budget {
    /// The budget of a call starting at `start`, counted from `stats`.
    pub fn new(config: &SolverConfig, stats: &Stats, start: Instant) -> Budget {
        Budget {
            deadline: config.time_limit.map(|t| start + t),
            conflicts: config
                .conflict_limit
                .map_or(u64::MAX, |n| stats.conflicts.saturating_add(n)),
            decisions: config
                .decision_limit
                .map_or(u64::MAX, |n| stats.decisions.saturating_add(n)),
        }
    }

    /// Whether a limit is reached or an interrupt was asked for.
    pub fn exhausted(&self, config: &SolverConfig, stats: &Stats) -> bool {
        if stats.conflicts >= self.conflicts || stats.decisions >= self.decisions {
            return true;
        }
        self.interrupted(config)
    }

    /// Whether an interrupt was asked for or the deadline passed (the
    /// conflict and decision budgets not counted).
    pub fn interrupted(&self, config: &SolverConfig) -> bool {
        interrupted(config, self.deadline)
    }
}

/// Whether the interrupt flag of `config` is set or `deadline` has passed.
pub(crate) fn interrupted(config: &SolverConfig, deadline: Option<Instant>) -> bool {
    if let Some(flag) = &config.interrupt {
        if flag.load(Ordering::Relaxed) {
            return true;
        }
    }
    deadline.is_some_and(|d| Instant::now() >= d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_count_from_the_start_of_the_call() {
        let config = SolverConfig {
            conflict_limit: Some(2),
            ..SolverConfig::default()
        };
        let mut stats = Stats {
            conflicts: 5,
            ..Stats::default()
        };
        let budget = Budget::new(&config, &stats, Instant::now());
        assert!(!budget.exhausted(&config, &stats));
        stats.conflicts = 7;
        assert!(budget.exhausted(&config, &stats));
        assert!(!Budget::default().exhausted(&SolverConfig::default(), &stats));
    }
}
