//! What inprocessing did to each variable: active, eliminated or
//! substituted, and how often the user froze it.
//!
//! A removed variable (eliminated or substituted) is in no clause the
//! search sees and is never decided; its value in a model comes from the
//! reconstruction stack (`extend.rs`). A frozen variable is never removed:
//! [`Solver::freeze`] for variables the caller will use again (in clauses
//! added later or in assumptions), as CaDiCaL's `freeze`. The assumptions
//! of a call are frozen for the call.

use satoku_formula::Var;

use crate::search::trail::{FALSE, TRUE};
use crate::solver::Solver;

/// What happened to a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VarStatus {
    /// In the formula the search sees.
    Active,
    /// Removed by bounded variable elimination.
    Eliminated,
    /// Replaced by an equivalent literal.
    Substituted,
}

/// Per-variable status and freeze counts.
#[derive(Default)]
pub(crate) struct VarFlags {
    status: Vec<VarStatus>,
    frozen: Vec<u32>,
    removed: usize,
}

impl VarFlags {
    /// Makes room for variables `0..n`, new ones active and not frozen.
    pub fn grow(&mut self, n: usize) {
        if n > self.status.len() {
            self.status.resize(n, VarStatus::Active);
            self.frozen.resize(n, 0);
        }
    }

    /// The status of `v`.
    #[inline]
    pub fn status(&self, v: Var) -> VarStatus {
        self.status[v.index()]
    }

    /// Whether `v` is in the formula the search sees.
    #[inline]
    pub fn is_active(&self, v: Var) -> bool {
        self.status(v) == VarStatus::Active
    }

    /// Whether `v` must not be removed.
    #[inline]
    pub fn is_frozen(&self, v: Var) -> bool {
        self.frozen[v.index()] > 0
    }

    /// Number of variables removed (eliminated or substituted).
    #[inline]
    pub fn num_removed(&self) -> usize {
        self.removed
    }

    /// Records that `v`, active and not frozen, was removed as `status` says.
    pub fn remove(&mut self, v: Var, status: VarStatus) {
        debug_assert!(status != VarStatus::Active && self.is_active(v) && !self.is_frozen(v));
        self.status[v.index()] = status;
        self.removed += 1;
    }

    /// Makes every removed variable active again, returning them.
    pub fn reactivate_all(&mut self) -> Vec<Var> {
        let mut back = Vec::with_capacity(self.removed);
        for (i, s) in self.status.iter_mut().enumerate() {
            if *s != VarStatus::Active {
                *s = VarStatus::Active;
                back.push(Var::new(i as u32));
            }
        }
        self.removed = 0;
        back
    }

    /// Adds one freeze to `v`.
    pub fn freeze(&mut self, v: Var) {
        self.frozen[v.index()] = self.frozen[v.index()].saturating_add(1);
    }

    /// Takes one freeze off `v` (none left: no effect).
    pub fn melt(&mut self, v: Var) {
        self.frozen[v.index()] = self.frozen[v.index()].saturating_sub(1);
    }
}

impl Solver {
    /// Keeps `v` in the formula: inprocessing never eliminates or
    /// substitutes a frozen variable. Freezes count: each `freeze` is undone
    /// by one [`Solver::melt`]. Freeze the variables you will name in
    /// clauses added later or in assumptions: naming a removed variable
    /// again is allowed, but it puts every removed clause back (module docs
    /// of `vars.rs`), which costs what the removal saved.
    pub fn freeze(&mut self, v: Var) {
        self.ensure_vars(v.index() + 1);
        self.vars.freeze(v);
    }

    /// Undoes one [`Solver::freeze`] of `v`.
    pub fn melt(&mut self, v: Var) {
        if v.index() < self.num_vars() {
            self.vars.melt(v);
        }
    }

    /// Whether `v` is frozen ([`Solver::freeze`]).
    pub fn is_frozen(&self, v: Var) -> bool {
        v.index() < self.num_vars() && self.vars.is_frozen(v)
    }

    /// Freezes (`on`) or melts the variables of the call's assumptions:
    /// inprocessing during the call keeps them.
    pub(crate) fn freeze_assumptions(&mut self, on: bool) {
        for &a in self.scope.assumptions() {
            if on {
                self.vars.freeze(a.var());
            } else {
                self.vars.melt(a.var());
            }
        }
    }

    /// Whether inprocessing may remove `v`: active, not frozen, open at
    /// the root (also read in the middle of the search, by the
    /// elimination trial's dry run).
    pub(crate) fn is_removable(&self, v: Var) -> bool {
        self.vars.is_active(v)
            && !self.vars.is_frozen(v)
            && self.trail.root_value(v.positive()) == crate::search::trail::OPEN
    }

    /// Puts every removed clause back when `lits` name a removed variable
    /// (a clause added or an assumption): the variables are active again
    /// and the search decides them. With a proof, each clause is written as
    /// a lemma, its witness first, newest first: RAT on the witness
    /// (`extend.rs`) in the formula of that moment. A clause the caller adds
    /// afterwards is not in that formula: a checker given every clause up
    /// front (DRAT has no way to add input later) may reject such a lemma,
    /// so freeze the variables of clauses still to come when the proof
    /// must check against the final formula.
    pub(crate) fn restore_if_removed(&mut self, lits: &[satoku_formula::Lit]) {
        if self.vars.num_removed() > 0 && self.names_removed(lits) {
            self.restore_removed();
        }
    }

    /// Whether `lits` name a removed variable.
    pub(crate) fn names_removed(&self, lits: &[satoku_formula::Lit]) -> bool {
        lits.iter()
            .any(|l| l.var().index() < self.num_vars() && !self.vars.is_active(l.var()))
    }

    /// Puts every removed clause back (`restore_if_removed`).
    pub(crate) fn restore_removed(&mut self) {
        self.backtrack(0);
        for v in self.vars.reactivate_all() {
            self.branching.reinsert(v);
        }
        for clause in self.extension.drain() {
            self.proof.add(&clause);
            self.add_removed_clause(clause);
        }
    }

    /// Adds a clause put back from the reconstruction stack, simplified
    /// against the root (it is not a clause the user added: not counted,
    /// not copied).
    fn add_removed_clause(&mut self, mut clause: Vec<satoku_formula::Lit>) {
        if !self.answer.is_ok() || clause.iter().any(|&l| self.trail.value(l) == TRUE) {
            return;
        }
        let before = clause.len();
        clause.retain(|&l| self.trail.value(l) != FALSE);
        if clause.len() < before {
            self.proof.add(&clause);
        }
        self.attach_input(&clause);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freezes_count_and_removal_is_undone() {
        let mut flags = VarFlags::default();
        flags.grow(3);
        let v = Var::new(1);
        flags.freeze(v);
        flags.freeze(v);
        flags.melt(v);
        assert!(flags.is_frozen(v));
        flags.melt(v);
        flags.melt(v);
        assert!(!flags.is_frozen(v));
        flags.remove(Var::new(2), VarStatus::Eliminated);
        flags.remove(v, VarStatus::Substituted);
        assert_eq!(flags.status(Var::new(2)), VarStatus::Eliminated);
        assert_eq!(flags.num_removed(), 2);
        assert_eq!(flags.reactivate_all(), vec![v, Var::new(2)]);
        assert!(flags.is_active(v) && flags.num_removed() == 0);
    }
}
