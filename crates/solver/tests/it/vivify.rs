//! Vivification (`SolverConfig::vivify`) against independent oracles, on
//! random 3-SAT formulas near the threshold, large enough for reductions
//! and the rounds after them: the same answers on and off, every model
//! checked, and every UNSAT proof written with vivification on verified by
//! the bundled DRAT checker, strictly (a deletion of a clause the proof
//! never had is an error, so each replaced clause is deleted exactly).
//! Over the whole run, vivification must have shortened clauses.
//!
//! Formulas small enough for brute force never reach a reduction; the unit
//! tests of `vivify.rs` force rounds on them and compare with brute force.

use satoku_drat::{check, CheckOptions};
use satoku_formula::Cnf;
use satoku_solver::{ProofBuffer, ProofFormat, SolveResult, Solver, SolverConfig, Stats};

fn config(vivify: bool) -> SolverConfig {
    SolverConfig {
        vivify,
        ..SolverConfig::default()
    }
}

/// Solves `cnf` with a DRAT proof; the answer, the proof and the statistics.
fn solve_with_proof(
    cnf: &Cnf,
    config: SolverConfig,
    format: ProofFormat,
) -> (SolveResult, Vec<u8>, Stats) {
    let buf = ProofBuffer::default();
    let mut solver = Solver::new(config)
        .with_proof(Box::new(buf.clone()), format)
        .unwrap();
    solver.add_cnf(cnf);
    let result = solver.solve();
    solver.finish_proof().unwrap();
    (result, buf.bytes(), solver.stats().clone())
}

#[test]
fn proofs_with_vivification_check_and_answers_match_without() {
    let strict = CheckOptions {
        strict: true,
        ..CheckOptions::default()
    };
    let (mut vivified, mut removed, mut unsat) = (0, 0, 0);
    for seed in 0..12 {
        let num_vars = 160 + 2 * seed as usize;
        let cnf = satoku_gen::random_ksat(num_vars, num_vars * 426 / 100, 3, seed);
        let format = [ProofFormat::Text, ProofFormat::Binary][seed as usize % 2];
        let (result, proof, stats) = solve_with_proof(&cnf, config(true), format);
        let other = Solver::from_cnf(&cnf, config(false)).solve();
        match &result {
            SolveResult::Sat(model) => {
                assert!(model.satisfies(&cnf), "seed {seed}: bad model");
                assert!(matches!(other, SolveResult::Sat(_)), "seed {seed}");
            }
            SolveResult::Unsat => {
                assert_eq!(other, SolveResult::Unsat, "seed {seed}");
                let verdict = check(&cnf, &proof[..], &strict).expect("proof parses");
                assert!(verdict.is_verified(), "seed {seed}: {:?}", verdict.outcome);
                unsat += 1;
            }
            SolveResult::Unknown => panic!("seed {seed}: no limit was set"),
        }
        vivified += stats.vivified_clauses;
        removed += stats.vivify_removed_literals;
    }
    assert!(unsat >= 5, "{unsat} UNSAT answers");
    assert!(
        vivified > 100 && removed > vivified,
        "{vivified} clauses, {removed} literals"
    );
}
