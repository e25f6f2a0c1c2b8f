//! Bounded variable elimination at the root: the rounds of subsumption
//! and elimination, when they run, and the elimination of one variable.
//!
//! A round copies the irredundant clauses into occurrence lists
//! (`occurs.rs`), without what the root assignment decides, runs backward
//! subsumption and strengthening (`subsume.rs`), then bounded variable
//! elimination (below), and writes the changes
//! back to the arena: deleted and strengthened clauses go, strengthened
//! clauses and resolvents come in. Learnt clauses that name an eliminated
//! variable are deleted, and the others are simplified against the new
//! root units; then every clause is watched afresh.
//!
//! The first round is full: every clause is tried as a subsuming clause
//! and every variable for elimination. Later ones are incremental (as
//! CaDiCaL's): only the clauses added or shortened by root units since the
//! last round are tried as subsuming clauses, and only the variables of
//! clauses added, changed or deleted since then or during the round are
//! tried for elimination (every variable once the bound grew).
//!
//! Schedule (after CaDiCaL's `elim` and Kissat's `eliminate`): the first
//! round runs before the first decision (preprocessing), the n-th later one
//! `ELIM_INTERVAL * n` conflicts after the one before. A round is skipped
//! when nothing changed since the last (no new root unit, clause or
//! restored variable), and only runs in a CDCL call that is not scoped, at
//! the root. Its effort is counted in steps (literals visited) against a
//! share of the literals propagated since the last round (`tunables.rs`).
//! Once removed clauses were put back (a later clause or assumption named
//! an eliminated variable), the next round waits for its conflicts rather
//! than running at the start of the next call, so that an incremental user
//! does not pay for an elimination per call.
//!
//! With `subsume` and `eliminate` both off, the elimination trial
//! (`trial.rs`) takes the first round's place: one round with both on,
//! run after the first conflict, only on a formula without AND gates
//! where a sample and a dry run say it removes at least half of the
//! variables, and no round after it.
//!
//! Bounded variable elimination itself (Eén and Biere 2005, as in MiniSat
//! 2.2's `eliminateVar` and CaDiCaL's `elim.cpp`): a variable goes when its
//! non-tautological resolvents are no more than its clauses plus a bound,
//! each no longer than `ELIM_CLAUSE_LIMIT`, and neither side has more than
//! `ELIM_OCC_LIMIT` clauses.
//!
//! Eliminating `x`: every resolvent goes into the proof (each is RUP: its
//! two antecedents resolve to it), then every clause of `x` onto the
//! reconstruction stack with `x`'s literal as witness (`extend.rs`) and
//! out of the proof and the formula; the resolvents join the working
//! clauses, where they are tried as subsuming clauses (`subsume.rs`), and
//! a unit resolvent is a root unit.

use satoku_formula::{Lit, Var};

use crate::api::config::{
    Algorithm, ELIM_BOUND_MAX, ELIM_CLAUSE_LIMIT, ELIM_EFFORT_PER_MILLE,
    ELIM_FIRST_EFFORT_PER_LITERAL, ELIM_INTERVAL, ELIM_MIN_EFFORT, ELIM_OCC_LIMIT, ELIM_PASSES,
    ELIM_TRIAL_EFFORT_PER_LITERAL,
};
use crate::elim::occurs::{ClauseId, Occurs};
use crate::elim::round::Round;
use crate::elim::trial::Trial;
use crate::removed::vars::VarStatus;
use crate::search::trail::{Trail, FALSE, TRUE};
use crate::solver::Solver;

/// When the next round runs, and what the last one saw.
#[derive(Default)]
pub(crate) struct ElimSchedule {
    pub(super) rounds: u64,
    /// `stats.conflicts` from which the next round may run.
    next_conflicts: u64,
    /// `stats.propagations` at the end of the last round.
    last_propagations: u64,
    /// Root units, clauses added and variables removed after the last
    /// round: the same triple later means nothing changed.
    last_state: (usize, usize, usize),
    /// Clauses an elimination may add beyond those it removes.
    bound: usize,
    /// The bound of the last round.
    last_bound: usize,
    /// Irredundant clauses in the arena after the last round: those listed
    /// after them were added since.
    originals_seen: usize,
    /// How far the elimination trial got (`trial.rs`).
    pub(super) trial: Trial,
}

impl Solver {
    /// Runs a round of subsumption and elimination if one is due (module
    /// docs). Returns false when the round found the formula unsatisfiable.
    pub(crate) fn eliminate_if_due(&mut self) -> bool {
        if !self.elim_due() {
            return true;
        }
        let (subsume, eliminate) = (self.config.subsume, self.config.eliminate);
        let trial = !(subsume || eliminate);
        if trial && !self.elim_trial_step() {
            return true;
        }
        let ok = self.elim_round(subsume || trial, eliminate || trial);
        let state = self.elim_state();
        let schedule = &mut self.elim;
        schedule.rounds += 1;
        schedule.next_conflicts = self.stats.conflicts + ELIM_INTERVAL * schedule.rounds;
        schedule.last_propagations = self.stats.propagations;
        schedule.last_state = state;
        schedule.originals_seen = self.db.originals().len();
        ok
    }

    /// Root units, clauses added and variables removed.
    fn elim_state(&self) -> (usize, usize, usize) {
        (
            self.trail.len(),
            self.formula.num_clauses(),
            self.vars.num_removed(),
        )
    }

    /// Whether a round should run now (module docs).
    fn elim_due(&mut self) -> bool {
        let config = &self.config;
        let trial = self.elim_trial_due();
        if !(config.subsume || config.eliminate || trial)
            || config.algorithm != Algorithm::Cdcl
            || self.scope.floor() > 0
            || self.trail.decision_level() > 0
            || self.stats.conflicts < self.elim.next_conflicts
        {
            return false;
        }
        let state = self.elim_state();
        if self.elim.rounds > 0 && state == self.elim.last_state {
            return false;
        }
        if state.2 < self.elim.last_state.2 {
            // Removed clauses were put back: wait for the conflicts.
            self.elim.last_state = state;
            self.elim.next_conflicts = self.stats.conflicts + ELIM_INTERVAL * self.elim.rounds;
            return false;
        }
        true
    }

    /// One round (module docs), with subsumption and elimination each on
    /// or off; false when it refuted the formula.
    fn elim_round(&mut self, subsume: bool, eliminate: bool) -> bool {
        self.stats.elim_rounds += 1;
        let root_len = self.trail.len();
        let (occ, literals, fresh) = self.occurs_from_arena();
        let limit = if self.elim.rounds == 0 {
            self.first_round_effort(literals)
        } else {
            let propagated = self.stats.propagations - self.elim.last_propagations;
            (propagated * ELIM_EFFORT_PER_MILLE / 1000).max(ELIM_MIN_EFFORT)
        };
        let bound = self.elim.bound;
        let mut round = Round::new(occ, self.num_vars(), limit, subsume, bound);
        if self.elim.rounds == 0 {
            self.queue_all(&mut round);
        } else {
            for c in fresh {
                round.enqueue(c);
            }
        }
        if self.elim.rounds == 0 || bound != self.elim.last_bound {
            round.touch_all();
        }
        self.elim.last_bound = bound;
        // Subsumption may spend half the effort: elimination gets the rest.
        round.limit = limit / 2;
        self.subsume_queued(&mut round);
        round.limit = limit;
        if eliminate && !round.unsat && self.eliminate_vars(&mut round) {
            self.elim.bound = (self.elim.bound * 2).clamp(1, ELIM_BOUND_MAX);
        }
        if round.unsat {
            return false;
        }
        self.write_back(&round);
        if self.observing.is_on() {
            // The round's units are facts: reported as such (`observe.rs`).
            for i in root_len..self.trail.len() {
                self.report_propagation(self.trail.lits()[i]);
            }
        }
        self.propagate().is_none()
    }

    /// The steps the first round may take on `literals` literals: more
    /// for the elimination trial's dry run and round, which run only with
    /// `subsume` and `eliminate` both off (`tunables.rs`).
    pub(crate) fn first_round_effort(&self, literals: u64) -> u64 {
        let per_literal = if self.config.subsume || self.config.eliminate {
            ELIM_FIRST_EFFORT_PER_LITERAL
        } else {
            ELIM_TRIAL_EFFORT_PER_LITERAL
        };
        ELIM_MIN_EFFORT + per_literal * literals
    }

    /// Queues every working clause, so that the shortest are tried first.
    fn queue_all(&mut self, round: &mut Round) {
        let mut all: Vec<ClauseId> = (0..round.occ.num_ids() as ClauseId).collect();
        all.sort_unstable_by_key(|&c| std::cmp::Reverse(round.occ.lits(c).len()));
        for c in all {
            round.enqueue(c);
        }
    }

    /// The irredundant clauses in occurrence lists, without what the root
    /// decides: a satisfied clause is deleted, false literals are dropped
    /// (the shorter clause added to the proof before the old one is
    /// deleted). Also returns the number of literals copied, and the
    /// clauses shortened so or added since the last round.
    fn occurs_from_arena(&mut self) -> (Occurs, u64, Vec<ClauseId>) {
        self.log_root_units();
        let mut occ = Occurs::new(self.num_vars());
        let (mut literals, mut fresh) = (0, Vec::new());
        for i in 0..self.db.originals().len() {
            let c = self.db.originals()[i];
            if self.db.is_deleted(c) {
                continue;
            }
            let lits = self.db.lits(c);
            let Some(open) = open_at_root(&self.trail, lits) else {
                self.remove_clause(c);
                continue;
            };
            debug_assert!(open.len() >= 2, "the root is propagated");
            let changed = open.len() < lits.len();
            if changed {
                self.proof.add(&open);
                self.proof.delete(lits);
            }
            literals += open.len() as u64;
            let id = occ.add(open, Some(c), changed);
            if changed || i >= self.elim.originals_seen {
                fresh.push(id);
            }
        }
        (occ, literals, fresh)
    }

    /// Writes the round's changes to the arena (their proof steps are
    /// written already), deletes or simplifies the learnt clauses, and
    /// watches every clause afresh.
    fn write_back(&mut self, round: &Round) {
        for change in round.occ.changes() {
            if let Some(old) = change.old {
                self.db.delete(old);
            }
            if let Some(new) = change.new {
                self.db.alloc(new, false, 0);
            }
        }
        self.simplify_learnts();
        self.rebuild_watches();
    }

    /// Deletes the learnt clauses that name a removed variable or are
    /// satisfied at the root, and drops the literals false at the root from
    /// the others (one left with fewer than two is deleted: it is implied).
    fn simplify_learnts(&mut self) {
        for i in 0..self.db.learnts().len() {
            let c = self.db.learnts()[i];
            let lits = self.db.lits(c);
            if self.db.is_deleted(c) {
                continue;
            }
            let removed = lits.iter().any(|l| !self.vars.is_active(l.var()));
            let open = open_at_root(&self.trail, lits).filter(|_| !removed);
            let Some(open) = open else {
                self.remove_clause(c);
                continue;
            };
            if open.len() < lits.len() {
                if open.len() >= 2 {
                    self.proof.add(&open);
                    let lbd = self.db.lbd(c).min(open.len() as u32);
                    self.db.alloc(&open, true, lbd);
                }
                self.remove_clause(c);
            }
        }
    }
}

/// The literals of `lits` not false at the root, or `None` when one is
/// true there.
pub(crate) fn open_at_root(trail: &Trail, lits: &[Lit]) -> Option<Vec<Lit>> {
    if lits.iter().any(|&l| trail.root_value(l) == TRUE) {
        return None;
    }
    Some(
        lits.iter()
            .copied()
            .filter(|&l| trail.root_value(l) != FALSE)
            .collect(),
    )
}

impl Solver {
    /// Eliminates every candidate variable it can, cheapest first (fewest
    /// resolutions), in `ELIM_PASSES` passes: the candidates of a pass are
    /// the variables touched before it. Returns whether every candidate was
    /// tried (not cut short by the round's effort or the call's budget).
    pub(crate) fn eliminate_vars(&mut self, round: &mut Round) -> bool {
        for _ in 0..ELIM_PASSES {
            let candidates = self.elim_candidates(round);
            round.clear_touched();
            for (i, v) in candidates.into_iter().enumerate() {
                if round.unsat || round.out_of_effort() || (i % 64 == 0 && self.out_of_budget()) {
                    return false;
                }
                if self.try_eliminate(round, v) {
                    self.propagate_occurs(round);
                    self.subsume_queued(round);
                }
            }
        }
        true
    }

    /// The variables that may be eliminated, occur in a clause and were
    /// touched (module docs), by the product of their two occurrence
    /// counts plus their sum (CaDiCaL's `elimprod` and `elimsum` weights,
    /// both 1).
    pub(crate) fn elim_candidates(&mut self, round: &mut Round) -> Vec<Var> {
        let mut scored: Vec<(usize, Var)> = (0..self.num_vars() as u32)
            .map(Var::new)
            .filter(|&v| self.is_removable(v))
            .filter_map(|v| {
                if !round.is_touched(v) {
                    return None;
                }
                let pos = round.occ.clean(v.positive());
                let neg = round.occ.clean(v.negative());
                (pos + neg > 0).then_some((pos * neg + pos + neg, v))
            })
            .collect();
        round.steps += scored.len() as u64;
        scored.sort_unstable();
        scored.into_iter().map(|(_, v)| v).collect()
    }

    /// Eliminates `v` if its resolvents fit the bounds (module docs).
    fn try_eliminate(&mut self, round: &mut Round, v: Var) -> bool {
        let Some(resolvents) = self.eliminable(round, v) else {
            return false;
        };
        for r in &resolvents {
            self.proof.add(r);
        }
        self.remove_clauses_of(round, v);
        self.vars.remove(v, VarStatus::Eliminated);
        self.stats.eliminated_vars += 1;
        self.stats.resolvents += resolvents.len() as u64;
        for r in resolvents {
            if r.len() == 1 {
                self.assign_occurs_unit(round, r[0]);
            } else {
                let id = round.occ.add(r, None, true);
                round.enqueue(id);
            }
        }
        true
    }

    /// `v`'s resolvents if it may be eliminated in `round`: removable, in
    /// some clause, at most `ELIM_OCC_LIMIT` clauses a side, and its
    /// resolvents within the round's bound (module docs).
    pub(crate) fn eliminable(&mut self, round: &mut Round, v: Var) -> Option<Vec<Vec<Lit>>> {
        if !self.is_removable(v) {
            return None;
        }
        let pos = round.occ.clean(v.positive());
        let neg = round.occ.clean(v.negative());
        if pos > ELIM_OCC_LIMIT || neg > ELIM_OCC_LIMIT || pos + neg == 0 {
            return None;
        }
        self.resolvents_within_bound(round, v, pos + neg + round.bound)
    }

    /// The non-tautological resolvents on `v`, or `None` if there are more
    /// than `max` of them or one is longer than `ELIM_CLAUSE_LIMIT`. The
    /// bound is checked first without building a resolvent (as MiniSat's
    /// `merge` counts), since most tries fail it.
    fn resolvents_within_bound(
        &mut self,
        round: &mut Round,
        v: Var,
        max: usize,
    ) -> Option<Vec<Vec<Lit>>> {
        let pos = round.occ.list(v.positive()).to_vec();
        let neg = round.occ.list(v.negative()).to_vec();
        if !resolvents_fit(round, &pos, &neg, v, max) {
            return None;
        }
        let mut resolvents = Vec::new();
        for &c in &pos {
            round.mark_clause(c);
            for &d in &neg {
                if let Some(r) = resolve_marked(round, c, d, v) {
                    resolvents.push(r);
                }
            }
            round.unmark_clause(c);
        }
        Some(resolvents)
    }

    /// Moves every clause of `v` onto the reconstruction stack and out of
    /// the proof and the working clauses.
    fn remove_clauses_of(&mut self, round: &mut Round, v: Var) {
        for lit in [v.positive(), v.negative()] {
            let ids = round.occ.list(lit).to_vec();
            for c in ids {
                self.log_root_units();
                let clause = round.occ.lits(c);
                self.extension.push(lit, clause);
                self.proof.delete(clause);
                round.delete(c);
            }
        }
    }
}

/// Whether the non-tautological resolvents of the clauses `pos` (with
/// `v`) and `neg` (with `!v`) are at most `max`, none longer than
/// `ELIM_CLAUSE_LIMIT`: counted on the marks, nothing allocated.
fn resolvents_fit(
    round: &mut Round,
    pos: &[ClauseId],
    neg: &[ClauseId],
    v: Var,
    max: usize,
) -> bool {
    let mut count = 0;
    for &c in pos {
        round.mark_clause(c);
        let kept = round.occ.lits(c).len() - 1;
        let fits = neg.iter().all(|&d| {
            round.steps += round.occ.lits(d).len() as u64;
            match resolvent_len(round, kept, d, v) {
                None => true,
                Some(len) => {
                    count += 1;
                    len <= ELIM_CLAUSE_LIMIT && count <= max
                }
            }
        });
        round.unmark_clause(c);
        if !fits {
            return false;
        }
    }
    true
}

/// The length of the resolvent of the marked clause (with `kept` literals
/// besides `v`) and `d` on `v`, or `None` if it is a tautology.
fn resolvent_len(round: &Round, kept: usize, d: ClauseId, v: Var) -> Option<usize> {
    let mut len = kept;
    for &l in round.occ.lits(d) {
        if l.var() == v {
            continue;
        }
        match round.mark_of(l) {
            0 => len += 1,
            m if m > 0 => {}
            _ => return None,
        }
    }
    Some(len)
}

/// The resolvent of `c` (marked in `round`, containing `v`) and `d`
/// (containing `!v`) on `v`, or `None` if it is a tautology.
fn resolve_marked(round: &Round, c: ClauseId, d: ClauseId, v: Var) -> Option<Vec<Lit>> {
    let (c, d) = (round.occ.lits(c), round.occ.lits(d));
    let mut r = Vec::with_capacity(c.len() + d.len() - 2);
    r.extend(c.iter().copied().filter(|l| l.var() != v));
    for &l in d {
        if l.var() == v {
            continue;
        }
        match round.mark_of(l) {
            0 => r.push(l),
            m if m > 0 => {}
            _ => return None,
        }
    }
    Some(r)
}
