//! `satoku sudoku generate`: unique puzzles from a seed, one line each.

use crate::counted::counted;
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use itertools::Itertools;
use satoku_sudoku::{
    Difficulty, Generator, GeneratorConfig, DEFAULT_ALPHABET, MAX_MINIMAL_BOX_SIZE,
};

use crate::exit::BadInput;

/// Arguments of `satoku sudoku generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    puzzles: usize,
    /// Random seed: the same seed and options give the same puzzles.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Grid side: 4, 9, 16 or 25.
    #[arg(long, value_name = "SIDE", default_value_t = 9)]
    size: usize,
    /// Remove clues until none can go (grids up to 16x16).
    #[arg(long)]
    minimal: bool,
    /// Only puzzles of this difficulty: easy, medium, hard or expert
    /// (by the hardest technique a person needs; see docs/sudoku-logic.md).
    #[arg(long, value_name = "LEVEL")]
    difficulty: Option<Difficulty>,
}

/// Puzzles tried per puzzle wanted before giving up on a difficulty.
const MAX_TRIES: usize = 2000;

/// The failure of a difficulty not reached in [`MAX_TRIES`] tries, naming
/// the flags to change.
fn not_found(args: &GenerateArgs, level: Difficulty, number: usize) -> anyhow::Error {
    let mut tips = Vec::new();
    if let Some(lower) = lower_level(level) {
        tips.push(format!("a lower level (--difficulty {lower})"));
    }
    if !args.minimal && args.size <= MAX_MINIMAL_BOX_SIZE.pow(2) {
        tips.push("--minimal (fewer clues, harder puzzles)".to_string());
    }
    if args.size == 4 {
        tips.push("a larger grid (--size 9)".to_string());
    }
    tips.push(format!("another seed (--seed {})", args.seed + 1));
    if number > 1 {
        tips.push(format!("fewer puzzles (--puzzles {})", number - 1));
    }
    anyhow::anyhow!(
        "no {level} {side}x{side} puzzle in {MAX_TRIES} tries (puzzle {number} of {total}); try {tips}",
        side = args.size,
        total = args.puzzles,
        tips = tips.join(", or ")
    )
}

/// The next easier level.
fn lower_level(level: Difficulty) -> Option<Difficulty> {
    match level {
        Difficulty::Expert => Some(Difficulty::Hard),
        Difficulty::Hard => Some(Difficulty::Medium),
        Difficulty::Medium => Some(Difficulty::Easy),
        Difficulty::Easy => None,
    }
}

pub fn run(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    let box_size = match args.size {
        4 => 2,
        9 => 3,
        16 => 4,
        25 => 5,
        n => return Err(BadInput(format!("--size {n}: use 4, 9, 16 or 25")).into()),
    };
    let config = GeneratorConfig {
        box_size,
        minimal: args.minimal,
    };
    // A minimal 25x25 puzzle is refused here, before any work: it would
    // run for hours without a word.
    let mut generator = Generator::new(args.seed, config)
        .map_err(|e| BadInput(format!("--size {} --minimal: {e}", args.size)))?;
    let mut out = crate::stdout::Writer;
    let mut levels: BTreeMap<Difficulty, usize> = BTreeMap::new();
    for i in 0..args.puzzles {
        if crate::stdout::is_closed() {
            break; // nobody reads the rest
        }
        let generated = match args.difficulty {
            None => generator.next_puzzle(),
            Some(level) => generator
                .next_with(level, MAX_TRIES)
                .ok_or_else(|| not_found(&args, level, i + 1))?,
        };
        *levels.entry(generated.rating.grade()).or_default() += 1;
        writeln!(out, "{}", DEFAULT_ALPHABET.write_line(&generated.puzzle))?;
    }
    let made = counted(levels.values().sum::<usize>() as u64, "puzzle");
    let by_level = levels.iter().map(|(l, n)| format!("{n} {l}")).join(", ");
    let by_level = if by_level.is_empty() {
        by_level
    } else {
        format!(": {by_level}")
    };
    eprintln!(
        "satoku sudoku generate: {made} (seed {}){by_level}",
        args.seed
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_is_a_tip_only_where_it_is_made() {
        for (size, tipped) in [(9, true), (16, true), (25, false)] {
            let args = GenerateArgs {
                puzzles: 1,
                seed: 1,
                size,
                minimal: false,
                difficulty: None,
            };
            let text = not_found(&args, Difficulty::Expert, 1).to_string();
            assert_eq!(text.contains("--minimal"), tipped, "{size}: {text}");
        }
    }
}
