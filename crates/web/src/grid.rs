//! A grid as JavaScript holds it, `{ size, cells }`: the side (4, 9, 16 or
//! 25) and `size * size` digits in row-major order, 0 for a blank. A cell
//! index is `row * size + col`.

use satoku_sudoku::Grid;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The grid of a request or a result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsGrid {
    /// The side: rows, columns and digits.
    pub size: usize,
    /// `size * size` digits, row-major, 0 blank.
    pub cells: Vec<u8>,
}

impl JsGrid {
    /// The sudoku grid, after checking the side and every digit.
    pub fn to_grid(&self) -> Result<Grid> {
        let box_size = box_size_of(self.size)?;
        Ok(Grid::from_cells(box_size, self.cells.clone())?)
    }

    /// The JavaScript form of `grid`.
    pub fn of(grid: &Grid) -> JsGrid {
        JsGrid {
            size: grid.side(),
            cells: grid.cells().to_vec(),
        }
    }
}

/// The box size of a side of 4, 9, 16 or 25.
fn box_size_of(size: usize) -> Result<usize> {
    match size {
        4 => Ok(2),
        9 => Ok(3),
        16 => Ok(4),
        25 => Ok(5),
        _ => Err(Error::Invalid(format!(
            "a grid's size is 4, 9, 16 or 25, not {size}"
        ))),
    }
}

/// The index of (row, col) on a grid of side `side`.
pub fn cell_index(side: usize, (row, col): (usize, usize)) -> usize {
    row * side + col
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_cells_are_checked() {
        let ok = JsGrid {
            size: 4,
            cells: vec![0; 16],
        };
        assert_eq!(ok.to_grid().unwrap().box_size(), 2);
        let odd = JsGrid {
            size: 5,
            cells: vec![0; 25],
        };
        assert_eq!(
            odd.to_grid().unwrap_err().to_string(),
            "a grid's size is 4, 9, 16 or 25, not 5"
        );
        let short = JsGrid {
            size: 9,
            cells: vec![0; 80],
        };
        assert!(short.to_grid().is_err());
        let mut big = vec![0; 16];
        big[5] = 5;
        let digit = JsGrid {
            size: 4,
            cells: big,
        };
        assert!(digit.to_grid().is_err());
    }

    #[test]
    fn round_trip() {
        let g = JsGrid {
            size: 4,
            cells: (0..16).map(|i| (i % 5) as u8).collect(),
        };
        assert_eq!(JsGrid::of(&g.to_grid().unwrap()), g);
        assert_eq!(cell_index(9, (2, 4)), 22);
    }
}
