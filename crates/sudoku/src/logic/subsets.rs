//! Naked and hidden subsets (pairs, triples, quads). *Naked*: `k` cells of
//! a unit whose candidates together are `k` digits hold those digits, so
//! the unit's other cells lose them. *Hidden*: `k` digits that fit only `k`
//! cells of a unit fill those cells, so the cells lose their other
//! candidates. Both are searched over the units in order (rows, columns,
//! blocks), smallest `k` first (the solver tries pairs before triples).

use crate::logic::board::MAX_SIDE;
use crate::logic::mask::{bit, digits, subsets, Mask};
use crate::logic::{Board, Candidate, Step, Technique};

const NAKED: [Technique; 3] = [
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
];
const HIDDEN: [Technique; 3] = [
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
];

pub(crate) fn naked_pair(board: &Board) -> Option<Step> {
    naked(board, 2)
}

pub(crate) fn naked_triple(board: &Board) -> Option<Step> {
    naked(board, 3)
}

pub(crate) fn naked_quad(board: &Board) -> Option<Step> {
    naked(board, 4)
}

pub(crate) fn hidden_pair(board: &Board) -> Option<Step> {
    hidden(board, 2)
}

pub(crate) fn hidden_triple(board: &Board) -> Option<Step> {
    hidden(board, 3)
}

pub(crate) fn hidden_quad(board: &Board) -> Option<Step> {
    hidden(board, 4)
}

/// The first naked subset of `k` cells that removes a candidate.
fn naked(board: &Board, k: usize) -> Option<Step> {
    let geo = board.geo();
    for (u, unit) in geo.units.iter().enumerate() {
        // Cells with 2..=k candidates: the only ones a naked subset can use.
        let mut small = [0usize; MAX_SIDE];
        let mut num_small = 0;
        let mut num_open = 0;
        for &c in unit {
            let n = board.mask(c).count_ones() as usize;
            num_open += usize::from(n > 0);
            if (2..=k).contains(&n) {
                small[num_small] = c;
                num_small += 1;
            }
        }
        if num_small < k || num_open <= k {
            continue;
        }
        for chosen in subsets(num_small, k) {
            let cells: Vec<usize> = digits(chosen).map(|i| small[usize::from(i) - 1]).collect();
            let union: Mask = cells.iter().fold(0, |m, &c| m | board.mask(c));
            if union.count_ones() as usize != k {
                continue;
            }
            let eliminations: Vec<Candidate> = unit
                .iter()
                .filter(|c| !cells.contains(c))
                .flat_map(|&c| digits(board.mask(c) & union).map(move |d| board.candidate(c, d)))
                .collect();
            if !eliminations.is_empty() {
                let at = cells.iter().map(|&c| geo.row_col(c)).collect();
                let step = Step::new(NAKED[k - 2], digits(union).collect(), at, vec![geo.unit(u)]);
                return Some(step.eliminating(eliminations));
            }
        }
    }
    None
}

/// The first hidden subset of `k` digits that removes a candidate.
fn hidden(board: &Board, k: usize) -> Option<Step> {
    let geo = board.geo();
    for (u, unit) in geo.units.iter().enumerate() {
        let places = board.unit_places(u);
        let mut few = [0u8; MAX_SIDE];
        let mut num_few = 0;
        for d in 1..=geo.side as u8 {
            if (2..=k as u32).contains(&places[usize::from(d) - 1].count_ones()) {
                few[num_few] = d;
                num_few += 1;
            }
        }
        for chosen in subsets(num_few, k) {
            let set: Vec<u8> = digits(chosen).map(|i| few[usize::from(i) - 1]).collect();
            let spots = set.iter().fold(0, |m, &d| m | places[usize::from(d) - 1]);
            if spots.count_ones() as usize != k {
                continue;
            }
            let set_mask: Mask = set.iter().fold(0, |m, &d| m | bit(d));
            let cells: Vec<usize> = digits(spots).map(|i| unit[usize::from(i) - 1]).collect();
            let eliminations: Vec<Candidate> = cells
                .iter()
                .flat_map(|&c| {
                    digits(board.mask(c) & !set_mask).map(move |d| board.candidate(c, d))
                })
                .collect();
            if !eliminations.is_empty() {
                let at = cells.iter().map(|&c| geo.row_col(c)).collect();
                let step = Step::new(HIDDEN[k - 2], set, at, vec![geo.unit(u)]);
                return Some(step.eliminating(eliminations));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Unit};

    fn removed(step: &Step) -> Vec<(usize, usize, u8)> {
        step.eliminations()
            .iter()
            .map(|e| (e.row, e.col, e.digit))
            .collect()
    }

    /// A board whose row 1 cells have exactly the candidates given.
    fn row_board(row: &[&[u8]]) -> Board {
        let grid = Grid::empty(3).unwrap();
        Board::with_candidates(&grid, |r, c, d| r != 0 || row[c].contains(&d)).unwrap()
    }

    #[test]
    fn a_naked_pair_clears_its_digits_from_the_row() {
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let pair: &[u8] = &[3, 8];
        let step =
            naked_pair(&row_board(&[all, pair, all, all, pair, all, all, all, all])).unwrap();
        assert_eq!(step.technique(), Technique::NakedPair);
        assert_eq!(step.units(), &[Unit::Row(0)]);
        assert_eq!(step.cells(), &[(0, 1), (0, 4)]);
        assert_eq!(removed(&step).len(), 2 * 7);
        assert!(step.to_string().starts_with(
            "Naked pair: r1c2, r1c5 hold only {3,8} in row 1, which removes 3 from r1c1"
        ));
    }

    #[test]
    fn a_naked_triple_needs_no_cell_with_all_three() {
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let (a, b, c): (&[u8], &[u8], &[u8]) = (&[1, 2], &[2, 3], &[1, 3]);
        let step = naked_triple(&row_board(&[a, all, b, all, all, c, all, all, all])).unwrap();
        assert_eq!(step.digits(), &[1, 2, 3]);
        assert_eq!(step.cells(), &[(0, 0), (0, 2), (0, 5)]);
        assert!(naked_pair(&row_board(&[a, all, b, all, all, c, all, all, all])).is_none());
    }

    #[test]
    fn a_hidden_pair_clears_the_other_candidates_of_its_cells() {
        let rest: &[u8] = &[1, 2, 3, 4, 5, 6, 7];
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let step = hidden_pair(&row_board(&[
            rest, all, rest, rest, rest, rest, all, rest, rest,
        ]))
        .unwrap();
        assert_eq!(step.digits(), &[8, 9]);
        assert_eq!(step.cells(), &[(0, 1), (0, 6)]);
        assert_eq!(removed(&step).len(), 14);
        assert!(step.eliminations().iter().all(|e| e.digit <= 7));
    }

    #[test]
    fn a_hidden_quad_on_sixteen_by_sixteen() {
        let grid = Grid::empty(4).unwrap();
        // Digits 13..=16 fit only the first four cells of row 1.
        let board = Board::with_candidates(&grid, |r, c, d| r != 0 || c < 4 || d < 13).unwrap();
        assert!(hidden_pair(&board).is_none() && hidden_triple(&board).is_none());
        let step = hidden_quad(&board).unwrap();
        assert_eq!(step.digits(), &[13, 14, 15, 16]);
        assert_eq!(removed(&step).len(), 4 * 12);
    }
}
