//! The band solver's state: candidate masks per (digit, band), updated to
//! a fixpoint of locked candidates and singles (see the module above).

use super::tables::*;

/// The whole search state; copied on each branch.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[3 * digit + band]`, digit 0-based: a band's nine masks three
    /// apart, so that the compiler clears them one by one (band-major, it
    /// vectorised the clearing, for more instructions in all). A placed cell
    /// keeps its bit in its digit's mask and in no other.
    pub(super) cand: [u32; 27],
    /// `cand[i]` as [`State::update`] last left it: a mask that differs has news.
    seen: [u32; 27],
    /// Cells not yet placed, per band.
    pub(super) unsolved: [u32; 3],
    /// Open cells with exactly two candidates, per band (from the last singles pass).
    pub(super) pairs: [u32; 3],
}

impl State {
    pub(super) fn new() -> State {
        State {
            cand: [ALL; 27],
            seen: [0; 27],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        }
    }

    /// `cand[i] &= keep`.
    #[inline(always)]
    pub(super) fn restrict(&mut self, i: usize, keep: u32) {
        self.cand[i] &= keep;
    }

    /// Puts `digit` at bit `p` of `band`: clears the digit from the cell's row
    /// and box in the band. [`State::update`] does the rest (other digits,
    /// other bands) when it sees the row reduced to this cell.
    #[inline(always)]
    pub(super) fn insert(&mut self, digit: usize, band: usize, p: u32) {
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
    pub(super) fn propagate(&mut self, columns: bool) -> bool {
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
    /// of the three (a scan of every open cell finds fewer candidates but
    /// makes larger search trees on hard puzzles). Call after
    /// `propagate` returned true on an unsolved state.
    #[inline(always)]
    pub(super) fn choose(&self) -> (usize, u32) {
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

    pub(super) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Digit per cell (1-based), reading order.
    pub(super) fn cells(&self) -> [u8; 81] {
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
