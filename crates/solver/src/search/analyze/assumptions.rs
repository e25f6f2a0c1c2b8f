//! Analysis under assumptions: shrinking learnt clauses to the assumptions
//! they follow from, and finding the assumptions behind a failed one.

use satoku_formula::Lit;

use crate::solver::Solver;

impl Solver {
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
    pub(super) fn shrink_to_assumptions(&mut self) {
        let top = self.scope.num_assumptions() as u32;
        if top == 0 || self.scope.floor() > 0 || self.trail.decision_level() <= top {
            return;
        }
        let at_assumption_level = |s: &Solver, l: Lit| {
            let level = s.trail.level_of(l.var());
            level >= 1 && level <= top
        };
        let count = self.analysis.learnt[1..]
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
        self.analysis.stack.clear();
        self.analysis.shrink_marked.clear();
        self.analysis.shrink_out.clear();
        for i in 1..self.analysis.learnt.len() {
            let l = self.analysis.learnt[i];
            if at_assumption_level(self, l) {
                self.analysis.marks[l.var().index()] = true;
                self.analysis.shrink_marked.push(l.var());
                self.analysis.stack.push(l);
            }
        }
        while let Some(l) = self.analysis.stack.pop() {
            let v = l.var();
            let reason = self.trail.reason_of(v);
            if reason.is_none() {
                self.analysis.shrink_out.push(l);
                continue;
            }
            for k in 0..self.reason_len(reason) {
                let q = self.reason_lit(reason, k);
                let u = q.var();
                if u != v && !self.analysis.marks[u.index()] && self.trail.level_of(u) > 0 {
                    self.analysis.marks[u.index()] = true;
                    self.analysis.shrink_marked.push(u);
                    self.analysis.stack.push(q);
                }
            }
        }
        for &v in &self.analysis.shrink_marked {
            self.analysis.marks[v.index()] = false;
        }
        if self.analysis.shrink_out.len() >= count {
            return;
        }
        // The dropped literals stay `seen` until `analyze` clears them with `toclear`.
        let mut kept = 1;
        for i in 1..self.analysis.learnt.len() {
            let lit = self.analysis.learnt[i];
            if at_assumption_level(self, lit) {
                self.analysis.toclear.push(lit);
            } else {
                self.analysis.learnt[kept] = lit;
                kept += 1;
            }
        }
        self.analysis.learnt.truncate(kept);
        self.analysis
            .learnt
            .extend_from_slice(&self.analysis.shrink_out);
    }

    /// Finds the assumptions responsible for assumption `a` being false
    /// (MiniSat's `analyzeFinal`): fills the failed assumptions with `a` and the
    /// assumption decisions its negation was implied from.
    pub(crate) fn analyze_final(&mut self, a: Lit) {
        self.answer.clear_failed();
        self.answer.push_failed(a);
        if self.trail.decision_level() == 0 || self.trail.level_of(a.var()) == 0 {
            return;
        }
        self.analysis.seen[a.var().index()] = 1;
        let start = self.trail.root_end();
        for i in (start..self.trail.len()).rev() {
            let lit = self.trail.lits()[i];
            let v = lit.var();
            if self.analysis.seen[v.index()] == 0 {
                continue;
            }
            let reason = self.trail.reason_of(v);
            if reason.is_none() {
                // A decision below the assumption count is an assumption.
                self.answer.push_failed(lit);
            } else {
                for k in 0..self.reason_len(reason) {
                    let l = self.reason_lit(reason, k);
                    if l.var() != v && self.trail.level_of(l.var()) > 0 {
                        self.analysis.seen[l.var().index()] = 1;
                    }
                }
            }
            self.analysis.seen[v.index()] = 0;
        }
    }
}
