//! Conflict analysis: first-UIP learning with recursive minimisation.
//!
//! `analyze` resolves the conflicting clause with the reasons of its literals
//! at the conflict level, in reverse trail order, until one literal of that
//! level is left: the first unique implication point (Marques-Silva and
//! Sakallah 1996; Zhang et al. 2001). The learnt clause then drops every
//! literal implied by the others (recursive minimisation, Sörensson and Biere
//! 2009), using "abstract levels" to give up early. Every variable resolved
//! on is bumped, and with `bump_reasons` those of the learnt literals'
//! reasons too (`reason_side.rs`).
//!
//! Pre: the conflict is at decision level > 0. Post: `learnt[0]` is the
//! asserting literal, `learnt[1]` has the highest level of the rest, `seen`
//! is all zero. Nothing allocates once the scratch buffers of [`Analysis`]
//! have grown.

use satoku_formula::{Lit, Var};

use crate::search::clause_db::ClauseRef;
use crate::search::decide::Branching;
use crate::search::propagate::Conflict;
use crate::search::reason::{Reason, ReasonKind};
use crate::search::trail::Trail;
use crate::search::unchecked::{at, set};
use crate::solver::Solver;

mod assumptions;
mod minimize;
mod reason_side;
mod shrink;

use reason_side::ReasonSide;
use shrink::Shrink;

/// Scratch of conflict analysis, reused from one conflict to the next.
#[derive(Default)]
pub(crate) struct Analysis {
    /// Per variable: marked in the current analysis.
    seen: Vec<u8>,
    /// The clause being learnt.
    learnt: Vec<Lit>,
    /// Depth-first stack of `shrink_to_assumptions`.
    stack: Vec<Lit>,
    /// Minimisation's depth-first path: each literal under test with the
    /// index of the next literal of its reason to read.
    path: Vec<(Lit, usize)>,
    /// Literals marked `seen` besides the learnt ones, to clear.
    toclear: Vec<Lit>,
    /// Per decision level: the stamp of the last LBD count that met it.
    level_stamp: Vec<u32>,
    stamp: u32,
    /// Per variable, for `shrink_to_assumptions`; all false between calls.
    marks: Vec<bool>,
    /// `shrink_to_assumptions`: the variables it marked, and the negated
    /// assumptions it found.
    shrink_marked: Vec<Var>,
    shrink_out: Vec<Lit>,
    /// Reason-side bumping (`reason_side.rs`).
    reason_side: ReasonSide,
    /// Shrinking (`shrink.rs`).
    shrink: Shrink,
}

impl Analysis {
    /// Makes room for variables `0..n` and levels `0..=n`.
    pub fn grow(&mut self, n: usize) {
        self.seen.resize(n, 0);
        self.marks.resize(n, false);
        self.shrink.grow(n);
        self.grow_levels(n + 1);
    }

    /// Makes room for decision levels `0..n`.
    pub fn grow_levels(&mut self, n: usize) {
        if self.level_stamp.len() < n {
            self.level_stamp.resize(n, 0);
        }
    }

    /// Takes the learnt clause (or the buffer, as scratch); give it back
    /// with [`Analysis::restore_learnt`] to keep its capacity.
    pub fn take_learnt(&mut self) -> Vec<Lit> {
        std::mem::take(&mut self.learnt)
    }

    /// The clause learnt last (until it is taken).
    pub fn learnt(&self) -> &[Lit] {
        &self.learnt
    }

    /// Gives back the buffer taken by [`Analysis::take_learnt`].
    pub fn restore_learnt(&mut self, learnt: Vec<Lit>) {
        self.learnt = learnt;
    }
}

/// What marking a literal in conflict analysis writes, borrowed apart from
/// the clause arena that is being read.
struct Marking<'a> {
    trail: &'a Trail,
    analysis: &'a mut Analysis,
    branching: &'a mut Branching,
    assumption_levels: usize,
    floor: u32,
    current: u32,
}

/// The [`Marking`] of a solver's analysis, a borrow per field: a macro, not
/// a function taking the solver, so that the caller may still read its
/// clause arena.
macro_rules! marking {
    ($solver:expr, $floor:expr, $current:expr) => {
        Marking {
            trail: &$solver.trail,
            analysis: &mut $solver.analysis,
            branching: &mut $solver.branching,
            assumption_levels: $solver.scope.num_assumptions(),
            floor: $floor,
            current: $current,
        }
    };
}

impl Marking<'_> {
    /// Marks literal `q` of a clause being resolved: true when it is of the
    /// current level (to be resolved on), else it joins the learnt clause
    /// (unless it is a fact below the floor, or already marked). Always
    /// inlined into the analysis loop.
    #[inline(always)]
    fn mark(&mut self, q: Lit) -> bool {
        let v = q.var();
        let level = self.trail.level_of(v);
        if at(&self.analysis.seen, v.index()) != 0 || level <= self.floor {
            return false;
        }
        // Variables of assumption levels keep their values for the whole
        // call: bumping them only churns the heap.
        if level as usize > self.assumption_levels {
            self.branching.bump(v);
        }
        set(&mut self.analysis.seen, v.index(), 1);
        if level >= self.current {
            return true;
        }
        self.analysis.learnt.push(q);
        false
    }
}

impl Solver {
    /// Learns a clause from `conflict` (taken with
    /// [`Analysis::take_learnt`]); returns the level to backjump to and the
    /// clause's LBD.
    pub(crate) fn analyze(&mut self, conflict: Conflict) -> (u32, u32) {
        let current = self.trail.decision_level();
        debug_assert!(current > self.scope.floor());
        // Literals at or below the floor are facts here, as root ones are.
        let floor = self.scope.floor();
        self.analysis.learnt.clear();
        self.analysis.learnt.push(Lit::default());
        let mut pending = match conflict {
            Conflict::Long(c) => self.analyze_clause(c, None, floor, current),
            Conflict::Binary(a, b) => {
                u32::from(self.analyze_lit(a, floor, current))
                    + u32::from(self.analyze_lit(b, floor, current))
            }
        };
        let mut index = self.trail.len();
        let p = loop {
            // The next literal of the trail to resolve on.
            loop {
                index -= 1;
                let lit = at(self.trail.lits(), index);
                if at(&self.analysis.seen, lit.var().index()) != 0 {
                    break;
                }
            }
            let lit = self.trail.lits()[index];
            self.analysis.seen[lit.var().index()] = 0;
            pending -= 1;
            if pending == 0 {
                break lit;
            }
            pending += match self.trail.reason_of(lit.var()).kind() {
                ReasonKind::Long(c) => self.analyze_clause(c, Some(lit), floor, current),
                ReasonKind::Binary(q) => u32::from(self.analyze_lit(q, floor, current)),
                ReasonKind::None => unreachable!("a literal above the UIP has a reason"),
            };
        };
        self.analysis.learnt[0] = !p;
        self.minimize();
        if self.config.shrink {
            self.shrink();
        }
        self.shrink_to_assumptions();
        let backjump = self.put_highest_level_second();
        let lbd = self.compute_lbd();
        if self.config.bump_reasons {
            self.bump_reason_side();
        }
        for &lit in &self.analysis.toclear {
            self.analysis.seen[lit.var().index()] = 0;
        }
        for &lit in &self.analysis.learnt {
            self.analysis.seen[lit.var().index()] = 0;
        }
        (backjump, lbd)
    }

    /// Marks the literals of arena clause `c` but `skip` (the literal it
    /// implied); returns how many are of the current level. Always inlined
    /// into the analysis loop, as the one function it was before the split:
    /// a call per antecedent and per literal costs instructions on every
    /// conflict.
    #[inline(always)]
    fn analyze_clause(&mut self, c: ClauseRef, skip: Option<Lit>, floor: u32, current: u32) -> u32 {
        self.touch_clause(c);
        // The clause stays borrowed while the other fields are written:
        // one slice for the loop, not one per literal.
        let mut marking = marking!(self, floor, current);
        let mut pending = 0;
        for &q in self.db.lits(c) {
            if Some(q) != skip {
                pending += u32::from(marking.mark(q));
            }
        }
        pending
    }

    /// Marks literal `q` of a clause being resolved, as [`Marking::mark`].
    #[inline(always)]
    fn analyze_lit(&mut self, q: Lit, floor: u32, current: u32) -> bool {
        marking!(self, floor, current).mark(q)
    }

    /// How many literals analysis reads of reason `r`: all of an arena
    /// clause, or of an implicit binary reason only the other literal
    /// (every reader skips the implied one).
    #[inline]
    fn reason_len(&self, r: Reason) -> usize {
        match r.clause() {
            Some(c) => self.db.len(c),
            None => 1,
        }
    }

    /// Literal `k` of reason `r` (see [`Solver::reason_len`]).
    #[inline]
    fn reason_lit(&self, r: Reason, k: usize) -> Lit {
        match r.kind() {
            ReasonKind::Long(c) => self.db.lits(c)[k],
            ReasonKind::Binary(other) => other,
            ReasonKind::None => unreachable!("a decision has no reason to read"),
        }
    }

    /// Bumps a learnt clause used in analysis and refreshes its LBD. Binary
    /// clauses are never read from the arena here: learnt ones are kept
    /// forever (LBD <= 2), so their activity and use flag do not matter.
    fn touch_clause(&mut self, cref: ClauseRef) {
        if !self.db.is_learnt(cref) {
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
        let analysis = &mut self.analysis;
        analysis.stamp = analysis.stamp.wrapping_add(1);
        let mut lbd = 0;
        for &lit in self.db.lits(cref) {
            let level = self.trail.level_of(lit.var()) as usize;
            if analysis.level_stamp[level] != analysis.stamp {
                analysis.level_stamp[level] = analysis.stamp;
                lbd += 1;
            }
        }
        lbd
    }

    /// Number of distinct decision levels in the learnt clause.
    pub(crate) fn compute_lbd(&mut self) -> u32 {
        self.analysis.stamp = self.analysis.stamp.wrapping_add(1);
        let mut lbd = 0;
        for &lit in &self.analysis.learnt {
            let level = self.trail.level_of(lit.var()) as usize;
            if self.analysis.level_stamp[level] != self.analysis.stamp {
                self.analysis.level_stamp[level] = self.analysis.stamp;
                lbd += 1;
            }
        }
        lbd
    }

    /// Moves the literal of highest level among `learnt[1..]` to position 1
    /// and returns that level (for a unit, the scope floor: the root outside
    /// scoped calls).
    fn put_highest_level_second(&mut self) -> u32 {
        if self.analysis.learnt.len() == 1 {
            return self.scope.floor();
        }
        let mut best = 1;
        for i in 2..self.analysis.learnt.len() {
            if self.trail.level_of(self.analysis.learnt[i].var())
                > self.trail.level_of(self.analysis.learnt[best].var())
            {
                best = i;
            }
        }
        self.analysis.learnt.swap(1, best);
        self.trail.level_of(self.analysis.learnt[1].var())
    }
}

/// Hand-built implication graphs for the unit tests of `minimize.rs` and
/// `shrink.rs`.
#[cfg(test)]
pub(super) mod test_graph {
    use satoku_formula::{Cnf, Lit};

    use crate::search::propagate::Conflict;
    use crate::{Solver, SolverConfig};

    /// A solver on `clauses` after deciding `decisions` (DIMACS) in turn:
    /// each but the last propagates without a conflict, the last one
    /// conflicts, and its conflict is returned, not yet analysed.
    pub fn conflict_after(
        clauses: &[&[i64]],
        config: SolverConfig,
        decisions: &[i64],
    ) -> (Solver, Conflict) {
        let cnf = Cnf::from_dimacs(clauses);
        let mut solver = Solver::from_cnf(&cnf, config);
        let (&last, before) = decisions.split_last().expect("a decision");
        for &decision in before {
            solver.decide_lit(Lit::from_dimacs(decision), false);
            assert!(solver.propagate().is_none(), "deciding {decision}");
        }
        solver.decide_lit(Lit::from_dimacs(last), false);
        let conflict = solver.propagate().expect("the last decision conflicts");
        (solver, conflict)
    }
}
