//! The satoku SAT engines: DPLL and CDCL over one trail and one propagator.
//!
//! | item | what it is |
//! |---|---|
//! | [`Solver`] | an incremental solver: `new_var`, `add_clause` (of [`Lit`](satoku_formula::Lit)s or DIMACS `i32`s, see [`ClauseLit`]), `add_cnf`, `add_cnf_owned`, `freeze`, `melt`, `solve`, `solve_with_assumptions`, `solve_scoped`, `forget_learnts`, `with_proof`, `take_proof` |
//! | [`SlicedLoad`] | a new solver loaded with a formula a slice at a time (progress and cancels between slices, in a browser's worker) |
//! | [`Solutions`] | `Solver::solutions()`: every model, or every projection of one, under assumptions; [`Unknown`] when a limit stops it |
//! | [`SolverConfig`] | every option, with [`Algorithm`], [`Heuristic`], [`RestartPolicy`], [`TargetPhases`] |
//! | [`SolveResult`] | `Sat(Model)`, `Unsat` or `Unknown`; models are checked before they are returned (`check_models`) |
//! | [`Stats`] | decisions, propagations, conflicts, backtracks, pure literals, time ... |
//! | [`ProofFormat`] | DRAT proofs of UNSAT answers (CDCL), text or binary |
//! | [`Observer`], [`Event`] | `Solver::set_observer`: every decision, propagation, conflict, learnt clause, backjump, restart and pure literal of the search |
//!
//! The source, a folder per concept (`solver.rs` lists the components the
//! solver owns; each folder's `mod.rs` maps its files):
//!
//! | folder | what it holds |
//! |---|---|
//! | `search/` | the search: trail and reasons, clause arena, watch lists, unit propagation, CDCL (analysis, decisions, restarts, clause deletion, phases) and DPLL (scans, pure literals) |
//! | `elim/` | subsumption and bounded variable elimination at the root, and the elimination trial |
//! | `equiv/` | failed-literal probing, equivalent-literal substitution (SCCs), congruence closure |
//! | `xor/` | XOR constraints: extraction, Gauss-Jordan elimination at the root, propagation during the search |
//! | `vivify/` | vivification of learnt clauses, and the order of its candidates |
//! | `local/` | ProbSAT local search and rephasing |
//! | `removed/` | what inprocessing removed: variable status, the reconstruction stack |
//! | `api/` | clause addition and loading, options, limits, results, statistics, proofs, observers, model enumeration |
//! | `util/` | generic containers |
//!
//! ```
//! use satoku_formula::Lit;
//! use satoku_solver::{Solver, SolverConfig, SolveResult};
//!
//! let mut solver = Solver::new(SolverConfig::default());
//! solver.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
//! solver.add_clause(&[-1]); // DIMACS literals work too
//! match solver.solve() {
//!     SolveResult::Sat(model) => assert!(model.value(Lit::from_dimacs(2).var())),
//!     other => panic!("expected SAT, got {other:?}"),
//! }
//! // Incremental: under the assumption -2 there is no model.
//! assert_eq!(solver.solve_with_assumptions(&[Lit::from_dimacs(-2)]), SolveResult::Unsat);
//! assert_eq!(solver.failed_assumptions(), &[Lit::from_dimacs(-2)]);
//! ```
#![warn(missing_docs)]

mod api;
mod elim;
mod equiv;
mod local;
mod removed;
mod search;
mod solver;
mod util;
mod vivify;
mod xor;

pub use api::add::ClauseLit;
pub use api::config::{Algorithm, Heuristic, RestartPolicy, SolverConfig, TargetPhases};
pub use api::load_sliced::SlicedLoad;
pub use api::observe::{Event, Observer};
pub use api::proof::{ProofBuffer, ProofFormat};
pub use api::result::SolveResult;
pub use api::solutions::{Solutions, Unknown};
pub use api::stats::Stats;
#[cfg(feature = "fault-injection")]
pub use search::fault;
pub use solver::Solver;

/// Errors of the solver's API (UNSAT and UNKNOWN are results, not errors).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// `set_proof` was called after clauses were added.
    #[error("a proof must be set before any clause is added")]
    ProofAfterClauses,
    /// Writing the proof failed.
    #[error("writing the proof failed: {0}")]
    Proof(#[source] std::io::Error),
    /// The clauses use a variable beyond what the solver can index
    /// ([`Solver::check_fits`]).
    #[error("the clauses use variable {used}: satoku's solver holds at most {max} variables")]
    TooManyVars {
        /// The largest variable the clauses use.
        used: usize,
        /// [`Solver::MAX_VARS`].
        max: usize,
    },
    /// The clauses use a variable far beyond their size
    /// ([`Solver::check_fits`]).
    #[error(
        "the clauses use variable {used} but only {distinct} distinct variables: satoku \
         makes room for every variable index up to the largest (at most {limit} here); \
         renumber the variables densely"
    )]
    TooSparse {
        /// The largest variable the clauses use.
        used: usize,
        /// The number of distinct variables the clauses use.
        distinct: usize,
        /// The largest variable allowed for that many distinct variables.
        limit: usize,
    },
}
