//! The integration tests of satoku-sudoku, one module per concern, in one
//! binary (docs/testing.md).

mod support;

mod generate;
mod logic_rating;
mod logic_sat;
mod sat_path;
mod shared_files;
