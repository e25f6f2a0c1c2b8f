//! Gaussian elimination of XORs (`crates/solver/src/xor/gauss.rs`) while a DRAT
//! proof is written: a sum of XORs is no RUP step, so it does not run, and
//! the proofs of Tseitin formulas (refuted by search alone then) verify
//! with the workspace's checker, in both formats.

use satoku_solver::{ProofFormat, SolveResult, Solver, SolverConfig};

use crate::support;

#[test]
fn no_xor_is_read_while_a_proof_is_written_and_the_proofs_verify() {
    for seed in 0..6 {
        let cnf = satoku_gen::tseitin(16, true, seed);
        let format = [ProofFormat::Text, ProofFormat::Binary][seed as usize % 2];
        let (result, proof, stats) =
            support::solve_with_proof(&cnf, SolverConfig::default(), format);
        assert_eq!(result, SolveResult::Unsat, "seed {seed}");
        assert_eq!(stats.xors, 0, "seed {seed}");
        assert!(stats.conflicts > 0, "seed {seed}: refuted by search");
        support::assert_proof_checks(&cnf, &proof, &format!("seed {seed}"));
        // Without a proof the same formula is refuted by elimination alone.
        let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
        assert!(matches!(solver.solve(), SolveResult::Unsat));
        assert_eq!(solver.stats().conflicts, 0, "seed {seed}");
    }
}
