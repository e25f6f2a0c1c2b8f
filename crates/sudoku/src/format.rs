//! How a puzzle was written (its alphabet), and writing grids back in it.
//!
//! | alphabet | digits | blanks | used by |
//! |---|---|---|---|
//! | [`Alphabet::OneBased`] | `1-9`, then `A`=10 … `P`=25 | `.` `0` `*` `_` | 4x4, 9x9, 16x16 `1-9A-G`, 25x25 `1-9A-P` |
//! | [`Alphabet::ZeroBased`] | `0-9A-F` for 1..=16 | `.` `*` `_` | 16x16 hex puzzles that use `0` |
//! | [`Alphabet::Numbers`] | decimal numbers `1..=side` | `0` | space- or comma-separated grids |

use crate::Grid;

/// The symbols a puzzle was written with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Alphabet {
    /// One character a cell: `1-9` then letters from `A` (=10); `blank` is
    /// the blank character to write back.
    OneBased {
        /// The blank character (`.`, `0`, `*` or `_`).
        blank: u8,
    },
    /// One character a cell: `0-9A-F` stand for 1..=16 (hexadecimal 16x16).
    ZeroBased {
        /// The blank character (`.`, `*` or `_`).
        blank: u8,
    },
    /// Decimal numbers separated by spaces or commas, `0` blank.
    Numbers,
}

/// One-line `1-9` with `.` blanks: the default for written puzzles.
pub const DEFAULT_ALPHABET: Alphabet = Alphabet::OneBased { blank: b'.' };

impl Alphabet {
    /// The digit (1..=36) of a symbol character, `Some(0)` for a blank,
    /// `None` for a character that is neither.
    pub fn digit_of(self, ch: u8) -> Option<u8> {
        let ch = ch.to_ascii_uppercase();
        match self {
            Alphabet::OneBased { .. } | Alphabet::Numbers => match ch {
                b'.' | b'*' | b'_' | b'0' => Some(0),
                b'1'..=b'9' => Some(ch - b'0'),
                b'A'..=b'Z' => Some(ch - b'A' + 10),
                _ => None,
            },
            Alphabet::ZeroBased { .. } => match ch {
                b'.' | b'*' | b'_' => Some(0),
                b'0'..=b'9' => Some(ch - b'0' + 1),
                b'A'..=b'F' => Some(ch - b'A' + 11),
                _ => None,
            },
        }
    }

    /// The character of `digit` (0 gives the blank). Not for [`Alphabet::Numbers`].
    pub fn symbol(self, digit: u8) -> char {
        let (blank, first) = match self {
            Alphabet::OneBased { blank } => (blank, 0),
            Alphabet::ZeroBased { blank } => (blank, 1),
            Alphabet::Numbers => (b'0', 0),
        };
        if digit == 0 {
            return char::from(blank);
        }
        let v = digit - first;
        char::from(if v < 10 { b'0' + v } else { b'A' + v - 10 })
    }

    /// The grid on one line: one character a cell, or space-separated numbers.
    pub fn write_line(self, grid: &Grid) -> String {
        match self {
            Alphabet::Numbers => grid
                .cells()
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            _ => grid.cells().iter().map(|&d| self.symbol(d)).collect(),
        }
    }

    /// The grid drawn over `side` lines with `|` between blocks and a rule of
    /// `-` and `+` between bands; every line ends with `\n`.
    pub fn write_pretty(self, grid: &Grid) -> String {
        let n = grid.box_size();
        let side = grid.side();
        let width = match self {
            Alphabet::Numbers => side.to_string().len(),
            _ => 1,
        };
        let cell = |d: u8| match self {
            Alphabet::Numbers => format!("{d:>width$}"),
            _ => self.symbol(d).to_string(),
        };
        let band_rule: Vec<String> = (0..n)
            .map(|b| "-".repeat(n * (width + 1) + usize::from(b > 0 && b + 1 < n)))
            .collect();
        let band_rule = band_rule.join("+");
        let mut out = String::new();
        for row in 0..side {
            if row > 0 && row % n == 0 {
                out.push_str(&band_rule);
                out.push('\n');
            }
            for col in 0..side {
                if col > 0 && col % n == 0 {
                    out.push_str(" |");
                }
                if col > 0 {
                    out.push(' ');
                }
                out.push_str(&cell(grid.get(row, col)));
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_in_every_alphabet() {
        for alphabet in [
            Alphabet::OneBased { blank: b'.' },
            Alphabet::ZeroBased { blank: b'.' },
        ] {
            for d in 0..=16u8 {
                let ch = alphabet.symbol(d) as u8;
                assert_eq!(alphabet.digit_of(ch), Some(d), "{alphabet:?} {d}");
            }
        }
        assert_eq!(Alphabet::OneBased { blank: b'.' }.symbol(25), 'P');
        assert_eq!(Alphabet::ZeroBased { blank: b'.' }.symbol(16), 'F');
    }

    #[test]
    fn pretty_draws_blocks_and_bands() {
        let mut g = Grid::empty(2).unwrap();
        g.set(0, 0, 1);
        g.set(3, 3, 4);
        let text = DEFAULT_ALPHABET.write_pretty(&g);
        assert_eq!(
            text,
            "1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 4\n"
        );
    }
}
