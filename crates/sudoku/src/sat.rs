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

use satoku_formula::Lit;
use satoku_solver::{SolveResult, Solver, SolverConfig};

use crate::encode::{cell_var, for_each_rule_clause};
use crate::{decode, Answer, Encoding, Error, Grid};

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
