//! One engine loaded with the rules of one grid size, and counting
//! solutions on an engine by blocking clauses (see [`crate::sat`]).

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use satoku_formula::{Lit, Model};
use satoku_solver::{Solver, SolverConfig, Unknown};

use crate::encode::var_of;
use crate::sat::{engine_config, load};
use crate::{decode, Answer, Encoding, Error, Grid};

/// Extra variables (one per counted puzzle) before a session starts afresh.
const MAX_ACTIVATION_VARS: usize = 256;

/// An engine loaded once with the rules of one grid size; each puzzle is
/// solved under its givens as assumptions, so the clauses and watch lists
/// serve every puzzle. Counting blocks each solution with a clause guarded
/// by an activation literal ([`Solver::solutions`] under assumptions),
/// switched off for good once the puzzle is counted.
pub(crate) struct Session {
    box_size: usize,
    encoding: Encoding,
    solver: Solver,
    base_vars: usize,
    assumptions: Vec<Lit>,
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
        }
    }

    pub(crate) fn key(&self) -> (usize, Encoding) {
        (self.box_size, self.encoding)
    }

    /// Solves a legal `puzzle` of this session's size, counting up to
    /// `limit` or until `stop` is raised.
    pub(crate) fn solve(
        &mut self,
        puzzle: &Grid,
        limit: usize,
        stop: &AtomicBool,
    ) -> Result<Answer, Error> {
        if self.solver.num_vars() >= self.base_vars + MAX_ACTIVATION_VARS {
            *self = Session::new(self.box_size, self.encoding);
        }
        self.assumptions.clear();
        crate::encode::for_each_given(puzzle, |lit| self.assumptions.push(lit));
        count_solutions(&mut self.solver, puzzle, limit, &self.assumptions, stop)
    }
}

/// Counts the solutions of `puzzle` up to `limit` (at least 1) with
/// `solver` under `assumptions` (the givens, or none when the solver holds
/// them as clauses). Each model is decoded and checked and must differ from
/// the solutions before it (what their blocking clauses say: a session's
/// engine checks no model). The searches are scoped
/// ([`Solver::solve_scoped`]): what the engine learns under the givens is
/// dropped before the next puzzle, and the blocking clauses are guarded
/// ([`satoku_solver::Solutions::guarded`]), switched off once the puzzle
/// is counted (a puzzle without givens has no assumptions to guard them).
/// Solutions found are remembered by a 128-bit fingerprint only, not kept:
/// the engine's blocking clauses are what the count has to keep. `stop`
/// raised ends the count before the next model (the answer is then a lower
/// bound).
pub(crate) fn count_solutions(
    solver: &mut Solver,
    puzzle: &Grid,
    limit: usize,
    assumptions: &[Lit],
    stop: &AtomicBool,
) -> Result<Answer, Error> {
    let limit = limit.max(1);
    let mut first: Option<Grid> = None;
    let mut count = 0;
    let mut found: HashSet<u128> = HashSet::new();
    let mut models = solver
        .solutions()
        .assuming(assumptions)
        .scoped()
        .guarded()
        .block_with(|model, out| push_blocking_lits(puzzle, model, out));
    while count < limit && !stop.load(Ordering::Relaxed) {
        let model = match models.next() {
            Some(Ok(model)) => model,
            None => break,
            Some(Err(Unknown)) => return Err(Error::SatUnknown { found: count }),
        };
        let grid = decode(puzzle, &model)?;
        if !found.insert(fingerprint(&grid)) {
            return Err(Error::ModelRepeated { count: count + 1 });
        }
        count += 1;
        first.get_or_insert(grid);
    }
    Ok(match first {
        Some(solution) => Answer::Solved { solution, count },
        None => Answer::NoSolution,
    })
}

/// Two independent 64-bit hashes of `grid`'s cells: a repeat of a
/// solution is told with no grid kept (a false repeat would need a 128-bit
/// collision).
fn fingerprint(grid: &Grid) -> u128 {
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        (salt, grid.cells()).hash(&mut h);
        h.finish()
    };
    u128::from(half(0)) << 64 | u128::from(half(1))
}

/// Pushes the literals of the clause that blocks `model`'s solution: some
/// open cell of `puzzle` takes another digit (none for a full grid, which
/// ends the count).
fn push_blocking_lits(puzzle: &Grid, model: &Model, out: &mut Vec<Lit>) {
    let side = puzzle.side();
    for row in 0..side {
        for col in 0..side {
            if puzzle.get(row, col) != 0 {
                continue;
            }
            let digit = (1..=side as u8).find(|&d| model.value(var_of(side, row, col, d)));
            if let Some(d) = digit {
                out.push(!var_of(side, row, col, d).positive());
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
        let never = AtomicBool::new(false);
        for round in 0..2 * MAX_ACTIVATION_VARS + 3 {
            let counted = session.solve(&empty, 3, &never).unwrap();
            assert_eq!(counted.count(), 3, "round {round}");
            let unique = session.solve(&full, 3, &never).unwrap();
            assert_eq!(unique.count(), 1, "round {round}");
        }
        assert!(session.solver.num_vars() <= 64 + MAX_ACTIVATION_VARS);
    }

    #[test]
    fn a_raised_stop_ends_the_count_before_the_next_model() {
        let empty = Grid::empty(3).unwrap();
        let mut session = Session::new(3, Encoding::Extended);
        let stop = AtomicBool::new(true);
        assert_eq!(session.solve(&empty, 10, &stop).unwrap().count(), 0);
        stop.store(false, Ordering::Relaxed);
        assert_eq!(session.solve(&empty, 10, &stop).unwrap().count(), 10);
    }

    #[test]
    fn fingerprints_tell_grids_apart() {
        let empty = Grid::empty(2).unwrap();
        let full = solve_direct(&empty, 1).solution().unwrap().clone();
        assert_ne!(fingerprint(&empty), fingerprint(&full));
        assert_eq!(fingerprint(&full), fingerprint(&full.clone()));
    }
}
