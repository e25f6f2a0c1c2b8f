//! The independent oracles every answer is checked against: brute-force
//! enumeration of small formulas, the formula itself for models, and the
//! workspace's DRAT checker for UNSAT answers.
//!
//! Self-contained (external crates only): the cross-crate tests of
//! `crates/guide` include this file too.

use satoku_drat::{check, CheckOptions};
use satoku_formula::{Cnf, Lit};
use satoku_solver::{ProofBuffer, ProofFormat, SolveResult, Solver, SolverConfig, Stats};

/// The most variables [`brute_force_sat`] enumerates.
pub const BRUTE_FORCE_MAX_VARS: usize = 24;

/// Clause bitmasks: (positive variables, negative variables).
fn masks(cnf: &Cnf) -> Vec<(u32, u32)> {
    cnf.clauses()
        .map(|c| {
            c.iter().fold((0, 0), |(p, n), l| {
                let bit = 1u32 << l.var().index();
                if l.is_negated() {
                    (p, n | bit)
                } else {
                    (p | bit, n)
                }
            })
        })
        .collect()
}

/// Whether some assignment of `cnf`'s variables (at most
/// [`BRUTE_FORCE_MAX_VARS`]) satisfies `cnf` and every literal of `fixed`.
pub fn brute_force_sat(cnf: &Cnf, fixed: &[Lit]) -> bool {
    let n = cnf.num_vars();
    assert!(
        n <= BRUTE_FORCE_MAX_VARS,
        "{n} variables: too many to enumerate"
    );
    let masks = masks(cnf);
    (0..1u32 << n).any(|a| {
        fixed
            .iter()
            .all(|l| ((a >> l.var().index()) & 1 == 1) != l.is_negated())
            && masks.iter().all(|&(p, q)| a & p != 0 || !a & q != 0)
    })
}

/// Panics unless `result` is the answer brute force gives for `cnf` under
/// `fixed`, with a model of both when SAT.
pub fn check_against_brute_force(cnf: &Cnf, fixed: &[Lit], result: &SolveResult, what: &str) {
    let expected = brute_force_sat(cnf, fixed);
    check_answer(cnf, fixed, result, expected, what);
}

/// Panics unless `result` says SAT exactly when `expected` does (the
/// answer of an oracle for `cnf` under `fixed`), with a model of both when
/// SAT.
pub fn check_answer(cnf: &Cnf, fixed: &[Lit], result: &SolveResult, expected: bool, what: &str) {
    match result {
        SolveResult::Sat(model) => {
            assert!(expected, "{what}: SAT, the oracle says UNSAT\n{cnf:?}");
            assert!(model.satisfies(cnf), "{what}: bad model\n{cnf:?}");
            assert!(
                fixed.iter().all(|&l| model.lit_value(l)),
                "{what}: assumption false"
            );
        }
        SolveResult::Unsat => assert!(!expected, "{what}: UNSAT, the oracle says SAT\n{cnf:?}"),
        SolveResult::Unknown => panic!("{what}: unknown without limits"),
    }
}

/// Panics unless `result`, an incremental solver's answer to `cnf` (some of
/// whose clauses came after earlier calls), is a fresh solver's answer and
/// brute force's, with a model of `cnf` when SAT.
pub fn check_against_fresh(cnf: &Cnf, result: &SolveResult, what: &str) {
    let fresh = Solver::from_cnf(cnf, SolverConfig::default()).solve();
    assert_eq!(
        matches!(result, SolveResult::Sat(_)),
        matches!(fresh, SolveResult::Sat(_)),
        "{what}: differs from a fresh solver"
    );
    check_against_brute_force(cnf, &[], result, what);
}

/// Whether `result` is SAT, after checking its model against `cnf`;
/// Unknown fails (the callers set no limits).
pub fn checked_answer(cnf: &Cnf, result: &SolveResult, what: &str) -> bool {
    match result {
        SolveResult::Sat(model) => {
            assert_eq!(model.first_falsified(cnf), None, "{what}: bad model");
            true
        }
        SolveResult::Unsat => false,
        SolveResult::Unknown => panic!("{what}: unknown without limits"),
    }
}

/// A solver under `config` holding `cnf`, writing a DRAT proof in
/// `format` to the buffer returned with it.
pub fn proving_solver(
    cnf: &Cnf,
    config: SolverConfig,
    format: ProofFormat,
) -> (Solver, ProofBuffer) {
    let buf = ProofBuffer::default();
    let mut solver = Solver::new(config)
        .with_proof(Box::new(buf.clone()), format)
        .unwrap();
    solver.add_cnf(cnf);
    (solver, buf)
}

/// Solves `cnf` once under `config` with a DRAT proof in `format`; the
/// answer, the complete proof and the statistics.
pub fn solve_with_proof(
    cnf: &Cnf,
    config: SolverConfig,
    format: ProofFormat,
) -> (SolveResult, Vec<u8>, Stats) {
    let (mut solver, buf) = proving_solver(cnf, config, format);
    let result = solver.solve();
    solver.finish_proof().unwrap();
    (result, buf.bytes(), solver.stats().clone())
}

/// Panics unless `proof` is a DRAT refutation of `cnf` that the checker
/// accepts under `options`.
pub fn assert_proof_checks_with(cnf: &Cnf, proof: &[u8], options: &CheckOptions, what: &str) {
    let verdict = check(cnf, proof, options).expect("proof parses");
    assert!(
        verdict.is_verified(),
        "{what}: proof rejected: {:?}",
        verdict.outcome
    );
}

/// Whether `result` is SAT, after checking it: a model of `cnf`, or an
/// UNSAT answer whose `proof` the checker accepts. Unknown fails (the
/// callers set no limits).
pub fn checked_with_proof(cnf: &Cnf, result: &SolveResult, proof: &[u8], what: &str) -> bool {
    if *result == SolveResult::Unsat {
        assert_proof_checks(cnf, proof, what);
    }
    checked_answer(cnf, result, what)
}

/// [`assert_proof_checks_with`] the checker's default options.
pub fn assert_proof_checks(cnf: &Cnf, proof: &[u8], what: &str) {
    assert_proof_checks_with(cnf, proof, &CheckOptions::default(), what);
}
