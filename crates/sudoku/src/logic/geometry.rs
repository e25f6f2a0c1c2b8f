//! The units of a grid size, built once per box size and shared.
//!
//! Cells are numbered in reading order (`row * side + col`). Units are
//! numbered rows first (`0..side`), then columns (`side..2 * side`), then
//! blocks (`2 * side..3 * side`), so a unit's number says its kind.

use std::sync::OnceLock;

use crate::{Unit, MAX_BOX_SIZE};

/// The cells of every unit and the units and peers of every cell.
pub(crate) struct Geometry {
    pub(crate) box_size: usize,
    pub(crate) side: usize,
    /// The cells of each unit, in reading order.
    pub(crate) units: Vec<Vec<usize>>,
    /// Row, column and block unit of each cell.
    pub(crate) cell_units: Vec<[usize; 3]>,
    /// The other cells that share a unit with each cell.
    pub(crate) peers: Vec<Vec<usize>>,
    /// The same peers in one array, `num_peers` a cell: the hot loop of
    /// placing a digit reads them without an indirection.
    peers_flat: Vec<u16>,
    num_peers: usize,
}

/// The geometry of `box_size` (2..=5), built on first use.
pub(crate) fn geometry(box_size: usize) -> &'static Geometry {
    static CACHE: [OnceLock<Geometry>; MAX_BOX_SIZE + 1] =
        [const { OnceLock::new() }; MAX_BOX_SIZE + 1];
    CACHE[box_size].get_or_init(|| Geometry::new(box_size))
}

impl Geometry {
    fn new(box_size: usize) -> Geometry {
        let side = box_size * box_size;
        let block = |row: usize, col: usize| (row / box_size) * box_size + col / box_size;
        let mut units = vec![Vec::with_capacity(side); 3 * side];
        let mut cell_units = Vec::with_capacity(side * side);
        for cell in 0..side * side {
            let (row, col) = (cell / side, cell % side);
            let mine = [row, side + col, 2 * side + block(row, col)];
            for u in mine {
                units[u].push(cell);
            }
            cell_units.push(mine);
        }
        let peers = (0..side * side)
            .map(|cell| {
                let mut p: Vec<usize> = cell_units[cell]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .filter(|&other| other != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect::<Vec<Vec<usize>>>();
        let num_peers = peers[0].len();
        let peers_flat = peers.iter().flatten().map(|&p| p as u16).collect();
        Geometry {
            box_size,
            side,
            units,
            cell_units,
            peers,
            peers_flat,
            num_peers,
        }
    }

    /// The peers of `cell`, as in `peers`.
    #[inline]
    pub(crate) fn flat_peers(&self, cell: usize) -> &[u16] {
        &self.peers_flat[cell * self.num_peers..(cell + 1) * self.num_peers]
    }

    /// The number of cells.
    pub(crate) fn num_cells(&self) -> usize {
        self.side * self.side
    }

    /// The [`Unit`] a unit number stands for.
    pub(crate) fn unit(&self, u: usize) -> Unit {
        match u / self.side {
            0 => Unit::Row(u),
            1 => Unit::Col(u - self.side),
            _ => Unit::Block(u - 2 * self.side),
        }
    }

    /// Whether two cells share a unit.
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        let (ua, ub) = (&self.cell_units[a], &self.cell_units[b]);
        a != b && (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2])
    }

    /// (row, col) of a cell.
    pub(crate) fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.side, cell % self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_has_27_units_and_20_peers_per_cell() {
        let g = geometry(3);
        assert_eq!(g.units.len(), 27);
        assert!(g.units.iter().all(|u| u.len() == 9));
        assert!(g.peers.iter().all(|p| p.len() == 20));
        assert_eq!(g.units[2 * 9 + 4], vec![30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(g.unit(9 + 2), Unit::Col(2));
        assert!(g.sees(0, 80 - 60) && !g.sees(0, 80));
    }

    #[test]
    fn every_size_has_its_peer_count() {
        for n in 2..=MAX_BOX_SIZE {
            let g = geometry(n);
            let side = n * n;
            let expected = 3 * (side - 1) - 2 * (n - 1);
            assert!(g.peers.iter().all(|p| p.len() == expected), "box size {n}");
        }
    }
}
