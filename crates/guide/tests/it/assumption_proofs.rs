//! Clauses learnt under assumptions stay valid lemmas of the formula: a
//! solver that first answers many queries under assumptions (whose learnt
//! clauses `shrink_to_assumptions` rewrites in terms of the assumptions),
//! sometimes forgetting what it learnt, and is then asked without
//! assumptions must still give a DRAT proof the checker accepts when the
//! formula is unsatisfiable, and a model of it otherwise.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_gen::random_ksat;
use satoku_solver::{ProofBuffer, ProofFormat, SolveResult, Solver, SolverConfig};

use crate::support::{assert_proof_checks, random_lits};

#[test]
fn lemmas_learnt_under_assumptions_check_in_the_final_proof() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_130);
    let mut unsat = 0;
    let mut sat = 0;
    for case in 0..300 {
        let vars = rng.gen_range(30..=70);
        let clauses = (vars as f64 * rng.gen_range(4.0..4.6)).round() as usize;
        let cnf = random_ksat(vars, clauses, 3, rng.gen());
        for format in [ProofFormat::Text, ProofFormat::Binary] {
            let what = format!("case {case} ({vars} vars) {format:?}");
            let buf = ProofBuffer::default();
            let mut solver = Solver::new(SolverConfig {
                initial_phase: rng.gen(),
                phase_saving: rng.gen(),
                ..SolverConfig::default()
            });
            solver.set_proof(Box::new(buf.clone()), format).unwrap();
            solver.add_cnf(&cnf);
            for _ in 0..rng.gen_range(1..6) {
                let count = rng.gen_range(3..=vars / 3);
                let assumptions = random_lits(&mut rng, vars, count);
                if let SolveResult::Sat(model) = solver.solve_with_assumptions(&assumptions) {
                    assert!(model.satisfies(&cnf), "{what}: bad model");
                    assert!(assumptions.iter().all(|&a| model.lit_value(a)));
                }
                if rng.gen_bool(0.3) {
                    solver.forget_learnts();
                }
            }
            let result = solver.solve();
            solver.finish_proof().unwrap();
            match result {
                SolveResult::Sat(model) => {
                    assert!(model.satisfies(&cnf), "{what}: bad model");
                    sat += 1;
                }
                SolveResult::Unsat => {
                    assert_proof_checks(&cnf, &buf.bytes(), &what);
                    unsat += 1;
                }
                SolveResult::Unknown => panic!("{what}: unknown without limits"),
            }
        }
    }
    assert!(sat > 50 && unsat > 50, "sat {sat}, unsat {unsat}");
}
