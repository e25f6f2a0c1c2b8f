//! What the solver knows of its answer between calls: whether the clauses
//! alone are refuted, whether loading a formula was stopped part way
//! (`load.rs`), and which assumptions made the last `Unsat` answer.

use satoku_formula::Lit;

/// The answer state of a solver.
pub(crate) struct Answer {
    /// False once the clauses are unsatisfiable without assumptions.
    ok: bool,
    /// True once loading a formula was stopped part way: every `solve`
    /// then answers Unknown.
    incomplete: bool,
    /// The assumptions that made the last `Unsat` answer.
    failed: Vec<Lit>,
}

impl Default for Answer {
    fn default() -> Self {
        Answer {
            ok: true,
            incomplete: false,
            failed: Vec::new(),
        }
    }
}

impl Answer {
    /// False once the clauses are unsatisfiable without assumptions.
    #[inline]
    pub fn is_ok(&self) -> bool {
        self.ok
    }

    /// The clauses alone are unsatisfiable.
    pub fn refute(&mut self) {
        self.ok = false;
    }

    /// Whether loading a formula was stopped part way.
    pub fn is_incomplete(&self) -> bool {
        self.incomplete
    }

    /// Loading a formula was stopped part way.
    pub fn mark_incomplete(&mut self) {
        self.incomplete = true;
    }

    /// The assumptions that made the last `Unsat` answer.
    pub fn failed(&self) -> &[Lit] {
        &self.failed
    }

    /// Forgets the failed assumptions.
    pub fn clear_failed(&mut self) {
        self.failed.clear();
    }

    /// Adds `lit` to the failed assumptions.
    pub fn push_failed(&mut self, lit: Lit) {
        self.failed.push(lit);
    }

    /// Makes `assumptions` the failed ones.
    pub fn fail_all(&mut self, assumptions: &[Lit]) {
        self.failed.clear();
        self.failed.extend_from_slice(assumptions);
    }
}
