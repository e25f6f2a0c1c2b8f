//! The formula as given: how many clauses were added, and a copy of them
//! while one is kept (`solver.rs` module docs: to check models, or for
//! DPLL's pure literals). The search itself reads the arena only.

use std::ops::Range;

use satoku_formula::{Cnf, Lit};

/// The clauses added to a solver, counted, and copied while a copy is kept.
#[derive(Default)]
pub(crate) struct Formula {
    /// The clauses as given, while a copy is kept.
    copy: Cnf,
    /// Clauses added, whether copied or not.
    num_clauses: usize,
}

impl Formula {
    /// The copy of the clauses (of those added while it was kept).
    pub fn copy(&self) -> &Cnf {
        &self.copy
    }

    /// Clauses added, whether copied or not.
    pub fn num_clauses(&self) -> usize {
        self.num_clauses
    }

    /// Whether the copy holds every clause added.
    pub fn is_copy_complete(&self) -> bool {
        self.copy.num_clauses() == self.num_clauses
    }

    /// Makes room for variables `0..n` in the copy.
    pub fn ensure_vars(&mut self, n: usize) {
        self.copy.ensure_vars(n);
    }

    /// Counts `clause`, and copies it if `copy`.
    pub fn add(&mut self, clause: &[Lit], copy: bool) {
        self.num_clauses += 1;
        if copy {
            self.copy.add_clause(clause);
        }
    }

    /// Counts the clauses `range` of `cnf`, and copies them if `copy`.
    pub fn add_range(&mut self, cnf: &Cnf, range: Range<usize>, copy: bool) {
        self.num_clauses += range.len();
        if copy {
            self.copy.extend_from(cnf, range);
        }
    }

    /// Makes `cnf`, whose clauses were counted already, the copy, in place
    /// of an empty one; its variables are those of the copy it replaces.
    pub fn adopt_copy(&mut self, mut cnf: Cnf) {
        debug_assert_eq!(self.copy.num_clauses(), 0);
        cnf.set_num_vars(self.copy.num_vars());
        self.copy = cnf;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_are_counted_always_and_copied_when_asked() {
        let clause = |lits: &[i64]| {
            lits.iter()
                .map(|&l| Lit::from_dimacs(l))
                .collect::<Vec<_>>()
        };
        let mut formula = Formula::default();
        formula.ensure_vars(3);
        formula.add(&clause(&[1, -2]), true);
        assert!(formula.is_copy_complete());
        formula.add(&clause(&[3]), false);
        assert_eq!(
            (formula.num_clauses(), formula.copy().num_clauses()),
            (2, 1)
        );
        assert!(!formula.is_copy_complete());

        let mut cnf = Cnf::new();
        cnf.add_clause(&clause(&[2, 3]));
        cnf.add_clause(&clause(&[-1]));
        formula.add_range(&cnf, 0..2, true);
        assert_eq!(
            (formula.num_clauses(), formula.copy().num_clauses()),
            (4, 3)
        );
        assert_eq!(formula.copy().clause(2), cnf.clause(1));

        let mut adopted = Formula::default();
        adopted.ensure_vars(5);
        adopted.add_range(&cnf, 0..2, false);
        adopted.adopt_copy(cnf.clone());
        assert!(adopted.is_copy_complete());
        assert_eq!(adopted.copy().num_vars(), 5);
    }
}
