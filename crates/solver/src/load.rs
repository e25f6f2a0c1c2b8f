//! Loading a whole formula: [`Solver::from_cnf`] and [`Solver::add_cnf`].
//!
//! Each clause is simplified as [`Solver::add_clause`] does (`add.rs`), but
//! watching is deferred: the clauses stored since the last root unit are
//! watched together, just before the next unit is propagated and at the
//! end. A large batch first counts the words each watch list receives and
//! sizes every list once, instead of regrowing millions of small lists
//! clause by clause; with nothing assigned yet (no unit so far), a clause
//! is not looked up in the assignment either. The entries and their order
//! are those of adding the clauses one at a time, so the search that
//! follows is the same.
//!
//! Loading checks the interrupt flag and the time limit of the
//! configuration every few thousand clauses (the limit counted from the
//! start of the call): a formula of millions of clauses takes seconds to
//! load. An interrupted load leaves the solver without the rest of the
//! formula, so every later `solve` answers `Unknown`.

use web_time::Instant;

use satoku_formula::Cnf;

use crate::clause_db::ClauseRef;
use crate::config::SolverConfig;
use crate::limits;
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
        self.ensure_vars(cnf.used_vars());
        // A clause naming a removed variable puts the removed clauses back
        // (`vars.rs`): first, so that no unit propagates over a batch not
        // yet watched.
        if self.vars.num_removed() > 0 && cnf.clauses().any(|c| self.names_removed(c)) {
            self.restore_removed();
        }
        let deadline = self.config.time_limit.map(|t| Instant::now() + t);
        let mut clause = self.analysis.take_learnt();
        let mut batch = Vec::new();
        for (i, lits) in cnf.clauses().enumerate() {
            if i % CHECK_INTERVAL == CHECK_INTERVAL - 1
                && limits::interrupted(&self.config, deadline)
            {
                self.incomplete = true;
                break;
            }
            clause.clear();
            clause.extend_from_slice(lits);
            if !self.simplify_input(&mut clause) {
                continue;
            }
            if clause.len() >= 2 {
                batch.push(self.db.alloc(&clause, false, 0));
            } else {
                // A unit propagates over the watches: the batch must be in them.
                self.attach_batch(&mut batch);
                self.attach_input(&clause);
            }
        }
        self.attach_batch(&mut batch);
        self.analysis.restore_learnt(clause);
    }

    /// Whether the solver holds every clause it was given: false after
    /// [`Solver::add_cnf`] was stopped by an interrupt or its time limit.
    pub fn is_complete(&self) -> bool {
        !self.incomplete
    }

    /// Watches the clauses of `batch`, in order, and empties it. A large
    /// batch sizes the watch lists first.
    fn attach_batch(&mut self, batch: &mut Vec<ClauseRef>) {
        // Counting costs a pass over every list: worth it for large batches only.
        if batch.len() >= self.watches.len() / 4 {
            self.reserve_watches(batch);
        }
        for &cref in batch.iter() {
            self.attach(cref);
        }
        batch.clear();
    }

    /// Grows each watch list to hold exactly what `batch` adds to it: one
    /// word per binary clause, two per longer clause (`watch.rs`).
    fn reserve_watches(&mut self, batch: &[ClauseRef]) {
        let mut words = vec![0u32; self.watches.len()];
        for &cref in batch {
            let lits = self.db.lits(cref);
            let size = if lits.len() == 2 { 1 } else { 2 };
            words[lits[0].code()] += size;
            words[lits[1].code()] += size;
        }
        for (list, &n) in self.watches.iter_mut().zip(&words) {
            if n > 0 {
                list.reserve_exact(n as usize);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use satoku_formula::{Cnf, Lit};

    use crate::{SolveResult, Solver, SolverConfig};

    /// Every watch list of `solver`, as words.
    fn watch_lists(solver: &Solver) -> Vec<Vec<u32>> {
        solver.watches.clone()
    }

    #[test]
    fn loading_watches_exactly_as_adding_one_by_one() {
        // Random 3-SAT with units and binary clauses mixed in, so batches
        // are cut by units that propagate.
        let mut cnf = satoku_gen::random_ksat(300, 1200, 3, 5);
        for (i, extra) in [[4, -7], [-9, 12], [15, 2]].iter().enumerate() {
            cnf.add_clause(&extra.map(Lit::from_dimacs));
            cnf.add_clause(&[Lit::from_dimacs(3 * i as i64 + 20)]);
        }
        cnf.add_clause(&Lit::vec_from_dimacs(&[1, 2, 3]));
        let loaded = Solver::from_cnf(&cnf, SolverConfig::default());
        let mut one_by_one = Solver::new(SolverConfig::default());
        one_by_one.ensure_vars(cnf.used_vars());
        for clause in &cnf {
            one_by_one.add_clause(clause);
        }
        assert_eq!(watch_lists(&loaded), watch_lists(&one_by_one));
        assert_eq!(loaded.trail.lits(), one_by_one.trail.lits());
        assert_eq!(loaded.num_clauses(), one_by_one.num_clauses());
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
        assert_eq!(solver.num_clauses(), (1 << 14) - 1);
        let complete = Solver::from_cnf(&Cnf::new(), SolverConfig::default());
        assert!(complete.is_complete());
    }
}
