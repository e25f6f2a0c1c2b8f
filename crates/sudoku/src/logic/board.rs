//! The candidates board: every cell's digit or its remaining candidates.
//!
//! Invariant: a filled cell has no candidates, and no open cell keeps a
//! candidate placed in one of its units. Steps only remove candidates or
//! place a digit that is a candidate, so a deduction never adds one back.

use crate::logic::geometry::{geometry, Geometry};
use crate::logic::mask::{bit, digits, full, Mask};
use crate::logic::{find_step, Candidate, Step};
use crate::{Conflict, Grid, Unit};

/// The most digits and cells a unit has: a 25x25 grid's.
pub(crate) const MAX_SIDE: usize = 25;

/// A grid with the candidates of its open cells.
#[derive(Clone)]
pub struct Board {
    geo: &'static Geometry,
    cells: Vec<u8>,
    cands: Vec<Mask>,
    /// The digits placed in each unit.
    held: Vec<Mask>,
    num_open: usize,
    /// The block the last hidden single was in: the search for the next
    /// one starts there, where a placement most often leaves another.
    last_block: usize,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.geo.box_size == other.geo.box_size
            && self.cells == other.cells
            && self.cands == other.cands
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("grid", &self.grid())
            .field("candidates", &self.cands)
            .finish()
    }
}

impl Board {
    /// The board of `grid`: each open cell's candidates are the digits no
    /// peer holds. Fails on a grid that breaks a rule.
    pub fn new(grid: &Grid) -> Result<Board, Conflict> {
        let geo = geometry(grid.box_size());
        let cells = grid.cells().to_vec();
        // The digits each unit holds, then each open cell's complement.
        let mut held = vec![0 as Mask; geo.units.len()];
        let mut repeated = false;
        for (cell, &d) in cells.iter().enumerate().filter(|(_, &d)| d != 0) {
            for u in geo.cell_units[cell] {
                repeated |= held[u] & bit(d) != 0;
                held[u] |= bit(d);
            }
        }
        if let Some(conflict) = repeated.then(|| grid.first_conflict()).flatten() {
            return Err(conflict);
        }
        let all = full(geo.side);
        let cands = (0..geo.num_cells())
            .map(|cell| match cells[cell] {
                0 => geo.cell_units[cell].iter().fold(all, |m, &u| m & !held[u]),
                _ => 0,
            })
            .collect();
        let num_open = cells.iter().filter(|&&d| d == 0).count();
        Ok(Board {
            geo,
            cells,
            cands,
            held,
            num_open,
            last_block: 0,
        })
    }

    /// The board of `grid` with candidates limited to those `keep` allows
    /// (pencil marks a person entered). Candidates a peer rules out stay out.
    pub fn with_candidates(
        grid: &Grid,
        keep: impl Fn(usize, usize, u8) -> bool,
    ) -> Result<Board, Conflict> {
        let mut board = Board::new(grid)?;
        let side = board.geo.side;
        for cell in 0..board.geo.num_cells() {
            let (row, col) = (cell / side, cell % side);
            for d in digits(board.cands[cell]) {
                if !keep(row, col, d) {
                    board.cands[cell] &= !bit(d);
                }
            }
        }
        Ok(board)
    }

    /// Box size (3 for 9x9).
    pub fn box_size(&self) -> usize {
        self.geo.box_size
    }

    /// Side: rows, columns and digits.
    pub fn side(&self) -> usize {
        self.geo.side
    }

    /// The digits placed so far (givens and deductions).
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.geo.box_size, self.cells.clone()).expect("a board's cells are a grid")
    }

    /// The digit at (row, col), 0 if open.
    pub fn digit(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.geo.side + col]
    }

    /// The candidates of (row, col), smallest first; none for a filled cell.
    pub fn candidates(&self, row: usize, col: usize) -> Vec<u8> {
        digits(self.cands[row * self.geo.side + col]).collect()
    }

    /// Whether `digit` is a candidate of (row, col).
    pub fn has_candidate(&self, row: usize, col: usize, digit: u8) -> bool {
        self.cands[row * self.geo.side + col] & bit(digit) != 0
    }

    /// Every cell filled.
    pub fn is_solved(&self) -> bool {
        self.num_open == 0
    }

    /// The board shows there is no solution: an open cell without
    /// candidates, or a unit with a digit neither placed nor possible.
    pub fn is_broken(&self) -> bool {
        let empty_cell =
            (0..self.geo.num_cells()).any(|c| self.cells[c] == 0 && self.cands[c] == 0);
        empty_cell
            || self.geo.units.iter().enumerate().any(|(u, unit)| {
                let seen = unit.iter().fold(self.held[u], |m, &c| m | self.cands[c]);
                seen != full(self.geo.side)
            })
    }

    /// The simplest step that makes progress, `None` when the board is
    /// solved or no technique applies (guessing needed, or a broken board
    /// the techniques cannot get further on). A broken board may still
    /// yield steps: from a contradiction every deduction is sound, and
    /// [`crate::logic::solve`] reports it as [`crate::logic::Outcome::NoSolution`].
    pub fn next_step(&self) -> Option<Step> {
        if self.is_solved() {
            return None;
        }
        find_step(self)
    }

    /// Applies `step`: places its placements (removing the digit from the
    /// peers) and removes its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &p in step.placements() {
            self.place(p);
        }
        if let [Unit::Block(b)] = step.units() {
            self.last_block = *b;
        }
        for e in step.eliminations() {
            self.cands[e.row * self.geo.side + e.col] &= !bit(e.digit);
        }
    }

    /// Puts `p.digit` at its cell and removes it from the peers' candidates.
    fn place(&mut self, p: Candidate) {
        let cell = p.row * self.geo.side + p.col;
        self.num_open -= usize::from(self.cells[cell] == 0);
        self.cells[cell] = p.digit;
        self.cands[cell] = 0;
        for u in self.geo.cell_units[cell] {
            self.held[u] |= bit(p.digit);
        }
        let keep = !bit(p.digit);
        let peers = self.geo.flat_peers(cell);
        // A 9x9 cell's 20 peers as an array of known length: the loop unrolls.
        match <&[u16; 20]>::try_from(peers) {
            Ok(nine) => keep_only(&mut self.cands, nine, keep),
            Err(_) => keep_only(&mut self.cands, peers, keep),
        }
    }

    pub(crate) fn geo(&self) -> &'static Geometry {
        self.geo
    }

    /// The block the search for a hidden single starts at.
    pub(crate) fn last_block(&self) -> usize {
        self.last_block
    }

    /// Every digit of unit `u` is placed.
    #[inline]
    pub(crate) fn is_complete(&self, u: usize) -> bool {
        self.held[u] == full(self.geo.side)
    }

    /// The candidates of a cell by index.
    #[inline]
    pub(crate) fn mask(&self, cell: usize) -> Mask {
        self.cands[cell]
    }

    /// Where each digit is a candidate in unit `u`: entry `d - 1` is the
    /// bitmask of positions in the unit.
    pub(crate) fn unit_places(&self, u: usize) -> [u32; MAX_SIDE] {
        let mut places = [0u32; MAX_SIDE];
        for (i, &c) in self.geo.units[u].iter().enumerate() {
            for d in digits(self.cands[c]) {
                places[usize::from(d) - 1] |= 1 << i;
            }
        }
        places
    }

    /// The cells of unit `u` that hold `digit` as a candidate, as a bitmask
    /// of positions in the unit.
    pub(crate) fn places(&self, u: usize, digit: u8) -> u32 {
        let b = bit(digit);
        self.geo.units[u]
            .iter()
            .enumerate()
            .filter(|&(_, &c)| self.cands[c] & b != 0)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The candidate at a cell index.
    pub(crate) fn candidate(&self, cell: usize, digit: u8) -> Candidate {
        let (row, col) = self.geo.row_col(cell);
        Candidate { row, col, digit }
    }
}

/// Masks the candidates of the cells `at` with `keep`.
#[inline(always)]
fn keep_only(cands: &mut [Mask], at: &[u16], keep: Mask) {
    for &cell in at {
        cands[usize::from(cell)] &= keep;
    }
}

#[cfg(test)]
impl Board {
    /// An empty 9x9 board whose listed cells have exactly the listed
    /// candidates (the test grids of the techniques).
    pub(crate) fn empty_with(cells: &[((usize, usize), &[u8])]) -> Board {
        let grid = Grid::empty(3).expect("9x9");
        Board::with_candidates(&grid, |r, c, d| {
            cells
                .iter()
                .find(|(at, _)| *at == (r, c))
                .is_none_or(|(_, ds)| ds.contains(&d))
        })
        .expect("an empty grid breaks no rule")
    }
}
