//! Unit propagation over two watched literals with blockers.
//!
//! Invariant (outside `propagate`): in every clause of length >= 2, the
//! watched literals `lits[0]` and `lits[1]` are not false, unless the other
//! one is true at a level no higher, or the clause is the conflict just found.
//! Propagating literal `p` visits only `watches[!p]`: the clauses where `!p`
//! is watched. Nothing here allocates: the visited list is compacted in
//! place (MiniSat 2.2's `propagate`). It is reached through a raw pointer
//! rather than taken out of `watches` and put back, which would move the
//! list header out and in for every propagated literal and index `watches`
//! again for each moved watch. Binary clauses take one word of the list and
//! imply with an implicit reason (`watch.rs`, `reason.rs`); a false binary
//! clause is returned as [`Conflict::Binary`] with its two literals.
//!
//! The inner loop reads through `at` and `set` (`unchecked.rs`), which skip
//! bounds checks in release builds: every index is below its length by the
//! loop's own bounds or because clauses only hold literals of allocated
//! variables (`add_clause` grows the value array first).

use satoku_formula::Lit;

use crate::search::clause_db::ClauseRef;
use crate::search::reason::Reason;
use crate::search::trail::{FALSE, TRUE};
use crate::search::unchecked::{at, set};
use crate::search::watch;
use crate::solver::Solver;

/// A clause that propagation found false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Conflict {
    /// A binary clause (its two literals in the clause's order), which
    /// lives in the watch lists only.
    Binary(Lit, Lit),
    /// A long clause of the arena.
    Long(ClauseRef),
}

/// Writes a long clause's watch entry (`watch.rs`) at `ws[j]`, `ws[j + 1]`.
#[inline(always)]
fn set_long(ws: &mut [u32], j: usize, blocker: Lit, cref: ClauseRef) {
    set(ws, j, blocker.raw());
    set(ws, j + 1, cref.offset());
}

/// Asks the cache for the start of watch list `ws`, which will be visited
/// next: the load of a list's first entry is where propagation stalls
/// most, and the list of the next trail literal is known a whole list
/// visit ahead. A hint only, so other targets simply skip it.
#[inline(always)]
fn prefetch_list(ws: &[u32]) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault, whatever the address.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(ws.as_ptr().cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = ws;
}

impl Solver {
    /// Propagates every trail literal not yet propagated. Returns the
    /// conflicting clause, if one became false.
    pub(crate) fn propagate(&mut self) -> Option<Conflict> {
        let start = self.trail.len();
        let conflict = self.propagate_pass();
        if self.observing.is_on() {
            self.report_pass(start, conflict);
        }
        conflict
    }

    /// [`Solver::propagate`] without the reports.
    #[inline(always)]
    fn propagate_pass(&mut self) -> Option<Conflict> {
        while let Some((p, next)) = self.trail.next_to_propagate() {
            if let Some(next) = next {
                prefetch_list(self.watches.list(!next));
            }
            self.stats.propagations += 1;
            let conflict = self.propagate_lit(!p);
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    /// Visits the clauses watching `false_lit`, which just became false.
    fn propagate_lit(&mut self, false_lit: Lit) -> Option<Conflict> {
        let lists = self.watches.lists_for_propagation();
        let num_lists = lists.len();
        let lists = lists.as_mut_ptr();
        assert!(false_lit.code() < num_lists);
        // SAFETY: in bounds (checked above); `self.watches` is not resized
        // while propagating, so every list pointer stays valid; the visited
        // list is reached only through `ws`, and watches move only to lists
        // of literals that are not false, never to `false_lit`'s, so no two
        // references to one list exist.
        let list = unsafe { &mut *lists.add(false_lit.code()) };
        // The visited list as a slice for the loop: its pointer and length
        // stay in registers, where through the `Vec` every store to the
        // trail could have changed them. Nothing is pushed onto it here.
        let ws = list.as_mut_slice();
        let mut trail = self.trail.assigning();
        let mut conflict = None;
        let (mut i, mut j) = (0, 0);
        let n = ws.len();
        while i < n {
            // j <= i < n = ws.len() throughout; a long entry's two words are
            // both below n (entries are whole).
            let word = at(ws, i);
            if watch::is_binary(word) {
                i += 1;
                set(ws, j, word);
                j += 1;
                let other = watch::binary_other(word);
                let val = trail.value(other);
                if val == TRUE {
                    continue;
                }
                if val == FALSE {
                    conflict = Some(if watch::binary_other_first(word) {
                        Conflict::Binary(other, false_lit)
                    } else {
                        Conflict::Binary(false_lit, other)
                    });
                    break;
                }
                trail.assign(other, Reason::binary(false_lit));
                continue;
            }
            let blocker = Lit::from_code(word);
            let cref = ClauseRef::from_offset(at(ws, i + 1));
            i += 2;
            if trail.value(blocker) == TRUE {
                set_long(ws, j, blocker, cref);
                j += 2;
                continue;
            }
            let lits = self.db.lits_mut_unchecked(cref);
            // Make lits[1] the false literal. An arena clause has two
            // literals or more, and `k` below stays within its length.
            let mut first = at(lits, 0);
            if first == false_lit {
                first = at(lits, 1);
                set(lits, 0, first);
                set(lits, 1, false_lit);
            }
            let first_val = trail.value(first);
            if first != blocker && first_val == TRUE {
                set_long(ws, j, first, cref);
                j += 2;
                continue;
            }
            // Look for a new literal to watch.
            let mut moved = false;
            for k in 2..lits.len() {
                let lit = lits[k];
                if trail.value(lit) != FALSE {
                    #[cfg(feature = "fault-injection")]
                    if crate::search::fault::skip_watch_move(k) {
                        moved = true;
                        break;
                    }
                    set(lits, 1, lit);
                    set(lits, k, false_lit);
                    debug_assert!(lit.code() < num_lists);
                    debug_assert!(lit != false_lit);
                    // SAFETY: in bounds, as clauses only hold literals of
                    // allocated variables (module docs); `lit` is not false,
                    // so its list is not `ws` (see above).
                    watch::push_long(unsafe { &mut *lists.add(lit.code()) }, first, cref);
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            // Unit or conflicting: keep watching.
            set_long(ws, j, first, cref);
            j += 2;
            if first_val == FALSE {
                conflict = Some(Conflict::Long(cref));
                break;
            }
            trail.assign(first, Reason::long(cref));
        }
        if conflict.is_some() {
            ws.copy_within(i..n, j);
            j += n - i;
            self.trail.skip_propagation();
        }
        list.truncate(j);
        conflict
    }
}
