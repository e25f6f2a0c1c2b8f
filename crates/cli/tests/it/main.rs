//! The integration tests of satoku-cli, one module per concern, in one
//! binary (docs/testing.md).

mod support;

mod bench;
mod bench_edges;
mod check_proof;
mod dimacs_input;
mod exit_codes;
mod help;
mod input_ceilings;
mod limits;
mod output_files;
mod readme;
mod signals;
mod stdout_faults;
mod sudoku;
mod sudoku_codec;
mod sudoku_logic;
mod sudoku_play;
mod trace;
