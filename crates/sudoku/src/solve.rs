//! The direct solver's front: legality, then the fastest search for the size
//! (the 9x9 path checks legality itself, as it loads the givens).

use std::sync::atomic::AtomicBool;

use crate::grid::Conflict;
use crate::{fast9, generic, Grid};

/// The answer for a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Answer {
    /// Two equal givens share a row, column or block: rejected before any search.
    Illegal(Conflict),
    /// The givens are legal but no grid completes them.
    NoSolution,
    /// At least one solution: `count` of them found, stopping at the limit
    /// (so `count == limit` means "at least `limit`").
    Solved {
        /// The first solution found.
        solution: Grid,
        /// Solutions found, at most the limit.
        count: usize,
    },
}

impl Answer {
    /// The solution, if any.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Answer::Solved { solution, .. } => Some(solution),
            _ => None,
        }
    }

    /// Solutions counted (0 when illegal or unsolvable).
    pub fn count(&self) -> usize {
        match self {
            Answer::Solved { count, .. } => *count,
            _ => 0,
        }
    }
}

/// Which direct search to run.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Engine {
    /// The 9x9 band solver for 9x9 grids, the generic one for other sizes.
    #[default]
    Fastest,
    /// The generic cell-mask solver for every size (the cross-check).
    Generic,
}

/// Solves `puzzle` with the direct solver (no SAT), counting solutions up to `limit` (at least 1).
///
/// ```
/// use satoku_sudoku::{solve_direct, Answer, Grid};
///
/// let puzzle: Grid = "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87"
///     .parse()
///     .unwrap();
/// assert!(matches!(solve_direct(&puzzle, 2), Answer::Illegal(_)));
/// ```
pub fn solve_direct(puzzle: &Grid, limit: usize) -> Answer {
    solve_direct_with(puzzle, limit, Engine::Fastest)
}

/// [`solve_direct`] with a chosen engine.
pub fn solve_direct_with(puzzle: &Grid, limit: usize, engine: Engine) -> Answer {
    solve_direct_until(puzzle, limit, engine, &AtomicBool::new(false))
}

/// [`solve_direct_with`] that ends early once `stop` is raised (another
/// thread's interrupt, polled at every branch of the search). An answer
/// cut short holds the solutions found so far: a lower bound, and
/// [`Answer::NoSolution`] when none was found yet.
pub fn solve_direct_until(
    puzzle: &Grid,
    limit: usize,
    engine: Engine,
    stop: &AtomicBool,
) -> Answer {
    let (count, first) = if engine == Engine::Fastest && puzzle.box_size() == 3 {
        // The 9x9 path checks the rules while it loads the givens, at a
        // fraction of a separate check's cost; where the conflict is, is
        // looked up only when there is one.
        match fast9::count(puzzle, limit, stop) {
            Some(result) => result,
            None => {
                let conflict = puzzle
                    .first_conflict()
                    .expect("the 9x9 path rejects only givens that break a rule");
                return Answer::Illegal(conflict);
            }
        }
    } else {
        if let Some(conflict) = puzzle.first_conflict() {
            return Answer::Illegal(conflict);
        }
        let s = generic::search_until(puzzle, limit, stop);
        (s.count, s.first)
    };
    match first {
        Some(solution) => Answer::Solved { solution, count },
        None => Answer::NoSolution,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_is_not_no_solution() {
        let illegal: Grid =
            "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87"
                .parse()
                .unwrap();
        let unsolvable: Grid =
            "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
                .parse()
                .unwrap();
        for engine in [Engine::Fastest, Engine::Generic] {
            assert!(matches!(
                solve_direct_with(&illegal, 2, engine),
                Answer::Illegal(_)
            ));
            assert_eq!(
                solve_direct_with(&unsolvable, 2, engine),
                Answer::NoSolution
            );
        }
    }

    #[test]
    fn engines_agree_on_counts_and_first_solution() {
        let p: Grid =
            ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
                .parse()
                .unwrap();
        let a = solve_direct_with(&p, 10, Engine::Fastest);
        let b = solve_direct_with(&p, 10, Engine::Generic);
        assert_eq!(a.count(), 2);
        assert_eq!(b.count(), 2);
        assert!(a.solution().unwrap().solves(&p));
        assert!(b.solution().unwrap().solves(&p));
    }
}
