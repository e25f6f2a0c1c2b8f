//! The rating by technique: its fields agree with the path, and the
//! generator's puzzles for a level rate at that level.

use satoku_sudoku::logic::{self, Outcome, Status, Technique};
use satoku_sudoku::{rate, rate_by_guesses, Difficulty, Generator, GeneratorConfig, Grid};

#[test]
fn the_rating_is_the_hardest_step_of_the_path() {
    let mut generator = Generator::new(
        11,
        GeneratorConfig {
            box_size: 3,
            minimal: true,
        },
    )
    .unwrap();
    for _ in 0..30 {
        let puzzle = generator.next_puzzle().puzzle;
        let path = logic::solve(&puzzle);
        let rating = rate(&puzzle);
        assert_eq!(rating.num_steps(), path.steps().len());
        let top = path.steps().iter().map(|s| s.score_tenths()).max().unwrap();
        assert_eq!(rating.score_tenths(), top);
        let hardest = rating.hardest().unwrap();
        match path.outcome() {
            Outcome::Solved(solution) => {
                assert!(solution.solves(&puzzle));
                assert_eq!(rating.grade(), hardest.grade());
                assert_eq!(rating.status(), Status::Solved);
            }
            Outcome::NeedsGuessing(_) => {
                assert!(rating.needs_guessing());
                assert_eq!(rating.grade(), Difficulty::Expert);
            }
            other => panic!("a generated puzzle ended {other:?}"),
        }
    }
}

#[test]
fn generated_levels_rate_at_their_level() {
    let config = GeneratorConfig {
        box_size: 3,
        minimal: false,
    };
    let mut generator = Generator::new(3, config).unwrap();
    for level in [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ] {
        let g = generator
            .next_with(level, 2000)
            .unwrap_or_else(|| panic!("no {level} puzzle"));
        assert_eq!(g.rating.grade(), level);
        assert_eq!(rate(&g.puzzle), g.rating);
    }
}

#[test]
fn a_puzzle_singles_cannot_open_needs_guessing_and_many_guesses() {
    let hard: Grid =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
            .parse()
            .unwrap();
    let rating = rate(&hard);
    assert!(rating.needs_guessing());
    assert_eq!((rating.num_steps(), rating.hardest()), (0, None));
    assert!(rate_by_guesses(&hard).num_guesses > 0);
    let path = logic::solve(&hard);
    let Outcome::NeedsGuessing(board) = path.outcome() else {
        panic!()
    };
    assert_eq!(board.candidates(0, 2), vec![1, 2, 4]);
    assert!(board.next_step().is_none());
}

#[test]
fn singles_alone_grade_easy_and_sixteen_by_sixteen_keeps_the_solution() {
    let easy: Grid =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
            .parse()
            .unwrap();
    let rating = rate(&easy);
    assert_eq!(rating.grade(), Difficulty::Easy);
    assert_eq!(rating.hardest(), Some(Technique::HiddenSingle));
    // 16x16: the board reached agrees with the solution, solved or not.
    let config = GeneratorConfig {
        box_size: 4,
        minimal: false,
    };
    let g = Generator::new(1, config).unwrap().next_puzzle();
    let board = match logic::solve(&g.puzzle).outcome().clone() {
        Outcome::Solved(solution) => return assert_eq!(solution, g.solution),
        Outcome::NeedsGuessing(board) => board,
        other => panic!("{other:?}"),
    };
    for row in 0..16 {
        for col in 0..16 {
            let digit = g.solution.get(row, col);
            assert!(board.digit(row, col) == digit || board.has_candidate(row, col, digit));
        }
    }
}
