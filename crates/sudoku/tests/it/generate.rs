//! Generated puzzles are unique by the direct solver and by the SAT path.

use satoku_sudoku::{solve_direct, Generator, GeneratorConfig, SatSudoku};

fn check_unique(seed: u64, count: usize, minimal: bool) {
    let config = GeneratorConfig {
        box_size: 3,
        minimal,
    };
    let mut generator = Generator::new(seed, config).unwrap();
    let mut sat = SatSudoku::new();
    for _ in 0..count {
        let g = generator.next_puzzle();
        assert_eq!(solve_direct(&g.puzzle, 2).count(), 1, "{:?}", g.puzzle);
        let via_sat = sat.solve(&g.puzzle, 2).unwrap();
        assert_eq!(via_sat.count(), 1);
        assert_eq!(via_sat.solution(), Some(&g.solution));
        if minimal {
            // No clue can go: removing any one leaves several solutions.
            let side = g.puzzle.side();
            for cell in 0..side * side {
                let (row, col) = (cell / side, cell % side);
                if g.puzzle.get(row, col) != 0 {
                    let mut fewer = g.puzzle.clone();
                    fewer.set(row, col, 0);
                    assert_eq!(solve_direct(&fewer, 2).count(), 2);
                }
            }
        }
    }
}

#[test]
fn generated_puzzles_are_unique_both_ways() {
    check_unique(42, 20, true);
    check_unique(43, 20, false);
}

#[test]
#[ignore = "1,000 puzzles: run with --ignored (about a minute in debug)"]
fn a_thousand_generated_puzzles_are_unique_both_ways() {
    check_unique(2026, 1000, true);
}
