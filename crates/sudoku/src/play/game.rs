//! The game's state: the puzzle, the player's entries and pencil marks,
//! and undo/redo. Every move is checked here (givens cannot change,
//! digits must fit the grid); a conflict is visible at once
//! ([`Game::conflicts`]), a wrong entry only when asked
//! ([`Game::wrong_entries`]).

use crate::{solve_direct, Alphabet, Grid};

use super::cell::{Cell, Marks};
use super::error::Refusal;
use super::history::History;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    puzzle: Grid,
    alphabet: Alphabet,
    cells: Vec<Cell>,
    solution: Option<Grid>,
    history: History,
}

impl Game {
    /// A fresh game on `puzzle`, drawn in `alphabet`.
    pub fn new(puzzle: Grid, alphabet: Alphabet) -> Game {
        let cells = puzzle
            .cells()
            .iter()
            .map(|&digit| Cell::new(digit, Marks::NONE))
            .collect();
        let answer = solve_direct(&puzzle, 2);
        let solution = (answer.count() == 1)
            .then(|| answer.solution().cloned())
            .flatten();
        Game {
            puzzle,
            alphabet,
            cells,
            solution,
            history: History::default(),
        }
    }

    /// The givens.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The symbols the puzzle was written in.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// Rows, columns and digits.
    pub fn side(&self) -> usize {
        self.puzzle.side()
    }

    /// The unique solution, if the puzzle has exactly one.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }

    /// The cell at (row, col), 0-based.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.side() + col]
    }

    /// Every cell, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether (row, col) holds a given.
    pub fn is_given(&self, row: usize, col: usize) -> bool {
        self.puzzle.get(row, col) != 0
    }

    /// The givens and the player's digits.
    pub fn grid(&self) -> Grid {
        let cells = self.cells.iter().map(|c| c.digit()).collect();
        Grid::from_cells(self.puzzle.box_size(), cells).expect("digits checked on entry")
    }

    /// Puts `digit` (0 clears) at (row, col); the cell's marks go.
    pub fn fill(&mut self, row: usize, col: usize, digit: u8) -> Result<(), Refusal> {
        self.check_cell(row, col)?;
        self.check_digit(digit)?;
        let i = row * self.side() + col;
        self.apply(vec![(i, Cell::new(digit, Marks::NONE))]);
        Ok(())
    }

    /// Toggles pencil mark `digit` on an open cell (a filled cell is left alone).
    pub fn toggle_mark(&mut self, row: usize, col: usize, digit: u8) -> Result<(), Refusal> {
        self.check_cell(row, col)?;
        self.check_digit(digit)?;
        let old = self.cell(row, col);
        if digit == 0 || old.digit() != 0 {
            return Ok(());
        }
        let i = row * self.side() + col;
        self.apply(vec![(i, Cell::new(0, old.marks().toggled(digit)))]);
        Ok(())
    }

    /// Pencils into every open cell the digits its row, column and block
    /// leave possible (one undoable move).
    pub fn auto_candidates(&mut self) {
        let grid = self.grid();
        let side = self.side();
        let changes = (0..side * side)
            .filter(|&i| self.cells[i].digit() == 0)
            .map(|i| (i, Cell::new(0, candidates(&grid, i / side, i % side))))
            .collect();
        self.apply(changes);
    }

    /// Fills every open cell from `solution` (one undoable move).
    pub fn fill_all(&mut self, solution: &Grid) {
        let changes = (0..self.cells.len())
            .filter(|&i| self.puzzle.cells()[i] == 0)
            .map(|i| (i, Cell::new(solution.cells()[i], Marks::NONE)))
            .collect();
        self.apply(changes);
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        self.history.undo(&mut self.cells)
    }

    /// Makes the last move undone again.
    pub fn redo(&mut self) -> Result<(), Refusal> {
        self.history.redo(&mut self.cells)
    }

    /// Puts back cells as saved (or as another front end holds them), with
    /// no history: one a cell, in reading order, keeping every given, each
    /// digit and mark of the grid.
    pub fn restore(&mut self, cells: Vec<Cell>) -> Result<(), Refusal> {
        let expected = self.cells.len();
        if cells.len() != expected {
            let found = cells.len();
            return Err(Refusal::NumCells { found, expected });
        }
        let side = self.side();
        for (i, cell) in cells.iter().enumerate() {
            let (row, col) = (i / side, i % side);
            if self.is_given(row, col) && cell.digit() != self.puzzle.get(row, col) {
                return Err(Refusal::Given { row, col });
            }
            self.check_digit(cell.digit().max(cell.marks().max_digit()))?;
        }
        self.cells = cells;
        self.history.clear();
        Ok(())
    }

    fn apply(&mut self, new: Vec<(usize, Cell)>) {
        self.history.apply(&mut self.cells, new);
    }

    fn check_cell(&self, row: usize, col: usize) -> Result<(), Refusal> {
        let side = self.side();
        if row >= side || col >= side {
            return Err(Refusal::Cell { row, col, side });
        }
        if self.is_given(row, col) {
            return Err(Refusal::Given { row, col });
        }
        Ok(())
    }

    fn check_digit(&self, digit: u8) -> Result<(), Refusal> {
        let side = self.side();
        match usize::from(digit) <= side {
            true => Ok(()),
            false => Err(Refusal::Digit { digit, side }),
        }
    }
}

/// The other cells of (row, col)'s row, column and block (block cells
/// may repeat a row or column cell).
pub(crate) fn peers(
    grid: &Grid,
    row: usize,
    col: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let side = grid.side();
    let n = grid.box_size();
    let (row0, col0) = (row - row % n, col - col % n);
    let row_cells = (0..side).map(move |c| (row, c));
    let col_cells = (0..side).map(move |r| (r, col));
    let block_cells = (0..side).map(move |i| (row0 + i / n, col0 + i % n));
    row_cells
        .chain(col_cells)
        .chain(block_cells)
        .filter(move |&cell| cell != (row, col))
}

/// The digits that no peer of (row, col) holds.
fn candidates(grid: &Grid, row: usize, col: usize) -> Marks {
    let all = (1..=grid.side() as u8).collect::<Vec<_>>();
    let taken: Vec<u8> = peers(grid, row, col).map(|(r, c)| grid.get(r, c)).collect();
    let left = all.into_iter().filter(|d| !taken.contains(d));
    Marks::from_digits(left).expect("digits of a grid fit in marks")
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
