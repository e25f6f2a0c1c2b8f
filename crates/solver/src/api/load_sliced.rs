//! Loading a formula a slice at a time: [`SlicedLoad`], for a caller with
//! no threads (a browser's worker) that reports progress and takes a
//! cancel between slices. The clauses are loaded as [`Solver::from_cnf`]
//! loads them (`load.rs`): long clauses are watched together at the end
//! or before the next root unit, so slicing costs no speed, and the solver
//! handed over is the one `from_cnf` builds. The formula is taken by value
//! and becomes the copy kept for model checks, as with
//! [`Solver::add_cnf_owned`].

use satoku_formula::Cnf;

use crate::api::config::SolverConfig;
use crate::solver::Solver;

/// A new solver being loaded with a formula, slice by slice.
///
/// ```
/// use satoku_formula::Cnf;
/// use satoku_solver::{SlicedLoad, SolveResult, SolverConfig};
///
/// let cnf = Cnf::from_dimacs(&[&[1, 2], &[-1], &[-2, 3]]);
/// let mut load = SlicedLoad::new(cnf, SolverConfig::default());
/// while !load.step(2) {
///     assert!(load.loaded() < load.num_clauses());
/// }
/// let mut solver = load.finish();
/// assert!(matches!(solver.solve(), SolveResult::Sat(_)));
/// ```
pub struct SlicedLoad {
    solver: Solver,
    cnf: Cnf,
    loaded: usize,
    /// The first original clause not watched yet.
    unwatched: usize,
}

impl SlicedLoad {
    /// A solver with `config`, sized by the variables the clauses of `cnf`
    /// use (as [`Solver::from_cnf`]), with none of them loaded yet.
    pub fn new(cnf: Cnf, config: SolverConfig) -> SlicedLoad {
        let mut solver = Solver::new(config);
        solver.prepare_load(&cnf);
        let unwatched = solver.db.originals().len();
        SlicedLoad {
            solver,
            cnf,
            loaded: 0,
            unwatched,
        }
    }

    /// Loads up to `clauses` more clauses (at least one); true when every
    /// clause is loaded.
    pub fn step(&mut self, clauses: usize) -> bool {
        let n = self.cnf.num_clauses();
        let end = n.min(self.loaded.saturating_add(clauses.max(1)));
        let range = self.loaded..end;
        self.solver
            .load_range(&self.cnf, range, false, &mut self.unwatched);
        self.loaded = end;
        end == n
    }

    /// Clauses loaded so far.
    pub fn loaded(&self) -> usize {
        self.loaded
    }

    /// Clauses in the formula.
    pub fn num_clauses(&self) -> usize {
        self.cnf.num_clauses()
    }

    /// Loads the clauses left, watches them, and hands the solver over.
    pub fn finish(mut self) -> Solver {
        self.step(usize::MAX);
        let SlicedLoad {
            mut solver,
            cnf,
            unwatched,
            ..
        } = self;
        solver.attach_originals(unwatched);
        if solver.keeps_copy() {
            solver.formula.adopt_copy(cnf);
        }
        solver
    }
}

#[cfg(test)]
mod tests {
    use satoku_formula::Lit;

    use super::*;
    use crate::SolveResult;

    /// Every watch list, the trail, the clause arena's originals and the copy.
    fn state(solver: &Solver) -> impl PartialEq + std::fmt::Debug {
        (
            solver.watches.clone(),
            solver.trail.lits().to_vec(),
            solver.db.originals().to_vec(),
            solver.formula.copy().clone(),
            solver.num_clauses(),
            solver.num_vars(),
        )
    }

    #[test]
    fn any_slicing_builds_the_solver_from_cnf_builds() {
        // Units and binary clauses mixed in, so watching is cut by units;
        // duplicates, a tautology, a clause a unit shortens, unused variables.
        let mut cnf = satoku_gen::random_ksat(3000, 40_000, 3, 7);
        for (i, extra) in [[4, -7], [-9, 12], [15, 2]].iter().enumerate() {
            cnf.add_clause(&extra.map(Lit::from_dimacs));
            cnf.add_clause(&[Lit::from_dimacs(3 * i as i64 + 20)]);
        }
        for extra in [&[1, 2, 3][..], &[5, 5, -6], &[7, -8, -7], &[-20, 30, 31]] {
            cnf.add_clause(&Lit::vec_from_dimacs(extra));
        }
        cnf.ensure_vars(5000);
        for check_models in [true, false] {
            let config = SolverConfig {
                check_models,
                ..SolverConfig::default()
            };
            let whole = Solver::from_cnf(&cnf, config.clone());
            for clauses in [1, 999, 1 << 14, usize::MAX] {
                let mut load = SlicedLoad::new(cnf.clone(), config.clone());
                let mut steps = 1;
                while !load.step(clauses) {
                    steps += 1;
                }
                assert_eq!(steps, cnf.num_clauses().div_ceil(clauses), "{clauses}");
                assert_eq!(load.loaded(), load.num_clauses());
                let sliced = load.finish();
                assert_eq!(state(&sliced), state(&whole), "slices of {clauses}");
                assert!(sliced.is_complete());
            }
        }
    }

    #[test]
    fn finish_loads_the_rest_and_the_solver_answers() {
        let cnf = Cnf::from_dimacs(&[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2]]);
        let mut load = SlicedLoad::new(cnf, SolverConfig::default());
        assert!(!load.step(1));
        assert_eq!(load.loaded(), 1);
        let mut solver = load.finish();
        assert_eq!(solver.num_clauses(), 4);
        assert_eq!(solver.solve(), SolveResult::Unsat);

        let empty = SlicedLoad::new(Cnf::new(), SolverConfig::default());
        assert_eq!(empty.num_clauses(), 0);
        let mut solver = empty.finish();
        assert!(matches!(solver.solve(), SolveResult::Sat(_)));
    }
}
