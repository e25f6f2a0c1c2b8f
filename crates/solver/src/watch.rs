//! Watch lists with blocking literals, binary clauses in one word.
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

use crate::clause_db::ClauseRef;
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
pub fn binary_entry(other: Lit, other_first: bool) -> u32 {
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

/// Appends a long clause's entry: `blocker`, then `cref`.
#[inline(always)]
pub fn push_long(list: &mut WatchList, blocker: Lit, cref: ClauseRef) {
    list.extend_from_slice(&[blocker.raw(), cref.offset()]);
}

/// Keeps the entries of `list` for which `keep_long(cref)` or
/// `keep_binary(other)` holds, in order.
pub fn retain(
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
pub fn remove_binary(list: &mut WatchList, other: Lit) {
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
}
