//! Why an assigned variable has its value, in one 32-bit word.
//!
//! A reason is one of: none (a decision, an assumption, a root unit or a
//! pure literal), the implicit binary clause `(lit ∨ other)` that implied
//! `lit`, naming only `other`, or a long clause of the arena. The three share
//! the space of one `u32` as MiniSat's `CRef` does: arena offsets stay below
//! 2^31, the top bit tags a binary reason (literal codes stay below 2^30,
//! `watch::MAX_VARS`), and `u32::MAX` is none. Assigning writes one word and
//! analysis reads one word, so the packing costs nothing over a bare offset.

use satoku_formula::Lit;

use crate::search::clause_db::ClauseRef;

/// Tag of an implicit binary reason.
const BINARY: u32 = 1 << 31;
/// No reason.
const NONE: u32 = u32::MAX;

/// The reason of an assignment, packed (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reason(u32);

/// A [`Reason`] unpacked, to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReasonKind {
    /// A decision, an assumption, a root unit or a pure literal.
    None,
    /// Implied by the binary clause with this other literal.
    Binary(Lit),
    /// Implied by this long clause.
    Long(ClauseRef),
}

impl Reason {
    /// No reason.
    pub const NONE: Reason = Reason(NONE);

    /// Implied by binary clause `(lit ∨ other)`.
    #[inline(always)]
    pub fn binary(other: Lit) -> Reason {
        Reason(BINARY | other.raw())
    }

    /// Implied by long clause `cref`.
    #[inline(always)]
    pub fn long(cref: ClauseRef) -> Reason {
        debug_assert!(cref.offset() & BINARY == 0);
        Reason(cref.offset())
    }

    /// Whether this is no reason (a decision or a fact).
    #[inline(always)]
    pub fn is_none(self) -> bool {
        self.0 == NONE
    }

    /// The arena clause of a long reason.
    #[inline(always)]
    pub fn clause(self) -> Option<ClauseRef> {
        (self.0 & BINARY == 0).then_some(ClauseRef::from_offset(self.0))
    }

    /// The reason unpacked.
    #[inline(always)]
    pub fn kind(self) -> ReasonKind {
        if self.0 == NONE {
            ReasonKind::None
        } else if self.0 & BINARY != 0 {
            ReasonKind::Binary(Lit::from_code(self.0 & !BINARY))
        } else {
            ReasonKind::Long(ClauseRef::from_offset(self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        let lit = Lit::from_dimacs(-7);
        assert_eq!(Reason::NONE.kind(), ReasonKind::None);
        assert_eq!(Reason::binary(lit).kind(), ReasonKind::Binary(lit));
        let cref = ClauseRef::from_offset(12);
        assert_eq!(Reason::long(cref).kind(), ReasonKind::Long(cref));
        assert_eq!(Reason::long(cref).clause(), Some(cref));
        assert_eq!(Reason::binary(lit).clause(), None);
        assert!(Reason::NONE.is_none() && !Reason::binary(lit).is_none());
    }
}
