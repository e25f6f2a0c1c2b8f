//! The SAT path by hand: a grid's CNF as `satoku sudoku encode` writes it,
//! and a SAT solver's model (`v` lines) decoded back to a checked grid.

use satoku_dimacs::{read_solver_output, write_cnf_with_comments, OutputOptions};
use satoku_sudoku::{decode, encode, header_comments, Encoding};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::grid::JsGrid;

/// The answer of `encode`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Encoded {
    /// The DIMACS text, with the header comments that document the encoding.
    pub dimacs: String,
    /// Variables.
    pub vars: usize,
    /// Clauses.
    pub clauses: usize,
}

/// The extended encoding of a grid as DIMACS text.
pub fn encode_grid(grid: &JsGrid) -> Result<Encoded> {
    let puzzle = grid.to_grid()?;
    let cnf = encode(&puzzle, Encoding::Extended);
    let mut comments = vec![format!(
        "satoku-web encode --encoding {}",
        Encoding::Extended.name()
    )];
    comments.extend(header_comments(&puzzle, Encoding::Extended));
    let mut out = Vec::new();
    write_cnf_with_comments(&cnf, &comments, &mut out)
        .map_err(|e| Error::Invalid(format!("writing the CNF failed: {e}")))?;
    Ok(Encoded {
        dimacs: String::from_utf8_lossy(&out).into_owned(),
        vars: cnf.num_vars(),
        clauses: cnf.num_clauses(),
    })
}

/// The parameters of `decode`.
#[derive(Deserialize)]
pub struct DecodeParams {
    /// The puzzle whose givens the model must keep.
    #[serde(flatten)]
    pub grid: JsGrid,
    /// A SAT solver's output (`v` lines, with or without the `s` line).
    pub model: String,
}

/// The answer of `decode`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decoded {
    /// The solution's cells.
    pub solution: Vec<u8>,
}

/// Decodes a model of a grid's encoding to a grid, checked to solve it.
pub fn decode_model(params: &DecodeParams) -> Result<Decoded> {
    let puzzle = params.grid.to_grid()?;
    let output = read_solver_output(&params.model, "model", OutputOptions::default())
        .map_err(|e| Error::Dimacs(e.to_string()))?;
    let partial = output
        .model()
        .ok_or_else(|| Error::Invalid("model: no `v` lines".into()))?;
    let num_vars = puzzle.side().pow(3);
    let model = partial.to_model(num_vars).ok_or_else(|| {
        Error::Invalid(format!(
            "model: a variable beyond the {num_vars} variables of the grid"
        ))
    })?;
    let solution = decode(&puzzle, &model)?;
    Ok(Decoded {
        solution: solution.cells().to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_dimacs::{parse_str, write_solver_output, ParseOptions, Status};
    use satoku_formula::Model;
    use satoku_sudoku::{cell_var, solve_direct, Grid};

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn encode_then_decode_the_solution() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let js = JsGrid::of(&grid);
        let encoded = encode_grid(&js).unwrap();
        assert_eq!((encoded.vars, encoded.clauses), (729, 11_988 + 17));
        let parsed = parse_str(&encoded.dimacs, &ParseOptions { strict: true }).unwrap();
        assert_eq!(parsed.cnf.num_clauses(), encoded.clauses);
        let solution = solve_direct(&grid, 1).solution().unwrap().clone();
        let mut model = Model::new(vec![false; 729]);
        for row in 0..9 {
            for col in 0..9 {
                model.set(cell_var(9, row, col, solution.get(row, col)), true);
            }
        }
        assert!(model.satisfies(&parsed.cnf));
        let mut text = Vec::new();
        write_solver_output(Status::Sat, Some(&model), 729, &mut text).unwrap();
        let params = DecodeParams {
            grid: js,
            model: String::from_utf8(text).unwrap(),
        };
        assert_eq!(decode_model(&params).unwrap().solution, solution.cells());
    }

    #[test]
    fn a_wrong_grid_is_an_error() {
        let bad = JsGrid {
            size: 9,
            cells: vec![10; 81],
        };
        assert!(encode_grid(&bad).is_err());
        let params = DecodeParams {
            grid: bad,
            model: "v 1 0\n".into(),
        };
        assert!(decode_model(&params).is_err());
    }

    #[test]
    fn bad_models_are_errors() {
        let js = JsGrid::of(&PUZZLE.parse().unwrap());
        let decode = |model: &str| {
            decode_model(&DecodeParams {
                grid: js.clone(),
                model: model.into(),
            })
        };
        assert!(decode("s UNSATISFIABLE\n").is_err());
        assert!(decode("v 1 2 3 0\n").is_err());
        assert!(decode("v 1000 0\n").is_err());
        assert!(decode("v x 0\n").is_err());
    }
}
