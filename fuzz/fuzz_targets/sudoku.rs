//! libFuzzer target: the sudoku puzzle parser on arbitrary text. It may
//! reject the input; it must not panic, and every grid it returns must be
//! a well-formed grid of a supported size.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(puzzles) = satoku_sudoku::parse_puzzles(&text) {
        for p in puzzles {
            let side = p.grid.side();
            assert_eq!(p.grid.cells().len(), side * side);
            assert!(p.grid.cells().iter().all(|&d| usize::from(d) <= side));
        }
    }
});
