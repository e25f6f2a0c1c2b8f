//! Reason-side bumping (Liang, Ganesh, Poupart and Czarnecki 2016; Kissat's
//! and CaDiCaL's `bumpreasons`): after a conflict, the variables in the
//! reasons of the learnt clause's literals are bumped too, not only those
//! resolved on. They are what made the clause's literals false, so the
//! next decisions go near the conflict's cause, which on structured
//! formulas (circuits, sorting networks, pigeonholes) finds shorter
//! refutations and models sooner.
//!
//! It is off on formulas of long clauses of one length
//! (`ClauseDb::looks_uniform_random`: uniform random k-SAT): there every
//! variable is as near the conflict as the next, and
//! the bumps only cost time and scatter the search. It is skipped while
//! conflicts come more than [`REASON_SIDE_MAX_DECISION_RATE`] decisions
//! apart on average (an exponential moving average): the search is then
//! rebuilding its trail after a restart or wandering without conflicts,
//! and the reasons of a rare conflict say little about the next ones.
//!
//! A learnt clause whose reasons hold more than [`REASON_SIDE_LIMIT`] new
//! variables per literal bumps none of them: bumping that many would
//! drown the clause's own variables. The next conflicts then skip the
//! step, a number that doubles on each such clause (up to
//! [`REASON_SIDE_MAX_DELAY`]) and halves on each clause within the limit.

use satoku_formula::Var;

use super::Analysis;
use crate::api::config::{
    REASON_SIDE_LIMIT, REASON_SIDE_MAX_DECISION_RATE, REASON_SIDE_MAX_DELAY, REASON_SIDE_RATE_ALPHA,
};
use crate::search::reason::ReasonKind;
use crate::search::trail::Trail;
use crate::solver::Solver;

/// The scratch and the skipping state of reason-side bumping.
#[derive(Default)]
pub(crate) struct ReasonSide {
    /// The variables marked `seen` by the current step.
    marked: Vec<Var>,
    /// Conflicts still to skip, and the length of the last skip.
    delay: u32,
    delay_length: u32,
    /// The moving average of decisions per conflict, and the decision
    /// count at the last conflict.
    decision_rate: f64,
    decisions_before: u64,
}

impl Solver {
    /// Bumps the variables of the reasons of `learnt[1..]` that are not yet
    /// `seen` (module docs). Pre: the learnt clause and what minimisation
    /// visited are marked `seen`; post: the same marks, no more.
    pub(super) fn bump_reason_side(&mut self) {
        if self.db.looks_uniform_random() {
            return;
        }
        let side = &mut self.analysis.reason_side;
        let decisions = self.stats.decisions - side.decisions_before;
        side.decisions_before = self.stats.decisions;
        side.decision_rate += REASON_SIDE_RATE_ALPHA * (decisions as f64 - side.decision_rate);
        if side.decision_rate > REASON_SIDE_MAX_DECISION_RATE {
            return;
        }
        if side.delay > 0 {
            side.delay -= 1;
            return;
        }
        let within = self.mark_reason_side();
        let marked = std::mem::take(&mut self.analysis.reason_side.marked);
        for &v in &marked {
            self.analysis.seen[v.index()] = 0;
            // As in analysis: assumption levels keep their values.
            if within && self.trail.level_of(v) as usize > self.scope.num_assumptions() {
                self.bump_var(v);
            }
        }
        let side = &mut self.analysis.reason_side;
        side.marked = marked;
        side.marked.clear();
        if within {
            side.delay_length /= 2;
        } else {
            side.delay_length = (2 * side.delay_length).clamp(1, REASON_SIDE_MAX_DELAY);
            side.delay = side.delay_length;
        }
    }

    /// Marks `seen` the reason-side variables (open above the scope floor)
    /// into `reason_side.marked`; false once they pass the limit.
    fn mark_reason_side(&mut self) -> bool {
        let learnt_len = self.analysis.learnt.len();
        let limit = REASON_SIDE_LIMIT * learnt_len;
        let (trail, floor) = (&self.trail, self.scope.floor());
        for i in 1..learnt_len {
            let v = self.analysis.learnt[i].var();
            let analysis = &mut self.analysis;
            let over = match trail.reason_of(v).kind() {
                ReasonKind::None => false,
                ReasonKind::Binary(other) => {
                    mark_side(analysis, trail, floor, v, other.var(), limit)
                }
                ReasonKind::Long(c) => self
                    .db
                    .lits(c)
                    .iter()
                    .any(|l| mark_side(analysis, trail, floor, v, l.var(), limit)),
            };
            if over {
                return false;
            }
        }
        true
    }
}

/// Marks `u`, of the reason of learnt literal `v`'s variable, if it is a
/// new variable open above `floor`: true when the marked pass `limit`.
#[inline(always)]
fn mark_side(
    analysis: &mut Analysis,
    trail: &Trail,
    floor: u32,
    v: Var,
    u: Var,
    limit: usize,
) -> bool {
    if u == v || analysis.seen[u.index()] != 0 || trail.level_of(u) <= floor {
        return false;
    }
    analysis.seen[u.index()] = 1;
    analysis.reason_side.marked.push(u);
    analysis.reason_side.marked.len() > limit
}

#[cfg(test)]
mod tests {
    use satoku_formula::{Cnf, Lit};

    use crate::{Solver, SolverConfig};

    fn lit(dimacs: i64) -> Lit {
        Lit::from_dimacs(dimacs)
    }

    /// Deciding 1 implies 2 (binary reason -1 2); deciding 3 implies 4 and
    /// then both 5 and -5. The learnt clause is (-3 -2): variable 1 is on
    /// its reason side only. Returns the activities of 1 and 2 after the
    /// analysis, and the learnt clause.
    fn analyse(bump_reasons: bool, clauses: &[&[i64]]) -> (f64, f64, Vec<Lit>) {
        let cnf = Cnf::from_dimacs(clauses);
        let config = SolverConfig {
            bump_reasons,
            ..SolverConfig::default()
        };
        let mut solver = Solver::from_cnf(&cnf, config);
        solver.decide_lit(lit(1), false);
        assert!(solver.propagate().is_none());
        solver.decide_lit(lit(3), false);
        let conflict = solver.propagate().expect("5 and -5");
        solver.analyze(conflict);
        let learnt = solver.analysis.learnt().to_vec();
        let activity = |d: i64| solver.branching.activity(lit(d).var());
        (activity(1), activity(2), learnt)
    }

    const CHAIN: [&[i64]; 4] = [&[-1, 2], &[-3, -2, 4], &[-3, -4, 5], &[-3, -4, -5]];

    #[test]
    fn the_reason_of_a_learnt_literal_is_bumped() {
        let (one, two, learnt) = analyse(true, &CHAIN);
        assert_eq!(learnt, vec![lit(-3), lit(-2)]);
        assert!(one > 0.0 && two > 0.0, "{one} {two}");
    }

    #[test]
    fn off_only_the_analysed_variables_are_bumped() {
        let (one, two, learnt) = analyse(false, &CHAIN);
        assert_eq!(learnt, vec![lit(-3), lit(-2)]);
        assert_eq!(one, 0.0);
        assert!(two > 0.0);
    }

    #[test]
    fn a_formula_of_long_clauses_bumps_no_reason_side() {
        // The same chain with 200 long clauses over other variables: the
        // one binary clause is under one in a hundred.
        let long: Vec<Vec<i64>> = (0..200).map(|i| vec![10 + i, 11 + i, 12 + i]).collect();
        let mut clauses: Vec<&[i64]> = CHAIN.to_vec();
        clauses.extend(long.iter().map(Vec::as_slice));
        let (one, _, learnt) = analyse(true, &clauses);
        assert_eq!(learnt, vec![lit(-3), lit(-2)]);
        assert_eq!(one, 0.0);
    }
}
