//! Puzzles in and out: reading a puzzle file's text, rating a grid by the
//! techniques it needs, and generating a puzzle by difficulty and seed.

use satoku_sudoku::logic::{self, Status};
use satoku_sudoku::{parse_puzzles, Difficulty, Generator, GeneratorConfig, DEFAULT_ALPHABET};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::grid::JsGrid;

/// Puzzles made per puzzle asked for before giving up on a difficulty (as
/// `satoku sudoku generate`).
pub const MAX_TRIES: usize = 2000;

/// The answer of `parsePuzzle`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Parsed {
    /// The first puzzle.
    #[serde(flatten)]
    pub grid: JsGrid,
    /// Puzzles in the text.
    pub count: usize,
}

/// Reads the first puzzle of `text`, in any format the CLI reads; givens
/// that break a rule are refused, as `satoku sudoku play` refuses them.
pub fn parse_puzzle(text: &str) -> Result<Parsed> {
    let puzzles = parse_puzzles(text)?;
    let first = puzzles
        .first()
        .ok_or_else(|| Error::Invalid("no puzzle in the text".into()))?;
    if let Some(conflict) = first.grid.first_conflict() {
        return Err(Error::Invalid(format!(
            "line {}: illegal givens: {}",
            first.line,
            conflict.in_symbols(DEFAULT_ALPHABET)
        )));
    }
    Ok(Parsed {
        grid: JsGrid::of(&first.grid),
        count: puzzles.len(),
    })
}

/// The answer of `rate`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rated {
    /// easy, medium, hard or expert.
    pub grade: &'static str,
    /// The Sudoku Explainer score of the hardest step (e.g. 4.2).
    pub score: f64,
    /// The hardest technique used, if any.
    pub hardest: Option<&'static str>,
    /// The number of steps.
    pub steps: usize,
    /// solved, needs guessing, no solution or illegal.
    pub status: &'static str,
}

/// Rates a grid by the techniques its logical solve needs.
pub fn rate(grid: &JsGrid) -> Result<Rated> {
    let rating = logic::rate(&grid.to_grid()?);
    Ok(Rated {
        grade: rating.grade().name(),
        score: f64::from(rating.score_tenths()) / 10.0,
        hardest: rating.hardest().map(|t| t.name()),
        steps: rating.num_steps(),
        status: match rating.status() {
            Status::Solved => "solved",
            Status::NeedsGuessing => "needs guessing",
            Status::NoSolution => "no solution",
            Status::Illegal => "illegal",
        },
    })
}

/// The parameters of `generate`.
#[derive(Deserialize)]
pub struct GenerateParams {
    /// easy, medium, hard or expert (as `satoku sudoku generate
    /// --difficulty`); absent for any.
    #[serde(default)]
    pub difficulty: Option<String>,
    /// The seed: the same seed gives the same puzzle.
    pub seed: u64,
    /// The side, 4, 9 or 16 (default 9).
    #[serde(default)]
    pub size: Option<usize>,
}

/// The answer of `generate`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Generated {
    /// The puzzle (a unique solution).
    #[serde(flatten)]
    pub grid: JsGrid,
    /// Its grade.
    pub grade: &'static str,
    /// Its score.
    pub score: f64,
}

/// Generates a unique puzzle of a difficulty from a seed.
pub fn generate(params: &GenerateParams) -> Result<Generated> {
    let box_size = match params.size.unwrap_or(9) {
        4 => 2,
        9 => 3,
        16 => 4,
        other => {
            return Err(Error::Invalid(format!(
                "generate makes 4x4, 9x9 or 16x16 puzzles, not size {other}"
            )))
        }
    };
    let config = GeneratorConfig {
        box_size,
        minimal: false,
    };
    let mut generator = Generator::new(params.seed, config)?;
    let made = match &params.difficulty {
        None => generator.next_puzzle(),
        Some(name) => {
            let level: Difficulty = name.parse().map_err(Error::Invalid)?;
            generator.next_with(level, MAX_TRIES).ok_or_else(|| {
                Error::Invalid(format!(
                    "no {level} puzzle in {MAX_TRIES} tries from seed {}; try another seed or level",
                    params.seed
                ))
            })?
        }
    };
    Ok(Generated {
        grid: JsGrid::of(&made.puzzle),
        grade: made.rating.grade().name(),
        score: f64::from(made.rating.score_tenths()) / 10.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_sudoku::{solve_direct, Grid};

    #[test]
    fn the_first_puzzle_and_the_count() {
        let text = "# two\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
                    ..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..\n";
        let parsed = parse_puzzle(text).unwrap();
        assert_eq!((parsed.grid.size, parsed.count), (9, 2));
        assert_eq!(parsed.grid.cells[0], 4);
    }

    #[test]
    fn givens_that_break_a_rule_are_refused() {
        // Line 7 of cnf/sudoku/puzzles.txt: two 5s in box 5.
        let text = "# illegal\n..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87\n";
        let err = parse_puzzle(text).unwrap_err().to_string();
        assert!(err.starts_with("line 2: illegal givens: "), "{err}");
        assert!(err.contains(" has 5 twice"), "{err}");
    }

    #[test]
    fn bad_text_names_its_line() {
        let err = parse_puzzle("# c\n12x4\n").unwrap_err().to_string();
        assert!(err.starts_with("line 2:"), "{err}");
        assert!(parse_puzzle("# nothing\n").is_err());
    }

    #[test]
    fn generated_puzzles_are_unique_and_rated_at_their_level() {
        let params = GenerateParams {
            difficulty: Some("medium".into()),
            seed: 7,
            size: None,
        };
        let made = generate(&params).unwrap();
        assert_eq!(made.grade, "medium");
        let grid: Grid = made.grid.to_grid().unwrap();
        assert_eq!(solve_direct(&grid, 2).count(), 1);
        assert_eq!(generate(&params).unwrap(), made);
        let rated = rate(&made.grid).unwrap();
        assert_eq!((rated.grade, rated.score), ("medium", made.score));
        assert_eq!(rated.status, "solved");
    }

    #[test]
    fn bad_levels_and_sizes_are_errors() {
        let bad = |difficulty: &str, size| {
            generate(&GenerateParams {
                difficulty: Some(difficulty.into()),
                seed: 1,
                size: Some(size),
            })
            .unwrap_err()
            .to_string()
        };
        assert!(bad("impossible", 9).contains("unknown difficulty"));
        assert!(bad("easy", 25).contains("not size 25"));
        let wrong = JsGrid {
            size: 16,
            cells: vec![0; 81],
        };
        assert!(rate(&wrong).is_err());
    }
}
