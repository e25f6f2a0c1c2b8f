//! One cell as the player left it: a digit (0 for none) and pencil marks.

/// The pencil marks of a cell: a set of digits 1 to 32 (bit `d - 1` for
/// digit `d`). No marks at all means the player has not pencilled the
/// cell: any digit its peers allow may go there.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Marks(u32);

impl Marks {
    /// No marks.
    pub const NONE: Marks = Marks(0);

    /// The marks `digits`; `None` when one is outside 1 to 32.
    pub fn from_digits(digits: impl IntoIterator<Item = u8>) -> Option<Marks> {
        digits.into_iter().try_fold(Marks::NONE, |marks, d| {
            (1..=32).contains(&d).then(|| Marks(marks.0 | 1 << (d - 1)))
        })
    }

    /// Whether digit `d` is pencilled in.
    pub fn contains(self, d: u8) -> bool {
        (1..=32).contains(&d) && self.0 & (1 << (d - 1)) != 0
    }

    /// Whether no digit is pencilled in.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the marks leave digit `d` possible: they hold it, or there
    /// are none.
    pub fn allows(self, d: u8) -> bool {
        self.is_empty() || self.contains(d)
    }

    /// The marks with digit `d` (1 to 32) switched on or off.
    pub fn toggled(self, d: u8) -> Marks {
        Marks(self.0 ^ (1 << (d - 1)))
    }

    /// The digits pencilled in, smallest first.
    pub fn digits(self) -> impl Iterator<Item = u8> {
        (1..=32).filter(move |&d| self.contains(d))
    }

    /// The largest digit pencilled in (0 for none).
    pub fn max_digit(self) -> u8 {
        (32 - self.0.leading_zeros()) as u8
    }
}

/// One cell: a digit (0 for none) and pencil marks, which only an open
/// cell keeps (a digit put in a cell takes its marks away).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    digit: u8,
    marks: Marks,
}

impl Cell {
    /// A cell holding `digit` (0 for none); the marks count only while
    /// it is 0.
    pub fn new(digit: u8, marks: Marks) -> Cell {
        let marks = if digit == 0 { marks } else { Marks::NONE };
        Cell { digit, marks }
    }

    /// The digit, 0 for none.
    pub fn digit(self) -> u8 {
        self.digit
    }

    /// The pencil marks (none on a filled cell).
    pub fn marks(self) -> Marks {
        self.marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_hold_digits_and_none_allows_every_digit() {
        let marks = Marks::from_digits([1, 7, 9]).unwrap();
        assert_eq!(marks.digits().collect::<Vec<_>>(), [1, 7, 9]);
        assert_eq!(marks.max_digit(), 9);
        assert!(marks.allows(7) && !marks.allows(2));
        assert!(Marks::NONE.allows(2) && Marks::NONE.is_empty());
        assert_eq!(
            marks.toggled(7).toggled(2),
            Marks::from_digits([1, 2, 9]).unwrap()
        );
        assert_eq!(Marks::from_digits([0]), None);
        assert_eq!(Marks::from_digits([33]), None);
        assert_eq!(Marks::from_digits([32]).unwrap().max_digit(), 32);
        assert_eq!(Cell::new(4, marks).marks(), Marks::NONE);
    }
}
