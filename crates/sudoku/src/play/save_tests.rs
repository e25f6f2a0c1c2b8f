//! Unit tests of the saved-game text: round trip, and each fault placed.

use super::*;
use crate::DEFAULT_ALPHABET;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn a_saved_game_reads_back_with_digits_marks_and_time() {
    let mut game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
    game.fill(0, 1, 1).unwrap();
    game.toggle_mark(0, 2, 7).unwrap();
    game.toggle_mark(0, 2, 9).unwrap();
    let text = write_save(&game, 95);
    assert!(is_saved_game(&text));
    assert!(text.contains("\nmarks 1 3 7 9\nseconds 95\n"), "{text}");
    let (saved, seconds) = read_save(&text).unwrap();
    assert_eq!(seconds, 95);
    assert_eq!(saved.cells(), game.cells());
    assert_eq!(saved.puzzle(), game.puzzle());
}

#[test]
fn a_bad_grid_is_placed_once_at_its_cell() {
    let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
    let text = write_save(&game, 0);
    let last = &HARD[80..];
    let bad = text.replacen(&format!("{last}\n"), "\0\n", 1);
    let err = read_save(&bad).unwrap_err().in_file("g.txt");
    assert_eq!(
        err,
        "g.txt:2:88: cell r9c9: '\\0' is not a digit or a blank of a 9x9 grid"
    );
    let no_word = text.replacen(&format!("puzzle {HARD}"), "puzzle", 1);
    let err = read_save(&no_word).unwrap_err().in_file("g.txt");
    assert_eq!(err, "g.txt:2:7: expected one grid on one line");
}

#[test]
fn a_damaged_save_is_refused_with_its_line() {
    let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
    let text = write_save(&game, 0);
    assert!(!is_saved_game(HARD));
    let changed_given = text.replace("grid   4", "grid   5");
    let err = read_save(&changed_given).unwrap_err();
    assert_eq!(
        err.in_file("g.txt"),
        "g.txt:3:8: the grid does not keep the puzzle's givens"
    );
    let later = text.replacen("grid   4.....8.5", "grid   4.....8.6", 1);
    assert_eq!(
        read_save(&later).unwrap_err().in_file("g.txt"),
        "g.txt:3:16: the grid does not keep the puzzle's givens"
    );
    let bad_word = format!("{text}colour blue\n");
    assert_eq!(
        read_save(&bad_word).unwrap_err().in_file("g.txt"),
        "g.txt:5:1: 'colour' is not puzzle, grid, marks or seconds"
    );
    let bad_mark = format!("{text}marks 1 2 10\n");
    let err = read_save(&bad_mark).unwrap_err();
    assert_eq!(
        err.in_file("g.txt"),
        "g.txt:5:1: marks 1 2: 10 is not a digit of the 9x9 grid (1 to 9)"
    );
    // The cell named is inside the grid: only the digit is wrong.
    let zero = read_save(&format!("{text}marks 2 2 0\n")).unwrap_err();
    assert_eq!(
        zero.in_file("g.txt"),
        "g.txt:5:1: marks 2 2: 0 is not a digit of the 9x9 grid (1 to 9)"
    );
    let outside = read_save(&format!("{text}marks 10 2 1\n")).unwrap_err();
    assert_eq!(
        outside.in_file("g.txt"),
        "g.txt:5:1: marks 10 2: outside the 9x9 grid"
    );
    let err = read_save(SAVE_HEADER).unwrap_err();
    assert_eq!(err.in_file("g.txt"), "g.txt: no `puzzle` line");
    let short = text.replacen(&format!("puzzle {HARD}"), "puzzle 4x", 1);
    assert_eq!(
        read_save(&short).unwrap_err().in_file("g.txt"),
        "g.txt:2:8: 2 cells is not a sudoku line (16, 81, 256 or 625 cells) \
         nor a grid row (4, 9, 16 or 25 cells)"
    );
    let bad_number = format!("{text}marks 1 x 3\n");
    let err = read_save(&bad_number).unwrap_err();
    assert_eq!(err.in_file("g.txt"), "g.txt:5:9: 'x' is not a number");
}

#[test]
fn seconds_no_game_could_have_played_are_refused_at_their_line() {
    let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
    let text = write_save(&game, 0);
    // 100 years of 365.25 days is the most a saved game may hold.
    let century = text.replace("seconds 0", "seconds 3155760000");
    assert_eq!(read_save(&century).unwrap().1, 3_155_760_000);
    let forever = text.replace("seconds 0", "seconds 18446744073709551615");
    assert_eq!(
        read_save(&forever).unwrap_err().in_file("g.txt"),
        "g.txt:4:9: seconds 18446744073709551615: more than 100 years \
         (3155760000 seconds), which no game has lasted"
    );
}

#[test]
fn illegal_givens_are_refused_as_in_a_puzzle_file() {
    let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
    let text = write_save(&game, 0);
    // A second given 4 in row 1, in the puzzle and the grid alike.
    let twice = text.replace(HARD, &HARD.replacen('.', "4", 1));
    assert_eq!(
        read_save(&twice).unwrap_err().in_file("g.txt"),
        "g.txt:2:9: illegal givens: row 1 has 4 twice, at r1c1 and r1c2"
    );
    // The player's digits may break a rule: the game shows the conflict.
    let mut game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
    game.fill(0, 1, 4).unwrap();
    assert!(read_save(&write_save(&game, 0)).is_ok());
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let game = Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET);
    let text = format!("\u{feff}{}", write_save(&game, 95));
    assert!(is_saved_game(&text));
    assert_eq!(read_save(&text).unwrap().1, 95);
    // Only at the start: a mark before a later header is no saved game.
    assert!(!is_saved_game(&format!("\n{text}")));
}
