//! Watch lists with blocking literals.
//!
//! `watches[lit]` lists the clauses whose `lits[0]` or `lits[1]` is `lit`;
//! they are visited when `lit` becomes false. Each watcher carries a blocker,
//! another literal of the clause: when it is true the clause is satisfied and
//! need not be opened (Chu, Harwood, Stuckey 2008; MiniSat 2.2). A binary
//! clause's blocker is its other literal and the watcher is flagged, so
//! propagation over binary clauses never touches the arena.

use crate::clause_db::ClauseRef;
use satoku_formula::Lit;

const BINARY: u32 = 1 << 31;

/// One entry of a watch list: 8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watcher {
    /// A literal of the clause other than the watched one.
    pub blocker: Lit,
    cref: u32,
}

impl Watcher {
    /// A watcher of clause `cref`; `binary` when the clause has two literals.
    #[inline]
    pub fn new(blocker: Lit, cref: ClauseRef, binary: bool) -> Watcher {
        debug_assert!(cref.0 & BINARY == 0);
        Watcher {
            blocker,
            cref: cref.0 | if binary { BINARY } else { 0 },
        }
    }

    /// The watched clause.
    #[inline]
    pub fn cref(self) -> ClauseRef {
        ClauseRef(self.cref & !BINARY)
    }

    /// Whether the clause is binary (its other literal is the blocker).
    #[inline]
    pub fn is_binary(self) -> bool {
        self.cref & BINARY != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_binary_flag() {
        let w = Watcher::new(Lit::from_dimacs(-3), ClauseRef(17), true);
        assert!(w.is_binary());
        assert_eq!(w.cref(), ClauseRef(17));
        assert_eq!(std::mem::size_of::<Watcher>(), 8);
        assert!(!Watcher::new(Lit::from_dimacs(1), ClauseRef(0), false).is_binary());
    }
}
