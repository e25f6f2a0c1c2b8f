//! Bounded variable elimination (Eén and Biere 2005, as in MiniSat 2.2's
//! `eliminateVar` and CaDiCaL's `elim.cpp`): a variable goes when its
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

use crate::api::config::{ELIM_CLAUSE_LIMIT, ELIM_OCC_LIMIT, ELIM_PASSES};
use crate::elim::occurs::ClauseId;
use crate::elim::round::Round;
use crate::removed::vars::VarStatus;
use crate::solver::Solver;

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
    /// touched (`elim.rs`), by
    /// the product of their two occurrence counts plus their sum (CaDiCaL's
    /// `elimprod` and `elimsum` weights, both 1).
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
