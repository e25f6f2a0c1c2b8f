//! Unit tests of the SAT path: agreement with the direct solver, the
//! simplified formula's models, and counting.

use super::*;
use crate::solve_direct as direct;
use satoku_solver::SolveResult;

#[test]
fn agrees_with_the_direct_solver() {
    let puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..",
        "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
        "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........",
    ];
    for p in puzzles {
        let grid: Grid = p.parse().unwrap();
        for encoding in [Encoding::Extended, Encoding::Minimal] {
            let via_sat = SatSudoku::new().solve_with(&grid, 10, encoding).unwrap();
            let via_direct = direct(&grid, 10);
            assert_eq!(via_sat.count(), via_direct.count(), "{p}");
            assert_eq!(
                std::mem::discriminant(&via_sat),
                std::mem::discriminant(&via_direct)
            );
            if via_direct.count() == 1 {
                assert_eq!(via_sat.solution(), via_direct.solution());
            }
        }
    }
}

#[test]
fn the_simplified_formula_has_the_full_formula_s_models() {
    let grid: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    for encoding in [Encoding::Extended, Encoding::Minimal] {
        let mut solver = Solver::new(SolverConfig::default());
        load(&mut solver, &grid, encoding);
        let SolveResult::Sat(model) = solver.solve() else {
            panic!("sat")
        };
        assert!(model.satisfies(&crate::encode(&grid, encoding)));
    }
}

#[test]
fn session_and_one_shot_agree() {
    for p in [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
    ] {
        let grid: Grid = p.parse().unwrap();
        let once = solve_once(&grid, 10, Encoding::Extended).unwrap();
        let quick = SatSudoku::new().solve(&grid, 10).unwrap();
        assert_eq!(quick.count(), once.count(), "{p}");
        if once.count() == 1 {
            assert_eq!(quick.solution(), once.solution(), "{p}");
        }
    }
}

#[test]
fn counts_every_small_grid_solution() {
    let empty = Grid::empty(2).unwrap();
    assert_eq!(SatSudoku::new().solve(&empty, 1000).unwrap().count(), 288);
    let full = direct(&empty, 1).solution().unwrap().clone();
    assert_eq!(
        SatSudoku::new()
            .solve_with(&full, 5, Encoding::Minimal)
            .unwrap()
            .count(),
        1
    );
}

#[test]
fn one_value_solves_every_size_and_encoding() {
    let mut sat = SatSudoku::new();
    let nine: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let four = Grid::empty(2).unwrap();
    for _ in 0..2 {
        for encoding in [Encoding::Extended, Encoding::Minimal] {
            assert_eq!(sat.solve_with(&nine, 2, encoding).unwrap().count(), 1);
            assert_eq!(sat.solve_with(&four, 5, encoding).unwrap().count(), 5);
        }
    }
    assert_eq!(sat.sessions.len(), 4);
}
