//! Shrinking the learnt clause (Fleury and Biere 2021, "Efficient All-UIP
//! Learned Clause Minimization"; CaDiCaL's and Kissat's `shrink`): the
//! literals the clause has at one lower decision level, a block, are
//! replaced by that level's unique implication point when the block has
//! one, that is, when resolving the block's literals on their reasons in
//! reverse trail order, within the level, ends in a single literal while
//! every literal of a lower level met on the way is in the clause or
//! implied by it (marked `seen` by minimisation, which runs first).
//!
//! Blocks go from the lowest level up, as in Kissat. What a shrunk block
//! resolved through is implied by its point, so it is marked `seen` too,
//! and a block above may meet it; the point's variable is bumped, as
//! analysis bumps what it adds.
//!
//! The clause stays RUP: from the block's UIP and the literals of lower
//! levels, unit propagation gives back the block, as it did on the trail.
//! The levels of the clause do not change, so neither do its LBD and the
//! backjump. A block that does not shrink stays as it was, in its order:
//! a clause with no block to shrink is exactly minimisation's.

use satoku_formula::{Lit, Var};

use crate::solver::Solver;

/// The scratch of shrinking.
#[derive(Default)]
pub(crate) struct Shrink {
    /// Per variable: in the block under resolution. All false between
    /// calls.
    in_block: Vec<bool>,
    /// The variables marked `in_block`, to unmark.
    marked: Vec<Var>,
    /// The learnt literals `1..` as (level, index), sorted to find blocks.
    by_level: Vec<(u32, u32)>,
    /// Per learnt index: dropped by a shrunk block.
    dropped: Vec<bool>,
}

impl Shrink {
    /// Makes room for variables `0..n`.
    pub fn grow(&mut self, n: usize) {
        self.in_block.resize(n, false);
    }
}

impl Solver {
    /// Replaces each block of two or more literals of one level that has a
    /// unique implication point by that point's negation (module docs).
    /// Pre and post: the learnt clause and what is proved implied by it
    /// are marked `seen`, and all of these but the clause's own literals
    /// are listed in `toclear`.
    pub(super) fn shrink(&mut self) {
        let len = self.analysis.learnt.len();
        // One level per literal (the conflict level's is the UIP): no block.
        if self.compute_lbd() as usize >= len {
            return;
        }
        let mut by_level = std::mem::take(&mut self.analysis.shrink.by_level);
        by_level.clear();
        for i in 1..len {
            let level = self.trail.level_of(self.analysis.learnt[i].var());
            by_level.push((level, i as u32));
        }
        // From the lowest level up, as Kissat does: a shrunk block's
        // literals are then implied for the blocks above it.
        by_level.sort_unstable();
        let mut dropped = std::mem::take(&mut self.analysis.shrink.dropped);
        dropped.clear();
        dropped.resize(len, false);
        let mut any = false;
        for block in by_level.chunk_by(|a, b| a.0 == b.0) {
            if block.len() >= 2 && self.shrink_block(block, &mut dropped) {
                any = true;
            }
        }
        if any {
            let mut index = 0;
            self.analysis.learnt.retain(|_| {
                index += 1;
                !dropped[index - 1]
            });
        }
        self.analysis.shrink.by_level = by_level;
        self.analysis.shrink.dropped = dropped;
    }

    /// Shrinks one block (its literals' (level, learnt index)), if it has a
    /// unique implication point: the first literal of the block, in clause
    /// order, becomes the point's negation and the rest are marked
    /// `dropped`. Returns whether it shrank.
    fn shrink_block(&mut self, block: &[(u32, u32)], dropped: &mut [bool]) -> bool {
        let level = block[0].0;
        for &(_, i) in block {
            let v = self.analysis.learnt[i as usize].var();
            self.mark_in_block(v);
        }
        let uip = self.block_uip(level, block.len());
        if let Some(uip) = uip {
            self.take_block_uip(uip);
        }
        for v in self.analysis.shrink.marked.drain(..) {
            self.analysis.shrink.in_block[v.index()] = false;
            // What the block resolved through is implied by its point, as
            // what minimisation proved: so later blocks may meet it.
            if uip.is_some() && self.analysis.seen[v.index()] == 0 {
                self.analysis.seen[v.index()] = 1;
                self.analysis.toclear.push(v.positive());
            }
        }
        let Some(uip) = uip else {
            return false;
        };
        let first = block.iter().map(|&(_, i)| i as usize).min().unwrap_or(0);
        for &(_, i) in block {
            let i = i as usize;
            if i != first {
                dropped[i] = true;
                self.analysis.toclear.push(self.analysis.learnt[i]);
            }
        }
        let old = self.analysis.learnt[first];
        if old != !uip {
            self.analysis.toclear.push(old);
            self.analysis.learnt[first] = !uip;
        }
        self.stats.shrunken_literals += block.len() as u64 - 1;
        true
    }

    fn mark_in_block(&mut self, v: Var) {
        self.analysis.shrink.in_block[v.index()] = true;
        self.analysis.shrink.marked.push(v);
    }

    /// Resolves the `open` marked literals of `level` backwards along the
    /// trail until one is left, which is returned (true on the trail). None
    /// when a reason holds a literal of a lower level that is neither in
    /// the clause nor implied by it.
    fn block_uip(&mut self, level: u32, mut open: usize) -> Option<Lit> {
        let start = self.trail.level_start(level);
        let end = self.trail.level_start(level + 1);
        for pos in (start..end).rev() {
            let lit = self.trail.lits()[pos];
            if !self.analysis.shrink.in_block[lit.var().index()] {
                continue;
            }
            if open == 1 {
                return Some(lit);
            }
            open -= 1;
            let reason = self.trail.reason_of(lit.var());
            if reason.is_none() {
                return None;
            }
            for k in 0..self.reason_len(reason) {
                let u = self.reason_lit(reason, k).var();
                if u == lit.var() || self.analysis.shrink.in_block[u.index()] {
                    continue;
                }
                let u_level = self.trail.level_of(u);
                if u_level == level {
                    self.mark_in_block(u);
                    open += 1;
                } else if u_level > self.scope.floor() && self.analysis.seen[u.index()] == 0 {
                    return None;
                }
            }
        }
        None
    }

    /// Marks the block's new literal `!uip` `seen` and bumps its variable,
    /// as analysis does for the literals it adds.
    fn take_block_uip(&mut self, uip: Lit) {
        let v = uip.var();
        if self.analysis.seen[v.index()] != 0 {
            return;
        }
        self.analysis.seen[v.index()] = 1;
        if self.trail.level_of(v) as usize > self.scope.num_assumptions() {
            self.bump_var(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use satoku_formula::Lit;

    use crate::search::analyze::test_graph::conflict_after;
    use crate::{Solver, SolverConfig};

    fn lit(dimacs: i64) -> Lit {
        Lit::from_dimacs(dimacs)
    }

    /// Decides 1, 4 and 6 in turn on `clauses`; 6 must conflict. Returns the
    /// learnt clause (sorted), the solver after analysis, and the activity
    /// of `watch` before analysis.
    fn learn(clauses: &[&[i64]], shrink: bool, watch: i64) -> (Vec<Lit>, Solver, f64) {
        let config = SolverConfig {
            shrink,
            bump_reasons: false,
            ..SolverConfig::default()
        };
        let (mut solver, conflict) = conflict_after(clauses, config, &[1, 4, 6]);
        let before = solver.branching.activity(lit(watch).var());
        solver.analyze(conflict);
        let mut learnt = solver.analysis.learnt().to_vec();
        learnt.sort_by_key(|l| l.var().index());
        (learnt, solver, before)
    }

    /// Level 1: 1 implies 7, 7 implies 2 and 12, 12 implies 3. Level 2: 4
    /// implies 8, and with 12 of level 1 implies 5. Level 3: 6 implies 9
    /// and 10, which falsify the conflicting clause (index 8).
    const GRAPH: [&[i64]; 11] = [
        &[-1, 7],
        &[-7, 2],
        &[-7, 12],
        &[-12, 3],
        &[-4, -12, 5],
        &[-4, 8],
        &[-6, 9],
        &[-6, 10],
        &[-9, -10, -2, -3, -5, -8],
        // Keep 1, 4 and 6 from being pure.
        &[-1, -4, -6, 2],
        &[1, 4, 6],
    ];

    #[test]
    fn each_block_with_an_implication_point_becomes_that_point() {
        // Level 1 first: 2 and 3 (through 12) hang on 7, so {-2, -3} is
        // -7, and 12 is implied. Then level 2: 5 and 8 hang on 4, given 12.
        let (learnt, solver, before) = learn(&GRAPH, true, 7);
        assert_eq!(learnt, vec![lit(-4), lit(-6), lit(-7)]);
        assert_eq!(solver.stats().shrunken_literals, 2);
        // The new literal is bumped, as analysis bumps what it adds.
        assert!(solver.branching.activity(lit(7).var()) > before);
    }

    #[test]
    fn a_block_whose_reasons_leave_the_clause_stays() {
        // Without -3 there is no block at level 1, and resolving 5 of
        // level 2 meets 12, neither in the clause nor implied by it.
        let mut graph = GRAPH;
        graph[8] = &[-9, -10, -2, -5, -8];
        let (learnt, solver, _) = learn(&graph, true, 7);
        assert_eq!(learnt, vec![lit(-2), lit(-5), lit(-6), lit(-8)]);
        assert_eq!(solver.stats().shrunken_literals, 0);
    }

    #[test]
    fn without_shrink_the_clause_is_minimisation_s() {
        let (learnt, solver, _) = learn(&GRAPH, false, 7);
        assert_eq!(learnt, vec![lit(-2), lit(-3), lit(-5), lit(-6), lit(-8)]);
        assert_eq!(solver.stats().shrunken_literals, 0);
    }

    #[test]
    fn shrinking_leaves_no_mark_behind() {
        let (_, solver, _) = learn(&GRAPH, true, 7);
        assert!(solver.analysis.seen.iter().all(|&s| s == 0));
        assert!(solver.analysis.shrink.in_block.iter().all(|&m| !m));
    }
}
