//! Conflict analysis: first-UIP learning with recursive minimisation.
//!
//! `analyze` resolves the conflicting clause with the reasons of its literals
//! at the conflict level, in reverse trail order, until one literal of that
//! level is left: the first unique implication point (Marques-Silva and
//! Sakallah 1996; Zhang et al. 2001). The learnt clause then drops every
//! literal implied by the others (recursive minimisation, Sörensson and Biere
//! 2009), using "abstract levels" to give up early.
//!
//! Pre: the conflict is at decision level > 0. Post: `self.learnt[0]` is the
//! asserting literal, `self.learnt[1]` has the highest level of the rest,
//! `seen` is all zero. Nothing allocates once the scratch buffers have grown.

use satoku_formula::{Lit, Var};

use crate::clause_db::ClauseRef;
use crate::solver::Solver;

impl Solver {
    /// Learns a clause from `conflict` into `self.learnt`; returns the level to
    /// backjump to and the clause's LBD.
    pub(crate) fn analyze(&mut self, mut conflict: ClauseRef) -> (u32, u32) {
        let current = self.trail.decision_level();
        debug_assert!(current > self.scope_floor);
        // Literals at or below the floor are facts here, as root ones are.
        let floor = self.scope_floor;
        self.learnt.clear();
        self.learnt.push(Lit::default());
        let mut pending = 0;
        let mut p: Option<Lit> = None;
        let mut index = self.trail.trail.len();
        loop {
            debug_assert!(conflict != ClauseRef::NONE);
            if conflict.in_arena() {
                self.touch_clause(conflict);
                for k in 0..self.db.len(conflict) {
                    let q = self.db.lits(conflict)[k];
                    if Some(q) != p {
                        pending += u32::from(self.analyze_lit(q, floor, current));
                    }
                }
            } else if conflict == ClauseRef::BINARY_CONFLICT {
                for q in self.binary_conflict {
                    pending += u32::from(self.analyze_lit(q, floor, current));
                }
            } else {
                let q = conflict.binary_other();
                pending += u32::from(self.analyze_lit(q, floor, current));
            }
            // The next literal of the trail to resolve on.
            loop {
                index -= 1;
                if self.seen[self.trail.trail[index].var().index()] != 0 {
                    break;
                }
            }
            let lit = self.trail.trail[index];
            p = Some(lit);
            conflict = self.trail.reason_of(lit.var());
            self.seen[lit.var().index()] = 0;
            pending -= 1;
            if pending == 0 {
                break;
            }
        }
        self.learnt[0] = !p.expect("conflict has a literal at the current level");
        self.minimize();
        self.shrink_to_assumptions();
        let backjump = self.put_highest_level_second();
        let lbd = self.compute_lbd();
        for &lit in &self.analyze_toclear {
            self.seen[lit.var().index()] = 0;
        }
        for &lit in &self.learnt {
            self.seen[lit.var().index()] = 0;
        }
        (backjump, lbd)
    }

    /// Marks literal `q` of a clause being resolved: true when it is of the
    /// current level (to be resolved on), else it joins the learnt clause
    /// (unless it is a fact below the floor, or already marked).
    #[inline]
    fn analyze_lit(&mut self, q: Lit, floor: u32, current: u32) -> bool {
        let v = q.var();
        let level = self.trail.level_of(v);
        if self.seen[v.index()] != 0 || level <= floor {
            return false;
        }
        // Variables of assumption levels keep their values for the whole
        // call: bumping them only churns the heap (the sudoku session: 282M
        // -> 250M instructions on 100 forum-hardest puzzles, 36 -> 33
        // conflicts each).
        if level as usize > self.assumptions.len() {
            self.bump_var(v);
        }
        self.seen[v.index()] = 1;
        if level >= current {
            return true;
        }
        self.learnt.push(q);
        false
    }

    /// How many literals analysis reads of reason `r`: all of an arena
    /// clause, or of an implicit binary reason only the other literal
    /// (every reader skips the implied one). Conflicts, the binary one
    /// included, are read by `analyze` itself.
    #[inline]
    fn reason_len(&self, r: ClauseRef) -> usize {
        if r.in_arena() {
            self.db.len(r)
        } else {
            1
        }
    }

    /// Literal `k` of reason `r` (see [`Solver::reason_len`]).
    #[inline]
    fn reason_lit(&self, r: ClauseRef, k: usize) -> Lit {
        if r.in_arena() {
            self.db.lits(r)[k]
        } else {
            r.binary_other()
        }
    }

    /// Bumps a learnt clause used in analysis and refreshes its LBD. Binary
    /// clauses are never read from the arena here: learnt ones are kept
    /// forever (LBD <= 2), so their activity and use flag do not matter.
    fn touch_clause(&mut self, cref: ClauseRef) {
        if !cref.in_arena() || !self.db.is_learnt(cref) {
            return;
        }
        self.db.set_used(cref, true);
        self.bump_clause(cref);
        let lbd = self.db.lbd(cref);
        if lbd > 2 {
            let now = self.lbd_of_clause(cref);
            if now < lbd {
                self.db.set_lbd(cref, now);
            }
        }
    }

    fn lbd_of_clause(&mut self, cref: ClauseRef) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        let mut lbd = 0;
        for k in 0..self.db.len(cref) {
            let level = self.trail.level_of(self.db.lits(cref)[k].var()) as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                lbd += 1;
            }
        }
        lbd
    }

    /// Number of distinct decision levels in the learnt clause.
    pub(crate) fn compute_lbd(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        let mut lbd = 0;
        for &lit in &self.learnt {
            let level = self.trail.level_of(lit.var()) as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                lbd += 1;
            }
        }
        lbd
    }

    /// Drops learnt literals implied by the others (all marked `seen`).
    fn minimize(&mut self) {
        self.analyze_toclear.clear();
        let abstract_levels = self.learnt[1..]
            .iter()
            .fold(0u32, |acc, l| acc | self.abstract_level(l.var()));
        let mut kept = 1;
        for i in 1..self.learnt.len() {
            let lit = self.learnt[i];
            let redundant = self.trail.reason_of(lit.var()) != ClauseRef::NONE
                && self.lit_redundant(lit, abstract_levels);
            if redundant {
                self.stats.minimized_literals += 1;
                self.analyze_toclear.push(lit);
            } else {
                self.learnt[kept] = lit;
                kept += 1;
            }
        }
        self.learnt.truncate(kept);
    }

    #[inline]
    fn abstract_level(&self, v: Var) -> u32 {
        1 << (self.trail.level_of(v) & 31)
    }

    /// Whether `p` (in the learnt clause, with a reason) is implied by
    /// literals already in the clause. Marks what it proves redundant `seen`.
    fn lit_redundant(&mut self, p: Lit, abstract_levels: u32) -> bool {
        self.analyze_stack.clear();
        self.analyze_stack.push(p);
        let top = self.analyze_toclear.len();
        while let Some(q) = self.analyze_stack.pop() {
            let reason = self.trail.reason_of(q.var());
            for k in 0..self.reason_len(reason) {
                let l = self.reason_lit(reason, k);
                let v = l.var();
                if v == q.var()
                    || self.seen[v.index()] != 0
                    || self.trail.level_of(v) <= self.scope_floor
                {
                    continue;
                }
                if self.trail.reason_of(v) != ClauseRef::NONE
                    && self.abstract_level(v) & abstract_levels != 0
                {
                    self.seen[v.index()] = 1;
                    self.analyze_stack.push(l);
                    self.analyze_toclear.push(l);
                } else {
                    for j in top..self.analyze_toclear.len() {
                        let x = self.analyze_toclear[j].var();
                        self.seen[x.index()] = 0;
                    }
                    self.analyze_toclear.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    /// Under assumptions, replaces the learnt literals of assumption levels
    /// by the negations of the assumptions they were implied from, when
    /// those are fewer. Minimisation cannot do this: an assumption is a
    /// decision, so a literal it implies is redundant only if the
    /// assumption is in the clause already. With many assumptions whose
    /// consequences fill the clauses (a sudoku's givens) learnt clauses
    /// shrink from about a hundred literals to a few dozen. The clause
    /// stays RUP: unit propagation from the kept assumptions gives back the
    /// replaced literals, as it did on the trail. Levels `1..=assumptions`
    /// hold only assumptions and their consequences; levels do not change,
    /// so neither does the backjump.
    fn shrink_to_assumptions(&mut self) {
        let top = self.assumptions.len() as u32;
        if top == 0 || self.scope_floor > 0 || self.trail.decision_level() <= top {
            return;
        }
        let at_assumption_level = |s: &Solver, l: Lit| {
            let level = s.trail.level_of(l.var());
            level >= 1 && level <= top
        };
        let count = self.learnt[1..]
            .iter()
            .filter(|&&l| at_assumption_level(self, l))
            .count();
        if count < 2 {
            return;
        }
        // Depth-first through the reasons of the marked (false) literals
        // down to the assumption decisions they follow from; the reasons
        // of a given's consequences are mostly binary, so the walk stays
        // small.
        self.analyze_stack.clear();
        self.shrink_marked.clear();
        self.shrink_out.clear();
        for i in 1..self.learnt.len() {
            let l = self.learnt[i];
            if at_assumption_level(self, l) {
                self.marks[l.var().index()] = true;
                self.shrink_marked.push(l.var());
                self.analyze_stack.push(l);
            }
        }
        while let Some(l) = self.analyze_stack.pop() {
            let v = l.var();
            let reason = self.trail.reason_of(v);
            if reason == ClauseRef::NONE {
                self.shrink_out.push(l);
                continue;
            }
            for k in 0..self.reason_len(reason) {
                let q = self.reason_lit(reason, k);
                let u = q.var();
                if u != v && !self.marks[u.index()] && self.trail.level_of(u) > 0 {
                    self.marks[u.index()] = true;
                    self.shrink_marked.push(u);
                    self.analyze_stack.push(q);
                }
            }
        }
        for &v in &self.shrink_marked {
            self.marks[v.index()] = false;
        }
        if self.shrink_out.len() >= count {
            return;
        }
        // The dropped literals stay `seen` until analyze clears analyze_toclear.
        let mut kept = 1;
        for i in 1..self.learnt.len() {
            let lit = self.learnt[i];
            if at_assumption_level(self, lit) {
                self.analyze_toclear.push(lit);
            } else {
                self.learnt[kept] = lit;
                kept += 1;
            }
        }
        self.learnt.truncate(kept);
        self.learnt.extend_from_slice(&self.shrink_out);
    }

    /// Moves the literal of highest level among `learnt[1..]` to position 1
    /// and returns that level (for a unit, the scope floor: the root outside
    /// scoped calls).
    fn put_highest_level_second(&mut self) -> u32 {
        if self.learnt.len() == 1 {
            return self.scope_floor;
        }
        let mut best = 1;
        for i in 2..self.learnt.len() {
            if self.trail.level_of(self.learnt[i].var())
                > self.trail.level_of(self.learnt[best].var())
            {
                best = i;
            }
        }
        self.learnt.swap(1, best);
        self.trail.level_of(self.learnt[1].var())
    }

    /// Finds the assumptions responsible for assumption `a` being false
    /// (MiniSat's `analyzeFinal`): fills `self.failed` with `a` and the
    /// assumption decisions its negation was implied from.
    pub(crate) fn analyze_final(&mut self, a: Lit) {
        self.failed.clear();
        self.failed.push(a);
        if self.trail.decision_level() == 0 || self.trail.level_of(a.var()) == 0 {
            return;
        }
        self.seen[a.var().index()] = 1;
        let start = self.trail.trail_lim[0];
        for i in (start..self.trail.trail.len()).rev() {
            let lit = self.trail.trail[i];
            let v = lit.var();
            if self.seen[v.index()] == 0 {
                continue;
            }
            let reason = self.trail.reason_of(v);
            if reason == ClauseRef::NONE {
                // A decision below the assumption count is an assumption.
                self.failed.push(lit);
            } else {
                for k in 0..self.reason_len(reason) {
                    let l = self.reason_lit(reason, k);
                    if l.var() != v && self.trail.level_of(l.var()) > 0 {
                        self.seen[l.var().index()] = 1;
                    }
                }
            }
            self.seen[v.index()] = 0;
        }
    }
}
