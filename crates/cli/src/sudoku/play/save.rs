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

use satoku_sudoku::{parse_puzzles_with, Alphabet, Grid, SixteenAlphabet};

use super::game::{Cell, Game};

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

/// Reads a saved game; the error names the line.
pub fn read(text: &str) -> Result<Saved, String> {
    let mut sixteen = SixteenAlphabet::OneBased;
    let (mut puzzle, mut grid, mut seconds) = (None, None, 0);
    let mut marks = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let at = |e: String| format!("line {}: {e}", i + 1);
        let mut words = line.split_whitespace();
        match words.next() {
            None => {}
            Some(w) if w.starts_with('#') => {}
            Some("alphabet") if words.next() == Some("hex") => sixteen = SixteenAlphabet::Hex,
            Some("puzzle") => puzzle = Some(read_grid(words.next(), sixteen).map_err(at)?),
            Some("grid") => grid = Some(read_grid(words.next(), sixteen).map_err(at)?),
            Some("marks") => marks.push(read_numbers(words).map_err(at)?),
            Some("seconds") => {
                seconds = read_numbers(words)
                    .map_err(at)?
                    .first()
                    .copied()
                    .unwrap_or(0)
            }
            Some(w) => return Err(at(format!("'{w}' is not puzzle, grid, marks or seconds"))),
        }
    }
    let (puzzle, alphabet) = puzzle.ok_or("no `puzzle` line")?;
    let (grid, _) = grid.ok_or("no `grid` line")?;
    let mut game = Game::new(puzzle, alphabet);
    game.restore(cells(&game, &grid, &marks)?);
    Ok(Saved {
        game,
        seconds: seconds as u64,
    })
}

fn read_grid(word: Option<&str>, sixteen: SixteenAlphabet) -> Result<(Grid, Alphabet), String> {
    let puzzles = parse_puzzles_with(word.unwrap_or(""), sixteen).map_err(|e| e.to_string())?;
    match &puzzles[..] {
        [p] => Ok((p.grid.clone(), p.alphabet)),
        _ => Err("expected one grid on one line".into()),
    }
}

fn read_numbers<'a>(words: impl Iterator<Item = &'a str>) -> Result<Vec<usize>, String> {
    words
        .map(|w| w.parse().map_err(|_| format!("'{w}' is not a number")))
        .collect()
}

/// The saved cells: `grid` must keep every given, marks sit on open cells.
fn cells(game: &Game, grid: &Grid, marks: &[Vec<usize>]) -> Result<Vec<Cell>, String> {
    let side = game.side();
    if grid.side() != side
        || !game
            .puzzle()
            .cells()
            .iter()
            .zip(grid.cells())
            .all(|(&g, &d)| g == 0 || g == d)
    {
        return Err("the grid does not keep the puzzle's givens".into());
    }
    let mut cells: Vec<Cell> = grid
        .cells()
        .iter()
        .map(|&digit| Cell { digit, marks: 0 })
        .collect();
    for line in marks {
        let [row, col, digits @ ..] = &line[..] else {
            return Err("a marks line needs a row, a column and digits".into());
        };
        let cell_ok = (1..=side).contains(row) && (1..=side).contains(col);
        if !cell_ok || digits.iter().any(|d| !(1..=side).contains(d)) {
            return Err(format!("marks {row} {col}: outside the {side}x{side} grid"));
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
    fn a_damaged_save_is_refused_with_its_line() {
        let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
        let text = write(&game, 0);
        assert!(!is_saved_game(HARD));
        let changed_given = text.replace("grid   4", "grid   5");
        assert!(read(&changed_given).unwrap_err().contains("givens"));
        let bad_word = format!("{text}colour blue\n");
        assert!(read(&bad_word).unwrap_err().starts_with("line 5: 'colour'"));
        let bad_mark = format!("{text}marks 1 2 10\n");
        assert!(read(&bad_mark)
            .unwrap_err()
            .contains("outside the 9x9 grid"));
        assert!(read(HEADER).unwrap_err().contains("no `puzzle` line"));
        let forever = text.replace("seconds 0", "seconds 18446744073709551615");
        assert_eq!(read(&forever).unwrap().seconds, u64::MAX);
    }
}
