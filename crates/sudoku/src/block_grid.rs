//! Block grids: a puzzle written as rows of cells over several lines, with
//! separators (`{ } [ ] | + ; ,`) ignored; a row of one- or two-digit
//! numbers is read as numbers, any other row as one cell per character.

use crate::parse::{decode_chars, side_of, Puzzle, SixteenAlphabet};
use crate::{Alphabet, Error, Grid};

/// A block grid being read, row by row.
pub(crate) struct BlockGrid {
    start_line: usize,
    width: usize,
    lines: Vec<usize>,
    rows: Vec<Row>,
}

enum Row {
    /// One cell a character (`é` is one cell, not two).
    Chars(Vec<char>),
    Numbers(Vec<String>),
}

impl Row {
    fn len(&self) -> usize {
        match self {
            Row::Chars(c) => c.len(),
            Row::Numbers(n) => n.len(),
        }
    }
}

fn split_row(line: &str) -> Row {
    let cleaned: String = line
        .chars()
        .map(|c| match c {
            '{' | '}' | '[' | ']' | '|' | '+' | ';' | ',' => ' ',
            c => c,
        })
        .collect();
    let tokens: Vec<&str> = cleaned.split_whitespace().collect();
    let numeric = tokens.len() > 1
        && tokens
            .iter()
            .all(|t| t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()));
    if numeric {
        Row::Numbers(tokens.iter().map(|t| t.to_string()).collect())
    } else {
        Row::Chars(tokens.concat().chars().collect())
    }
}

impl BlockGrid {
    pub(crate) fn new(start_line: usize) -> BlockGrid {
        BlockGrid {
            start_line,
            width: 0,
            lines: Vec::new(),
            rows: Vec::new(),
        }
    }

    pub(crate) fn push_row(&mut self, line: usize, text: &str) -> Result<(), Error> {
        let row = split_row(text);
        if row.len() == 0 {
            return Ok(());
        }
        if self.rows.is_empty() {
            if side_of(row.len() * row.len()).is_none() {
                return Err(Error::Length {
                    line,
                    cells: row.len(),
                });
            }
            self.width = row.len();
        } else if row.len() != self.width {
            return Err(Error::RowWidth {
                line,
                row: self.rows.len() + 1,
                cells: row.len(),
                expected: self.width,
            });
        }
        self.rows.push(row);
        self.lines.push(line);
        Ok(())
    }

    /// The error for a grid the input ended inside of.
    pub(crate) fn incomplete(&self) -> Error {
        Error::Incomplete {
            line: self.start_line,
            rows: self.rows.len(),
            expected: self.width,
        }
    }

    pub(crate) fn is_full(&self) -> bool {
        self.width > 0 && self.rows.len() == self.width
    }

    pub(crate) fn finish(self, sixteen: SixteenAlphabet) -> Result<Puzzle, Error> {
        let side = self.width;
        if self.rows.iter().all(|r| matches!(r, Row::Chars(_))) {
            let mut symbols = Vec::with_capacity(side * side);
            for row in &self.rows {
                if let Row::Chars(c) = row {
                    symbols.extend_from_slice(c);
                }
            }
            return decode_chars(&self.lines, &symbols, side, sixteen);
        }
        let mut cells = Vec::with_capacity(side * side);
        for (r, row) in self.rows.iter().enumerate() {
            let tokens: Vec<String> = match row {
                Row::Numbers(n) => n.clone(),
                Row::Chars(c) => c.iter().map(char::to_string).collect(),
            };
            for (c, token) in tokens.iter().enumerate() {
                let digit = match token.as_str() {
                    "." | "*" | "_" => Some(0),
                    t => t.parse::<u8>().ok().filter(|&d| usize::from(d) <= side),
                };
                cells.push(digit.ok_or_else(|| Error::Symbol {
                    line: self.lines[r],
                    row: r + 1,
                    col: c + 1,
                    symbol: token.clone(),
                    side,
                })?);
            }
        }
        let box_size = side_of(side * side).expect("checked in push_row");
        Ok(Puzzle {
            grid: Grid::from_cells(box_size, cells)?,
            line: self.start_line,
            alphabet: Alphabet::Numbers,
        })
    }
}
