//! The SAT path: encode, solve with satoku's engine, decode; count by blocking.
//!
//! Legality is checked first, as in the direct solver, so that "illegal" and
//! "no solution" stay different answers (to the SAT engine both are UNSAT).
//!
//! The engine gets the formula of [`crate::encode`] simplified by the givens
//! ([`load`]): a unit clause for every value a given forces directly (its own
//! variable true; the other digits of its cell and its digit in its row,
//! column and block false), then the rule clauses without those the units
//! satisfy and without the literals they falsify. That is what the engine's
//! own unit propagation at the root would make of the full formula, done
//! while the clauses are generated: the models are the same, and the engine
//! builds far fewer watch lists (a 17-clue 9x9 keeps about a third of the
//! 11,988 clauses).
//! Each model is decoded and checked against the puzzle; to count, the found
//! solution is blocked with one clause (not all of its open cells keep their
//! digits) and the same incremental solver is asked again.
//!
//! [`solve`] goes further: a per-thread [`Session`] loads the rules once per
//! grid size and solves each puzzle under its givens as assumptions, so
//! nothing is rebuilt between puzzles (the incremental use MiniSat was made
//! for). The engine is called scoped ([`Solver::solve_scoped`]): the givens
//! are facts of the call, so conflict analysis stops at them as at root
//! units, learnt clauses stay short, and what a puzzle taught the engine is
//! forgotten when the call returns (clauses learnt under one puzzle's
//! givens do not hold for the next). [`load`] and [`solve_once`] are the
//! one-shot path, kept for `encode`-style uses and tests.
//!
//! The engine decides with phase saving off and phase true
//! ([`engine_config`]): a decision then puts a digit in a cell, which rules
//! out up to 28 candidates at once on a 9x9 grid instead of one (forum-hardest
//! puzzles: 58 decisions and 42 conflicts per puzzle become 44 and 37).
//! Activities decay by 0.9 per conflict instead of the engine's 0.95: a
//! puzzle takes tens of conflicts, and following the latest ones more
//! closely takes fewer on every shared set (forum hardest 37.7 -> 36.8 per
//! puzzle, top1465 11.5 -> 10.2, top95 11.0 -> 8.8; docs/benchmarks.md).
//!
//! Checking answers: the session's engine does not check its models against
//! its clauses; [`decode`] checks each answer completely instead (exactly one
//! digit per cell, every row, column and block a permutation, every given
//! kept), which is what the rule clauses and the givens say, and a counted
//! solution is checked to differ from the ones found before (what its
//! blocking clauses say). A model that fails is an error, never an answer.

use std::collections::HashSet;

use satoku_formula::Lit;
use satoku_solver::{SolveResult, Solver, SolverConfig};

use crate::encode::{cell_var, for_each_rule_clause};
use crate::{decode, Answer, Encoding, Error, Grid};

/// Solves `puzzle` through SAT, counting solutions up to `limit` (at least 1).
///
/// Fails if the engine answers "unknown" or returns a model that is not a
/// valid grid for the puzzle (a solver bug, never hidden). Runs on this
/// thread's [`Session`] for the puzzle's size and encoding.
///
/// ```
/// use satoku_sudoku::{sat, Answer, Encoding, Grid};
///
/// let puzzle: Grid = ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
///     .parse()
///     .unwrap();
/// let answer = sat::solve(&puzzle, 10, Encoding::Extended).unwrap();
/// assert_eq!(answer.count(), 2);
/// ```
pub fn solve(puzzle: &Grid, limit: usize, encoding: Encoding) -> Result<Answer, Error> {
    if let Some(conflict) = puzzle.first_conflict() {
        return Ok(Answer::Illegal(conflict));
    }
    SESSIONS.with(|sessions| {
        let mut sessions = sessions.borrow_mut();
        let key = (puzzle.box_size(), encoding);
        let session = match sessions.iter_mut().position(|s| s.key() == key) {
            Some(i) => &mut sessions[i],
            None => {
                sessions.push(Session::new(puzzle.box_size(), encoding));
                sessions.last_mut().expect("just pushed")
            }
        };
        session.solve(puzzle, limit)
    })
}

/// The engine's options on the SAT path: decisions set a variable true (a
/// digit in a cell) with no phase saving, activities decay by 0.9 per
/// conflict, and no limits.
pub fn engine_config() -> SolverConfig {
    SolverConfig {
        initial_phase: true,
        phase_saving: false,
        var_decay: 0.9,
        ..SolverConfig::default()
    }
}

/// Solves a legal `puzzle` with a fresh engine loaded with the encoding
/// simplified by its givens ([`load`]). The engine checks its models against
/// that formula, and [`decode`] checks the grid.
pub fn solve_once(puzzle: &Grid, limit: usize, encoding: Encoding) -> Result<Answer, Error> {
    let mut solver = Solver::new(engine_config());
    load(&mut solver, puzzle, encoding);
    count_solutions(
        &mut solver,
        puzzle,
        limit,
        &mut Vec::new(),
        None,
        &mut Vec::new(),
    )
}

thread_local! {
    /// One session per (box size, encoding) per thread.
    static SESSIONS: std::cell::RefCell<Vec<Session>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Extra variables (one per counted puzzle) before a session starts afresh.
const MAX_ACTIVATION_VARS: usize = 256;

/// An engine loaded once with the rules of one grid size; each puzzle is
/// solved under its givens as assumptions, so the clauses and watch lists
/// serve every puzzle. Blocking clauses for counting are guarded by a fresh
/// activation literal that is assumed while the puzzle is counted and set
/// false after, which switches them off for good.
pub struct Session {
    box_size: usize,
    encoding: Encoding,
    solver: Solver,
    base_vars: usize,
    assumptions: Vec<Lit>,
    blocking: Vec<Lit>,
}

impl Session {
    /// A session for grids of `box_size` with `encoding` (rules only, no givens).
    pub fn new(box_size: usize, encoding: Encoding) -> Session {
        let side = box_size * box_size;
        let empty = Grid::empty(box_size).expect("box size of a parsed grid");
        // Answers are checked by `decode` in `count_solutions` (module docs).
        let config = SolverConfig {
            check_models: false,
            ..engine_config()
        };
        let mut solver = Solver::new(config);
        load(&mut solver, &empty, encoding);
        Session {
            box_size,
            encoding,
            solver,
            base_vars: side * side * side,
            assumptions: Vec::new(),
            blocking: Vec::new(),
        }
    }

    fn key(&self) -> (usize, Encoding) {
        (self.box_size, self.encoding)
    }

    /// Solves a legal `puzzle` of this session's size, counting up to `limit`.
    pub fn solve(&mut self, puzzle: &Grid, limit: usize) -> Result<Answer, Error> {
        if self.solver.num_vars() >= self.base_vars + MAX_ACTIVATION_VARS {
            *self = Session::new(self.box_size, self.encoding);
        }
        self.assumptions.clear();
        crate::encode::for_each_given(puzzle, |lit| self.assumptions.push(lit));
        let mut activation: Option<Lit> = None;
        let outcome = count_solutions(
            &mut self.solver,
            puzzle,
            limit,
            &mut self.assumptions,
            Some(&mut activation),
            &mut self.blocking,
        );
        self.finish(activation);
        outcome
    }

    /// Switches off the blocking clauses of a counted puzzle for good (what
    /// the puzzle taught the engine went with each scoped call).
    fn finish(&mut self, activation: Option<Lit>) {
        if let Some(act) = activation {
            self.solver.add_clause(&[!act]);
        }
    }
}

/// Counts the solutions of `puzzle` up to `limit` (at least 1) with
/// `solver` under `assumptions`. Each model is decoded and checked, must
/// differ from the solutions before it (what their blocking clauses say:
/// a session's engine checks no model), and is blocked before the next
/// call, which is scoped ([`Solver::solve_scoped`]: what the engine learns
/// under the puzzle's givens is dropped before the next puzzle, and a
/// one-shot engine has no assumptions, so for it the call is a plain solve).
/// With `activation`, blocking clauses are guarded by an activation
/// literal, created when the first one is needed and assumed from then on.
fn count_solutions(
    solver: &mut Solver,
    puzzle: &Grid,
    limit: usize,
    assumptions: &mut Vec<Lit>,
    mut activation: Option<&mut Option<Lit>>,
    blocking: &mut Vec<Lit>,
) -> Result<Answer, Error> {
    let limit = limit.max(1);
    let mut first: Option<Grid> = None;
    let mut count = 0;
    let mut found: HashSet<Grid> = HashSet::new();
    while count < limit {
        let model = match solver.solve_scoped(assumptions) {
            SolveResult::Sat(model) => model,
            SolveResult::Unsat => break,
            SolveResult::Unknown => return Err(Error::SatUnknown { found: count }),
        };
        let grid = decode(puzzle, &model)?;
        if found.contains(&grid) {
            return Err(Error::ModelRepeated { count: count + 1 });
        }
        count += 1;
        blocking.clear();
        push_blocking_lits(puzzle, &grid, blocking);
        if count >= limit || blocking.is_empty() {
            // Done, or the puzzle was full: the one solution is itself.
            first.get_or_insert(grid);
            break;
        }
        if let Some(act) = activation.as_deref_mut() {
            let a = *act.get_or_insert_with(|| {
                let a = satoku_formula::Var::new(solver.num_vars() as u32).positive();
                solver.ensure_vars(solver.num_vars() + 1);
                assumptions.push(a);
                a
            });
            blocking.push(!a);
        }
        solver.add_clause(blocking);
        first.get_or_insert_with(|| grid.clone());
        found.insert(grid);
    }
    Ok(match first {
        Some(solution) => Answer::Solved { solution, count },
        None => Answer::NoSolution,
    })
}

/// Pushes the literals of the clause that blocks `solution`: some open cell
/// of `puzzle` takes another digit.
fn push_blocking_lits(puzzle: &Grid, solution: &Grid, out: &mut Vec<Lit>) {
    let side = puzzle.side();
    for row in 0..side {
        for col in 0..side {
            if puzzle.get(row, col) == 0 {
                out.push(!cell_var(side, row, col, solution.get(row, col)).positive());
            }
        }
    }
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
                fixed[cell_var(side, row, col, other).index()] = -1;
            }
            let (row0, col0) = (row - row % n, col - col % n);
            for i in 0..side {
                fixed[cell_var(side, row, i, d).index()] = -1;
                fixed[cell_var(side, i, col, d).index()] = -1;
                fixed[cell_var(side, row0 + i / n, col0 + i % n, d).index()] = -1;
            }
            fixed[cell_var(side, row, col, d).index()] = 1;
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
mod tests {
    use super::*;
    use crate::solve as direct;

    #[test]
    fn agrees_with_the_direct_solver() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..",
            "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
            "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........",
        ];
        for p in puzzles {
            let grid: Grid = p.parse().unwrap();
            for encoding in [Encoding::Extended, Encoding::Minimal] {
                let via_sat = solve(&grid, 10, encoding).unwrap();
                let via_direct = direct(&grid, 10);
                assert_eq!(via_sat.count(), via_direct.count(), "{p}");
                assert_eq!(
                    std::mem::discriminant(&via_sat),
                    std::mem::discriminant(&via_direct)
                );
                if via_direct.count() == 1 {
                    assert_eq!(via_sat.solution(), via_direct.solution());
                }
            }
        }
    }

    #[test]
    fn the_simplified_formula_has_the_full_formula_s_models() {
        let grid: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        for encoding in [Encoding::Extended, Encoding::Minimal] {
            let mut solver = Solver::new(SolverConfig::default());
            load(&mut solver, &grid, encoding);
            let SolveResult::Sat(model) = solver.solve() else {
                panic!("sat")
            };
            assert!(model.satisfies(&crate::encode(&grid, encoding)));
        }
    }

    #[test]
    fn a_session_keeps_answering_across_many_counted_puzzles() {
        // Each counted puzzle spends an activation variable; past the cap the
        // session starts afresh, and answers must not change.
        let empty = Grid::empty(2).unwrap();
        let full = direct(&empty, 1).solution().unwrap().clone();
        let mut session = Session::new(2, Encoding::Extended);
        for round in 0..2 * MAX_ACTIVATION_VARS + 3 {
            let counted = session.solve(&empty, 3).unwrap();
            assert_eq!(counted.count(), 3, "round {round}");
            let unique = session.solve(&full, 3).unwrap();
            assert_eq!(unique.count(), 1, "round {round}");
        }
        assert!(session.solver.num_vars() <= 64 + MAX_ACTIVATION_VARS);
    }

    #[test]
    fn session_and_one_shot_agree() {
        for p in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
        ] {
            let grid: Grid = p.parse().unwrap();
            let once = solve_once(&grid, 10, Encoding::Extended).unwrap();
            let mut session = Session::new(3, Encoding::Extended);
            let quick = session.solve(&grid, 10).unwrap();
            assert_eq!(quick.count(), once.count(), "{p}");
            if once.count() == 1 {
                assert_eq!(quick.solution(), once.solution(), "{p}");
            }
            assert_eq!(
                solve(&grid, 10, Encoding::Extended).unwrap().count(),
                once.count(),
                "{p}"
            );
        }
    }

    #[test]
    fn counts_every_small_grid_solution() {
        let empty = Grid::empty(2).unwrap();
        assert_eq!(
            solve(&empty, 1000, Encoding::Extended).unwrap().count(),
            288
        );
        let full = direct(&empty, 1).solution().unwrap().clone();
        assert_eq!(solve(&full, 5, Encoding::Minimal).unwrap().count(), 1);
    }
}
