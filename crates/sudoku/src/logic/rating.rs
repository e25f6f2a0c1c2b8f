//! The rating of a path: the hardest technique it needed, its Sudoku
//! Explainer score, the grade of that technique's family, the step count,
//! and whether the techniques ran out before the end.

use std::fmt;

use crate::logic::{Outcome, Path, Technique};
use crate::Difficulty;

/// How a logical solve ended, for a rating.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// Solved by the techniques alone.
    Solved,
    /// The techniques ran out: a guess is needed.
    NeedsGuessing,
    /// The techniques proved there is no solution.
    NoSolution,
    /// The givens break a rule.
    Illegal,
}

/// A puzzle's difficulty by technique.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rating {
    grade: Difficulty,
    score_tenths: u8,
    hardest: Option<Technique>,
    num_steps: usize,
    status: Status,
}

impl Rating {
    /// The rating of a path: the grade of its hardest technique (expert
    /// when guessing is needed), the highest step score.
    pub fn of_path(path: &Path) -> Rating {
        let hardest_step = path
            .steps()
            .iter()
            .max_by_key(|s| (s.score_tenths(), s.technique()));
        let status = match path.outcome() {
            Outcome::Solved(_) => Status::Solved,
            Outcome::NeedsGuessing(_) => Status::NeedsGuessing,
            Outcome::NoSolution(_) => Status::NoSolution,
            Outcome::Illegal(_) => Status::Illegal,
        };
        let hardest = hardest_step.map(|s| s.technique());
        let grade = match status {
            Status::NeedsGuessing => Difficulty::Expert,
            _ => hardest.map_or(Difficulty::Easy, Technique::grade),
        };
        Rating {
            grade,
            score_tenths: hardest_step.map_or(0, |s| s.score_tenths()),
            hardest,
            num_steps: path.steps().len(),
            status,
        }
    }

    /// Easy (singles), medium (locked candidates, subsets), hard (fish,
    /// wings) or expert (chains, or guessing needed).
    pub fn grade(&self) -> Difficulty {
        self.grade
    }

    /// The Sudoku Explainer score of the hardest step, in tenths (0 for a
    /// puzzle with nothing to deduce).
    pub fn score_tenths(&self) -> u8 {
        self.score_tenths
    }

    /// The hardest technique used, if any.
    pub fn hardest(&self) -> Option<Technique> {
        self.hardest
    }

    /// The number of steps.
    pub fn num_steps(&self) -> usize {
        self.num_steps
    }

    /// How the solve ended.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The techniques ran out before the end.
    pub fn needs_guessing(&self) -> bool {
        self.status == Status::NeedsGuessing
    }
}

impl fmt::Display for Rating {
    /// `hard 4.2 XY-Wing 57 steps`, with `needs guessing` where it applies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hardest = self.hardest.map_or("none", Technique::name);
        write!(
            f,
            "{} {}.{} {} {} steps",
            self.grade,
            self.score_tenths / 10,
            self.score_tenths % 10,
            hardest,
            self.num_steps
        )?;
        match self.status {
            Status::Solved => Ok(()),
            Status::NeedsGuessing => f.write_str(" needs guessing"),
            Status::NoSolution => f.write_str(" no solution"),
            Status::Illegal => f.write_str(" illegal"),
        }
    }
}
