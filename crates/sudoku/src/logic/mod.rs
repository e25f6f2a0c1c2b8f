//! A logical solver that explains: it solves as a person does, one step at
//! a time, always with the simplest technique that makes progress, and each
//! step says why in one sentence.
//!
//! | item | what it is |
//! |---|---|
//! | [`Board`] | a grid with its candidates; [`Board::next_step`], [`Board::apply`] |
//! | [`Step`], [`Candidate`] | one deduction as data: technique, justification, placements, eliminations |
//! | [`Technique`] | the techniques, easiest first, with their Sudoku Explainer scores |
//! | [`solve`], [`Path`], [`Outcome`] | every step from the givens to the end |
//! | [`rate`], [`Rating`], [`Status`] | grade, score, hardest technique, step count |
//!
//! Techniques are tried singles first (a puzzle that singles solve is easy,
//! whatever else could apply on the way), then in the order of their Sudoku
//! Explainer score (the scale people know): hidden single 1.2 (block) / 1.5
//! (line), naked single 2.3, pointing 1.7, claiming 1.9, naked pair 3.0, X-Wing 3.2, hidden
//! pair 3.4, naked triple 3.6, Swordfish 3.8, hidden triple 4.0, XY-Wing
//! 4.2, XYZ-Wing 4.4, naked quad 5.0, Jellyfish 5.2, hidden quad 5.4,
//! X-chain 6.6, XY-chain 7.0. Every technique works on every size from 4x4
//! to 25x25. Candidates are bitmasks (bit `d - 1` for digit `d`).
//!
//! ```
//! use satoku_sudoku::logic::{self, Outcome, Technique};
//! use satoku_sudoku::{Difficulty, Grid};
//!
//! let puzzle: Grid = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
//!     .parse()
//!     .unwrap();
//! let path = logic::solve(&puzzle);
//! assert!(matches!(path.outcome(), Outcome::Solved(_)));
//! let first = &path.steps()[0];
//! assert_eq!(first.technique(), Technique::HiddenSingle);
//! println!("{first}"); // Hidden single: in box 1, ... fits only ..., so ...
//!
//! let rating = logic::rate(&puzzle);
//! assert_eq!(rating.grade(), Difficulty::Easy);
//! ```

mod board;
mod chains;
mod fish;
mod geometry;
mod locked;
mod mask;
mod rating;
mod singles;
mod step;
mod subsets;
mod technique;
mod wings;

pub use board::Board;
pub use rating::{Rating, Status};
pub use step::{Candidate, Step};
pub use technique::Technique;

use crate::{Conflict, Grid};

/// A technique's search: the first step it finds on a board.
type Finder = fn(&Board) -> Option<Step>;

/// The techniques in the order they are tried: singles first, then by score.
const FINDERS: [Finder; 17] = [
    singles::hidden_single,
    singles::naked_single,
    locked::pointing,
    locked::claiming,
    subsets::naked_pair,
    fish::x_wing,
    subsets::hidden_pair,
    subsets::naked_triple,
    fish::swordfish,
    subsets::hidden_triple,
    wings::xy_wing,
    wings::xyz_wing,
    subsets::naked_quad,
    fish::jellyfish,
    subsets::hidden_quad,
    chains::x_chain,
    chains::xy_chain,
];

/// The first step of the easiest technique that makes progress.
fn find_step(board: &Board) -> Option<Step> {
    FINDERS.iter().find_map(|find| find(board))
}

/// How a logical solve ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Every cell filled.
    Solved(Grid),
    /// No technique makes progress: the board reached.
    NeedsGuessing(Board),
    /// The steps showed there is no solution: the board reached.
    NoSolution(Board),
    /// The givens break a rule.
    Illegal(Conflict),
}

/// The steps of a logical solve and how it ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Path {
    steps: Vec<Step>,
    outcome: Outcome,
}

impl Path {
    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How it ended.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}

/// Solves `puzzle` step by step, each time with the simplest technique
/// that makes progress, until it is solved, broken or stuck.
pub fn solve(puzzle: &Grid) -> Path {
    let mut board = match Board::new(puzzle) {
        Ok(board) => board,
        Err(conflict) => {
            return Path {
                steps: Vec::new(),
                outcome: Outcome::Illegal(conflict),
            }
        }
    };
    // About one step per open cell: singles place one digit each.
    let mut steps = Vec::with_capacity(puzzle.cells().iter().filter(|&&d| d == 0).count());
    // Pushed before it is applied, so the step is moved once, into the path.
    while let Some(step) = board.next_step() {
        steps.push(step);
        board.apply(steps.last().expect("just pushed"));
    }
    let outcome = if board.is_solved() {
        Outcome::Solved(board.grid())
    } else if board.is_broken() {
        Outcome::NoSolution(board)
    } else {
        Outcome::NeedsGuessing(board)
    };
    Path { steps, outcome }
}

/// Rates `puzzle` by the techniques its logical solve needs.
pub fn rate(puzzle: &Grid) -> Rating {
    Rating::of_path(&solve(puzzle))
}
