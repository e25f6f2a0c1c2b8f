//! Unit tests of the hint: mistakes first, then steps that follow the
//! player's pencil marks.

use super::*;
use crate::DEFAULT_ALPHABET;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A sample puzzle played on by singles up to its first elimination.
const LOCKED: &str =
    ".2.437968..82...75...5.8.21.839261..4197532862.68...398..3756.23..68....6..1..8.3";

fn game(puzzle: &str) -> Game {
    Game::new(puzzle.parse().unwrap(), DEFAULT_ALPHABET)
}

fn step(game: &Game) -> Step {
    match hint(game) {
        Hint::Step(step) => step,
        other => panic!("expected a step, got {other:?}"),
    }
}

#[test]
fn a_step_the_player_applied_to_the_marks_is_not_hinted_again() {
    let mut g = game(LOCKED);
    let first = step(&g);
    assert_eq!(
        first.to_string(),
        "Locked candidates (pointing): in box 2, 1 lies only in row 2 (r2c5, r2c6), \
         which removes 1 from r2c1"
    );
    g.auto_candidates();
    assert_eq!(
        step(&g),
        first,
        "marks that are the candidates change nothing"
    );
    for c in first.eliminations() {
        g.toggle_mark(c.row, c.col, c.digit).unwrap();
    }
    let next = step(&g);
    assert_ne!(next, first);
    assert!(next
        .eliminations()
        .iter()
        .all(|c| !first.eliminations().contains(c)));
}

#[test]
fn mistakes_come_before_steps() {
    let mut g = game(HARD);
    g.fill(0, 1, 4).unwrap();
    let Hint::Conflict(conflict) = hint(&g) else {
        panic!("expected a conflict");
    };
    assert_eq!((conflict.first, conflict.second), ((0, 0), (0, 1)));
    g.fill(0, 1, 6).unwrap();
    assert_eq!(hint(&g), Hint::WrongDigits(vec![(0, 1)]));
    g.fill(0, 1, 0).unwrap();
    g.toggle_mark(0, 1, 6).unwrap();
    assert_eq!(hint(&g), Hint::WrongMarks(vec![(0, 1)]));
}

#[test]
fn a_solved_grid_and_an_empty_one() {
    let mut g = game(HARD);
    let solution = g.solution().unwrap().clone();
    g.fill_all(&solution);
    assert_eq!(hint(&g), Hint::Solved);
    let empty = Game::new(Grid::empty(3).unwrap(), DEFAULT_ALPHABET);
    assert_eq!(hint(&empty), Hint::Guess);
}

#[test]
fn digits_that_leave_no_solution_are_a_mistake_without_a_unique_solution() {
    // On an empty 4x4 puzzle, r1c1 and r2c2 are left no digit.
    let mut g = Game::new(Grid::empty(2).unwrap(), DEFAULT_ALPHABET);
    let played: Grid = ".1232.1413424231".parse().unwrap();
    for (i, &digit) in played.cells().iter().enumerate() {
        g.fill(i / 4, i % 4, digit).unwrap();
    }
    assert!(g.conflicts().iter().all(|&c| !c));
    assert_eq!(hint(&g), Hint::NoSolution);
}
