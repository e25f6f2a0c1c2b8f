//! Adding clauses one at a time, from [`Lit`]s or DIMACS integers, and the
//! proof that must be set up before the first one (a whole formula:
//! `load.rs`).
//!
//! A clause is simplified against the root assignment before it is stored:
//! duplicates go, a tautology or a clause already satisfied is dropped, and
//! literals false at the root are removed (the shortened clause goes into
//! the proof, as it is RUP). What remains is a unit (assigned and
//! propagated at once), an empty clause (the formula is unsatisfiable) or
//! an arena clause watched on its first two literals.

use std::io::Write;

use satoku_formula::Lit;

use crate::api::config::Algorithm;
use crate::api::proof::ProofFormat;
use crate::search::clause_db::ClauseRef;
use crate::search::reason::Reason;
use crate::search::trail::{FALSE, TRUE};
use crate::solver::Solver;
use crate::Error;

mod sealed {
    pub trait Sealed {}
    impl Sealed for satoku_formula::Lit {}
    impl Sealed for i32 {}
}

/// What a clause can be given as: [`Lit`]s, or DIMACS literals as `i32`
/// (`3` is variable 3 true, `-3` false; variables count from 1).
pub trait ClauseLit: sealed::Sealed + Copy {
    /// The literal.
    ///
    /// # Panics
    /// For the DIMACS literals `0` and `i32::MIN`, which name no variable.
    fn to_lit(self) -> Lit;
}

impl ClauseLit for Lit {
    #[inline(always)]
    fn to_lit(self) -> Lit {
        self
    }
}

impl ClauseLit for i32 {
    #[inline]
    fn to_lit(self) -> Lit {
        assert!(
            self != 0 && self != i32::MIN,
            "{self} is not a DIMACS literal (0 ends a clause in DIMACS; \
             i32::MIN has no variable)"
        );
        Lit::from_dimacs(i64::from(self))
    }
}

impl Solver {
    /// Writes a DRAT proof of every UNSAT answer to `out`, for chaining
    /// before [`Solver::add_cnf`]:
    /// `Solver::new(config).with_proof(out, format)?`. As
    /// [`Solver::set_proof`].
    pub fn with_proof(
        mut self,
        out: Box<dyn Write + Send>,
        format: ProofFormat,
    ) -> Result<Solver, Error> {
        self.set_proof(out, format)?;
        Ok(self)
    }

    /// Writes a DRAT proof of every UNSAT answer to `out`. Must be called
    /// before any clause is added, so the proof covers every derivation.
    pub fn set_proof(
        &mut self,
        out: Box<dyn Write + Send>,
        format: ProofFormat,
    ) -> Result<(), Error> {
        if self.formula.num_clauses() > 0 {
            return Err(Error::ProofAfterClauses);
        }
        self.proof.start(out, format);
        Ok(())
    }

    /// Flushes the proof, returning its first write error, if any.
    pub fn finish_proof(&mut self) -> Result<(), Error> {
        self.proof.finish().map_err(Error::Proof)
    }

    /// Stops writing the proof and hands back its writer, flushed, or the
    /// first write error. `None` when no proof was being written. Later
    /// derivations are not logged.
    pub fn take_proof(&mut self) -> Option<Result<Box<dyn Write + Send>, Error>> {
        self.proof.take().map(|r| r.map_err(Error::Proof))
    }

    /// Adds a clause of [`Lit`]s or of DIMACS `i32`s, behind any reference
    /// to a slice: `add_clause(&[a, b])`, `add_clause(&vec)`,
    /// `add_clause(&[1, -2])`. (The clause is borrowed, not moved, so a
    /// `&mut Vec` argument stays usable after the call.) Duplicate literals
    /// and tautologies are fine; an empty clause makes the formula
    /// unsatisfiable.
    ///
    /// # Panics
    /// On a DIMACS literal `0` or `i32::MIN`, or a variable beyond
    /// [`Solver::MAX_VARS`].
    pub fn add_clause<L: ClauseLit, C: AsRef<[L]> + ?Sized>(&mut self, lits: &C) {
        let mut clause = self.analysis.take_learnt();
        clause.clear();
        clause.extend(lits.as_ref().iter().map(|&l| l.to_lit()));
        self.add_lits(&mut clause);
        self.analysis.restore_learnt(clause);
    }

    /// Adds `clause` (the buffer is then scratch).
    fn add_lits(&mut self, clause: &mut Vec<Lit>) {
        if self.simplify_input(clause) {
            if clause.len() >= 2 {
                self.db.note_input_length(clause.len());
            }
            self.attach_input(clause);
        }
    }

    /// Counts and copies `clause`, then simplifies it against the root
    /// (module docs); true when what remains must be stored.
    pub(crate) fn simplify_input(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.ensure_vars_of(clause);
        self.restore_if_removed(clause);
        let copy = self.keeps_copy();
        self.formula.add(clause, copy);
        if !self.answer.is_ok() {
            return false;
        }
        if self.trail.decision_level() > 0 {
            self.backtrack(0);
        }
        self.simplify_at_root(clause)
    }

    /// Whether a copy of the clauses as given is kept (`solver.rs` module
    /// docs): to check models, or for DPLL's pure literals.
    pub(crate) fn keeps_copy(&self) -> bool {
        self.config.check_models || self.config.algorithm == Algorithm::Dpll
    }

    /// Simplifies `clause`, counted and copied already, against the root
    /// assignment (module docs), at decision level 0 with the formula not
    /// yet refuted; true when what remains must be stored.
    pub(crate) fn simplify_at_root(&mut self, clause: &mut Vec<Lit>) -> bool {
        debug_assert!(self.answer.is_ok() && self.trail.decision_level() == 0);
        sort_clause(clause);
        // Sorted, a repeated variable sits next to itself: x, x or x, -x.
        if clause.windows(2).any(|w| w[0].var() == w[1].var()) {
            clause.dedup();
            if clause.windows(2).any(|w| w[0] == !w[1]) {
                // Out of the proof too: a clause with both `x` and `!x`
                // would block the RAT check of a removed clause put back on
                // `x` (`vars.rs`), as its resolvent keeps the pivot.
                self.proof.delete(clause);
                return false;
            }
        }
        if self.trail.len() == 0 {
            // Nothing assigned: no literal is true or false.
            return true;
        }
        if clause.iter().any(|&l| self.trail.value(l) == TRUE) {
            return false;
        }
        let before = clause.len();
        clause.retain(|&l| self.trail.value(l) != FALSE);
        if clause.len() < before {
            // The shortened clause is RUP: the removed literals are false at the root.
            self.proof.add(clause);
        }
        true
    }

    /// Stores a simplified clause: an empty one makes the formula
    /// unsatisfiable, a unit is assigned and propagated, a longer one is
    /// allocated and watched.
    pub(crate) fn attach_input(&mut self, clause: &[Lit]) {
        match clause.len() {
            0 => self.answer.refute(),
            1 => {
                self.trail.assign(clause[0], Reason::NONE);
                self.schedule.root_unit_added();
                if self.propagate().is_some() {
                    self.answer.refute();
                    self.proof.add(&[]);
                }
            }
            _ => {
                let cref = self.db.alloc(clause, false, 0);
                self.attach(cref);
            }
        }
    }

    /// Watches the first two literals of `cref`.
    pub(crate) fn attach(&mut self, cref: ClauseRef) {
        self.watches.attach(self.db.lits(cref), cref);
    }
}

/// Sorts `clause` as [`slice::sort_unstable`] does, with a branch-free
/// network for the two- and three-literal clauses most formulas are made
/// of (the general sort mispredicts a branch or two on each).
#[inline]
fn sort_clause(clause: &mut [Lit]) {
    match clause {
        [a, b] => order(a, b),
        [a, b, c] => {
            order(a, b);
            order(b, c);
            order(a, b);
        }
        _ => clause.sort_unstable(),
    }
}

/// Puts the smaller of `a` and `b` in `a`.
#[inline(always)]
fn order(a: &mut Lit, b: &mut Lit) {
    let (x, y) = (*a, *b);
    *a = x.min(y);
    *b = x.max(y);
}

#[cfg(test)]
mod tests {
    use satoku_formula::{Cnf, Lit};

    use crate::{SolveResult, Solver, SolverConfig};

    #[test]
    fn short_clauses_sort_as_the_general_sort_does() {
        // Every clause of up to four literals over x1, x2 and their negations.
        let lits = Lit::vec_from_dimacs(&[1, -1, 2, -2]);
        for len in 0..=4u32 {
            for n in 0..4usize.pow(len) {
                let clause: Vec<Lit> = (0..len).map(|i| lits[n / 4usize.pow(i) % 4]).collect();
                let (mut fast, mut general) = (clause.clone(), clause);
                super::sort_clause(&mut fast);
                general.sort_unstable();
                assert_eq!(fast, general);
            }
        }
    }

    #[test]
    fn from_cnf_sizes_by_the_variables_used() {
        let mut cnf = Cnf::new();
        cnf.ensure_vars(1 << 28);
        cnf.add_clause(&[Lit::from_dimacs(-2)]);
        let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
        assert_eq!(solver.num_vars(), 2);
        let SolveResult::Sat(mut model) = solver.solve() else {
            panic!("satisfiable");
        };
        model.resize(5);
        assert_eq!(model.values(), &[false; 5]);
    }

    #[test]
    fn dimacs_and_lit_clauses_are_the_same() {
        let mut a = Solver::default();
        a.add_clause(&[1, -2]);
        a.add_clause(&vec![2]);
        let mut b = Solver::default();
        b.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(-2)]);
        b.add_clause(&vec![Lit::from_dimacs(2)]);
        assert_eq!(a.solve(), b.solve());
        assert_eq!((a.num_vars(), a.num_clauses()), (2, 2));
        let v = a.new_var();
        assert_eq!(
            (v.index(), a.new_lit(), a.num_vars()),
            (2, Lit::from_dimacs(4), 4)
        );
    }

    #[test]
    #[should_panic(expected = "0 is not a DIMACS literal")]
    fn a_zero_dimacs_literal_panics() {
        Solver::default().add_clause(&[1, 0]);
    }

    #[test]
    fn no_copy_without_model_checks_but_clauses_are_counted() {
        let mut solver = Solver::new(SolverConfig {
            check_models: false,
            ..SolverConfig::default()
        });
        solver.add_clause(&[1, 2]);
        solver.add_clause(&[-1]);
        assert_eq!(
            (solver.num_clauses(), solver.formula.copy().num_clauses()),
            (2, 0)
        );
        let buf: Box<dyn std::io::Write + Send> = Box::new(Vec::new());
        assert!(solver.set_proof(buf, crate::ProofFormat::Text).is_err());
        assert!(
            matches!(solver.solve(), SolveResult::Sat(m) if m.value(Lit::from_dimacs(2).var()))
        );
    }

    #[test]
    fn dpll_skips_pure_literals_when_the_copy_misses_clauses() {
        // Pure literals counted on (1 | 3) alone would set x1 and refute
        // the formula, which x1 false and x3 true satisfy.
        let mut solver = Solver::new(SolverConfig {
            check_models: false,
            ..SolverConfig::default()
        });
        solver.add_clause(&[-1, 2]);
        solver.add_clause(&[-1, -2]);
        solver.config_mut().check_models = true;
        solver.add_clause(&[1, 3]);
        solver.config_mut().algorithm = crate::Algorithm::Dpll;
        assert!(!solver.copy_is_complete());
        let SolveResult::Sat(model) = solver.solve() else {
            panic!("satisfiable");
        };
        assert!(!model.value(Lit::from_dimacs(1).var()) && model.value(Lit::from_dimacs(3).var()));
    }

    #[test]
    fn the_proof_writer_comes_back() {
        let out: Box<dyn std::io::Write + Send> = Box::new(Vec::new());
        let mut solver = Solver::new(SolverConfig::default())
            .with_proof(out, crate::ProofFormat::Text)
            .unwrap();
        solver.add_clause(&[1]);
        solver.add_clause(&[-1]);
        assert_eq!(solver.solve(), SolveResult::Unsat);
        assert!(solver.take_proof().unwrap().is_ok());
        assert!(solver.take_proof().is_none());
    }
}
