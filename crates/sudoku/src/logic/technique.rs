//! The techniques, easiest first, with their Sudoku Explainer score and
//! the grade their family stands for.

use std::fmt;

use crate::Difficulty;

/// A solving technique. The order is the order the solver tries them in:
/// by their Sudoku Explainer score, easiest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum Technique {
    /// The only place left for a digit in a row, column or block.
    HiddenSingle,
    /// A block's candidates for a digit lie in one row or column: the rest
    /// of that line loses the digit.
    Pointing,
    /// A line's candidates for a digit lie in one block: the rest of that
    /// block loses the digit.
    Claiming,
    /// The only digit left in a cell.
    NakedSingle,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two rows (or columns) whose candidates for a digit lie in two columns (rows).
    XWing,
    /// Two digits that fit only two cells of a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// The fish of three lines.
    Swordfish,
    /// Three digits that fit only three cells of a unit.
    HiddenTriple,
    /// A two-candidate pivot and two pincers that see it.
    XYWing,
    /// A three-candidate pivot and two two-candidate pincers.
    XYZWing,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// The fish of four lines.
    Jellyfish,
    /// Four digits that fit only four cells of a unit.
    HiddenQuad,
    /// A chain of strong and weak links on one digit.
    XChain,
    /// A chain of two-candidate cells.
    XYChain,
}

/// Every technique with its name and Sudoku Explainer score in tenths
/// (the one table `name`, `score` and `ALL` read).
const TABLE: [(Technique, &str, u8); 17] = [
    (Technique::HiddenSingle, "hidden single", 12),
    (Technique::Pointing, "pointing", 17),
    (Technique::Claiming, "claiming", 19),
    (Technique::NakedSingle, "naked single", 23),
    (Technique::NakedPair, "naked pair", 30),
    (Technique::XWing, "X-Wing", 32),
    (Technique::HiddenPair, "hidden pair", 34),
    (Technique::NakedTriple, "naked triple", 36),
    (Technique::Swordfish, "Swordfish", 38),
    (Technique::HiddenTriple, "hidden triple", 40),
    (Technique::XYWing, "XY-Wing", 42),
    (Technique::XYZWing, "XYZ-Wing", 44),
    (Technique::NakedQuad, "naked quad", 50),
    (Technique::Jellyfish, "Jellyfish", 52),
    (Technique::HiddenQuad, "hidden quad", 54),
    (Technique::XChain, "X-chain", 66),
    (Technique::XYChain, "XY-chain", 70),
];

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 17] = {
        let mut all = [Technique::HiddenSingle; 17];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    /// Its name as people write it (`X-Wing`, `hidden pair`).
    pub fn name(self) -> &'static str {
        TABLE[self as usize].1
    }

    /// Its Sudoku Explainer score in tenths (a hidden single in a block:
    /// 12; in a row or column it scores 15, see [`crate::logic::Step::score_tenths`]).
    pub fn score_tenths(self) -> u8 {
        TABLE[self as usize].2
    }

    /// The grade of its family: singles easy; locked candidates and subsets
    /// medium; fish and wings hard; chains expert.
    pub fn grade(self) -> Difficulty {
        use Technique::*;
        match self {
            HiddenSingle | NakedSingle => Difficulty::Easy,
            Pointing | Claiming | NakedPair | NakedTriple | NakedQuad | HiddenPair
            | HiddenTriple | HiddenQuad => Difficulty::Medium,
            XWing | Swordfish | Jellyfish | XYWing | XYZWing => Difficulty::Hard,
            XChain | XYChain => Difficulty::Expert,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_enum_order_and_by_score() {
        for (i, (t, _, _)) in TABLE.iter().enumerate() {
            assert_eq!(*t as usize, i);
            assert_eq!(Technique::ALL[i], *t);
        }
        assert!(TABLE.windows(2).all(|w| w[0].2 < w[1].2));
        assert_eq!(Technique::XWing.to_string(), "X-Wing");
        assert_eq!(Technique::NakedPair.grade(), Difficulty::Medium);
        assert_eq!(Technique::XYChain.grade(), Difficulty::Expert);
    }
}
