//! The direct solver for every size (4x4 to 25x25): cell bitmasks.
//!
//! A cell's candidates are the digits its row, column and block do not use,
//! one bit per digit (`u32`, bit `d - 1`). Propagation repeats naked singles
//! (a cell with one candidate) and hidden singles (a digit with one place in
//! a unit) and locked candidates (a digit confined to one line of a block, or
//! to one block of a line, leaves the rest of the other) until none applies; a cell with no candidate or a unit that can
//! no longer place a digit is a contradiction. Then the search branches on a
//! cell with the fewest candidates, digits lowest first, or on the places of
//! a digit in a unit when that is a smaller choice, with an explicit stack of
//! state copies. The 9x9 fast path is [`crate::fast9`]; this one is
//! its cross-check and the rating's yardstick (it counts guesses).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::Grid;

const MAX_SIDE: usize = 25;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// Cells, and the digits used by each unit: rows `0..side`, columns
/// `side..2*side`, blocks `2*side..3*side`.
#[derive(Clone)]
struct State {
    cells: [u8; MAX_CELLS],
    used: [u32; 3 * MAX_SIDE],
    /// Digits removed from a cell by locked candidates.
    banned: [u32; MAX_CELLS],
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Search {
    /// Solutions found, at most the limit.
    pub count: usize,
    /// The first solution, in reading order.
    pub first: Option<Grid>,
    /// Branch points: cells where more than one digit was tried or pending.
    pub num_guesses: usize,
}

struct Solver {
    box_size: usize,
    side: usize,
    full: u32,
    /// For each cell, its three unit indices into `State::used`.
    units_of: Vec<[usize; 3]>,
    /// For each unit, its cells.
    unit_cells: Vec<Vec<usize>>,
}

impl Solver {
    fn new(box_size: usize) -> Solver {
        let side = box_size * box_size;
        let mut units_of = Vec::with_capacity(side * side);
        let mut unit_cells = vec![Vec::with_capacity(side); 3 * side];
        for cell in 0..side * side {
            let (row, col) = (cell / side, cell % side);
            let block = (row / box_size) * box_size + col / box_size;
            let units = [row, side + col, 2 * side + block];
            for u in units {
                unit_cells[u].push(cell);
            }
            units_of.push(units);
        }
        Solver {
            box_size,
            side,
            full: (1u32 << side) - 1,
            units_of,
            unit_cells,
        }
    }

    #[inline]
    fn candidates(&self, s: &State, cell: usize) -> u32 {
        let [a, b, c] = self.units_of[cell];
        self.full & !(s.used[a] | s.used[b] | s.used[c] | s.banned[cell])
    }

    /// Removes `digits` from the open cells among `cells` that are not in
    /// `keep`; true if any candidate went.
    fn eliminate(&self, s: &mut State, cells: &[usize], keep: &[usize], digits: u32) -> bool {
        let mut changed = false;
        for &cell in cells {
            if s.cells[cell] == 0 && self.candidates(s, cell) & digits != 0 && !keep.contains(&cell)
            {
                s.banned[cell] |= digits;
                changed = true;
            }
        }
        changed
    }

    /// Locked candidates: a digit confined to one line within a block leaves
    /// the rest of that line, and a digit confined to one block within a line
    /// leaves the rest of that block. True if any candidate went.
    fn locked_candidates(&self, s: &mut State) -> bool {
        let (n, side) = (self.box_size, self.side);
        let mut changed = false;
        let mut segment = [0usize; 5];
        for block in 0..side {
            let (row0, col0) = ((block / n) * n, (block % n) * n);
            // Line `line < n` is row `line` of the block, else column `line - n`.
            for line in 0..2 * n {
                for (i, cell) in segment.iter_mut().enumerate().take(n) {
                    let (r, c) = if line < n { (line, i) } else { (i, line - n) };
                    *cell = (row0 + r) * side + col0 + c;
                }
                let cells = &segment[..n];
                let inside = self.open_digits(s, cells);
                let block_cells = &self.unit_cells[2 * side + block];
                let rest_of_block = self.open_digits_except(s, block_cells, cells);
                let unit = if line < n {
                    row0 + line
                } else {
                    side + col0 + line - n
                };
                let rest_of_line = self.open_digits_except(s, &self.unit_cells[unit], cells);
                // Pointing: in the block only on this line.
                let pointing = inside & !rest_of_block;
                if pointing != 0 {
                    changed |= self.eliminate(s, &self.unit_cells[unit], cells, pointing);
                }
                // Claiming: on the line only in this block.
                let claiming = inside & !rest_of_line;
                if claiming != 0 {
                    changed |= self.eliminate(s, block_cells, cells, claiming);
                }
            }
        }
        changed
    }

    fn open_digits(&self, s: &State, cells: &[usize]) -> u32 {
        cells
            .iter()
            .filter(|&&c| s.cells[c] == 0)
            .fold(0, |m, &c| m | self.candidates(s, c))
    }

    fn open_digits_except(&self, s: &State, cells: &[usize], except: &[usize]) -> u32 {
        cells
            .iter()
            .filter(|&&c| s.cells[c] == 0 && !except.contains(&c))
            .fold(0, |m, &c| m | self.candidates(s, c))
    }

    /// Places `digit` (1-based) if it is still a candidate; false otherwise.
    #[inline]
    fn place(&self, s: &mut State, cell: usize, digit: u32) -> bool {
        let bit = 1u32 << (digit - 1);
        if s.cells[cell] != 0 || self.candidates(s, cell) & bit == 0 {
            return false;
        }
        s.cells[cell] = digit as u8;
        for u in self.units_of[cell] {
            s.used[u] |= bit;
        }
        true
    }

    /// Naked and hidden singles to a fixpoint; false on a contradiction.
    fn propagate(&self, s: &mut State) -> bool {
        loop {
            let mut progress = false;
            for cell in 0..self.side * self.side {
                if s.cells[cell] != 0 {
                    continue;
                }
                let m = self.candidates(s, cell);
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.place(s, cell, m.trailing_zeros() + 1);
                    progress = true;
                }
            }
            for (u, cells) in self.unit_cells.iter().enumerate() {
                let (mut once, mut twice) = (0u32, 0u32);
                for &cell in cells {
                    if s.cells[cell] == 0 {
                        let m = self.candidates(s, cell);
                        twice |= once & m;
                        once |= m;
                    }
                }
                let need = self.full & !s.used[u];
                if need & !once != 0 {
                    return false;
                }
                let mut hidden = once & !twice & need;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    let Some(&cell) = cells
                        .iter()
                        .find(|&&c| s.cells[c] == 0 && self.candidates(s, c) & bit != 0)
                    else {
                        return false;
                    };
                    self.place(s, cell, bit.trailing_zeros() + 1);
                    progress = true;
                }
            }
            if !progress && !self.locked_candidates(s) {
                return true;
            }
        }
    }

    /// The branch with the fewest options: a cell with the fewest candidates
    /// (lowest index on ties), or, when that has more than two, a digit with
    /// fewer places in some unit. `None` when every cell is filled.
    fn choose(&self, s: &State) -> Option<Branch> {
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..self.side * self.side {
            if s.cells[cell] == 0 {
                let m = self.candidates(s, cell);
                if !matches!(best, Some((_, b)) if b.count_ones() <= m.count_ones()) {
                    best = Some((cell, m));
                    if m.count_ones() <= 2 {
                        break;
                    }
                }
            }
        }
        let (cell, digits) = best?;
        let mut branch = Branch::Cell { cell, digits };
        let mut fewest = digits.count_ones();
        if fewest <= 2 {
            return Some(branch);
        }
        for (unit, cells) in self.unit_cells.iter().enumerate() {
            let mut need = self.full & !s.used[unit];
            while need != 0 {
                let bit = need & need.wrapping_neg();
                need ^= bit;
                let mut places = 0u32;
                for (i, &c) in cells.iter().enumerate() {
                    if s.cells[c] == 0 && self.candidates(s, c) & bit != 0 {
                        places |= 1 << i;
                    }
                }
                if places.count_ones() < fewest {
                    fewest = places.count_ones();
                    branch = Branch::Place {
                        unit,
                        digit: bit.trailing_zeros() + 1,
                        places,
                    };
                    if fewest <= 2 {
                        return Some(branch);
                    }
                }
            }
        }
        Some(branch)
    }

    fn search(&self, mut s: State, limit: usize, stop: &AtomicBool) -> Search {
        let mut found = Search::default();
        // Frames: the state before a branch, and the options left to try.
        let mut stack: Vec<(State, Branch)> = Vec::new();
        let mut ok = self.propagate(&mut s);
        loop {
            if ok {
                match self.choose(&s) {
                    None => {
                        found.count += 1;
                        if found.first.is_none() {
                            let cells = s.cells[..self.side * self.side].to_vec();
                            found.first =
                                Some(Grid::from_cells(self.box_size, cells).expect("valid"));
                        }
                        if found.count >= limit {
                            return found;
                        }
                    }
                    Some(_) if stop.load(Ordering::Relaxed) => return found,
                    Some(branch) => {
                        found.num_guesses += 1;
                        stack.push((s.clone(), branch));
                    }
                }
            }
            // Take the next option of the innermost branch that has one left.
            loop {
                let Some((base, branch)) = stack.last_mut() else {
                    return found;
                };
                let (options, cell, digit) = match branch {
                    Branch::Cell { cell, digits } => {
                        let digit = digits.trailing_zeros() + 1;
                        (digits, *cell, digit)
                    }
                    Branch::Place {
                        unit,
                        digit,
                        places,
                    } => {
                        let cell = self.unit_cells[*unit][places.trailing_zeros() as usize];
                        (places, cell, *digit)
                    }
                };
                if *options == 0 {
                    stack.pop();
                    continue;
                }
                *options &= *options - 1;
                s = base.clone();
                if *options == 0 {
                    stack.pop();
                }
                ok = self.place(&mut s, cell, digit) && self.propagate(&mut s);
                break;
            }
        }
    }
}

/// A branch point: the options still to try.
enum Branch {
    /// Cell `cell` takes one of `digits` (bit `d - 1`).
    Cell { cell: usize, digits: u32 },
    /// `digit` goes in one of `places` (bit `i`: cell `i` of the unit).
    Place {
        unit: usize,
        digit: u32,
        places: u32,
    },
}

/// Counts the solutions of `puzzle` up to `limit` (at least 1) with the
/// generic solver. Illegal givens give 0 solutions.
pub(crate) fn search(puzzle: &Grid, limit: usize) -> Search {
    search_until(puzzle, limit, &AtomicBool::new(false))
}

/// [`search`] that also ends, at the next branch point, once `stop` is
/// raised: the count is then what was found so far.
pub(crate) fn search_until(puzzle: &Grid, limit: usize, stop: &AtomicBool) -> Search {
    let solver = Solver::new(puzzle.box_size());
    let mut s = State {
        cells: [0; MAX_CELLS],
        used: [0; 3 * MAX_SIDE],
        banned: [0; MAX_CELLS],
    };
    for (cell, &d) in puzzle.cells().iter().enumerate() {
        if d != 0 && !solver.place(&mut s, cell, u32::from(d)) {
            return Search::default();
        }
    }
    solver.search(s, limit.max(1), stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_small_grids_exactly() {
        // The empty 4x4 grid has 288 solutions.
        let empty = Grid::empty(2).unwrap();
        assert_eq!(search(&empty, 1000).count, 288);
        let r = search(&empty, 1);
        assert!(r.first.unwrap().solves(&empty));
    }

    #[test]
    fn solves_nine_by_nine_and_finds_no_solution() {
        let p: Grid =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
                .parse()
                .unwrap();
        let r = search(&p, 2);
        assert_eq!(r.count, 1);
        assert!(r.first.unwrap().solves(&p));
        assert!(r.num_guesses > 0);
        let unsolvable: Grid =
            "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
                .parse()
                .unwrap();
        assert_eq!(search(&unsolvable, 2).count, 0);
    }

    #[test]
    fn a_raised_stop_ends_the_search_at_a_branch_point() {
        let empty = Grid::empty(3).unwrap();
        let r = search_until(&empty, usize::MAX, &AtomicBool::new(true));
        assert!(r.count <= 1, "{}", r.count);
    }
}
