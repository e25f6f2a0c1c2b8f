//! Unit tests of the game state: moves, refusals, undo/redo, conflicts,
//! pencil marks, checking against the solution.

use super::*;
use crate::DEFAULT_ALPHABET;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const HARD_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn marks(digits: &[u8]) -> Marks {
    Marks::from_digits(digits.iter().copied()).unwrap()
}

fn game() -> Game {
    Game::new(HARD.parse().unwrap(), DEFAULT_ALPHABET)
}

#[test]
fn givens_cannot_change_and_digits_must_fit() {
    let mut g = game();
    assert_eq!(g.fill(0, 0, 1), Err(Refusal::Given { row: 0, col: 0 }));
    assert_eq!(g.fill(0, 1, 10), Err(Refusal::Digit { digit: 10, side: 9 }));
    assert_eq!(
        g.fill(9, 0, 1),
        Err(Refusal::Cell {
            row: 9,
            col: 0,
            side: 9
        })
    );
    assert_eq!(
        g.toggle_mark(0, 0, 1),
        Err(Refusal::Given { row: 0, col: 0 })
    );
    assert_eq!(g.grid(), *g.puzzle());
    assert_eq!(
        Refusal::Given { row: 0, col: 0 }.to_string(),
        "r1c1 is a given and cannot change"
    );
}

#[test]
fn undo_and_redo_walk_the_moves_back_and_forth() {
    let mut g = game();
    g.fill(0, 1, 1).unwrap();
    g.fill(0, 1, 2).unwrap();
    g.fill(0, 2, 7).unwrap();
    g.undo().unwrap();
    assert_eq!((g.cell(0, 1).digit(), g.cell(0, 2).digit()), (2, 0));
    g.undo().unwrap();
    assert_eq!(g.cell(0, 1).digit(), 1);
    g.redo().unwrap();
    assert_eq!(g.cell(0, 1).digit(), 2);
    // A new move drops what could be redone.
    g.fill(0, 1, 0).unwrap();
    assert_eq!(g.redo(), Err(Refusal::NoHistory));
    for _ in 0..3 {
        g.undo().unwrap();
    }
    assert_eq!(g.undo(), Err(Refusal::NoHistory));
    assert_eq!(g.grid(), *g.puzzle());
}

#[test]
fn a_conflict_shows_at_once_and_a_wrong_entry_only_on_check() {
    let mut g = game();
    // r1c2 = 4 repeats the given 4 at r1c1.
    g.fill(0, 1, 4).unwrap();
    let conflicts = g.conflicts();
    assert!(conflicts[0] && conflicts[1]);
    assert_eq!(conflicts.iter().filter(|&&c| c).count(), 2);
    g.fill(0, 1, 0).unwrap();
    assert!(g.conflicts().iter().all(|&c| !c));
    // r1c2 = 6 breaks no rule but the solution has 1 there.
    g.fill(0, 1, 6).unwrap();
    assert!(g.conflicts().iter().all(|&c| !c));
    assert_eq!(g.wrong_entries(), [(0, 1)]);
    g.fill(0, 1, 1).unwrap();
    assert!(g.wrong_entries().is_empty());
}

#[test]
fn pencil_marks_toggle_fill_in_and_go_with_a_digit() {
    let mut g = game();
    g.toggle_mark(0, 1, 1).unwrap();
    g.toggle_mark(0, 1, 6).unwrap();
    g.toggle_mark(0, 1, 6).unwrap();
    assert_eq!(g.cell(0, 1).marks(), marks(&[1]));
    g.auto_candidates();
    // r1c2: row 1 has 4 8 5, column 2 has 3 2, block 1 has 4 3.
    assert_eq!(g.cell(0, 1).marks(), marks(&[1, 6, 7, 9]));
    assert_eq!(g.cell(0, 0).marks(), Marks::NONE, "givens get no marks");
    g.undo().unwrap();
    assert_eq!(g.cell(0, 1).marks(), marks(&[1]));
    g.fill(0, 1, 1).unwrap();
    assert_eq!(g.cell(0, 1), Cell::new(1, Marks::NONE));
}

#[test]
fn a_full_grid_is_solved_and_one_move_undoes_the_fill() {
    let mut g = game();
    assert!(!g.is_solved());
    let solution: Grid = HARD_SOLUTION.parse().unwrap();
    assert_eq!(g.solution(), Some(&solution));
    g.fill_all(&solution);
    assert!(g.is_solved());
    g.undo().unwrap();
    assert_eq!(g.grid(), *g.puzzle());
}

#[test]
fn a_restored_state_keeps_the_givens_and_fits_the_grid() {
    let mut g = game();
    let mut cells = g.cells().to_vec();
    cells[1] = Cell::new(1, Marks::NONE);
    cells[2] = Cell::new(0, marks(&[6, 7]));
    g.restore(cells.clone()).unwrap();
    assert_eq!(g.cells(), cells);
    assert_eq!(g.undo(), Err(Refusal::NoHistory));
    cells[0] = Cell::new(5, Marks::NONE);
    assert_eq!(
        g.restore(cells.clone()),
        Err(Refusal::Given { row: 0, col: 0 })
    );
    cells[0] = Cell::new(4, Marks::NONE);
    cells[2] = Cell::new(0, marks(&[10]));
    assert_eq!(g.restore(cells), Err(Refusal::Digit { digit: 10, side: 9 }));
    let found = Refusal::NumCells {
        found: 80,
        expected: 81,
    };
    assert_eq!(g.restore(vec![Cell::default(); 80]), Err(found));
}

#[test]
fn wrong_marks_are_those_that_leave_out_the_solutions_digit() {
    let mut g = game();
    // The solution has 1 at r1c2 and 7 at r1c3.
    g.toggle_mark(0, 1, 6).unwrap();
    g.toggle_mark(0, 2, 7).unwrap();
    assert_eq!(g.wrong_marks(), [(0, 1)]);
    g.toggle_mark(0, 1, 1).unwrap();
    assert!(g.wrong_marks().is_empty());
}
