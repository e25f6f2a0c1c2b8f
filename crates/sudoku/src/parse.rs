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
//! Symbols are those of [`Alphabet`]; `·`, the blank of drawn grids, is read
//! as a blank too. 4x4, 9x9 and 25x25 character puzzles use `1-9` then
//! `A-P`, with `.` `0` `*` or `_` blank. A 16x16 character puzzle has two
//! possible alphabets, `1-9A-G` (`0` or `.` blank) and hexadecimal `0-9A-F`
//! for 1..=16 (`.` blank); it is read as [`SixteenAlphabet`] says, and by
//! default ([`SixteenAlphabet::Auto`]) from its own symbols:
//! - a `G`, or no `0`: `1-9A-G`;
//! - else (a `0` and no `G`, so both readings are possible): the reading
//!   whose givens break no rule, hexadecimal if both do; if neither does,
//!   hexadecimal only when the line has another blank (`.` `*` `_`), since
//!   `0` is then no blank.

use std::borrow::Cow;

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

/// How a 16x16 puzzle written one character a cell is read (`--alphabet`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SixteenAlphabet {
    /// Decided from the puzzle's own symbols (see the module docs).
    #[default]
    Auto,
    /// `1-9A-G`, `0` or `.` blank.
    OneBased,
    /// Hexadecimal `0-9A-F` for 1..=16, `.` blank.
    Hex,
}

/// Reads a file line by line, handing back each puzzle as soon as its last
/// line is read, so that a caller can stream a file of any length.
///
/// ```
/// use satoku_sudoku::{PuzzleReader, SixteenAlphabet};
///
/// let mut reader = PuzzleReader::new(SixteenAlphabet::Auto);
/// assert_eq!(reader.push_line("# a comment").unwrap(), None);
/// let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let puzzle = reader.push_line(line).unwrap().unwrap();
/// assert_eq!((puzzle.line, puzzle.grid.get(0, 2)), (2, 3));
/// reader.finish().unwrap();
/// ```
#[derive(Default)]
pub struct PuzzleReader {
    sixteen: SixteenAlphabet,
    block: Option<BlockGrid>,
    line_no: usize,
    seen_content: bool,
}

impl PuzzleReader {
    /// A reader at the start of a file.
    pub fn new(sixteen: SixteenAlphabet) -> PuzzleReader {
        PuzzleReader {
            sixteen,
            ..PuzzleReader::default()
        }
    }

    /// Reads the file's next line (its line ending may be left on); returns
    /// the puzzle it completes, if any.
    pub fn push_line(&mut self, raw: &str) -> Result<Option<Puzzle>, Error> {
        self.line_no += 1;
        let line_no = self.line_no;
        let raw = match line_no {
            1 => raw.strip_prefix('\u{feff}').unwrap_or(raw),
            _ => raw,
        };
        let line = blanks_as_ascii(raw.trim());
        let line = line.as_ref();
        if line.is_empty() || line.starts_with('#') || is_separator_line(line) {
            return Ok(None);
        }
        let first_content = !self.seen_content;
        self.seen_content = true;
        if let Some(b) = self.block.as_mut() {
            b.push_row(line_no, line)?;
        } else {
            let field = first_field(line);
            if is_line_puzzle(field) {
                let symbols: Vec<char> = field.chars().collect();
                let side = (symbols.len() as f64).sqrt() as usize;
                return decode_chars(&[line_no], &symbols, side, self.sixteen).map(Some);
            }
            if (first_content && is_word(field)) || is_euler_label(line) {
                return Ok(None);
            }
            let mut b = BlockGrid::new(line_no);
            b.push_row(line_no, line)?;
            self.block = Some(b);
        }
        match self.block.take_if(|b| b.is_full()) {
            Some(b) => b.finish(self.sixteen).map(Some),
            None => Ok(None),
        }
    }

    /// Ends the file: a block grid left unfinished is an error.
    pub fn finish(self) -> Result<(), Error> {
        match self.block {
            Some(b) => Err(b.incomplete()),
            None => Ok(()),
        }
    }
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
    parse_puzzles_with(text, SixteenAlphabet::Auto)
}

/// [`parse_puzzles`] with a chosen reading of 16x16 character puzzles.
pub fn parse_puzzles_with(text: &str, sixteen: SixteenAlphabet) -> Result<Vec<Puzzle>, Error> {
    let mut reader = PuzzleReader::new(sixteen);
    let mut puzzles = Vec::new();
    for line in text.lines() {
        puzzles.extend(reader.push_line(line)?);
    }
    reader.finish()?;
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

/// Whether `field` has a one-line puzzle's number of cells, one a
/// character (`é` is one cell, not two).
fn is_line_puzzle(field: &str) -> bool {
    match field.chars().count() {
        16 => field
            .chars()
            .all(|c| matches!(c, '1'..='4' | '.' | '0' | '*' | '_')),
        81 | 256 | 625 => true,
        _ => false,
    }
}

pub(crate) fn side_of(cells: usize) -> Option<usize> {
    [2usize, 3, 4, 5]
        .into_iter()
        .find(|n| n * n * n * n == cells)
}

/// `line` with each `·` (the blank of drawn grids) written as ASCII: `0`
/// in a row of numbers (one with a two-digit number), else `.`.
fn blanks_as_ascii(line: &str) -> Cow<'_, str> {
    if !line.contains('\u{b7}') {
        return Cow::Borrowed(line);
    }
    let numbers = line
        .split(|c: char| !c.is_ascii_digit())
        .any(|token| token.len() == 2);
    Cow::Owned(line.replace('\u{b7}', if numbers { "0" } else { "." }))
}

fn is_other_blank(c: char) -> bool {
    matches!(c, '.' | '*' | '_')
}

/// The alphabet of a character puzzle of side `side` (module docs).
fn char_alphabet(side: usize, symbols: &[char], sixteen: SixteenAlphabet) -> Alphabet {
    let blank = symbols
        .iter()
        .copied()
        .find(|&c| c == '0' || is_other_blank(c))
        .map_or(b'.', |c| c as u8);
    let other_blank = (symbols.iter().copied())
        .find(|&c| is_other_blank(c))
        .map(|c| c as u8);
    let one_based = Alphabet::OneBased { blank };
    let hex = Alphabet::ZeroBased {
        blank: other_blank.unwrap_or(b'.'),
    };
    if side != 16 {
        return one_based;
    }
    match sixteen {
        SixteenAlphabet::OneBased => return one_based,
        SixteenAlphabet::Hex => return hex,
        SixteenAlphabet::Auto => {}
    }
    let has_g = symbols.iter().any(|c| c.eq_ignore_ascii_case(&'G'));
    if has_g || !symbols.contains(&'0') {
        return one_based;
    }
    let legal = |alphabet| read_cells(symbols, side, alphabet).is_ok_and(|g| g.is_legal());
    if legal(hex) {
        hex
    } else if legal(one_based) || other_blank.is_none() {
        one_based
    } else {
        hex
    }
}

/// The grid `symbols` spell in `alphabet`, or the index of the first
/// symbol that is no digit of it.
fn read_cells(symbols: &[char], side: usize, alphabet: Alphabet) -> Result<Grid, usize> {
    let mut cells = Vec::with_capacity(symbols.len());
    for (i, &ch) in symbols.iter().enumerate() {
        // Every digit and blank is ASCII: any other character is none.
        let ascii = u8::try_from(ch).ok().filter(u8::is_ascii);
        match ascii.and_then(|b| alphabet.digit_of(b)) {
            Some(d) if usize::from(d) <= side => cells.push(d),
            _ => return Err(i),
        }
    }
    let box_size = side_of(cells.len()).expect("caller checked the size");
    Ok(Grid::from_cells(box_size, cells).expect("digits checked against the side"))
}

/// Decodes character cells; `lines[i]` is the input line of cell row `i`.
pub(crate) fn decode_chars(
    lines: &[usize],
    symbols: &[char],
    side: usize,
    sixteen: SixteenAlphabet,
) -> Result<Puzzle, Error> {
    let alphabet = char_alphabet(side, symbols, sixteen);
    let grid = read_cells(symbols, side, alphabet).map_err(|i| {
        let (row, col) = (i / side, i % side);
        Error::Symbol {
            line: lines[row.min(lines.len() - 1)],
            row: row + 1,
            col: col + 1,
            symbol: symbols[i].to_string(),
            side,
        }
    })?;
    Ok(Puzzle {
        grid,
        line: lines[0],
        alphabet,
    })
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
