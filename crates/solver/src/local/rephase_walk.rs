//! The walk rephase: a ProbSAT walk (`walk.rs`) from the current phases
//! over the irredundant clauses, whose best assignment becomes the saved
//! phases (`rephase.rs`).
//!
//! Its budget in flips is a share of the literals propagated since the
//! last walk, at most a number per conflict since then, both times the
//! growth earned by walks that came close (`Rephasing::walked`). On
//! formulas with many binary clauses (`Walker::mostly_long` false:
//! structured ones, where propagation finds what a walk would and walks
//! rarely find the model) the budget is `WALK_STRUCTURED_DIVISOR` times
//! smaller, and so it is on formulas of long clauses of many lengths
//! (`ClauseDb::mostly_one_length` false:
//! circuits, not uniform random k-SAT), which earn no growth either.
//! There the walk also stops once its flips have visited
//! `WALK_STRUCTURED_TICKS_PER_FLIP` occurrences per flip of that budget:
//! a flip visits every clause of its variable, so on a dense formula
//! (hundreds of clauses per variable) the same flips would cost the
//! search a large share of its time.
//!
//! Walking adds and deletes no clause, so proofs are untouched; it runs
//! only at the root of a call without assumptions (the learnt clauses are
//! then implied by the formula, so a model of the formula satisfies them
//! and the descent meets no conflict).

use satoku_formula::{Lit, Var};

use crate::api::config::{
    WALK_EFFORT_PER_MILLE, WALK_MAX_FLIPS_PER_CONFLICT, WALK_MIN_FLIPS, WALK_STRUCTURED_DIVISOR,
    WALK_STRUCTURED_TICKS_PER_FLIP,
};
use crate::local::walk::{WalkBudget, Walker};
use crate::search::trail::{FALSE, OPEN, TRUE};
use crate::solver::Solver;

/// How long a walk may go after `propagations` literals propagated and
/// `conflicts` conflicts since the last walk, at `growth` times the first
/// walk's effort, on a formula of `long` clauses or not (module docs).
fn walk_budget(propagations: u64, conflicts: u64, growth: u64, long: bool) -> WalkBudget {
    let by_propagations = propagations * WALK_EFFORT_PER_MILLE / 1000;
    let by_conflicts = conflicts * WALK_MAX_FLIPS_PER_CONFLICT;
    let flips = (by_propagations.min(by_conflicts) * growth).max(WALK_MIN_FLIPS);
    if long {
        WalkBudget {
            flips,
            ticks: u64::MAX,
        }
    } else {
        let flips = flips / WALK_STRUCTURED_DIVISOR;
        WalkBudget {
            flips,
            ticks: flips.saturating_mul(WALK_STRUCTURED_TICKS_PER_FLIP),
        }
    }
}

impl Solver {
    /// Walks from the current decision phases over the irredundant clauses
    /// (module docs), at the root of a call without assumptions, and makes
    /// the best assignment found the saved phases; a model found becomes every
    /// phase (target and best too), so the next descent reaches it.
    pub(crate) fn walk(&mut self) {
        debug_assert_eq!(self.trail.decision_level(), 0);
        let values = (0..self.num_vars())
            .map(|v| {
                let v = Var::new(v as u32);
                match self.trail.value(v.positive()) {
                    OPEN => self.decision_phase(v),
                    val => val == TRUE,
                }
            })
            .collect();
        let (lits, starts) = self.open_clauses();
        let mut walker = Walker::new(lits, starts, values, self.stats.walks + 1);
        let uniform = walker.mostly_long() && self.db.mostly_one_length();
        let walk_budget = self.walk_budget(uniform);
        let budget = &self.budget;
        let config = &self.config;
        let model = walker.walk(walk_budget, || budget.interrupted(config));
        self.stats.walks += 1;
        self.stats.walk_flips += walker.flips();
        let close = uniform && walker.came_close();
        self.rephasing
            .walked(self.stats.propagations, self.stats.conflicts, close);
        let saved = self.branching.saved_phases_mut();
        for (v, &value) in walker.best().iter().enumerate() {
            if self.trail.is_open(Var::new(v as u32)) {
                saved[v] = value;
            }
        }
        if model {
            self.phases.set_all(walker.best());
        }
    }

    /// How long the next walk may go (`walk_budget`), on a formula of
    /// `long` clauses or not.
    fn walk_budget(&self, long: bool) -> WalkBudget {
        let (propagations, conflicts) = self.rephasing.last_walk();
        walk_budget(
            self.stats.propagations - propagations,
            self.stats.conflicts - conflicts,
            self.rephasing.walk_growth(),
            long,
        )
    }

    /// The irredundant clauses not satisfied at the root, without their
    /// literals false there, one after the other, and where each starts.
    fn open_clauses(&self) -> (Vec<Lit>, Vec<u32>) {
        let (mut lits, mut starts) = (Vec::new(), vec![0]);
        for &c in self.db.originals() {
            let clause = self.db.lits(c);
            if self.db.is_deleted(c) || clause.iter().any(|&l| self.trail.value(l) == TRUE) {
                continue;
            }
            lits.extend(clause.iter().filter(|&&l| self.trail.value(l) != FALSE));
            starts.push(lits.len() as u32);
        }
        (lits, starts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_the_smaller_bound_times_the_growth_and_a_tenth_on_structured_formulas() {
        let flips = |p, c, g, long| walk_budget(p, c, g, long).flips;
        // 1 flip per propagated literal, at most 100 per conflict.
        assert_eq!(flips(2_000_000, 100_000, 1, true), 2_000_000);
        assert_eq!(flips(2_000_000, 10_000, 1, true), 1_000_000);
        assert_eq!(flips(2_000_000, 10_000, 4, true), 4_000_000);
        assert_eq!(flips(0, 0, 1, true), WALK_MIN_FLIPS);
        assert_eq!(
            flips(2_000_000, 10_000, 4, false),
            4_000_000 / WALK_STRUCTURED_DIVISOR
        );
        assert_eq!(
            flips(0, 0, 1, false),
            WALK_MIN_FLIPS / WALK_STRUCTURED_DIVISOR
        );
    }

    #[test]
    fn only_walks_on_structured_formulas_count_the_occurrences_they_visit() {
        assert_eq!(walk_budget(2_000_000, 10_000, 4, true).ticks, u64::MAX);
        let structured = walk_budget(2_000_000, 10_000, 4, false);
        assert_eq!(
            structured.ticks,
            structured.flips * WALK_STRUCTURED_TICKS_PER_FLIP
        );
    }

    /// 90 clauses of 3 literals and `long` of 5, loaded whole or added one
    /// by one: whether they count as of one length.
    fn one_length(long: usize, one_by_one: bool) -> bool {
        let mut cnf = satoku_gen::random_ksat(30, 90, 3, 1);
        for clause in satoku_gen::random_ksat(30, long, 5, 2).clauses() {
            cnf.add_clause(clause);
        }
        let solver = if one_by_one {
            let mut solver = Solver::default();
            for clause in cnf.clauses() {
                solver.add_clause(clause);
            }
            solver
        } else {
            Solver::from_cnf(&cnf, crate::SolverConfig::default())
        };
        solver.db.mostly_one_length()
    }

    #[test]
    fn both_ways_of_adding_clauses_count_their_lengths() {
        for one_by_one in [false, true] {
            assert!(one_length(0, one_by_one));
            assert!(one_length(10, one_by_one), "90 % of one length");
            assert!(!one_length(11, one_by_one), "under 90 %");
            assert!(!one_length(90, one_by_one));
        }
    }
}
