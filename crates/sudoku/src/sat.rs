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
//! for). [`load`] is the one-shot path, kept for `encode`-style uses and tests.

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
    let quick = SESSIONS.with(|sessions| {
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
    })?;
    match quick {
        Some(answer) => Ok(answer),
        None => solve_once(puzzle, limit, encoding),
    }
}

/// Solves a legal `puzzle` with a fresh engine loaded with the encoding
/// simplified by its givens ([`load`]): slower to set up than a [`Session`],
/// faster on hard puzzles, where the givens' simplification pays.
pub fn solve_once(puzzle: &Grid, limit: usize, encoding: Encoding) -> Result<Answer, Error> {
    let side = puzzle.side();
    let mut solver = Solver::new(SolverConfig::default());
    load(&mut solver, puzzle, encoding);
    let mut first: Option<Grid> = None;
    let mut count = 0;
    let mut blocking: Vec<Lit> = Vec::with_capacity(side * side);
    while count < limit.max(1) {
        match solver.solve() {
            SolveResult::Sat(model) => {
                let grid = decode(puzzle, &model)?;
                count += 1;
                blocking.clear();
                push_blocking_lits(puzzle, &grid, &mut blocking);
                first.get_or_insert(grid);
                if blocking.is_empty() {
                    break; // The puzzle was full: the one solution is itself.
                }
                solver.add_clause(&blocking);
            }
            SolveResult::Unsat => break,
            SolveResult::Unknown => return Err(Error::SatUnknown { found: count }),
        }
    }
    Ok(match first {
        Some(solution) => Answer::Solved { solution, count },
        None => Answer::NoSolution,
    })
}

thread_local! {
    /// One session per (box size, encoding) per thread.
    static SESSIONS: std::cell::RefCell<Vec<Session>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Extra variables (one per counted puzzle) before a session starts afresh.
const MAX_ACTIVATION_VARS: usize = 256;
/// Conflicts a session spends per solve call before handing the puzzle to
/// [`solve_once`]: easy puzzles need few; on hard ones the fresh,
/// given-simplified formula wins (2,000 forum-hardest puzzles: median 735 µs
/// one-shot against 1,776 µs in a session alone; 2,000 17-clue: 407 against
/// 152). With this budget, 17-clue keeps the session's 153 µs and forum
/// hardest takes 3.0 s in all, as one-shot did (loaded machine, 2026-11-30).
const SESSION_CONFLICTS: u64 = 20;

/// An engine loaded once with the rules of one grid size; each puzzle is
/// solved under its givens as assumptions, so the clauses, watch lists and
/// what was learnt (all implied by the rules alone) serve every puzzle.
/// Blocking clauses for counting are guarded by a fresh activation literal
/// that is assumed while the puzzle is counted and set false after, which
/// switches them off for good.
pub struct Session {
    box_size: usize,
    encoding: Encoding,
    solver: Solver,
    base_vars: usize,
    assumptions: Vec<Lit>,
}

impl Session {
    /// A session for grids of `box_size` with `encoding` (rules only, no givens).
    pub fn new(box_size: usize, encoding: Encoding) -> Session {
        let side = box_size * box_size;
        let empty = Grid::empty(box_size).expect("box size of a parsed grid");
        let config = SolverConfig {
            conflict_limit: Some(SESSION_CONFLICTS),
            ..SolverConfig::default()
        };
        let mut solver = Solver::new(config);
        load(&mut solver, &empty, encoding);
        Session {
            box_size,
            encoding,
            solver,
            base_vars: side * side * side,
            assumptions: Vec::new(),
        }
    }

    fn key(&self) -> (usize, Encoding) {
        (self.box_size, self.encoding)
    }

    /// Solves a legal `puzzle` of this session's size, counting up to
    /// `limit`; `None` when the session's conflict budget ran out (the caller
    /// then uses [`solve_once`]).
    pub fn solve(&mut self, puzzle: &Grid, limit: usize) -> Result<Option<Answer>, Error> {
        if self.solver.num_vars() >= self.base_vars + MAX_ACTIVATION_VARS {
            *self = Session::new(self.box_size, self.encoding);
        }
        let side = puzzle.side();
        self.assumptions.clear();
        for row in 0..side {
            for col in 0..side {
                let d = puzzle.get(row, col);
                if d != 0 {
                    self.assumptions
                        .push(cell_var(side, row, col, d).positive());
                }
            }
        }
        let mut activation: Option<Lit> = None;
        let mut first: Option<Grid> = None;
        let mut count = 0;
        let mut blocking: Vec<Lit> = Vec::with_capacity(side * side + 1);
        while count < limit.max(1) {
            match self.solver.solve_with_assumptions(&self.assumptions) {
                SolveResult::Sat(model) => {
                    let grid = decode(puzzle, &model)?;
                    count += 1;
                    first.get_or_insert_with(|| grid.clone());
                    if count >= limit.max(1) {
                        break;
                    }
                    let act = *activation.get_or_insert_with(|| {
                        let a = satoku_formula::Var::new(self.solver.num_vars() as u32).positive();
                        self.solver.ensure_vars(self.solver.num_vars() + 1);
                        self.assumptions.push(a);
                        a
                    });
                    blocking.clear();
                    blocking.push(!act);
                    push_blocking_lits(puzzle, &grid, &mut blocking);
                    if blocking.len() == 1 {
                        break; // The puzzle was full: the one solution is itself.
                    }
                    self.solver.add_clause(&blocking);
                }
                SolveResult::Unsat => break,
                SolveResult::Unknown => {
                    self.retire(activation);
                    return Ok(None);
                }
            }
        }
        self.retire(activation);
        Ok(Some(match first {
            Some(solution) => Answer::Solved { solution, count },
            None => Answer::NoSolution,
        }))
    }

    /// Switches off the blocking clauses of a counted puzzle for good.
    fn retire(&mut self, activation: Option<Lit>) {
        if let Some(act) = activation {
            self.solver.add_clause(&[!act]);
        }
    }
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
    for_each_rule_clause(n, encoding, |clause| {
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
            let counted = session
                .solve(&empty, 3)
                .unwrap()
                .expect("easy for a session");
            assert_eq!(counted.count(), 3, "round {round}");
            let unique = session
                .solve(&full, 3)
                .unwrap()
                .expect("easy for a session");
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
            if let Some(quick) = session.solve(&grid, 10).unwrap() {
                assert_eq!(quick.count(), once.count(), "{p}");
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
