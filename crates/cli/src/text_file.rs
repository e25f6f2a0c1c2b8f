//! The ceilings of the small text files read whole
//! ([`satoku_io::read_text`]: a puzzle file, a saved game; a solver's
//! output under [`satoku_dimacs::max_solver_output`]): an endless stream
//! (`/dev/zero`, `yes`) or a huge file stops at the ceiling with bad input
//! instead of filling memory. Streams with no
//! such ceiling are read line by line elsewhere (`sudoku::stream`, the
//! DIMACS parser).

/// The largest puzzle file or saved game read whole (`sudoku encode`,
/// `decode --puzzle`, `explain`, `play`): some 800,000 one-line 9x9
/// puzzles. `sudoku solve`, `check` and `rate` stream files of any size.
pub const MAX_PUZZLE_FILE: u64 = 64 << 20;
