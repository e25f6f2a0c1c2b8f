//! The clause arena.
//!
//! Every clause of more than one literal lives in one `Vec<Lit>`: a header of
//! [`HEADER`] words followed by its literals, addressed by a 32-bit offset
//! ([`ClauseRef`]), as in MiniSat. Header words are stored as raw `u32` in
//! `Lit` slots (`Lit` is `repr(transparent)`): word 0 is the length, word 1
//! the flags and LBD, word 2 the activity as `f32` bits. Deleting a clause
//! only marks it; [`ClauseDb::collect`] compacts the arena when enough is wasted.
//!
//! Invariant: the two watched literals of a clause are `lits[0]` and `lits[1]`.

use satoku_formula::Lit;

use crate::api::config::{
    GARBAGE_FRACTION_INV, UNIFORM_MAX_BINARY_PER_MILLE, UNIFORM_MIN_ONE_LENGTH_PER_MILLE,
};

/// Offset of a clause in the arena (below 2^31, so that a [`Reason`]
/// can pack it with its other kinds in one word).
///
/// [`Reason`]: crate::search::reason::Reason
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClauseRef(u32);

/// Arena offsets stay below this.
const MAX_OFFSET: u32 = 1 << 31;

impl ClauseRef {
    /// The clause at arena offset `offset`.
    #[inline(always)]
    pub(crate) fn from_offset(offset: u32) -> ClauseRef {
        ClauseRef(offset)
    }

    /// The arena offset.
    #[inline(always)]
    pub(crate) fn offset(self) -> u32 {
        self.0
    }
}

/// Header words before the literals of each clause.
pub const HEADER: usize = 3;

const LEARNT: u32 = 1;
const DELETED: u32 = 1 << 1;
const USED: u32 = 1 << 2;
const VIVIFIED: u32 = 1 << 3;
const LBD_SHIFT: u32 = 8;

/// The arena and the lists of live clauses.
#[derive(Default)]
pub struct ClauseDb {
    arena: Vec<Lit>,
    wasted: usize,
    /// Clauses given to the solver (length >= 2), in order of addition.
    originals: Vec<ClauseRef>,
    /// Learnt clauses (length >= 2).
    learnts: Vec<ClauseRef>,
    /// Clauses ever added to `originals`, and how many of them were binary.
    originals_added: usize,
    binary_originals_added: usize,
    /// How many clauses of the input (length >= 2, as stored) had each
    /// length (the last entry: that length or more).
    input_lengths: [usize; 16],
}

impl ClauseDb {
    /// Clauses given to the solver (length >= 2), in order of addition.
    #[inline]
    pub fn originals(&self) -> &[ClauseRef] {
        &self.originals
    }

    /// Learnt clauses (length >= 2).
    #[inline]
    pub fn learnts(&self) -> &[ClauseRef] {
        &self.learnts
    }

    /// Takes the list of learnt clauses (the caller deletes them all and
    /// gives the emptied list back with [`ClauseDb::restore_learnts`]).
    pub fn take_learnts(&mut self) -> Vec<ClauseRef> {
        std::mem::take(&mut self.learnts)
    }

    /// Gives back the list taken by [`ClauseDb::take_learnts`].
    pub fn restore_learnts(&mut self, learnts: Vec<ClauseRef>) {
        self.learnts = learnts;
    }

    /// Multiplies the activity of every learnt clause by `factor`.
    pub fn scale_learnt_activities(&mut self, factor: f32) {
        for i in 0..self.learnts.len() {
            let c = self.learnts[i];
            let scaled = self.activity(c) * factor;
            self.set_activity(c, scaled);
        }
    }

    /// Stores a clause of at least two literals and returns its reference.
    pub fn alloc(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> ClauseRef {
        debug_assert!(lits.len() >= 2);
        let cref = ClauseRef(
            u32::try_from(self.arena.len())
                .ok()
                .filter(|&offset| offset < MAX_OFFSET)
                .expect("clause arena over 2G words"),
        );
        let flags = if learnt { LEARNT } else { 0 } | (lbd.min(0xff_ffff) << LBD_SHIFT);
        self.arena.push(Lit::from_code(lits.len() as u32));
        self.arena.push(Lit::from_code(flags));
        self.arena.push(Lit::from_code(0f32.to_bits()));
        self.arena.extend_from_slice(lits);
        if learnt {
            self.learnts.push(cref);
        } else {
            self.originals.push(cref);
            self.originals_added += 1;
            self.binary_originals_added += usize::from(lits.len() == 2);
        }
        cref
    }

    /// Counts an input clause (no resolvent) of `len` >= 2 literals.
    pub fn note_input_length(&mut self, len: usize) {
        self.input_lengths[len.min(self.input_lengths.len() - 1)] += 1;
    }

    /// Whether `UNIFORM_MIN_ONE_LENGTH_PER_MILLE` per mille of the input's
    /// clauses of two literals or more had one length (not so a circuit's).
    pub fn mostly_one_length(&self) -> bool {
        let most = self.input_lengths.iter().max().copied().unwrap_or(0);
        most * 1000 >= self.input_lengths.iter().sum::<usize>() * UNIFORM_MIN_ONE_LENGTH_PER_MILLE
    }

    /// Uniform random k-SAT: few binary clauses, mostly one length.
    pub fn looks_uniform_random(&self) -> bool {
        !self.binary_share_above(UNIFORM_MAX_BINARY_PER_MILLE) && self.mostly_one_length()
    }

    /// Whether more than `per_mille` per mille of the clauses ever given
    /// (length >= 2, as added) were binary: structured formulas are so,
    /// uniform random k-SAT is not.
    pub fn binary_share_above(&self, per_mille: usize) -> bool {
        self.binary_originals_added * 1000 > self.originals_added * per_mille
    }

    #[inline]
    fn word(&self, c: ClauseRef, i: usize) -> u32 {
        self.arena[c.0 as usize + i].raw()
    }

    #[inline]
    fn set_word(&mut self, c: ClauseRef, i: usize, w: u32) {
        self.arena[c.0 as usize + i] = Lit::from_code(w);
    }

    /// Number of literals of clause `c`.
    #[inline]
    pub fn len(&self, c: ClauseRef) -> usize {
        self.word(c, 0) as usize
    }

    /// The literals of clause `c`.
    #[inline]
    pub fn lits(&self, c: ClauseRef) -> &[Lit] {
        let start = c.0 as usize + HEADER;
        &self.arena[start..start + self.len(c)]
    }

    /// The literals of clause `c`, mutable (to move watches), without
    /// bounds checks in release builds (`unchecked.rs`): for propagation's
    /// inner loop, whose watch lists hold only clauses of this arena.
    #[inline(always)]
    pub fn lits_mut_unchecked(&mut self, c: ClauseRef) -> &mut [Lit] {
        let start = c.0 as usize + HEADER;
        let len = crate::search::unchecked::at(&self.arena, c.0 as usize).raw() as usize;
        debug_assert!(start + len <= self.arena.len());
        // SAFETY: a clause's header and literals lie within the arena.
        #[cfg(not(debug_assertions))]
        unsafe {
            self.arena.get_unchecked_mut(start..start + len)
        }
        #[cfg(debug_assertions)]
        &mut self.arena[start..start + len]
    }

    /// Whether `c` was learnt.
    #[inline]
    pub fn is_learnt(&self, c: ClauseRef) -> bool {
        self.word(c, 1) & LEARNT != 0
    }

    /// Whether `c` was deleted (and awaits collection).
    #[inline]
    pub fn is_deleted(&self, c: ClauseRef) -> bool {
        self.word(c, 1) & DELETED != 0
    }

    /// The literal block distance recorded for `c`.
    #[inline]
    pub fn lbd(&self, c: ClauseRef) -> u32 {
        self.word(c, 1) >> LBD_SHIFT
    }

    /// Records a new (smaller) LBD for `c`.
    pub fn set_lbd(&mut self, c: ClauseRef, lbd: u32) {
        let flags = self.word(c, 1) & ((1 << LBD_SHIFT) - 1);
        self.set_word(c, 1, flags | (lbd.min(0xff_ffff) << LBD_SHIFT));
    }

    /// Whether `c` took part in a conflict since the last reduction.
    #[inline]
    pub fn is_used(&self, c: ClauseRef) -> bool {
        self.word(c, 1) & USED != 0
    }

    /// Marks or clears the used flag of `c`.
    #[inline]
    pub fn set_used(&mut self, c: ClauseRef, used: bool) {
        let w = self.word(c, 1);
        self.set_word(c, 1, if used { w | USED } else { w & !USED });
    }

    /// Whether `c` was tried by vivification since the candidates' flags
    /// were last cleared (`vivify/mod.rs`).
    #[inline]
    pub fn is_vivified(&self, c: ClauseRef) -> bool {
        self.word(c, 1) & VIVIFIED != 0
    }

    /// Marks or clears the vivified flag of `c`.
    #[inline]
    pub fn set_vivified(&mut self, c: ClauseRef, vivified: bool) {
        let w = self.word(c, 1);
        self.set_word(
            c,
            1,
            if vivified {
                w | VIVIFIED
            } else {
                w & !VIVIFIED
            },
        );
    }

    /// The activity of learnt clause `c`.
    #[inline]
    pub fn activity(&self, c: ClauseRef) -> f32 {
        f32::from_bits(self.word(c, 2))
    }

    /// Sets the activity of learnt clause `c`.
    #[inline]
    pub fn set_activity(&mut self, c: ClauseRef, a: f32) {
        self.set_word(c, 2, a.to_bits());
    }

    /// Marks `c` deleted. The caller drops it from `originals`/`learnts` and
    /// from the watch lists.
    pub fn delete(&mut self, c: ClauseRef) {
        let w = self.word(c, 1);
        debug_assert!(w & DELETED == 0);
        self.set_word(c, 1, w | DELETED);
        self.wasted += HEADER + self.len(c);
    }

    /// Every listed clause, originals first (a copy, so the caller may change the lists).
    pub fn live_clauses(&self) -> Vec<ClauseRef> {
        self.originals
            .iter()
            .chain(&self.learnts)
            .copied()
            .collect()
    }

    /// Drops deleted clauses from `originals` and `learnts`.
    pub fn forget_deleted(&mut self) {
        let mut originals = std::mem::take(&mut self.originals);
        let mut learnts = std::mem::take(&mut self.learnts);
        originals.retain(|&c| !self.is_deleted(c));
        learnts.retain(|&c| !self.is_deleted(c));
        self.originals = originals;
        self.learnts = learnts;
    }

    /// Whether compaction would pay: more than a fifth of the arena is
    /// dead (`config::GARBAGE_FRACTION_INV`).
    pub fn needs_collect(&self) -> bool {
        self.wasted * GARBAGE_FRACTION_INV > self.arena.len()
    }

    /// Cuts the arena back to `from` when every clause from there on is
    /// deleted and unlisted (no original at or after `from`, no learnt left).
    /// Their watchers must be gone already.
    pub fn truncate_dead_tail(&mut self, from: ClauseRef) {
        let live_after = self.originals.last().is_some_and(|&c| c >= from)
            || self.learnts.iter().any(|&c| c >= from);
        if live_after {
            return;
        }
        let start = from.0 as usize;
        self.wasted -= self.arena.len() - start;
        self.arena.truncate(start);
    }

    /// Words of live clauses in the arena.
    pub fn live_words(&self) -> usize {
        self.arena.len() - self.wasted
    }

    /// Words in the arena.
    #[cfg(test)]
    pub fn arena_words(&self) -> usize {
        self.arena.len()
    }

    /// Compacts the arena, keeping live clauses in order. Returns a function's
    /// worth of work to the caller: `relocate(old)` gives the new reference of a
    /// live clause, valid until the next call. Deleted clauses still listed go
    /// from the lists too: root work that refutes the formula stops midway,
    /// with clauses deleted but listed (cnf/regress/trace-panic-s1170*.trace).
    pub fn collect(&mut self) -> Relocation {
        self.forget_deleted();
        let mut new_arena = Vec::with_capacity(self.arena.len() - self.wasted);
        let mut moves = Vec::with_capacity(self.originals.len() + self.learnts.len());
        let mut pos = 0;
        while pos < self.arena.len() {
            let c = ClauseRef(pos as u32);
            let size = HEADER + self.len(c);
            if !self.is_deleted(c) {
                moves.push((c.0, new_arena.len() as u32));
                new_arena.extend_from_slice(&self.arena[pos..pos + size]);
            }
            pos += size;
        }
        self.arena = new_arena;
        self.wasted = 0;
        let reloc = Relocation { moves };
        for c in self.originals.iter_mut().chain(self.learnts.iter_mut()) {
            *c = reloc.get(*c).expect("listed clause is live");
        }
        reloc
    }
}

/// Old-to-new clause references after a collection, sorted by old offset.
pub struct Relocation {
    moves: Vec<(u32, u32)>,
}

impl Relocation {
    /// The new reference of `old`, or `None` if it was deleted.
    pub fn get(&self, old: ClauseRef) -> Option<ClauseRef> {
        self.moves
            .binary_search_by_key(&old.0, |&(o, _)| o)
            .ok()
            .map(|i| ClauseRef(self.moves[i].1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_flags_clauses() {
        let mut db = ClauseDb::default();
        let a = db.alloc(&Lit::vec_from_dimacs(&[1, 2, 3]), false, 0);
        let b = db.alloc(&Lit::vec_from_dimacs(&[-1, 4]), true, 2);
        assert_eq!(db.lits(a), &Lit::vec_from_dimacs(&[1, 2, 3])[..]);
        assert!(!db.is_learnt(a) && db.is_learnt(b));
        assert_eq!(db.lbd(b), 2);
        db.set_lbd(b, 1);
        db.set_used(b, true);
        db.set_activity(b, 2.5);
        assert_eq!((db.lbd(b), db.is_used(b), db.activity(b)), (1, true, 2.5));
        assert!(db.is_learnt(b));
    }

    #[test]
    fn collect_keeps_live_clauses_and_relocates() {
        let mut db = ClauseDb::default();
        let a = db.alloc(&Lit::vec_from_dimacs(&[1, 2, 3]), false, 0);
        let b = db.alloc(&Lit::vec_from_dimacs(&[-1, 4]), true, 2);
        let c = db.alloc(&Lit::vec_from_dimacs(&[5, 6]), true, 2);
        db.delete(b);
        db.learnts.retain(|&x| x != b);
        assert!(db.needs_collect());
        let reloc = db.collect();
        assert_eq!(reloc.get(b), None);
        let a2 = reloc.get(a).unwrap();
        let c2 = reloc.get(c).unwrap();
        assert_eq!(db.lits(a2), &Lit::vec_from_dimacs(&[1, 2, 3])[..]);
        assert_eq!(db.lits(c2), &Lit::vec_from_dimacs(&[5, 6])[..]);
        assert_eq!(db.learnts, vec![c2]);
        assert_eq!(db.arena_words(), 2 * HEADER + 5);
    }
}
