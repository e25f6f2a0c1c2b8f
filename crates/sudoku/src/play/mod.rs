//! A sudoku for people to play, with no screen in it: the model both
//! `satoku sudoku play` (terminal) and the browser game drive.
//!
//! | item | what it is |
//! |---|---|
//! | [`Game`] | the puzzle, the player's digits and pencil marks, undo/redo; every move checked |
//! | [`Cell`], [`Marks`] | one cell as the player left it; its pencil marks |
//! | [`Refusal`] | why a move (or a restored state) was refused |
//! | [`hint()`], [`Hint`] | the next hint: a mistake first, else the logical solver's next step from the digits *and the marks* |
//! | [`write_save`], [`read_save`], [`is_saved_game`], [`SaveError`], [`MAX_SECONDS`] | the saved-game text, in and out (files are the caller's) |
//! | [`Clock`], [`clock_face`] | the time played, stopped while the grid is full; `m:ss` |
//! | [`quoted`] | a word of the player's input as messages quote it |
//!
//! The hint reads the pencil marks: a cell's marks narrow its candidates
//! (a cell without marks may hold any digit its peers allow), so once the
//! player has removed the marks an elimination names, the next hint is the
//! next step, never the same one again.
//!
//! ```
//! use satoku_sudoku::play::{hint, Game, Hint};
//! use satoku_sudoku::DEFAULT_ALPHABET;
//!
//! let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let mut game = Game::new(puzzle.parse().unwrap(), DEFAULT_ALPHABET);
//! game.fill(0, 1, 6).unwrap(); // r1c2 = 6 breaks no rule, but the solution has 1
//! assert_eq!(hint(&game), Hint::WrongDigits(vec![(0, 1)]));
//! game.undo().unwrap();
//! let Hint::Step(step) = hint(&game) else { panic!("a step") };
//! assert_eq!(step.to_string(), "Hidden single: in box 4, 4 fits only r6c2, so r6c2 = 4");
//! ```

mod cell;
mod check;
mod clock;
mod error;
mod game;
mod hint;
mod history;
mod quote;
mod save;

pub use cell::{Cell, Marks};
pub use clock::{clock_face, Clock};
pub use error::{Refusal, SaveError};
pub use game::Game;
pub use hint::{hint, Hint};
pub use quote::quoted;
pub use save::{is_saved_game, read_save, write_save, MAX_SECONDS, SAVE_HEADER};
