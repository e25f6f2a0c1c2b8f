//! Times loading a formula into the solver on uniform random k-SAT made by
//! `satoku_gen::random_ksat` (the formula of
//! `satoku gen ksat --vars V --clauses C -k K --seed S`), best of 3 runs of
//! each way: `Solver::from_cnf(&cnf)`, which copies the formula for model
//! checks, and `Solver::add_cnf_owned(cnf)`, which keeps the formula it is
//! given as that copy (what `satoku solve` does; the clone it is given is
//! made outside the time).
//!
//! `cargo run --release -p satoku-solver --example load -- [V C K S]`
//! (default 1000000 4200000 3 1).

use std::time::{Duration, Instant};

use satoku_formula::Cnf;
use satoku_solver::{Solver, SolverConfig};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: VARS CLAUSES K SEED"))
        .collect();
    let get = |i: usize, default: u64| args.get(i).copied().unwrap_or(default);
    let (vars, clauses, k, seed) = (get(0, 1_000_000), get(1, 4_200_000), get(2, 3), get(3, 1));
    let cnf = satoku_gen::random_ksat(vars as usize, clauses as usize, k as usize, seed);
    let borrowed = best_of_3(|| {
        let start = Instant::now();
        let solver = Solver::from_cnf(&cnf, SolverConfig::default());
        (start.elapsed(), solver)
    });
    let owned = best_of_3(|| {
        let copy = cnf.clone();
        let start = Instant::now();
        let mut solver = Solver::new(SolverConfig::default());
        solver.add_cnf_owned(copy);
        (start.elapsed(), solver)
    });
    println!("{clauses} clauses over {vars} variables:");
    print_time("from_cnf(&cnf)", borrowed, &cnf);
    print_time("add_cnf_owned(cnf)", owned, &cnf);
}

/// The shortest of three timed loads, each checked to hold every clause.
fn best_of_3(load: impl Fn() -> (Duration, Solver)) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let (elapsed, solver) = load();
        best = best.min(elapsed);
        assert!(solver.is_complete());
        // Freeing is not loading: keep it out of the time.
        std::mem::forget(solver);
    }
    best
}

fn print_time(what: &str, time: Duration, cnf: &Cnf) {
    let per_clause = time.as_secs_f64() * 1e6 / cnf.num_clauses() as f64;
    println!("  {what:<20} {time:>10.3?}, {per_clause:.3} µs a clause");
}
