//! Loading a whole formula: [`Solver::from_cnf`] and [`Solver::add_cnf`]
//! (a slice at a time: [`SlicedLoad`](crate::SlicedLoad), `load_sliced.rs`).
//!
//! Each clause is simplified as [`Solver::add_clause`] does (`add.rs`), but
//! watching is deferred: the clauses stored since the last root unit are
//! watched together, just before the next unit is propagated and at the
//! end. Many clauses at once are watched by [`Watches::attach_all`](crate::search::watch::Watches::attach_all), which
//! groups the entries by literal so that each list is sized once and
//! filled while it sits in cache, instead of two cache misses an entry on
//! formulas of millions of literals. The copy of the formula kept for
//! model checks (`solver.rs`) is taken in bulk, a few thousand clauses at
//! a time. The entries and their order are those of adding the clauses
//! one at a time, so the search that follows is the same.
//!
//! Loading checks the interrupt flag and the time limit of the
//! configuration every few thousand clauses (the limit counted from the
//! start of the call): a formula of millions of clauses takes seconds to
//! load. An interrupted load leaves the solver without the rest of the
//! formula, so every later `solve` answers `Unknown`.

use std::ops::Range;

use web_time::Instant;

use satoku_formula::{Cnf, Lit};

use crate::api::config::SolverConfig;
use crate::api::limits;
use crate::search::watch::Pending;
use crate::solver::Solver;

/// Clauses between two checks of the interrupt flag and the clock.
const CHECK_INTERVAL: usize = 1 << 14;

impl Solver {
    /// A solver holding every clause of `cnf`, sized by the variables its
    /// clauses use: a header declaring more variables allocates nothing for
    /// them, and models cover the used ones only (pad with
    /// `Model::resize(cnf.num_vars())`, which gives the others false).
    /// With a proof: `Solver::new(config).with_proof(out, format)?`, then
    /// [`Solver::add_cnf`]. Stops early as [`Solver::add_cnf`] does.
    pub fn from_cnf(cnf: &Cnf, config: SolverConfig) -> Solver {
        let mut solver = Solver::new(config);
        solver.add_cnf(cnf);
        solver
    }

    /// Adds every clause of `cnf`, growing the solver to the variables its
    /// clauses use (not `cnf.num_vars()`, which a header may inflate).
    ///
    /// When the configuration's interrupt flag is set, or its `time_limit`
    /// (counted from the start of this call) passes, loading stops: the
    /// remaining clauses are not added, [`Solver::is_complete`] turns false
    /// and every later `solve` answers `Unknown`.
    pub fn add_cnf(&mut self, cnf: &Cnf) {
        let copy = self.keeps_copy();
        self.load(cnf, copy);
    }

    /// [`Solver::add_cnf`] taking `cnf` by value: when a copy of the
    /// clauses is kept (`solver.rs` module docs) and holds none yet, `cnf`
    /// becomes that copy instead of being copied (its variables beyond the
    /// solver's are dropped). Models are checked against it all the same.
    pub fn add_cnf_owned(&mut self, mut cnf: Cnf) {
        if !self.keeps_copy() || self.formula.copy().num_clauses() > 0 {
            self.add_cnf(&cnf);
            return;
        }
        let loaded = self.load(&cnf, false);
        cnf.truncate(loaded);
        self.formula.adopt_copy(cnf);
    }

    /// Loads the clauses of `cnf` (module docs), copying them into the
    /// copy kept for model checks if `copy`; the number of clauses loaded
    /// (fewer than all when stopped).
    fn load(&mut self, cnf: &Cnf, copy: bool) -> usize {
        self.prepare_load(cnf);
        let deadline = self.config.time_limit.map(|t| Instant::now() + t);
        let mut unwatched = self.db.originals().len();
        let n = cnf.num_clauses();
        let mut loaded = 0;
        while loaded < n {
            if loaded > 0 && limits::interrupted(&self.config, deadline) {
                self.answer.mark_incomplete();
                break;
            }
            let chunk = loaded..n.min(loaded + CHECK_INTERVAL);
            loaded = chunk.end;
            self.load_range(cnf, chunk, copy, &mut unwatched);
        }
        self.attach_originals(unwatched);
        loaded
    }

    /// Before the clauses of `cnf` are loaded: the variables they use, the
    /// removed clauses put back if they name a removed variable, the root.
    pub(crate) fn prepare_load(&mut self, cnf: &Cnf) {
        self.ensure_vars(cnf.used_vars());
        // A clause naming a removed variable puts the removed clauses back
        // (`vars.rs`): first, so that no unit propagates over a batch not
        // yet watched.
        if self.vars.num_removed() > 0 && cnf.clauses().any(|c| self.names_removed(c)) {
            self.restore_removed();
        }
        self.backtrack(0);
    }

    /// Loads the clauses `range` of `cnf` (after [`Solver::prepare_load`]),
    /// copying them if `copy`; the long ones stay unwatched from index
    /// `unwatched` of the originals on until the next unit or
    /// [`Solver::attach_originals`].
    pub(crate) fn load_range(
        &mut self,
        cnf: &Cnf,
        range: Range<usize>,
        copy: bool,
        unwatched: &mut usize,
    ) {
        let mut clause = self.analysis.take_learnt();
        self.formula.add_range(cnf, range.clone(), copy);
        for i in range {
            if self.answer.is_ok() {
                clause.clear();
                clause.extend_from_slice(cnf.clause(i));
                self.load_clause(&mut clause, unwatched);
            }
        }
        self.analysis.restore_learnt(clause);
    }

    /// Whether the solver holds every clause it was given: false after
    /// [`Solver::add_cnf`] was stopped by an interrupt or its time limit.
    pub fn is_complete(&self) -> bool {
        !self.answer.is_incomplete()
    }

    /// Simplifies and stores `clause` (counted and copied already), leaving
    /// a long one unwatched; watches the originals from `unwatched` on
    /// before a unit is propagated.
    fn load_clause(&mut self, clause: &mut Vec<Lit>, unwatched: &mut usize) {
        if !self.simplify_at_root(clause) {
            return;
        }
        if clause.len() >= 2 {
            self.db.note_input_length(clause.len());
            self.db.alloc(clause, false, 0);
        } else {
            // A unit propagates over the watches: every clause must be in them.
            self.attach_originals(*unwatched);
            *unwatched = self.db.originals().len();
            self.attach_input(clause);
        }
    }

    /// Watches the original clauses from index `from` on, in order: one by
    /// one when they are few, else all at once
    /// ([`Watches::attach_all`](crate::search::watch::Watches::attach_all)).
    pub(crate) fn attach_originals(&mut self, from: usize) {
        let count = self.db.originals().len() - from;
        // Grouping costs a pass over every list: worth it for many clauses only.
        if count < self.watches.num_lists() / 4 {
            for i in from..self.db.originals().len() {
                self.attach(self.db.originals()[i]);
            }
            return;
        }
        let db = &self.db;
        self.watches.attach_all(|| {
            db.originals()[from..]
                .iter()
                .map(|&cref| Pending::of_clause(db.lits(cref), cref))
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use satoku_formula::{Cnf, Lit};

    use crate::search::watch::Watches;
    use crate::{SolveResult, Solver, SolverConfig};

    /// Every watch list of `solver`, as words.
    fn watch_lists(solver: &Solver) -> Watches {
        solver.watches.clone()
    }

    #[test]
    fn loading_watches_exactly_as_adding_one_by_one() {
        // Random 3-SAT with units and binary clauses mixed in, so batches
        // are cut by units that propagate.
        // Over 2^14 clauses (the copy comes in several chunks) and 2^11
        // literals (the grouped watching in several groups); duplicates, a
        // tautology and a clause that a unit shortens.
        let mut cnf = satoku_gen::random_ksat(3000, 40_000, 3, 5);
        for (i, extra) in [[4, -7], [-9, 12], [15, 2]].iter().enumerate() {
            cnf.add_clause(&extra.map(Lit::from_dimacs));
            cnf.add_clause(&[Lit::from_dimacs(3 * i as i64 + 20)]);
        }
        for extra in [&[1, 2, 3][..], &[5, 5, -6], &[7, -8, -7], &[-20, 30, 31]] {
            cnf.add_clause(&Lit::vec_from_dimacs(extra));
        }
        let loaded = Solver::from_cnf(&cnf, SolverConfig::default());
        let mut one_by_one = Solver::new(SolverConfig::default());
        one_by_one.ensure_vars(cnf.used_vars());
        for clause in &cnf {
            one_by_one.add_clause(clause);
        }
        assert_eq!(watch_lists(&loaded), watch_lists(&one_by_one));
        assert_eq!(loaded.trail.lits(), one_by_one.trail.lits());
        assert_eq!(loaded.num_clauses(), one_by_one.num_clauses());
        assert_eq!(loaded.formula.copy(), &cnf);
        assert_eq!(loaded.db.originals(), one_by_one.db.originals());
        assert!(loaded.is_complete());
    }

    #[test]
    fn an_interrupted_load_answers_unknown() {
        let cnf = satoku_gen::random_ksat(100, 100_000, 3, 1);
        let flag = Arc::new(AtomicBool::new(true));
        let config = SolverConfig {
            interrupt: Some(flag.clone()),
            ..SolverConfig::default()
        };
        let mut solver = Solver::from_cnf(&cnf, config);
        assert!(!solver.is_complete());
        assert!(solver.num_clauses() < 100_000);
        flag.store(false, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(solver.solve(), SolveResult::Unknown);
    }

    #[test]
    fn a_load_past_its_time_limit_stops() {
        let cnf = satoku_gen::random_ksat(100, 100_000, 3, 1);
        let config = SolverConfig {
            time_limit: Some(std::time::Duration::ZERO),
            ..SolverConfig::default()
        };
        let solver = Solver::from_cnf(&cnf, config);
        assert!(!solver.is_complete());
        assert_eq!(solver.num_clauses(), 1 << 14);
        let complete = Solver::from_cnf(&Cnf::new(), SolverConfig::default());
        assert!(complete.is_complete());

        let config = SolverConfig {
            time_limit: Some(std::time::Duration::ZERO),
            ..SolverConfig::default()
        };
        let mut owned = Solver::new(config);
        owned.add_cnf_owned(cnf);
        assert_eq!(owned.num_clauses(), 1 << 14);
        assert!(owned.copy_is_complete());
    }

    #[test]
    fn an_owned_formula_becomes_the_copy_without_its_unused_vars() {
        let mut cnf = satoku_gen::random_ksat(3000, 9000, 3, 2);
        cnf.add_clause(&[Lit::from_dimacs(5)]);
        cnf.ensure_vars(1 << 20);
        let borrowed = Solver::from_cnf(&cnf, SolverConfig::default());
        let mut owned = Solver::new(SolverConfig::default());
        owned.add_cnf_owned(cnf.clone());
        assert_eq!(watch_lists(&owned), watch_lists(&borrowed));
        assert_eq!(owned.formula.copy(), borrowed.formula.copy());
        assert_eq!(owned.formula.copy().num_vars(), owned.num_vars());
        assert!(owned.num_vars() < 1 << 20);

        // A second formula is appended to the copy; with no copy kept,
        // nothing is.
        let more = Cnf::from_dimacs(&[&[-5, 6]]);
        owned.add_cnf_owned(more.clone());
        assert_eq!(owned.formula.copy().num_clauses(), cnf.num_clauses() + 1);
        assert_eq!(
            owned.formula.copy().clause(cnf.num_clauses()),
            more.clause(0)
        );
        let mut unchecked = Solver::new(SolverConfig {
            check_models: false,
            ..SolverConfig::default()
        });
        unchecked.add_cnf_owned(more);
        assert_eq!(
            (
                unchecked.num_clauses(),
                unchecked.formula.copy().num_clauses()
            ),
            (1, 0)
        );
        assert!(matches!(owned.solve(), SolveResult::Sat(_)));
    }
}
