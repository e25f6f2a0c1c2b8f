//! The full-screen game: the terminal's setup and restoration, the event
//! loop, and what each key does. The terminal is always given back (raw
//! mode off, alternate screen left): on `q`, Esc or Ctrl-C, on an error,
//! on a panic (ratatui's hook restores it before the message), and on
//! SIGINT, SIGTERM or SIGHUP (a handler asks the loop to stop; the loop
//! wakes at least every quarter second to see it and tick the timer).
//! Once the terminal is gone (its window closed: SIGHUP) crossterm's
//! `poll` can spin without returning, so a loop that has not stopped
//! [`STOP_GRACE`] after the signal is ended by the signals thread, which
//! gives the terminal back as far as it still can. A game a signal ended
//! exits 128 + the signal's number, as every command does.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::DefaultTerminal;
use satoku_sudoku::play::{Clock, Refusal};
use satoku_sudoku::{SatSudoku, SixteenAlphabet};

use super::actions::{self, Said};
use super::{draw, load_game, save_game, Loaded};
use crate::signals::{Handler, Signal};
use satoku_io::lock;

/// How long the loop may take to stop after a signal (module docs).
const STOP_GRACE: Duration = Duration::from_secs(1);

/// The first signal received, which asks the loop to stop.
type Stop = Arc<Mutex<Option<Signal>>>;

/// Asks the loop to stop on a signal, and ends the process if it has not
/// by the grace's end.
struct Stopper {
    stop: Stop,
    deadline: Option<Instant>,
}

impl Handler for Stopper {
    fn on_signal(&mut self, signal: Signal) {
        lock(&self.stop).get_or_insert(signal);
        self.deadline.get_or_insert(Instant::now() + STOP_GRACE);
    }

    fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    fn on_deadline(&mut self) {
        if self.deadline.is_some_and(|at| Instant::now() >= at) {
            let _ = ratatui::try_restore();
            if let Some(signal) = *lock(&self.stop) {
                crate::signals::exit_now(signal);
            }
        }
    }
}

/// The game on screen and what the screen shows besides the grid.
pub struct Screen {
    pub loaded: Loaded,
    /// Digits toggle pencil marks instead of filling.
    pub pencil: bool,
    /// The grid drawn with every cell's pencil marks.
    pub marks_view: bool,
    /// The cell the keys act on, (row, col).
    pub cursor: (usize, usize),
    /// The status line and the cells it highlights.
    pub said: Said,
    sat: SatSudoku,
    /// The time played, stopped while the grid is finished.
    clock: Clock,
    save_path: PathBuf,
}

impl Screen {
    /// Seconds played, saved time included.
    pub fn seconds(&self) -> u64 {
        self.clock.seconds(Instant::now())
    }

    /// Moves the cursor by (rows, cols), wrapping around the edges.
    fn move_cursor(&mut self, rows: isize, cols: isize) {
        self.cursor = moved(self.cursor, (rows, cols), self.loaded.game.side());
    }
}

/// `cursor` moved by (rows, cols) on a grid of `side`, wrapping around.
fn moved((row, col): (usize, usize), (rows, cols): (isize, isize), side: usize) -> (usize, usize) {
    let side = side as isize;
    (
        (row as isize + rows).rem_euclid(side) as usize,
        (col as isize + cols).rem_euclid(side) as usize,
    )
}

/// Whether to go on after a key.
#[derive(PartialEq, Eq)]
enum Flow {
    Go,
    Quit,
}

/// Plays `loaded` full screen until the player quits or a signal comes;
/// the signal that ended the game, if one did.
pub fn run(loaded: Loaded, save_path: &Path) -> anyhow::Result<Option<Signal>> {
    let stop = Stop::default();
    crate::signals::set_handler(Stopper {
        stop: Arc::clone(&stop),
        deadline: None,
    });
    let mut screen = Screen {
        said: Said::text("Welcome! Arrows move, digits fill, h gives a hint, q quits."),
        clock: Clock::start(loaded.seconds, Instant::now()),
        loaded,
        pencil: false,
        marks_view: false,
        cursor: (0, 0),
        sat: SatSudoku::new(),
        save_path: save_path.to_path_buf(),
    };
    let mut terminal = ratatui::try_init()?;
    let result = event_loop(&mut terminal, &mut screen, &stop);
    ratatui::try_restore()?;
    result?;
    let signal = *lock(&stop);
    Ok(signal)
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    screen: &mut Screen,
    stop: &Mutex<Option<Signal>>,
) -> anyhow::Result<()> {
    while lock(stop).is_none() {
        terminal.draw(|frame| draw::draw(frame, screen))?;
        if !event::poll(Duration::from_millis(250))? {
            continue;
        }
        if let Event::Key(key) = event::read()? {
            if key.kind == KeyEventKind::Press && on_key(screen, key) == Flow::Quit {
                break;
            }
        }
    }
    Ok(())
}

fn on_key(screen: &mut Screen, key: KeyEvent) -> Flow {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') if ctrl => return Flow::Quit,
        // Ctrl with any other key is no command (Ctrl-S must not solve).
        KeyCode::Char(_) if ctrl => {}
        KeyCode::Char('q') | KeyCode::Esc => return Flow::Quit,
        KeyCode::Left => screen.move_cursor(0, -1),
        KeyCode::Right | KeyCode::Char('l') => screen.move_cursor(0, 1),
        KeyCode::Up | KeyCode::Char('k') => screen.move_cursor(-1, 0),
        KeyCode::Down | KeyCode::Char('j') => screen.move_cursor(1, 0),
        KeyCode::Backspace | KeyCode::Delete => put(screen, 0),
        KeyCode::Char('p') => screen.pencil = !screen.pencil,
        KeyCode::Char(ch) => on_command(screen, ch),
        _ => {}
    }
    Flow::Go
}

/// A letter command, or a digit (`1-9`, `A-P` for larger grids, `0` or
/// `.` clearing; `0` is the first digit of a hexadecimal grid).
fn on_command(screen: &mut Screen, ch: char) {
    let said = match ch {
        'h' | '?' => actions::hint(&screen.loaded.game),
        'v' => actions::check(&screen.loaded.game),
        'c' => actions::count(&screen.loaded.game, &mut screen.sat),
        's' => actions::solve(&mut screen.loaded.game, &mut screen.sat),
        'a' => {
            screen.loaded.game.auto_candidates();
            Said::text("pencil marks: every candidate filled in")
        }
        'm' => marks_view(screen),
        'u' => history(screen.loaded.game.undo(), "undone"),
        'r' => history(screen.loaded.game.redo(), "redone"),
        'w' => save(screen),
        'o' => load(screen),
        ch if ch.is_ascii_digit() || ch.is_ascii_uppercase() || ch == '.' => {
            return digit(screen, ch)
        }
        _ => return,
    };
    screen.said = said;
    after_move(screen);
}

fn marks_view(screen: &mut Screen) -> Said {
    let n = screen.loaded.game.puzzle().box_size();
    if n > super::marks_view::MAX_BOX_SIZE {
        return Said::text(
            "the marks view fits grids up to 9x9; the line under the grid shows the cursor's marks",
        );
    }
    screen.marks_view = !screen.marks_view;
    Said::text(match screen.marks_view {
        true => "marks view: every cell's pencil marks (m again for digits)",
        false => "digits view",
    })
}

fn history(result: Result<(), Refusal>, done: &str) -> Said {
    match result {
        Ok(()) => Said::text(done),
        Err(refusal) => Said::text(refusal.to_string()),
    }
}

fn digit(screen: &mut Screen, ch: char) {
    let game = &screen.loaded.game;
    let side = game.side();
    match game.alphabet().digit_of(ch as u8) {
        Some(d) if usize::from(d) <= side => put(screen, d),
        _ => screen.said = Said::text(format!("{ch} is not a digit of this {side}x{side} grid")),
    }
}

/// Fills (or in pencil mode marks) the cursor's cell with `digit`.
fn put(screen: &mut Screen, digit: u8) {
    let game = &mut screen.loaded.game;
    let (row, col) = screen.cursor;
    let marking = screen.pencil && digit != 0;
    let result = match marking {
        true => game.toggle_mark(row, col, digit),
        false => game.fill(row, col, digit),
    };
    screen.said = match result {
        Ok(()) if marking && game.cell(row, col).digit() != 0 => Said::text(format!(
            "r{}c{} holds a digit: clear it to pencil in marks",
            row + 1,
            col + 1
        )),
        Ok(()) => Said::default(),
        Err(refusal) => Said::text(refusal.to_string()),
    };
    after_move(screen);
}

/// Says a conflict at once, and congratulates on a finished grid.
fn after_move(screen: &mut Screen) {
    let game = &screen.loaded.game;
    if screen.said.text.is_empty() {
        if let Some(conflict) = game.grid().first_conflict() {
            screen.said = Said {
                text: format!("conflict: {}", conflict.in_symbols(game.alphabet())),
                cells: vec![conflict.first, conflict.second],
            };
        }
    }
    match actions::finished(game, screen.seconds()) {
        Some(done) => {
            screen.clock.stop(Instant::now());
            screen.said = Said::text(match screen.said.text.as_str() {
                "" => done,
                said => format!("{said} · {done}"),
            });
        }
        None => screen.clock.resume(Instant::now()),
    }
}

fn save(screen: &mut Screen) -> Said {
    let path = &screen.save_path;
    match save_game(&screen.loaded, path, screen.seconds()) {
        Ok(()) => Said::text(format!("saved to {} (o loads it back)", path.display())),
        Err(e) => Said::text(format!("not saved: {e:#}")),
    }
}

fn load(screen: &mut Screen) -> Said {
    let path = &screen.save_path;
    match load_game(path, 1, SixteenAlphabet::Auto) {
        Ok(loaded) => {
            screen.clock = Clock::start(loaded.seconds, Instant::now());
            screen.loaded = loaded;
            screen.cursor = (0, 0);
            Said::text(format!("loaded {}", path.display()))
        }
        Err(e) => Said::text(format!("not loaded: {e:#}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_wraps_around_the_edges() {
        assert_eq!(moved((0, 0), (-1, -1), 9), (8, 8));
        assert_eq!(moved((8, 8), (2, 1), 9), (1, 0));
    }
}
