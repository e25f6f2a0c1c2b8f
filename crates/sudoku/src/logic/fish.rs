//! Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4). When a
//! digit's candidates in `k` rows (the base) lie in only `k` columns (the
//! cover), those rows take the digit in those columns, so the columns'
//! other cells lose it; likewise with rows and columns swapped.

use crate::logic::board::MAX_SIDE;
use crate::logic::mask::{bit, digits, subsets};
use crate::logic::{Board, Candidate, Step, Technique};

const FISH: [Technique; 3] = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish];

pub(crate) fn x_wing(board: &Board) -> Option<Step> {
    fish(board, 2)
}

pub(crate) fn swordfish(board: &Board) -> Option<Step> {
    fish(board, 3)
}

pub(crate) fn jellyfish(board: &Board) -> Option<Step> {
    fish(board, 4)
}

/// The first fish of `k` lines, rows as base first, that removes a candidate.
fn fish(board: &Board, k: usize) -> Option<Step> {
    let side = board.side();
    (1..=side as u8).find_map(|digit| {
        [0, side]
            .into_iter()
            .find_map(|base_start| fish_on(board, k, digit, base_start))
    })
}

/// A fish of `k` lines on `digit` with base lines `base_start..base_start + side`
/// (rows when 0, columns when `side`).
fn fish_on(board: &Board, k: usize, digit: u8, base_start: usize) -> Option<Step> {
    let geo = board.geo();
    let side = geo.side;
    let cover_start = side - base_start;
    // Base lines with 2..=k candidates for the digit, and where they are.
    let mut lines = [(0usize, 0u32); MAX_SIDE];
    let mut num_lines = 0;
    for line in base_start..base_start + side {
        let places = board.places(line, digit);
        if (2..=k as u32).contains(&places.count_ones()) {
            lines[num_lines] = (line, places);
            num_lines += 1;
        }
    }
    for chosen in subsets(num_lines, k) {
        let base: Vec<(usize, u32)> = digits(chosen).map(|i| lines[usize::from(i) - 1]).collect();
        let cover = base.iter().fold(0u32, |m, &(_, p)| m | p);
        if cover.count_ones() as usize != k {
            continue;
        }
        // Positions within a cover line are base-line indices.
        let base_positions = base
            .iter()
            .fold(0u32, |m, &(line, _)| m | 1 << (line - base_start));
        let eliminations: Vec<Candidate> = digits(cover)
            .flat_map(|i| {
                let cover_line = cover_start + usize::from(i) - 1;
                geo.units[cover_line]
                    .iter()
                    .enumerate()
                    .filter(move |&(pos, &c)| {
                        base_positions & 1 << pos == 0 && board.mask(c) & bit(digit) != 0
                    })
                    .map(move |(_, &c)| board.candidate(c, digit))
            })
            .collect();
        if eliminations.is_empty() {
            continue;
        }
        let cells = base
            .iter()
            .flat_map(|&(line, places)| {
                digits(places).map(move |i| geo.units[line][usize::from(i) - 1])
            })
            .map(|c| geo.row_col(c))
            .collect();
        let units = base
            .iter()
            .map(|&(line, _)| geo.unit(line))
            .chain(digits(cover).map(|i| geo.unit(cover_start + usize::from(i) - 1)))
            .collect();
        return Some(Step::new(FISH[k - 2], vec![digit], cells, units).eliminating(eliminations));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Unit};

    /// An empty 9x9 board where `digit` stays a candidate only where `keep` says.
    fn board(digit: u8, keep: impl Fn(usize, usize) -> bool) -> Board {
        let grid = Grid::empty(3).unwrap();
        Board::with_candidates(&grid, |r, c, d| d != digit || keep(r, c)).unwrap()
    }

    #[test]
    fn an_x_wing_on_rows_clears_its_columns() {
        // 5 in rows 2 and 7 only in columns 3 and 8.
        let b = board(5, |r, c| !(r == 1 || r == 6) || c == 2 || c == 7);
        let step = x_wing(&b).unwrap();
        assert_eq!(
            step.units(),
            &[Unit::Row(1), Unit::Row(6), Unit::Col(2), Unit::Col(7)]
        );
        assert_eq!(step.cells(), &[(1, 2), (1, 7), (6, 2), (6, 7)]);
        assert_eq!(step.eliminations().len(), 2 * 7);
        assert!(step
            .eliminations()
            .iter()
            .all(|e| e.digit == 5 && (e.col == 2 || e.col == 7)));
        assert_eq!(
            step.to_string().split(", which").next().unwrap(),
            "X-Wing on 5: row 2, row 7 have it only in column 3, column 8"
        );
    }

    #[test]
    fn a_swordfish_on_columns() {
        // 4 in columns 1, 5, 9 only in rows 2, 4, 8, two of them each.
        let spots = [(1, 0), (3, 0), (3, 4), (7, 4), (1, 8), (7, 8)];
        let b = board(4, |r, c| ![0, 4, 8].contains(&c) || spots.contains(&(r, c)));
        assert!(x_wing(&b).is_none());
        let step = swordfish(&b).unwrap();
        assert_eq!(
            step.units()[..3],
            [Unit::Col(0), Unit::Col(4), Unit::Col(8)]
        );
        assert!(step
            .eliminations()
            .iter()
            .all(|e| [1, 3, 7].contains(&e.row)));
        assert_eq!(step.eliminations().len(), 3 * 6);
    }

    #[test]
    fn a_jellyfish_on_twenty_five_by_twenty_five() {
        let grid = Grid::empty(5).unwrap();
        // 9 in rows 1..=4 only in columns 1..=4.
        let b = Board::with_candidates(&grid, |r, c, d| d != 9 || r >= 4 || c < 4).unwrap();
        let step = jellyfish(&b).unwrap();
        assert_eq!(step.eliminations().len(), 4 * 21);
    }
}
