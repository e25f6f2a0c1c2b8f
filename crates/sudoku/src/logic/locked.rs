//! Locked candidates. *Pointing*: when a block's candidates for a digit all
//! lie in one row (or column), the digit goes in that line within the
//! block, so the rest of the line loses it. *Claiming* (box-line
//! reduction): when a line's candidates for a digit all lie in one block,
//! the rest of that block loses it.

use crate::logic::mask::{bit, digits};
use crate::logic::{Board, Candidate, Step, Technique};

/// Row, column and block: the kind of unit in `cell_units`.
const ROW: usize = 0;
const COL: usize = 1;
const BLOCK: usize = 2;

/// The first pointing step: a block whose digit lies in one line.
pub(crate) fn pointing(board: &Board) -> Option<Step> {
    let geo = board.geo();
    let n = geo.box_size;
    // Positions in a block run in reading order: row r of the block is
    // bits r*n..r*n+n, column c the bits c, c+n, c+2n, ...
    let segment = (1u32 << n) - 1;
    let column = (0..n).fold(0u32, |m, r| m | 1 << (r * n));
    (2 * geo.side..3 * geo.side).find_map(|block| {
        let first = geo.units[block][0];
        let cover = |places: u32| {
            let (r, c) = (
                places.trailing_zeros() as usize / n,
                places.trailing_zeros() as usize % n,
            );
            if places & !(segment << (r * n)) == 0 {
                Some(geo.cell_units[first + r * geo.side][ROW])
            } else if places & !(column << c) == 0 {
                Some(geo.cell_units[first + c][COL])
            } else {
                None
            }
        };
        locked(board, block, BLOCK, Technique::Pointing, cover)
    })
}

/// The first claiming step: a line whose digit lies in one block.
pub(crate) fn claiming(board: &Board) -> Option<Step> {
    let geo = board.geo();
    let n = geo.box_size;
    let segment = (1u32 << n) - 1;
    (0..2 * geo.side).find_map(|line| {
        let kind = if line < geo.side { ROW } else { COL };
        let cover = |places: u32| {
            let start = places.trailing_zeros() as usize / n * n;
            (places & !(segment << start) == 0)
                .then(|| geo.cell_units[geo.units[line][start]][BLOCK])
        };
        locked(board, line, kind, Technique::Claiming, cover)
    })
}

/// A digit of unit `base` (of kind `base_kind`) whose candidate positions
/// `cover` maps to one unit, and the candidates that unit loses outside
/// `base`.
fn locked(
    board: &Board,
    base: usize,
    base_kind: usize,
    technique: Technique,
    cover: impl Fn(u32) -> Option<usize>,
) -> Option<Step> {
    let geo = board.geo();
    let places = board.unit_places(base);
    for digit in 1..=geo.side as u8 {
        let at = places[usize::from(digit) - 1];
        if at.count_ones() < 2 {
            continue;
        }
        let Some(cover) = cover(at) else {
            continue;
        };
        let b = bit(digit);
        let eliminations: Vec<Candidate> = geo.units[cover]
            .iter()
            .filter(|&&c| geo.cell_units[c][base_kind] != base && board.mask(c) & b != 0)
            .map(|&c| board.candidate(c, digit))
            .collect();
        if eliminations.is_empty() {
            continue;
        }
        let cells = digits(at)
            .map(|i| geo.row_col(geo.units[base][usize::from(i) - 1]))
            .collect();
        let units = vec![geo.unit(base), geo.unit(cover)];
        return Some(Step::new(technique, vec![digit], cells, units).eliminating(eliminations));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Unit};

    fn board(rows: [&str; 3]) -> Board {
        let text = rows.concat() + &".".repeat(54);
        Board::new(&text.parse::<Grid>().unwrap()).unwrap()
    }

    fn removed(step: &Step) -> Vec<(usize, usize, u8)> {
        step.eliminations()
            .iter()
            .map(|e| (e.row, e.col, e.digit))
            .collect()
    }

    #[test]
    fn pointing_removes_the_digit_from_the_rest_of_the_line() {
        // Box 1 keeps 1 (and 8, 9) only in row 1: its other rows are full.
        let step = pointing(&board([".........", "234......", "567......"])).unwrap();
        assert_eq!(step.units(), &[Unit::Block(0), Unit::Row(0)]);
        assert_eq!(step.cells(), &[(0, 0), (0, 1), (0, 2)]);
        assert_eq!(
            removed(&step),
            (3..9).map(|c| (0, c, 1)).collect::<Vec<_>>()
        );
        assert_eq!(
            step.to_string(),
            "Locked candidates (pointing): in box 1, 1 lies only in row 1 (r1c1, r1c2, r1c3), \
             which removes 1 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9"
        );
    }

    #[test]
    fn claiming_removes_the_digit_from_the_rest_of_the_block() {
        // Row 1 keeps 1 (and 8, 9) only in box 1: the rest of the row is full.
        let step = claiming(&board(["...234567", ".........", "........."])).unwrap();
        assert_eq!(step.units(), &[Unit::Row(0), Unit::Block(0)]);
        let expected: Vec<_> = [1, 2]
            .into_iter()
            .flat_map(|r| (0..3).map(move |c| (r, c, 1)))
            .collect();
        assert_eq!(removed(&step), expected);
    }

    #[test]
    fn nothing_locked_on_an_empty_grid() {
        let empty = Board::new(&Grid::empty(2).unwrap()).unwrap();
        assert!(pointing(&empty).is_none() && claiming(&empty).is_none());
    }
}
