//! The assignment, its trail, and unit propagation over two watched literals.
//!
//! Invariant between propagations: every live clause of two or more literals
//! is watched by its first two literals, and a watched literal is false only
//! if the clause is satisfied or its other watch is true, both at the root
//! (root assignments are never undone, so such a clause stays satisfied).
//! A watcher carries a blocker literal, so a clause whose blocker is true is
//! skipped without being opened (MiniSat's trick). A propagated literal is
//! moved to position 0 of its reason clause.

use satoku_formula::Lit;

use crate::db::{ClauseDb, ClauseId, NO_CLAUSE};

/// A clause watching a literal, with a literal of it that, when true,
/// satisfies it.
#[derive(Clone, Copy, Debug)]
pub struct Watch {
    pub clause: ClauseId,
    pub blocker: Lit,
}

/// Literal values: `vals[lit.code()]` is 1 (true), -1 (false) or 0.
const TRUE: i8 = 1;
const FALSE: i8 = -1;

/// The current assignment and the order it was made in.
#[derive(Default)]
pub struct Trail {
    vals: Vec<i8>,
    /// Per variable: the clause that implied it, or [`NO_CLAUSE`].
    reason: Vec<ClauseId>,
    lits: Vec<Lit>,
    /// Trail index of the next literal to propagate.
    qhead: usize,
}

impl Trail {
    /// Makes room for `num_vars` variables.
    pub fn grow(&mut self, num_vars: usize) {
        self.vals.resize(2 * num_vars, 0);
        self.reason.resize(num_vars, NO_CLAUSE);
    }

    /// Whether `lit` is true.
    #[inline]
    pub fn is_true(&self, lit: Lit) -> bool {
        self.vals[lit.code()] == TRUE
    }

    /// Whether `lit` is false.
    #[inline]
    pub fn is_false(&self, lit: Lit) -> bool {
        self.vals[lit.code()] == FALSE
    }

    /// Makes `lit` true, implied by `reason` (or [`NO_CLAUSE`]).
    #[inline]
    pub fn assign(&mut self, lit: Lit, reason: ClauseId) {
        self.vals[lit.code()] = TRUE;
        self.vals[(!lit).code()] = FALSE;
        self.reason[lit.var().index()] = reason;
        self.lits.push(lit);
    }

    /// The number of assigned literals.
    pub fn len(&self) -> usize {
        self.lits.len()
    }

    /// Unassigns everything after the first `len` literals.
    pub fn undo_to(&mut self, len: usize) {
        for &lit in &self.lits[len..] {
            self.vals[lit.code()] = 0;
            self.vals[(!lit).code()] = 0;
            self.reason[lit.var().index()] = NO_CLAUSE;
        }
        self.lits.truncate(len);
        self.qhead = self.qhead.min(len);
    }

    /// Whether clause `id`, whose first literal is `first`, is the reason of
    /// `first`'s assignment.
    pub fn is_reason(&self, first: Lit, id: ClauseId) -> bool {
        self.is_true(first) && self.reason[first.var().index()] == id
    }
}

/// Propagates every literal on the trail not yet propagated; returns a
/// falsified clause, if any (the rest of the queue is then left unpropagated).
pub fn propagate(
    trail: &mut Trail,
    watches: &mut [Vec<Watch>],
    db: &mut ClauseDb,
) -> Option<ClauseId> {
    while trail.qhead < trail.lits.len() {
        let false_lit = !trail.lits[trail.qhead];
        trail.qhead += 1;
        let mut ws = std::mem::take(&mut watches[false_lit.code()]);
        let conflict = propagate_watchers(false_lit, &mut ws, trail, watches, db);
        watches[false_lit.code()] = ws;
        if conflict.is_some() {
            return conflict;
        }
    }
    None
}

/// Visits the watchers `ws` of `false_lit`, keeping those that still watch
/// it; returns a falsified clause, if any.
fn propagate_watchers(
    false_lit: Lit,
    ws: &mut Vec<Watch>,
    trail: &mut Trail,
    watches: &mut [Vec<Watch>],
    db: &mut ClauseDb,
) -> Option<ClauseId> {
    let (mut i, mut j) = (0, 0);
    let mut conflict = None;
    while i < ws.len() {
        let w = ws[i];
        i += 1;
        if trail.is_true(w.blocker) {
            ws[j] = w;
            j += 1;
            continue;
        }
        if db.is_deleted(w.clause) {
            continue;
        }
        let lits = db.clause_mut(w.clause);
        if lits[0] == false_lit {
            lits.swap(0, 1);
        }
        let first = lits[0];
        let kept = Watch {
            clause: w.clause,
            blocker: first,
        };
        if first != w.blocker && trail.is_true(first) {
            ws[j] = kept;
            j += 1;
            continue;
        }
        if let Some(k) = (2..lits.len()).find(|&k| !trail.is_false(lits[k])) {
            lits.swap(1, k);
            watches[lits[1].code()].push(kept);
            continue;
        }
        ws[j] = kept;
        j += 1;
        if trail.is_false(first) {
            conflict = Some(w.clause);
            ws.copy_within(i.., j);
            j += ws.len() - i;
            break;
        }
        trail.assign(first, w.clause);
    }
    ws.truncate(j);
    conflict
}
