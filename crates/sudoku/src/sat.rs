//! The SAT path: encode, solve with satoku's engine, decode; count by blocking.
//!
//! Legality is checked first, as in the direct solver, so that "illegal" and
//! "no solution" stay different answers (to the SAT engine both are UNSAT).
//! Each model is decoded and checked against the puzzle; to count, the found
//! solution is blocked with one clause (not all of its open cells keep their
//! digits) and the same incremental solver is asked again.

use satoku_formula::Lit;
use satoku_solver::{SolveResult, Solver, SolverConfig};

use crate::encode::cell_var;
use crate::{decode, encode, Answer, Encoding, Error, Grid};

/// Solves `puzzle` through SAT, counting solutions up to `limit` (at least 1).
///
/// Fails if the engine answers "unknown" or returns a model that is not a
/// valid grid for the puzzle (a solver bug, never hidden).
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
    let side = puzzle.side();
    let cnf = encode(puzzle, encoding);
    let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
    let mut first: Option<Grid> = None;
    let mut count = 0;
    let mut blocking: Vec<Lit> = Vec::with_capacity(side * side);
    while count < limit.max(1) {
        match solver.solve() {
            SolveResult::Sat(model) => {
                let grid = decode(puzzle, &model)?;
                count += 1;
                blocking.clear();
                for row in 0..side {
                    for col in 0..side {
                        if puzzle.get(row, col) == 0 {
                            blocking.push(!cell_var(side, row, col, grid.get(row, col)).positive());
                        }
                    }
                }
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
