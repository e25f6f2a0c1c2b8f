//! Difficulty levels, and the older measure of a puzzle: how much guessing
//! the generic solver needs. The rating by technique, which the generator
//! and the CLI use, is [`crate::logic::rate`]; the level of a technique is
//! [`crate::logic::Technique::grade`].
//!
//! [`rate_by_guesses`] runs the generic direct solver (naked and hidden singles and
//! locked candidates, then fewest-options branching) to prove the solution unique (count to 2) and
//! counts its branch points, `num_guesses`:
//!
//! | difficulty | guesses |
//! |---|---|
//! | easy | 0: singles and locked candidates alone solve it |
//! | medium | 1 to 3 |
//! | hard | 4 to 20 |
//! | expert | more than 20 |

use std::fmt;
use std::str::FromStr;

use crate::{generic, Grid};

/// A difficulty level: by technique (see [`crate::logic::Technique::grade`])
/// or by guess count (see the module table).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Difficulty {
    /// Singles suffice (no guess).
    Easy,
    /// Locked candidates and subsets (1 to 3 guesses).
    Medium,
    /// Fish and wings (4 to 20 guesses).
    Hard,
    /// Chains, or guessing (more than 20 guesses).
    Expert,
}

impl Difficulty {
    /// The level of a guess count.
    pub fn of_guesses(num_guesses: usize) -> Difficulty {
        match num_guesses {
            0 => Difficulty::Easy,
            1..=3 => Difficulty::Medium,
            4..=20 => Difficulty::Hard,
            _ => Difficulty::Expert,
        }
    }

    /// Every level, easiest first, with its lower-case name (the one table
    /// that `name`, `Display` and `FromStr` read).
    const NAMES: [(Difficulty, &'static str); 4] = [
        (Difficulty::Easy, "easy"),
        (Difficulty::Medium, "medium"),
        (Difficulty::Hard, "hard"),
        (Difficulty::Expert, "expert"),
    ];

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize].1
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;
    /// A level's name, in any case.
    fn from_str(s: &str) -> Result<Difficulty, String> {
        Self::NAMES
            .iter()
            .find(|(_, name)| name.eq_ignore_ascii_case(s))
            .map(|&(level, _)| level)
            .ok_or_else(|| format!("unknown difficulty '{s}' (easy, medium, hard, expert)"))
    }
}

/// A puzzle's rating by guesses.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GuessRating {
    /// Branch points of the generic solver's search to two solutions.
    pub num_guesses: usize,
    /// The level of `num_guesses`.
    pub difficulty: Difficulty,
}

/// Rates `puzzle` by the guesses of the generic solver (see the module docs).
pub fn rate_by_guesses(puzzle: &Grid) -> GuessRating {
    let num_guesses = generic::search(puzzle, 2).num_guesses;
    GuessRating {
        num_guesses,
        difficulty: Difficulty::of_guesses(num_guesses),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_any_case() {
        for (level, name) in Difficulty::NAMES {
            assert_eq!(level.name(), name);
            assert_eq!(level.to_string(), name);
            assert_eq!(name.to_uppercase().parse::<Difficulty>(), Ok(level));
        }
        assert!("extreme".parse::<Difficulty>().is_err());
    }

    #[test]
    fn easy_needs_no_guess_and_hard_needs_many() {
        let easy: Grid =
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
                .parse()
                .unwrap();
        assert_eq!(
            rate_by_guesses(&easy),
            GuessRating {
                num_guesses: 0,
                difficulty: Difficulty::Easy
            }
        );
        let hard: Grid =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
                .parse()
                .unwrap();
        assert!(rate_by_guesses(&hard).difficulty >= Difficulty::Medium);
        assert_eq!("Hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
    }
}
