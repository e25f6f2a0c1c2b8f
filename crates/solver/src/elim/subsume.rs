//! Backward subsumption and self-subsuming strengthening on the working
//! copy of the irredundant clauses (`occurs.rs`), and root units pushed
//! through it.
//!
//! A clause `C` subsumes `D` when `C ⊆ D`: `D` goes. `C = (l ∨ A)`
//! strengthens `D ⊇ (¬l ∨ A)`: resolving them gives `D` without `¬l`,
//! which subsumes `D`, so `¬l` goes from `D` (Eén and Biere 2005). Each
//! queued `C` is checked backward, against the clauses that contain its
//! literal of fewest occurrences or that literal's negation (MiniSat 2.2's
//! `backwardSubsumptionCheck`; CaDiCaL's one-watch scheme), and a
//! signature test skips most of them before their literals are read. A
//! strengthened clause is queued again: it may now subsume others.
//!
//! Proof: a strengthened clause is added before the old one is deleted
//! (it is RUP: the two clauses resolve to it); a subsumed clause is only
//! deleted.

use satoku_formula::Lit;

use crate::api::config::SUBSUME_CLAUSE_LIMIT;
use crate::elim::occurs::ClauseId;
use crate::elim::round::Round;
use crate::search::reason::Reason;
use crate::search::trail::{FALSE, OPEN};
use crate::solver::Solver;

/// How a marked clause `C` relates to a clause `D`.
#[derive(Debug, PartialEq, Eq)]
enum Relation {
    /// `C ⊆ D`.
    Subsumes,
    /// `C` holds the negation of this literal of `D`, and the rest of `C`
    /// is in `D`: the literal can go from `D`.
    Strengthens(Lit),
    Neither,
}

/// How the clause whose literals are marked in `marks` (`+1` for a
/// positive literal, `-1` a negative one, by variable), `c_len` literals
/// long, relates to `d`.
fn relation(marks: &[i8], c_len: usize, d: &[Lit]) -> Relation {
    let mut matched = 0;
    let mut flipped = None;
    for &l in d {
        let sign = if l.is_positive() { 1 } else { -1 };
        match marks[l.var().index()] {
            0 => {}
            m if m == sign => matched += 1,
            _ if flipped.is_some() => return Relation::Neither,
            _ => {
                flipped = Some(l);
                matched += 1;
            }
        }
    }
    match (matched == c_len, flipped) {
        (false, _) => Relation::Neither,
        (true, None) => Relation::Subsumes,
        (true, Some(l)) => Relation::Strengthens(l),
    }
}

impl Solver {
    /// Tries every queued clause as a subsuming clause, pushing the root
    /// units found, until the queue is empty or the round's effort is spent.
    pub(crate) fn subsume_queued(&mut self, round: &mut Round) {
        while let Some(c) = round.queue.pop() {
            round.queued[c as usize] = false;
            if round.occ.is_deleted(c) || round.out_of_effort() || round.unsat {
                continue;
            }
            self.backward_subsume(round, c);
            self.propagate_occurs(round);
        }
    }

    /// Removes or strengthens every clause that `c` subsumes or strengthens.
    fn backward_subsume(&mut self, round: &mut Round, c: ClauseId) {
        let mut cand = std::mem::take(&mut round.cand);
        cand.clear();
        cand.extend_from_slice(round.occ.lits(c));
        if cand.len() <= SUBSUME_CLAUSE_LIMIT {
            round.steps += cand.len() as u64;
            let occ = &round.occ;
            let best = cand
                .iter()
                .copied()
                .min_by_key(|&l| occ.list(l).len() + occ.list(!l).len())
                .expect("clauses have two literals or more");
            round.mark(&cand);
            let sig = round.occ.sig(c);
            self.subsume_listed(round, c, &cand, sig, best);
            self.subsume_listed(round, c, &cand, sig, !best);
            round.unmark(&cand);
        }
        round.cand = cand;
    }

    /// [`Solver::backward_subsume`] over the clauses listed under `lit`.
    fn subsume_listed(&mut self, round: &mut Round, c: ClauseId, cand: &[Lit], sig: u64, lit: Lit) {
        // Strengthening may take `d` off this very list, swapping the last
        // entry into its place: that place is visited again.
        let mut i = 0;
        while let Some(&d) = round.occ.list(lit).get(i) {
            i += 1;
            let occ = &round.occ;
            round.steps += 1;
            if d == c
                || occ.is_deleted(d)
                || occ.lits(d).len() < cand.len()
                || sig & !occ.sig(d) != 0
            {
                continue;
            }
            round.steps += occ.lits(d).len() as u64;
            match relation(&round.marks, cand.len(), occ.lits(d)) {
                Relation::Subsumes => {
                    self.log_root_units();
                    self.proof.delete(round.occ.lits(d));
                    round.delete(d);
                    self.stats.subsumed_clauses += 1;
                }
                Relation::Strengthens(l) => {
                    self.strengthen(round, d, l);
                    self.stats.strengthened_clauses += 1;
                    if l == lit {
                        i -= 1;
                    }
                }
                Relation::Neither => {}
            }
        }
    }

    /// Removes `lit` from clause `d`: the shorter clause goes into the
    /// proof before the old one leaves it. A clause left with one literal
    /// becomes a root unit.
    pub(crate) fn strengthen(&mut self, round: &mut Round, d: ClauseId, lit: Lit) {
        let mut old = std::mem::take(&mut round.cand_old);
        old.clear();
        old.extend_from_slice(round.occ.lits(d));
        round.occ.remove_lit(d, lit);
        self.log_root_units();
        self.proof.add(round.occ.lits(d));
        self.proof.delete(&old);
        round.cand_old = old;
        if round.occ.lits(d).len() == 1 {
            let unit = round.occ.lits(d)[0];
            round.delete(d);
            self.assign_occurs_unit(round, unit);
        } else {
            round.enqueue(d);
        }
    }

    /// Assigns `unit`, a clause already in the proof, at the root; the
    /// working clauses see it at the next [`Solver::propagate_occurs`].
    pub(crate) fn assign_occurs_unit(&mut self, round: &mut Round, unit: Lit) {
        match self.trail.value(unit) {
            OPEN => {
                self.trail.assign(unit, Reason::NONE);
                self.schedule.root_unit_added();
                round.units.push(unit);
            }
            FALSE => round.unsat = true,
            _ => {}
        }
    }

    /// Pushes the root units assigned during the round through the working
    /// clauses: those a unit satisfies are deleted, its negation is removed
    /// from the others (which may give more units).
    pub(crate) fn propagate_occurs(&mut self, round: &mut Round) {
        while let Some(unit) = round.units.pop() {
            if round.unsat {
                return;
            }
            let mut ids = std::mem::take(&mut round.unit_ids);
            ids.clear();
            ids.extend_from_slice(round.occ.list(unit));
            for &c in &ids {
                if !round.occ.is_deleted(c) {
                    self.log_root_units();
                    self.proof.delete(round.occ.lits(c));
                    round.delete(c);
                }
            }
            ids.clear();
            ids.extend_from_slice(round.occ.list(!unit));
            for &c in &ids {
                if !round.occ.is_deleted(c) {
                    self.strengthen(round, c, !unit);
                }
            }
            round.steps += ids.len() as u64;
            round.unit_ids = ids;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(c: &[i64]) -> Vec<i8> {
        let mut marks = vec![0; 8];
        for &l in c {
            marks[l.unsigned_abs() as usize - 1] = l.signum() as i8;
        }
        marks
    }

    fn relate(c: &[i64], d: &[i64]) -> Relation {
        relation(&marked(c), c.len(), &Lit::vec_from_dimacs(d))
    }

    #[test]
    fn a_subset_subsumes_and_one_flipped_literal_strengthens() {
        assert_eq!(relate(&[1, 2], &[3, 2, 1]), Relation::Subsumes);
        assert_eq!(
            relate(&[1, 2], &[3, 2, -1]),
            Relation::Strengthens(Lit::from_dimacs(-1))
        );
        assert_eq!(relate(&[1, 2], &[-2, -1]), Relation::Neither);
        assert_eq!(relate(&[1, 2], &[1, 3]), Relation::Neither);
        assert_eq!(relate(&[1, 2, 4], &[1, 2, 3]), Relation::Neither);
    }
}
