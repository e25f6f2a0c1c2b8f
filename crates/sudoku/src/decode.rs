//! From a SAT model back to a grid, and reading any SAT solver's output.
//!
//! A model is accepted only if it is a valid grid for the puzzle: every cell
//! has exactly one true digit variable, the rules hold and the givens are kept.

use satoku_formula::{Lit, Model};

use crate::encode::cell_var;
use crate::{parse_grid, Error, Grid};

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
            let mut digits = (1..=side as u8).filter(|&d| model.value(cell_var(side, row, col, d)));
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

/// Variables of the largest grid (25x25): literals beyond are refused.
const MAX_VARS: u64 = 15_625;

/// A SAT solver's verdict.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolverAnswer {
    /// Satisfiable, with the model printed.
    Sat(Model),
    /// Unsatisfiable: the puzzle has no solution.
    Unsat,
    /// No verdict (or none printed).
    Unknown,
}

/// What [`parse_solver_output`] found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SolverOutput {
    /// The verdict.
    pub answer: SolverAnswer,
    /// The box size named by a `c ... box-size N` comment, if any.
    pub box_size: Option<usize>,
    /// The puzzle named by a `c puzzle ...` comment, if any.
    pub puzzle: Option<Grid>,
}

/// Reads a SAT solver's output: the competition format (`s SATISFIABLE`,
/// `v` lines, `c` comments), or MiniSat's result file (`SAT` then one line of
/// literals ending in 0; `UNSAT`; `INDET`). The `c` lines that
/// [`crate::header_comments`] writes may be included: they name the box
/// size and the puzzle. Other `c` lines, a `p` line and clause lines before
/// the verdict are ignored.
pub fn parse_solver_output(text: &str) -> Result<SolverOutput, Error> {
    let mut out = SolverOutput {
        answer: SolverAnswer::Unknown,
        box_size: None,
        puzzle: None,
    };
    let mut sat = false;
    let mut lits: Vec<i64> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let bad = |message: String| Error::SolverOutput {
            line: i + 1,
            message,
        };
        if let Some(comment) = line.strip_prefix('c') {
            read_comment(comment.trim(), &mut out);
            continue;
        }
        let (verdict, values) = match line.split_whitespace().next() {
            Some("s") => (Some(line[1..].trim()), None),
            Some("SAT") | Some("UNSAT") | Some("INDET") | Some("UNKNOWN") => (Some(line), None),
            Some("v") => (None, Some(&line[1..])),
            Some(_) if sat && line.starts_with(|c: char| c == '-' || c.is_ascii_digit()) => {
                (None, Some(line))
            }
            _ => (None, None),
        };
        match verdict {
            Some("SATISFIABLE") | Some("SAT") => sat = true,
            Some("UNSATISFIABLE") | Some("UNSAT") => out.answer = SolverAnswer::Unsat,
            Some(_) => {}
            None => {}
        }
        if let Some(values) = values {
            for word in values.split_whitespace() {
                let n: i64 = word
                    .parse()
                    .map_err(|_| bad(format!("'{word}' is not a literal")))?;
                if n.unsigned_abs() > MAX_VARS {
                    return Err(bad(format!(
                        "{n} is beyond the largest sudoku's {MAX_VARS} variables"
                    )));
                }
                if n != 0 {
                    Lit::try_from_dimacs(n).ok_or_else(|| bad(format!("{n} is out of range")))?;
                    lits.push(n);
                }
            }
        }
    }
    if sat {
        if lits.is_empty() {
            return Err(Error::SolverOutput {
                line: 1,
                message: "SATISFIABLE but no model".into(),
            });
        }
        out.answer = SolverAnswer::Sat(Model::from_dimacs(&lits));
    }
    Ok(out)
}

fn read_comment(comment: &str, out: &mut SolverOutput) {
    if let Some(rest) = comment.strip_prefix("puzzle ") {
        out.puzzle = parse_grid(rest.trim()).ok();
    }
    if let Some(at) = comment.find("box-size ") {
        let digits: String = comment[at + 9..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        out.box_size = digits.parse().ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{encode, header_comments, Encoding};

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
    fn reads_competition_and_minisat_outputs() {
        let solution: Grid = S.parse().unwrap();
        let lits: Vec<String> = model_of(&solution).lits().map(|l| l.to_string()).collect();
        let comments: Vec<String> = header_comments(&solution, Encoding::Extended)
            .iter()
            .map(|c| format!("c {c}"))
            .collect();
        let competition = format!(
            "{}\ns SATISFIABLE\nv {}\nv 0\n",
            comments.join("\n"),
            lits.join(" ")
        );
        let out = parse_solver_output(&competition).unwrap();
        assert_eq!(
            (out.box_size, out.puzzle.as_ref()),
            (Some(3), Some(&solution))
        );
        let SolverAnswer::Sat(model) = out.answer else {
            panic!("not sat")
        };
        assert_eq!(decode_model(3, &model).unwrap(), solution);
        let minisat = format!("SAT\n{} 0\n", lits.join(" "));
        let out = parse_solver_output(&minisat).unwrap();
        assert!(matches!(out.answer, SolverAnswer::Sat(m) if m.num_vars() == 729));
        assert_eq!(
            parse_solver_output("UNSAT\n").unwrap().answer,
            SolverAnswer::Unsat
        );
        assert_eq!(
            parse_solver_output("s UNKNOWN\n").unwrap().answer,
            SolverAnswer::Unknown
        );
        assert!(matches!(
            parse_solver_output("s SATISFIABLE\nv 1 x 0\n"),
            Err(Error::SolverOutput { line: 2, .. })
        ));
        let _ = encode(&solution, Encoding::Minimal);
    }

    #[test]
    fn random_bytes_never_panic() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let alphabet = b"sv cSATUN-0123456789\n.#,|{}xG";
        for len in 0..400 {
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.gen_bool(0.9) {
                        alphabet[rng.gen_range(0..alphabet.len())]
                    } else {
                        rng.gen()
                    }
                })
                .collect();
            let text = String::from_utf8_lossy(&text);
            let _ = parse_solver_output(&text);
            let _ = crate::parse_puzzles(&text);
        }
        for len in [16, 81, 256, 625] {
            for _ in 0..50 {
                let line: String = (0..len)
                    .map(|_| char::from(rng.gen_range(32u8..127)))
                    .collect();
                let _ = crate::parse_puzzles(&line);
            }
        }
        assert!(parse_solver_output("s SATISFIABLE\nv 99999999 0\n").is_err());
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
