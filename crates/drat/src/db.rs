//! The clause set: an arena of literals and an index to find a clause by its
//! literals when the proof deletes it.
//!
//! ```text
//! arena: ... | header | lit 0 | lit 1 | ... | lit len-1 | header | ...
//!              ^ ClauseId          header = Lit::from_code(len << 1 | deleted)
//! ```
//!
//! A clause is addressed by the arena offset of its header, so propagation
//! reaches a clause's literals with one memory access. Clauses are stored
//! without duplicate literals, so two clauses are the same set exactly when
//! they have the same length and one's literals are all in the other. The
//! index hashes a clause order-independently (a wrapping sum of mixed
//! literal codes). Deleted clauses keep their arena space; watchers of a
//! deleted clause are dropped lazily, when propagation next visits them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use satoku_formula::Lit;

/// Arena offset of a clause's header.
pub type ClauseId = usize;

/// "No clause": the reason of a decision or an assumption.
pub const NO_CLAUSE: ClauseId = usize::MAX;

/// Clauses plus the deletion index.
#[derive(Default)]
pub struct ClauseDb {
    arena: Vec<Lit>,
    /// Hash to the live clauses with that hash.
    index: HashMap<u64, Vec<ClauseId>, BuildHasherDefault<IdentityHasher>>,
}

impl ClauseDb {
    /// Stores `lits` (which must hold no duplicate literal, and fewer than
    /// 2^31) as a new live clause.
    pub fn add(&mut self, lits: &[Lit]) -> ClauseId {
        let id = self.arena.len();
        self.arena.push(Lit::from_code((lits.len() as u32) << 1));
        self.arena.extend_from_slice(lits);
        self.index.entry(hash(lits)).or_default().push(id);
        id
    }

    /// The live clause equal (as a set) to `lits`, which must hold no
    /// duplicates and be exactly the literals marked in `marked` (indexed by
    /// literal code).
    pub fn find(&self, lits: &[Lit], marked: &[bool]) -> Option<ClauseId> {
        let same_hash = self.index.get(&hash(lits))?;
        same_hash.iter().rev().copied().find(|&id| {
            let clause = self.clause(id);
            clause.len() == lits.len() && clause.iter().all(|l| marked[l.code()])
        })
    }

    /// Marks clause `id` deleted and removes it from the index.
    pub fn delete(&mut self, id: ClauseId) {
        self.arena[id] = Lit::from_code(self.arena[id].raw() | 1);
        let key = hash(self.clause(id));
        if let Some(same_hash) = self.index.get_mut(&key) {
            if let Some(at) = same_hash.iter().position(|&other| other == id) {
                same_hash.remove(at);
            }
            if same_hash.is_empty() {
                self.index.remove(&key);
            }
        }
    }

    #[inline]
    fn len(&self, id: ClauseId) -> usize {
        (self.arena[id].raw() >> 1) as usize
    }

    /// The literals of clause `id`.
    #[inline]
    pub fn clause(&self, id: ClauseId) -> &[Lit] {
        &self.arena[id + 1..id + 1 + self.len(id)]
    }

    /// The literals of clause `id`, for reordering by propagation.
    #[inline]
    pub fn clause_mut(&mut self, id: ClauseId) -> &mut [Lit] {
        let len = self.len(id);
        &mut self.arena[id + 1..id + 1 + len]
    }

    /// Whether clause `id` was deleted.
    #[inline]
    pub fn is_deleted(&self, id: ClauseId) -> bool {
        self.arena[id].raw() & 1 == 1
    }

    /// The end of the arena: clause ids run from 0, each followed by
    /// [`ClauseDb::next`], up to here (deleted clauses included).
    pub fn end(&self) -> ClauseId {
        self.arena.len()
    }

    /// The id of the clause stored after clause `id`.
    pub fn next(&self, id: ClauseId) -> ClauseId {
        id + 1 + self.len(id)
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
        let a = db.add(&Lit::vec_from_dimacs(&[1, -2, 3]));
        let b = db.add(&Lit::vec_from_dimacs(&[3, 1, -2]));
        let c = db.add(&Lit::vec_from_dimacs(&[1, -2]));
        let query = Lit::vec_from_dimacs(&[-2, 3, 1]);
        assert_eq!(db.find(&query, &marks(&query)), Some(b));
        db.delete(b);
        assert!(db.is_deleted(b));
        assert_eq!(db.find(&query, &marks(&query)), Some(a));
        db.delete(a);
        assert_eq!(db.find(&query, &marks(&query)), None);
        let short = Lit::vec_from_dimacs(&[-2, 1]);
        assert_eq!(db.find(&short, &marks(&short)), Some(c));
        let other = Lit::vec_from_dimacs(&[1, 2]);
        assert_eq!(db.find(&other, &marks(&other)), None);
        assert_eq!(db.clause(c), &Lit::vec_from_dimacs(&[1, -2])[..]);
        assert_eq!((db.next(a), db.next(b), db.next(c)), (b, c, db.end()));
    }

    #[test]
    fn unlinks_from_the_middle_of_a_chain() {
        let mut db = ClauseDb::default();
        let same = Lit::vec_from_dimacs(&[4, 5]);
        let ids: Vec<_> = (0..3).map(|_| db.add(&same)).collect();
        db.delete(ids[1]);
        assert_eq!(db.find(&same, &marks(&same)), Some(ids[2]));
        db.delete(ids[2]);
        assert_eq!(db.find(&same, &marks(&same)), Some(ids[0]));
        db.delete(ids[0]);
        assert_eq!(db.find(&same, &marks(&same)), None);
    }
}
