//! One engine loaded with the rules of one grid size, and counting
//! solutions on an engine by blocking clauses (see [`crate::sat`]).

use std::collections::HashSet;

use satoku_formula::Lit;
use satoku_solver::{SolveResult, Solver, SolverConfig};

use crate::encode::var_of;
use crate::sat::{engine_config, load};
use crate::{decode, Answer, Encoding, Error, Grid};

/// Extra variables (one per counted puzzle) before a session starts afresh.
const MAX_ACTIVATION_VARS: usize = 256;

/// An engine loaded once with the rules of one grid size; each puzzle is
/// solved under its givens as assumptions, so the clauses and watch lists
/// serve every puzzle. Blocking clauses for counting are guarded by a fresh
/// activation literal that is assumed while the puzzle is counted and set
/// false after, which switches them off for good.
pub(crate) struct Session {
    box_size: usize,
    encoding: Encoding,
    solver: Solver,
    base_vars: usize,
    assumptions: Vec<Lit>,
    blocking: Vec<Lit>,
}

impl Session {
    /// A session for grids of `box_size` with `encoding` (rules only, no givens).
    pub(crate) fn new(box_size: usize, encoding: Encoding) -> Session {
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

    pub(crate) fn key(&self) -> (usize, Encoding) {
        (self.box_size, self.encoding)
    }

    /// Solves a legal `puzzle` of this session's size, counting up to `limit`.
    pub(crate) fn solve(&mut self, puzzle: &Grid, limit: usize) -> Result<Answer, Error> {
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
pub(crate) fn count_solutions(
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
                out.push(!var_of(side, row, col, solution.get(row, col)).positive());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve_direct;

    #[test]
    fn a_session_keeps_answering_across_many_counted_puzzles() {
        // Each counted puzzle spends an activation variable; past the cap the
        // session starts afresh, and answers must not change.
        let empty = Grid::empty(2).unwrap();
        let full = solve_direct(&empty, 1).solution().unwrap().clone();
        let mut session = Session::new(2, Encoding::Extended);
        for round in 0..2 * MAX_ACTIVATION_VARS + 3 {
            let counted = session.solve(&empty, 3).unwrap();
            assert_eq!(counted.count(), 3, "round {round}");
            let unique = session.solve(&full, 3).unwrap();
            assert_eq!(unique.count(), 1, "round {round}");
        }
        assert!(session.solver.num_vars() <= 64 + MAX_ACTIVATION_VARS);
    }
}
