//! The state of one round of subsumption and variable elimination
//! (`elim/eliminate.rs`): the working clauses, the queue of clauses to try as
//! subsuming clauses, the touched variables, the effort, and the marks
//! that resolution and subsumption test literals against.

use satoku_formula::Lit;

use crate::elim::occurs::{ClauseId, Occurs};

/// The state of one round: the working clauses and the scratch of the
/// steps that change them.
pub(crate) struct Round {
    pub occ: Occurs,
    /// Clauses to try as subsuming clauses (the last one first).
    pub queue: Vec<ClauseId>,
    /// Per clause id, whether it is in `queue`.
    pub queued: Vec<bool>,
    /// Root units assigned during the round, not yet pushed through `occ`.
    pub units: Vec<Lit>,
    /// Whether a unit was found false: the formula is unsatisfiable.
    pub unsat: bool,
    /// Steps taken, and the most allowed.
    pub steps: u64,
    pub limit: u64,
    /// Whether subsumption is on (queued clauses are tried).
    subsume: bool,
    /// See [`ElimSchedule::bound`](crate::elim::eliminate::ElimSchedule::bound).
    pub bound: usize,
    /// Per variable, whether a clause of it was added, changed or deleted
    /// in this round or since the last one (the candidates to eliminate).
    touched: Vec<bool>,
    /// Whether every variable counts as touched (a full round).
    all_touched: bool,
    /// Per variable, the sign of its literal in the marked clause (or 0).
    pub marks: Vec<i8>,
    /// Scratch: a clause's literals, its old literals, a list of clause ids.
    pub cand: Vec<Lit>,
    pub cand_old: Vec<Lit>,
    pub unit_ids: Vec<ClauseId>,
}

impl Round {
    pub fn new(occ: Occurs, num_vars: usize, limit: u64, subsume: bool, bound: usize) -> Round {
        Round {
            queued: vec![false; occ.num_ids()],
            occ,
            queue: Vec::new(),
            units: Vec::new(),
            unsat: false,
            steps: 0,
            limit,
            subsume,
            bound,
            marks: vec![0; num_vars],
            touched: vec![false; num_vars],
            all_touched: false,
            cand: Vec::new(),
            cand_old: Vec::new(),
            unit_ids: Vec::new(),
        }
    }

    /// Whether the round has taken all the steps it may.
    #[inline]
    pub fn out_of_effort(&self) -> bool {
        self.steps > self.limit
    }

    /// Records that clause `c` is new or changed: its variables are
    /// touched, and it is queued to be tried as a subsuming clause (if
    /// subsumption is on).
    pub fn enqueue(&mut self, c: ClauseId) {
        self.touch(c);
        if !self.subsume {
            return;
        }
        let i = c as usize;
        if i >= self.queued.len() {
            self.queued.resize(i + 1, false);
        }
        if !self.queued[i] {
            self.queued[i] = true;
            self.queue.push(c);
        }
    }

    /// Deletes clause `c`, touching its variables.
    pub fn delete(&mut self, c: ClauseId) {
        self.touch(c);
        self.occ.delete(c);
    }

    fn touch(&mut self, c: ClauseId) {
        for &l in self.occ.lits(c) {
            self.touched[l.var().index()] = true;
        }
    }

    /// Counts every variable as touched (a full round).
    pub fn touch_all(&mut self) {
        self.all_touched = true;
    }

    /// Forgets which variables were touched (they are being tried).
    pub fn clear_touched(&mut self) {
        self.all_touched = false;
        self.touched.fill(false);
    }

    /// Whether `v` may have become eliminable since it was last tried.
    #[inline]
    pub fn is_touched(&self, v: satoku_formula::Var) -> bool {
        self.all_touched || self.touched[v.index()]
    }

    /// Marks the literals of `lits` (by variable, with their sign).
    pub fn mark(&mut self, lits: &[Lit]) {
        for &l in lits {
            self.marks[l.var().index()] = if l.is_positive() { 1 } else { -1 };
        }
    }

    /// Clears the marks of `lits`.
    pub fn unmark(&mut self, lits: &[Lit]) {
        for &l in lits {
            self.marks[l.var().index()] = 0;
        }
    }

    /// Marks the literals of clause `c`.
    pub fn mark_clause(&mut self, c: ClauseId) {
        for &l in self.occ.lits(c) {
            self.marks[l.var().index()] = if l.is_positive() { 1 } else { -1 };
        }
    }

    /// Clears the marks of clause `c`.
    pub fn unmark_clause(&mut self, c: ClauseId) {
        for &l in self.occ.lits(c) {
            self.marks[l.var().index()] = 0;
        }
    }

    /// 1 if `l` is marked, -1 if its negation is, 0 otherwise.
    #[inline]
    pub fn mark_of(&self, l: Lit) -> i8 {
        let m = self.marks[l.var().index()];
        if l.is_positive() {
            m
        } else {
            -m
        }
    }
}
