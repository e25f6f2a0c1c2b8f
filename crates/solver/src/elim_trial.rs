//! The elimination trial (`SolverConfig::elim_trial`): whether one round
//! of subsumption and elimination before the first decision is worth it.
//!
//! Elimination is off by default because on most formulas it removes a
//! few variables and changes the search for no gain (`docs/benchmarks.md`,
//! "Inprocessing"); but where it removes most of them (chains of XORs
//! such as `dubois`, pipelines) what is left is a far smaller formula. So
//! before the first decision a dry run eliminates on a copy of the
//! irredundant clauses, in one pass over the candidates with the first
//! round's bound (0) and effort, and touches nothing else: no proof step,
//! no reconstruction, no root unit. It stops once the answer is known.
//! Only when it removes at least `ELIM_TRIAL_MIN_PERCENT` of the open
//! variables does a real round run (`elim.rs`), once; otherwise the
//! solver goes on exactly as without the trial.
//!
//! No trial is made where congruence closure (`congruence.rs`, which runs
//! first) found AND gates: elimination would take apart the gate
//! definitions that its later rounds merge, and a circuit checked against
//! a copy of itself (a miter) that congruence closure collapses would be
//! left to search alone.

use satoku_formula::Var;

use crate::config::{
    ELIM_FIRST_EFFORT_PER_LITERAL, ELIM_MIN_EFFORT, ELIM_OCC_LIMIT, ELIM_PASSES,
    ELIM_TRIAL_MIN_PERCENT,
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
        let open = (0..self.num_vars() as u32)
            .map(Var::new)
            .filter(|&v| self.is_removable(v))
            .count();
        let needed = (ELIM_TRIAL_MIN_PERCENT * open).div_ceil(100);
        open > 0 && self.dry_eliminate(needed)
    }

    /// Whether elimination with bound 0, on a copy of the clauses, removes
    /// `needed` variables in `ELIM_PASSES` passes. It stops as soon as the
    /// answer is known: `needed` removed, or in the last pass too few
    /// candidates left; and answers no when out of effort.
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
                if round.out_of_effort() {
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
