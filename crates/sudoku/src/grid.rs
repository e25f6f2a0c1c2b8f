//! The grid: `side * side` cells, each blank (0) or a digit `1..=side`.
//!
//! `side = box_size * box_size`; box sizes 2..=5 give 4x4, 9x9, 16x16 and
//! 25x25 grids. Rows, columns and blocks are 0-based in code and 1-based in
//! messages (`r1c1` is the top-left cell). Block `b` covers rows
//! `box_size * (b / box_size)..` and columns `box_size * (b % box_size)..`.

use std::fmt;

use crate::Error;

/// The smallest supported box size (4x4 grids).
pub const MIN_BOX_SIZE: usize = 2;
/// The largest supported box size (25x25 grids).
pub const MAX_BOX_SIZE: usize = 5;

/// A sudoku grid: the puzzle's givens, or a (partial) solution.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    box_size: usize,
    cells: Vec<u8>,
}

/// A row, column or block, 0-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Unit {
    /// Row `r`.
    Row(usize),
    /// Column `c`.
    Col(usize),
    /// Block `b` (numbered left to right, top to bottom).
    Block(usize),
}

/// Two cells of one unit holding the same digit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Conflict {
    /// The unit they share.
    pub unit: Unit,
    /// The repeated digit.
    pub digit: u8,
    /// The first cell (row, col), 0-based, in reading order.
    pub first: (usize, usize),
    /// The second cell (row, col), 0-based.
    pub second: (usize, usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Col(c) => write!(f, "column {}", c + 1),
            Unit::Block(b) => write!(f, "block {}", b + 1),
        }
    }
}

impl Conflict {
    /// The sentence `Display` writes, the digit named in `alphabet`'s
    /// symbols: `row 1 has P twice, at r1c1 and r1c9` on a 25x25 grid.
    pub fn in_symbols(&self, alphabet: crate::Alphabet) -> String {
        format!(
            "{} has {} twice, at r{}c{} and r{}c{}",
            self.unit,
            alphabet.name(self.digit),
            self.first.0 + 1,
            self.first.1 + 1,
            self.second.0 + 1,
            self.second.1 + 1
        )
    }
}

impl fmt::Display for Conflict {
    /// The digit as a number (`row 1 has 25 twice, ...`); see [`Conflict::in_symbols`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.in_symbols(crate::Alphabet::Numbers))
    }
}

impl Grid {
    /// An empty grid of the given box size (3 for 9x9).
    pub fn empty(box_size: usize) -> Result<Grid, Error> {
        check_box_size(box_size)?;
        let side = box_size * box_size;
        Ok(Grid {
            box_size,
            cells: vec![0; side * side],
        })
    }

    /// A grid from its cells in reading order (0 blank, else `1..=side`).
    ///
    /// Fails on a wrong box size, a wrong number of cells or a digit above `side`.
    pub fn from_cells(box_size: usize, cells: Vec<u8>) -> Result<Grid, Error> {
        check_box_size(box_size)?;
        let side = box_size * box_size;
        if cells.len() != side * side {
            return Err(Error::Length {
                line: 1,
                cells: cells.len(),
            });
        }
        if let Some(i) = cells.iter().position(|&d| usize::from(d) > side) {
            return Err(Error::Symbol {
                line: 1,
                row: i / side + 1,
                col: i % side + 1,
                symbol: cells[i].to_string(),
                side,
            });
        }
        Ok(Grid { box_size, cells })
    }

    /// Box size `n` (2..=5).
    #[inline]
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// Side `n * n`: the number of rows, columns, blocks and digits.
    #[inline]
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The cells in reading order, 0 for a blank.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at (row, col), 0 if blank.
    ///
    /// # Panics
    /// If row or col is outside the grid.
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        assert!(
            row < self.side() && col < self.side(),
            "cell out of the grid"
        );
        self.cells[row * self.side() + col]
    }

    /// Puts `digit` at (row, col); 0 clears the cell.
    ///
    /// # Panics
    /// If the cell is outside the grid or the digit above `side`.
    #[inline]
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        let side = self.side();
        assert!(row < side && col < side, "cell out of the grid");
        assert!(usize::from(digit) <= side, "digit {digit} above {side}");
        self.cells[row * side + col] = digit;
    }

    /// The block of (row, col).
    #[inline]
    pub fn block_of(&self, row: usize, col: usize) -> usize {
        (row / self.box_size) * self.box_size + col / self.box_size
    }

    /// Number of filled cells.
    pub fn num_givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether no cell is blank.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first repeated digit in a row, column or block (rows first, then
    /// columns, then blocks), or `None` if the filled cells break no rule.
    pub fn first_conflict(&self) -> Option<Conflict> {
        if self.has_no_conflict() {
            return None;
        }
        let side = self.side();
        let units = [
            (0, Unit::Row as fn(usize) -> Unit),
            (1, Unit::Col),
            (2, Unit::Block),
        ];
        for (kind, make) in units {
            for u in 0..side {
                let mut seen = [None::<(usize, usize)>; 26];
                for i in 0..side {
                    let (row, col) = self.unit_cell(kind, u, i);
                    let d = self.get(row, col);
                    if d == 0 {
                        continue;
                    }
                    if let Some(first) = seen[usize::from(d)] {
                        return Some(Conflict {
                            unit: make(u),
                            digit: d,
                            first,
                            second: (row, col),
                        });
                    }
                    seen[usize::from(d)] = Some((row, col));
                }
            }
        }
        None
    }

    /// The fast check: one pass of bitmasks, no positions.
    fn has_no_conflict(&self) -> bool {
        let side = self.side();
        let (mut rows, mut cols, mut blocks) = ([0u32; 25], [0u32; 25], [0u32; 25]);
        for (i, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let (row, col) = (i / side, i % side);
            let block = self.block_of(row, col);
            let bit = 1u32 << (d - 1);
            if (rows[row] | cols[col] | blocks[block]) & bit != 0 {
                return false;
            }
            rows[row] |= bit;
            cols[col] |= bit;
            blocks[block] |= bit;
        }
        true
    }

    /// Whether the filled cells break no rule.
    pub fn is_legal(&self) -> bool {
        self.first_conflict().is_none()
    }

    /// Whether `self` is a complete, legal grid that keeps every given of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.box_size == puzzle.box_size
            && self.is_complete()
            && self.is_legal()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &d)| given == 0 || given == d)
    }

    /// Cell `i` of unit `u`; kind 0 row, 1 column, 2 block.
    fn unit_cell(&self, kind: u8, u: usize, i: usize) -> (usize, usize) {
        let n = self.box_size;
        match kind {
            0 => (u, i),
            1 => (i, u),
            _ => ((u / n) * n + i / n, (u % n) * n + i % n),
        }
    }
}

fn check_box_size(box_size: usize) -> Result<(), Error> {
    if (MIN_BOX_SIZE..=MAX_BOX_SIZE).contains(&box_size) {
        Ok(())
    } else {
        Err(Error::BoxSize { box_size })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid9(s: &str) -> Grid {
        let cells = s
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(3, cells).unwrap()
    }

    #[test]
    fn sizes_outside_two_to_five_are_refused() {
        assert_eq!(Grid::empty(1), Err(Error::BoxSize { box_size: 1 }));
        assert_eq!(Grid::empty(6), Err(Error::BoxSize { box_size: 6 }));
        assert_eq!(Grid::empty(5).unwrap().cells().len(), 625);
    }

    #[test]
    fn finds_the_repeated_digit_and_its_unit() {
        let mut g = Grid::empty(3).unwrap();
        g.set(0, 0, 5);
        g.set(1, 1, 5);
        let c = g.first_conflict().unwrap();
        assert_eq!(c.unit, Unit::Block(0));
        assert_eq!((c.first, c.second, c.digit), ((0, 0), (1, 1), 5));
        assert_eq!(c.to_string(), "block 1 has 5 twice, at r1c1 and r2c2");
        g.set(1, 1, 0);
        g.set(8, 0, 5);
        assert_eq!(g.first_conflict().unwrap().unit, Unit::Col(0));
    }

    #[test]
    fn a_conflict_names_its_digit_in_the_grids_symbols() {
        let mut g = Grid::empty(5).unwrap();
        g.set(0, 0, 25);
        g.set(0, 9, 25);
        let c = g.first_conflict().unwrap();
        assert_eq!(c.to_string(), "row 1 has 25 twice, at r1c1 and r1c10");
        let one_based = crate::DEFAULT_ALPHABET;
        assert_eq!(
            c.in_symbols(one_based),
            "row 1 has P twice, at r1c1 and r1c10"
        );
    }

    #[test]
    fn a_solution_must_keep_the_givens() {
        let solution = grid9(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut puzzle = Grid::empty(3).unwrap();
        puzzle.set(0, 0, 5);
        assert!(solution.solves(&puzzle));
        puzzle.set(0, 0, 6);
        assert!(!solution.solves(&puzzle));
    }
}
