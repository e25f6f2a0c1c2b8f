//! Why the game refused a move, and why a saved game cannot be read.

use std::fmt;

/// Why a move, or a state to restore, was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The cell holds a given (or a restored grid changes it).
    #[error("r{} is a given and cannot change", cell_name(*row, *col))]
    Given {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// A digit outside `1..=side`.
    #[error("{digit} is not a digit of 1..={side}")]
    Digit {
        /// The digit asked for.
        digit: u8,
        /// The grid's side.
        side: usize,
    },
    /// A cell outside the grid.
    #[error(
        "r{} is outside the {side}x{side} grid (rows and columns 1..={side})",
        cell_name(*row, *col)
    )]
    Cell {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The grid's side.
        side: usize,
    },
    /// A restored state with the wrong number of cells.
    #[error("{found} cells for a grid of {expected}")]
    NumCells {
        /// Cells given.
        found: usize,
        /// Cells of the grid.
        expected: usize,
    },
    /// Nothing to undo or redo.
    #[error("nothing to undo or redo")]
    NoHistory,
}

/// `1c2` for row 0, column 1: the cell's name after its `r`.
fn cell_name(row: usize, col: usize) -> String {
    format!("{}c{}", row + 1, col + 1)
}

/// What makes a saved game unreadable, and where: `LINE:COL: message`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}{message}", place(*at))]
pub struct SaveError {
    at: Option<(usize, usize)>,
    message: String,
}

impl SaveError {
    /// A fault at 1-based line and column (in characters), if it has one.
    pub(crate) fn new(at: Option<(usize, usize)>, message: impl Into<String>) -> SaveError {
        SaveError {
            at,
            message: message.into(),
        }
    }

    /// The 1-based line and column (in characters) of the fault, if it
    /// has one.
    pub fn at(&self) -> Option<(usize, usize)> {
        self.at
    }

    /// What is wrong, without the place.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The message with `file` and the place before it: `FILE:LINE:COL: ...`.
    pub fn in_file(&self, file: impl fmt::Display) -> String {
        match self.at {
            Some(_) => format!("{file}:{self}"),
            None => format!("{file}: {self}"),
        }
    }
}

/// `LINE:COL: ` before a message, or nothing.
fn place(at: Option<(usize, usize)>) -> String {
    at.map(|(line, col)| format!("{line}:{col}: "))
        .unwrap_or_default()
}
