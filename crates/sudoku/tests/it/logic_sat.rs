//! Every step of the logical solver confirmed by the SAT engine: on 5,000
//! puzzles of `../shared/sudoku` (all of top1465, and evenly spaced samples
//! of the 17-clue set, the Kaggle sample and the forum's hardest), each
//! elimination is impossible (the givens and `cell = digit` are UNSAT) and
//! each placement forced (the givens and `cell != digit` are UNSAT), and a
//! logically solved grid is the direct solver's solution. Where the shared
//! folder is absent the in-repo sample `cnf/sudoku/puzzles.txt` is used.

use satoku_formula::Lit;
use satoku_solver::{SolveResult, Solver};
use satoku_sudoku::logic::{self, Candidate, Outcome};
use satoku_sudoku::sat::{engine_config, load};
use satoku_sudoku::{cell_var, parse_puzzles, solve_direct, Encoding, Grid, Puzzle};

use crate::support;

/// Up to `max` evenly spaced puzzles of a shared file; `None` without the shared folder.
fn shared(name: &str, max: usize) -> Option<Vec<Puzzle>> {
    let text = std::fs::read_to_string(support::shared_dir()?.join(name)).expect("readable");
    let puzzles = parse_puzzles(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let step = (puzzles.len() / max).max(1);
    Some(puzzles.into_iter().step_by(step).take(max).collect())
}

/// The literal "`c.digit` at its cell", true or negated.
fn lit(side: usize, c: &Candidate, positive: bool) -> Lit {
    cell_var(side, c.row, c.col, c.digit).lit(positive)
}

/// Whether the givens of `solver` and `assumption` together are unsatisfiable.
fn refuted(solver: &mut Solver, assumption: Lit) -> bool {
    matches!(
        solver.solve_with_assumptions(&[assumption]),
        SolveResult::Unsat
    )
}

/// Checks every step of `puzzle`'s logical path with a SAT engine holding
/// its givens, and the solved grid against the direct solver; returns
/// whether the path solved it.
fn check_puzzle(puzzle: &Grid, what: &str) -> bool {
    let side = puzzle.side();
    let path = logic::solve(puzzle);
    let mut solver = Solver::new(engine_config());
    load(&mut solver, puzzle, Encoding::Extended);
    for (i, step) in path.steps().iter().enumerate() {
        for e in step.eliminations() {
            let ok = refuted(&mut solver, lit(side, e, true));
            assert!(
                ok,
                "{what}: step {} ({step}) removes {e:?}, which a solution keeps",
                i + 1
            );
        }
        for p in step.placements() {
            let ok = refuted(&mut solver, lit(side, p, false));
            assert!(
                ok,
                "{what}: step {} ({step}) places {p:?}, which is not forced",
                i + 1
            );
        }
    }
    let direct = solve_direct(puzzle, 2);
    match path.outcome() {
        Outcome::Solved(grid) => {
            assert!(grid.solves(puzzle), "{what}");
            assert_eq!(Some(grid), direct.solution(), "{what}");
            true
        }
        Outcome::NoSolution(_) => {
            assert_eq!(direct.count(), 0, "{what}");
            false
        }
        _ => false,
    }
}

/// Checks every puzzle; returns how many the techniques solved.
fn check_all(name: &str, puzzles: &[Puzzle]) -> usize {
    let solved = puzzles
        .iter()
        .filter(|p| check_puzzle(&p.grid, &format!("{name} line {}", p.line)))
        .count();
    eprintln!("{name}: {solved} of {} solved by logic", puzzles.len());
    solved
}

/// Runs the check on a shared file, or on the in-repo sample without it,
/// where the outcome must also match the answers recorded beside it.
fn check_file(test: &str, name: &str, max: usize) -> Option<usize> {
    if let Some(puzzles) = shared(name, max) {
        return Some(check_all(name, &puzzles));
    }
    let sample = support::repo_sample(test);
    for (p, expected) in &sample {
        let what = format!("sample line {}", p.line);
        check_puzzle(&p.grid, &what);
        match logic::solve(&p.grid).outcome() {
            Outcome::Illegal(_) => assert_eq!(expected.kind, "illegal", "{what}"),
            Outcome::Solved(grid) => {
                assert_eq!(expected.solutions, 1, "{what}");
                assert_eq!(expected.solution.as_ref(), Some(grid), "{what}");
            }
            Outcome::NoSolution(_) => assert_eq!(expected.kind, "none", "{what}"),
            Outcome::NeedsGuessing(_) => assert_ne!(expected.kind, "illegal", "{what}"),
        }
    }
    None
}

#[test]
fn top1465_steps_are_confirmed_by_sat() {
    check_file(
        "top1465_steps_are_confirmed_by_sat",
        "tdoku_puzzles3_magictour_top1465.txt",
        1465,
    );
}

#[test]
fn seventeen_clue_steps_are_confirmed_by_sat() {
    let solved = check_file(
        "seventeen_clue_steps_are_confirmed_by_sat",
        "tdoku_puzzles2_17_clue.txt",
        1500,
    );
    // 17-clue puzzles are mostly within reach of the techniques.
    assert!(solved.is_none_or(|n| n > 1000), "{solved:?}");
}

#[test]
fn kaggle_steps_are_confirmed_by_sat() {
    let solved = check_file(
        "kaggle_steps_are_confirmed_by_sat",
        "kaggle_1m_first10000.csv",
        1000,
    );
    // The Kaggle sample needs singles only.
    assert_eq!(solved.unwrap_or(1000), 1000);
}

#[test]
fn forum_hardest_steps_are_confirmed_by_sat() {
    check_file(
        "forum_hardest_steps_are_confirmed_by_sat",
        "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
        1035,
    );
}

#[test]
fn larger_grids_steps_are_confirmed_by_sat() {
    for name in [
        "hex16_100.txt",
        "grid_16x16.txt",
        "grid_25x25.txt",
        "grid_25x25_b.txt",
    ] {
        let test = "larger_grids_steps_are_confirmed_by_sat";
        if check_file(test, name, 100).is_none() {
            return; // the in-repo sample (with its 16x16 puzzle) was checked once
        }
    }
}
