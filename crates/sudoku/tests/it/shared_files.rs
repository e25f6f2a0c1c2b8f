//! Every puzzle file of `shared/sudoku` through both direct solvers.
//!
//! Runs on `../../../shared/sudoku` (from this crate) where it exists, else
//! on the in-repo sample `cnf/sudoku/` (saying so on stderr). Large files
//! are sampled to keep debug runs short.

use satoku_sudoku::{parse_puzzles, solve_direct_with, Answer, Engine, Grid, Puzzle};

use crate::support::{repo_sample, shared_dir};

/// The puzzles of a shared file; `None` where the shared folder is absent.
fn read(name: &str) -> Option<Vec<Puzzle>> {
    let text = std::fs::read_to_string(shared_dir()?.join(name)).expect("readable file");
    Some(parse_puzzles(&text).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// Without the shared files: both engines on the in-repo sample, against
/// the answers recorded beside it.
fn sample_agrees(test: &str) {
    for (p, expected) in repo_sample(test) {
        let what = format!("sample line {}", p.line);
        assert_eq!(count_both(&p, 1000), expected.solutions, "{what}");
        let kind = match solve_direct_with(&p.grid, 2, Engine::Fastest) {
            Answer::Illegal(_) => "illegal",
            Answer::NoSolution => "none",
            Answer::Solved { count: 1, .. } => "unique",
            Answer::Solved { .. } => "multiple",
        };
        assert_eq!(kind, expected.kind, "{what}");
        if let Some(solution) = &expected.solution {
            let found = solve_direct_with(&p.grid, 1, Engine::Fastest);
            assert_eq!(found.solution(), Some(solution), "{what}");
        }
    }
}

/// Every `step`-th puzzle, so that about `max` are kept.
fn sample(puzzles: Vec<Puzzle>, max: usize) -> Vec<Puzzle> {
    let step = puzzles.len().div_ceil(max).max(1);
    puzzles.into_iter().step_by(step).collect()
}

/// Both engines count to `limit`; returns the count after checking they agree
/// and that every solution keeps the givens and the rules.
fn count_both(p: &Puzzle, limit: usize) -> usize {
    let fast = solve_direct_with(&p.grid, limit, Engine::Fastest);
    let generic = solve_direct_with(&p.grid, limit, Engine::Generic);
    assert_eq!(
        fast.count(),
        generic.count(),
        "line {}: engines disagree",
        p.line
    );
    for answer in [&fast, &generic] {
        if let Some(s) = answer.solution() {
            assert!(s.solves(&p.grid), "line {}: invalid solution", p.line);
        }
    }
    if fast.count() == 1 {
        assert_eq!(fast.solution(), generic.solution(), "line {}", p.line);
    }
    fast.count()
}

#[test]
fn unique_nine_by_nine_files_solve_the_same_both_ways() {
    let files = [
        ("tdoku_puzzles2_17_clue.txt", 49_158, 600),
        ("royle_sudoku17_49151.txt", 49_151, 300),
        ("tdoku_puzzles3_magictour_top1465.txt", 1_465, 400),
        ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 48_766, 300),
        ("norvig_top95.txt", 95, 95),
        ("norvig_easy50.txt", 50, 50),
    ];
    for (name, total, max) in files {
        let Some(puzzles) = read(name) else {
            return sample_agrees("unique_nine_by_nine_files_solve_the_same_both_ways");
        };
        assert_eq!(puzzles.len(), total, "{name}");
        for p in sample(puzzles, max) {
            assert_eq!(count_both(&p, 2), 1, "{name} line {}", p.line);
        }
    }
}

#[test]
fn fast_path_solves_every_unique_puzzle_of_the_big_files() {
    for name in [
        "tdoku_puzzles2_17_clue.txt",
        "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    ] {
        let Some(puzzles) = read(name) else {
            return sample_agrees("fast_path_solves_every_unique_puzzle_of_the_big_files");
        };
        for p in puzzles {
            let answer = solve_direct_with(&p.grid, 2, Engine::Fastest);
            assert_eq!(answer.count(), 1, "{name} line {}", p.line);
            assert!(answer.solution().unwrap().solves(&p.grid));
        }
    }
}

#[test]
fn kaggle_solutions_match_the_csv_column() {
    let Some(dir) = shared_dir() else {
        return sample_agrees("kaggle_solutions_match_the_csv_column");
    };
    let text = std::fs::read_to_string(dir.join("kaggle_1m_first10000.csv")).unwrap();
    let puzzles = parse_puzzles(&text).unwrap();
    assert_eq!(puzzles.len(), 10_000);
    let lines: Vec<&str> = text.lines().collect();
    for p in sample(puzzles, 500) {
        let expected: Grid = lines[p.line - 1]
            .split(',')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(count_both(&p, 2), 1);
        assert_eq!(
            solve_direct_with(&p.grid, 1, Engine::Fastest).solution(),
            Some(&expected)
        );
    }
}

#[test]
fn multi_solution_counts_are_exact() {
    let Some(puzzles) = read("sudopedia_multisolution8.txt") else {
        return sample_agrees("multi_solution_counts_are_exact");
    };
    let counts: Vec<usize> = puzzles.iter().map(|p| count_both(p, 1000)).collect();
    assert_eq!(counts, [1000, 1000, 1000, 2, 3, 4, 10, 125]);
}

#[test]
fn invalid_puzzles_are_three_illegal_and_four_unsolvable() {
    let Some(puzzles) = read("sudopedia_invalid7_from_rust_sudoku_crate.txt") else {
        return sample_agrees("invalid_puzzles_are_three_illegal_and_four_unsolvable");
    };
    let answers: Vec<&str> = puzzles
        .iter()
        .map(|p| {
            count_both(p, 2);
            match solve_direct_with(&p.grid, 2, Engine::Fastest) {
                Answer::Illegal(_) => "illegal",
                Answer::NoSolution => "none",
                Answer::Solved { .. } => "solved",
            }
        })
        .collect();
    assert_eq!(
        answers,
        ["illegal", "illegal", "illegal", "none", "none", "none", "none"]
    );
}

#[test]
fn serg_benchmark_puzzles_all_have_several_solutions() {
    let Some(puzzles) = read("tdoku_puzzles7_serg_benchmark.txt") else {
        return sample_agrees("serg_benchmark_puzzles_all_have_several_solutions");
    };
    assert_eq!(puzzles.len(), 10_000);
    for p in &puzzles {
        let answer = solve_direct_with(&p.grid, 2, Engine::Fastest);
        assert_eq!(answer.count(), 2, "line {}", p.line);
    }
    for p in sample(puzzles, 300) {
        assert_eq!(count_both(&p, 2), 2);
    }
}

#[test]
fn larger_grids_are_unique_and_match_their_solutions() {
    let Some(hex) = read("hex16_100.txt") else {
        return sample_agrees("larger_grids_are_unique_and_match_their_solutions");
    };
    assert_eq!(hex.len(), 100);
    for p in &hex {
        assert_eq!(p.grid.side(), 16);
        assert_eq!(count_both(p, 2), 1, "hex16 line {}", p.line);
    }
    for (puzzle, solution) in [
        ("grid_16x16.txt", Some("grid_16x16s.txt")),
        ("grid_25x25.txt", Some("grid_25x25s.txt")),
        ("grid_16x16_b.txt", None),
        ("grid_25x25_b.txt", None),
    ] {
        let p = &read(puzzle).unwrap()[0];
        assert_eq!(count_both(p, 2), 1, "{puzzle}");
        if let Some(s) = solution {
            let expected = &read(s).unwrap()[0].grid;
            assert_eq!(
                solve_direct_with(&p.grid, 1, Engine::Fastest).solution(),
                Some(expected)
            );
        }
    }
}
