//! The line menu (`play --plain`, or when stdout is no terminal): one
//! command a line from stdin, answers on stdout, so a game can be scripted.
//! A line that is no command gets a message on stderr naming it and the
//! game goes on; end of input ends the game like `quit`.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::Path;
use std::time::Instant;

use satoku_sudoku::play::{quoted, Clock, Game};
use satoku_sudoku::SatSudoku;

use super::actions::{self, Said};
use super::{load_game, save_game, Loaded};
use crate::exit::BadInput;

/// The commands, as `help` prints them.
pub const HELP: &str = "\
commands (rows, columns and digits count from 1):
  load FILE [N]   the N-th puzzle of FILE (default 1), or a saved game
  print           the grid
  fill R C D      put digit D in row R, column C
  clear R C       empty the cell
  mark R C D      toggle pencil mark D; `marks` fills in every candidate
  undo, redo      take back a move, or make it again
  hint            the next logical step
  check           conflicts, and entries that are not in the solution
  solve           solve through SAT and fill the grid
  count           count the solutions from here
  save FILE       save the game (never over the puzzle file)
  quit            end (so does the end of input)";

/// Why `load -` is refused: the commands come from stdin.
const LOAD_STDIN: &str =
    "the menu reads its commands from stdin, so `load -` cannot read a puzzle from it: load a file";

/// The menu's state: the game and where it came from.
struct Menu {
    loaded: Loaded,
    sat: SatSudoku,
    /// The time played, stopped while the grid is finished (as the
    /// full-screen game's).
    clock: Clock,
}

/// Runs the menu on `loaded` until `quit` or the end of stdin.
pub fn run(loaded: Loaded) -> anyhow::Result<()> {
    let prompt = std::io::stdin().is_terminal();
    let mut menu = Menu {
        clock: Clock::start(loaded.seconds, Instant::now()),
        loaded,
        sat: SatSudoku::new(),
    };
    let mut out = crate::stdout::Writer;
    writeln!(out, "{}", menu.loaded.describe())?;
    write!(out, "{}", menu.draw())?;
    let mut stdin = std::io::stdin().lock();
    for number in 1.. {
        if prompt {
            write!(out, "> ")?;
            out.flush()?;
        }
        let Some(line) = read_command(&mut stdin, number)? else {
            break;
        };
        match menu.command(&line) {
            Ok(Reply::Quit) => break,
            Ok(Reply::Say(text)) => writeln!(out, "{text}")?,
            Ok(Reply::Quiet) => {}
            Err(e) => eprintln!("satoku: stdin line {number}: {e}"),
        }
        out.flush()?;
        if crate::stdout::is_closed() {
            break;
        }
    }
    Ok(())
}

/// The longest command line read (a `load` path included).
const MAX_COMMAND: u64 = 64 << 10;

/// The next line of `input` without its line end; `None` at the end. A
/// line longer than [`MAX_COMMAND`] or not UTF-8 is bad input.
fn read_command(input: &mut impl BufRead, number: usize) -> anyhow::Result<Option<String>> {
    let mut line = Vec::new();
    input.take(MAX_COMMAND + 1).read_until(b'\n', &mut line)?;
    if line.is_empty() {
        return Ok(None);
    }
    if line.len() as u64 > MAX_COMMAND {
        let message = format!("stdin line {number}: longer than {MAX_COMMAND} bytes");
        return Err(BadInput(message).into());
    }
    let text = String::from_utf8(line)
        .map_err(|_| BadInput(format!("stdin line {number}: not UTF-8 text")))?;
    let text = text.strip_suffix('\n').unwrap_or(&text);
    Ok(Some(text.strip_suffix('\r').unwrap_or(text).to_owned()))
}

/// What a command answers.
enum Reply {
    Say(String),
    Quiet,
    Quit,
}

impl Menu {
    fn game(&mut self) -> &mut Game {
        &mut self.loaded.game
    }

    fn seconds(&self) -> u64 {
        self.clock.seconds(Instant::now())
    }

    fn draw(&self) -> String {
        let game = &self.loaded.game;
        game.alphabet().write_pretty(&game.grid())
    }

    /// Runs one command line; `Err` for a line that is no command.
    fn command(&mut self, line: &str) -> Result<Reply, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Ok(Reply::Quiet);
        };
        let said = match name.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(Reply::Quit),
            "help" | "?" => return Ok(Reply::Say(HELP.into())),
            "print" | "p" => return Ok(Reply::Say(self.draw().trim_end().into())),
            "load" => return self.load(args).map(Reply::Say),
            "save" => return self.save(args).map(Reply::Say),
            "fill" | "f" => self.fill(args)?,
            "clear" => self.clear(args)?,
            "mark" => self.mark(args)?,
            "marks" => {
                self.game().auto_candidates();
                Said::text("pencil marks filled in")
            }
            "undo" => self
                .game()
                .undo()
                .map(|()| Said::default())
                .map_err(|e| e.to_string())?,
            "redo" => self
                .game()
                .redo()
                .map(|()| Said::default())
                .map_err(|e| e.to_string())?,
            "hint" => actions::hint(&self.loaded.game),
            "check" => actions::check(&self.loaded.game),
            "solve" => actions::solve(&mut self.loaded.game, &mut self.sat),
            "count" => actions::count(&self.loaded.game, &mut self.sat),
            other => {
                let other = quoted(other);
                return Err(format!("unknown command {other} (`help` lists them)"));
            }
        };
        Ok(Reply::Say(self.after_move(said)))
    }

    /// The reply after a command that may have changed the grid: what it
    /// said, the grid, and a congratulation once it is finished (when the
    /// clock stops; a move that empties a cell runs it again).
    fn after_move(&mut self, said: Said) -> String {
        let mut text = String::new();
        if !said.text.is_empty() {
            text.push_str(&said.text);
            text.push('\n');
        }
        let game = &self.loaded.game;
        if let Some(conflict) = game.grid().first_conflict() {
            text.push_str(&format!(
                "conflict: {}\n",
                conflict.in_symbols(game.alphabet())
            ));
        }
        text.push_str(&self.draw());
        match actions::finished(game, self.seconds()) {
            Some(done) => {
                self.clock.stop(Instant::now());
                text.push_str(&done);
                text.push('\n');
            }
            None => self.clock.resume(Instant::now()),
        }
        text.trim_end().to_string()
    }

    fn fill(&mut self, args: &[&str]) -> Result<Said, String> {
        let [r, c, d] = args else {
            return Err("usage: fill ROW COL DIGIT".into());
        };
        let (row, col) = cell(r, c)?;
        let digit = self.digit(d)?;
        self.game()
            .fill(row, col, digit)
            .map_err(|e| e.to_string())?;
        Ok(Said::default())
    }

    fn clear(&mut self, args: &[&str]) -> Result<Said, String> {
        let [r, c] = args else {
            return Err("usage: clear ROW COL".into());
        };
        let (row, col) = cell(r, c)?;
        self.game().fill(row, col, 0).map_err(|e| e.to_string())?;
        Ok(Said::default())
    }

    fn mark(&mut self, args: &[&str]) -> Result<Said, String> {
        let [r, c, d] = args else {
            return Err("usage: mark ROW COL DIGIT".into());
        };
        let (row, col) = cell(r, c)?;
        let digit = self.digit(d)?;
        self.game()
            .toggle_mark(row, col, digit)
            .map_err(|e| e.to_string())?;
        let marks = self.loaded.game.cell(row, col).marks();
        let digits: Vec<String> = (marks.digits()).map(|d| d.to_string()).collect();
        Ok(Said::text(format!(
            "r{}c{} marks: {}",
            row + 1,
            col + 1,
            digits.join(" ")
        )))
    }

    /// A digit as a number (`12`) or as the grid's symbol (`C`).
    fn digit(&self, word: &str) -> Result<u8, String> {
        let side = self.loaded.game.side();
        let symbol = match word.as_bytes() {
            [b] => self.loaded.game.alphabet().digit_of(*b),
            _ => None,
        };
        word.parse::<u8>()
            .ok()
            .filter(|_| word.bytes().all(|b| b.is_ascii_digit()) && symbol.is_none())
            .or(symbol)
            .filter(|&d| (1..=side).contains(&usize::from(d)))
            .ok_or_else(|| format!("{} is not a digit of this {side}x{side} grid", quoted(word)))
    }

    fn load(&mut self, args: &[&str]) -> Result<String, String> {
        let (file, index) = match args {
            [file] => (*file, 1),
            [file, n] => (
                *file,
                n.parse()
                    .map_err(|_| format!("{} is not a puzzle number", quoted(n)))?,
            ),
            _ => return Err("usage: load FILE [N]".into()),
        };
        if file == "-" {
            return Err(LOAD_STDIN.into());
        }
        self.loaded =
            load_game(Path::new(file), index, Default::default()).map_err(|e| format!("{e:#}"))?;
        self.clock = Clock::start(self.loaded.seconds, Instant::now());
        Ok(format!(
            "{}\n{}",
            self.loaded.describe(),
            self.draw().trim_end()
        ))
    }

    fn save(&mut self, args: &[&str]) -> Result<String, String> {
        let [file] = args else {
            return Err("usage: save FILE".into());
        };
        let seconds = self.seconds();
        save_game(&self.loaded, Path::new(file), seconds).map_err(|e| format!("{e:#}"))?;
        Ok(format!("saved to {file}"))
    }
}

/// A 1-based row and column as 0-based numbers.
fn cell(r: &str, c: &str) -> Result<(usize, usize), String> {
    let one = |w: &str| match w.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(format!(
            "{} is not a row or column number (1, 2, ...)",
            quoted(w)
        )),
    };
    Ok((one(r)?, one(c)?))
}
