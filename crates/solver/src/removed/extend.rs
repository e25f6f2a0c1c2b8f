//! The reconstruction stack: clauses taken out of the formula by
//! inprocessing, each with a witness literal, to turn a model of what is
//! left into a model of the formula as given (Järvisalo, Heule and Biere
//! 2012, "Inprocessing rules"; CaDiCaL's extension stack).
//!
//! Variable elimination pushes every clause of the eliminated variable,
//! its witness the variable's literal in it; substituting `r` for an
//! equivalent `x` pushes `x | !r` and `!x | r`, with witnesses `x` and
//! `!x`. [`Extension::extend`] walks the stack from the top: a clause not
//! satisfied by the values so far gets its witness set true. Clauses pushed
//! later were removed from a formula that no longer held the earlier ones'
//! variables, so the top-down walk fixes each variable after every variable
//! it depends on.
//!
//! The stack also keeps the clauses for [`Extension::drain`]: when a removed
//! variable is used again (a new clause or an assumption names it), the
//! solver adds the removed clauses back, newest first, after which every
//! variable is active once more. Newest first keeps each one RAT on its
//! witness in a proof: the clauses of the other sign are either back
//! already or resolved into clauses the proof holds, and a later removal
//! that took such a resolvent away is undone before (a resolvent of `x`
//! that was itself removed with a variable eliminated later is back once
//! that variable's clauses are).

use satoku_formula::Lit;

/// Removed clauses with their witnesses, oldest first.
#[derive(Default)]
pub(crate) struct Extension {
    /// Each entry: the witness, then the clause's literals.
    lits: Vec<Lit>,
    /// Where each entry starts in `lits`; an entry ends where the next starts.
    starts: Vec<usize>,
}

impl Extension {
    /// Whether nothing was removed.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Number of clauses on the stack.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Records `clause`, taken out of the formula, with `witness` (one of its literals).
    pub fn push(&mut self, witness: Lit, clause: &[Lit]) {
        debug_assert!(clause.contains(&witness));
        self.starts.push(self.lits.len());
        self.lits.push(witness);
        self.lits.extend_from_slice(clause);
    }

    /// The entries from the top of the stack down: (witness, clause).
    fn top_down(&self) -> impl Iterator<Item = (Lit, &[Lit])> {
        let ends = self.starts.iter().skip(1).copied().chain([self.lits.len()]);
        let entries: Vec<(usize, usize)> = self.starts.iter().copied().zip(ends).collect();
        entries
            .into_iter()
            .rev()
            .map(|(start, end)| (self.lits[start], &self.lits[start + 1..end]))
    }

    /// Turns `values` (one per variable, a model of the formula left) into
    /// a model of the formula before the removals.
    pub fn extend(&self, values: &mut [bool]) {
        let value = |values: &[bool], l: Lit| values[l.var().index()] == l.is_positive();
        for (witness, clause) in self.top_down() {
            if !clause.iter().any(|&l| value(values, l)) {
                values[witness.var().index()] = witness.is_positive();
            }
        }
    }

    /// Empties the stack, giving its clauses newest first (module docs),
    /// each with its witness first, where a DRAT checker looks for the RAT
    /// pivot.
    pub fn drain(&mut self) -> Vec<Vec<Lit>> {
        let clauses = self
            .top_down()
            .map(|(witness, lits)| {
                let mut clause = vec![witness];
                clause.extend(lits.iter().filter(|&&l| l != witness));
                clause
            })
            .collect();
        self.lits.clear();
        self.starts.clear();
        clauses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(d: &[i64]) -> Vec<Lit> {
        Lit::vec_from_dimacs(d)
    }

    #[test]
    fn an_eliminated_variable_takes_the_value_its_clauses_need() {
        // x1 eliminated from (1 2) (-1 3): the resolvent (2 3) is left.
        let mut ext = Extension::default();
        ext.push(Lit::from_dimacs(1), &lits(&[1, 2]));
        ext.push(Lit::from_dimacs(-1), &lits(&[-1, 3]));
        for (x2, x3) in [(false, true), (true, false), (true, true)] {
            for x1 in [false, true] {
                let mut values = vec![x1, x2, x3];
                ext.extend(&mut values);
                assert!(values[0] || values[1], "(1 2) under {values:?}");
                assert!(!values[0] || values[2], "(-1 3) under {values:?}");
            }
        }
    }

    #[test]
    fn later_removals_are_undone_first() {
        // x1 = x2 substituted (x1 -> x2), then x2 eliminated from (2 3).
        let mut ext = Extension::default();
        ext.push(Lit::from_dimacs(1), &lits(&[1, -2]));
        ext.push(Lit::from_dimacs(-1), &lits(&[-1, 2]));
        ext.push(Lit::from_dimacs(2), &lits(&[2, 3]));
        let mut values = vec![false, false, false];
        ext.extend(&mut values);
        assert_eq!(values, vec![true, true, false]);
    }

    #[test]
    fn drain_gives_the_clauses_back_newest_and_witness_first_and_empties() {
        let mut ext = Extension::default();
        ext.push(Lit::from_dimacs(-3), &lits(&[1, -3]));
        ext.push(Lit::from_dimacs(2), &lits(&[2]));
        assert_eq!(ext.len(), 2);
        assert_eq!(ext.drain(), vec![lits(&[2]), lits(&[-3, 1])]);
        assert!(ext.is_empty());
    }
}
