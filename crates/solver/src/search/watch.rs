//! Watch lists with blocking literals, binary clauses in one word.
//!
//! [`Watches`] owns the lists: clauses are attached and detached through
//! its methods, and only propagation (`propagate.rs`) reaches the raw
//! lists, to visit and compact one in place.
//!
//! `watches[lit]` lists the clauses whose `lits[0]` or `lits[1]` is `lit`;
//! they are visited when `lit` becomes false. A list is a sequence of `u32`
//! words holding two kinds of entries, in the order they were added:
//!
//! - a **long** clause (three literals or more) takes two words: a blocker,
//!   another literal of the clause, then the clause's arena offset. When the
//!   blocker is true the clause is satisfied and need not be opened (Chu,
//!   Harwood, Stuckey 2008; MiniSat 2.2);
//! - a **binary** clause takes one word: its other literal, tagged. Nothing
//!   else is needed to propagate it, and a literal it implies records the
//!   other literal as an implicit reason (`Reason::binary`), so
//!   neither propagation nor conflict analysis reads the arena for it.
//!
//! One word instead of two halves the memory that propagation streams
//! through on formulas made mostly of binary clauses (such as a sudoku's
//! rules), without changing the order of the visits.
//! Literal codes stay below 2^30 (`MAX_VARS`), which leaves the two top
//! bits for the tags.

use crate::search::clause_db::ClauseRef;
use satoku_formula::Lit;

/// A watch list: entries as described in the module docs.
pub type WatchList = Vec<u32>;

/// Tag of a one-word binary entry.
const BINARY: u32 = 1 << 31;
/// In a binary entry: the other literal comes first in the clause, so a
/// conflict on it is read in the order the clause was stored.
const OTHER_FIRST: u32 = 1 << 30;

/// Variables the solver can hold, so that literal codes fit in 30 bits.
pub const MAX_VARS: usize = 1 << 29;

/// Whether the entry starting with `word` is a binary clause.
#[inline(always)]
pub fn is_binary(word: u32) -> bool {
    word & BINARY != 0
}

/// The entry for binary clause `(watched ∨ other)` in the list of
/// `watched`; `other_first` when `other` is the clause's first literal.
#[inline]
fn binary_entry(other: Lit, other_first: bool) -> u32 {
    debug_assert!(other.raw() < OTHER_FIRST);
    BINARY | if other_first { OTHER_FIRST } else { 0 } | other.raw()
}

/// The other literal of a binary entry.
#[inline(always)]
pub fn binary_other(word: u32) -> Lit {
    Lit::from_code(word & !(BINARY | OTHER_FIRST))
}

/// Whether a binary entry's other literal is the clause's first one.
#[inline]
pub fn binary_other_first(word: u32) -> bool {
    word & OTHER_FIRST != 0
}

/// Appends a long clause's entry: `blocker`, then `cref` (also for
/// propagation, which moves watches itself).
#[inline(always)]
pub fn push_long(list: &mut WatchList, blocker: Lit, cref: ClauseRef) {
    list.extend_from_slice(&[blocker.raw(), cref.offset()]);
}

/// A watch entry on its way to the list of one literal: the list's index
/// (the literal's code), then the entry's one word (binary) or two (long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending([u32; 3]);

impl Pending {
    /// The entry of binary clause `(watched ∨ other)` for the list of
    /// `watched`, as [`binary_entry`].
    #[inline]
    fn binary(watched: Lit, other: Lit, other_first: bool) -> Pending {
        Pending([watched.raw(), binary_entry(other, other_first), 0])
    }

    /// The entry of long clause `cref` for the list of `watched`, as
    /// [`push_long`].
    #[inline]
    fn long(watched: Lit, blocker: Lit, cref: ClauseRef) -> Pending {
        Pending([watched.raw(), blocker.raw(), cref.offset()])
    }

    /// The two entries [`Watches::attach`] pushes for clause `cref` of `lits`.
    #[inline]
    pub fn of_clause(lits: &[Lit], cref: ClauseRef) -> [Pending; 2] {
        let (a, b) = (lits[0], lits[1]);
        if lits.len() == 2 {
            [Pending::binary(a, b, false), Pending::binary(b, a, true)]
        } else {
            [Pending::long(a, b, cref), Pending::long(b, a, cref)]
        }
    }

    #[inline]
    fn list(&self) -> usize {
        self.0[0] as usize
    }

    #[inline]
    fn words(&self) -> &[u32] {
        let len = if is_binary(self.0[1]) { 1 } else { 2 };
        &self.0[1..1 + len]
    }
}

/// The watch lists of every literal, indexed by literal code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Watches {
    lists: Vec<WatchList>,
}

impl Watches {
    /// Number of lists: two per variable.
    #[inline]
    pub fn num_lists(&self) -> usize {
        self.lists.len()
    }

    /// Makes room for the lists of `num_lits` literals.
    pub fn grow(&mut self, num_lits: usize) {
        self.lists.resize_with(num_lits, Vec::new);
    }

    /// The entries of `lit`'s list, to read (module docs).
    #[inline(always)]
    pub fn list(&self, lit: Lit) -> &[u32] {
        &self.lists[lit.code()]
    }

    /// Every list, for propagation alone: it visits the list of a false
    /// literal and compacts it in place, moving watches to other lists
    /// (`propagate.rs`). Everything else writes through the methods.
    #[inline(always)]
    pub fn lists_for_propagation(&mut self) -> &mut [WatchList] {
        &mut self.lists
    }

    /// The other literals of the binary clauses in `lit`'s list.
    pub fn binary_others(&self, lit: Lit) -> impl Iterator<Item = Lit> + '_ {
        self.lists[lit.code()]
            .iter()
            .filter(|&&w| is_binary(w))
            .map(|&w| binary_other(w))
    }

    /// Binary entries in all lists (two per binary clause).
    pub fn num_binary_entries(&self) -> usize {
        let binary = |ws: &WatchList| ws.iter().filter(|&&w| is_binary(w)).count();
        self.lists.iter().map(binary).sum()
    }

    /// Watches the first two literals of clause `cref` of `lits`.
    pub fn attach(&mut self, lits: &[Lit], cref: ClauseRef) {
        let (a, b) = (lits[0], lits[1]);
        if lits.len() == 2 {
            self.lists[a.code()].push(binary_entry(b, false));
            self.lists[b.code()].push(binary_entry(a, true));
        } else {
            push_long(&mut self.lists[a.code()], b, cref);
            push_long(&mut self.lists[b.code()], a, cref);
        }
    }

    /// Attaches the clauses `clauses()` yields, as [`Pending::of_clause`]
    /// makes them, as attaching them one by one would, in room reserved
    /// for exactly them (see `append_all`). `clauses` is called twice and
    /// must yield the same entries both times.
    pub fn attach_all<I>(&mut self, clauses: impl Fn() -> I)
    where
        I: Iterator<Item = [Pending; 2]>,
    {
        append_all(&mut self.lists, clauses);
    }

    /// Takes binary clause `(a ∨ b)` out of both lists.
    pub fn detach_binary(&mut self, a: Lit, b: Lit) {
        remove_binary(&mut self.lists[a.code()], b);
        remove_binary(&mut self.lists[b.code()], a);
    }

    /// Takes long clause `c` out of the lists of its watched literals.
    pub fn detach_long(&mut self, watched: [Lit; 2], c: ClauseRef) {
        for lit in watched {
            retain(&mut self.lists[lit.code()], |d| d != c, |_| true);
        }
    }

    /// Keeps the entries of `lit`'s list for which `keep_long(cref)` or
    /// `keep_binary(other)` holds, in order.
    pub fn retain(
        &mut self,
        lit: Lit,
        keep_long: impl FnMut(ClauseRef) -> bool,
        keep_binary: impl FnMut(Lit) -> bool,
    ) {
        retain(&mut self.lists[lit.code()], keep_long, keep_binary);
    }

    /// [`Watches::retain`] over every list; `keep_binary` gets the
    /// watched literal and the other one.
    pub fn retain_all(
        &mut self,
        mut keep_long: impl FnMut(ClauseRef) -> bool,
        mut keep_binary: impl FnMut(Lit, Lit) -> bool,
    ) {
        for (code, list) in self.lists.iter_mut().enumerate() {
            let watched = Lit::from_code(code as u32);
            retain(list, &mut keep_long, |other| keep_binary(watched, other));
        }
    }

    /// Empties every list, keeping its room.
    pub fn clear(&mut self) {
        for list in &mut self.lists {
            list.clear();
        }
    }
}

/// Literal codes per group in [`append_all`] (2^11: a group's list
/// headers and entries take about a hundred kilobytes, within the
/// second-level cache).
const GROUP_BITS: u32 = 11;

/// Appends the entries `clauses()` yields, two a clause, to `watches`:
/// each list receives its own in the order they come (as pushing them one
/// by one would), in room reserved for exactly them. `clauses` is called
/// twice and must yield the same entries both times.
///
/// Pushing entries in the order of their clauses touches a list, and its
/// header, at random for each: with millions of lists, two cache misses an
/// entry. Here a counting sort on the high bits of the list index first
/// groups the entries (stably, into one buffer), then each group's lists
/// are sized and filled while they sit in cache.
fn append_all<I>(watches: &mut [WatchList], clauses: impl Fn() -> I)
where
    I: Iterator<Item = [Pending; 2]>,
{
    let grouped = group_by_list(watches.len(), &clauses);
    let mut words = vec![0u32; 1 << GROUP_BITS];
    for (base, group) in grouped.groups() {
        for &entry in group {
            let entry = Pending(entry);
            words[entry.list() - base] += entry.words().len() as u32;
        }
        for (list, n) in watches[base..].iter_mut().zip(words.iter_mut()) {
            if *n > 0 {
                list.reserve_exact(*n as usize);
                *n = 0;
            }
        }
        for &[list, word, cref] in group {
            let list = &mut watches[list as usize];
            list.push(word);
            if !is_binary(word) {
                list.push(cref);
            }
        }
    }
}

/// Entries sorted stably by `list >> GROUP_BITS`; group `g` is
/// `entries[starts[g]..starts[g + 1]]`.
struct Grouped {
    /// The words of each [`Pending`] (zeroed memory is allocated lazily).
    entries: Vec<[u32; 3]>,
    starts: Vec<usize>,
}

impl Grouped {
    /// Each group with the index of its first list.
    fn groups(&self) -> impl Iterator<Item = (usize, &[[u32; 3]])> {
        let entries = &self.entries;
        self.starts
            .windows(2)
            .enumerate()
            .map(move |(g, w)| (g << GROUP_BITS, &entries[w[0]..w[1]]))
    }
}

/// The entries of `clauses()` grouped for [`append_all`] over `num_lists`
/// lists: one pass counts each group, a second places each entry.
fn group_by_list<I>(num_lists: usize, clauses: &impl Fn() -> I) -> Grouped
where
    I: Iterator<Item = [Pending; 2]>,
{
    let num_groups = (num_lists >> GROUP_BITS) + 1;
    let mut starts = vec![0usize; num_groups + 1];
    for pair in clauses() {
        for entry in pair {
            starts[(entry.list() >> GROUP_BITS) + 1] += 1;
        }
    }
    for g in 0..num_groups {
        starts[g + 1] += starts[g];
    }
    let mut next = starts.clone();
    let mut sorted = vec![[0u32; 3]; starts[num_groups]];
    for pair in clauses() {
        for entry in pair {
            let slot = &mut next[entry.list() >> GROUP_BITS];
            sorted[*slot] = entry.0;
            *slot += 1;
        }
    }
    Grouped {
        entries: sorted,
        starts,
    }
}

/// Keeps the entries of `list` for which `keep_long(cref)` or
/// `keep_binary(other)` holds, in order.
fn retain(
    list: &mut WatchList,
    mut keep_long: impl FnMut(ClauseRef) -> bool,
    mut keep_binary: impl FnMut(Lit) -> bool,
) {
    let (mut i, mut j) = (0, 0);
    while i < list.len() {
        let word = list[i];
        if is_binary(word) {
            if keep_binary(binary_other(word)) {
                list[j] = word;
                j += 1;
            }
            i += 1;
        } else {
            let cref = ClauseRef::from_offset(list[i + 1]);
            if keep_long(cref) {
                list[j] = word;
                list[j + 1] = cref.offset();
                j += 2;
            }
            i += 2;
        }
    }
    list.truncate(j);
}

/// Removes one binary entry whose other literal is `other` (the last one:
/// a clause added later sits later), if any.
fn remove_binary(list: &mut WatchList, other: Lit) {
    let mut found = None;
    let mut i = 0;
    while i < list.len() {
        if is_binary(list[i]) {
            if binary_other(list[i]) == other {
                found = Some(i);
            }
            i += 1;
        } else {
            i += 2;
        }
    }
    if let Some(at) = found {
        list.remove(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries of `n` clauses over `lits` literal codes, long and binary
    /// mixed: what `attach` would push for each, two a clause.
    fn pending_entries(n: u32, lits: u32) -> Vec<[Pending; 2]> {
        let lit = |i: u32| Lit::from_code(i.wrapping_mul(2_654_435_761) % lits);
        let mut entries = Vec::new();
        for c in 0..n {
            let (a, b) = (lit(2 * c), lit(2 * c + 1));
            entries.push(if c % 3 == 0 {
                [Pending::binary(a, b, false), Pending::binary(b, a, true)]
            } else {
                let cref = ClauseRef::from_offset(7 * c);
                [Pending::long(a, b, cref), Pending::long(b, a, cref)]
            });
        }
        entries
    }

    #[test]
    fn append_all_fills_each_list_in_order_as_pushing_does() {
        let lits = 5 << GROUP_BITS;
        let entries = pending_entries(20_000, lits);
        let mut pushed = vec![WatchList::new(); lits as usize];
        pushed[3].push(binary_entry(Lit::from_dimacs(9), false));
        let mut appended = pushed.clone();
        for entry in entries.iter().flatten() {
            pushed[entry.list()].extend_from_slice(entry.words());
        }
        append_all(&mut appended, || entries.iter().copied());
        assert_eq!(appended, pushed);
        assert!(appended.iter().all(|list| list.capacity() == list.len()));
        // Several groups, each with binary and long entries.
        assert!(entries.iter().any(|[e, _]| e.list() >> GROUP_BITS == 4));
        assert!(entries.iter().any(|[e, _]| e.words().len() == 1));
    }

    #[test]
    fn entries_keep_their_order_and_kind() {
        let mut list = WatchList::new();
        push_long(&mut list, Lit::from_dimacs(4), ClauseRef::from_offset(9));
        list.push(binary_entry(Lit::from_dimacs(-3), true));
        push_long(&mut list, Lit::from_dimacs(5), ClauseRef::from_offset(17));
        list.push(binary_entry(Lit::from_dimacs(7), false));
        list.push(binary_entry(Lit::from_dimacs(-3), false));
        assert_eq!(list.len(), 7);
        assert!(!is_binary(list[0]) && is_binary(list[2]));
        assert_eq!(binary_other(list[2]), Lit::from_dimacs(-3));
        assert!(binary_other_first(list[2]) && !binary_other_first(list[5]));

        retain(
            &mut list,
            |c| c != ClauseRef::from_offset(9),
            |l| l != Lit::from_dimacs(7),
        );
        assert_eq!(
            list,
            vec![
                binary_entry(Lit::from_dimacs(-3), true),
                Lit::from_dimacs(5).raw(),
                17,
                binary_entry(Lit::from_dimacs(-3), false),
            ]
        );
        remove_binary(&mut list, Lit::from_dimacs(-3));
        assert_eq!(
            list,
            vec![
                binary_entry(Lit::from_dimacs(-3), true),
                Lit::from_dimacs(5).raw(),
                17
            ]
        );
        remove_binary(&mut list, Lit::from_dimacs(8));
        assert_eq!(list.len(), 3);
    }

    #[test]
    fn watches_attach_and_detach_clauses_in_both_lists() {
        let lit = Lit::from_dimacs;
        let (long, other) = (ClauseRef::from_offset(4), ClauseRef::from_offset(9));
        let mut watches = Watches::default();
        watches.grow(8);
        watches.attach(&[lit(1), lit(-2)], ClauseRef::from_offset(0));
        watches.attach(&[lit(1), lit(3), lit(4)], long);
        watches.attach(&[lit(-2), lit(4), lit(1)], other);
        assert_eq!(watches.num_lists(), 8);
        assert_eq!(watches.num_binary_entries(), 2);
        assert_eq!(watches.binary_others(lit(1)).collect::<Vec<_>>(), [lit(-2)]);
        assert_eq!(watches.list(lit(1)).len(), 3);
        assert_eq!(watches.list(lit(4)), [lit(-2).raw(), 9]);

        watches.detach_long([lit(1), lit(3)], long);
        assert_eq!(watches.list(lit(1)).len(), 1);
        assert!(watches.list(lit(3)).is_empty());
        watches.detach_binary(lit(1), lit(-2));
        assert_eq!(watches.num_binary_entries(), 0);

        watches.attach(&[lit(3), lit(-4)], ClauseRef::from_offset(0));
        watches.retain_all(|c| c != other, |watched, _| watched != lit(3));
        assert_eq!(watches.binary_others(lit(-4)).collect::<Vec<_>>(), [lit(3)]);
        assert!(watches.list(lit(3)).is_empty() && watches.list(lit(4)).is_empty());
        watches.clear();
        assert_eq!((watches.num_lists(), watches.num_binary_entries()), (8, 0));
    }
}
