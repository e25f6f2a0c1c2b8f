//! Variables and literals.
//!
//! A [`Var`] is a 0-based index. A [`Lit`] packs a variable and a sign into one
//! `u32` as `2 * var + negated`, the MiniSat encoding: `lit.code()` indexes
//! per-literal arrays (watch lists, occurrence counts) directly and `!lit`
//! flips the low bit.

use std::fmt;
use std::ops::Not;

/// A Boolean variable, 0-based. DIMACS variable `n` is `Var::new(n - 1)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Var(u32);

/// The largest variable index a literal can hold (`2 * var + 1` must fit a `u32`).
pub const MAX_VAR_INDEX: u32 = (u32::MAX >> 1) - 1;

impl Var {
    /// The largest DIMACS variable number satoku accepts.
    pub const MAX_DIMACS: u32 = MAX_VAR_INDEX + 1;

    /// The variable with 0-based `index`.
    ///
    /// # Panics
    /// If `index` exceeds `Var::MAX_DIMACS - 1`.
    #[inline]
    pub fn new(index: u32) -> Var {
        assert!(
            index <= MAX_VAR_INDEX,
            "variable index {index} out of range"
        );
        Var(index)
    }

    /// The variable of DIMACS number `n` (1-based), or `None` if `n` is 0 or too large.
    #[inline]
    pub fn from_dimacs(n: u32) -> Option<Var> {
        if n == 0 || n > Self::MAX_DIMACS {
            None
        } else {
            Some(Var(n - 1))
        }
    }

    /// The 0-based index, for indexing per-variable arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The DIMACS number (1-based).
    #[inline]
    pub fn to_dimacs(self) -> u32 {
        self.0 + 1
    }

    /// The positive literal of this variable.
    #[inline]
    pub fn positive(self) -> Lit {
        Lit(self.0 << 1)
    }

    /// The negative literal of this variable.
    #[inline]
    pub fn negative(self) -> Lit {
        Lit((self.0 << 1) | 1)
    }

    /// The literal of this variable that is true when the variable has `value`.
    #[inline]
    pub fn lit(self, value: bool) -> Lit {
        Lit((self.0 << 1) | (!value) as u32)
    }
}

impl fmt::Debug for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.to_dimacs())
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

/// A literal: a variable or its negation, encoded as `2 * var + negated`.
///
/// `repr(transparent)` over `u32`, so solvers can keep literals and `u32`
/// header words in one arena.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Lit(u32);

impl Lit {
    /// The literal of `var`, negated when `negated` is true.
    #[inline]
    pub fn new(var: Var, negated: bool) -> Lit {
        Lit((var.0 << 1) | negated as u32)
    }

    /// The literal of a non-zero DIMACS integer (`-3` is the negation of variable 3).
    ///
    /// # Panics
    /// If `n` is 0 or its magnitude exceeds [`Var::MAX_DIMACS`].
    #[inline]
    pub fn from_dimacs(n: i64) -> Lit {
        Self::try_from_dimacs(n).unwrap_or_else(|| panic!("{n} is not a DIMACS literal"))
    }

    /// The literals of DIMACS integers, for tests and small examples:
    /// `Lit::vec_from_dimacs(&[1, -2])`.
    ///
    /// # Panics
    /// As [`Lit::from_dimacs`].
    pub fn vec_from_dimacs(ns: &[i64]) -> Vec<Lit> {
        ns.iter().map(|&n| Lit::from_dimacs(n)).collect()
    }

    /// Like [`Lit::from_dimacs`], but `None` for 0 or an out-of-range magnitude.
    #[inline]
    pub fn try_from_dimacs(n: i64) -> Option<Lit> {
        let magnitude = u32::try_from(n.unsigned_abs()).ok()?;
        Var::from_dimacs(magnitude).map(|v| Lit::new(v, n < 0))
    }

    /// The signed DIMACS integer of this literal.
    #[inline]
    pub fn to_dimacs(self) -> i64 {
        let n = i64::from(self.var().to_dimacs());
        if self.is_negated() {
            -n
        } else {
            n
        }
    }

    /// The literal with the given code (`2 * var + negated`).
    #[inline]
    pub fn from_code(code: u32) -> Lit {
        Lit(code)
    }

    /// The raw `u32` of this literal (its code).
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }

    /// The code `2 * var + negated`, for indexing per-literal arrays.
    #[inline]
    pub fn code(self) -> usize {
        self.0 as usize
    }

    /// The variable of this literal.
    #[inline]
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// Whether this is the negative literal of its variable.
    #[inline]
    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    /// Whether this is the positive literal of its variable.
    #[inline]
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }
}

impl Not for Lit {
    type Output = Lit;
    #[inline]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimacs_round_trip() {
        for n in [1i64, -1, 2, -2, 77, -77, i64::from(Var::MAX_DIMACS)] {
            assert_eq!(Lit::from_dimacs(n).to_dimacs(), n);
        }
    }

    #[test]
    fn encoding_is_minisat() {
        let x3 = Var::from_dimacs(3).unwrap();
        assert_eq!(x3.index(), 2);
        assert_eq!(x3.positive().code(), 4);
        assert_eq!(x3.negative().code(), 5);
        assert_eq!(!x3.positive(), x3.negative());
        assert_eq!(x3.lit(true), x3.positive());
        assert_eq!(x3.lit(false), x3.negative());
    }

    #[test]
    fn rejects_zero_and_overflow() {
        assert_eq!(Lit::try_from_dimacs(0), None);
        assert_eq!(Lit::try_from_dimacs(i64::from(Var::MAX_DIMACS) + 1), None);
        assert_eq!(Lit::try_from_dimacs(i64::MIN), None);
        assert_eq!(Var::from_dimacs(0), None);
    }
}
