//! `satoku sudoku play`: a sudoku for people, on a loaded or generated
//! puzzle. On a terminal it is a full-screen game ([`tui`]); with
//! `--plain`, or when stdin or stdout is no terminal, a line menu reading commands
//! from stdin ([`plain`]). Both play the same [`Game`] (the model,
//! `satoku_sudoku::play`, which the browser game plays too) and say the
//! same [`actions`] (check, hint, solve through SAT, count). Saved games
//! are small text files (`satoku_sudoku::play::write_save`) that `play`
//! loads like puzzle files.

mod actions;
mod draw;
mod fit;
mod marks_view;
mod plain;
mod tui;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use satoku_sudoku::play::{is_saved_game, read_save, write_save, Game};
use satoku_sudoku::{Difficulty, Generator, GeneratorConfig, SixteenAlphabet, DEFAULT_ALPHABET};

use super::solve::AlphabetArg;
use crate::exit::BadInput;
use crate::text_file::MAX_PUZZLE_FILE;
use satoku_io::read_text;

/// Arguments of `satoku sudoku play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Puzzle file or saved game (`-` for stdin); without it a puzzle is generated.
    file: Option<PathBuf>,
    /// Which puzzle of the file (1-based).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::flags::parse_positive)]
    index: usize,
    /// Generate a puzzle of this difficulty: easy, medium, hard or expert.
    #[arg(long, value_name = "LEVEL", conflicts_with = "file")]
    difficulty: Option<Difficulty>,
    /// Seed of the generated puzzle (default: from the clock).
    #[arg(long, value_name = "S", conflicts_with = "file")]
    seed: Option<u64>,
    /// The line menu on stdin/stdout, even on a terminal.
    #[arg(long)]
    plain: bool,
    /// Where the game's `w` key saves (never the puzzle file).
    #[arg(long, value_name = "FILE", default_value = "sudoku-play.save")]
    save: PathBuf,
    /// How to read a 16x16 puzzle's symbols.
    #[arg(long, value_enum, ignore_case = true, default_value = "auto")]
    alphabet: AlphabetArg,
}

/// A game with where it came from.
pub struct Loaded {
    game: Game,
    /// Seconds played before this run (from a saved game).
    seconds: u64,
    /// The puzzle file, never to be written over.
    source: Option<PathBuf>,
    /// One line saying what is being played.
    about: String,
}

impl Loaded {
    fn describe(&self) -> String {
        let side = self.game.side();
        let givens = self.game.puzzle().num_givens();
        format!("{}: {side}x{side}, {givens} givens", self.about)
    }
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    refuse_stdout(&args.save)?;
    let loaded = match &args.file {
        Some(file) => load_game(file, args.index, args.alphabet.into())?,
        None => generate(args.difficulty, args.seed)?,
    };
    // The full-screen game reads keys from a terminal and draws on one;
    // with stdin or stdout elsewhere (a pipe, a file) it is the line menu.
    if args.plain || !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        plain::run(loaded)?;
    } else if let Some(signal) = tui::run(loaded, &args.save)? {
        eprintln!("satoku: stopped by {}", signal.name());
        return Ok(ExitCode::from(signal.exit_code() as u8));
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses `-` as the place to save: a game is saved to a file (the
/// full-screen game draws on stdout and reads its keys from the terminal,
/// so `o` would read the terminal as a game). Checked before the game
/// starts, and again on each save.
fn refuse_stdout(save: &Path) -> Result<(), BadInput> {
    match save == Path::new("-") {
        true => Err(BadInput("a game is saved to a file, not to `-`".into())),
        false => Ok(()),
    }
}

/// Puzzle `index` (1-based) of `path`, or the saved game `path` is.
fn load_game(path: &Path, index: usize, sixteen: SixteenAlphabet) -> anyhow::Result<Loaded> {
    let name = path.display();
    let text = read_text(path, MAX_PUZZLE_FILE)?;
    if is_saved_game(&text) {
        let (game, seconds) = read_save(&text).map_err(|e| BadInput(e.in_file(&name)))?;
        return Ok(Loaded {
            game,
            seconds,
            source: None,
            about: format!("saved game {name}"),
        });
    }
    if index == 0 {
        return Err(BadInput("puzzles are numbered from 1".into()).into());
    }
    let puzzles = satoku_sudoku::parse_puzzles_with(&text, sixteen)
        .map_err(|e| BadInput(format!("{name}: {e}")))?;
    let n = puzzles.len();
    let puzzle = puzzles
        .into_iter()
        .nth(index - 1)
        .ok_or_else(|| BadInput(super::no_such_puzzle(&name, n, index)))?;
    if let Some(conflict) = puzzle.grid.first_conflict() {
        let (line, clash) = (puzzle.line, conflict.in_symbols(puzzle.alphabet));
        return Err(BadInput(format!("{name}: line {line}: illegal givens: {clash}")).into());
    }
    Ok(Loaded {
        game: Game::new(puzzle.grid, puzzle.alphabet),
        seconds: 0,
        source: Some(path.to_path_buf()),
        about: format!("puzzle {index} of {name} (line {})", puzzle.line),
    })
}

/// Puzzles tried before giving up on a difficulty.
const MAX_TRIES: usize = 2000;

/// A generated 9x9 puzzle, of `level` if given.
fn generate(level: Option<Difficulty>, seed: Option<u64>) -> anyhow::Result<Loaded> {
    let seed = seed.unwrap_or_else(clock_seed);
    let mut generator = Generator::new(seed, GeneratorConfig::default())?;
    let generated = match level {
        None => generator.next_puzzle(),
        Some(level) => generator.next_with(level, MAX_TRIES).ok_or_else(|| {
            anyhow::anyhow!("no {level} puzzle in {MAX_TRIES} tries; try another --seed")
        })?,
    };
    let level = level.map(|l| format!("{l} ")).unwrap_or_default();
    Ok(Loaded {
        game: Game::new(generated.puzzle, DEFAULT_ALPHABET),
        seconds: 0,
        source: None,
        about: format!("a generated {level}puzzle (--seed {seed})"),
    })
}

fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(1, |d| d.as_secs() % 1_000_000)
}

/// Saves the game to `path`, refusing the puzzle file it came from (and
/// stdout, which the full-screen game draws on).
fn save_game(loaded: &Loaded, path: &Path, seconds: u64) -> anyhow::Result<()> {
    refuse_stdout(path)?;
    if let Some(source) = &loaded.source {
        if satoku_io::same_file(source, path) {
            let message = format!(
                "{} is the puzzle file: save the game under another name",
                path.display()
            );
            return Err(BadInput(message).into());
        }
    }
    let text = write_save(&loaded.game, seconds);
    crate::output::write_file(path, |w| w.write_all(text.as_bytes()))
}
