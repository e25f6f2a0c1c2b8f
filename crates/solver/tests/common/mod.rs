//! Helpers shared by the solver's integration tests.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use rand::Rng;
use satoku_drat::{check, CheckOptions};
use satoku_formula::{Cnf, Lit};
use satoku_solver::{ProofFormat, SolveResult, Solver, SolverConfig};

/// A `Write` whose bytes can be read back after the solver is done with it.
#[derive(Clone, Default)]
pub struct SharedBuf(pub Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuf {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Solves `cnf` with a DRAT proof; checks every model, and every UNSAT
/// answer's proof with the workspace's checker. Returns whether SAT.
pub fn solve_checked(cnf: &Cnf, config: SolverConfig, format: ProofFormat, what: &str) -> bool {
    let buf = SharedBuf::default();
    let mut solver = Solver::new(config);
    solver.set_proof(Box::new(buf.clone()), format).unwrap();
    solver.ensure_vars(cnf.num_vars());
    for clause in cnf {
        solver.add_clause(clause);
    }
    let result = solver.solve();
    solver.finish_proof().unwrap();
    match result {
        SolveResult::Sat(model) => {
            assert!(model.satisfies(cnf), "{what}: bad model");
            true
        }
        SolveResult::Unsat => {
            let proof = buf.0.lock().unwrap().clone();
            let verdict = check(cnf, &proof[..], &CheckOptions::default()).expect("proof parses");
            assert!(
                verdict.is_verified(),
                "{what}: proof rejected: {:?}",
                verdict.outcome
            );
            false
        }
        SolveResult::Unknown => panic!("{what}: unknown without limits"),
    }
}

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
