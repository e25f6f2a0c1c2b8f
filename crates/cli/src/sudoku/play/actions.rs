//! What the game does for the player, the same in the terminal game and
//! the line menu: check, hint, solve through SAT, count, and the
//! congratulation. Each returns the sentence to show and the cells to
//! highlight.

use std::time::{Duration, Instant};

use satoku_sudoku::play::{self, clock_face, Game, Hint};
use satoku_sudoku::{Answer, Conflict, SatSudoku};

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
        return conflict_said(game, &conflict);
    }
    let wrong = game.wrong_entries();
    let open = game.grid().cells().iter().filter(|&&d| d == 0).count();
    match (game.solution(), wrong.is_empty()) {
        (None, _) => {
            Said::text("no rule broken (the puzzle has no unique solution to check against)")
        }
        (Some(_), true) => Said::text(format!("no mistake so far; {open} cells to go")),
        (Some(_), false) => wrong_said(wrong),
    }
}

fn conflict_said(game: &Game, conflict: &Conflict) -> Said {
    Said {
        text: format!("conflict: {}", conflict.in_symbols(game.alphabet())),
        cells: vec![conflict.first, conflict.second],
    }
}

fn wrong_said(wrong: Vec<(usize, usize)>) -> Said {
    Said {
        text: format!("not in the solution: {}", cell_names(&wrong)),
        cells: wrong,
    }
}

/// The next hint (`satoku_sudoku::play::hint`, the browser's too): a
/// conflict, a wrong entry or wrong pencil marks first (they mislead the
/// reasoning), else the next logical step from the digits and the marks.
pub fn hint(game: &Game) -> Said {
    let mistake = |said: Said| Said {
        text: format!("first fix this: {}", said.text),
        ..said
    };
    match play::hint(game) {
        Hint::Conflict(conflict) => mistake(conflict_said(game, &conflict)),
        Hint::WrongDigits(wrong) => mistake(wrong_said(wrong)),
        Hint::WrongMarks(cells) => {
            let text = format!(
                "the pencil marks of {} leave out the digit that belongs there",
                cell_names(&cells)
            );
            mistake(Said { text, cells })
        }
        Hint::NoSolution => mistake(Said::text(
            "the digits filled in leave no solution: one of them is wrong",
        )),
        Hint::Step(step) => {
            let mut cells = step.cells().to_vec();
            cells.extend(step.placements().iter().map(|p| (p.row, p.col)));
            Said {
                text: step.in_symbols(game.alphabet()).to_string(),
                cells,
            }
        }
        Hint::Solved => Said::text("solved: no step left"),
        // Hint::Guess, and any kind of hint to come.
        _ => Said::text("no logical step left: a guess is needed (s solves, c counts)"),
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
        clock_face(seconds)
    ))
}
