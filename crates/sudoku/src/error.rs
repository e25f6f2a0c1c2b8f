//! The one error type of this crate. Positions are 1-based, as a person reads them.

use crate::grid::Conflict;

/// What went wrong reading a puzzle, checking a grid or decoding a model.
///
/// "No solution" and "illegal givens" are answers, not errors: see
/// [`crate::Answer`]. Errors are for input that is not a sudoku at all.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A box size outside 2..=5 (grids 4x4 to 25x25).
    #[error("box size {box_size} is not supported (2..=5, i.e. 4x4 to 25x25)")]
    BoxSize {
        /// The size asked for.
        box_size: usize,
    },
    /// A minimal puzzle asked of a grid too large to make one: each clue's
    /// removal needs a uniqueness check, and on a sparse 25x25 grid one
    /// check can run for hours (the generic solver and SAT alike).
    #[error("minimal puzzles are made up to 16x16: a sparse {side}x{side} grid's uniqueness checks can each run for hours")]
    MinimalTooLarge {
        /// Side of the grid asked for.
        side: usize,
    },
    /// A character that is neither a digit of this grid nor a blank.
    #[error("line {line}: cell r{row}c{col}: {} is not a digit or a blank of a {side}x{side} grid", quoted(.symbol))]
    Symbol {
        /// 1-based line of the input.
        line: usize,
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        col: usize,
        /// The offending text.
        symbol: String,
        /// Side of the grid being read.
        side: usize,
    },
    /// A line that is neither a one-line puzzle nor a row of a block grid.
    #[error("line {line}: {} is not a sudoku line (16, 81, 256 or 625 cells) nor a grid row (4, 9, 16 or 25 cells)", count(*.cells, "cell"))]
    Length {
        /// 1-based line.
        line: usize,
        /// Number of cells found on it.
        cells: usize,
    },
    /// A block-grid row whose width differs from the grid's first row.
    #[error("line {line}: row {row} has {}, the grid's first row has {expected}", count(*.cells, "cell"))]
    RowWidth {
        /// 1-based line.
        line: usize,
        /// 1-based row of the grid.
        row: usize,
        /// Cells on this row.
        cells: usize,
        /// Cells on the first row.
        expected: usize,
    },
    /// A block grid that ended before its last row.
    #[error("line {line}: the grid that starts here has only {rows} of its {expected} rows")]
    Incomplete {
        /// 1-based line where the grid starts.
        line: usize,
        /// Rows read.
        rows: usize,
        /// Rows needed.
        expected: usize,
    },
    /// A 16x16 line that uses both `0` and `G`, so neither alphabet fits.
    #[error("line {line}: a 16x16 puzzle uses either 1-9A-G (0 blank) or 0-9A-F ('.' blank), not both 0 and G")]
    Alphabet {
        /// 1-based line.
        line: usize,
    },
    /// A model whose size fits no grid.
    #[error("a model of {num_vars} variables is not a sudoku (64, 729, 4096 or 15625)")]
    ModelSize {
        /// Number of variables in the model.
        num_vars: usize,
    },
    /// A model that gives a cell no digit or several.
    #[error("the model gives cell r{row}c{col} {}, not exactly one", count(*.digits, "digit"))]
    ModelCell {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// How many digit variables of the cell are true.
        digits: usize,
    },
    /// A model that changes a given.
    #[error("the model puts {found} in r{row}c{col}, whose given is {given}")]
    ModelGiven {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The puzzle's given.
        given: u8,
        /// The model's digit.
        found: u8,
    },
    /// A model that repeats a solution already counted (it broke that
    /// solution's blocking clause).
    #[error("the engine's solution number {count} repeats an earlier one")]
    ModelRepeated {
        /// 1-based number of the repeated solution in the count.
        count: usize,
    },
    /// A model whose grid breaks a rule.
    #[error("the model's grid breaks a rule: {0}")]
    ModelRule(Conflict),
    /// The SAT engine stopped without an answer.
    #[error("the SAT solver gave up (unknown) after {found} solution(s)")]
    SatUnknown {
        /// Solutions found before it gave up.
        found: usize,
    },
}

impl Error {
    /// The 1-based input line the error names, if it names one.
    pub fn line(&self) -> Option<usize> {
        match *self {
            Error::Symbol { line, .. }
            | Error::Length { line, .. }
            | Error::RowWidth { line, .. }
            | Error::Incomplete { line, .. }
            | Error::Alphabet { line } => Some(line),
            _ => None,
        }
    }

    /// The message without its `line N: ` prefix, for a caller that names
    /// the place its own way (`FILE:LINE:COL: ...`).
    pub fn detail(&self) -> String {
        let text = self.to_string();
        match self.line() {
            Some(line) => match text.strip_prefix(&format!("line {line}: ")) {
                Some(rest) => rest.to_owned(),
                None => text,
            },
            None => text,
        }
    }
}

/// A symbol as messages quote it: in single quotes, control and other
/// unprintable characters escaped (`'\0'`, `'\u{7}'`), any other as it is
/// (`'é'`), so a message never carries a raw control character.
fn quoted(symbol: &str) -> String {
    let mut out = String::from("'");
    for c in symbol.chars() {
        match c {
            '"' => out.push(c),
            c => out.extend(c.escape_debug()),
        }
    }
    out.push('\'');
    out
}

/// `n` and the noun, plural unless `n` is 1: "1 cell", "80 cells".
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_detail_is_the_message_without_its_line() {
        let symbol = Error::Symbol {
            line: 3,
            row: 1,
            col: 2,
            symbol: "x".into(),
            side: 9,
        };
        assert_eq!(symbol.line(), Some(3));
        assert_eq!(
            symbol.detail(),
            "cell r1c2: 'x' is not a digit or a blank of a 9x9 grid"
        );
        assert_eq!(symbol.to_string(), format!("line 3: {}", symbol.detail()));
        let length = Error::Length { line: 1, cells: 5 };
        assert!(length.detail().starts_with("5 cells is not"), "{length}");
        let model = Error::ModelSize { num_vars: 3 };
        assert_eq!((model.line(), model.detail()), (None, model.to_string()));
    }

    #[test]
    fn counts_of_one_are_singular() {
        let one = Error::Length { line: 2, cells: 1 };
        assert!(
            one.to_string().starts_with("line 2: 1 cell is not"),
            "{one}"
        );
        let row = Error::RowWidth {
            line: 4,
            row: 2,
            cells: 8,
            expected: 9,
        };
        assert_eq!(
            row.detail(),
            "row 2 has 8 cells, the grid's first row has 9"
        );
        let short = Error::Incomplete {
            line: 1,
            rows: 1,
            expected: 9,
        };
        assert_eq!(
            short.detail(),
            "the grid that starts here has only 1 of its 9 rows"
        );
    }

    #[test]
    fn a_symbol_is_quoted_with_unprintable_characters_escaped() {
        assert_eq!(quoted("x"), "'x'");
        assert_eq!(quoted("\0"), "'\\0'");
        assert_eq!(quoted("\u{7}"), "'\\u{7}'");
        assert_eq!(quoted("\t"), "'\\t'");
        assert_eq!(quoted("é"), "'é'");
        assert_eq!(quoted("'"), "'\\''");
        assert_eq!(quoted("\""), "'\"'");
        assert_eq!(quoted("10"), "'10'");
    }
}
