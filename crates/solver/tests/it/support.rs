//! Helpers shared by the solver's integration tests. (Tests that also need
//! the DIMACS parser live in `crates/examples/tests`, so that this crate's
//! dev-dependencies stay below it in the crate graph; the DRAT checker
//! depends on `satoku-formula` alone, so tests here may check proofs.)

use rand::Rng;
use satoku_formula::{Cnf, Lit};
use satoku_solver::{SolveResult, Solver, SolverConfig, Stats};

/// `count` random literals over variables `1..=num_vars`, either sign
/// (repeats allowed: assumptions may repeat or contradict each other).
pub fn random_lits(rng: &mut impl Rng, num_vars: usize, count: usize) -> Vec<Lit> {
    (0..count)
        .map(|_| {
            let v = rng.gen_range(1..=num_vars as i64);
            Lit::from_dimacs(if rng.gen_bool(0.5) { v } else { -v })
        })
        .collect()
}

/// Whether some assignment of `cnf`'s variables (at most 31) satisfies
/// `cnf` and every literal of `fixed`.
pub fn brute_force_sat(cnf: &Cnf, fixed: &[Lit]) -> bool {
    let holds = |a: u32, l: &Lit| ((a >> l.var().index()) & 1 == 1) == l.is_positive();
    (0..1u32 << cnf.num_vars()).any(|a| {
        fixed.iter().all(|l| holds(a, l)) && cnf.clauses().all(|c| c.iter().any(|l| holds(a, l)))
    })
}

/// Panics unless `result` is the answer brute force gives for `cnf` under
/// `fixed`, with a model of both when SAT.
pub fn check_against_brute_force(cnf: &Cnf, fixed: &[Lit], result: &SolveResult, what: &str) {
    let expected = brute_force_sat(cnf, fixed);
    match result {
        SolveResult::Sat(model) => {
            assert!(expected, "{what}: SAT, brute force says UNSAT\n{cnf:?}");
            assert!(model.satisfies(cnf), "{what}: bad model\n{cnf:?}");
            assert!(
                fixed.iter().all(|&l| model.lit_value(l)),
                "{what}: assumption false"
            );
        }
        SolveResult::Unsat => assert!(!expected, "{what}: UNSAT, brute force SAT\n{cnf:?}"),
        SolveResult::Unknown => panic!("{what}: unknown without limits"),
    }
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

/// Solves `cnf` under `config`: the answer ([`checked_answer`]) and the
/// statistics.
pub fn solve_checked(cnf: &Cnf, config: SolverConfig, what: &str) -> (bool, Stats) {
    let mut solver = Solver::from_cnf(cnf, config);
    let sat = checked_answer(cnf, &solver.solve(), what);
    (sat, solver.stats().clone())
}
