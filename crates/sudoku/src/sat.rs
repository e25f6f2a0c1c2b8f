//! The SAT path: encode, solve with satoku's engine, decode; count by blocking.
//!
//! [`SatSudoku`] is the front door: a value the caller owns, holding one
//! engine per (box size, encoding), each loaded once with the rules and
//! solving every puzzle under its givens as assumptions, so nothing is
//! rebuilt between puzzles (the incremental use MiniSat was made for).
//! Legality is checked first, as in the direct solver, so that "illegal" and
//! "no solution" stay different answers (to the SAT engine both are UNSAT).
//! The engine is called scoped ([`Solver::solve_scoped`]): the givens are
//! facts of the call, so conflict analysis stops at them as at root units,
//! learnt clauses stay short, and what a puzzle taught the engine is
//! forgotten when the call returns (clauses learnt under one puzzle's givens
//! do not hold for the next).
//!
//! [`solve_once`] is the one-shot path, kept for `encode`-style uses and
//! tests: a fresh engine gets the formula of [`crate::encode`] simplified by
//! the givens ([`load`]): a unit clause for every value a given forces
//! directly (its own variable true; the other digits of its cell and its
//! digit in its row, column and block false), then the rule clauses without
//! those the units satisfy and without the literals they falsify. That is
//! what the engine's own unit propagation at the root would make of the
//! full formula, done while the clauses are generated: the models are the
//! same, and the engine builds far fewer watch lists.
//!
//! Each model is decoded and checked against the puzzle; to count, the found
//! solution is blocked with one clause (not all of its open cells keep their
//! digits) and the same incremental solver is asked again.
//!
//! The engine decides with phase saving off and phase true
//! ([`engine_config`]): a decision then puts a digit in a cell, which rules
//! out up to 28 candidates at once on a 9x9 grid instead of one. Activities
//! decay faster than the engine's default: a puzzle takes tens of
//! conflicts, and following the latest ones more closely takes fewer
//! (`docs/benchmarks.md` has the figures).
//!
//! Checking answers: a session's engine does not check its models against
//! its clauses; [`decode`](crate::decode) checks each answer completely
//! instead (exactly one digit per cell, every row, column and block a
//! permutation, every given kept), which is what the rule clauses and the
//! givens say, and a counted solution is checked to differ from the ones
//! found before (what its blocking clauses say). A model that fails is an
//! error, never an answer.

use std::sync::atomic::AtomicBool;

use satoku_formula::Lit;
use satoku_solver::{Solver, SolverConfig};

use crate::encode::{for_each_rule_clause, var_of};
use crate::session::{count_solutions, Session};
use crate::{Answer, Encoding, Error, Grid};

/// Solves sudokus of any size through SAT, keeping one engine per
/// (box size, encoding), created on first use and reused by every later
/// puzzle of that kind. Not shared between threads: give each its own.
///
/// ```
/// use satoku_sudoku::{Grid, SatSudoku};
///
/// let puzzle: Grid = ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
///     .parse()
///     .unwrap();
/// let mut sat = SatSudoku::new();
/// assert_eq!(sat.solve(&puzzle, 10)?.count(), 2);
/// # Ok::<(), satoku_sudoku::Error>(())
/// ```
#[derive(Default)]
pub struct SatSudoku {
    sessions: Vec<Session>,
}

impl SatSudoku {
    /// No engine yet: each is built by the first puzzle that needs it.
    pub fn new() -> SatSudoku {
        SatSudoku::default()
    }

    /// Solves `puzzle` with the extended encoding, counting solutions up to
    /// `limit` (at least 1); see [`SatSudoku::solve_with`].
    pub fn solve(&mut self, puzzle: &Grid, limit: usize) -> Result<Answer, Error> {
        self.solve_with(puzzle, limit, Encoding::Extended)
    }

    /// Solves `puzzle` through SAT with `encoding`, counting solutions up to
    /// `limit` (at least 1).
    ///
    /// Fails if the engine answers "unknown" or returns a model that is not
    /// a valid grid for the puzzle (a solver bug, never hidden).
    pub fn solve_with(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        encoding: Encoding,
    ) -> Result<Answer, Error> {
        self.solve_until(puzzle, limit, encoding, &AtomicBool::new(false))
    }

    /// [`SatSudoku::solve_with`] that ends the count, before the next
    /// model, once `stop` is raised (another thread's interrupt): the
    /// answer then holds the solutions found so far, a lower bound.
    pub fn solve_until(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        encoding: Encoding,
        stop: &AtomicBool,
    ) -> Result<Answer, Error> {
        if let Some(conflict) = puzzle.first_conflict() {
            return Ok(Answer::Illegal(conflict));
        }
        self.session(puzzle.box_size(), encoding)
            .solve(puzzle, limit, stop)
    }

    /// The session for `box_size` and `encoding`, built when missing.
    fn session(&mut self, box_size: usize, encoding: Encoding) -> &mut Session {
        let key = (box_size, encoding);
        match self.sessions.iter().position(|s| s.key() == key) {
            Some(i) => &mut self.sessions[i],
            None => {
                self.sessions.push(Session::new(box_size, encoding));
                self.sessions.last_mut().expect("just pushed")
            }
        }
    }
}

/// The engine's options on the SAT path: decisions set a variable true (a
/// digit in a cell) with no phase saving, activities decay by 0.9 per
/// conflict, and no limits. The root techniques for large formulas
/// (probing, substitution, congruence, Gaussian elimination of XORs,
/// subsumption, elimination and its trial, vivification) are off: the
/// encoding is simplified by the givens already ([`load`]), a round would
/// cost more than the search, a removed cell variable would come back with
/// the first blocking clause, and the search a trace shows is over the
/// cells themselves. Reason-side bumping and the restart floor are off
/// too: these searches of tens of conflicts took more conflicts with each
/// (`docs/decisions/reason-side-bumping.md` and `restart-floor.md`).
pub fn engine_config() -> SolverConfig {
    SolverConfig {
        initial_phase: true,
        phase_saving: false,
        var_decay: 0.9,
        bump_reasons: false,
        restart_floor: false,
        ..SolverConfig::default()
    }
    .without_simplification()
}

/// Solves a legal `puzzle` with a fresh engine loaded with the encoding
/// simplified by its givens ([`load`]). The engine checks its models against
/// that formula, and [`decode`](crate::decode) checks the grid.
pub fn solve_once(puzzle: &Grid, limit: usize, encoding: Encoding) -> Result<Answer, Error> {
    let mut solver = Solver::new(engine_config());
    load(&mut solver, puzzle, encoding);
    count_solutions(&mut solver, puzzle, limit, &[], &AtomicBool::new(false))
}

/// Adds `encode(puzzle, encoding)` simplified by the givens' direct
/// consequences to `solver` (see the module docs). `puzzle` must be legal.
pub fn load(solver: &mut Solver, puzzle: &Grid, encoding: Encoding) {
    let side = puzzle.side();
    let n = puzzle.box_size();
    // 1 true, -1 false, 0 open; indexed by variable.
    let mut fixed = vec![0i8; side * side * side];
    for row in 0..side {
        for col in 0..side {
            let d = puzzle.get(row, col);
            if d == 0 {
                continue;
            }
            for other in 1..=side as u8 {
                fixed[var_of(side, row, col, other).index()] = -1;
            }
            let (row0, col0) = (row - row % n, col - col % n);
            for i in 0..side {
                fixed[var_of(side, row, i, d).index()] = -1;
                fixed[var_of(side, i, col, d).index()] = -1;
                fixed[var_of(side, row0 + i / n, col0 + i % n, d).index()] = -1;
            }
            fixed[var_of(side, row, col, d).index()] = 1;
        }
    }
    solver.ensure_vars(side * side * side);
    for (v, &value) in fixed.iter().enumerate() {
        if value != 0 {
            solver.add_clause(&[satoku_formula::Var::new(v as u32).lit(value > 0)]);
        }
    }
    let value = |lit: Lit| fixed[lit.var().index()] * if lit.is_negated() { -1 } else { 1 };
    let mut kept: Vec<Lit> = Vec::with_capacity(side);
    for_each_rule_clause(n, encoding, false, |clause| {
        if clause.iter().any(|&l| value(l) > 0) {
            return;
        }
        kept.clear();
        kept.extend(clause.iter().copied().filter(|&l| value(l) == 0));
        solver.add_clause(&kept);
    });
}

#[cfg(test)]
#[path = "sat_tests.rs"]
mod tests;
