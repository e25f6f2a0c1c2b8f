//! The next hint for the player, one policy for every front end: a
//! mistake first (two equal digits in a unit, a digit off the unique
//! solution, pencil marks that leave out a cell's digit), else the
//! logical solver's next step from the digits *and the pencil marks*,
//! else a guess. Reading the marks is what moves the hints along: once
//! the player has removed the candidates a step eliminates, that step no
//! longer applies and the next hint is the next step.

use crate::logic::{Board, Step};
#[cfg(test)]
use crate::Grid;
use crate::{solve_direct, Conflict};

use super::game::Game;

/// What the player is told next.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Hint {
    /// Two cells of one unit hold the same digit.
    Conflict(Conflict),
    /// Digits that differ from the unique solution, (row, col) in reading order.
    WrongDigits(Vec<(usize, usize)>),
    /// Open cells whose pencil marks leave out their digit of the unique
    /// solution, in reading order.
    WrongMarks(Vec<(usize, usize)>),
    /// No technique applies and the digits leave no solution: one is wrong
    /// (a puzzle without a unique solution cannot say which).
    NoSolution,
    /// The logical solver's next step.
    Step(Step),
    /// No technique applies: the logical solver would have to guess.
    Guess,
    /// The grid is full and breaks no rule.
    Solved,
}

/// The hint for `game` as it stands: its digits and its pencil marks (a
/// cell without marks may hold any digit its peers allow).
pub fn hint(game: &Game) -> Hint {
    let grid = game.grid();
    if let Some(conflict) = grid.first_conflict() {
        return Hint::Conflict(conflict);
    }
    if grid.is_complete() {
        return Hint::Solved;
    }
    let wrong = game.wrong_entries();
    if !wrong.is_empty() {
        return Hint::WrongDigits(wrong);
    }
    let wrong = game.wrong_marks();
    if !wrong.is_empty() {
        return Hint::WrongMarks(wrong);
    }
    let marked = |row, col, digit| game.cell(row, col).marks().allows(digit);
    let board = match Board::with_candidates(&grid, marked) {
        Ok(board) => board,
        Err(conflict) => return Hint::Conflict(conflict),
    };
    match board.next_step() {
        Some(step) => Hint::Step(step),
        None if solve_direct(&grid, 1).solution().is_none() => Hint::NoSolution,
        None => Hint::Guess,
    }
}

#[cfg(test)]
#[path = "hint_tests.rs"]
mod tests;
