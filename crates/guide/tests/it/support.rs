//! Helpers shared by the cross-crate integration tests: solve with a DRAT
//! proof captured in memory, and check every answer (models against the
//! formula, UNSAT answers with the workspace's proof checker).

use satoku_drat::{check, CheckOptions};
use satoku_formula::Cnf;
use satoku_solver::{ProofBuffer, ProofFormat, SolveResult, Solver, SolverConfig};

/// Solves `cnf` once with a proof in `format`; returns the answer and the
/// complete proof.
pub fn solve_with_proof(
    cnf: &Cnf,
    config: SolverConfig,
    format: ProofFormat,
) -> (SolveResult, Vec<u8>) {
    let buf = ProofBuffer::default();
    let mut solver = Solver::new(config)
        .with_proof(Box::new(buf.clone()), format)
        .unwrap();
    solver.add_cnf(cnf);
    let result = solver.solve();
    solver.finish_proof().unwrap();
    (result, buf.bytes())
}

/// Panics unless `proof` is a DRAT refutation of `cnf` the checker accepts.
pub fn assert_proof_checks(cnf: &Cnf, proof: &[u8], what: &str) {
    let verdict = check(cnf, proof, &CheckOptions::default()).expect("proof parses");
    assert!(
        verdict.is_verified(),
        "{what}: proof rejected: {:?}",
        verdict.outcome
    );
}

/// Solves `cnf` with a DRAT proof; checks every model, and every UNSAT
/// answer's proof with the workspace's checker. Returns whether SAT.
pub fn solve_checked(cnf: &Cnf, config: SolverConfig, format: ProofFormat, what: &str) -> bool {
    match solve_with_proof(cnf, config, format) {
        (SolveResult::Sat(model), _) => {
            assert!(model.satisfies(cnf), "{what}: bad model");
            true
        }
        (SolveResult::Unsat, proof) => {
            assert_proof_checks(cnf, &proof, what);
            false
        }
        (SolveResult::Unknown, _) => panic!("{what}: unknown without limits"),
    }
}
