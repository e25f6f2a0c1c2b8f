//! Reading puzzles: one-line puzzles, block grids, and files of many of either.
//!
//! A file is read line by line (LF or CRLF; a leading byte-order mark, as
//! Windows editors write, is skipped):
//! - empty lines, lines starting with `#`, and lines made only of the
//!   separators `- + | =` are skipped (they may also sit inside a block grid);
//! - a line whose first field (up to the first space, tab or comma) has 16,
//!   81, 256 or 625 symbols is a one-line puzzle; the rest of the line (a CSV
//!   solution column, a sudopedia description) is ignored. A first field in
//!   double quotes (CSV written with quoting) is read without them. A
//!   16-symbol line is
//!   a 4x4 puzzle only if it uses nothing but `1-4` and blanks;
//! - a first line that is a word (a CSV header such as `puzzle,solution`) and
//!   lines `Grid NN` (Project Euler) are skipped;
//! - any other line is a row of a block grid: braces, brackets, `|`, `+`,
//!   `;` and commas are separators. A row of numbers of one or two digits
//!   separated by spaces or commas is read as numbers (`0` blank); otherwise
//!   every remaining character is a cell. The first row's width (4, 9, 16 or
//!   25) sets the grid's size; the grid ends after that many rows.
//!
//! Symbols are those of [`Alphabet`]. A 16x16 character puzzle that contains
//! `0` but no `G` is read as hexadecimal `0-9A-F` (`.` blank); otherwise as
//! `1-9A-G` with `0` or `.` blank. 25x25 character puzzles use `1-9A-P`.

use crate::block_grid::BlockGrid;
use crate::{Alphabet, Error, Grid};

/// A puzzle read from a file, with where and how it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The symbols it was written with, to write its answer back alike.
    pub alphabet: Alphabet,
}

/// Reads every puzzle of a file's text, in order.
///
/// ```
/// let puzzles = satoku_sudoku::parse_puzzles("# two puzzles\n\
///     ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
///     003020600900305001001806400008102900700000008006708200002609500800203009005010300,ignored\n").unwrap();
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!(puzzles[0].grid, puzzles[1].grid);
/// assert_eq!(puzzles[1].line, 3);
/// ```
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut puzzles = Vec::new();
    let mut block: Option<BlockGrid> = None;
    let mut seen_content = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || is_separator_line(line) {
            continue;
        }
        let first_content = !seen_content;
        seen_content = true;
        if let Some(b) = block.as_mut() {
            b.push_row(line_no, line)?;
        } else {
            let field = first_field(line);
            if is_line_puzzle(field) {
                puzzles.push(parse_line_puzzle(line_no, field)?);
                continue;
            }
            if (first_content && is_word(field)) || is_euler_label(line) {
                continue;
            }
            let mut b = BlockGrid::new(line_no);
            b.push_row(line_no, line)?;
            block = Some(b);
        }
        if block.as_ref().is_some_and(BlockGrid::is_full) {
            puzzles.push(block.take().expect("checked above").finish()?);
        }
    }
    if let Some(b) = block {
        return Err(b.incomplete());
    }
    Ok(puzzles)
}

/// Reads exactly the first puzzle of `text` (see [`parse_puzzles`]).
pub fn parse_grid(text: &str) -> Result<Grid, Error> {
    parse_puzzles(text)?
        .into_iter()
        .next()
        .map(|p| p.grid)
        .ok_or(Error::Length { line: 1, cells: 0 })
}

impl std::str::FromStr for Grid {
    type Err = Error;
    fn from_str(s: &str) -> Result<Grid, Error> {
        parse_grid(s)
    }
}

fn first_field(line: &str) -> &str {
    let end = line
        .find(|c: char| c == ',' || c.is_whitespace())
        .unwrap_or(line.len());
    unquote(&line[..end])
}

/// `field` without the double quotes around it, if it has them (CSV).
fn unquote(field: &str) -> &str {
    field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .unwrap_or(field)
}

fn is_separator_line(line: &str) -> bool {
    line.bytes()
        .all(|b| matches!(b, b'-' | b'+' | b'|' | b'=' | b' ' | b'\t'))
}

fn is_word(field: &str) -> bool {
    field.len() >= 3 && field.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_')
}

fn is_euler_label(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next() == Some("Grid")
        && words
            .next()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
}

fn is_line_puzzle(field: &str) -> bool {
    match field.len() {
        16 => field
            .bytes()
            .all(|b| matches!(b, b'1'..=b'4' | b'.' | b'0' | b'*' | b'_')),
        81 | 256 | 625 => true,
        _ => false,
    }
}

pub(crate) fn side_of(cells: usize) -> Option<usize> {
    [2usize, 3, 4, 5]
        .into_iter()
        .find(|n| n * n * n * n == cells)
}

/// The alphabet of a character puzzle of side `side`.
fn char_alphabet(line: usize, side: usize, symbols: &[u8]) -> Result<Alphabet, Error> {
    let blank = symbols
        .iter()
        .copied()
        .find(|b| matches!(b, b'.' | b'0' | b'*' | b'_'))
        .unwrap_or(b'.');
    if side != 16 {
        return Ok(Alphabet::OneBased { blank });
    }
    let has_zero = symbols.contains(&b'0');
    let has_g = symbols.iter().any(|b| b.eq_ignore_ascii_case(&b'G'));
    match (has_zero, has_g) {
        (true, true) => Err(Error::Alphabet { line }),
        (true, false) => {
            let blank = symbols
                .iter()
                .copied()
                .find(|b| matches!(b, b'.' | b'*' | b'_'))
                .unwrap_or(b'.');
            Ok(Alphabet::ZeroBased { blank })
        }
        _ => Ok(Alphabet::OneBased { blank }),
    }
}

/// Decodes character cells; `lines[i]` is the input line of cell row `i`.
pub(crate) fn decode_chars(lines: &[usize], symbols: &[u8], side: usize) -> Result<Puzzle, Error> {
    let alphabet = char_alphabet(lines[0], side, symbols)?;
    let mut cells = Vec::with_capacity(symbols.len());
    for (i, &ch) in symbols.iter().enumerate() {
        let (row, col) = (i / side, i % side);
        match alphabet.digit_of(ch) {
            Some(d) if usize::from(d) <= side => cells.push(d),
            _ => {
                return Err(Error::Symbol {
                    line: lines[row.min(lines.len() - 1)],
                    row: row + 1,
                    col: col + 1,
                    symbol: char::from(ch).to_string(),
                    side,
                })
            }
        }
    }
    let box_size = side_of(cells.len()).expect("caller checked the size");
    Ok(Puzzle {
        grid: Grid::from_cells(box_size, cells)?,
        line: lines[0],
        alphabet,
    })
}

fn parse_line_puzzle(line: usize, field: &str) -> Result<Puzzle, Error> {
    let side = (field.len() as f64).sqrt() as usize;
    decode_chars(&[line], field.as_bytes(), side)
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
