//! Chains: implications that alternate between "is not" and "is", so that
//! one of the chain's two ends holds a digit and a cell that sees both ends
//! cannot.
//!
//! * *X-chain* (one digit): strong links (the only two places of the digit
//!   in a unit: if one is not the digit, the other is) alternate with weak
//!   links (two cells that see each other: if one is, the other is not),
//!   starting and ending with a strong link. If the first cell is not the
//!   digit, the last one is.
//! * *XY-chain* (two-candidate cells): each cell sees the next and shares
//!   a digit with it. If the first cell is not `z`, it is its other digit,
//!   so the next is not that digit, so it is its other one, and so on to
//!   the last cell, which is then `z`.
//!
//! Both are found by a breadth-first search from each start, so a chain
//! found is a shortest one from its start; the shortest over all starts is
//! the step.

use crate::logic::mask::{bit, digits};
use crate::logic::{Board, Candidate, Step, Technique};

/// The shortest chain from `start` to a state `goal` accepts, as the
/// states in order. `next` lists a state's successors.
fn bfs(
    num_states: usize,
    start: usize,
    mut next: impl FnMut(usize, &mut Vec<usize>),
    mut goal: impl FnMut(usize) -> bool,
) -> Option<Vec<usize>> {
    let mut parent = vec![usize::MAX; num_states];
    parent[start] = start;
    let mut queue = std::collections::VecDeque::from([start]);
    let mut successors = Vec::new();
    while let Some(s) = queue.pop_front() {
        if s != start && goal(s) {
            let mut path = vec![s];
            while *path.last().expect("non-empty") != start {
                path.push(parent[*path.last().expect("non-empty")]);
            }
            path.reverse();
            return Some(path);
        }
        successors.clear();
        next(s, &mut successors);
        for &t in &successors {
            if parent[t] == usize::MAX {
                parent[t] = s;
                queue.push_back(t);
            }
        }
    }
    None
}

/// Cells other than `ends` with candidate `digit` that see both ends.
fn victims(board: &Board, digit: u8, ends: (usize, usize)) -> Vec<Candidate> {
    let geo = board.geo();
    geo.peers[ends.0]
        .iter()
        .copied()
        .filter(|&c| c != ends.1 && board.mask(c) & bit(digit) != 0 && geo.sees(c, ends.1))
        .map(|c| board.candidate(c, digit))
        .collect()
}

/// Keeps the shorter of two chains (by number of cells).
fn shorter(best: Option<Step>, found: Option<Step>) -> Option<Step> {
    match (best, found) {
        (Some(b), Some(f)) if f.cells().len() < b.cells().len() => Some(f),
        (None, f) => f,
        (b, _) => b,
    }
}

/// The shortest X-chain that removes a candidate.
pub(crate) fn x_chain(board: &Board) -> Option<Step> {
    (1..=board.side() as u8).fold(None, |best, d| shorter(best, x_chain_on(board, d)))
}

/// States are `cell * 2 + is`: `is` 1 when the chain makes the cell the digit.
fn x_chain_on(board: &Board, digit: u8) -> Option<Step> {
    let geo = board.geo();
    let b = bit(digit);
    let has = |c: usize| board.mask(c) & b != 0;
    let mut best: Option<Step> = None;
    for start in (0..geo.num_cells()).filter(|&c| has(c)) {
        let next = |s: usize, out: &mut Vec<usize>| {
            let (cell, is) = (s / 2, s % 2);
            if is == 1 {
                out.extend(geo.peers[cell].iter().filter(|&&p| has(p)).map(|&p| p * 2));
                return;
            }
            for &u in &geo.cell_units[cell] {
                let mut places = geo.units[u].iter().copied().filter(|&c| has(c));
                if let (Some(x), Some(y), None) = (places.next(), places.next(), places.next()) {
                    out.push(if x == cell { y } else { x } * 2 + 1);
                }
            }
        };
        let goal = |s: usize| {
            s % 2 == 1 && s / 2 != start && !victims(board, digit, (start, s / 2)).is_empty()
        };
        let Some(path) = bfs(geo.num_cells() * 2, start * 2, next, goal) else {
            continue;
        };
        let end = path.last().expect("non-empty") / 2;
        let cells = path.iter().map(|&s| geo.row_col(s / 2)).collect();
        let step = Step::new(Technique::XChain, vec![digit], cells, Vec::new());
        best = shorter(
            best,
            Some(step.eliminating(victims(board, digit, (start, end)))),
        );
    }
    best
}

/// The shortest XY-chain that removes a candidate. States are
/// `cell * side + (d - 1)`: the chain makes the cell `d`.
pub(crate) fn xy_chain(board: &Board) -> Option<Step> {
    let geo = board.geo();
    let side = geo.side;
    let pair = |c: usize| board.mask(c).count_ones() == 2;
    let mut best: Option<Step> = None;
    for start in (0..geo.num_cells()).filter(|&c| pair(c)) {
        for z in digits(board.mask(start)) {
            let first = board.mask(start) & !bit(z);
            let next = |s: usize, out: &mut Vec<usize>| {
                let (cell, d) = (s / side, s % side + 1);
                let linked = geo.peers[cell]
                    .iter()
                    .filter(|&&p| pair(p) && board.mask(p) & bit(d as u8) != 0);
                out.extend(linked.map(|&p| {
                    p * side + (board.mask(p) & !bit(d as u8)).trailing_zeros() as usize
                }));
            };
            let goal = |s: usize| {
                s % side + 1 == usize::from(z)
                    && s / side != start
                    && !victims(board, z, (start, s / side)).is_empty()
            };
            let from = start * side + first.trailing_zeros() as usize;
            let Some(path) = bfs(geo.num_cells() * side, from, next, goal) else {
                continue;
            };
            let end = path.last().expect("non-empty") / side;
            let cells = path.iter().map(|&s| geo.row_col(s / side)).collect();
            let links = std::iter::once(z)
                .chain(path.iter().map(|&s| (s % side + 1) as u8))
                .collect();
            let step = Step::new(Technique::XYChain, links, cells, Vec::new());
            best = shorter(
                best,
                Some(step.eliminating(victims(board, z, (start, end)))),
            );
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn a_skyscraper_is_an_x_chain_of_four_cells() {
        // 7 in column 1 only at r1 and r6, in column 5 only at r2 and r6:
        // r1c1 = r6c1 - r6c5 = r2c5, so r1c1 or r2c5 is 7.
        let grid = Grid::empty(3).unwrap();
        let keep = |r: usize, c: usize, d: u8| {
            d != 7
                || match c {
                    0 => r == 0 || r == 5,
                    4 => r == 1 || r == 5,
                    _ => true,
                }
        };
        let b = Board::with_candidates(&grid, keep).unwrap();
        let step = x_chain(&b).unwrap();
        assert_eq!(step.cells(), &[(0, 0), (5, 0), (5, 4), (1, 4)]);
        let removed: Vec<_> = step
            .eliminations()
            .iter()
            .map(|e| (e.row, e.col, e.digit))
            .collect();
        assert_eq!(removed, vec![(0, 3, 7), (0, 5, 7), (1, 1, 7), (1, 2, 7)]);
        assert_eq!(
            step.to_string(),
            "X-chain on 7: r1c1 = r6c1 - r6c5 = r2c5 (one end holds it), \
             which removes 7 from r1c4, r1c6, r2c2, r2c3"
        );
    }

    #[test]
    fn an_xy_chain_of_four_cells() {
        let b = Board::empty_with(&[
            ((0, 0), &[1, 2]),
            ((0, 4), &[2, 3]),
            ((4, 4), &[3, 4]),
            ((4, 1), &[4, 1]),
        ]);
        assert!(crate::logic::wings::xy_wing(&b).is_none());
        let step = xy_chain(&b).unwrap();
        assert_eq!(step.cells(), &[(0, 0), (0, 4), (4, 4), (4, 1)]);
        assert_eq!(step.digits(), &[1, 2, 3, 4, 1]);
        let removed: Vec<_> = step
            .eliminations()
            .iter()
            .map(|e| (e.row, e.col, e.digit))
            .collect();
        let expected = [(0, 1), (1, 1), (2, 1), (3, 0), (4, 0), (5, 0)].map(|(r, c)| (r, c, 1));
        assert_eq!(removed, expected);
        assert!(step.to_string().starts_with(
            "XY-chain: r1c1 (1=2) - r1c5 (2=3) - r5c5 (3=4) - r5c2 (4=1) (one end holds 1), which removes 1 from r1c2"
        ));
    }

    #[test]
    fn no_chain_on_an_empty_board() {
        let b = Board::empty_with(&[]);
        assert!(x_chain(&b).is_none() && xy_chain(&b).is_none());
    }
}
