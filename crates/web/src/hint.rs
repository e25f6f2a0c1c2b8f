//! The next hint for a player's grid: a mistake first (a digit that breaks
//! a rule, differs from the puzzle's unique solution, or pencil marks that
//! leave out a cell's digit), else the logical solver's next step as
//! `satoku sudoku explain` words it, else "guess".

use satoku_sudoku::logic::{Board, Candidate, Step};
use satoku_sudoku::{solve_direct, Conflict, Grid, Unit, DEFAULT_ALPHABET};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::grid::{cell_index, JsGrid};

/// The parameters of `hint`.
#[derive(Deserialize)]
pub struct HintParams {
    /// The grid as played: givens and the player's digits.
    #[serde(flatten)]
    pub grid: JsGrid,
    /// The puzzle's givens (cells, 0 elsewhere): with them a digit that
    /// differs from the unique solution is a mistake.
    #[serde(default)]
    pub givens: Option<Vec<u8>>,
    /// The player's pencil marks, one list per cell; an empty list (or no
    /// `candidates` at all) stands for every digit.
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
    let grid = params.grid.to_grid()?;
    if let Some(conflict) = grid.first_conflict() {
        return Ok(Some(rule_broken(&grid, &conflict)));
    }
    if grid.is_complete() {
        return Ok(None);
    }
    let solution = match &params.givens {
        Some(cells) => unique_solution(&params.grid, cells)?,
        None => None,
    };
    if let Some(solution) = &solution {
        if let Some(mistake) = wrong_digits(&grid, solution) {
            return Ok(Some(mistake));
        }
    }
    let keep = pencil_marks(params)?;
    if let (Some(solution), Some(keep)) = (&solution, &keep) {
        if let Some(mistake) = wrong_marks(&grid, solution, keep) {
            return Ok(Some(mistake));
        }
    }
    let side = grid.side();
    let allowed = |row: usize, col: usize, digit: u8| {
        keep.as_ref().is_none_or(|k| k[row * side + col](digit))
    };
    let board =
        Board::with_candidates(&grid, allowed).map_err(|c| Error::Invalid(c.to_string()))?;
    Ok(Some(match board.next_step() {
        Some(step) => step_hint(&step, side),
        None if solve_direct(&grid, 1).solution().is_none() => Hint::Mistake {
            sentence: "The digits filled in leave no solution: one of them is wrong.".into(),
            cells: Vec::new(),
        },
        None => Hint::Guess {
            sentence: "No technique applies here: the logical solver would have to guess.".into(),
        },
    }))
}

/// The mistake of two equal digits in one unit.
fn rule_broken(grid: &Grid, conflict: &Conflict) -> Hint {
    let side = grid.side();
    Hint::Mistake {
        sentence: format!("Mistake: {}.", conflict.in_symbols(DEFAULT_ALPHABET)),
        cells: vec![
            cell_index(side, conflict.first),
            cell_index(side, conflict.second),
        ],
    }
}

/// The solution of the givens `cells`, when it is unique.
fn unique_solution(grid: &JsGrid, cells: &[u8]) -> Result<Option<Grid>> {
    let givens = JsGrid {
        size: grid.size,
        cells: cells.to_vec(),
    }
    .to_grid()?;
    Ok(match solve_direct(&givens, 2) {
        satoku_sudoku::Answer::Solved { solution, count: 1 } => Some(solution),
        _ => None,
    })
}

/// The filled cells whose digit differs from `solution`.
fn wrong_digits(grid: &Grid, solution: &Grid) -> Option<Hint> {
    let cells: Vec<usize> = (0..grid.cells().len())
        .filter(|&i| grid.cells()[i] != 0 && grid.cells()[i] != solution.cells()[i])
        .collect();
    let side = grid.side();
    let names: Vec<String> = cells
        .iter()
        .map(|&i| format!("r{}c{}", i / side + 1, i % side + 1))
        .collect();
    (!cells.is_empty()).then(|| Hint::Mistake {
        sentence: format!(
            "Mistake: {} {} not hold {}.",
            names.join(", "),
            if cells.len() == 1 { "does" } else { "do" },
            if cells.len() == 1 {
                "that digit"
            } else {
                "those digits"
            }
        ),
        cells,
    })
}

/// Per cell, whether a digit is pencilled in; `None` without pencil marks.
type Keep = Vec<Box<dyn Fn(u8) -> bool>>;

/// The pencil marks as a test per cell (an empty list allows every digit).
fn pencil_marks(params: &HintParams) -> Result<Option<Keep>> {
    let Some(lists) = &params.candidates else {
        return Ok(None);
    };
    let cells = params.grid.cells.len();
    if lists.len() != cells {
        return Err(Error::Invalid(format!(
            "candidates: {} lists for {cells} cells",
            lists.len()
        )));
    }
    let keep = lists
        .iter()
        .map(|list| {
            let mask = list
                .iter()
                .filter(|&&d| d < 32)
                .fold(0u32, |m, &d| m | 1 << d);
            Box::new(move |d: u8| mask == 0 || mask & (1 << d) != 0) as Box<dyn Fn(u8) -> bool>
        })
        .collect();
    Ok(Some(keep))
}

/// The open cells whose pencil marks leave out their digit of `solution`.
fn wrong_marks(grid: &Grid, solution: &Grid, keep: &Keep) -> Option<Hint> {
    let side = grid.side();
    let cells: Vec<usize> = (0..grid.cells().len())
        .filter(|&i| grid.cells()[i] == 0 && !keep[i](solution.cells()[i]))
        .collect();
    let first = *cells.first()?;
    Some(Hint::Mistake {
        sentence: format!(
            "Mistake: the pencil marks of r{}c{}{} leave out the digit that belongs there.",
            first / side + 1,
            first % side + 1,
            if cells.len() > 1 { " and others" } else { "" }
        ),
        cells,
    })
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
