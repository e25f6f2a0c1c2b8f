//! The game's state, with no terminal in it: the puzzle, the player's
//! entries and pencil marks, the cursor, and undo/redo. Every move is
//! checked here (givens cannot change, digits must fit the grid); a
//! conflict is visible at once ([`Game::conflicts`]), a wrong entry only
//! when asked ([`Game::wrong_entries`]).

use std::fmt;

use satoku_sudoku::{solve_direct, Alphabet, Grid};

/// One cell as the player left it: a digit (0 for none) and pencil marks
/// (bit `d - 1` for candidate `d`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    pub digit: u8,
    pub marks: u32,
}

/// One undoable move: the cells it changed, before and after.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Change {
    cells: Vec<(usize, Cell, Cell)>,
}

/// Why a move was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The cell holds a given.
    Given { row: usize, col: usize },
    /// A digit outside `1..=side`.
    Digit { digit: u8, side: usize },
    /// A cell outside the grid.
    Cell { row: usize, col: usize, side: usize },
    /// Nothing to undo or redo.
    NoHistory,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::Given { row, col } => {
                write!(f, "r{}c{} is a given and cannot change", row + 1, col + 1)
            }
            Refusal::Digit { digit, side } => write!(f, "{digit} is not a digit of 1..={side}"),
            Refusal::Cell { row, col, side } => write!(
                f,
                "r{}c{} is outside the {side}x{side} grid (rows and columns 1..={side})",
                row + 1,
                col + 1
            ),
            Refusal::NoHistory => f.write_str("nothing to undo or redo"),
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    puzzle: Grid,
    alphabet: Alphabet,
    cells: Vec<Cell>,
    solution: Option<Grid>,
    cursor: (usize, usize),
    undo: Vec<Change>,
    redo: Vec<Change>,
}

impl Game {
    /// A fresh game on `puzzle`, drawn in `alphabet`.
    pub fn new(puzzle: Grid, alphabet: Alphabet) -> Game {
        let cells = puzzle
            .cells()
            .iter()
            .map(|&digit| Cell { digit, marks: 0 })
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
            cursor: (0, 0),
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    pub fn side(&self) -> usize {
        self.puzzle.side()
    }

    /// The unique solution, if the puzzle has exactly one.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }

    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.side() + col]
    }

    pub fn is_given(&self, row: usize, col: usize) -> bool {
        self.puzzle.get(row, col) != 0
    }

    /// The givens and the player's digits.
    pub fn grid(&self) -> Grid {
        let cells = self.cells.iter().map(|c| c.digit).collect();
        Grid::from_cells(self.puzzle.box_size(), cells).expect("digits checked on entry")
    }

    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    /// Moves the cursor by (rows, cols), wrapping around the edges.
    pub fn move_cursor(&mut self, rows: isize, cols: isize) {
        let side = self.side() as isize;
        let (row, col) = self.cursor;
        self.cursor = (
            (row as isize + rows).rem_euclid(side) as usize,
            (col as isize + cols).rem_euclid(side) as usize,
        );
    }

    /// Puts `digit` (0 clears) at (row, col); the cell's marks go.
    pub fn fill(&mut self, row: usize, col: usize, digit: u8) -> Result<(), Refusal> {
        self.check_cell(row, col)?;
        self.check_digit(digit)?;
        self.apply(vec![(row * self.side() + col, Cell { digit, marks: 0 })]);
        Ok(())
    }

    /// Toggles pencil mark `digit` on an open cell (a filled cell is left alone).
    pub fn toggle_mark(&mut self, row: usize, col: usize, digit: u8) -> Result<(), Refusal> {
        self.check_cell(row, col)?;
        self.check_digit(digit)?;
        let old = self.cell(row, col);
        if digit == 0 || old.digit != 0 {
            return Ok(());
        }
        let marks = old.marks ^ (1 << (digit - 1));
        self.apply(vec![(row * self.side() + col, Cell { marks, ..old })]);
        Ok(())
    }

    /// Pencils into every open cell the digits its row, column and block
    /// leave possible (one undoable move).
    pub fn auto_candidates(&mut self) {
        let grid = self.grid();
        let side = self.side();
        let changes = (0..side * side)
            .filter(|&i| self.cells[i].digit == 0)
            .map(|i| {
                let marks = candidates(&grid, i / side, i % side);
                (i, Cell { digit: 0, marks })
            })
            .collect();
        self.apply(changes);
    }

    /// Fills every open cell from `solution` (one undoable move).
    pub fn fill_all(&mut self, solution: &Grid) {
        let changes = (0..self.cells.len())
            .filter(|&i| self.cells[i].digit != solution.cells()[i])
            .filter(|&i| self.puzzle.cells()[i] == 0)
            .map(|i| {
                (
                    i,
                    Cell {
                        digit: solution.cells()[i],
                        marks: 0,
                    },
                )
            })
            .collect();
        self.apply(changes);
    }

    pub fn undo(&mut self) -> Result<(), Refusal> {
        let change = self.undo.pop().ok_or(Refusal::NoHistory)?;
        for &(i, before, _) in &change.cells {
            self.cells[i] = before;
        }
        self.redo.push(change);
        Ok(())
    }

    pub fn redo(&mut self) -> Result<(), Refusal> {
        let change = self.redo.pop().ok_or(Refusal::NoHistory)?;
        for &(i, _, after) in &change.cells {
            self.cells[i] = after;
        }
        self.undo.push(change);
        Ok(())
    }

    /// Per cell, whether its digit repeats in its row, column or block.
    pub fn conflicts(&self) -> Vec<bool> {
        let side = self.side();
        let grid = self.grid();
        (0..side * side)
            .map(|i| {
                let (row, col) = (i / side, i % side);
                let d = grid.get(row, col);
                d != 0 && peers(&grid, row, col).any(|(r, c)| grid.get(r, c) == d)
            })
            .collect()
    }

    /// The player's digits that differ from the unique solution (none
    /// when the puzzle has no unique solution), in reading order.
    pub fn wrong_entries(&self) -> Vec<(usize, usize)> {
        let Some(solution) = &self.solution else {
            return Vec::new();
        };
        let side = self.side();
        (0..side * side)
            .filter(|&i| self.cells[i].digit != 0 && self.cells[i].digit != solution.cells()[i])
            .map(|i| (i / side, i % side))
            .collect()
    }

    /// Whether the grid is full and breaks no rule while keeping the givens.
    pub fn is_solved(&self) -> bool {
        self.grid().solves(&self.puzzle)
    }

    /// Restores cells as saved (after [`Game::new`] on the same puzzle).
    pub fn restore(&mut self, cells: Vec<Cell>) {
        self.cells = cells;
        self.undo.clear();
        self.redo.clear();
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn apply(&mut self, new: Vec<(usize, Cell)>) {
        let cells: Vec<(usize, Cell, Cell)> = new
            .into_iter()
            .filter(|&(i, after)| self.cells[i] != after)
            .map(|(i, after)| (i, self.cells[i], after))
            .collect();
        if cells.is_empty() {
            return;
        }
        for &(i, _, after) in &cells {
            self.cells[i] = after;
        }
        self.undo.push(Change { cells });
        self.redo.clear();
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
fn peers(grid: &Grid, row: usize, col: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
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

/// The digits (bit `d - 1`) that no peer of (row, col) holds.
fn candidates(grid: &Grid, row: usize, col: usize) -> u32 {
    let all = (1u32 << grid.side()) - 1;
    peers(grid, row, col).fold(all, |left, (r, c)| match grid.get(r, c) {
        0 => left,
        d => left & !(1 << (d - 1)),
    })
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
