//! The SAT path against the direct solver on samples of every shared puzzle
//! file, or on the in-repo sample `cnf/sudoku/` where `../../../shared/sudoku`
//! is missing (saying so on stderr). Large files are sampled (every k-th
//! puzzle) to keep the debug run near ten seconds; `satoku sudoku check`
//! runs whole files.

use satoku_sudoku::{parse_puzzles, solve_direct, Answer, Puzzle, SatSudoku};

use crate::support::{self, shared_dir};

/// The puzzles of a shared file; `None` where the shared folder is absent.
fn read(name: &str) -> Option<Vec<Puzzle>> {
    let text = std::fs::read_to_string(shared_dir()?.join(name)).expect("readable");
    Some(parse_puzzles(&text).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// Without the shared files: the SAT path on the in-repo sample agrees with
/// the direct solver and with the answers recorded beside it.
fn sample_agrees(test: &str) {
    let mut sat = SatSudoku::new();
    for (p, expected) in support::repo_sample(test) {
        let what = format!("sample line {}", p.line);
        assert_eq!(agree(&mut sat, &p, 1000), expected.solutions, "{what}");
        let via_sat = sat.solve(&p.grid, 2).expect("SAT path");
        let illegal = matches!(via_sat, Answer::Illegal(_));
        assert_eq!(illegal, expected.kind == "illegal", "{what}");
        if let Some(solution) = &expected.solution {
            assert_eq!(via_sat.solution(), Some(solution), "{what}");
        }
    }
}

fn sample(puzzles: Vec<Puzzle>, max: usize) -> Vec<Puzzle> {
    let step = puzzles.len().div_ceil(max).max(1);
    puzzles.into_iter().step_by(step).collect()
}

/// SAT and direct agree on the kind of answer, the count and (when unique)
/// the solution; returns the count.
fn agree(sat: &mut SatSudoku, p: &Puzzle, limit: usize) -> usize {
    let via_sat = sat.solve(&p.grid, limit).expect("SAT path");
    let direct = solve_direct(&p.grid, limit);
    assert_eq!(
        std::mem::discriminant(&via_sat),
        std::mem::discriminant(&direct),
        "line {}",
        p.line
    );
    assert_eq!(via_sat.count(), direct.count(), "line {}", p.line);
    if let Some(s) = via_sat.solution() {
        assert!(s.solves(&p.grid), "line {}", p.line);
    }
    if direct.count() == 1 {
        assert_eq!(via_sat.solution(), direct.solution(), "line {}", p.line);
    }
    direct.count()
}

#[test]
fn nine_by_nine_samples_agree_with_the_direct_solver() {
    let mut sat = SatSudoku::new();
    for (name, max) in [
        ("tdoku_puzzles2_17_clue.txt", 300),
        ("royle_sudoku17_49151.txt", 100),
        ("tdoku_puzzles3_magictour_top1465.txt", 300),
        ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 300),
        ("norvig_top95.txt", 95),
        ("norvig_easy50.txt", 50),
        ("kaggle_1m_first10000.csv", 100),
    ] {
        let Some(puzzles) = read(name) else {
            return sample_agrees("nine_by_nine_samples_agree_with_the_direct_solver");
        };
        for p in sample(puzzles, max) {
            assert_eq!(agree(&mut sat, &p, 2), 1, "{name} line {}", p.line);
        }
    }
}

#[test]
fn multiple_invalid_and_serg_answers_through_sat() {
    let mut sat = SatSudoku::new();
    let Some(multi) = read("sudopedia_multisolution8.txt") else {
        return sample_agrees("multiple_invalid_and_serg_answers_through_sat");
    };
    let counts: Vec<usize> = multi.iter().map(|p| agree(&mut sat, p, 200)).collect();
    assert_eq!(counts, [200, 200, 200, 2, 3, 4, 10, 125]);
    let invalid = read("sudopedia_invalid7_from_rust_sudoku_crate.txt").unwrap();
    let kinds: Vec<bool> = invalid
        .iter()
        .map(|p| {
            agree(&mut sat, p, 2);
            matches!(sat.solve(&p.grid, 2).unwrap(), Answer::Illegal(_))
        })
        .collect();
    assert_eq!(kinds, [true, true, true, false, false, false, false]);
    for p in sample(read("tdoku_puzzles7_serg_benchmark.txt").unwrap(), 200) {
        assert_eq!(agree(&mut sat, &p, 2), 2);
    }
}

#[test]
fn larger_grids_through_sat() {
    let mut sat = SatSudoku::new();
    let Some(hex) = read("hex16_100.txt") else {
        return sample_agrees("larger_grids_through_sat");
    };
    for p in sample(hex, 100) {
        assert_eq!(agree(&mut sat, &p, 2), 1);
    }
    for name in [
        "grid_16x16.txt",
        "grid_16x16_b.txt",
        "grid_25x25.txt",
        "grid_25x25_b.txt",
    ] {
        let p = &read(name).unwrap()[0];
        assert_eq!(agree(&mut sat, p, 2), 1, "{name}");
    }
}
