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
    let mut block: Option<Block> = None;
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
            let mut b = Block::new(line_no);
            b.push_row(line_no, line)?;
            block = Some(b);
        }
        if block.as_ref().is_some_and(Block::is_full) {
            puzzles.push(block.take().expect("checked above").finish()?);
        }
    }
    if let Some(b) = block {
        return Err(Error::Incomplete {
            line: b.start_line,
            rows: b.rows.len(),
            expected: b.width,
        });
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

fn side_of(cells: usize) -> Option<usize> {
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
fn decode_chars(lines: &[usize], symbols: &[u8], side: usize) -> Result<Puzzle, Error> {
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

/// A block grid being read, row by row.
struct Block {
    start_line: usize,
    width: usize,
    lines: Vec<usize>,
    rows: Vec<Row>,
}

enum Row {
    Chars(Vec<u8>),
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
        Row::Chars(tokens.concat().into_bytes())
    }
}

impl Block {
    fn new(start_line: usize) -> Block {
        Block {
            start_line,
            width: 0,
            lines: Vec::new(),
            rows: Vec::new(),
        }
    }

    fn push_row(&mut self, line: usize, text: &str) -> Result<(), Error> {
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

    fn is_full(&self) -> bool {
        self.width > 0 && self.rows.len() == self.width
    }

    fn finish(self) -> Result<Puzzle, Error> {
        let side = self.width;
        if self.rows.iter().all(|r| matches!(r, Row::Chars(_))) {
            let mut symbols = Vec::with_capacity(side * side);
            for row in &self.rows {
                if let Row::Chars(c) = row {
                    symbols.extend_from_slice(c);
                }
            }
            return decode_chars(&self.lines, &symbols, side);
        }
        let mut cells = Vec::with_capacity(side * side);
        for (r, row) in self.rows.iter().enumerate() {
            let tokens: Vec<String> = match row {
                Row::Numbers(n) => n.clone(),
                Row::Chars(c) => c.iter().map(|&b| char::from(b).to_string()).collect(),
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

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    #[test]
    fn reads_one_line_puzzles_with_every_blank_and_extra_columns() {
        let dots = P.replace('0', ".");
        let text = format!(
            "puzzle,solution\r\n{P},x\r\n{dots} a description\n# c\n\n{}\n",
            P.replace('0', "*")
        );
        let puzzles = parse_puzzles(&text).unwrap();
        assert_eq!(puzzles.len(), 3);
        assert!(puzzles.iter().all(|p| p.grid == puzzles[0].grid));
        assert_eq!(puzzles[0].alphabet, Alphabet::OneBased { blank: b'0' });
        assert_eq!(puzzles[1].alphabet, Alphabet::OneBased { blank: b'.' });
        assert_eq!(
            puzzles.iter().map(|p| p.line).collect::<Vec<_>>(),
            [2, 3, 6]
        );
        assert_eq!(puzzles[0].grid.get(0, 2), 3);
    }

    #[test]
    fn skips_a_byte_order_mark_and_reads_quoted_csv_fields() {
        let text = format!("\u{feff}\"quizzes\",\"solutions\"\r\n\"{P}\",\"x\"\r\n");
        let puzzles = parse_puzzles(&text).unwrap();
        assert_eq!(puzzles.len(), 1);
        assert_eq!((puzzles[0].line, puzzles[0].grid.get(0, 2)), (2, 3));
        let grid = "\u{feff}..3.\n3...\n...4\n.2..\n";
        assert_eq!(parse_grid(grid).unwrap().get(0, 2), 3);
        // A lone quote is a symbol like any other, and an error.
        assert!(parse_puzzles("\"\n").is_err());
    }

    #[test]
    fn reads_pretty_and_numeric_block_grids() {
        let pretty = "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n------+-------+------\n\
                      . 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n------+-------+------\n\
                      . . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .\n";
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let a = parse_grid(pretty).unwrap();
        assert_eq!(a, parse_grid(line).unwrap());
        let numbers = "{{1,0,0,0},\n{0,0,3,0},\n{0,4,0,0},\n{0,0,0,2}}\n";
        let p = &parse_puzzles(numbers).unwrap()[0];
        assert_eq!(p.alphabet, Alphabet::Numbers);
        assert_eq!(
            (p.grid.box_size(), p.grid.get(1, 2), p.grid.get(3, 3)),
            (2, 3, 2)
        );
    }

    #[test]
    fn sixteen_by_sixteen_alphabets() {
        let one_based = "G".to_string() + &".".repeat(255);
        let p = &parse_puzzles(&one_based).unwrap()[0];
        assert_eq!(p.grid.get(0, 0), 16);
        let zero_based = "0F".to_string() + &".".repeat(254);
        let p = &parse_puzzles(&zero_based).unwrap()[0];
        assert_eq!((p.grid.get(0, 0), p.grid.get(0, 1)), (1, 16));
        let both = "0G".to_string() + &".".repeat(254);
        assert_eq!(parse_puzzles(&both), Err(Error::Alphabet { line: 1 }));
    }

    #[test]
    fn errors_name_the_line_and_the_cell() {
        let bad = format!("{P}\n{}x{}\n", &P[..10], &P[11..]);
        assert_eq!(
            parse_puzzles(&bad),
            Err(Error::Symbol {
                line: 2,
                row: 2,
                col: 2,
                symbol: "x".into(),
                side: 9
            })
        );
        assert!(matches!(
            parse_puzzles("12345\n"),
            Err(Error::Length { line: 1, cells: 5 })
        ));
        assert!(matches!(
            parse_puzzles("1 2 3 4\n1 2 3\n"),
            Err(Error::RowWidth {
                line: 2,
                row: 2,
                cells: 3,
                expected: 4
            })
        ));
        assert!(matches!(
            parse_puzzles("1 2 3 4\n1 2 3 4\n"),
            Err(Error::Incomplete {
                line: 1,
                rows: 2,
                expected: 4
            })
        ));
        assert!(matches!(
            parse_puzzles("1 2 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 9\n"),
            Err(Error::Symbol {
                line: 4,
                row: 4,
                col: 4,
                ..
            })
        ));
    }
}
