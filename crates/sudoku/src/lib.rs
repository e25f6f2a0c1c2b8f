//! Sudokus for satoku: grids of 4x4 to 25x25, reading them from the many
//! formats real puzzle files use, encoding them to CNF and decoding SAT models
//! back, a fast direct solver (the SAT path's cross-check), and a generator.
//! It knows puzzles, not file formats: it produces a
//! [`Cnf`](satoku_formula::Cnf) and takes a [`Model`](satoku_formula::Model);
//! `satoku-dimacs` writes and reads the text.
//!
//! | item | what it is |
//! |---|---|
//! | [`Grid`] | `side * side` cells, 0 blank; rows, columns and blocks; [`Conflict`] |
//! | [`parse_puzzles`], [`Puzzle`] | every puzzle of a file's text, with line and [`Alphabet`] |
//! | [`PuzzleReader`], [`SixteenAlphabet`] | a file read line by line (streaming); how 16x16 symbols are read |
//! | [`Alphabet`] | the symbols a puzzle was written with; writes grids back alike |
//! | [`encode`], [`Encoding`], [`cell_var`] | the CNF of a puzzle; `v(r,c,d) = N²(r-1) + N(c-1) + d` |
//! | [`header_comments`], [`EncodingHeader`] | comment lines documenting an encoding, and reading them back |
//! | [`decode`], [`decode_model`] | a model back to a checked grid |
//! | [`solve_direct`], [`Answer`] | the direct solver: illegal, no solution, or solutions up to a limit |
//! | [`SatSudoku`] | the same answers through the SAT engine (`satoku-solver`), one engine per size, counting by blocking clauses |
//! | [`play`] | the game people play: moves, undo/redo, pencil marks, the hint, saved games, the clock |
//! | [`logic`] | the logical solver that explains its steps: [`logic::Board`], [`logic::Step`], [`logic::solve`] |
//! | [`Generator`], [`rate`], [`Difficulty`] | unique puzzles from a seed, and their rating by technique |
//! | [`rate_by_guesses`], [`GuessRating`] | the older measure: branch points of the direct solver |
//! | [`Error`] | every failure, with the line and cell |
//!
//! ```
//! use satoku_sudoku::{decode, encode, solve_direct, Answer, Encoding, Grid, SatSudoku};
//! use satoku_formula::Model;
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()
//!     .unwrap();
//! let Answer::Solved { solution, count } = solve_direct(&puzzle, 2) else { panic!() };
//! assert_eq!(count, 1);
//!
//! // The SAT path gives the same answer.
//! let mut sat = SatSudoku::new();
//! assert_eq!(sat.solve(&puzzle, 2)?.solution(), Some(&solution));
//!
//! // The solution as a model satisfies the puzzle's CNF and decodes back.
//! let cnf = encode(&puzzle, Encoding::Extended);
//! assert_eq!((cnf.num_vars(), cnf.num_clauses()), (729, 11_988 + 17));
//! let mut model = Model::new(vec![false; 729]);
//! for row in 0..9 {
//!     for col in 0..9 {
//!         model.set(satoku_sudoku::cell_var(9, row, col, solution.get(row, col)), true);
//!     }
//! }
//! assert!(model.satisfies(&cnf));
//! assert_eq!(decode(&puzzle, &model).unwrap(), solution);
//! # Ok::<(), satoku_sudoku::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod block_grid;
mod decode;
mod encode;
mod error;
pub mod fast9;
mod format;
mod generate;
mod generic;
mod grid;
mod header;
pub mod logic;
mod parse;
pub mod play;
mod rate;
pub mod sat;
mod session;
mod solve;

pub use decode::{box_size_for_vars, decode, decode_model};
pub use encode::{cell_var, clause_counts, encode, Encoding};
pub use error::Error;
pub use format::{Alphabet, DEFAULT_ALPHABET};
pub use generate::{Generated, Generator, GeneratorConfig, MAX_MINIMAL_BOX_SIZE};
pub use grid::{Conflict, Grid, Unit, MAX_BOX_SIZE, MIN_BOX_SIZE};
pub use header::{header_comments, EncodingHeader};
pub use logic::{rate, Rating};
pub use parse::{
    parse_grid, parse_puzzles, parse_puzzles_with, Puzzle, PuzzleReader, SixteenAlphabet,
};
pub use rate::{rate_by_guesses, Difficulty, GuessRating};
pub use sat::SatSudoku;
pub use solve::{solve_direct, solve_direct_until, solve_direct_with, Answer, Engine};
