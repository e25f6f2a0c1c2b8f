//! Saved games: a small text a person can read (the caller reads and
//! writes the file).
//!
//! ```text
//! # satoku sudoku play: a saved game
//! puzzle 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! grid   41....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! marks 1 3 6 7 9
//! seconds 95
//! ```
//!
//! `puzzle` holds the givens and `grid` the givens and the player's
//! digits, both one character a cell (`1-9` then `A-P`, `.` blank; a
//! 16x16 grid `0-9A-F` when its puzzle was written so, and then
//! `alphabet hex` says so); each `marks ROW COL DIGIT...` line gives an
//! open cell's pencil marks (1-based); `seconds` the time played, at most
//! [`MAX_SECONDS`]. The givens must break no rule, as a puzzle file's
//! must; a leading byte-order mark (as Windows editors write) is skipped.

use std::fmt::Write as _;
use std::str::FromStr;

use crate::{parse_puzzles_with, Alphabet, Error, Grid, SixteenAlphabet};

use super::cell::{Cell, Marks};
use super::error::SaveError;
use super::game::Game;
use super::quote::quoted;

/// The first line of every saved game, which tells one from a puzzle file.
pub const SAVE_HEADER: &str = "# satoku sudoku play: a saved game";

/// The most seconds a saved game may hold: 100 years of 365.25 days
/// (3,155,760,000 s). A clock that had run longer is a damaged or crafted
/// file, not a game.
pub const MAX_SECONDS: u64 = 36_525 * 24 * 3600;

/// The text of a saved game: `game` with `seconds` played.
pub fn write_save(game: &Game, seconds: u64) -> String {
    let hex = matches!(game.alphabet(), Alphabet::ZeroBased { .. });
    let alphabet = match hex {
        true => Alphabet::ZeroBased { blank: b'.' },
        false => Alphabet::OneBased { blank: b'.' },
    };
    let mut out = format!("{SAVE_HEADER}\n");
    if hex {
        out.push_str("alphabet hex\n");
    }
    let _ = writeln!(out, "puzzle {}", alphabet.write_line(game.puzzle()));
    let _ = writeln!(out, "grid   {}", alphabet.write_line(&game.grid()));
    let side = game.side();
    for (i, cell) in game.cells().iter().enumerate() {
        if !cell.marks().is_empty() {
            let digits: Vec<String> = cell.marks().digits().map(|d| d.to_string()).collect();
            let (row, col) = (i / side + 1, i % side + 1);
            let _ = writeln!(out, "marks {row} {col} {}", digits.join(" "));
        }
    }
    let _ = writeln!(out, "seconds {seconds}");
    out
}

/// Whether `text` is a saved game rather than a puzzle file (one leading
/// byte-order mark skipped, as the puzzle reader does).
pub fn is_saved_game(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .next()
        .is_some_and(|l| l.trim_end() == SAVE_HEADER)
}

/// A 1-based line and column (in characters).
type Place = (usize, usize);

/// Reads a saved game: the game and the seconds already played; the
/// error names the line and column. The first line, the header, is not
/// read (see [`is_saved_game`]).
pub fn read_save(text: &str) -> Result<(Game, u64), SaveError> {
    let mut sixteen = SixteenAlphabet::OneBased;
    let (mut puzzle, mut grid, mut seconds) = (None, None, 0);
    let mut marks = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let mut words = words(line);
        let Some((col, word)) = words.next() else {
            continue;
        };
        let at = |(col, message): (usize, String)| SaveError::new(Some((i + 1, col)), message);
        match word {
            w if w.starts_with('#') => {}
            "alphabet" if words.next().map(|(_, w)| w) == Some("hex") => {
                sixteen = SixteenAlphabet::Hex
            }
            "puzzle" => puzzle = Some(read_puzzle(words.next(), line, sixteen).map_err(at)?),
            "grid" => {
                let word = words.next();
                let place = (i + 1, word.map_or(col, |(col, _)| col));
                grid = Some((read_grid(word, line, sixteen).map_err(at)?, place));
            }
            "marks" => marks.push(((i + 1, col), read_numbers(words).map_err(at)?)),
            "seconds" => seconds = read_seconds(words).map_err(at)?,
            w => {
                let message = format!("{} is not puzzle, grid, marks or seconds", quoted(w));
                return Err(at((col, message)));
            }
        }
    }
    let (puzzle, alphabet) = puzzle.ok_or_else(|| SaveError::new(None, "no `puzzle` line"))?;
    let ((grid, _), place) = grid.ok_or_else(|| SaveError::new(None, "no `grid` line"))?;
    let mut game = Game::new(puzzle, alphabet);
    let cells = cells(&game, (&grid, place), &marks)?;
    game.restore(cells)
        .map_err(|refusal| SaveError::new(Some(place), refusal.to_string()))?;
    Ok((game, seconds))
}

/// The words of `line`, each with its 1-based column in characters.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_whitespace().map(move |word| {
        let offset = word.as_ptr() as usize - line.as_ptr() as usize;
        (line[..offset].chars().count() + 1, word)
    })
}

/// The givens a `puzzle` line's word spells, which must break no rule (as
/// a puzzle file's must); a clash is placed at its second cell.
fn read_puzzle(
    word: Option<(usize, &str)>,
    line: &str,
    sixteen: SixteenAlphabet,
) -> Result<(Grid, Alphabet), (usize, String)> {
    let (grid, alphabet) = read_grid(word, line, sixteen)?;
    let Some(clash) = grid.first_conflict() else {
        return Ok((grid, alphabet));
    };
    let ((row, col), start) = (clash.second, word.map_or(0, |(col, _)| col));
    let message = format!("illegal givens: {}", clash.in_symbols(alphabet));
    Err((start + row * grid.side() + col, message))
}

/// The time played a `seconds` line gives (0 if none): a number no
/// greater than [`MAX_SECONDS`].
fn read_seconds<'a>(words: impl Iterator<Item = (usize, &'a str)>) -> Result<u64, (usize, String)> {
    let words: Vec<(usize, &str)> = words.collect();
    let numbers: Vec<u64> = read_numbers(words.iter().copied())?;
    match (numbers.first(), words.first()) {
        (Some(&seconds), Some(&(col, _))) if seconds > MAX_SECONDS => {
            let message = format!(
                "seconds {seconds}: more than 100 years ({MAX_SECONDS} seconds), \
                 which no game has lasted"
            );
            Err((col, message))
        }
        (seconds, _) => Ok(seconds.copied().unwrap_or(0)),
    }
}

/// The grid a `puzzle` or `grid` line's word spells; the error's column is
/// that of the cell at fault, or of the word (the line's end if none).
fn read_grid(
    word: Option<(usize, &str)>,
    line: &str,
    sixteen: SixteenAlphabet,
) -> Result<(Grid, Alphabet), (usize, String)> {
    let (col, word) = word.unwrap_or((line.chars().count() + 1, ""));
    let puzzles = parse_puzzles_with(word, sixteen).map_err(|e| {
        // The word is one line: a bad symbol is its cell's character.
        let cell = match e {
            Error::Symbol { row, col, side, .. } => (row - 1) * side + col - 1,
            _ => 0,
        };
        (col + cell, e.detail())
    })?;
    match &puzzles[..] {
        [p] => Ok((p.grid.clone(), p.alphabet)),
        _ => Err((col, "expected one grid on one line".into())),
    }
}

/// The numbers of a line's words; the error's column is the bad word's.
fn read_numbers<'a, N: FromStr>(
    words: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Vec<N>, (usize, String)> {
    words
        .map(|(col, w)| {
            w.parse()
                .map_err(|_| (col, format!("{} is not a number", quoted(w))))
        })
        .collect()
}

/// The saved cells: `grid` must keep every given, marks sit on open cells.
/// Each is placed: the grid's word (a changed given at its cell), the
/// marks line.
fn cells(
    game: &Game,
    (grid, (line, col)): (&Grid, Place),
    marks: &[(Place, Vec<usize>)],
) -> Result<Vec<Cell>, SaveError> {
    let side = game.side();
    let changed =
        (game.puzzle().cells().iter().zip(grid.cells())).position(|(&g, &d)| g != 0 && g != d);
    if grid.side() != side || changed.is_some() {
        let at = (line, col + changed.unwrap_or(0));
        let message = "the grid does not keep the puzzle's givens";
        return Err(SaveError::new(Some(at), message));
    }
    let mut cells: Vec<Cell> = grid
        .cells()
        .iter()
        .map(|&digit| Cell::new(digit, Marks::NONE))
        .collect();
    for &(at, ref numbers) in marks {
        let fail = |message: String| SaveError::new(Some(at), message);
        let [row, col, digits @ ..] = &numbers[..] else {
            return Err(fail("a marks line needs a row, a column and digits".into()));
        };
        if !(1..=side).contains(row) || !(1..=side).contains(col) {
            return Err(fail(format!(
                "marks {row} {col}: outside the {side}x{side} grid"
            )));
        }
        if let Some(digit) = digits.iter().find(|d| !(1..=side).contains(d)) {
            return Err(fail(format!(
                "marks {row} {col}: {digit} is not a digit of the {side}x{side} grid (1 to {side})"
            )));
        }
        let i = (row - 1) * side + col - 1;
        let digits = digits.iter().map(|&d| d as u8);
        let marks = Marks::from_digits(digits).expect("digits checked against the side");
        cells[i] = Cell::new(cells[i].digit(), marks);
    }
    Ok(cells)
}

#[cfg(test)]
#[path = "save_tests.rs"]
mod tests;
