//! The ceilings of the small text files read whole
//! ([`satoku_io::read_text`]: a solver's output, a puzzle file, a saved
//! game): an endless stream (`/dev/zero`, `yes`) or a huge file stops at
//! the ceiling with bad input instead of filling memory. Streams with no
//! such ceiling are read line by line elsewhere (`sudoku::stream`, the
//! DIMACS parser).

/// The largest puzzle file or saved game read whole (`sudoku encode`,
/// `decode --puzzle`, `explain`, `play`): some 800,000 one-line 9x9
/// puzzles. `sudoku solve`, `check` and `rate` stream files of any size.
pub const MAX_PUZZLE_FILE: u64 = 64 << 20;

/// The largest solver output read beyond what its model needs: room for
/// status, comment and statistics lines (see [`max_solver_output`]).
pub const SOLVER_OUTPUT_SLACK: u64 = 64 << 20;

/// The largest solver output worth reading for a formula of `num_vars`
/// variables: a model names each at most once, in at most 12 bytes
/// (`-2147483647 `), with `v ` line starts on top; plus the slack.
pub fn max_solver_output(num_vars: usize) -> u64 {
    SOLVER_OUTPUT_SLACK.saturating_add(16u64.saturating_mul(num_vars as u64))
}
