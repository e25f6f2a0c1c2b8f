//! The learnt-clause database: activity, periodic reduction, root
//! simplification, and garbage collection.
//!
//! Learnt clauses are kept in three tiers by LBD (Audemard and Simon 2009;
//! the tiers as in Oh 2015 and CaDiCaL): LBD <= 2 ("glue") is kept forever,
//! LBD <= 6 is kept while it keeps taking part in conflicts, the rest
//! competes on LBD and activity and half of it goes at each reduction.
//! Reductions come every `2000 + 300 k` conflicts (Glucose). The
//! tunables are in `tunables.rs`.
//!
//! Lean reduction (`SolverConfig::lean_reduce`): on a formula where at
//! most 1 clause in 100 is binary and most are of one length (uniform
//! random k-SAT, `ClauseDb::looks_uniform_random`) there is no tier
//! 2, and reductions come every `500 + 100 k` conflicts. There a formula
//! has a few hundred variables and the search is shallow, so LBD 6 is no
//! mark of a good clause, and every kept clause costs the propagations
//! that visit its watches.

use crate::api::config::{
    CLAUSE_DECAY, CLAUSE_RESCALE_LIMIT, CORE_LBD, FIRST_REDUCE, LEAN_FIRST_REDUCE, LEAN_REDUCE_INC,
    REDUCE_INC, TIER2_LBD,
};
use crate::search::clause_db::ClauseRef;
use crate::search::reason::Reason;
use crate::search::trail::TRUE;
use crate::solver::Solver;
use crate::vivify::Vivification;
use satoku_formula::Lit;

/// When to reduce and simplify, and the clause activity increment.
pub(crate) struct Schedule {
    cla_inc: f32,
    /// `stats.conflicts` at the last reduction.
    reduced_at: u64,
    num_reduce: u64,
    /// Root-level units since the last `simplify`.
    root_units_since_simplify: usize,
    /// `simplify` waits until `stats.propagations` reaches this.
    next_simplify: u64,
    /// Root literals written to the proof as units (`log_root_units`).
    root_units_logged: usize,
    /// When vivification runs, and its scratch (`vivify/mod.rs`).
    pub(crate) vivification: Vivification,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule {
            cla_inc: 1.0,
            reduced_at: 0,
            num_reduce: 0,
            root_units_since_simplify: 0,
            next_simplify: 0,
            root_units_logged: 0,
            vivification: Vivification::default(),
        }
    }
}

impl Schedule {
    /// Records a new root-level unit (a reason to simplify).
    #[inline]
    pub fn root_unit_added(&mut self) {
        self.root_units_since_simplify += 1;
    }
}

impl Solver {
    /// Raises the activity of learnt clause `cref`.
    pub(crate) fn bump_clause(&mut self, cref: ClauseRef) {
        let a = self.db.activity(cref) + self.schedule.cla_inc;
        self.db.set_activity(cref, a);
        if a > CLAUSE_RESCALE_LIMIT {
            self.db.scale_learnt_activities(1.0 / CLAUSE_RESCALE_LIMIT);
            self.schedule.cla_inc *= 1.0 / CLAUSE_RESCALE_LIMIT;
        }
    }

    /// Makes later clause bumps weigh more.
    pub(crate) fn decay_clause_activity(&mut self) {
        self.schedule.cla_inc *= 1.0 / CLAUSE_DECAY;
    }

    /// Whether `cref` is the reason of a current assignment.
    fn is_locked(&self, cref: ClauseRef) -> bool {
        let lits = self.db.lits(cref);
        lits[..2].iter().any(|&l| {
            self.trail.value(l) == TRUE && self.trail.reason_of(l.var()) == Reason::long(cref)
        })
    }

    /// Whether a reduction is due.
    pub(crate) fn reduce_due(&self) -> bool {
        self.config.reduce && self.stats.conflicts >= self.schedule.reduced_at + self.reduce_gap()
    }

    /// Conflicts from one reduction to the next (module docs).
    fn reduce_gap(&self) -> u64 {
        let n = self.schedule.num_reduce;
        if self.lean_reduce() {
            LEAN_FIRST_REDUCE + LEAN_REDUCE_INC * n
        } else {
            FIRST_REDUCE + REDUCE_INC * n
        }
    }

    /// Whether this formula is reduced the lean way (module docs).
    fn lean_reduce(&self) -> bool {
        self.config.lean_reduce && self.db.looks_uniform_random()
    }

    /// The highest LBD of tier 2, or [`CORE_LBD`] (no tier 2) when
    /// reducing the lean way (module docs).
    fn tier2_lbd(&self) -> u32 {
        if self.lean_reduce() {
            CORE_LBD
        } else {
            TIER2_LBD
        }
    }

    /// Deletes about half of the learnt clauses outside the kept tiers.
    pub(crate) fn reduce_db(&mut self) {
        let schedule = &mut self.schedule;
        schedule.num_reduce += 1;
        schedule.reduced_at = self.stats.conflicts;
        self.stats.reductions += 1;
        let tier2 = self.tier2_lbd();
        let mut candidates = Vec::with_capacity(self.db.learnts().len());
        for i in 0..self.db.learnts().len() {
            let c = self.db.learnts()[i];
            let lbd = self.db.lbd(c);
            let used = self.db.is_used(c);
            self.db.set_used(c, false);
            if lbd <= CORE_LBD || (lbd <= tier2 && used) || self.is_locked(c) {
                continue;
            }
            // Binary clauses have LBD <= 2: the watch lists rely on never
            // deleting a learnt binary clause here (`purge_watches`).
            debug_assert!(self.db.len(c) > 2);
            candidates.push(c);
        }
        // Worst first: high LBD, then low activity.
        candidates.sort_unstable_by(|&a, &b| {
            self.db
                .lbd(b)
                .cmp(&self.db.lbd(a))
                .then(self.db.activity(a).total_cmp(&self.db.activity(b)))
        });
        let remove = candidates.len() / 2;
        for &c in &candidates[..remove] {
            self.remove_clause(c);
        }
        self.stats.deleted_clauses += remove as u64;
        self.db.forget_deleted();
        self.collect_if_needed();
    }

    /// Deletes every learnt clause, at the root. Learnt clauses are implied
    /// by the clauses given, so no answer changes; an incremental user whose
    /// queries share little (one sudoku after another, each under its own
    /// givens as assumptions) keeps propagation from slowing down under
    /// clauses learnt for earlier queries. Only the watch lists of the
    /// deleted clauses are touched (their two watched literals), so the cost
    /// follows the number of learnt clauses, not the size of the formula.
    pub fn forget_learnts(&mut self) {
        if self.db.learnts().is_empty() {
            return;
        }
        self.backtrack(0);
        self.clear_root_reasons();
        let mut learnts = self.db.take_learnts();
        for &c in &learnts {
            self.remove_clause(c);
            let (a, b) = (self.db.lits(c)[0], self.db.lits(c)[1]);
            if self.db.len(c) == 2 {
                self.watches.detach_binary(a, b);
                continue;
            }
            for lit in [a, b] {
                let db = &self.db;
                self.watches.retain(lit, |c| !db.is_deleted(c), |_| true);
            }
        }
        self.stats.deleted_clauses += learnts.len() as u64;
        let first = learnts.iter().min().copied();
        // The emptied list goes back, keeping its capacity for later queries.
        learnts.clear();
        self.db.restore_learnts(learnts);
        // Learnt clauses usually sit after every original one: then the
        // arena is cut back and no collection (which re-attaches every
        // clause) is needed.
        if let Some(first) = first {
            self.db.truncate_dead_tail(first);
        }
        if self.db.needs_collect() {
            self.collect_if_needed();
        }
    }

    /// Marks a clause deleted and logs the deletion; its watchers go at the
    /// next collection (they are skipped until then by `purge_watches`).
    pub(crate) fn remove_clause(&mut self, cref: ClauseRef) {
        self.log_root_units();
        self.proof.delete(self.db.lits(cref));
        self.db.delete(cref);
    }

    /// Writes the root literals not yet in the proof as unit lemmas (each
    /// is RUP), before a clause is deleted: the deleted clause may be the
    /// reason of one, and a checker that unassigns the literals of deleted
    /// reasons (rate; drat-trim ignores such deletions) would lose it.
    pub(crate) fn log_root_units(&mut self) {
        if !self.proof.is_on() {
            return;
        }
        let end = self.trail.root_end();
        let from = self.schedule.root_units_logged.min(end);
        for i in from..end {
            self.proof.add(&[self.trail.lits()[i]]);
        }
        self.schedule.root_units_logged = end;
    }

    /// At the root, deletes every clause satisfied by a root assignment.
    pub(crate) fn simplify(&mut self) {
        debug_assert_eq!(self.trail.decision_level(), 0);
        // As MiniSat's `simplify`: a pass costs the whole database, so it
        // waits until the search has propagated as many literals as the
        // database holds since the last one. Incremental users who add a
        // unit per call (retiring an activation literal) would pay a full
        // pass per call otherwise.
        let schedule = &mut self.schedule;
        if schedule.root_units_since_simplify == 0
            || self.stats.propagations < schedule.next_simplify
        {
            return;
        }
        schedule.root_units_since_simplify = 0;
        for c in self.db.live_clauses() {
            if self.db.lits(c).iter().any(|&l| self.trail.value(l) == TRUE) {
                self.remove_clause(c);
            }
        }
        self.db.forget_deleted();
        self.clear_root_reasons();
        self.purge_watches();
        self.collect_if_needed();
        self.schedule.next_simplify = self.stats.propagations + self.db.live_words() as u64;
    }

    /// Root assignments never need their reasons again (and a reason may be
    /// about to be deleted).
    pub(crate) fn clear_root_reasons(&mut self) {
        debug_assert_eq!(self.trail.decision_level(), 0);
        self.trail.map_reasons(|_| Reason::NONE);
    }

    /// Drops watchers of deleted clauses. A binary entry does not name its
    /// clause, so it goes when the clause is satisfied at the root: that is
    /// exactly when `simplify` deletes a binary clause (learnt binary
    /// clauses are never reduced), and a clause satisfied at the root stays
    /// satisfied, so dropping the watchers of one not yet deleted loses
    /// nothing (a collection re-attaches it anyway).
    fn purge_watches(&mut self) {
        let db = &self.db;
        let trail = &self.trail;
        let root_true = |l: Lit| trail.value(l) == TRUE && trail.level_of(l.var()) == 0;
        self.watches.retain_all(
            |c| !db.is_deleted(c),
            |watched, other| !root_true(watched) && !root_true(other),
        );
    }

    /// Compacts the arena when enough of it is dead, then rebuilds the
    /// watches and relocates reasons.
    fn collect_if_needed(&mut self) {
        if !self.db.needs_collect() {
            self.purge_watches();
            return;
        }
        self.collect_and_rewatch();
    }

    /// At the root, after inprocessing deleted or added clauses in bulk
    /// (binary watch entries do not name their clause, so only a rebuild
    /// drops those of a deleted binary clause): drops deleted clauses from
    /// the lists, compacts the arena, and watches every live clause afresh.
    pub(crate) fn rebuild_watches(&mut self) {
        debug_assert_eq!(self.trail.decision_level(), 0);
        self.db.forget_deleted();
        self.clear_root_reasons();
        self.collect_and_rewatch();
    }

    /// Compacts the arena, relocates reasons, and rebuilds every watch list.
    fn collect_and_rewatch(&mut self) {
        let reloc = self.db.collect();
        self.trail.map_reasons(|r| match r.clause() {
            Some(c) => reloc.get(c).map_or(Reason::NONE, Reason::long),
            None => r,
        });
        self.watches.clear();
        for c in self.db.live_clauses() {
            self.attach(c);
        }
    }
}
