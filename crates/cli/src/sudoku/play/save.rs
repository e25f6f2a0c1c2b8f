//! Saved games: a small text file a person can read.
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
//! open cell's pencil marks (1-based); `seconds` the time played.

use std::fmt::Write as _;

use satoku_sudoku::{parse_puzzles_with, Alphabet, Error, Grid, SixteenAlphabet};

use super::game::{Cell, Game};
use super::quote::quoted;

/// The first line of every saved game, which tells one from a puzzle file.
pub const HEADER: &str = "# satoku sudoku play: a saved game";

/// A saved game read back: the game and the seconds already played.
#[derive(Debug)]
pub struct Saved {
    pub game: Game,
    pub seconds: u64,
}

/// The text of a saved game.
pub fn write(game: &Game, seconds: u64) -> String {
    let hex = matches!(game.alphabet(), Alphabet::ZeroBased { .. });
    let alphabet = match hex {
        true => Alphabet::ZeroBased { blank: b'.' },
        false => Alphabet::OneBased { blank: b'.' },
    };
    let mut out = format!("{HEADER}\n");
    if hex {
        out.push_str("alphabet hex\n");
    }
    let _ = writeln!(out, "puzzle {}", alphabet.write_line(game.puzzle()));
    let _ = writeln!(out, "grid   {}", alphabet.write_line(&game.grid()));
    let side = game.side();
    for (i, cell) in game.cells().iter().enumerate() {
        if cell.digit == 0 && cell.marks != 0 {
            let digits = (1..=side).filter(|d| cell.marks & (1 << (d - 1)) != 0);
            let digits: Vec<String> = digits.map(|d| d.to_string()).collect();
            let _ = writeln!(
                out,
                "marks {} {} {}",
                i / side + 1,
                i % side + 1,
                digits.join(" ")
            );
        }
    }
    let _ = writeln!(out, "seconds {seconds}");
    out
}

/// Whether `text` is a saved game rather than a puzzle file.
pub fn is_saved_game(text: &str) -> bool {
    text.lines().next().is_some_and(|l| l.trim_end() == HEADER)
}

/// A 1-based line and column (in characters).
type Place = (usize, usize);

/// What makes a saved game unreadable, and where.
#[derive(Debug, PartialEq, Eq)]
pub struct SaveError {
    /// 1-based line and column (in characters) of the fault, if it has one.
    pub at: Option<Place>,
    /// What is wrong, without the place.
    pub message: String,
}

impl SaveError {
    /// The message with `file` and the place before it: `FILE:LINE:COL: ...`.
    pub fn in_file(&self, file: impl std::fmt::Display) -> String {
        match self.at {
            Some((line, col)) => format!("{file}:{line}:{col}: {}", self.message),
            None => format!("{file}: {}", self.message),
        }
    }
}

impl From<&str> for SaveError {
    fn from(message: &str) -> SaveError {
        SaveError::from(message.to_owned())
    }
}

impl From<String> for SaveError {
    fn from(message: String) -> SaveError {
        SaveError { at: None, message }
    }
}

/// Reads a saved game; the error names the line and column.
pub fn read(text: &str) -> Result<Saved, SaveError> {
    let mut sixteen = SixteenAlphabet::OneBased;
    let (mut puzzle, mut grid, mut seconds) = (None, None, 0);
    let mut marks = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let mut words = words(line);
        let Some((col, word)) = words.next() else {
            continue;
        };
        let at = |(col, message): (usize, String)| SaveError {
            at: Some((i + 1, col)),
            message,
        };
        match word {
            w if w.starts_with('#') => {}
            "alphabet" if words.next().map(|(_, w)| w) == Some("hex") => {
                sixteen = SixteenAlphabet::Hex
            }
            "puzzle" => puzzle = Some(read_grid(words.next(), line, sixteen).map_err(at)?),
            "grid" => {
                let word = words.next();
                let place = (i + 1, word.map_or(col, |(col, _)| col));
                grid = Some((read_grid(word, line, sixteen).map_err(at)?, place));
            }
            "marks" => marks.push(((i + 1, col), read_numbers(words).map_err(at)?)),
            "seconds" => {
                let numbers = read_numbers(words).map_err(at)?;
                seconds = numbers.first().copied().unwrap_or(0)
            }
            w => {
                let message = format!("{} is not puzzle, grid, marks or seconds", quoted(w));
                return Err(at((col, message)));
            }
        }
    }
    let (puzzle, alphabet) = puzzle.ok_or("no `puzzle` line")?;
    let ((grid, _), place) = grid.ok_or("no `grid` line")?;
    let mut game = Game::new(puzzle, alphabet);
    game.restore(cells(&game, (&grid, place), &marks)?);
    Ok(Saved {
        game,
        seconds: seconds as u64,
    })
}

/// The words of `line`, each with its 1-based column in characters.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_whitespace().map(move |word| {
        let offset = word.as_ptr() as usize - line.as_ptr() as usize;
        (line[..offset].chars().count() + 1, word)
    })
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
fn read_numbers<'a>(
    words: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Vec<usize>, (usize, String)> {
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
        return Err(SaveError {
            at: Some((line, col + changed.unwrap_or(0))),
            message: "the grid does not keep the puzzle's givens".into(),
        });
    }
    let mut cells: Vec<Cell> = grid
        .cells()
        .iter()
        .map(|&digit| Cell { digit, marks: 0 })
        .collect();
    for &(at, ref numbers) in marks {
        let fail = |message: String| SaveError {
            at: Some(at),
            message,
        };
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
        let cell = &mut cells[(row - 1) * side + col - 1];
        cell.marks = digits.iter().fold(0, |m, d| m | 1 << (d - 1));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_sudoku::DEFAULT_ALPHABET;

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_saved_game_reads_back_with_digits_marks_and_time() {
        let mut game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
        game.fill(0, 1, 1).unwrap();
        game.toggle_mark(0, 2, 7).unwrap();
        game.toggle_mark(0, 2, 9).unwrap();
        let text = write(&game, 95);
        assert!(is_saved_game(&text));
        assert!(text.contains("\nmarks 1 3 7 9\nseconds 95\n"), "{text}");
        let saved = read(&text).unwrap();
        assert_eq!(saved.seconds, 95);
        assert_eq!(saved.game.cells(), game.cells());
        assert_eq!(saved.game.puzzle(), game.puzzle());
    }

    #[test]
    fn a_bad_grid_is_placed_once_at_its_cell() {
        let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
        let text = write(&game, 0);
        let last = &HARD[80..];
        let bad = text.replacen(&format!("{last}\n"), "\0\n", 1);
        let err = read(&bad).unwrap_err().in_file("g.txt");
        assert_eq!(
            err,
            "g.txt:2:88: cell r9c9: '\\0' is not a digit or a blank of a 9x9 grid"
        );
        let no_word = text.replacen(&format!("puzzle {HARD}"), "puzzle", 1);
        let err = read(&no_word).unwrap_err().in_file("g.txt");
        assert_eq!(err, "g.txt:2:7: expected one grid on one line");
    }

    #[test]
    fn a_damaged_save_is_refused_with_its_line() {
        let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
        let text = write(&game, 0);
        assert!(!is_saved_game(HARD));
        let changed_given = text.replace("grid   4", "grid   5");
        let err = read(&changed_given).unwrap_err();
        assert_eq!(
            err.in_file("g.txt"),
            "g.txt:3:8: the grid does not keep the puzzle's givens"
        );
        let later = text.replacen("grid   4.....8.5", "grid   4.....8.6", 1);
        assert_eq!(
            read(&later).unwrap_err().in_file("g.txt"),
            "g.txt:3:16: the grid does not keep the puzzle's givens"
        );
        let bad_word = format!("{text}colour blue\n");
        assert_eq!(
            read(&bad_word).unwrap_err().in_file("g.txt"),
            "g.txt:5:1: 'colour' is not puzzle, grid, marks or seconds"
        );
        let bad_mark = format!("{text}marks 1 2 10\n");
        let err = read(&bad_mark).unwrap_err();
        assert_eq!(
            err.in_file("g.txt"),
            "g.txt:5:1: marks 1 2: 10 is not a digit of the 9x9 grid (1 to 9)"
        );
        // The cell named is inside the grid: only the digit is wrong.
        let zero = read(&format!("{text}marks 2 2 0\n")).unwrap_err();
        assert_eq!(
            zero.in_file("g.txt"),
            "g.txt:5:1: marks 2 2: 0 is not a digit of the 9x9 grid (1 to 9)"
        );
        let outside = read(&format!("{text}marks 10 2 1\n")).unwrap_err();
        assert_eq!(
            outside.in_file("g.txt"),
            "g.txt:5:1: marks 10 2: outside the 9x9 grid"
        );
        let err = read(HEADER).unwrap_err();
        assert_eq!(err.in_file("g.txt"), "g.txt: no `puzzle` line");
        let short = text.replacen(&format!("puzzle {HARD}"), "puzzle 4x", 1);
        assert_eq!(
            read(&short).unwrap_err().in_file("g.txt"),
            "g.txt:2:8: 2 cells is not a sudoku line (16, 81, 256 or 625 cells) \
             nor a grid row (4, 9, 16 or 25 cells)"
        );
        let bad_number = format!("{text}marks 1 x 3\n");
        let err = read(&bad_number).unwrap_err();
        assert_eq!(err.in_file("g.txt"), "g.txt:5:9: 'x' is not a number");
        let forever = text.replace("seconds 0", "seconds 18446744073709551615");
        assert_eq!(read(&forever).unwrap().seconds, u64::MAX);
    }
}
