//! Vivification of learnt clauses (Piette, Hamadi and Sais 2008; for
//! learnt clauses Luo, Li, Xiao, Manyà and Lü 2017; the schedule after
//! Kissat's `vivify`).
//!
//! At the root, a learnt clause `C = (l1 ∨ ... ∨ lk)` of tier 1 or 2 (LBD
//! up to `TIER2_LBD`) is taken out of the watch lists and its literals are
//! refuted one by one: decide `¬l1`, propagate, decide `¬l2`, ... A
//! literal already false is skipped (the others imply it); the probe stops
//! at a conflict, or at a literal of `C` found true. Then the decisions
//! that took part are found by walking the implication graph back from the
//! conflict (or from the true literal, or from the literals of `C`, all
//! false), as Kissat's `vivify_analyze` does: their negations (with the
//! true literal, if one) form a clause `D ⊆ C` that is RUP, as propagating
//! its negation replays the probe. When `D` is shorter, it goes into the
//! proof, then `C` is deleted from it, and `D` replaces `C` in the arena
//! (with the smaller LBD). A unit `D` ends the round: it is asserted at
//! the root and propagated by the search loop.
//!
//! Candidates come in Kissat's order: those not yet tried first (a flag
//! in the clause header; once every candidate was tried the flags are
//! cleared), and among them, with the literals of each sorted by how often
//! they occur in the candidates, lexicographically. Consecutive clauses
//! then share prefixes of decisions, which are kept rather than redone
//! (CaDiCaL's and Kissat's reuse of decisions). A clause that is the
//! reason of a kept assignment first backtracks below it (it leaves the
//! watches); a clause kept as it was is watched again at once, at the
//! current level, where its watched literals may be false: it may then
//! miss a propagation until the next backtrack, which costs strength, not
//! soundness, and the round ends at the root, where the watch invariant
//! (`propagate.rs`) holds again. A shortened clause is replaced at the root.
//!
//! A round runs at the root after each reduction of the learnt clauses,
//! outside scoped calls (whose learnt clauses hold under the assumptions
//! only), and stops after `VIVIFY_EFFORT_PER_MILLE` per mille of the
//! search's propagations since the round before, or when a limit of the
//! call is reached. Its propagations are counted apart
//! (`stats.vivify_propagations`), not as the search's; the observer does
//! not see them (the round is invisible to it but for a unit it asserts),
//! and the saved phases are those from before the round.

mod order;

use satoku_formula::Lit;

use crate::api::config::{VIVIFY_EFFORT_PER_MILLE, VIVIFY_MAX_DELAY};
use crate::search::clause_db::ClauseRef;
use crate::search::propagate::Conflict;
use crate::search::reason::{Reason, ReasonKind};
use crate::search::trail::{FALSE, TRUE};
use crate::solver::Solver;

/// The schedule of vivification rounds and their scratch buffers.
#[derive(Default)]
pub(crate) struct Vivification {
    /// `stats.reductions` at the last round: a round is due after each one.
    reductions: u64,
    /// Search propagations at the end of the last round (or skipped one).
    propagations: u64,
    /// Reductions to let pass before the next round: one more after each
    /// round that shortened nothing, none after one that did.
    delay: u32,
    /// Reductions still to let pass.
    skip: u32,
    /// Per literal code: occurrences in the candidates.
    counts: Vec<u32>,
    /// Per variable: marked by the analysis of a probe.
    seen: Vec<bool>,
    /// The clause found by the analysis of a probe.
    clause: Vec<Lit>,
}

impl Vivification {
    /// Scratch for the candidates' literal occurrences (`vivify/order.rs`).
    pub(crate) fn counts_mut(&mut self) -> &mut Vec<u32> {
        &mut self.counts
    }
}

/// How the probe of a clause ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Probe {
    /// A conflict: the decisions made imply it.
    Conflict(Conflict),
    /// A literal of the clause is true: the decisions imply it.
    Implied(Lit),
    /// Every literal of the clause is false, with no conflict (the clause
    /// itself, taken out of the watches, is the one falsified).
    Falsified,
}

impl Solver {
    /// Runs a vivification round if one is due; true when it asserted a
    /// root unit, which the caller must propagate before deciding.
    pub(crate) fn vivify_if_due(&mut self) -> bool {
        if !self.vivify_due() {
            return false;
        }
        if self.skip_vivify_round() {
            return false;
        }
        self.stats.vivify_rounds += 1;
        let shortened = self.stats.vivified_clauses;
        let observing = std::mem::take(&mut self.observing);
        let (unit, spent) = self.aside(|s| {
            let unit = s.vivify_round();
            s.backtrack(0);
            unit
        });
        self.stats.vivify_propagations += spent;
        self.observing = observing;
        self.db.forget_deleted();
        let schedule = &mut self.schedule.vivification;
        schedule.reductions = self.stats.reductions;
        schedule.propagations = self.stats.propagations;
        schedule.delay = if self.stats.vivified_clauses > shortened {
            0
        } else {
            (schedule.delay + 1).min(VIVIFY_MAX_DELAY)
        };
        schedule.skip = schedule.delay;
        let Some(unit) = unit else {
            return false;
        };
        self.trail.assign(unit, Reason::NONE);
        self.schedule.root_unit_added();
        if self.observing.is_on() {
            self.report_propagation(unit);
        }
        true
    }

    /// Lets a due round pass while fruitless rounds delay the next ones
    /// (as Kissat delays a technique that failed): formulas whose learnt
    /// clauses cannot be shortened (uniform random ones) then pay little.
    /// The effort of the next round counts from here, not from the last
    /// round run.
    fn skip_vivify_round(&mut self) -> bool {
        let schedule = &mut self.schedule.vivification;
        if schedule.skip == 0 {
            return false;
        }
        schedule.skip -= 1;
        schedule.reductions = self.stats.reductions;
        schedule.propagations = self.stats.propagations;
        true
    }

    /// Whether a round is due: on, at the root of an unscoped call, after
    /// a reduction.
    fn vivify_due(&self) -> bool {
        self.config.vivify
            && self.trail.decision_level() == 0
            && self.scope.floor() == 0
            && self.stats.reductions > self.schedule.vivification.reductions
    }

    /// Vivifies candidates until the effort is spent; returns the unit
    /// learnt, if one ends the round.
    fn vivify_round(&mut self) -> Option<Lit> {
        let since = self.stats.propagations - self.schedule.vivification.propagations;
        let limit = self.stats.propagations + since * VIVIFY_EFFORT_PER_MILLE / 1000;
        let mut candidates = self.vivify_candidates();
        let mut i = 0;
        while let Some((c, sorted)) = candidates.get(i) {
            if self.stats.propagations > limit || self.out_of_budget() {
                break;
            }
            let unit = self.vivify_clause(c, sorted);
            if unit.is_some() {
                return unit;
            }
            i += 1;
        }
        None
    }

    /// Probes clause `c` (its literals not false at the root, `sorted`);
    /// replaces it when the probe finds a shorter one. Returns the unit
    /// learnt, if `c` shrank to one.
    fn vivify_clause(&mut self, c: ClauseRef, sorted: &[Lit]) -> Option<Lit> {
        self.reuse_decisions(sorted);
        self.backtrack_below_reason(c);
        self.detach_long(c);
        self.db.set_vivified(c, true);
        let probe = self.probe_clause(sorted);
        let lbd = self.analyze_probe(probe, sorted);
        let clause = std::mem::take(&mut self.schedule.vivification.clause);
        let unit = if clause.len() < self.db.len(c) {
            self.replace_vivified(c, &clause, lbd)
        } else {
            self.attach(c);
            if let Probe::Conflict(_) = probe {
                // The level of the conflict is not propagated to the end.
                self.backtrack(self.trail.decision_level() - 1);
            }
            None
        };
        self.schedule.vivification.clause = clause;
        unit
    }

    /// Keeps the decisions of the previous probe that open this one: while
    /// the decision of the next level is the negation of the next literal
    /// of `sorted` (literals false below it are skipped).
    fn reuse_decisions(&mut self, sorted: &[Lit]) {
        let mut level = 0;
        for &lit in sorted {
            if level == self.trail.decision_level() {
                break;
            }
            if self.trail.decision_at(level + 1) == !lit {
                level += 1;
            } else if self.trail.value(lit) != FALSE || self.trail.level_of(lit.var()) > level {
                break;
            }
        }
        self.backtrack(level);
    }

    /// Backtracks below the level where `c` is the reason of a literal, if
    /// any: `c` leaves the watches, so it must be no reason.
    fn backtrack_below_reason(&mut self, c: ClauseRef) {
        let reason = self.db.lits(c).iter().find(|&&l| {
            self.trail.value(l) == TRUE && self.trail.reason_of(l.var()) == Reason::long(c)
        });
        if let Some(&lit) = reason {
            self.backtrack(self.trail.level_of(lit.var()) - 1);
        }
    }

    /// Takes long clause `c` out of the watch lists of its two watched literals.
    fn detach_long(&mut self, c: ClauseRef) {
        let lits = self.db.lits(c);
        self.watches.detach_long([lits[0], lits[1]], c);
    }

    /// Decides the negation of each open literal of `sorted` in turn and
    /// propagates, until a conflict or a true literal.
    fn probe_clause(&mut self, sorted: &[Lit]) -> Probe {
        for &lit in sorted {
            match self.trail.value(lit) {
                TRUE => return Probe::Implied(lit),
                FALSE => continue,
                _ => {
                    self.new_level(false);
                    self.trail.assign(!lit, Reason::NONE);
                    if let Some(conflict) = self.propagate() {
                        return Probe::Conflict(conflict);
                    }
                }
            }
        }
        Probe::Falsified
    }

    /// Fills `vivification.clause` with the clause the probe proves: the
    /// negations of the decisions the probe's outcome depends on, and the
    /// implied literal, if any. Returns its number of distinct levels.
    fn analyze_probe(&mut self, probe: Probe, sorted: &[Lit]) -> u32 {
        let num_vars = self.num_vars();
        let viv = &mut self.schedule.vivification;
        viv.seen.resize(num_vars, false);
        viv.clause.clear();
        let trail = &self.trail;
        let seen = &mut viv.seen;
        let start: &[Lit] = match probe {
            Probe::Conflict(Conflict::Long(k)) => self.db.lits(k),
            Probe::Conflict(Conflict::Binary(a, b)) => &[a, b],
            Probe::Implied(lit) => &[lit],
            Probe::Falsified => sorted,
        };
        for &lit in start {
            mark_above_root(trail, seen, lit);
        }
        for i in (trail.root_end()..trail.len()).rev() {
            let lit = trail.lits()[i];
            if !std::mem::take(&mut seen[lit.var().index()]) {
                continue;
            }
            match trail.reason_of(lit.var()).kind() {
                ReasonKind::None => viv.clause.push(!lit),
                ReasonKind::Binary(other) => mark_above_root(trail, seen, other),
                ReasonKind::Long(r) => {
                    for &other in self.db.lits(r) {
                        if other != lit {
                            mark_above_root(trail, seen, other);
                        }
                    }
                }
            }
        }
        if let Probe::Implied(lit) = probe {
            // Its own reason was walked, so it was not pushed as a decision.
            viv.clause.push(lit);
        }
        debug_assert!(!viv.clause.is_empty());
        let mut levels: Vec<u32> = viv.clause.iter().map(|l| trail.level_of(l.var())).collect();
        levels.sort_unstable();
        levels.dedup();
        levels.len() as u32
    }

    /// Replaces `old` by `clause` (a subset of it, RUP): the proof first
    /// gets the new clause, then the deletion of the old one. Returns the
    /// literal of a unit clause, to assert at the root.
    fn replace_vivified(&mut self, old: ClauseRef, clause: &[Lit], lbd: u32) -> Option<Lit> {
        self.backtrack(0);
        self.log_root_units();
        self.proof.add(clause);
        self.proof.delete(self.db.lits(old));
        self.stats.vivified_clauses += 1;
        self.stats.vivify_removed_literals += (self.db.len(old) - clause.len()) as u64;
        let (activity, used) = (self.db.activity(old), self.db.is_used(old));
        let lbd = lbd.min(self.db.lbd(old));
        self.db.delete(old);
        if let [unit] = clause {
            return Some(*unit);
        }
        let c = self.db.alloc(clause, true, lbd);
        self.db.set_activity(c, activity);
        self.db.set_used(c, used);
        self.db.set_vivified(c, true);
        self.attach(c);
        None
    }
}

/// Marks the variable of `lit` for the walk of `analyze_probe`, unless it
/// is a root fact.
#[inline]
fn mark_above_root(trail: &crate::search::trail::Trail, seen: &mut [bool], lit: Lit) {
    if trail.level_of(lit.var()) > 0 {
        seen[lit.var().index()] = true;
    }
}

#[cfg(test)]
#[path = "vivify_tests.rs"]
mod tests;
