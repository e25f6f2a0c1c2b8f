//! The elimination trial (`SolverConfig::elim_trial`): whether one round
//! of subsumption and elimination before the first decision is worth it.
//!
//! Elimination is off by default because on most formulas it removes a
//! few variables and changes the search for no gain (`docs/benchmarks.md`,
//! "Inprocessing"); but where it removes most of them (chains of XORs
//! such as `dubois`) what is left is a far smaller formula. So before the
//! first decision, cheapest first:
//!
//! 1. No trial is made where congruence closure (`congruence.rs`, which
//!    runs first) found AND gates: elimination would take apart the gate
//!    definitions that its later rounds merge, and a circuit checked
//!    against a copy of itself (a miter) that congruence closure collapses
//!    would be left to search alone.
//! 2. A sample of the variables is tried one by one on the clauses as they
//!    are (no copy): unless enough of them could go on their own, nothing
//!    more is done.
//! 3. A dry run eliminates on a copy of the irredundant clauses, in two
//!    passes with the first round's bound (0) and effort, and touches
//!    nothing else: no proof step, no reconstruction, no root unit. It
//!    stops once the answer is known.
//! 4. Only when it removes at least `ELIM_TRIAL_MIN_PERCENT` of the open
//!    variables does a real round run (`elim.rs`), once; otherwise the
//!    solver goes on exactly as without the trial.

use satoku_formula::Var;

use crate::clause_db::ClauseRef;
use crate::config::{
    ELIM_CLAUSE_LIMIT, ELIM_FIRST_EFFORT_PER_LITERAL, ELIM_MIN_EFFORT, ELIM_OCC_LIMIT, ELIM_PASSES,
    ELIM_TRIAL_MIN_PERCENT, ELIM_TRIAL_SAMPLE,
};
use crate::occurs::Occurs;
use crate::round::Round;
use crate::solver::Solver;
use crate::trail::{FALSE, TRUE};

impl Solver {
    /// Whether a dry run of elimination removes at least
    /// `ELIM_TRIAL_MIN_PERCENT` of the open variables, on a formula where
    /// congruence closure found no AND gate (module docs).
    pub(crate) fn elim_trial_pays(&mut self) -> bool {
        if self.probing.congruence.found_gates() {
            return false;
        }
        let open: Vec<Var> = (0..self.num_vars() as u32)
            .map(Var::new)
            .filter(|&v| self.is_removable(v))
            .collect();
        let needed = (ELIM_TRIAL_MIN_PERCENT * open.len()).div_ceil(100);
        !open.is_empty() && self.sample_eliminable(&open) && self.dry_eliminate(needed)
    }

    /// Whether at least `ELIM_TRIAL_MIN_PERCENT` of an evenly spread
    /// sample of the `open` variables (`ELIM_TRIAL_SAMPLE` of them) could
    /// each be eliminated on its own with bound 0. One pass over the
    /// clauses, with no copy of them: it turns most formulas away before
    /// the dry run, whose copy costs about as much as loading them.
    fn sample_eliminable(&self, open: &[Var]) -> bool {
        let sample: Vec<Var> = open
            .iter()
            .step_by(open.len().div_ceil(ELIM_TRIAL_SAMPLE))
            .copied()
            .collect();
        let mut slot = vec![u32::MAX; self.num_vars()];
        for (i, v) in sample.iter().enumerate() {
            slot[v.index()] = i as u32;
        }
        let mut sides = vec![[Vec::new(), Vec::new()]; sample.len()];
        for &c in self.db.originals() {
            if self.db.is_deleted(c) || self.db.lits(c).iter().any(|&l| self.trail.value(l) == TRUE)
            {
                continue;
            }
            for &l in self.db.lits(c) {
                if let Some(side) = sides.get_mut(slot[l.var().index()] as usize) {
                    side[usize::from(l.is_negated())].push(c);
                }
            }
        }
        let mut marks = vec![0i8; self.num_vars()];
        let eliminable = sample
            .iter()
            .zip(&sides)
            .filter(|(&v, [pos, neg])| self.eliminable_alone(v, pos, neg, &mut marks))
            .count();
        100 * eliminable >= ELIM_TRIAL_MIN_PERCENT * sample.len()
    }

    /// Whether `v`, in the clauses `pos` and `neg`, has at most as many
    /// non-tautological resolvents as clauses, none longer than
    /// `ELIM_CLAUSE_LIMIT` (literals false at the root left out).
    fn eliminable_alone(
        &self,
        v: Var,
        pos: &[ClauseRef],
        neg: &[ClauseRef],
        marks: &mut [i8],
    ) -> bool {
        if pos.len() > ELIM_OCC_LIMIT || neg.len() > ELIM_OCC_LIMIT {
            return false;
        }
        let open = |c: ClauseRef| {
            self.db
                .lits(c)
                .iter()
                .copied()
                .filter(move |&l| l.var() != v && self.trail.value(l) != FALSE)
        };
        let mut count = 0;
        for &c in pos {
            open(c).for_each(|l| marks[l.var().index()] = if l.is_negated() { -1 } else { 1 });
            let kept = open(c).count();
            for &d in neg {
                let mut len = kept;
                let mut tautology = false;
                for l in open(d) {
                    let m = marks[l.var().index()];
                    let sign = if l.is_negated() { -1 } else { 1 };
                    if m == 0 {
                        len += 1;
                    } else if m != sign {
                        tautology = true;
                        break;
                    }
                }
                if !tautology {
                    count += 1;
                    if len > ELIM_CLAUSE_LIMIT || count > pos.len() + neg.len() {
                        open(c).for_each(|l| marks[l.var().index()] = 0);
                        return false;
                    }
                }
            }
            open(c).for_each(|l| marks[l.var().index()] = 0);
        }
        true
    }

    /// Whether elimination with bound 0, on a copy of the clauses, removes
    /// `needed` variables in `ELIM_PASSES` passes. It stops as soon as the
    /// answer is known: `needed` removed, or in the last pass too few
    /// candidates left; and answers no when out of effort or out of the
    /// call's budget (checked every 64 candidates).
    fn dry_eliminate(&mut self, needed: usize) -> bool {
        let (occ, literals) = self.occurs_at_root();
        let limit = ELIM_MIN_EFFORT + ELIM_FIRST_EFFORT_PER_LITERAL * literals;
        let mut round = Round::new(occ, self.num_vars(), limit, false, 0);
        round.touch_all();
        let mut removed = 0;
        for pass in 1..=ELIM_PASSES {
            let candidates = self.elim_candidates(&mut round);
            round.clear_touched();
            for (i, &v) in candidates.iter().enumerate() {
                let left = candidates.len() - i;
                if removed >= needed || (pass == ELIM_PASSES && removed + left < needed) {
                    break;
                }
                if round.out_of_effort() || (i % 64 == 0 && self.out_of_budget()) {
                    return false;
                }
                if self.dry_eliminate_var(&mut round, v) {
                    removed += 1;
                }
            }
        }
        removed >= needed
    }

    /// Takes `v`'s clauses out of the copy and puts its resolvents in, if
    /// they fit the bounds (`eliminate.rs`). A unit resolvent is dropped:
    /// the dry run only counts.
    fn dry_eliminate_var(&mut self, round: &mut Round, v: Var) -> bool {
        let pos = round.occ.clean(v.positive());
        let neg = round.occ.clean(v.negative());
        if pos > ELIM_OCC_LIMIT || neg > ELIM_OCC_LIMIT || pos + neg == 0 {
            return false;
        }
        let Some(resolvents) = self.resolvents_within_bound(round, v, pos + neg) else {
            return false;
        };
        for lit in [v.positive(), v.negative()] {
            for c in round.occ.list(lit).to_vec() {
                round.delete(c);
            }
        }
        for r in resolvents.into_iter().filter(|r| r.len() >= 2) {
            let id = round.occ.add(r, None, true);
            round.enqueue(id);
        }
        true
    }

    /// The irredundant clauses in occurrence lists, without what the root
    /// decides, and their number of literals; nothing in the solver
    /// changes.
    fn occurs_at_root(&self) -> (Occurs, u64) {
        let mut occ = Occurs::new(self.num_vars());
        let mut literals = 0;
        for &c in self.db.originals() {
            if self.db.is_deleted(c) {
                continue;
            }
            let lits = self.db.lits(c);
            if lits.iter().any(|&l| self.trail.value(l) == TRUE) {
                continue;
            }
            let open: Vec<_> = lits
                .iter()
                .copied()
                .filter(|&l| self.trail.value(l) != FALSE)
                .collect();
            if open.len() >= 2 {
                literals += open.len() as u64;
                occ.add(open, None, false);
            }
        }
        (occ, literals)
    }
}
