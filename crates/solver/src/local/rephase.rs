//! Rephasing: now and then the saved phases are reset, so the search
//! leaves a region where phase saving keeps it (Biere and Fleury, "Chasing
//! target phases", POS 2020; Kissat's and CaDiCaL's `rephase`).
//!
//! The schedule opens with the original phases (`initial_phase` for every
//! variable) and the inverted ones, then cycles through
//! best, walk, original, best, walk, inverted, best, walk, flipped:
//! **best** takes the phases of the longest conflict-free trail
//! (`phases.rs`), **walk** those of a ProbSAT local search started from
//! the current phases (`walk.rs`; best when walking is off or cannot run),
//! **flipped** negates every saved phase. After each rephase the target
//! phases become the saved ones and the chase for a longer trail starts
//! over. The n-th rephase comes `REPHASE_INTERVAL * n * log10(n + 9)^3`
//! conflicts after the one before (Kissat's `NLOG3N` growth).

use crate::api::config::{REPHASE_INTERVAL, WALK_MAX_GROWTH};
use crate::solver::Solver;

/// One way of resetting the saved phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rephase {
    Original,
    Inverted,
    Best,
    Walk,
    Flipped,
}

/// The cycle after the first two rephases (original, inverted).
const CYCLE: [Rephase; 9] = [
    Rephase::Best,
    Rephase::Walk,
    Rephase::Original,
    Rephase::Best,
    Rephase::Walk,
    Rephase::Inverted,
    Rephase::Best,
    Rephase::Walk,
    Rephase::Flipped,
];

/// The kind of the `count`-th rephase (0-based).
fn kind(count: u64) -> Rephase {
    match count {
        0 => Rephase::Original,
        1 => Rephase::Inverted,
        _ => CYCLE[((count - 2) % CYCLE.len() as u64) as usize],
    }
}

/// Conflicts between the `n`-th rephase (1-based) and the next.
fn interval(n: u64) -> u64 {
    let log = ((n + 9) as f64).log10();
    (REPHASE_INTERVAL as f64 * n as f64 * log * log * log) as u64
}

/// The rephasing schedule: how many rephases were done, when the next is due.
pub(crate) struct Rephasing {
    count: u64,
    next: u64,
    /// `stats.propagations` and `stats.conflicts` at the end of the last walk.
    last_walk_propagations: u64,
    last_walk_conflicts: u64,
    /// How many times the first walk's effort the next walk may take
    /// (`rephase_walk.rs`).
    walk_growth: u64,
}

impl Default for Rephasing {
    fn default() -> Self {
        Rephasing {
            count: 0,
            next: REPHASE_INTERVAL,
            last_walk_propagations: 0,
            last_walk_conflicts: 0,
            walk_growth: 1,
        }
    }
}

impl Rephasing {
    /// Propagations and conflicts counted when the last walk ended.
    pub fn last_walk(&self) -> (u64, u64) {
        (self.last_walk_propagations, self.last_walk_conflicts)
    }

    /// How many times the first walk's effort the next walk may take.
    pub fn walk_growth(&self) -> u64 {
        self.walk_growth
    }

    /// Records the end of a walk, at `propagations` and `conflicts`: a walk
    /// that came `close` to a model (`Solver::walk`) doubles the next
    /// one's effort, up to `WALK_MAX_GROWTH`; one that did not resets it.
    pub fn walked(&mut self, propagations: u64, conflicts: u64, close: bool) {
        self.last_walk_propagations = propagations;
        self.last_walk_conflicts = conflicts;
        self.walk_growth = if close {
            (self.walk_growth * 2).min(WALK_MAX_GROWTH)
        } else {
            1
        };
    }
}

impl Solver {
    /// Whether a rephase is due (CDCL with phase saving and `rephase` on).
    #[inline]
    pub(crate) fn rephase_due(&self) -> bool {
        self.config.rephase
            && self.config.phase_saving
            && self.stats.conflicts >= self.rephasing.next
    }

    /// Backtracks to the floor of the call and resets the saved phases by
    /// the schedule (module docs).
    pub(crate) fn rephase(&mut self) {
        self.update_phases(self.trail.len());
        self.backtrack(self.scope.floor());
        let rephasing = &mut self.rephasing;
        let mut todo = kind(rephasing.count);
        rephasing.count += 1;
        rephasing.next = self.stats.conflicts + interval(rephasing.count);
        self.stats.rephases += 1;
        if todo == Rephase::Walk && !self.can_walk() {
            todo = Rephase::Best;
        }
        let initial = self.config.initial_phase;
        let saved = self.branching.saved_phases_mut();
        match todo {
            Rephase::Original => saved.fill(initial),
            Rephase::Inverted => saved.fill(!initial),
            Rephase::Best => saved.copy_from_slice(self.phases.best()),
            Rephase::Flipped => saved.iter_mut().for_each(|p| *p = !*p),
            Rephase::Walk => self.walk(),
        }
        let saved = self.branching.saved_phases_mut();
        self.phases.reset(saved, todo == Rephase::Best);
    }

    /// Whether a walk may run now: asked for, at the root of a call
    /// without assumptions.
    fn can_walk(&self) -> bool {
        self.config.walk && self.scope.assumptions().is_empty() && self.trail.decision_level() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_opens_with_original_and_inverted_then_cycles() {
        let kinds: Vec<Rephase> = (0..12).map(kind).collect();
        assert_eq!(&kinds[..2], &[Rephase::Original, Rephase::Inverted]);
        assert_eq!(&kinds[2..11], &CYCLE);
        assert_eq!(kinds[11], Rephase::Best);
    }

    #[test]
    fn intervals_grow_faster_than_linearly() {
        assert_eq!(interval(1), REPHASE_INTERVAL);
        assert!(interval(10) > 10 * interval(1));
        assert!((1..100).all(|n| interval(n + 1) > interval(n)));
    }

    #[test]
    fn close_walks_double_the_next_walks_effort_up_to_the_cap_and_a_far_one_resets_it() {
        let mut r = Rephasing::default();
        assert_eq!(r.walk_growth(), 1);
        let mut growth = Vec::new();
        for close in [true, true, true, true, true, true, false, true] {
            r.walked(0, 0, close);
            growth.push(r.walk_growth());
        }
        let cap = WALK_MAX_GROWTH;
        assert_eq!(
            growth,
            [2, 4, 8, cap.min(16), cap.min(32), cap.min(64), 1, 2]
        );
        r.walked(123, 45, false);
        assert_eq!(r.last_walk(), (123, 45));
    }
}
