//! Wings. *XY-Wing*: a pivot with candidates {x,y} sees two pincers {x,z}
//! and {y,z}; whichever digit the pivot takes, one pincer is z, so a cell
//! that sees both pincers is not z. *XYZ-Wing*: the pivot is {x,y,z} and
//! the pincers {x,z} and {y,z}; now the pivot may be z too, so only a cell
//! that sees the pivot and both pincers loses z.

use crate::logic::mask::{only_digit, Mask};
use crate::logic::{Board, Candidate, Step, Technique};

/// The first XY-Wing that removes a candidate.
pub(crate) fn xy_wing(board: &Board) -> Option<Step> {
    wing(board, 2, Technique::XYWing)
}

/// The first XYZ-Wing that removes a candidate.
pub(crate) fn xyz_wing(board: &Board) -> Option<Step> {
    wing(board, 3, Technique::XYZWing)
}

/// Pivots of `pivot_size` candidates with two two-candidate pincers among
/// their peers.
fn wing(board: &Board, pivot_size: u32, technique: Technique) -> Option<Step> {
    let geo = board.geo();
    for pivot in 0..geo.num_cells() {
        let p = board.mask(pivot);
        if p.count_ones() != pivot_size {
            continue;
        }
        let pincers: Vec<usize> = geo.peers[pivot]
            .iter()
            .copied()
            .filter(|&c| {
                board.mask(c).count_ones() == 2 && pincer_fits(p, board.mask(c), pivot_size)
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.mask(a), board.mask(b));
                if !wing_fits(p, ma, mb, pivot_size) {
                    continue;
                }
                let z = only_digit(ma & mb);
                let eliminations = victims(board, z, &[pivot, a, b], pivot_size == 3);
                if !eliminations.is_empty() {
                    let cells = [pivot, a, b].iter().map(|&c| geo.row_col(c)).collect();
                    let step = Step::new(technique, vec![z], cells, Vec::new());
                    return Some(step.eliminating(eliminations));
                }
            }
        }
    }
    None
}

/// A pincer of an XY-Wing shares one digit with the pivot; of an XYZ-Wing
/// it is two of the pivot's three.
fn pincer_fits(pivot: Mask, pincer: Mask, pivot_size: u32) -> bool {
    match pivot_size {
        2 => (pivot & pincer).count_ones() == 1,
        _ => pincer & !pivot == 0,
    }
}

/// The pivot and pincers form a wing: for XY, {x,y}, {x,z}, {y,z}; for
/// XYZ, {x,y,z}, {x,z}, {y,z}.
fn wing_fits(pivot: Mask, a: Mask, b: Mask, pivot_size: u32) -> bool {
    let z = a & b;
    match pivot_size {
        2 => a != b && z.count_ones() == 1 && z & pivot == 0 && pivot ^ a ^ b == 0,
        _ => a != b && a | b == pivot,
    }
}

/// The candidates `z` of cells that see every wing cell that may hold z
/// (the pincers, and for an XYZ-Wing the pivot too).
fn victims(board: &Board, z: u8, wing: &[usize; 3], with_pivot: bool) -> Vec<Candidate> {
    let geo = board.geo();
    let must_see = if with_pivot { &wing[..] } else { &wing[1..] };
    let z_mask = 1 << (z - 1);
    geo.peers[wing[1]]
        .iter()
        .copied()
        .filter(|&c| board.mask(c) & z_mask != 0 && !wing.contains(&c))
        .filter(|&c| must_see.iter().all(|&w| geo.sees(c, w)))
        .map(|c| board.candidate(c, z))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_xy_wing_clears_z_where_both_pincers_see() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        let b = Board::empty_with(&[((0, 0), &[1, 2]), ((0, 4), &[1, 3]), ((4, 0), &[2, 3])]);
        let step = xy_wing(&b).unwrap();
        assert_eq!(step.cells(), &[(0, 0), (0, 4), (4, 0)]);
        let removed: Vec<_> = step
            .eliminations()
            .iter()
            .map(|e| (e.row, e.col, e.digit))
            .collect();
        assert_eq!(removed, vec![(4, 4, 3)]);
        assert_eq!(
            step.to_string(),
            "XY-Wing: pivot r1c1 with pincers r1c5, r5c1: one of them holds 3, which removes 3 from r5c5"
        );
    }

    #[test]
    fn an_xyz_wing_clears_z_where_all_three_see() {
        // Pivot r1c1 {1,2,3}, pincers r1c8 {1,3} (same row) and r2c2 {2,3}
        // (same box): only r1c2 and r1c3 see all three.
        let b = Board::empty_with(&[((0, 0), &[1, 2, 3]), ((0, 7), &[1, 3]), ((1, 1), &[2, 3])]);
        assert!(xy_wing(&b).is_none());
        let step = xyz_wing(&b).unwrap();
        let removed: Vec<_> = step.eliminations().iter().map(|e| (e.row, e.col)).collect();
        assert_eq!(removed, vec![(0, 1), (0, 2)]);
        assert!(step.eliminations().iter().all(|e| e.digit == 3));
    }
}
