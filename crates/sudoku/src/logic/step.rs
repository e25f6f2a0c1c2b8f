//! A step is data: the technique, the cells, digits and units that justify
//! it, and the placements or eliminations it makes. `Display` writes it as
//! one sentence with the coordinates a person reads (`r3c7`, `box 5`),
//! digits as numbers; [`Step::in_symbols`] writes them in a grid's own
//! symbols (`A` for 10 on a 16x16 grid written `1-9A-G`).

use std::fmt::{self, Write};

use crate::logic::Technique;
use crate::{Alphabet, Unit};

/// A digit in a cell (0-based row and column): a placement or an elimination.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Candidate {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
    /// The digit, `1..=side`.
    pub digit: u8,
}

/// A list that holds zero or one item without allocating: a single's
/// step has one of each thing, and a solve takes dozens of singles.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Few<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> Few<T> {
    fn as_slice(&self) -> &[T] {
        match self {
            Few::One(x) => std::slice::from_ref(x),
            Few::Many(v) => v,
        }
    }
}

/// One deduction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    technique: Technique,
    digits: Few<u8>,
    cells: Few<(usize, usize)>,
    units: Few<Unit>,
    placements: Few<Candidate>,
    eliminations: Vec<Candidate>,
}

impl Step {
    /// A step of `technique` justified by `digits` in `cells` of `units`.
    pub(crate) fn new(
        technique: Technique,
        digits: Vec<u8>,
        cells: Vec<(usize, usize)>,
        units: Vec<Unit>,
    ) -> Step {
        Step {
            technique,
            digits: Few::Many(digits),
            cells: Few::Many(cells),
            units: Few::Many(units),
            placements: Few::Many(Vec::new()),
            eliminations: Vec::new(),
        }
    }

    /// A single: `placement` justified by its cell (and for a hidden
    /// single the unit it is the only place in), with no allocation.
    pub(crate) fn single(technique: Technique, placement: Candidate, unit: Option<Unit>) -> Step {
        Step {
            technique,
            digits: Few::One(placement.digit),
            cells: Few::One((placement.row, placement.col)),
            units: unit.map_or(Few::Many(Vec::new()), Few::One),
            placements: Few::One(placement),
            eliminations: Vec::new(),
        }
    }

    /// This step, eliminating `eliminations`.
    pub(crate) fn eliminating(mut self, eliminations: Vec<Candidate>) -> Step {
        self.eliminations = eliminations;
        self
    }

    /// The technique.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The digits the reasoning is about (for an XY-chain: the digit of
    /// each link, one more than the cells).
    pub fn digits(&self) -> &[u8] {
        self.digits.as_slice()
    }

    /// The cells that justify the step (0-based row, col), to highlight;
    /// a chain's cells in chain order.
    pub fn cells(&self) -> &[(usize, usize)] {
        self.cells.as_slice()
    }

    /// The units the reasoning is in (for a fish: the base lines, then the cover lines).
    pub fn units(&self) -> &[Unit] {
        self.units.as_slice()
    }

    /// The digits it places (one for a single, none otherwise).
    pub fn placements(&self) -> &[Candidate] {
        self.placements.as_slice()
    }

    /// The candidates it removes.
    pub fn eliminations(&self) -> &[Candidate] {
        &self.eliminations
    }

    /// Its Sudoku Explainer score in tenths: the technique's, except that a
    /// hidden single in a row or column scores 1.5 (in a block 1.2).
    pub fn score_tenths(&self) -> u8 {
        match (self.technique, self.units().first()) {
            (Technique::HiddenSingle, Some(Unit::Row(_) | Unit::Col(_))) => 15,
            (t, _) => t.score_tenths(),
        }
    }
}

/// `r3c7`.
pub(crate) struct At(pub(crate) (usize, usize));

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0 .0 + 1, self.0 .1 + 1)
    }
}

/// `row 3`, `column 7`, `box 5`.
struct Named(Unit);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Col(c) => write!(f, "column {}", c + 1),
            Unit::Block(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// Items joined by `sep`.
fn join<T: fmt::Display>(items: impl IntoIterator<Item = T>, sep: &str) -> String {
    let mut out = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        write!(out, "{item}").expect("writing to a String");
    }
    out
}

/// `r1c2, r1c5`.
fn cells(cells: &[(usize, usize)]) -> String {
    join(cells.iter().map(|&c| At(c)), ", ")
}

/// `{3,8}`.
fn digit_set(digits: &[u8], alphabet: Alphabet) -> String {
    format!(
        "{{{}}}",
        join(digits.iter().map(|&d| alphabet.name(d)), ",")
    )
}

/// `removes 3 from r1c7, 8 from r1c9`, grouping by digit.
fn removals(eliminations: &[Candidate], alphabet: Alphabet) -> String {
    let mut by_digit: Vec<(u8, Vec<(usize, usize)>)> = Vec::new();
    for e in eliminations {
        match by_digit.iter_mut().find(|(d, _)| *d == e.digit) {
            Some((_, at)) => at.push((e.row, e.col)),
            None => by_digit.push((e.digit, vec![(e.row, e.col)])),
        }
    }
    let parts = by_digit
        .iter()
        .map(|(d, at)| format!("{} from {}", alphabet.name(*d), cells(at)));
    format!("removes {}", join(parts, "; "))
}

/// A step's sentence with its digits in an alphabet's symbols.
pub struct InSymbols<'a> {
    step: &'a Step,
    alphabet: Alphabet,
}

impl Step {
    /// The sentence with its digits written in `alphabet`'s symbols, as
    /// the grid shows them (`so r2c4 = A` on a 16x16 grid written
    /// `1-9A-G`); `Display` writes numbers (`so r2c4 = 10`).
    pub fn in_symbols(&self, alphabet: Alphabet) -> InSymbols<'_> {
        InSymbols {
            step: self,
            alphabet,
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_sentence(f, Alphabet::Numbers)
    }
}

impl fmt::Display for InSymbols<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.step.write_sentence(f, self.alphabet)
    }
}

impl Step {
    fn write_sentence(&self, f: &mut fmt::Formatter<'_>, alphabet: Alphabet) -> fmt::Result {
        use Technique::*;
        let t = self.technique;
        let name = t.name();
        let capital = name[..1].to_uppercase() + &name[1..];
        let units = join(self.units().iter().map(|&u| Named(u)), ", ");
        let digits = digit_set(self.digits(), alphabet);
        let first = self
            .digits()
            .first()
            .map_or(String::new(), |&d| alphabet.name(d));
        let removes = removals(&self.eliminations, alphabet);
        match t {
            HiddenSingle | NakedSingle => {
                let p = self.placements()[0];
                let at = At((p.row, p.col));
                let d = alphabet.name(p.digit);
                if t == HiddenSingle {
                    write!(
                        f,
                        "{capital}: in {units}, {d} fits only {at}, so {at} = {d}"
                    )
                } else {
                    write!(f, "{capital}: {at} can only be {d}")
                }
            }
            Pointing | Claiming => write!(
                f,
                "Locked candidates ({name}): in {}, {first} lies only in {} ({}), which {removes}",
                Named(self.units()[0]),
                Named(self.units()[1]),
                cells(self.cells())
            ),
            NakedPair | NakedTriple | NakedQuad => write!(
                f,
                "{capital}: {} hold only {digits} in {units}, which {removes}",
                cells(self.cells())
            ),
            HiddenPair | HiddenTriple | HiddenQuad => write!(
                f,
                "{capital}: in {units}, {digits} fit only {}, which {removes}",
                cells(self.cells())
            ),
            XWing | Swordfish | Jellyfish => {
                let k = self.units().len() / 2;
                write!(
                    f,
                    "{name} on {first}: {} have it only in {}, which {removes}",
                    join(self.units()[..k].iter().map(|&u| Named(u)), ", "),
                    join(self.units()[k..].iter().map(|&u| Named(u)), ", ")
                )
            }
            XYWing | XYZWing => write!(
                f,
                "{name}: pivot {} with pincers {}: one of them holds {first}, which {removes}",
                At(self.cells()[0]),
                cells(&self.cells()[1..]),
            ),
            XChain | XYChain => f.write_str(&self.chain_sentence(&removes, alphabet)),
        }
    }
}

impl Step {
    /// The sentence of an X-chain (`=` strong links, `-` weak links) or an
    /// XY-chain (each cell with the digit it is not, then the one it is).
    fn chain_sentence(&self, removes: &str, alphabet: Alphabet) -> String {
        let (name, cells) = (self.technique.name(), self.cells());
        let digits: Vec<String> = self.digits().iter().map(|&d| alphabet.name(d)).collect();
        if self.technique == Technique::XChain {
            let mut chain = At(cells[0]).to_string();
            for (i, &c) in cells.iter().enumerate().skip(1) {
                let link = if i % 2 == 1 { " = " } else { " - " };
                chain += &format!("{link}{}", At(c));
            }
            return format!(
                "{name} on {}: {chain} (one end holds it), which {removes}",
                digits[0]
            );
        }
        let links = cells
            .iter()
            .enumerate()
            .map(|(i, &c)| format!("{} ({}={})", At(c), digits[i], digits[i + 1]));
        format!(
            "{name}: {} (one end holds {}), which {removes}",
            join(links, " - "),
            digits[0]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DEFAULT_ALPHABET;

    #[test]
    fn a_sentence_names_digits_in_the_grids_symbols() {
        let ten = Candidate {
            row: 1,
            col: 3,
            digit: 10,
        };
        let single = Step::single(Technique::HiddenSingle, ten, Some(Unit::Block(1)));
        assert_eq!(
            single.to_string(),
            "Hidden single: in box 2, 10 fits only r2c4, so r2c4 = 10"
        );
        assert_eq!(
            single.in_symbols(DEFAULT_ALPHABET).to_string(),
            "Hidden single: in box 2, A fits only r2c4, so r2c4 = A"
        );
        let hex = Alphabet::ZeroBased { blank: b'.' };
        let removed = Candidate { digit: 25, ..ten };
        let pair = Step::new(
            Technique::NakedPair,
            vec![16, 25],
            vec![(0, 0), (0, 1)],
            vec![Unit::Row(0)],
        )
        .eliminating(vec![removed]);
        assert_eq!(
            pair.in_symbols(DEFAULT_ALPHABET).to_string(),
            "Naked pair: r1c1, r1c2 hold only {G,P} in row 1, which removes P from r2c4"
        );
        assert_eq!(
            single.in_symbols(hex).to_string(),
            "Hidden single: in box 2, 9 fits only r2c4, so r2c4 = 9"
        );
    }
}
