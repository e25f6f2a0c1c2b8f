//! The working copy of the irredundant clauses that subsumption and
//! variable elimination change, with an occurrence list per literal
//! (MiniSat 2.2's `SimpSolver` keeps the same lists beside its watches).
//!
//! A round copies the irredundant clauses out of the arena, simplifies
//! them here, and writes back what changed (`elim/eliminate.rs`): each clause
//! remembers the arena clause it came from and whether it changed. Each
//! clause carries a signature, a 64-bit Bloom filter of its variables:
//! `C` can subsume or strengthen `D` only if every bit of `C`'s signature
//! is in `D`'s (Eén and Biere 2005).
//!
//! Deleting a clause only marks it; occurrence lists drop deleted clauses
//! when they are next cleaned ([`Occurs::clean`]). Removing one literal
//! from a clause takes the clause off that literal's list at once.

use satoku_formula::Lit;

use crate::search::clause_db::ClauseRef;

/// Index of a clause in [`Occurs`].
pub(crate) type ClauseId = u32;

/// One clause of the working copy.
struct OccClause {
    lits: Vec<Lit>,
    sig: u64,
    /// The arena clause it was copied from (none for a resolvent).
    origin: Option<ClauseRef>,
    /// Whether its literals differ from those of `origin`.
    changed: bool,
    deleted: bool,
}

/// What a round changed, for the arena: each entry is an arena clause to
/// delete, a clause to add, or both (a strengthened clause).
pub(crate) struct Change<'a> {
    /// The arena clause that goes, if any.
    pub old: Option<ClauseRef>,
    /// The clause that takes its place, if any.
    pub new: Option<&'a [Lit]>,
}

/// The working clauses and their occurrence lists.
#[derive(Default)]
pub(crate) struct Occurs {
    clauses: Vec<OccClause>,
    /// Per literal code, the clauses that contain the literal (and deleted
    /// ones not yet cleaned off).
    lists: Vec<Vec<ClauseId>>,
}

/// The signature of `lits`: bit `v mod 64` for each variable `v`.
pub(crate) fn signature(lits: &[Lit]) -> u64 {
    lits.iter()
        .fold(0, |sig, l| sig | 1 << (l.var().index() % 64))
}

impl Occurs {
    /// Empty lists for variables `0..num_vars`.
    pub fn new(num_vars: usize) -> Occurs {
        Occurs {
            clauses: Vec::new(),
            lists: vec![Vec::new(); 2 * num_vars],
        }
    }

    /// Adds a clause of at least two literals, copied from `origin` if any.
    pub fn add(&mut self, lits: Vec<Lit>, origin: Option<ClauseRef>, changed: bool) -> ClauseId {
        debug_assert!(lits.len() >= 2);
        let id = self.clauses.len() as ClauseId;
        for &l in &lits {
            self.lists[l.code()].push(id);
        }
        self.clauses.push(OccClause {
            sig: signature(&lits),
            lits,
            origin,
            changed,
            deleted: false,
        });
        id
    }

    /// Number of clauses ever added (ids run below it).
    pub fn num_ids(&self) -> usize {
        self.clauses.len()
    }

    /// The literals of `c`.
    #[inline]
    pub fn lits(&self, c: ClauseId) -> &[Lit] {
        &self.clauses[c as usize].lits
    }

    /// The signature of `c`.
    #[inline]
    pub fn sig(&self, c: ClauseId) -> u64 {
        self.clauses[c as usize].sig
    }

    /// Whether `c` was deleted.
    #[inline]
    pub fn is_deleted(&self, c: ClauseId) -> bool {
        self.clauses[c as usize].deleted
    }

    /// Marks `c` deleted (its list entries go at the next clean).
    pub fn delete(&mut self, c: ClauseId) {
        let clause = &mut self.clauses[c as usize];
        debug_assert!(!clause.deleted);
        clause.deleted = true;
    }

    /// Removes `lit` from `c` (and `c` from the list of `lit`).
    pub fn remove_lit(&mut self, c: ClauseId, lit: Lit) {
        let clause = &mut self.clauses[c as usize];
        clause.lits.retain(|&l| l != lit);
        clause.sig = signature(&clause.lits);
        clause.changed = true;
        let list = &mut self.lists[lit.code()];
        if let Some(i) = list.iter().position(|&d| d == c) {
            list.swap_remove(i);
        }
    }

    /// The clauses listed under `lit`: every live one, and deleted ones
    /// until the next [`Occurs::clean`].
    #[inline]
    pub fn list(&self, lit: Lit) -> &[ClauseId] {
        &self.lists[lit.code()]
    }

    /// Drops deleted clauses from the list of `lit`; returns its length.
    pub fn clean(&mut self, lit: Lit) -> usize {
        let clauses = &self.clauses;
        let list = &mut self.lists[lit.code()];
        list.retain(|&c| !clauses[c as usize].deleted);
        list.len()
    }

    /// What changed since the clauses were copied out of the arena.
    pub fn changes(&self) -> impl Iterator<Item = Change<'_>> {
        self.clauses.iter().filter_map(|c| {
            let new = (!c.deleted && (c.changed || c.origin.is_none())).then_some(&c.lits[..]);
            let old = c.origin.filter(|_| c.deleted || c.changed);
            (new.is_some() || old.is_some()).then_some(Change { old, new })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(d: &[i64]) -> Vec<Lit> {
        Lit::vec_from_dimacs(d)
    }

    #[test]
    fn lists_follow_additions_deletions_and_removed_literals() {
        let mut occ = Occurs::new(4);
        let a = occ.add(lits(&[1, 2, 3]), Some(ClauseRef::from_offset(0)), false);
        let b = occ.add(lits(&[-1, 2]), None, false);
        let one = Lit::from_dimacs(1);
        let two = Lit::from_dimacs(2);
        assert_eq!(occ.list(two), &[a, b]);
        occ.remove_lit(a, one);
        assert_eq!(occ.lits(a), &lits(&[2, 3])[..]);
        assert!(occ.list(one).is_empty());
        assert_eq!(occ.sig(a), signature(&lits(&[2, 3])));
        occ.delete(b);
        assert_eq!(occ.list(two).len(), 2);
        assert_eq!(occ.clean(two), 1);
        assert_eq!(occ.num_ids(), 2);
    }

    #[test]
    fn changes_name_the_old_and_new_clauses() {
        let mut occ = Occurs::new(4);
        let kept = occ.add(lits(&[1, 2]), Some(ClauseRef::from_offset(0)), false);
        let gone = occ.add(lits(&[1, 3]), Some(ClauseRef::from_offset(5)), false);
        let cut = occ.add(lits(&[2, 3, 4]), Some(ClauseRef::from_offset(10)), false);
        let _new = occ.add(lits(&[-2, 4]), None, false);
        occ.delete(gone);
        occ.remove_lit(cut, Lit::from_dimacs(4));
        let changes: Vec<_> = occ
            .changes()
            .map(|c| (c.old, c.new.map(<[Lit]>::to_vec)))
            .collect();
        assert_eq!(
            changes,
            vec![
                (Some(ClauseRef::from_offset(5)), None),
                (Some(ClauseRef::from_offset(10)), Some(lits(&[2, 3]))),
                (None, Some(lits(&[-2, 4]))),
            ]
        );
        assert!(!occ.is_deleted(kept));
    }
}
