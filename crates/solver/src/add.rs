//! Adding clauses: from [`Lit`]s or DIMACS integers, one at a time or a
//! whole [`Cnf`], and the proof that must be set up before the first one.
//!
//! A clause is simplified against the root assignment before it is stored:
//! duplicates go, a tautology or a clause already satisfied is dropped, and
//! literals false at the root are removed (the shortened clause goes into
//! the proof, as it is RUP). What remains is a unit (assigned and
//! propagated at once), an empty clause (the formula is unsatisfiable) or
//! an arena clause watched on its first two literals.

use std::io::Write;

use satoku_formula::{Cnf, Lit};

use crate::clause_db::ClauseRef;
use crate::config::{Algorithm, SolverConfig};
use crate::proof::ProofFormat;
use crate::reason::Reason;
use crate::solver::Solver;
use crate::trail::{FALSE, TRUE};
use crate::watch;
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
    /// A solver holding every clause of `cnf`, sized by the variables its
    /// clauses use: a header declaring more variables allocates nothing for
    /// them, and models cover the used ones only (pad with
    /// `Model::resize(cnf.num_vars())`, which gives the others false).
    pub fn from_cnf(cnf: &Cnf, config: SolverConfig) -> Solver {
        let mut solver = Solver::new(config);
        solver.add_cnf(cnf);
        solver
    }

    /// Adds every clause of `cnf`, growing the solver to the variables its
    /// clauses use (not `cnf.num_vars()`, which a header may inflate).
    pub fn add_cnf(&mut self, cnf: &Cnf) {
        self.ensure_vars(cnf.used_vars());
        for clause in cnf {
            self.add_clause(clause);
        }
    }

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
        if self.num_clauses > 0 {
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

    /// Adds a clause of [`Lit`]s or of DIMACS `i32`s: `add_clause(&[a, b])`,
    /// `add_clause(&vec)`, `add_clause([1, -2])`. Duplicate literals and
    /// tautologies are fine; an empty clause makes the formula
    /// unsatisfiable.
    ///
    /// # Panics
    /// On a DIMACS literal `0` or `i32::MIN`, or a variable beyond
    /// [`Solver::MAX_VARS`].
    pub fn add_clause<L: ClauseLit>(&mut self, lits: impl AsRef<[L]>) {
        let mut clause = self.analysis.take_learnt();
        clause.clear();
        clause.extend(lits.as_ref().iter().map(|&l| l.to_lit()));
        self.add_lits(&mut clause);
        self.analysis.restore_learnt(clause);
    }

    /// Adds `clause` (the buffer is then scratch).
    fn add_lits(&mut self, clause: &mut Vec<Lit>) {
        let max_var = clause
            .iter()
            .map(|l| l.var().index() + 1)
            .max()
            .unwrap_or(0);
        self.ensure_vars(max_var);
        self.num_clauses += 1;
        if self.config.check_models || self.config.algorithm == Algorithm::Dpll {
            self.original.add_clause(clause);
        }
        if !self.ok {
            return;
        }
        if self.trail.decision_level() > 0 {
            self.backtrack(0);
        }
        clause.sort_unstable();
        clause.dedup();
        let tautology = clause.windows(2).any(|w| w[0] == !w[1]);
        let satisfied = clause.iter().any(|&l| self.trail.value(l) == TRUE);
        if !tautology && !satisfied {
            let before = clause.len();
            clause.retain(|&l| self.trail.value(l) != FALSE);
            if clause.len() < before {
                // The shortened clause is RUP: the removed literals are false at the root.
                self.proof.add(clause);
            }
            self.attach_input(clause);
        }
    }

    fn attach_input(&mut self, clause: &[Lit]) {
        match clause.len() {
            0 => self.ok = false,
            1 => {
                self.trail.assign(clause[0], Reason::NONE);
                self.schedule.root_unit_added();
                self.ok = self.propagate().is_none();
                if !self.ok {
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
        let lits = self.db.lits(cref);
        let (a, b) = (lits[0], lits[1]);
        if lits.len() == 2 {
            self.watches[a.code()].push(watch::binary_entry(b, false));
            self.watches[b.code()].push(watch::binary_entry(a, true));
        } else {
            watch::push_long(&mut self.watches[a.code()], b, cref);
            watch::push_long(&mut self.watches[b.code()], a, cref);
        }
    }
}
