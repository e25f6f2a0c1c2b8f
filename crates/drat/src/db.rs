//! The clause set: an arena of literals and an index to find a clause by its
//! literals when the proof deletes it.
//!
//! Clause `id` is `lits[start..start + len]` of its [`ClauseRef`]. Clauses
//! are stored without duplicate literals, so two clauses are the same set
//! exactly when they have the same length and one's literals are all in the
//! other. The index hashes a clause order-independently (a wrapping sum of
//! mixed literal codes) and chains clauses of equal hash through `next_same`.
//! Deleted clauses keep their arena space; watchers of a deleted clause are
//! dropped lazily, when propagation next visits them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use satoku_formula::Lit;

/// Index of a clause in the [`ClauseDb`].
pub type ClauseId = usize;

/// "No clause": the end of a hash chain, or the reason of a decision.
pub const NO_CLAUSE: ClauseId = usize::MAX;

/// Where a clause lives in the arena.
#[derive(Clone, Copy, Debug)]
pub struct ClauseRef {
    start: usize,
    len: usize,
    deleted: bool,
}

/// Clauses plus the deletion index.
#[derive(Default)]
pub struct ClauseDb {
    lits: Vec<Lit>,
    clauses: Vec<ClauseRef>,
    /// The next clause with the same hash, or [`NO_CLAUSE`].
    next_same: Vec<ClauseId>,
    /// Hash to the most recently added live clause with that hash.
    index: HashMap<u64, ClauseId, BuildHasherDefault<IdentityHasher>>,
}

impl ClauseDb {
    /// Stores `lits` (which must hold no duplicate literal) as a new live clause.
    pub fn add(&mut self, lits: &[Lit]) -> ClauseId {
        let id = self.clauses.len();
        self.clauses.push(ClauseRef {
            start: self.lits.len(),
            len: lits.len(),
            deleted: false,
        });
        self.lits.extend_from_slice(lits);
        let head = self.index.entry(hash(lits)).or_insert(NO_CLAUSE);
        self.next_same.push(*head);
        *head = id;
        id
    }

    /// The live clause equal (as a set) to `lits`, which must hold no
    /// duplicates and be exactly the literals marked in `marked` (indexed by
    /// literal code).
    pub fn find(&self, lits: &[Lit], marked: &[bool]) -> Option<ClauseId> {
        let mut id = *self.index.get(&hash(lits))?;
        while id != NO_CLAUSE {
            let clause = self.clause(id);
            if clause.len() == lits.len() && clause.iter().all(|l| marked[l.code()]) {
                return Some(id);
            }
            id = self.next_same[id];
        }
        None
    }

    /// Marks clause `id` deleted and unlinks it from the index.
    pub fn delete(&mut self, id: ClauseId) {
        self.clauses[id].deleted = true;
        let key = hash(self.clause(id));
        let Some(head) = self.index.get_mut(&key) else {
            return;
        };
        if *head == id {
            *head = self.next_same[id];
            if *head == NO_CLAUSE {
                self.index.remove(&key);
            }
            return;
        }
        let mut prev = *head;
        while self.next_same[prev] != NO_CLAUSE {
            if self.next_same[prev] == id {
                self.next_same[prev] = self.next_same[id];
                return;
            }
            prev = self.next_same[prev];
        }
    }

    /// The literals of clause `id`.
    #[inline]
    pub fn clause(&self, id: ClauseId) -> &[Lit] {
        let c = self.clauses[id];
        &self.lits[c.start..c.start + c.len]
    }

    /// The literals of clause `id`, for reordering by propagation.
    #[inline]
    pub fn clause_mut(&mut self, id: ClauseId) -> &mut [Lit] {
        let c = self.clauses[id];
        &mut self.lits[c.start..c.start + c.len]
    }

    /// Whether clause `id` was deleted.
    #[inline]
    pub fn is_deleted(&self, id: ClauseId) -> bool {
        self.clauses[id].deleted
    }

    /// Every clause id ever added (deleted ones included).
    pub fn ids(&self) -> std::ops::Range<ClauseId> {
        0..self.clauses.len()
    }
}

/// An order-independent hash of a literal set.
fn hash(lits: &[Lit]) -> u64 {
    lits.iter()
        .fold(0u64, |h, l| h.wrapping_add(mix(u64::from(l.raw()))))
}

/// The splitmix64 finaliser: spreads literal codes over all 64 bits.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The keys are already mixed hashes: use them as they are.
#[derive(Default)]
pub struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(ns: &[i64]) -> Vec<Lit> {
        ns.iter().map(|&n| Lit::from_dimacs(n)).collect()
    }

    fn marks(ls: &[Lit]) -> Vec<bool> {
        let mut m = vec![false; 64];
        for l in ls {
            m[l.code()] = true;
        }
        m
    }

    #[test]
    fn finds_clauses_in_any_order_and_forgets_deleted_ones() {
        let mut db = ClauseDb::default();
        let a = db.add(&lits(&[1, -2, 3]));
        let b = db.add(&lits(&[3, 1, -2]));
        let c = db.add(&lits(&[1, -2]));
        let query = lits(&[-2, 3, 1]);
        assert_eq!(db.find(&query, &marks(&query)), Some(b));
        db.delete(b);
        assert!(db.is_deleted(b));
        assert_eq!(db.find(&query, &marks(&query)), Some(a));
        db.delete(a);
        assert_eq!(db.find(&query, &marks(&query)), None);
        let short = lits(&[-2, 1]);
        assert_eq!(db.find(&short, &marks(&short)), Some(c));
        let other = lits(&[1, 2]);
        assert_eq!(db.find(&other, &marks(&other)), None);
        assert_eq!(db.clause(c), &lits(&[1, -2])[..]);
        assert_eq!(db.ids().len(), 3);
    }

    #[test]
    fn unlinks_from_the_middle_of_a_chain() {
        let mut db = ClauseDb::default();
        let same = lits(&[4, 5]);
        let ids: Vec<_> = (0..3).map(|_| db.add(&same)).collect();
        db.delete(ids[1]);
        assert_eq!(db.find(&same, &marks(&same)), Some(ids[2]));
        db.delete(ids[2]);
        assert_eq!(db.find(&same, &marks(&same)), Some(ids[0]));
        db.delete(ids[0]);
        assert_eq!(db.find(&same, &marks(&same)), None);
    }
}
