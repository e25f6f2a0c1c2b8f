//! Recursive minimisation of the learnt clause (Sörensson and Biere 2009):
//! a literal goes when its reason's literals are all in the clause or,
//! recursively, implied by it; "abstract levels" give up early on literals
//! of levels the clause does not touch.
//!
//! The search is depth first and remembers both outcomes for the rest of
//! the clause (Van Gelder 2009, as MiniSat's later versions and CaDiCaL
//! do): a literal proved implied is marked `seen` like the clause's own,
//! and one that is not, with every literal on the path to it, is
//! poisoned, so no later literal of the clause explores it again. What a
//! failed test proved implied is unmarked (see `forget_implied`): the
//! clause and the marks left for reason-side bumping are those of the
//! search without poison.

use satoku_formula::{Lit, Var};

use crate::solver::Solver;

/// `seen` of a literal in the clause or proved implied by it.
const IMPLIED: u8 = 1;
/// `seen` of a literal proved not implied, during `minimize` only.
const POISONED: u8 = 2;

impl Solver {
    /// Drops learnt literals implied by the others (all marked `seen`).
    /// Post: the kept and dropped literals and those proved implied are
    /// marked `seen` (the dropped and implied ones listed in `toclear`);
    /// no literal is left poisoned.
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
        self.clear_poison();
    }

    #[inline]
    fn abstract_level(&self, v: Var) -> u32 {
        1 << (self.trail.level_of(v) & 31)
    }

    /// Whether `p` (in the learnt clause, with a reason) is implied by the
    /// clause: every literal of its reason is in the clause, a fact, or
    /// implied in turn. Marks what it proves `IMPLIED` and, on failure,
    /// the literals on the path to the culprit `POISONED`.
    fn lit_redundant(&mut self, p: Lit, abstract_levels: u32) -> bool {
        self.analysis.path.clear();
        let top = self.analysis.toclear.len();
        let (mut q, mut k) = (p, 0);
        loop {
            let reason = self.trail.reason_of(q.var());
            if k == self.reason_len(reason) {
                // Every literal of q's reason is implied: so is q.
                let Some((parent, next)) = self.analysis.path.pop() else {
                    return true;
                };
                self.analysis.seen[q.var().index()] = IMPLIED;
                self.analysis.toclear.push(q);
                (q, k) = (parent, next);
                continue;
            }
            let l = self.reason_lit(reason, k);
            k += 1;
            let v = l.var();
            let mark = self.analysis.seen[v.index()];
            if v == q.var() || mark == IMPLIED || self.trail.level_of(v) <= self.scope.floor() {
                continue;
            }
            if mark == POISONED
                || self.trail.reason_of(v).is_none()
                || self.abstract_level(v) & abstract_levels == 0
            {
                self.forget_implied(top);
                self.poison_path(q);
                return false;
            }
            self.analysis.path.push((q, k));
            (q, k) = (l, 0);
        }
    }

    /// Unmarks the literals a failed test proved implied (`toclear[top..]`):
    /// a later test proves them again if it needs them. Keeping them would
    /// save that work, but would leave them marked for reason-side bumping,
    /// which skips marked variables.
    fn forget_implied(&mut self, top: usize) {
        for lit in self.analysis.toclear.drain(top..) {
            self.analysis.seen[lit.var().index()] = 0;
        }
    }

    /// Poisons `q` and the literals on the path to it, but the clause's
    /// literal at its root.
    fn poison_path(&mut self, q: Lit) {
        let root = self.analysis.path.first().map_or(q, |&(lit, _)| lit);
        let on_path = self.analysis.path.iter().skip(1).map(|&(lit, _)| lit);
        for lit in on_path.chain((q != root).then_some(q)) {
            self.analysis.seen[lit.var().index()] = POISONED;
            self.analysis.toclear.push(lit);
        }
    }

    /// Unmarks and unlists the poisoned literals: later steps (reason-side
    /// bumping) read `seen` as "in the clause or implied by it".
    fn clear_poison(&mut self) {
        let seen = &mut self.analysis.seen;
        self.analysis.toclear.retain(|lit| {
            let poisoned = seen[lit.var().index()] == POISONED;
            if poisoned {
                seen[lit.var().index()] = 0;
            }
            !poisoned
        });
    }
}

#[cfg(test)]
mod tests {
    use satoku_formula::Lit;

    use crate::search::analyze::test_graph::conflict_after;
    use crate::SolverConfig;

    fn lit(dimacs: i64) -> Lit {
        Lit::from_dimacs(dimacs)
    }

    /// Level 1 decides 1, which implies 7 and through it 2 and 3; level 2
    /// decides 4, which implies 5 and then 8; level 3 decides 6, which
    /// implies 9 and 10 and falsifies the last clause. Returns the learnt
    /// clause, its literals sorted, `seen` afterwards, and the activity of
    /// 7, which only reason-side bumping can give it.
    fn learn() -> (Vec<Lit>, Vec<u8>, f64) {
        let clauses: [&[i64]; 9] = [
            &[-1, 7],
            &[-7, 2],
            &[-7, 3],
            &[-4, 5],
            &[-5, 8],
            &[-6, 9],
            &[-6, 10],
            &[-9, -10, -2, -3, -5, -8],
            // Keeps 1, 4 and 6 from being pure.
            &[-1, -4, -6, 2],
        ];
        // Shrinking would replace -2 and -3 by -7 (`shrink.rs`).
        let config = SolverConfig {
            shrink: false,
            ..SolverConfig::default()
        };
        let (mut solver, conflict) = conflict_after(&clauses, config, &[1, 4, 6]);
        solver.analyze(conflict);
        let mut learnt = solver.analysis.learnt().to_vec();
        learnt.sort_by_key(|l| l.var().index());
        let seven = solver.branching.activity(lit(7).var());
        (learnt, solver.analysis.seen.clone(), seven)
    }

    #[test]
    fn a_literal_implied_by_the_clause_goes_and_one_reaching_a_decision_stays() {
        // 8 is implied by 5; 2 and 3 both hang on 7, and so on decision 1:
        // the second of them meets 7 poisoned by the first and stays too.
        let (learnt, _, _) = learn();
        assert_eq!(learnt, vec![lit(-2), lit(-3), lit(-5), lit(-6)]);
    }

    #[test]
    fn analysis_leaves_no_mark_behind() {
        let (_, seen, _) = learn();
        assert!(seen.iter().all(|&s| s == 0), "{seen:?}");
    }

    #[test]
    fn reason_side_bumping_sees_a_poisoned_literal_as_unmarked() {
        // 7 is in the reasons of the kept 2 and 3; minimisation poisoned it.
        let (_, _, seven) = learn();
        assert!(seven > 0.0, "{seven}");
    }
}
