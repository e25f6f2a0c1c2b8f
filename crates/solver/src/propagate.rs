//! Unit propagation over two watched literals with blockers.
//!
//! Invariant (outside `propagate`): in every clause of length >= 2, the
//! watched literals `lits[0]` and `lits[1]` are not false, unless the other
//! one is true at a level no higher, or the clause is the conflict just found.
//! Propagating literal `p` visits only `watches[!p]`: the clauses where `!p`
//! is watched. Nothing here allocates: the visited list is compacted in
//! place (MiniSat 2.2's `propagate`). It is reached through a raw pointer
//! rather than taken out of `watches` and put back: moving the 24-byte list
//! header out and in for every propagated literal, and indexing `watches`
//! again for each moved watch, cost 12.5% of the sudoku session's
//! instructions and about 5% of its time (docs/benchmarks.md). Binary clauses
//! take one word of the list and imply with an implicit reason (`watch.rs`).
//!
//! The inner loop reads through [`at`] and [`set`], which skip bounds checks
//! in release builds: every index is below its length by the loop's own
//! bounds or because clauses only hold literals of allocated variables
//! (`add_clause` grows the value array first). That cut 7% of the
//! instructions of the sudoku session (docs/benchmarks.md). Builds with
//! debug assertions, which every `cargo test` build is, keep the checks.

use crate::clause_db::ClauseRef;
use crate::solver::Solver;
use crate::trail::{FALSE, TRUE};
use crate::watch;

/// `slice[i]`, unchecked in release builds (see the module docs).
#[inline(always)]
fn at<T: Copy>(slice: &[T], i: usize) -> T {
    #[cfg(debug_assertions)]
    {
        slice[i]
    }
    // SAFETY: callers pass `i < slice.len()` (module docs).
    #[cfg(not(debug_assertions))]
    unsafe {
        *slice.get_unchecked(i)
    }
}

/// `slice[i] = value`, unchecked in release builds (see the module docs).
#[inline(always)]
fn set<T>(slice: &mut [T], i: usize, value: T) {
    #[cfg(debug_assertions)]
    {
        slice[i] = value;
    }
    // SAFETY: callers pass `i < slice.len()` (module docs).
    #[cfg(not(debug_assertions))]
    unsafe {
        *slice.get_unchecked_mut(i) = value;
    }
}

/// Writes a long clause's watch entry (`watch.rs`) at `ws[j]`, `ws[j + 1]`.
#[inline(always)]
fn set_long(ws: &mut [u32], j: usize, blocker: satoku_formula::Lit, cref: ClauseRef) {
    set(ws, j, blocker.raw());
    set(ws, j + 1, cref.0);
}

/// Asks the cache for the start of watch list `ws`, which will be visited
/// next: the load of its first entry is where propagation stalled most
/// (perf, sudoku session), and the list of the next trail literal is known
/// a whole list visit ahead. About 3-5% less time on the sudoku session
/// and on industrial files, for 2.5% more instructions
/// (docs/benchmarks.md); a hint only, so other targets simply skip it.
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
    pub(crate) fn propagate(&mut self) -> Option<ClauseRef> {
        let mut conflict = None;
        while self.trail.qhead < self.trail.trail.len() && conflict.is_none() {
            let p = self.trail.trail[self.trail.qhead];
            self.trail.qhead += 1;
            if let Some(&next) = self.trail.trail.get(self.trail.qhead) {
                prefetch_list(&self.watches[(!next).code()]);
            }
            self.stats.propagations += 1;
            conflict = self.propagate_lit(!p);
        }
        conflict
    }

    /// Visits the clauses watching `false_lit`, which just became false.
    fn propagate_lit(&mut self, false_lit: satoku_formula::Lit) -> Option<ClauseRef> {
        let num_lists = self.watches.len();
        let lists = self.watches.as_mut_ptr();
        assert!(false_lit.code() < num_lists);
        // SAFETY: in bounds (checked above); `self.watches` is not resized
        // while propagating, so every list pointer stays valid; the visited
        // list is reached only through `ws`, and watches move only to lists
        // of literals that are not false, never to `false_lit`'s, so no two
        // references to one list exist.
        let ws = unsafe { &mut *lists.add(false_lit.code()) };
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
                let val = at(&self.trail.vals, other.code());
                if val == TRUE {
                    continue;
                }
                if val == FALSE {
                    self.binary_conflict = if watch::binary_other_first(word) {
                        [other, false_lit]
                    } else {
                        [false_lit, other]
                    };
                    conflict = Some(ClauseRef::BINARY_CONFLICT);
                    break;
                }
                self.trail
                    .assign(other, ClauseRef::binary_reason(false_lit));
                continue;
            }
            let blocker = satoku_formula::Lit::from_code(word);
            let cref = ClauseRef(at(ws, i + 1));
            i += 2;
            if at(&self.trail.vals, blocker.code()) == TRUE {
                set_long(ws, j, blocker, cref);
                j += 2;
                continue;
            }
            let lits = self.db.lits_mut(cref);
            // Make lits[1] the false literal.
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let first_val = at(&self.trail.vals, first.code());
            if first != blocker && first_val == TRUE {
                set_long(ws, j, first, cref);
                j += 2;
                continue;
            }
            // Look for a new literal to watch.
            let mut moved = false;
            for k in 2..lits.len() {
                let lit = lits[k];
                if at(&self.trail.vals, lit.code()) != FALSE {
                    #[cfg(feature = "fault-injection")]
                    if crate::fault::skip_watch_move(k) {
                        moved = true;
                        break;
                    }
                    lits[1] = lit;
                    lits[k] = false_lit;
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
                conflict = Some(cref);
                break;
            }
            self.trail.assign(first, cref);
        }
        if conflict.is_some() {
            ws.copy_within(i..n, j);
            j += n - i;
            self.trail.qhead = self.trail.trail.len();
        }
        ws.truncate(j);
        conflict
    }
}
