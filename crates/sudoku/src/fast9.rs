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
//! lookup ([`SHRINK`]) removes locked candidates and finds the hidden singles
//! of rows and boxes at once. A row left with one place is a placement, which
//! clears that column from the digit's other bands. Naked singles are found
//! bit-parallel per band (cells in exactly one digit mask). The search then
//! branches on a cell with the fewest candidates (a two-candidate cell is
//! found bit-parallel), lowest digit first, on an explicit stack of
//! fixed-size state copies: no allocation per node. The design follows the
//! band idea of JCZSolve and the Rust `sudoku` crate; the code is our own.

use crate::Grid;

const ALL: u32 = (1 << 27) - 1;
const ROW_MASK: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
const BOX_MASK: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];
const COL_MASK: u32 = 1 | 1 << 9 | 1 << 18;

/// `SEGMENTS[row9]`: which of the three boxes a 9-bit row touches (3 bits).
static SEGMENTS: [u8; 512] = segments_table();
/// `SHRINK[pattern]`: the cells (27 bits) of the segments that belong to a
/// permutation of non-empty segments; `pattern` bit `3 * row + box` tells
/// whether segment (row, box) is non-empty. 0 means no permutation fits.
static SHRINK: [u32; 512] = shrink_table();

const fn segments_table() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 7 != 0) as u8)
            | (((x >> 3) & 7 != 0) as u8) << 1
            | (((x >> 6) & 7 != 0) as u8) << 2;
        x += 1;
    }
    t
}

const fn shrink_table() -> [u32; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut allowed = 0u32;
        let mut k = 0;
        while k < 6 {
            let p = PERMS[k];
            let segs = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
            if pattern & segs == segs {
                allowed |= segs;
            }
            k += 1;
        }
        let mut cells = 0u32;
        let mut s = 0;
        while s < 9 {
            if allowed & (1 << s) != 0 {
                cells |= 7 << (9 * (s / 3) + 3 * (s % 3));
            }
            s += 1;
        }
        t[pattern as usize] = cells;
        pattern += 1;
    }
    t
}

/// The whole search state; copied on each branch.
#[derive(Clone, Copy)]
struct State {
    /// `cand[3 * digit + band]`, digit 0-based.
    cand: [u32; 27],
    /// `cand` as it was when last shrunk: unchanged masks are skipped.
    prev: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
}

impl State {
    fn new() -> State {
        State {
            cand: [ALL; 27],
            prev: [0; 27],
            unsolved: [ALL; 3],
        }
    }

    /// Places `digit` at bit `p` of `band`; the caller knows it is a candidate.
    #[inline(always)]
    fn assign(&mut self, digit: usize, band: usize, p: u32) {
        let bit = 1u32 << p;
        self.unsolved[band] &= !bit;
        for d in 0..9 {
            self.cand[3 * d + band] &= !bit;
        }
        let (row, col) = (p / 9, p % 9);
        let i = 3 * digit + band;
        self.cand[i] =
            (self.cand[i] & !(ROW_MASK[row as usize] | BOX_MASK[(col / 3) as usize])) | bit;
        let col_bits = !(COL_MASK << col);
        let base = 3 * digit;
        match band {
            0 => {
                self.cand[base + 1] &= col_bits;
                self.cand[base + 2] &= col_bits;
            }
            1 => {
                self.cand[base] &= col_bits;
                self.cand[base + 2] &= col_bits;
            }
            _ => {
                self.cand[base] &= col_bits;
                self.cand[base + 1] &= col_bits;
            }
        }
    }

    /// Band shrinking and singles to a fixpoint; false on a contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        loop {
            let mut changed = true;
            while changed {
                changed = false;
                for i in 0..27 {
                    if self.cand[i] == self.prev[i] {
                        continue;
                    }
                    changed = true;
                    let c = self.cand[i];
                    let pattern = SEGMENTS[(c & 0x1FF) as usize] as usize
                        | (SEGMENTS[((c >> 9) & 0x1FF) as usize] as usize) << 3
                        | (SEGMENTS[(c >> 18) as usize] as usize) << 6;
                    let c = c & SHRINK[pattern];
                    if c == 0 {
                        return false;
                    }
                    self.cand[i] = c;
                    self.prev[i] = c;
                    let (digit, band) = (i / 3, i % 3);
                    let unsolved = self.unsolved[band];
                    if c & unsolved == 0 {
                        continue;
                    }
                    for row in 0..3 {
                        let x = c & ROW_MASK[row];
                        if x & (x - 1) == 0 && x & unsolved != 0 {
                            self.assign(digit, band, x.trailing_zeros());
                        }
                    }
                }
            }
            let mut placed = false;
            for band in 0..3 {
                let unsolved = self.unsolved[band];
                if unsolved == 0 {
                    continue;
                }
                let (mut one, mut two) = (0u32, 0u32);
                for d in 0..9 {
                    let m = self.cand[3 * d + band];
                    two |= one & m;
                    one |= m;
                }
                if unsolved & !one != 0 {
                    return false;
                }
                let mut singles = unsolved & !two;
                while singles != 0 {
                    let p = singles.trailing_zeros();
                    singles &= singles - 1;
                    let bit = 1u32 << p;
                    let Some(d) = (0..9).find(|&d| self.cand[3 * d + band] & bit != 0) else {
                        return false;
                    };
                    if self.unsolved[band] & bit != 0 {
                        self.assign(d, band, p);
                        placed = true;
                    }
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// A cell with the fewest candidates: (band, bit), or `None` when solved.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, u32)> {
        let (mut one, mut two, mut three) = ([0u32; 3], [0u32; 3], [0u32; 3]);
        for band in 0..3 {
            for d in 0..9 {
                let m = self.cand[3 * d + band];
                three[band] |= two[band] & m;
                two[band] |= one[band] & m;
                one[band] |= m;
            }
            let pairs = two[band] & !three[band] & self.unsolved[band];
            if pairs != 0 {
                return Some((band, pairs.trailing_zeros()));
            }
        }
        let mut best: Option<(usize, u32)> = None;
        let mut best_count = u32::MAX;
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let p = open.trailing_zeros();
                open &= open - 1;
                let count: u32 = (0..9).map(|d| (self.cand[3 * d + band] >> p) & 1).sum();
                if count < best_count {
                    best_count = count;
                    best = Some((band, p));
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
/// Illegal givens count 0 solutions.
pub fn count_cells(givens: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    let mut s = State::new();
    for (cell, &d) in givens.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let (band, p) = (cell / 27, (cell % 27) as u32);
        let i = 3 * usize::from(d - 1) + band;
        if s.cand[i] & (1 << p) == 0 || s.unsolved[band] & (1 << p) == 0 {
            return (0, None);
        }
        s.assign(usize::from(d - 1), band, p);
    }
    search(s, limit.max(1))
}

fn search(mut s: State, limit: usize) -> (usize, Option<[u8; 81]>) {
    let mut stack = [State::new(); 64];
    let mut depth = 0;
    let mut count = 0;
    let mut first = None;
    loop {
        if s.propagate() {
            match s.choose() {
                None if s.is_solved() => {
                    count += 1;
                    if first.is_none() {
                        first = Some(s.cells());
                    }
                    if count >= limit {
                        return (count, first);
                    }
                }
                None => {}
                Some((band, p)) => {
                    let bit = 1u32 << p;
                    let digit = (0..9)
                        .find(|&d| s.cand[3 * d + band] & bit != 0)
                        .expect("an open cell has a candidate after propagation");
                    if depth == stack.len() {
                        // Deeper than any real search goes; fall back to recursion.
                        let mut alt = s;
                        alt.cand[3 * digit + band] &= !bit;
                        let (c, f) = search(alt, limit - count);
                        count += c;
                        first = first.or(f);
                        if count >= limit {
                            return (count, first);
                        }
                    } else {
                        stack[depth] = s;
                        stack[depth].cand[3 * digit + band] &= !bit;
                        depth += 1;
                    }
                    s.assign(digit, band, p);
                    continue;
                }
            }
        }
        if depth == 0 {
            return (count, first);
        }
        depth -= 1;
        s = stack[depth];
    }
}

/// Counts solutions of a 9x9 grid up to `limit`, with the first one.
pub(crate) fn count(puzzle: &Grid, limit: usize) -> (usize, Option<Grid>) {
    let givens: &[u8; 81] = puzzle.cells().try_into().expect("a 9x9 grid");
    let (n, first) = count_cells(givens, limit);
    (
        n,
        first.map(|c| Grid::from_cells(3, c.to_vec()).expect("a solved grid")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_keeps_permutations_only() {
        assert_eq!(SHRINK[0x1FF], ALL);
        // Row 0 only in box 0: box 0 is then taken, rows 1 and 2 lose it.
        let pattern = 0b110_110_001;
        assert_eq!(SHRINK[pattern], 7 | (0x3F << 12) | (0x3F << 21));
        assert_eq!(SHRINK[0b000_000_111], 0);
    }

    #[test]
    fn solves_and_counts() {
        let p: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let (n, first) = count(&p, 2);
        assert_eq!(n, 1);
        assert!(first.unwrap().solves(&p));
        let empty = Grid::empty(3).unwrap();
        let (n, first) = count(&empty, 500);
        assert_eq!(n, 500);
        assert!(first.unwrap().solves(&empty));
    }
}
