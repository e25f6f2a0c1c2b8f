//! Drawing the terminal game: a title with the time, the grid as
//! `Alphabet::write_pretty` draws it everywhere (blanks `·`, box lines),
//! coloured cell by cell, the cursor cell's pencil marks, a status line and
//! a line of keys.

use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use satoku_sudoku::Alphabet;

use super::fit::{self, Fit};
use super::marks_view;
use super::tui::Screen;
use satoku_sudoku::play::clock_face;

/// The keys, shown at the bottom.
pub const KEYS: &str =
    "arrows/jkl move · 1-9 (A-P) fill · 0/Del clear · p pencil · a auto-marks · \
m marks view · u undo · r redo · h hint · v check · s solve · c count · w save · o load · q quit";

/// The keys of a hexadecimal grid, where `0` is a digit (1) and `.` clears.
const HEX_KEYS: &str = "arrows/jkl move · 0-9 A-F fill · ./Del clear · p pencil · a auto-marks · \
m marks view · u undo · r redo · h hint · v check · s solve · c count · w save · o load · q quit";

/// The line of keys for a grid written in `alphabet`: the digit keys are
/// its symbols.
fn keys_for(alphabet: Alphabet) -> &'static str {
    match alphabet {
        Alphabet::ZeroBased { .. } => HEX_KEYS,
        _ => KEYS,
    }
}

/// The keys in one line, for the compact layout.
const SHORT_KEYS: &str = "h hint · v check · s solve · u undo · p pencil · m marks · q quit";

pub fn draw(frame: &mut Frame, screen: &Screen) {
    let game = &screen.loaded.game;
    let n = game.puzzle().box_size();
    let candidates = screen.marks_view && n <= marks_view::MAX_BOX_SIZE;
    let (_, rows) = fit::grid_size(screen);
    let area = frame.area();
    let compact = match fit::fit(screen, area) {
        Fit::Full => false,
        Fit::Compact => true,
        Fit::TooSmall { width, height } => {
            let text = fit::too_small(screen, area, width, height);
            let wrap = ratatui::widgets::Wrap { trim: true };
            frame.render_widget(Paragraph::new(text).wrap(wrap), area);
            return;
        }
    };
    let parts = match compact {
        // One line each around the grid; the status takes what is left.
        true => [1, rows, 1, 0, 1].map(Constraint::Length),
        false => [3, rows + 1, 2, 2, 0].map(Constraint::Length),
    };
    let [title, grid, marks, status, keys] = Layout::vertical(fill(parts, compact)).areas(area);
    frame.render_widget(Paragraph::new(title_line(screen)), title);
    let lines = match candidates {
        true => marks_view::marks_lines(screen),
        false => grid_lines(screen),
    };
    frame.render_widget(Paragraph::new(lines), grid);
    frame.render_widget(Paragraph::new(marks_line(screen)), marks);
    let status_style = Style::default().add_modifier(Modifier::BOLD);
    frame.render_widget(
        Paragraph::new(Line::styled(screen.said.text.clone(), status_style))
            .wrap(ratatui::widgets::Wrap { trim: true }),
        status,
    );
    let keys_style = Style::default().fg(Color::DarkGray);
    let keys_text = if compact {
        SHORT_KEYS
    } else {
        keys_for(game.alphabet())
    };
    frame.render_widget(
        Paragraph::new(Line::styled(keys_text, keys_style))
            .wrap(ratatui::widgets::Wrap { trim: true }),
        keys,
    );
}

/// The layout's parts, the status (compact) or the keys (full) taking the rest.
fn fill(mut parts: [Constraint; 5], compact: bool) -> [Constraint; 5] {
    parts[if compact { 3 } else { 4 }] = Constraint::Min(1);
    parts
}

fn title_line(screen: &Screen) -> Vec<Line<'static>> {
    let pencil = if screen.pencil {
        "pencil ON"
    } else {
        "pencil off"
    };
    let time = clock_face(screen.seconds());
    vec![
        Line::styled(
            format!("satoku sudoku · {time} · {pencil}"),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Line::from(screen.loaded.describe()),
    ]
}

fn marks_line(screen: &Screen) -> Line<'static> {
    let game = &screen.loaded.game;
    let (row, col) = screen.cursor;
    let marks = game.cell(row, col).marks();
    let digits: Vec<String> = (marks.digits())
        .map(|d| symbol(game.alphabet(), d))
        .collect();
    Line::from(format!(
        "r{}c{} marks: {}",
        row + 1,
        col + 1,
        digits.join(" ")
    ))
}

fn symbol(alphabet: Alphabet, digit: u8) -> String {
    match alphabet {
        Alphabet::Numbers => digit.to_string(),
        _ => alphabet.symbol(digit).to_string(),
    }
}

/// The drawn grid, each cell styled: givens bold, entries blue, conflicts
/// red, hint and check cells on yellow, the cursor reversed.
fn grid_lines(screen: &Screen) -> Vec<Line<'static>> {
    let game = &screen.loaded.game;
    let alphabet = game.alphabet();
    let n = game.puzzle().box_size();
    let side = game.side();
    let width = alphabet.cell_width(side);
    let conflicts = game.conflicts();
    let text = alphabet.write_pretty(&game.grid());
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let Some(row) = (0..side).find(|&r| Alphabet::pretty_line(n, r) == number) else {
            lines.push(Line::from(line.to_string()));
            continue;
        };
        let mut spans = Vec::new();
        let mut at = 0;
        for col in 0..side {
            let start = alphabet.pretty_column(n, col);
            spans.push(Span::raw(chars[at..start].iter().collect::<String>()));
            let cell: String = chars[start..start + width].iter().collect();
            spans.push(Span::styled(cell, cell_style(screen, &conflicts, row, col)));
            at = start + width;
        }
        lines.push(Line::from(spans));
    }
    lines
}

pub fn cell_style(screen: &Screen, conflicts: &[bool], row: usize, col: usize) -> Style {
    let game = &screen.loaded.game;
    let mut style = match game.is_given(row, col) {
        true => Style::default().add_modifier(Modifier::BOLD),
        false => Style::default().fg(Color::Cyan),
    };
    if !game.cell(row, col).marks().is_empty() {
        style = style.fg(Color::Green);
    }
    if conflicts[row * game.side() + col] {
        style = style.fg(Color::Red).add_modifier(Modifier::BOLD);
    }
    if screen.said.cells.contains(&(row, col)) {
        style = style.bg(Color::Yellow).fg(Color::Black);
    }
    if screen.cursor == (row, col) {
        style = style.add_modifier(Modifier::REVERSED);
    }
    style
}
