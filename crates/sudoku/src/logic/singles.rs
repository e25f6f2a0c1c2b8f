//! Singles. A *hidden single* is the only cell of a unit that can still
//! take a digit; a *naked single* is a cell with one candidate left. Blocks
//! are searched before rows and columns (from the block of the last hidden
//! single on, where a placement most often leaves the next one), as a hidden single in a block is
//! the easiest step there is (Sudoku Explainer 1.2; in a line 1.5; a naked
//! single 2.3).

use crate::logic::mask::{bit, only_digit, Mask};
use crate::logic::{Board, Step, Technique};

/// The first hidden single, blocks first, then rows, then columns.
pub(crate) fn hidden_single(board: &Board) -> Option<Step> {
    let geo = board.geo();
    let side = geo.side;
    // Blocks from the last hidden single's, then rows and columns.
    let first = board.last_block();
    for i in 0..3 * side {
        // i < side: the blocks, from `first` round; then rows and columns.
        let u = if i < side {
            let block = first + i;
            2 * side + if block < side { block } else { block - side }
        } else {
            i - side
        };
        if board.is_complete(u) {
            continue;
        }
        // Placed digits are no candidates in their units (the board's invariant).
        let cells = &geo.units[u][..];
        // A 9x9 unit as an array of known length: the loop unrolls.
        let (once, twice) = match <&[usize; 9]>::try_from(cells) {
            Ok(nine) => seen_once_twice(board, nine),
            Err(_) => seen_once_twice(board, cells),
        };
        let only = once & !twice;
        if only == 0 {
            continue;
        }
        let digit = only.trailing_zeros() as u8 + 1;
        let cell = *geo.units[u]
            .iter()
            .find(|&&c| board.mask(c) & bit(digit) != 0)
            .expect("a digit seen once has its cell");
        let candidate = board.candidate(cell, digit);
        return Some(Step::single(
            Technique::HiddenSingle,
            candidate,
            Some(geo.unit(u)),
        ));
    }
    None
}

/// The digits that are candidates in at least one of `cells`, and those in
/// at least two.
#[inline(always)]
fn seen_once_twice(board: &Board, cells: &[usize]) -> (Mask, Mask) {
    let (mut once, mut twice) = (0, 0);
    for &c in cells {
        let m = board.mask(c);
        twice |= once & m;
        once |= m;
    }
    (once, twice)
}

/// The first cell, in reading order, with one candidate.
pub(crate) fn naked_single(board: &Board) -> Option<Step> {
    let geo = board.geo();
    let cell = (0..geo.num_cells()).find(|&c| board.mask(c).count_ones() == 1)?;
    let digit = only_digit(board.mask(cell));
    let candidate = board.candidate(cell, digit);
    Some(Step::single(Technique::NakedSingle, candidate, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Candidate;
    use crate::{Grid, Unit};

    fn board(text: &str) -> Board {
        Board::new(&text.parse::<Grid>().unwrap()).unwrap()
    }

    #[test]
    fn a_hidden_single_in_a_block() {
        // Box 1 can take 1 only at r3c3: rows 1 and 2 and columns 1 and 2
        // have a 1 elsewhere.
        let b = board(concat!(
            "...1.....",
            ".......1.",
            ".........",
            ".1.......",
            "......1..",
            ".........",
            "1........",
            ".........",
            "........."
        ));
        let step = hidden_single(&b).unwrap();
        assert_eq!(step.technique(), Technique::HiddenSingle);
        assert_eq!(step.units(), &[Unit::Block(0)]);
        assert_eq!(
            step.placements(),
            &[Candidate {
                row: 2,
                col: 2,
                digit: 1
            }]
        );
        assert_eq!(step.score_tenths(), 12);
        assert_eq!(
            step.to_string(),
            "Hidden single: in box 1, 1 fits only r3c3, so r3c3 = 1"
        );
    }

    #[test]
    fn a_naked_single() {
        // r1c9 sees 1..8 in its row and column.
        let b = board(concat!(
            "1234.....",
            "........5",
            "........6",
            "........7",
            "........8",
            ".........",
            ".........",
            ".........",
            "........."
        ));
        let step = naked_single(&b).unwrap();
        assert_eq!(
            step.placements(),
            &[Candidate {
                row: 0,
                col: 8,
                digit: 9
            }]
        );
        assert_eq!(step.to_string(), "Naked single: r1c9 can only be 9");
    }

    #[test]
    fn singles_on_sixteen_by_sixteen() {
        let mut cells = vec![0u8; 256];
        for (i, c) in cells.iter_mut().take(15).enumerate() {
            *c = i as u8 + 1;
        }
        let b = Board::new(&Grid::from_cells(4, cells).unwrap()).unwrap();
        let step = naked_single(&b).unwrap();
        assert_eq!(
            step.placements(),
            &[Candidate {
                row: 0,
                col: 15,
                digit: 16
            }]
        );
        assert!(hidden_single(&b).is_some());
    }

    #[test]
    fn no_single_on_an_empty_grid() {
        let b = Board::new(&Grid::empty(3).unwrap()).unwrap();
        assert!(hidden_single(&b).is_none() && naked_single(&b).is_none());
    }
}
