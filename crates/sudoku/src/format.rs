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

    /// `digit` as messages name it in this alphabet: its symbol (`A` for 10
    /// on a `1-9A-G` grid), or the number for [`Alphabet::Numbers`].
    pub fn name(self, digit: u8) -> String {
        match self {
            Alphabet::Numbers => digit.to_string(),
            _ => self.symbol(digit).to_string(),
        }
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

    /// The grid drawn for people: blanks as `·`, `|` between blocks and a
    /// rule of `-` and `+` between bands, every line ending with `\n`; the
    /// same drawing for every size and alphabet (numbers right-aligned).
    /// [`Alphabet::pretty_line`] and [`Alphabet::pretty_column`] say where
    /// each cell is. [`crate::parse_puzzles`] reads the drawing back.
    pub fn write_pretty(self, grid: &Grid) -> String {
        let n = grid.box_size();
        let side = grid.side();
        let width = self.cell_width(side);
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
                self.push_pretty_cell(grid.get(row, col), width, &mut out);
            }
            out.push('\n');
        }
        out
    }

    /// The line of [`Alphabet::write_pretty`]'s drawing that holds `row`.
    pub fn pretty_line(box_size: usize, row: usize) -> usize {
        row + row / box_size
    }

    /// The character column where `col`'s cells start in
    /// [`Alphabet::write_pretty`]'s drawing.
    pub fn pretty_column(self, box_size: usize, col: usize) -> usize {
        let width = self.cell_width(box_size * box_size);
        col * (width + 1) + (col / box_size) * 2
    }

    /// Characters a cell takes in a drawing: 1, or the digits of `side`
    /// for [`Alphabet::Numbers`].
    pub fn cell_width(self, side: usize) -> usize {
        match self {
            Alphabet::Numbers => side.to_string().len(),
            _ => 1,
        }
    }

    fn push_pretty_cell(self, digit: u8, width: usize, out: &mut String) {
        if digit == 0 {
            out.push_str(&" ".repeat(width - 1));
            out.push('\u{b7}');
        } else if self == Alphabet::Numbers {
            out.push_str(&format!("{digit:>width$}"));
        } else {
            out.push(self.symbol(digit));
        }
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
            "1 \u{b7} | \u{b7} \u{b7}\n\u{b7} \u{b7} | \u{b7} \u{b7}\n----+----\n\u{b7} \u{b7} | \u{b7} \u{b7}\n\u{b7} \u{b7} | \u{b7} 4\n"
        );
        assert_eq!(crate::parse_grid(&text).unwrap(), g);
    }

    #[test]
    fn every_size_and_alphabet_draws_cells_where_it_says_and_reads_back() {
        for box_size in 2..=5 {
            let side = box_size * box_size;
            let mut g = Grid::empty(box_size).unwrap();
            for i in 0..side {
                g.set(i, (i * box_size + i / box_size) % side, (i + 1) as u8);
            }
            let alphabets = [
                Alphabet::OneBased { blank: b'.' },
                Alphabet::ZeroBased { blank: b'.' },
                Alphabet::Numbers,
            ];
            for alphabet in alphabets {
                if alphabet == (Alphabet::ZeroBased { blank: b'.' }) && side != 16 {
                    continue;
                }
                let text = alphabet.write_pretty(&g);
                let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
                assert_eq!(lines.len(), side + box_size - 1);
                for row in 0..side {
                    for col in 0..side {
                        let line = &lines[Alphabet::pretty_line(box_size, row)];
                        let at = alphabet.pretty_column(box_size, col);
                        let width = alphabet.cell_width(side);
                        let cell: String = line[at..at + width].iter().collect();
                        let cell = cell.trim();
                        match g.get(row, col) {
                            0 => assert_eq!(cell, "\u{b7}"),
                            d if alphabet == Alphabet::Numbers => assert_eq!(cell, d.to_string()),
                            d => assert_eq!(cell, alphabet.symbol(d).to_string()),
                        }
                    }
                }
                let sixteen = match alphabet {
                    Alphabet::ZeroBased { .. } => crate::SixteenAlphabet::Hex,
                    _ => crate::SixteenAlphabet::Auto,
                };
                let back = crate::parse_puzzles_with(&text, sixteen).unwrap();
                assert_eq!(back[0].grid, g, "{alphabet:?} {side}x{side}:\n{text}");
            }
        }
    }
}
