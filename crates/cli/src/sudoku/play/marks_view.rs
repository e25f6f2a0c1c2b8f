//! The candidates view (`m`): every cell drawn as a `box_size` x
//! `box_size` square of its pencil marks (mark `d` at row `(d-1) / n`,
//! column `(d-1) % n`), a filled cell as its digit in the middle. Blocks
//! are separated as in the plain drawing (`|`, and `-`/`+` rules). Only
//! grids up to 9x9 fit a terminal this way.

use ratatui::text::{Line, Span};
use satoku_sudoku::Alphabet;

use super::draw::cell_style;
use super::tui::Screen;

/// The largest box size the view draws.
pub const MAX_BOX_SIZE: usize = 3;

/// The lines of the candidates view.
pub fn marks_lines(screen: &Screen) -> Vec<Line<'static>> {
    let game = &screen.loaded.game;
    let n = game.puzzle().box_size();
    let side = game.side();
    let conflicts = game.conflicts();
    let mut lines = Vec::new();
    for row in 0..side {
        if row > 0 && row % n == 0 {
            lines.push(Line::from(band_rule(n)));
        }
        for sub_row in 0..n {
            let mut spans = Vec::new();
            for col in 0..side {
                if col > 0 {
                    spans.push(Span::raw(if col % n == 0 { " | " } else { " " }));
                }
                let text = sub_row_text(screen, row, col, sub_row);
                spans.push(Span::styled(text, cell_style(screen, &conflicts, row, col)));
            }
            lines.push(Line::from(spans));
        }
    }
    lines
}

/// Row `sub_row` of a cell's square: its marks, or its digit in the middle.
fn sub_row_text(screen: &Screen, row: usize, col: usize, sub_row: usize) -> String {
    let game = &screen.loaded.game;
    let n = game.puzzle().box_size();
    let cell = game.cell(row, col);
    let symbol = |d: u8| match game.alphabet() {
        Alphabet::Numbers => char::from(b'0' + d),
        alphabet => alphabet.symbol(d),
    };
    (0..n)
        .map(|sub_col| {
            if cell.digit() != 0 {
                let middle = sub_row == n / 2 && sub_col == n / 2;
                return if middle { symbol(cell.digit()) } else { ' ' };
            }
            let d = (sub_row * n + sub_col + 1) as u8;
            if cell.marks().contains(d) {
                symbol(d)
            } else {
                '\u{b7}'
            }
        })
        .collect()
}

/// Characters of a line of the view.
pub fn width(n: usize) -> usize {
    band_rule(n).len()
}

/// The rule between bands: `n` cells of `n` characters and a space per
/// block, joined by `+`.
fn band_rule(n: usize) -> String {
    let block = n * n + (n - 1);
    let blocks: Vec<String> = (0..n)
        .map(|b| "-".repeat(block + usize::from(b > 0) + usize::from(b + 1 < n)))
        .collect();
    blocks.join("+")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_rule_lines_up_with_the_block_separators() {
        // 9x9: "abc abc abc | abc abc abc | abc abc abc" has `|` at 12 and 26.
        let rule = band_rule(3);
        assert_eq!(rule.find('+'), Some(12));
        assert_eq!(rule.rfind('+'), Some(26));
        assert_eq!(rule.len(), 39);
        // 4x4: "ab ab | ab ab".
        assert_eq!(band_rule(2), "------+------");
    }
}
