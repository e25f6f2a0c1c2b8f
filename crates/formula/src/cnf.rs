//! A CNF formula stored flat.
//!
//! All literals live in one arena; clause `i` is `lits[offsets[i]..offsets[i + 1]]`.
//! This keeps a million-clause formula in two allocations instead of a million.
//! Clauses are kept exactly as added (duplicates and tautologies included):
//! normalising is the solver's business.

use std::ops::Range;

use crate::{Lit, Var};

/// A formula in conjunctive normal form.
///
/// `num_vars` is at least one more than the largest variable index used; it can
/// be larger (a DIMACS header may declare unused variables). `used_vars` is
/// exactly one more than the largest index used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cnf {
    num_vars: usize,
    used_vars: usize,
    lits: Vec<Lit>,
    offsets: Vec<usize>,
}

impl Default for Cnf {
    fn default() -> Self {
        Self::new()
    }
}

impl Cnf {
    /// An empty formula (no variables, no clauses: trivially satisfiable).
    pub fn new() -> Cnf {
        Cnf {
            num_vars: 0,
            used_vars: 0,
            lits: Vec::new(),
            offsets: vec![0],
        }
    }

    /// An empty formula with room for `clauses` clauses and `lits` literals.
    pub fn with_capacity(clauses: usize, lits: usize) -> Cnf {
        let mut offsets = Vec::with_capacity(clauses + 1);
        offsets.push(0);
        Cnf {
            num_vars: 0,
            used_vars: 0,
            lits: Vec::with_capacity(lits),
            offsets,
        }
    }

    /// Appends a clause; grows `num_vars` to cover its variables.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        for &lit in clause {
            self.push_lit(lit);
        }
        self.close_clause();
    }

    /// Appends clauses `range` of `other` in one copy, as [`Cnf::add_clause`]
    /// on each would (`num_vars` grows to cover their variables, not to
    /// `other.num_vars()`).
    ///
    /// # Panics
    /// If `range` is not within `other`'s clauses, or `self` has an open
    /// clause (literals pushed but not closed).
    pub fn extend_from(&mut self, other: &Cnf, range: Range<usize>) {
        assert!(
            self.open_clause().is_empty(),
            "extend_from after an open clause"
        );
        let (first, last) = (other.offsets[range.start], other.offsets[range.end]);
        let lits = &other.lits[first..last];
        let used = lits.iter().map(|l| l.var().index() + 1).max().unwrap_or(0);
        self.used_vars = self.used_vars.max(used);
        self.num_vars = self.num_vars.max(self.used_vars);
        let base = self.lits.len();
        self.lits.extend_from_slice(lits);
        let ends = &other.offsets[range.start + 1..=range.end];
        self.offsets
            .extend(ends.iter().map(|&end| end - first + base));
    }

    /// Appends one literal to the clause being built (see [`Cnf::close_clause`]).
    #[inline]
    pub fn push_lit(&mut self, lit: Lit) {
        self.used_vars = self.used_vars.max(lit.var().index() + 1);
        self.num_vars = self.num_vars.max(self.used_vars);
        self.lits.push(lit);
    }

    /// Ends the clause built by [`Cnf::push_lit`] since the last clause ended.
    #[inline]
    pub fn close_clause(&mut self) {
        self.offsets.push(self.lits.len());
    }

    /// Literals pushed since the last closed clause.
    pub fn open_clause(&self) -> &[Lit] {
        &self.lits[*self.offsets.last().expect("offsets never empty")..]
    }

    /// Declares at least `n` variables (never shrinks).
    pub fn ensure_vars(&mut self, n: usize) {
        self.num_vars = self.num_vars.max(n);
    }

    /// Sets the number of variables to `n`, dropping declared ones the
    /// clauses do not use.
    ///
    /// # Panics
    /// If `n` is below [`Cnf::used_vars`].
    pub fn set_num_vars(&mut self, n: usize) {
        assert!(
            n >= self.used_vars,
            "{n} variables, but the clauses use {}",
            self.used_vars
        );
        self.num_vars = n;
    }

    /// Keeps the first `n` clauses (all of them when there are fewer);
    /// `used_vars` shrinks to what they use, `num_vars` stays.
    ///
    /// # Panics
    /// If `self` has an open clause.
    pub fn truncate(&mut self, n: usize) {
        assert!(
            self.open_clause().is_empty(),
            "truncate after an open clause"
        );
        if n >= self.num_clauses() {
            return;
        }
        self.offsets.truncate(n + 1);
        self.lits.truncate(self.offsets[n]);
        self.used_vars = self
            .lits
            .iter()
            .map(|l| l.var().index() + 1)
            .max()
            .unwrap_or(0);
    }

    /// A fresh variable, one past the current largest.
    pub fn new_var(&mut self) -> Var {
        let v = Var::new(self.num_vars as u32);
        self.num_vars += 1;
        v
    }

    /// Number of variables (declared or used, whichever is larger).
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// One more than the largest variable index in a clause (0 without
    /// literals): what a solver needs room for, whatever a header declared.
    pub fn used_vars(&self) -> usize {
        self.used_vars
    }

    /// Number of closed clauses.
    pub fn num_clauses(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Total number of literal occurrences in closed clauses.
    pub fn num_lits(&self) -> usize {
        self.offsets[self.offsets.len() - 1]
    }

    /// The number of distinct variables the clauses use: with a bitmap when
    /// the largest is within eight times the literal count (the bitmap then
    /// takes at most a byte a literal), else by sorting a copy of the
    /// variable indices (four bytes a literal), so that a formula naming
    /// one huge variable costs no huge bitmap.
    pub fn distinct_vars(&self) -> usize {
        let lits = &self.lits[..self.num_lits()];
        let vars = || lits.iter().map(|l| l.var().index());
        if self.used_vars <= lits.len().saturating_mul(8) {
            let mut seen = vec![0u64; self.used_vars.div_ceil(64)];
            let mut distinct = 0;
            for v in vars() {
                let (word, bit) = (v / 64, 1u64 << (v % 64));
                distinct += usize::from(seen[word] & bit == 0);
                seen[word] |= bit;
            }
            distinct
        } else {
            let mut sorted: Vec<u32> = vars().map(|v| v as u32).collect();
            sorted.sort_unstable();
            sorted.dedup();
            sorted.len()
        }
    }

    /// Bytes allocated for the literals and clause boundaries (capacities,
    /// not lengths): what a memory limit on reading a formula counts.
    pub fn heap_bytes(&self) -> usize {
        self.lits.capacity() * std::mem::size_of::<Lit>()
            + self.offsets.capacity() * std::mem::size_of::<usize>()
    }

    /// Clause `i` (0-based).
    #[inline]
    pub fn clause(&self, i: usize) -> &[Lit] {
        &self.lits[self.offsets[i]..self.offsets[i + 1]]
    }

    /// Iterates over the clauses in order.
    pub fn clauses(&self) -> Clauses<'_> {
        Clauses { cnf: self, next: 0 }
    }

    /// Whether the formula has an empty clause (and so is unsatisfiable).
    pub fn has_empty_clause(&self) -> bool {
        self.offsets.windows(2).any(|w| w[0] == w[1])
    }

    /// A formula of clauses written as DIMACS literals, for tests and small
    /// examples: `Cnf::from_dimacs(&[&[1, -2], &[2]])`.
    ///
    /// # Panics
    /// On a literal 0 (DIMACS ends clauses with it; here the slices do).
    pub fn from_dimacs(clauses: &[&[i64]]) -> Cnf {
        let mut cnf = Cnf::new();
        for clause in clauses {
            for &n in *clause {
                cnf.push_lit(Lit::from_dimacs(n));
            }
            cnf.close_clause();
        }
        cnf
    }
}

/// Iterator over the clauses of a [`Cnf`], each a literal slice.
pub struct Clauses<'a> {
    cnf: &'a Cnf,
    next: usize,
}

impl<'a> Iterator for Clauses<'a> {
    type Item = &'a [Lit];

    fn next(&mut self) -> Option<&'a [Lit]> {
        if self.next >= self.cnf.num_clauses() {
            return None;
        }
        self.next += 1;
        Some(self.cnf.clause(self.next - 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.cnf.num_clauses() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Clauses<'_> {}

impl<'a> IntoIterator for &'a Cnf {
    type Item = &'a [Lit];
    type IntoIter = Clauses<'a>;
    fn into_iter(self) -> Clauses<'a> {
        self.clauses()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_vars_counts_each_variable_once_dense_or_sparse() {
        assert_eq!(Cnf::new().distinct_vars(), 0);
        let dense = Cnf::from_dimacs(&[&[1, -2], &[2, 3, -1], &[-3]]);
        assert_eq!(dense.distinct_vars(), 3);
        // One variable far past eight times the literal count: sorted, not a bitmap.
        let sparse = Cnf::from_dimacs(&[&[1, 1_000_000], &[-1_000_000, 7]]);
        assert_eq!(sparse.distinct_vars(), 3);
        let mut open = Cnf::from_dimacs(&[&[4]]);
        open.push_lit(Lit::from_dimacs(5));
        assert_eq!(
            open.distinct_vars(),
            1,
            "the open clause is not yet counted"
        );
    }

    #[test]
    fn stores_clauses_flat_and_in_order() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&Lit::vec_from_dimacs(&[1, -3]));
        cnf.add_clause(&[]);
        cnf.add_clause(&Lit::vec_from_dimacs(&[2, 2, -2]));
        assert_eq!(cnf.num_clauses(), 3);
        assert_eq!(cnf.num_lits(), 5);
        assert_eq!(cnf.num_vars(), 3);
        assert_eq!(cnf.clause(0), &Lit::vec_from_dimacs(&[1, -3])[..]);
        assert!(cnf.clause(1).is_empty());
        assert_eq!(
            cnf.clauses().nth(2).unwrap(),
            &Lit::vec_from_dimacs(&[2, 2, -2])[..]
        );
        assert!(cnf.has_empty_clause());
        assert!(cnf.heap_bytes() >= 5 * 4 + 4 * 8);
    }

    #[test]
    fn extend_from_copies_a_range_of_clauses() {
        let other = Cnf::from_dimacs(&[&[1, -2], &[], &[3, 2, -7], &[4]]);
        let mut cnf = Cnf::from_dimacs(&[&[5]]);
        cnf.extend_from(&other, 1..3);
        let mut expected = Cnf::from_dimacs(&[&[5]]);
        expected.add_clause(other.clause(1));
        expected.add_clause(other.clause(2));
        assert_eq!(cnf, expected);
        assert_eq!((cnf.num_vars(), cnf.used_vars()), (7, 7));
        cnf.extend_from(&other, 4..4);
        assert_eq!(cnf, expected);
        cnf.extend_from(&other, 0..4);
        assert_eq!(cnf.num_clauses(), 7);
        assert_eq!(cnf.clause(6), other.clause(3));
    }

    #[test]
    fn truncate_keeps_a_prefix_and_the_declared_vars() {
        let mut cnf = Cnf::from_dimacs(&[&[1, -2], &[9], &[3]]);
        cnf.ensure_vars(12);
        cnf.truncate(5);
        assert_eq!(cnf.num_clauses(), 3);
        cnf.truncate(1);
        assert_eq!(cnf, {
            let mut prefix = Cnf::from_dimacs(&[&[1, -2]]);
            prefix.ensure_vars(12);
            prefix
        });
        assert_eq!((cnf.num_vars(), cnf.used_vars()), (12, 2));
        cnf.set_num_vars(2);
        assert_eq!(cnf.num_vars(), 2);
        cnf.truncate(0);
        assert_eq!(
            (cnf.num_clauses(), cnf.num_lits(), cnf.used_vars()),
            (0, 0, 0)
        );
    }

    #[test]
    #[should_panic(expected = "the clauses use 9")]
    fn set_num_vars_below_the_used_ones_panics() {
        Cnf::from_dimacs(&[&[9]]).set_num_vars(8);
    }

    #[test]
    fn declared_vars_are_kept() {
        let mut cnf = Cnf::new();
        cnf.ensure_vars(10);
        cnf.add_clause(&Lit::vec_from_dimacs(&[1]));
        assert_eq!(cnf.num_vars(), 10);
        assert_eq!(cnf.new_var().to_dimacs(), 11);
        assert!(!cnf.has_empty_clause());
    }
}
