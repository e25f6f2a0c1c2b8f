//! Random 3-SAT near the threshold (4.26 clauses per variable), 20..120
//! variables: CDCL with each restart policy and with clause deletion off,
//! DPLL, and brute force where small, must all agree. Larger formulas
//! (150..250 variables) exercise restarts, reductions and garbage collection,
//! where the CDCL configurations are checked against each other.

use satoku_formula::Cnf;
use satoku_gen::random_ksat;
use satoku_solver::{
    Algorithm, Heuristic, ProofFormat, RestartPolicy, SolveResult, Solver, SolverConfig,
};

use crate::support::{brute_force_sat, solve_checked};

fn answer(cnf: &Cnf, config: SolverConfig) -> bool {
    match Solver::from_cnf(cnf, config).solve() {
        SolveResult::Sat(model) => {
            assert!(model.satisfies(cnf));
            true
        }
        SolveResult::Unsat => false,
        SolveResult::Unknown => panic!("unknown without limits"),
    }
}

fn cdcl(restart: RestartPolicy, reduce: bool) -> SolverConfig {
    SolverConfig {
        algorithm: Algorithm::Cdcl,
        restart,
        reduce,
        ..SolverConfig::default()
    }
}

fn run(count: u64, seed0: u64) {
    let mut split = [0; 2];
    for i in 0..count {
        let seed = seed0 + i;
        let vars = 20 + (seed as usize * 7919) % 101;
        let clauses = (vars as f64 * 4.26).round() as usize;
        let cnf = random_ksat(vars, clauses, 3, seed);
        // The default configuration, with its UNSAT proofs checked.
        let reference = solve_checked(
            &cnf,
            cdcl(RestartPolicy::Modes, true),
            ProofFormat::Text,
            &format!("seed {seed}"),
        );
        split[reference as usize] += 1;
        for config in [
            cdcl(RestartPolicy::Glucose, true),
            cdcl(RestartPolicy::Luby, true),
            cdcl(RestartPolicy::Never, false),
        ] {
            assert_eq!(
                answer(&cnf, config.clone()),
                reference,
                "seed {seed}, {vars} vars, {config:?}"
            );
        }
        let dpll = SolverConfig {
            algorithm: Algorithm::Dpll,
            heuristic: Heuristic::JeroslowWang,
            ..SolverConfig::default()
        };
        assert_eq!(answer(&cnf, dpll), reference, "seed {seed}: DPLL disagrees");
        if vars <= 20 {
            assert_eq!(
                brute_force_sat(&cnf, &[]),
                reference,
                "seed {seed}: brute force disagrees"
            );
        }
    }
    assert!(
        split[0] > count / 5 && split[1] > count / 5,
        "sat/unsat split {split:?}"
    );
}

#[test]
fn cdcl_dpll_and_brute_force_agree_near_threshold() {
    run(300, 1);
}

/// The full-size campaign of the issue: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn cdcl_dpll_and_brute_force_agree_near_threshold_2000() {
    run(2000, 100_000);
}

#[test]
fn cdcl_configs_agree_on_larger_formulas() {
    // Thousands of conflicts each: restarts, reductions and collections happen.
    for seed in 0..8 {
        let vars = 150 + 8 * seed as usize;
        let cnf = random_ksat(vars, (vars as f64 * 4.26).round() as usize, 3, 7000 + seed);
        let reference = answer(&cnf, cdcl(RestartPolicy::Never, false));
        let what = format!("seed {seed}");
        let modes = cdcl(RestartPolicy::Modes, true);
        assert_eq!(
            solve_checked(&cnf, modes, ProofFormat::Text, &what),
            reference,
            "{what}"
        );
        assert_eq!(
            solve_checked(
                &cnf,
                cdcl(RestartPolicy::Glucose, true),
                ProofFormat::Binary,
                &what
            ),
            reference,
            "{what}"
        );
        assert_eq!(
            solve_checked(
                &cnf,
                cdcl(RestartPolicy::Luby, true),
                ProofFormat::Text,
                &what
            ),
            reference,
            "{what}"
        );
    }
}
