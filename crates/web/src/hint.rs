//! The next hint for a player's grid, as JSON: the policy is
//! `satoku_sudoku::play::hint` (the terminal game's too): a mistake first
//! (a digit that breaks a rule, differs from the puzzle's unique solution,
//! or pencil marks that leave out a cell's digit), else the logical
//! solver's next step from the digits and the pencil marks, as `satoku
//! sudoku explain` words it, else "guess". Here the request becomes a
//! [`Game`] and the answer words.

use satoku_sudoku::logic::{Candidate, Step};
use satoku_sudoku::play::{self, Cell, Game, Marks};
use satoku_sudoku::{Conflict, Grid, Unit, DEFAULT_ALPHABET};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::grid::{cell_index, JsGrid};

/// The parameters of `hint`.
#[derive(Deserialize)]
pub struct HintParams {
    /// The grid as played: givens and the player's digits.
    #[serde(flatten)]
    pub grid: JsGrid,
    /// The puzzle's givens (cells, 0 elsewhere), which the grid must keep:
    /// with them a digit that differs from the unique solution is a mistake.
    #[serde(default)]
    pub givens: Option<Vec<u8>>,
    /// The player's pencil marks, one list of digits (1 to `size`) per
    /// cell; an empty list (or no `candidates` at all) stands for every
    /// digit, and a filled cell's list does not count.
    #[serde(default)]
    pub candidates: Option<Vec<Vec<u8>>>,
}

/// A digit in a cell (by index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// The cell index, `row * size + col`.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

/// A hint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Hint {
    /// Digits (or pencil marks) that are wrong.
    Mistake {
        /// What is wrong, in words.
        sentence: String,
        /// The cells at fault.
        cells: Vec<usize>,
    },
    /// The logical solver's next step.
    Step {
        /// The technique's name.
        technique: &'static str,
        /// The step in words.
        sentence: String,
        /// Digits it places.
        placements: Vec<Placement>,
        /// Candidates it removes.
        eliminations: Vec<Placement>,
        /// The cells that justify it.
        highlight: Vec<usize>,
        /// Every cell of the rows, columns and boxes it reasons about (a
        /// hidden single's box, a pair's row), each once, for shading.
        area: Vec<usize>,
    },
    /// No technique applies.
    Guess {
        /// Why, in words.
        sentence: String,
    },
}

/// The hint for a grid; `None` when it is solved.
pub fn hint(params: &HintParams) -> Result<Option<Hint>> {
    let game = game_of(params)?;
    let side = game.side();
    Ok(Some(match play::hint(&game) {
        play::Hint::Solved => return Ok(None),
        play::Hint::Conflict(conflict) => rule_broken(side, &conflict),
        play::Hint::WrongDigits(cells) => wrong_digits(side, &cells),
        play::Hint::WrongMarks(cells) => wrong_marks(side, &cells),
        play::Hint::NoSolution => Hint::Mistake {
            sentence: "The digits filled in leave no solution: one of them is wrong.".into(),
            cells: Vec::new(),
        },
        play::Hint::Step(step) => step_hint(&step, side),
        // play::Hint::Guess, and any kind of hint to come.
        _ => Hint::Guess {
            sentence: "No technique applies here: the logical solver would have to guess.".into(),
        },
    }))
}

/// The game the request describes: the givens (none known without
/// `givens`, and then no digit is checked against a solution), the
/// digits, and the pencil marks of the open cells.
fn game_of(params: &HintParams) -> Result<Game> {
    let grid = params.grid.to_grid()?;
    let puzzle = match &params.givens {
        Some(cells) => JsGrid {
            size: params.grid.size,
            cells: cells.clone(),
        }
        .to_grid()?,
        None => Grid::empty(grid.box_size())?,
    };
    let marks = pencil_marks(params)?;
    let cells = grid.cells().iter().zip(marks);
    let cells = cells
        .map(|(&digit, marks)| Cell::new(digit, marks))
        .collect();
    let mut game = Game::new(puzzle, DEFAULT_ALPHABET);
    game.restore(cells)
        .map_err(|refusal| Error::Invalid(format!("givens and grid: {refusal}")))?;
    Ok(game)
}

/// The mistake of two equal digits in one unit.
fn rule_broken(side: usize, conflict: &Conflict) -> Hint {
    Hint::Mistake {
        sentence: format!("Mistake: {}.", conflict.in_symbols(DEFAULT_ALPHABET)),
        cells: vec![
            cell_index(side, conflict.first),
            cell_index(side, conflict.second),
        ],
    }
}

/// The mistake of digits that differ from the unique solution.
fn wrong_digits(side: usize, wrong: &[(usize, usize)]) -> Hint {
    let names: Vec<String> = wrong
        .iter()
        .map(|&(row, col)| format!("r{}c{}", row + 1, col + 1))
        .collect();
    let one = wrong.len() == 1;
    Hint::Mistake {
        sentence: format!(
            "Mistake: {} {} not hold {}.",
            names.join(", "),
            if one { "does" } else { "do" },
            if one { "that digit" } else { "those digits" }
        ),
        cells: wrong.iter().map(|&cell| cell_index(side, cell)).collect(),
    }
}

/// Each cell's pencil marks (none without `candidates`); an empty list
/// is no marks, and a filled cell's list does not count.
fn pencil_marks(params: &HintParams) -> Result<Vec<Marks>> {
    let cells = params.grid.cells.len();
    let Some(lists) = &params.candidates else {
        return Ok(vec![Marks::NONE; cells]);
    };
    if lists.len() != cells {
        return Err(Error::Invalid(format!(
            "candidates: {} lists for {cells} cells",
            lists.len()
        )));
    }
    let size = params.grid.size;
    let marks = |(cell, list): (usize, &Vec<u8>)| {
        let digits = list.iter().copied();
        Marks::from_digits(digits)
            .filter(|m| usize::from(m.max_digit()) <= size)
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "candidates: cell {cell}: {list:?} are not all digits of 1..={size}"
                ))
            })
    };
    lists.iter().enumerate().map(marks).collect()
}

/// The mistake of open cells whose pencil marks leave out their digit.
fn wrong_marks(side: usize, wrong: &[(usize, usize)]) -> Hint {
    let (row, col) = wrong[0];
    Hint::Mistake {
        sentence: format!(
            "Mistake: the pencil marks of r{}c{}{} leave out the digit that belongs there.",
            row + 1,
            col + 1,
            if wrong.len() > 1 { " and others" } else { "" }
        ),
        cells: wrong.iter().map(|&cell| cell_index(side, cell)).collect(),
    }
}

/// A step as a hint: the sentence `satoku sudoku explain` prints, its
/// digits in the page's symbols (1-9, then A-P).
fn step_hint(step: &Step, side: usize) -> Hint {
    let at = |c: &Candidate| Placement {
        cell: cell_index(side, (c.row, c.col)),
        digit: c.digit,
    };
    Hint::Step {
        technique: step.technique().name(),
        sentence: step.in_symbols(DEFAULT_ALPHABET).to_string(),
        placements: step.placements().iter().map(at).collect(),
        eliminations: step.eliminations().iter().map(at).collect(),
        highlight: step.cells().iter().map(|&c| cell_index(side, c)).collect(),
        area: unit_cells(step.units(), side),
    }
}

/// The cells of `units` on a grid of `side`, in order, each once.
fn unit_cells(units: &[Unit], side: usize) -> Vec<usize> {
    let n = side.isqrt();
    let mut cells: Vec<usize> = units
        .iter()
        .flat_map(|&unit| {
            (0..side).map(move |i| match unit {
                Unit::Row(r) => r * side + i,
                Unit::Col(c) => i * side + c,
                Unit::Block(b) => (b / n * n + i / n) * side + b % n * n + i % n,
            })
        })
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

#[cfg(test)]
#[path = "hint_tests.rs"]
mod tests;
