//! The 9x9 fast path: one 27-bit mask per (digit, band).
//!
//! ```text
//! band b = rows 3b..3b+3          bit of cell (row, col) in its band:
//!   row 3b    bits  0.. 8             9 * (row % 3) + col
//!   row 3b+1  bits  9..17
//!   row 3b+2  bits 18..26         cand[3 * digit + band]: where the digit
//!   |box0|box1|box2|                may still go (placed cells included)
//! ```
//!
//! A digit sits in each band exactly three times: once per row and once per
//! box, so its places in a band form a permutation of (row -> box). Seen as
//! nine 3-cell segments (row, box), the segments that stay possible are the
//! union of the six permutations made only of non-empty segments: one table
//! lookup (`SHRINK[pattern][0]`, the pattern read through `PATTERN`) removes
//! locked candidates and finds the hidden singles of rows and boxes at once.
//! A box where the digit is left in one column clears that column from the
//! digit's other bands (`COL_KEEP`). A row left with one segment
//! (`SHRINK[pattern][1]`) in a box left with one column holds one cell: a
//! placement, and the cell leaves the other digits' masks. Each mask keeps a
//! copy of itself as its last update left it; masks that differ from their
//! copy are updated again, in unrolled passes, to a fixpoint (a copy costs
//! less than marking masks dirty on every write). Naked singles are found
//! bit-parallel per band (cells in exactly one digit mask). Hidden singles of
//! columns, bit-parallel per digit, are looked for only at the root: they
//! save guesses on puzzles with few givens, and cost more than they save
//! deeper in the search. The search then branches on a two-candidate cell
//! (found bit-parallel), else on the first open cell of a band with the
//! fewest candidates, lowest digit first, recursing on the first branch with
//! a copy of the fixed-size state and looping on the other: no allocation per
//! node. Loading places the givens and, by the same bit test, tells givens
//! that break a rule from a puzzle without a solution, so [`solve`] needs no
//! separate legality check on this path.
//!
//! The design follows the band idea of JCZSolve and the Rust `sudoku` crate;
//! the code is our own.
//!
//! [`solve`]: crate::solve

use crate::Grid;

mod tables;

use tables::*;

/// The whole search state; copied on each branch.
#[derive(Clone, Copy)]
struct State {
    /// `cand[3 * digit + band]`, digit 0-based: a band's nine masks three
    /// apart, so that the compiler clears them one by one (band-major, it
    /// vectorised the clearing, for more instructions in all). A placed cell
    /// keeps its bit in its digit's mask and in no other.
    cand: [u32; 27],
    /// `cand[i]` as [`State::update`] last left it: a mask that differs has news.
    seen: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Open cells with exactly two candidates, per band (from the last singles pass).
    pairs: [u32; 3],
}

impl State {
    fn new() -> State {
        State {
            cand: [ALL; 27],
            seen: [0; 27],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        }
    }

    /// `cand[i] &= keep`.
    #[inline(always)]
    fn restrict(&mut self, i: usize, keep: u32) {
        self.cand[i] &= keep;
    }

    /// Puts `digit` at bit `p` of `band`: clears the digit from the cell's row
    /// and box in the band. [`State::update`] does the rest (other digits,
    /// other bands) when it sees the row reduced to this cell.
    #[inline(always)]
    fn insert(&mut self, digit: usize, band: usize, p: u32) {
        self.restrict(3 * digit + band, INSERT_KEEP[p as usize]);
    }

    /// Locked candidates within the band and across bands for one mask,
    /// and rows reduced to one cell become placements. False on a contradiction.
    #[inline(always)]
    fn update(&mut self, i: usize) -> bool {
        let c = self.cand[i];
        let pattern = usize::from(
            PATTERN[(c & 0x1FF) as usize][0]
                | PATTERN[((c >> 9) & 0x1FF) as usize][1]
                | PATTERN[((c >> 18) & 0x1FF) as usize][2],
        );
        let [shrink, locked] = SHRINK[pattern & 0x1FF];
        let c = c & shrink;
        if c == 0 {
            return false;
        }
        self.cand[i] = c;
        self.seen[i] = c;
        let keep = COL_KEEP[((c | c >> 9 | c >> 18) & 0x1FF) as usize];
        let band = i % 3;
        self.cand[i - band + (band + 1) % 3] &= keep;
        self.cand[i - band + (band + 2) % 3] &= keep;
        // A row left with one allowed segment, in a box left with one
        // column, holds one cell: the digit is placed there.
        let solved = c & locked & !keep;
        self.unsolved[band] &= !solved;
        for k in (band..27).step_by(3) {
            if k != i {
                self.cand[k] &= !solved;
            }
        }
        self.cand[i] = c;
        true
    }

    /// Updates, naked singles and (with `columns`) column hidden singles to a
    /// fixpoint; false on a contradiction.
    #[inline(always)]
    fn propagate(&mut self, columns: bool) -> bool {
        loop {
            // Passes over the 27 masks, band by band (fewer instructions than
            // digit by digit), unrolled so that every index is a constant,
            // until none has news.
            loop {
                let mut news = false;
                macro_rules! pass {
                    ($($i:literal)*) => {$(
                        if self.cand[$i] != self.seen[$i] {
                            news = true;
                            if !self.update($i) {
                                return false;
                            }
                        }
                    )*};
                }
                pass!(0 3 6 9 12 15 18 21 24 1 4 7 10 13 16 19 22 25 2 5 8 11 14 17 20 23 26);
                if !news {
                    break;
                }
            }
            if self.unsolved == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !columns {
                return true;
            }
            match self.column_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Cells with one candidate become placements; also records the pairs.
    /// `None` on a cell with no candidate, else whether any was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let m = self.cand[3 * d + band];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            if one != ALL {
                return None;
            }
            self.pairs[band] = two & !three;
            let mut singles = !two & self.unsolved[band];
            while singles != 0 {
                let p = singles.trailing_zeros();
                singles &= singles - 1;
                let bit = 1u32 << p;
                let d = (0..9).find(|&d| self.cand[3 * d + band] & bit != 0)?;
                self.insert(d, band, p);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Hidden singles in columns: a digit with one place left in a column.
    /// `None` on a column with no place for a digit, else whether any was placed.
    #[inline(always)]
    fn column_singles(&mut self) -> Option<bool> {
        let fold = |x: u32| (x | x >> 9 | x >> 18) & 0x1FF;
        let fold2 = |x: u32| {
            let (a, b, c) = (x & 0x1FF, (x >> 9) & 0x1FF, x >> 18);
            (a & b) | (a & c) | (b & c)
        };
        let mut placed = false;
        for d in 0..9 {
            let m = [self.cand[3 * d], self.cand[3 * d + 1], self.cand[3 * d + 2]];
            let f = [fold(m[0]), fold(m[1]), fold(m[2])];
            let once = f[0] | f[1] | f[2];
            if once != 0x1FF {
                return None;
            }
            let twice = fold2(m[0])
                | fold2(m[1])
                | fold2(m[2])
                | (f[0] & f[1])
                | (f[0] & f[2])
                | (f[1] & f[2]);
            let done = fold(m[0] & !self.unsolved[0])
                | fold(m[1] & !self.unsolved[1])
                | fold(m[2] & !self.unsolved[2]);
            let mut single = once & !twice & !done;
            while single != 0 {
                let col = single.trailing_zeros();
                single &= single - 1;
                let band = if f[0] >> col & 1 != 0 {
                    0
                } else if f[1] >> col & 1 != 0 {
                    1
                } else {
                    2
                };
                let bits = self.cand[3 * d + band] & (COL_MASK << col);
                if bits == 0 {
                    return None;
                }
                self.insert(d, band, bits.trailing_zeros());
                placed = true;
            }
        }
        Some(placed)
    }

    /// The cell to branch on: (band, bit). A two-candidate cell if there is
    /// one, else the first open cell of each band with the fewest candidates
    /// of the three (a scan of every open cell found fewer candidates but
    /// made larger trees on the hard sets: 3% more instructions). Call after
    /// `propagate` returned true on an unsolved state.
    #[inline(always)]
    fn choose(&self) -> (usize, u32) {
        for band in 0..3 {
            if self.pairs[band] != 0 {
                return (band, self.pairs[band].trailing_zeros());
            }
        }
        let mut best = (0, 0);
        let mut best_count = u32::MAX;
        for band in 0..3 {
            if self.unsolved[band] != 0 {
                let p = self.unsolved[band].trailing_zeros();
                let count: u32 = (0..9).map(|d| (self.cand[3 * d + band] >> p) & 1).sum();
                if count < best_count {
                    best_count = count;
                    best = (band, p);
                }
            }
        }
        best
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Digit per cell (1-based), reading order.
    fn cells(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for d in 0..9 {
            for band in 0..3 {
                let mut m = self.cand[3 * d + band];
                while m != 0 {
                    let p = m.trailing_zeros() as usize;
                    m &= m - 1;
                    cells[27 * band + p] = d as u8 + 1;
                }
            }
        }
        cells
    }
}

/// Counts solutions of a 9x9 puzzle (cells in reading order, 0 blank) up to
/// `limit` (at least 1); returns the count and the first solution found.
/// Givens that break a rule count 0 solutions (check [`Grid::first_conflict`]
/// first to tell "illegal" from "no solution").
pub fn count_cells(givens: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    load(givens).map_or((0, None), |s| count_from(s, limit))
}

/// The state with the givens placed; `None` when two equal givens share a
/// row, column or box, or a given is above 9. Cheaper than a separate
/// legality check: a given whose place its digit's mask has lost breaks a rule.
fn load(givens: &[u8; 81]) -> Option<State> {
    let mut s = State::new();
    for band in 0..3 {
        for p in 0..27 {
            let d = usize::from(givens[27 * band + p]);
            if d == 0 {
                continue;
            }
            if d > 9 || s.cand[3 * (d - 1) + band] & (1 << p) == 0 {
                return None;
            }
            s.insert(d - 1, band, p as u32);
            // Row and box are cleared by `insert`; the column in the other
            // bands here, so that the test above sees every rule. The cell
            // leaves the other digits' masks here too, which the first
            // updates would do at a higher cost.
            let col = !(COL_MASK << (p % 9));
            s.cand[3 * (d - 1) + (band + 1) % 3] &= col;
            s.cand[3 * (d - 1) + (band + 2) % 3] &= col;
            for e in 0..9 {
                if e != d - 1 {
                    s.cand[3 * e + band] &= !(1 << p);
                }
            }
            s.unsolved[band] &= !(1 << p);
        }
    }
    Some(s)
}

fn count_from(s: State, limit: usize) -> (usize, Option<[u8; 81]>) {
    let (mut count, mut first) = (0, None);
    search(s, limit.max(1), &mut count, &mut first, true);
    (count, first)
}

/// Depth-first: the first branch recursively, the other in the loop.
fn search(
    mut s: State,
    limit: usize,
    count: &mut usize,
    first: &mut Option<[u8; 81]>,
    columns: bool,
) {
    loop {
        if !s.propagate(columns) {
            return;
        }
        if s.is_solved() {
            *count += 1;
            if first.is_none() {
                *first = Some(s.cells());
            }
            return;
        }
        let (band, p) = s.choose();
        let bit = 1u32 << p;
        let digit = (0..9)
            .find(|&d| s.cand[3 * d + band] & bit != 0)
            .expect("an open cell has a candidate after propagation");
        let mut branch = s;
        branch.insert(digit, band, p);
        search(branch, limit, count, first, false);
        if *count >= limit {
            return;
        }
        // The other branch: this digit removed, and the cell's second digit
        // placed when it has two candidates (both masks then change in the
        // same pass: fewer updates than placing the second digit alone).
        s.restrict(3 * digit + band, !bit);
        if s.pairs[band] & bit != 0 {
            let second = (digit + 1..9)
                .find(|&d| s.cand[3 * d + band] & bit != 0)
                .expect("a pair cell has a second candidate");
            s.insert(second, band, p);
        }
    }
}

/// Counts solutions of a 9x9 grid up to `limit`, with the first one; `None`
/// when the givens break a rule (then [`Grid::first_conflict`] finds where).
pub(crate) fn count(puzzle: &Grid, limit: usize) -> Option<(usize, Option<Grid>)> {
    let givens: &[u8; 81] = puzzle.cells().try_into().expect("a 9x9 grid");
    let (n, first) = count_from(load(givens)?, limit);
    let first = first.map(|c| Grid::from_cells(3, c.to_vec()).expect("a solved grid"));
    Some((n, first))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_keeps_permutations_only() {
        assert_eq!(SHRINK[0x1FF], [ALL, 0]);
        // Row 0 only in box 0: box 0 is then taken, rows 1 and 2 lose it.
        let pattern = 0b110_110_001;
        assert_eq!(SHRINK[pattern][0], 7 | (0x3F << 12) | (0x3F << 21));
        assert_eq!(SHRINK[pattern][1], ROW_MASK[0]);
        assert_eq!(SHRINK[0b000_000_111], [0, 0]);
    }

    #[test]
    fn solves_and_counts() {
        let p: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let (n, first) = count(&p, 2).unwrap();
        assert_eq!(n, 1);
        assert!(first.unwrap().solves(&p));
        let empty = Grid::empty(3).unwrap();
        let (n, first) = count(&empty, 500).unwrap();
        assert_eq!(n, 500);
        assert!(first.unwrap().solves(&empty));
    }
}
