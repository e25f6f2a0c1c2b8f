//! From a SAT model back to a grid.
//!
//! A model is accepted only if it is a valid grid for the puzzle: every cell
//! has exactly one true digit variable, the rules hold and the givens are kept.

use satoku_formula::Model;

use crate::encode::var_of;
use crate::{Error, Grid};

/// The grid of a model of `encode(puzzle, _)`, checked against the puzzle.
pub fn decode(puzzle: &Grid, model: &Model) -> Result<Grid, Error> {
    let grid = decode_model(puzzle.box_size(), model)?;
    for row in 0..grid.side() {
        for col in 0..grid.side() {
            let (given, found) = (puzzle.get(row, col), grid.get(row, col));
            if given != 0 && given != found {
                return Err(Error::ModelGiven {
                    row: row + 1,
                    col: col + 1,
                    given,
                    found,
                });
            }
        }
    }
    Ok(grid)
}

/// The grid of a model (variables beyond it are false), checked against the
/// rules only: every cell exactly one digit, no digit twice in a unit.
pub fn decode_model(box_size: usize, model: &Model) -> Result<Grid, Error> {
    let mut grid = Grid::empty(box_size)?;
    let side = grid.side();
    for row in 0..side {
        for col in 0..side {
            let mut digits = (1..=side as u8).filter(|&d| model.value(var_of(side, row, col, d)));
            let first = digits.next();
            let more = digits.count();
            match first {
                Some(d) if more == 0 => grid.set(row, col, d),
                _ => {
                    return Err(Error::ModelCell {
                        row: row + 1,
                        col: col + 1,
                        digits: usize::from(first.is_some()) + more,
                    })
                }
            }
        }
    }
    match grid.first_conflict() {
        Some(conflict) => Err(Error::ModelRule(conflict)),
        None => Ok(grid),
    }
}

/// The box size whose encoding has `num_vars` variables, or the smallest one
/// that covers them (a solver may leave out trailing false variables).
pub fn box_size_for_vars(num_vars: usize) -> Result<usize, Error> {
    (2..=5usize)
        .find(|n| num_vars <= n.pow(6))
        .filter(|_| num_vars > 0)
        .ok_or(Error::ModelSize { num_vars })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell_var;

    const S: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn model_of(grid: &Grid) -> Model {
        let side = grid.side();
        let mut model = Model::new(vec![false; side * side * side]);
        for row in 0..side {
            for col in 0..side {
                model.set(cell_var(side, row, col, grid.get(row, col)), true);
            }
        }
        model
    }

    #[test]
    fn decodes_a_valid_model_and_refuses_broken_ones() {
        let solution: Grid = S.parse().unwrap();
        let mut puzzle = solution.clone();
        puzzle.set(0, 1, 0);
        let model = model_of(&solution);
        assert_eq!(decode(&puzzle, &model).unwrap(), solution);
        let mut two = model.clone();
        two.set(cell_var(9, 0, 0, 1), true);
        assert_eq!(
            decode(&puzzle, &two),
            Err(Error::ModelCell {
                row: 1,
                col: 1,
                digits: 2
            })
        );
        let mut none = model.clone();
        none.set(cell_var(9, 8, 8, 9), false);
        assert_eq!(
            decode(&puzzle, &none),
            Err(Error::ModelCell {
                row: 9,
                col: 9,
                digits: 0
            })
        );
        let mut other = puzzle.clone();
        other.set(0, 0, 6);
        assert!(matches!(
            decode(&other, &model),
            Err(Error::ModelGiven { row: 1, col: 1, .. })
        ));
        let mut swapped = solution.clone();
        swapped.set(0, 0, 3);
        assert!(matches!(
            decode_model(3, &model_of(&swapped)),
            Err(Error::ModelRule(_))
        ));
    }

    #[test]
    fn box_size_follows_the_number_of_variables() {
        assert_eq!(box_size_for_vars(64), Ok(2));
        assert_eq!(box_size_for_vars(729), Ok(3));
        assert_eq!(box_size_for_vars(700), Ok(3));
        assert_eq!(box_size_for_vars(15625), Ok(5));
        assert!(box_size_for_vars(15626).is_err());
    }
}
