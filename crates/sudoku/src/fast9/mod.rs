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
//! that break a rule from a puzzle without a solution, so [`solve_direct`] needs no
//! separate legality check on this path.
//!
//! The design follows the band idea of JCZSolve and the Rust `sudoku` crate;
//! the code is our own.
//!
//! [`solve_direct`]: crate::solve_direct

use std::sync::atomic::{AtomicBool, Ordering};

use crate::Grid;

mod state;
mod tables;

use state::State;
use tables::COL_MASK;

/// Counts solutions of a 9x9 puzzle (cells in reading order, 0 blank) up to
/// `limit` (at least 1); returns the count and the first solution found.
/// Givens that break a rule count 0 solutions (check [`Grid::first_conflict`]
/// first to tell "illegal" from "no solution").
pub fn count_cells(givens: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    let never = AtomicBool::new(false);
    load(givens).map_or((0, None), |s| count_from(s, limit, &never))
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

/// Counts from `s` up to `limit`, or until `stop` is raised (polled at
/// every branch point).
fn count_from(s: State, limit: usize, stop: &AtomicBool) -> (usize, Option<[u8; 81]>) {
    let (mut count, mut first) = (0, None);
    let limit = Budget {
        count: limit.max(1),
        stop,
    };
    search(s, &limit, &mut count, &mut first, true);
    (count, first)
}

/// When a search ends: at `count` solutions, or once `stop` is raised.
struct Budget<'a> {
    count: usize,
    stop: &'a AtomicBool,
}

impl Budget<'_> {
    fn spent(&self, count: usize) -> bool {
        count >= self.count || self.stop.load(Ordering::Relaxed)
    }
}

/// Depth-first: the first branch recursively, the other in the loop.
fn search(
    mut s: State,
    limit: &Budget,
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
        if limit.spent(*count) {
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

/// Counts solutions of a 9x9 grid up to `limit`, or until `stop` is
/// raised, with the first one; `None` when the givens break a rule (then
/// [`Grid::first_conflict`] finds where).
pub(crate) fn count(
    puzzle: &Grid,
    limit: usize,
    stop: &AtomicBool,
) -> Option<(usize, Option<Grid>)> {
    let givens: &[u8; 81] = puzzle.cells().try_into().expect("a 9x9 grid");
    let (n, first) = count_from(load(givens)?, limit, stop);
    let first = first.map(|c| Grid::from_cells(3, c.to_vec()).expect("a solved grid"));
    Some((n, first))
}

#[cfg(test)]
mod tests {
    use super::tables::*;
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
        let never = AtomicBool::new(false);
        let (n, first) = count(&p, 2, &never).unwrap();
        assert_eq!(n, 1);
        assert!(first.unwrap().solves(&p));
        let empty = Grid::empty(3).unwrap();
        let (n, first) = count(&empty, 500, &never).unwrap();
        assert_eq!(n, 500);
        assert!(first.unwrap().solves(&empty));
    }

    #[test]
    fn a_raised_stop_ends_the_count_at_the_next_branch() {
        let empty = Grid::empty(3).unwrap();
        let stop = AtomicBool::new(true);
        let (n, _) = count(&empty, usize::MAX, &stop).unwrap();
        assert!(n <= 1, "{n}");
    }
}
