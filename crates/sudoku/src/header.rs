//! The `c` comment block that documents an encoded puzzle, and reading it back.
//!
//! The sudoku crate knows puzzles, not file formats: these are lines of
//! text that a DIMACS writer prints as `c` lines and a solver-output reader
//! hands back.

use crate::encode::clause_counts;
use crate::{parse_grid, Alphabet, Encoding, Grid};

/// The comment lines (without the `c `) that document an encoded puzzle:
/// the puzzle, the variable formula and the clause families with counts.
/// [`EncodingHeader::read`] reads the box size and the puzzle back.
pub fn header_comments(puzzle: &Grid, encoding: Encoding) -> Vec<String> {
    let side = puzzle.side();
    let mut lines = vec![
        format!(
            "satoku sudoku {side}x{side}, box-size {}, {} encoding",
            puzzle.box_size(),
            encoding.name()
        ),
        format!("puzzle {}", Alphabet::OneBased { blank: b'.' }.write_line(puzzle)),
        format!(
            "variable v(r,c,d) = {}*(r-1) + {side}*(c-1) + d for r, c, d in 1..{side}: {} variables",
            side * side,
            side * side * side
        ),
        "true means digit d is in row r, column c".to_string(),
        "clauses, in this order:".to_string(),
    ];
    for (name, count) in clause_counts(side, encoding) {
        lines.push(format!("  {count:>7} {name}"));
    }
    lines.push(format!(
        "  {:>7} givens (unit clauses)",
        puzzle.num_givens()
    ));
    lines
}

/// What the comments of [`header_comments`] say about the encoded puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EncodingHeader {
    /// The box size named by a `... box-size N` comment.
    pub box_size: Option<usize>,
    /// The puzzle named by a `puzzle ...` comment.
    pub puzzle: Option<Grid>,
}

impl EncodingHeader {
    /// Reads the box size and the puzzle from comment lines (without the
    /// `c `); other comments are ignored, and so is a line that does not read.
    pub fn read<S: AsRef<str>>(comments: &[S]) -> EncodingHeader {
        let mut header = EncodingHeader::default();
        for comment in comments {
            let comment = comment.as_ref().trim();
            if let Some(rest) = comment.strip_prefix("puzzle ") {
                header.puzzle = parse_grid(rest.trim()).ok();
            }
            if let Some(at) = comment.find("box-size ") {
                let digits: String = comment[at + 9..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                header.box_size = digits.parse().ok();
            }
        }
        header
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_names_the_puzzle_and_its_box_size() {
        let mut grid = Grid::empty(2).unwrap();
        grid.set(0, 0, 1);
        let lines = header_comments(&grid, Encoding::Minimal);
        assert_eq!(lines[0], "satoku sudoku 4x4, box-size 2, minimal encoding");
        assert!(lines.last().unwrap().ends_with("1 givens (unit clauses)"));
        let header = EncodingHeader::read(&lines);
        assert_eq!(header.box_size, Some(2));
        assert_eq!(header.puzzle, Some(grid));
        assert_eq!(EncodingHeader::read(&["hello"]), EncodingHeader::default());
    }
}
