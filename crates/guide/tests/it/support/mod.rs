//! Helpers shared by the cross-crate integration tests. The oracles, the
//! random formulas and the harness of the "technique on and off" tests are
//! the solver's own (`crates/solver/tests/it/support/`), included here
//! file by file: one harness for the solver's tests and these, which add
//! the DRAT checker's verdict on every UNSAT answer.

// Each binary uses its part of the three files.
#[allow(dead_code)]
#[path = "../../../../solver/tests/it/support/oracle.rs"]
pub mod oracle;
#[allow(dead_code)]
#[path = "../../../../solver/tests/it/support/random.rs"]
pub mod random;
#[allow(dead_code)]
#[path = "../../../../solver/tests/it/support/sweep.rs"]
pub mod sweep;

pub use oracle::{assert_proof_checks, brute_force_sat, solve_with_proof};
pub use random::random_lits;
pub use sweep::{on_and_off, Sweep};

use satoku_formula::Cnf;
use satoku_solver::{ProofFormat, SolverConfig};

/// Solves `cnf` with a DRAT proof; checks every model, and every UNSAT
/// answer's proof with the workspace's checker. Returns whether SAT.
pub fn solve_checked(cnf: &Cnf, config: SolverConfig, format: ProofFormat, what: &str) -> bool {
    let (result, proof, _) = solve_with_proof(cnf, config, format);
    oracle::checked_with_proof(cnf, &result, &proof, what)
}
