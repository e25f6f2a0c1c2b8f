//! Solving a grid: through SAT (with the engine's statistics, cross-checked
//! by the direct solver), directly, counting solutions, and the timed SAT
//! path over a puzzle file (`benchSat`, and `native_bench` natively).

use satoku_solver::{SolveResult, Solver};
use satoku_sudoku::sat::{engine_config, load};
use satoku_sudoku::{decode, parse_puzzles, solve_direct, Answer, Encoding, Grid, SatSudoku};
use serde::{Deserialize, Serialize};
use web_time::Instant;

use crate::error::{Error, Result};
use crate::grid::JsGrid;

/// The engine's counters for one solve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SatStats {
    /// Decisions made.
    pub decisions: u64,
    /// Literals assigned by unit propagation.
    pub propagations: u64,
    /// Conflicts met.
    pub conflicts: u64,
    /// Encoding, solving and decoding, in microseconds.
    pub micros: u64,
}

/// The answer of `solveSat`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SatAnswer {
    /// `solved`, `no solution` or `illegal`.
    pub status: &'static str,
    /// The solution's cells, when solved.
    pub solution: Option<Vec<u8>>,
    /// The engine's counters.
    pub stats: SatStats,
}

/// The answer of `solveDirect`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DirectAnswer {
    /// `solved`, `no solution` or `illegal`.
    pub status: &'static str,
    /// The solution's cells, when solved.
    pub solution: Option<Vec<u8>>,
    /// Solving time in microseconds.
    pub micros: u64,
}

/// Solves `grid` through SAT: the extended encoding simplified by the
/// givens, one CDCL run (the engine checks its model against the clauses),
/// the model decoded and checked as a grid, then compared with the direct
/// solver's answer.
pub fn solve_sat(grid: &JsGrid) -> Result<SatAnswer> {
    let puzzle = grid.to_grid()?;
    let start = Instant::now();
    let mut stats = SatStats {
        decisions: 0,
        propagations: 0,
        conflicts: 0,
        micros: 0,
    };
    let solution = if puzzle.first_conflict().is_some() {
        None
    } else {
        let mut solver = Solver::new(engine_config());
        load(&mut solver, &puzzle, Encoding::Extended);
        let result = solver.solve();
        let s = solver.stats();
        (stats.decisions, stats.propagations, stats.conflicts) =
            (s.decisions, s.propagations, s.conflicts);
        match result {
            SolveResult::Sat(model) => Some(decode(&puzzle, &model)?),
            SolveResult::Unsat => None,
            SolveResult::Unknown => return Err(Error::Disagree("the engine gave up".into())),
        }
    };
    stats.micros = start.elapsed().as_micros() as u64;
    let direct = solve_direct(&puzzle, 2);
    cross_check(&puzzle, solution.as_ref(), &direct)?;
    Ok(SatAnswer {
        status: status_of(&direct),
        solution: solution.map(|g| g.cells().to_vec()),
        stats,
    })
}

/// Fails unless the SAT answer `sat` agrees with the direct solver's `direct`:
/// both solve or neither, and a unique solution is the same grid.
fn cross_check(puzzle: &Grid, sat: Option<&Grid>, direct: &Answer) -> Result<()> {
    let agree = match (sat, direct) {
        (Some(grid), Answer::Solved { solution, count }) => {
            grid.solves(puzzle) && (*count > 1 || grid == solution)
        }
        (None, Answer::Solved { .. }) | (Some(_), _) => false,
        (None, _) => true,
    };
    if agree {
        Ok(())
    } else {
        Err(Error::Disagree(
            "the SAT path and the direct solver disagree".into(),
        ))
    }
}

/// The status word of an answer.
fn status_of(answer: &Answer) -> &'static str {
    match answer {
        Answer::Illegal(_) => "illegal",
        Answer::NoSolution => "no solution",
        Answer::Solved { .. } => "solved",
    }
}

/// Solves `grid` with the direct solver.
pub fn solve_direct_grid(grid: &JsGrid) -> Result<DirectAnswer> {
    let puzzle = grid.to_grid()?;
    let start = Instant::now();
    let answer = solve_direct(&puzzle, 1);
    let micros = start.elapsed().as_micros() as u64;
    Ok(DirectAnswer {
        status: status_of(&answer),
        solution: answer.solution().map(|g| g.cells().to_vec()),
        micros,
    })
}

/// The parameters of `countSolutions`.
#[derive(Deserialize)]
pub struct CountParams {
    /// The grid.
    #[serde(flatten)]
    pub grid: JsGrid,
    /// Stop counting here (at least 1; a JavaScript number, so u64 even
    /// where usize is 32 bits).
    pub limit: u64,
}

/// The answer of `countSolutions`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Count {
    /// Solutions found (0 for illegal givens).
    pub count: usize,
    /// False when the limit stopped the count.
    pub complete: bool,
}

/// Counts the solutions of a grid with the direct solver, up to a limit.
pub fn count_solutions(params: &CountParams) -> Result<Count> {
    if params.limit == 0 {
        return Err(Error::Invalid("the count limit must be at least 1".into()));
    }
    let puzzle = params.grid.to_grid()?;
    let limit = usize::try_from(params.limit).unwrap_or(usize::MAX);
    let count = solve_direct(&puzzle, limit).count();
    Ok(Count {
        count,
        complete: count < limit,
    })
}

/// The parameters of `benchSat`.
#[derive(Deserialize)]
pub struct BenchParams {
    /// A puzzle file's text.
    pub text: String,
    /// How many of its puzzles to solve, from the first.
    pub limit: u64,
}

/// The timing of `benchSat`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Bench {
    /// Puzzles solved.
    pub count: usize,
    /// Average time per puzzle, in microseconds.
    pub micros_per_puzzle: f64,
    /// Total time, in microseconds.
    pub micros_total: f64,
}

/// Solves the first `limit` puzzles of `text` through SAT, as `satoku
/// sudoku solve --via sat` does (one engine per size, each puzzle's givens
/// as assumptions), and times the solving only (not the parsing).
pub fn bench_sat(params: &BenchParams) -> Result<Bench> {
    let puzzles = parse_puzzles(&params.text)?;
    let limit = usize::try_from(params.limit).unwrap_or(usize::MAX);
    let chosen = &puzzles[..limit.min(puzzles.len())];
    let mut sat = SatSudoku::new();
    let start = Instant::now();
    for puzzle in chosen {
        sat.solve(&puzzle.grid, 1)?;
    }
    let micros_total = start.elapsed().as_secs_f64() * 1e6;
    Ok(Bench {
        count: chosen.len(),
        micros_per_puzzle: micros_total / chosen.len().max(1) as f64,
        micros_total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const ILLEGAL: &str =
        "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87";
    const UNSOLVABLE: &str =
        "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";

    fn grid(text: &str) -> JsGrid {
        JsGrid::of(&text.parse::<Grid>().unwrap())
    }

    #[test]
    fn sat_and_direct_give_the_same_solution() {
        let sat = solve_sat(&grid(PUZZLE)).unwrap();
        let direct = solve_direct_grid(&grid(PUZZLE)).unwrap();
        assert_eq!(sat.status, "solved");
        assert_eq!(sat.solution, direct.solution);
        assert!(sat.stats.propagations > 0);
        let solution = Grid::from_cells(3, sat.solution.unwrap()).unwrap();
        assert!(solution.solves(&PUZZLE.parse().unwrap()));
    }

    #[test]
    fn illegal_and_unsolvable_are_answers() {
        let illegal = solve_sat(&grid(ILLEGAL)).unwrap();
        assert_eq!((illegal.status, illegal.solution), ("illegal", None));
        let none = solve_sat(&grid(UNSOLVABLE)).unwrap();
        assert_eq!((none.status, none.solution), ("no solution", None));
        assert_eq!(solve_direct_grid(&grid(ILLEGAL)).unwrap().status, "illegal");
    }

    #[test]
    fn counts_stop_at_the_limit() {
        let two =
            ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";
        let count = |limit| {
            count_solutions(&CountParams {
                grid: grid(two),
                limit,
            })
        };
        assert_eq!(
            count(10).unwrap(),
            Count {
                count: 2,
                complete: true
            }
        );
        assert_eq!(
            count(1).unwrap(),
            Count {
                count: 1,
                complete: false
            }
        );
        assert!(count(0).is_err());
    }

    #[test]
    fn a_wrong_size_is_an_error() {
        let bad = JsGrid {
            size: 10,
            cells: vec![0; 100],
        };
        assert!(solve_sat(&bad).is_err());
        assert!(solve_direct_grid(&bad).is_err());
    }

    #[test]
    fn bench_solves_the_first_puzzles() {
        let text = format!("{PUZZLE}\n{UNSOLVABLE}\n{PUZZLE}\n");
        let params = BenchParams { text, limit: 2 };
        let bench = bench_sat(&params).unwrap();
        assert_eq!(bench.count, 2);
        assert!(bench.micros_total >= bench.micros_per_puzzle);
        let bad = BenchParams {
            text: "12x\n".into(),
            limit: 5,
        };
        assert!(bench_sat(&bad).is_err());
    }
}
