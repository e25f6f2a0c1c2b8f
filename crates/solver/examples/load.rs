//! Times loading a formula into the solver: `Solver::from_cnf` on uniform
//! random k-SAT made by `satoku_gen::random_ksat` (the formula of
//! `satoku gen ksat --vars V --clauses C -k K --seed S`), best of 3 runs.
//!
//! `cargo run --release -p satoku-solver --example load -- [V C K S]`
//! (default 1000000 4200000 3 1).

use std::time::{Duration, Instant};

use satoku_solver::{Solver, SolverConfig};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: VARS CLAUSES K SEED"))
        .collect();
    let get = |i: usize, default: u64| args.get(i).copied().unwrap_or(default);
    let (vars, clauses, k, seed) = (get(0, 1_000_000), get(1, 4_200_000), get(2, 3), get(3, 1));
    let cnf = satoku_gen::random_ksat(vars as usize, clauses as usize, k as usize, seed);
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        let solver = Solver::from_cnf(&cnf, SolverConfig::default());
        let elapsed = start.elapsed();
        best = best.min(elapsed);
        assert_eq!(solver.num_clauses(), clauses as usize);
        // Freeing is not loading: keep it out of the time.
        std::mem::forget(solver);
    }
    let per_clause = best.as_secs_f64() * 1e6 / clauses as f64;
    println!("{clauses} clauses over {vars} variables: {best:.3?}, {per_clause:.3} µs a clause");
}
