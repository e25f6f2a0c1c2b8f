use super::*;
use satoku_sudoku::{logic, solve_direct};

/// An easy puzzle (examples/sudoku.txt, the first).
const EASY: &str =
    "69..8..4..21.69.784...3...1..21.4.3..4.9.......9.5......63.....9...15.62.18.9.3..";

fn params(text: &str) -> HintParams {
    let grid: Grid = text.parse().unwrap();
    HintParams {
        grid: JsGrid::of(&grid),
        givens: None,
        candidates: None,
    }
}

#[test]
fn the_step_is_the_explainers_first() {
    let hint = hint(&params(EASY)).unwrap().unwrap();
    let path = logic::solve(&EASY.parse().unwrap());
    let first = &path.steps()[0];
    let Hint::Step {
        sentence,
        highlight,
        placements,
        ..
    } = hint
    else {
        panic!("expected a step, got {hint:?}");
    };
    assert_eq!(sentence, first.to_string());
    let cells: Vec<usize> = first.cells().iter().map(|&c| cell_index(9, c)).collect();
    assert_eq!(highlight, cells);
    let p = first.placements()[0];
    assert_eq!(
        placements,
        [Placement {
            cell: cell_index(9, (p.row, p.col)),
            digit: p.digit
        }]
    );
}

/// The 16x16 sample of cnf/sudoku/puzzles.txt (line 8), written 1-9A-G.
const SIXTEEN: &str = "1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C8C7E.69..F.....D...D..........2...A.G8C....7E.1426.G4....57F.A...B..........8...F.....B..3A.42E1A.4C.5...E6.7.3........3D.C5.7B2....9..1GB.63.4.C...2.........6.....8FD.3....9.E";

#[test]
fn sentences_name_digits_as_the_grid_shows_them() {
    let grid = &satoku_sudoku::parse_puzzles(SIXTEEN).unwrap()[0].grid;
    let mut p = HintParams {
        grid: JsGrid::of(grid),
        givens: None,
        candidates: None,
    };
    let Some(Hint::Step { sentence, .. }) = hint(&p).unwrap() else {
        panic!("expected a step");
    };
    assert_eq!(
        sentence,
        "Hidden single: in box 1, A fits only r2c4, so r2c4 = A"
    );
    // r1c2 gets the D of r1c3.
    p.grid.cells[1] = 13;
    let Some(Hint::Mistake { sentence, .. }) = hint(&p).unwrap() else {
        panic!("expected a mistake");
    };
    assert_eq!(sentence, "Mistake: row 1 has D twice, at r1c2 and r1c3.");
}

#[test]
fn a_solved_grid_needs_no_hint() {
    let grid: Grid = EASY.parse().unwrap();
    let solution = solve_direct(&grid, 1).solution().unwrap().clone();
    let mut p = params(EASY);
    p.grid = JsGrid::of(&solution);
    assert_eq!(hint(&p).unwrap(), None);
}

#[test]
fn a_broken_rule_comes_first() {
    let mut p = params(EASY);
    // r1c3 gets the 6 of r1c1.
    p.grid.cells[2] = 6;
    let Some(Hint::Mistake { cells, sentence }) = hint(&p).unwrap() else {
        panic!("expected a mistake");
    };
    assert_eq!(cells, [0, 2]);
    assert_eq!(sentence, "Mistake: row 1 has 6 twice, at r1c1 and r1c3.");
}

#[test]
fn a_digit_off_the_solution_is_a_mistake_given_the_givens() {
    let grid: Grid = EASY.parse().unwrap();
    let solution = solve_direct(&grid, 1).solution().unwrap().clone();
    let open = (0..81).find(|&i| grid.cells()[i] == 0).unwrap();
    let mut p = params(EASY);
    let wrong = (1..=9)
        .find(|&d| {
            let mut cells = grid.cells().to_vec();
            cells[open] = d;
            d != solution.cells()[open] && Grid::from_cells(3, cells).unwrap().is_legal()
        })
        .unwrap();
    p.grid.cells[open] = wrong;
    p.givens = Some(grid.cells().to_vec());
    let Some(Hint::Mistake { cells, .. }) = hint(&p).unwrap() else {
        panic!("expected a mistake");
    };
    assert_eq!(cells, [open]);
}

#[test]
fn pencil_marks_narrow_the_candidates_and_wrong_ones_are_mistakes() {
    let grid: Grid = EASY.parse().unwrap();
    let solution = solve_direct(&grid, 1).solution().unwrap().clone();
    let open = (0..81).find(|&i| grid.cells()[i] == 0).unwrap();
    // Pencil marks holding only the solution's digit: a naked single there.
    let mut lists = vec![Vec::new(); 81];
    lists[open] = vec![solution.cells()[open]];
    let mut p = params(EASY);
    p.candidates = Some(lists.clone());
    let Some(Hint::Step { placements, .. }) = hint(&p).unwrap() else {
        panic!("expected a step");
    };
    assert_eq!(placements.len(), 1);
    // Marks leaving the digit out, with the givens known: a mistake.
    lists[open] = vec![(solution.cells()[open] % 9) + 1];
    p.candidates = Some(lists);
    p.givens = Some(grid.cells().to_vec());
    let Some(Hint::Mistake { cells, .. }) = hint(&p).unwrap() else {
        panic!("expected a mistake");
    };
    assert_eq!(cells, [open]);
}

#[test]
fn an_empty_grid_needs_a_guess() {
    let p = HintParams {
        grid: JsGrid {
            size: 9,
            cells: vec![0; 81],
        },
        givens: None,
        candidates: None,
    };
    assert!(matches!(hint(&p).unwrap(), Some(Hint::Guess { .. })));
}

#[test]
fn bad_candidates_and_sizes_are_errors() {
    let mut p = params(EASY);
    p.candidates = Some(vec![Vec::new(); 80]);
    assert!(hint(&p).is_err());
    let mut p = params(EASY);
    p.grid.size = 7;
    assert!(hint(&p).is_err());
}

#[test]
fn the_area_is_the_cells_of_the_steps_units() {
    assert_eq!(unit_cells(&[Unit::Row(1)], 4), [4, 5, 6, 7]);
    assert_eq!(unit_cells(&[Unit::Col(2)], 4), [2, 6, 10, 14]);
    assert_eq!(unit_cells(&[Unit::Block(3)], 4), [10, 11, 14, 15]);
    assert_eq!(
        unit_cells(&[Unit::Block(4)], 9),
        [30, 31, 32, 39, 40, 41, 48, 49, 50]
    );
    // A row and a box that cross share their cells once.
    assert_eq!(
        unit_cells(&[Unit::Row(0), Unit::Block(0)], 4),
        [0, 1, 2, 3, 4, 5]
    );
}

#[test]
fn a_hidden_singles_area_is_its_unit() {
    let hint = hint(&params(EASY)).unwrap().unwrap();
    let path = logic::solve(&EASY.parse().unwrap());
    let first = &path.steps()[0];
    let Hint::Step { area, .. } = hint else {
        panic!("expected a step, got {hint:?}");
    };
    assert_eq!(first.units().len(), 1, "{first}");
    assert_eq!(area, unit_cells(first.units(), 9));
    assert_eq!(area.len(), 9);
    let p = first.placements()[0];
    assert!(area.contains(&cell_index(9, (p.row, p.col))));
}

/// A sample puzzle played on by singles up to its first elimination.
const LOCKED: &str =
    ".2.437968..82...75...5.8.21.839261..4197532862.68...398..3756.23..68....6..1..8.3";

/// The JSON `hint` request for `game`, as web/app/hint.js sends it.
fn request(game: &Game) -> String {
    let side = game.side();
    let candidates: Vec<Vec<u8>> = (game.cells().iter())
        .map(|c| match c.digit() {
            0 => c.marks().digits().collect(),
            d => vec![d],
        })
        .collect();
    serde_json::json!({
        "size": side,
        "cells": game.grid().cells(),
        "givens": game.puzzle().cells(),
        "candidates": candidates,
    })
    .to_string()
}

#[test]
fn the_json_hint_is_the_librarys_and_follows_the_marks() {
    let mut game = Game::new(LOCKED.parse().unwrap(), DEFAULT_ALPHABET);
    game.auto_candidates();
    let mut seen = Vec::new();
    for _ in 0..2 {
        let play::Hint::Step(step) = play::hint(&game) else {
            panic!("expected a step");
        };
        let answer: serde_json::Value =
            serde_json::from_str(&crate::call("hint", &request(&game)).unwrap()).unwrap();
        assert_eq!(answer["kind"], "step");
        assert_eq!(answer["sentence"], step.to_string());
        let json = serde_json::to_value(step_hint(&step, 9)).unwrap();
        assert_eq!(answer, json);
        assert!(!seen.contains(&answer), "a hint came twice: {answer}");
        seen.push(answer);
        // The player removes the marks the step eliminates, or fills its digits.
        for c in step.eliminations() {
            game.toggle_mark(c.row, c.col, c.digit).unwrap();
        }
        for c in step.placements() {
            game.fill(c.row, c.col, c.digit).unwrap();
        }
    }
    assert!(seen[0]["eliminations"]
        .as_array()
        .is_some_and(|e| !e.is_empty()));
}

#[test]
fn marks_that_are_no_digits_are_errors() {
    let mut p = params(EASY);
    let mut lists = vec![Vec::new(); 81];
    lists[2] = vec![0];
    p.candidates = Some(lists.clone());
    assert!(hint(&p).is_err());
    lists[2] = vec![10];
    p.candidates = Some(lists);
    assert!(hint(&p).is_err());
}
