//! Occurrence lists for RAT checks: per literal, the clauses holding it.
//!
//! A RAT check on pivot `p` visits the live clauses holding `¬p`. Scanning
//! the whole clause set for them made each RAT lemma cost the size of the
//! clause set, so a proof of many RAT lemmas (extended-resolution
//! definitions) took quadratic time. The lists are built at the first RAT
//! check only: solver proofs are RUP and never pay for them. From then on
//! every added clause is entered; deleted clauses are dropped lazily, when a
//! list is read or the checker purges its watch lists. A list keeps the
//! order clauses were added in, which is the order of the arena.

use satoku_formula::Lit;

use crate::db::{ClauseDb, ClauseId};

/// Per literal code, the clauses holding that literal; empty until built.
#[derive(Default)]
pub struct Occurrences {
    lists: Vec<Vec<ClauseId>>,
    built: bool,
}

impl Occurrences {
    /// Whether the lists are kept (since the first RAT check).
    pub fn is_built(&self) -> bool {
        self.built
    }

    /// Builds the lists from every live clause of `db`, over `num_vars`
    /// variables.
    pub fn build(&mut self, db: &ClauseDb, num_vars: usize) {
        self.built = true;
        self.lists.clear();
        self.lists.resize_with(2 * num_vars, Vec::new);
        let mut id = 0;
        while id < db.end() {
            if !db.is_deleted(id) {
                self.add(id, db.clause(id));
            }
            id = db.next(id);
        }
    }

    /// Makes room for `num_vars` variables, once built.
    pub fn grow(&mut self, num_vars: usize) {
        if self.built {
            self.lists.resize_with(2 * num_vars, Vec::new);
        }
    }

    /// Enters clause `id` with literals `lits`, once built.
    pub fn add(&mut self, id: ClauseId, lits: &[Lit]) {
        if self.built {
            for &lit in lits {
                self.lists[lit.code()].push(id);
            }
        }
    }

    /// Takes the live clauses holding `lit`, in order of addition, dropping
    /// the deleted ones for good; give the list back with
    /// [`Occurrences::restore`].
    pub fn take_live(&mut self, lit: Lit, db: &ClauseDb) -> Vec<ClauseId> {
        let mut list = std::mem::take(&mut self.lists[lit.code()]);
        list.retain(|&id| !db.is_deleted(id));
        list
    }

    /// Gives back the list of `lit` taken by [`Occurrences::take_live`].
    pub fn restore(&mut self, lit: Lit, list: Vec<ClauseId>) {
        self.lists[lit.code()] = list;
    }

    /// Drops every deleted clause from the lists.
    pub fn purge(&mut self, db: &ClauseDb) {
        for list in &mut self.lists {
            list.retain(|&id| !db.is_deleted(id));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_follow_additions_and_deletions_once_built() {
        let mut db = ClauseDb::default();
        let a = db.add(&Lit::vec_from_dimacs(&[1, -2]));
        let b = db.add(&Lit::vec_from_dimacs(&[-2, 3]));
        let mut occ = Occurrences::default();
        occ.add(a, db.clause(a));
        assert!(!occ.is_built());
        occ.build(&db, 3);
        let neg2 = Lit::from_dimacs(-2);
        let list = occ.take_live(neg2, &db);
        assert_eq!(list, vec![a, b]);
        occ.restore(neg2, list);
        db.delete(a);
        occ.grow(4);
        let c = db.add(&Lit::vec_from_dimacs(&[4, -2]));
        occ.add(c, db.clause(c));
        assert_eq!(occ.take_live(neg2, &db), vec![b, c]);
        occ.purge(&db);
        assert_eq!(
            occ.take_live(Lit::from_dimacs(1), &db),
            Vec::<ClauseId>::new()
        );
        assert_eq!(occ.take_live(Lit::from_dimacs(4), &db), vec![c]);
    }
}
