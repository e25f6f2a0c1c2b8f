//! What the game does for the player, the same in the terminal game and
//! the line menu: check, hint, solve through SAT, count, and the
//! congratulation. Each returns the sentence to show and the cells to
//! highlight.

use std::time::{Duration, Instant};

use satoku_sudoku::logic::Board;
use satoku_sudoku::{Answer, SatSudoku};

use super::game::Game;

/// A sentence for the player and the cells it is about (0-based).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    pub text: String,
    pub cells: Vec<(usize, usize)>,
}

impl Said {
    /// A sentence about no cell in particular.
    pub fn text(text: impl Into<String>) -> Said {
        Said {
            text: text.into(),
            cells: Vec::new(),
        }
    }
}

/// The solver counts solutions up to this many.
const COUNT_LIMIT: usize = 100;

fn cell_names(cells: &[(usize, usize)]) -> String {
    let names: Vec<String> = cells
        .iter()
        .map(|(r, c)| format!("r{}c{}", r + 1, c + 1))
        .collect();
    names.join(", ")
}

/// Conflicts first, then the entries that contradict the unique solution.
pub fn check(game: &Game) -> Said {
    if let Some(conflict) = game.grid().first_conflict() {
        return Said {
            text: format!("conflict: {}", conflict.in_symbols(game.alphabet())),
            cells: vec![conflict.first, conflict.second],
        };
    }
    let wrong = game.wrong_entries();
    let open = game.grid().cells().iter().filter(|&&d| d == 0).count();
    match (game.solution(), wrong.is_empty()) {
        (None, _) => {
            Said::text("no rule broken (the puzzle has no unique solution to check against)")
        }
        (Some(_), true) => Said::text(format!("no mistake so far; {open} cells to go")),
        (Some(_), false) => Said {
            text: format!("not in the solution: {}", cell_names(&wrong)),
            cells: wrong,
        },
    }
}

/// The next logical step from the player's grid, after any conflict or
/// wrong entry (a grid with one misleads the reasoning).
pub fn hint(game: &Game) -> Said {
    let checked = check(game);
    if !checked.cells.is_empty() {
        return Said {
            text: format!("first fix this: {}", checked.text),
            ..checked
        };
    }
    let board = match Board::new(&game.grid()) {
        Ok(board) => board,
        Err(conflict) => {
            let text = format!("conflict: {}", conflict.in_symbols(game.alphabet()));
            return Said::text(text);
        }
    };
    match board.next_step() {
        Some(step) => {
            let mut cells = step.cells().to_vec();
            cells.extend(step.placements().iter().map(|p| (p.row, p.col)));
            Said {
                text: step.in_symbols(game.alphabet()).to_string(),
                cells,
            }
        }
        None if board.is_solved() => Said::text("solved: no step left"),
        None => Said::text("no logical step left: a guess is needed (s solves, c counts)"),
    }
}

fn took(time: Duration) -> String {
    format!("{:.1} ms", time.as_secs_f64() * 1e3)
}

/// Solves the puzzle's givens through SAT and fills the grid with the
/// solution (one move, undoable).
pub fn solve(game: &mut Game, sat: &mut SatSudoku) -> Said {
    let started = Instant::now();
    let answer = sat.solve(game.puzzle(), 2);
    let time = took(started.elapsed());
    match answer {
        Err(e) => Said::text(format!("the SAT path failed: {e}")),
        Ok(Answer::Illegal(conflict)) => Said::text(format!(
            "illegal givens: {}",
            conflict.in_symbols(game.alphabet())
        )),
        Ok(Answer::NoSolution) => Said::text(format!("no solution (SAT, {time})")),
        Ok(Answer::Solved { solution, count }) => {
            game.fill_all(&solution);
            let unique = match count {
                1 => "the only solution",
                _ => "one of several solutions",
            };
            Said::text(format!("solved through SAT in {time}: {unique}"))
        }
    }
}

/// Counts the solutions of the grid as it stands (givens and entries).
pub fn count(game: &Game, sat: &mut SatSudoku) -> Said {
    let started = Instant::now();
    let answer = sat.solve(&game.grid(), COUNT_LIMIT);
    let time = took(started.elapsed());
    let text = match answer {
        Err(e) => format!("the SAT path failed: {e}"),
        Ok(Answer::Illegal(conflict)) => format!(
            "the grid breaks a rule: {}",
            conflict.in_symbols(game.alphabet())
        ),
        Ok(Answer::NoSolution) => {
            format!("no solution from here: some entry is wrong (SAT, {time})")
        }
        Ok(Answer::Solved { count: 1, .. }) => {
            format!("exactly one solution from here (SAT, {time})")
        }
        Ok(Answer::Solved { count, .. }) if count >= COUNT_LIMIT => {
            format!("at least {count} solutions from here (SAT, {time})")
        }
        Ok(Answer::Solved { count, .. }) => format!("{count} solutions from here (SAT, {time})"),
    };
    Said::text(text)
}

/// The congratulation for a finished grid, verified against the rules
/// and the givens; `None` while the grid is not finished.
pub fn finished(game: &Game, seconds: u64) -> Option<String> {
    if !game.is_solved() {
        return None;
    }
    let (alphabet, side) = (game.alphabet(), game.side() as u8);
    let (first, last) = (alphabet.name(1), alphabet.name(side));
    Some(format!(
        "Solved in {}! Verified: every row, column and block holds {first}..{last} once, and every given is kept.",
        clock(seconds)
    ))
}

/// Seconds as `m:ss` (or `h:mm:ss`).
pub fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match h {
        0 => format!("{m}:{s:02}"),
        _ => format!("{h}:{m:02}:{s:02}"),
    }
}
