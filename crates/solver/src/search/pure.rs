//! Pure-literal detection for DPLL, kept incrementally.
//!
//! A literal is pure when its negation occurs in no open clause (a clause
//! with no true literal); setting it true keeps the formula satisfiable.
//! Scanning every clause at every decision costs the whole formula per
//! decision; instead this tracker keeps, per input clause, how many of its
//! literals are true, and per literal, in how many open clauses it occurs,
//! updated from the trail as it grows and shrinks (the counter-based scheme
//! of early DPLL solvers, used only here: propagation stays on watches).
//!
//! The tracker follows the trail lazily: `applied` mirrors the trail prefix
//! whose literals are counted; `backtrack` lowers `low_mark`, and `sync`
//! first undoes what was applied above it, then applies the new literals.

use satoku_formula::{Cnf, Lit};

/// Clauses between two calls of the `stop` check of a rebuild.
const STOP_INTERVAL: usize = 1 << 14;

/// Occurrence counts over the input clauses.
#[derive(Default)]
pub struct PureTracker {
    /// Input clauses seen when the lists were built (rebuilt when more arrive).
    num_clauses: usize,
    /// `occ[lit]`: indices of the input clauses holding `lit`.
    occ: Vec<Vec<u32>>,
    /// Per input clause: how many of its literals are true.
    true_count: Vec<u32>,
    /// Per literal: occurrences in open input clauses.
    open_count: Vec<u32>,
    /// Trail literals counted, in trail order.
    applied: Vec<Lit>,
    /// Lowest trail length since the last `sync`.
    low_mark: usize,
}

impl PureTracker {
    /// Records that the trail was cut to `len` literals.
    #[inline]
    pub fn backtracked_to(&mut self, len: usize) {
        self.low_mark = self.low_mark.min(len);
    }

    /// Brings the counts in line with `trail`, rebuilding when clauses were
    /// added. A rebuild (a pass over every clause) calls `stop` every few
    /// thousand clauses and gives up when it says so: false then, and the
    /// counts are not to be read (the next `sync` rebuilds).
    pub fn sync(&mut self, original: &Cnf, trail: &[Lit], stop: impl FnMut() -> bool) -> bool {
        let stale =
            self.num_clauses != original.num_clauses() || self.occ.len() != 2 * original.num_vars();
        if stale && !self.rebuild(original, stop) {
            return false;
        }
        let keep = self.low_mark.min(self.applied.len());
        while self.applied.len() > keep {
            let lit = self.applied.pop().expect("above keep");
            self.unapply(original, lit);
        }
        for &lit in &trail[self.applied.len()..] {
            self.apply(original, lit);
            self.applied.push(lit);
        }
        self.low_mark = trail.len();
        true
    }

    /// The literal `lit`'s count of open-clause occurrences.
    #[inline]
    pub fn open_count(&self, lit: Lit) -> u32 {
        self.open_count[lit.code()]
    }

    /// Builds the lists and counts from scratch; false when `stop` ended it
    /// early, leaving the tracker marked for another rebuild.
    fn rebuild(&mut self, original: &Cnf, mut stop: impl FnMut() -> bool) -> bool {
        self.num_clauses = usize::MAX;
        self.occ.clear();
        self.occ.resize_with(2 * original.num_vars(), Vec::new);
        self.open_count.clear();
        self.open_count.resize(2 * original.num_vars(), 0);
        for (i, clause) in original.clauses().enumerate() {
            if i % STOP_INTERVAL == STOP_INTERVAL - 1 && stop() {
                return false;
            }
            for &lit in clause {
                self.occ[lit.code()].push(i as u32);
                self.open_count[lit.code()] += 1;
            }
        }
        self.num_clauses = original.num_clauses();
        self.true_count.clear();
        self.true_count.resize(original.num_clauses(), 0);
        self.applied.clear();
        self.low_mark = 0;
        true
    }

    fn apply(&mut self, original: &Cnf, lit: Lit) {
        for &c in &self.occ[lit.code()] {
            let count = &mut self.true_count[c as usize];
            *count += 1;
            if *count == 1 {
                for &m in original.clause(c as usize) {
                    self.open_count[m.code()] -= 1;
                }
            }
        }
    }

    fn unapply(&mut self, original: &Cnf, lit: Lit) {
        for &c in &self.occ[lit.code()] {
            let count = &mut self.true_count[c as usize];
            *count -= 1;
            if *count == 0 {
                for &m in original.clause(c as usize) {
                    self.open_count[m.code()] += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_follow_the_trail_both_ways() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&Lit::vec_from_dimacs(&[1, 2]));
        cnf.add_clause(&Lit::vec_from_dimacs(&[-1, 3]));
        cnf.add_clause(&Lit::vec_from_dimacs(&[2, -3]));
        let mut t = PureTracker::default();
        assert!(t.sync(&cnf, &[], || false));
        assert_eq!(t.open_count(Lit::from_dimacs(2)), 2);
        // x2 true satisfies clauses 1 and 3: -3 no longer occurs, 3 is pure.
        assert!(t.sync(&cnf, &Lit::vec_from_dimacs(&[2]), || false));
        assert_eq!(t.open_count(Lit::from_dimacs(-3)), 0);
        assert_eq!(t.open_count(Lit::from_dimacs(3)), 1);
        t.backtracked_to(0);
        assert!(t.sync(&cnf, &Lit::vec_from_dimacs(&[-2]), || false));
        assert_eq!(t.open_count(Lit::from_dimacs(-3)), 1);
        assert_eq!(t.open_count(Lit::from_dimacs(1)), 1);
    }

    #[test]
    fn a_stopped_rebuild_is_redone_at_the_next_sync() {
        let mut cnf = Cnf::new();
        for i in 0..(STOP_INTERVAL as i64 + 10) {
            cnf.add_clause(&Lit::vec_from_dimacs(&[1 + i % 50, -(2 + i % 37)]));
        }
        let mut t = PureTracker::default();
        assert!(!t.sync(&cnf, &[], || true));
        assert!(t.sync(&cnf, &[], || false));
        let expected = cnf
            .clauses()
            .flatten()
            .filter(|&&l| l == Lit::from_dimacs(1))
            .count();
        assert_eq!(t.open_count(Lit::from_dimacs(1)) as usize, expected);
    }
}
