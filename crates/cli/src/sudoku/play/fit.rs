//! Whether the screen fits the terminal: the full layout (title, blank
//! lines, the keys wrapped), a compact one (one line each for the title,
//! the marks, the status and the keys), or, when not even that fits, a
//! message naming the size needed instead of a grid cut off silently.

use ratatui::layout::Rect;
use satoku_sudoku::Alphabet;

use super::marks_view;
use super::tui::Screen;

/// Lines around the grid in the full layout: title 3, a blank line under
/// the grid, marks 2, status 2, keys at least 1.
const FULL_EXTRA: u16 = 9;
/// Lines around the grid in the compact layout: title, marks, status, keys.
const COMPACT_EXTRA: u16 = 4;

/// How the screen is laid out in a terminal of a given size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fit {
    Full,
    Compact,
    /// Too small: the width and height needed.
    TooSmall {
        width: u16,
        height: u16,
    },
}

/// The lines and columns the grid takes as drawn (digits or marks view).
pub fn grid_size(screen: &Screen) -> (u16, u16) {
    let game = &screen.loaded.game;
    let (n, side) = (game.puzzle().box_size(), game.side());
    let (width, rows) = match screen.marks_view && n <= marks_view::MAX_BOX_SIZE {
        true => (marks_view::width(n), side * n + n - 1),
        false => (pretty_width(game.alphabet(), n), side + n - 1),
    };
    (clamp(width), clamp(rows))
}

/// The layout for a terminal of `area`.
pub fn fit(screen: &Screen, area: Rect) -> Fit {
    let (width, rows) = grid_size(screen);
    if area.width >= width && area.height >= rows + FULL_EXTRA {
        return Fit::Full;
    }
    if area.width >= width && area.height >= rows + COMPACT_EXTRA {
        return Fit::Compact;
    }
    Fit::TooSmall {
        width,
        height: rows + COMPACT_EXTRA,
    }
}

/// The message shown instead of the grid.
pub fn too_small(screen: &Screen, area: Rect, width: u16, height: u16) -> String {
    let view = if screen.marks_view {
        "the marks view; m shows the digits, q quits"
    } else {
        "this grid; q quits"
    };
    format!(
        "terminal too small: need {width}x{height}, have {}x{} (enlarge the window for {view})",
        area.width, area.height
    )
}

/// Characters of a line of `Alphabet::write_pretty`'s drawing.
fn pretty_width(alphabet: Alphabet, n: usize) -> usize {
    let side = n * n;
    alphabet.pretty_column(n, side - 1) + alphabet.cell_width(side)
}

fn clamp(x: usize) -> u16 {
    u16::try_from(x).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_sudoku::DEFAULT_ALPHABET;

    #[test]
    fn the_pretty_width_is_the_drawings() {
        for n in 2..=5 {
            let grid = satoku_sudoku::Grid::empty(n).unwrap();
            let text = DEFAULT_ALPHABET.write_pretty(&grid);
            let first = text.lines().next().unwrap().chars().count();
            assert_eq!(pretty_width(DEFAULT_ALPHABET, n), first, "box size {n}");
        }
    }
}
