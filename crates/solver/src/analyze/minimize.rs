//! Recursive minimisation of the learnt clause (Sörensson and Biere 2009):
//! a literal goes when its reason's literals are all in the clause or,
//! recursively, implied by it; "abstract levels" give up early on literals
//! of levels the clause does not touch.

use satoku_formula::{Lit, Var};

use crate::solver::Solver;

impl Solver {
    /// Drops learnt literals implied by the others (all marked `seen`).
    pub(super) fn minimize(&mut self) {
        self.analysis.toclear.clear();
        let abstract_levels = self.analysis.learnt[1..]
            .iter()
            .fold(0u32, |acc, l| acc | self.abstract_level(l.var()));
        let mut kept = 1;
        for i in 1..self.analysis.learnt.len() {
            let lit = self.analysis.learnt[i];
            let redundant = !self.trail.reason_of(lit.var()).is_none()
                && self.lit_redundant(lit, abstract_levels);
            if redundant {
                self.stats.minimized_literals += 1;
                self.analysis.toclear.push(lit);
            } else {
                self.analysis.learnt[kept] = lit;
                kept += 1;
            }
        }
        self.analysis.learnt.truncate(kept);
    }

    #[inline]
    fn abstract_level(&self, v: Var) -> u32 {
        1 << (self.trail.level_of(v) & 31)
    }

    /// Whether `p` (in the learnt clause, with a reason) is implied by
    /// literals already in the clause. Marks what it proves redundant `seen`.
    fn lit_redundant(&mut self, p: Lit, abstract_levels: u32) -> bool {
        self.analysis.stack.clear();
        self.analysis.stack.push(p);
        let top = self.analysis.toclear.len();
        while let Some(q) = self.analysis.stack.pop() {
            let reason = self.trail.reason_of(q.var());
            for k in 0..self.reason_len(reason) {
                let l = self.reason_lit(reason, k);
                let v = l.var();
                if v == q.var()
                    || self.analysis.seen[v.index()] != 0
                    || self.trail.level_of(v) <= self.scope_floor
                {
                    continue;
                }
                if !self.trail.reason_of(v).is_none()
                    && self.abstract_level(v) & abstract_levels != 0
                {
                    self.analysis.seen[v.index()] = 1;
                    self.analysis.stack.push(l);
                    self.analysis.toclear.push(l);
                } else {
                    for j in top..self.analysis.toclear.len() {
                        let x = self.analysis.toclear[j].var();
                        self.analysis.seen[x.index()] = 0;
                    }
                    self.analysis.toclear.truncate(top);
                    return false;
                }
            }
        }
        true
    }
}
