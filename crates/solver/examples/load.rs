//! Times loading a formula into the solver on uniform random k-SAT made by
//! `satoku_gen::random_ksat` (the formula of
//! `satoku gen ksat --vars V --clauses C -k K --seed S`), three runs of
//! each way: `Solver::from_cnf(&cnf)`, which copies the formula for model
//! checks, and `Solver::add_cnf_owned(cnf)`, which keeps the formula it is
//! given as that copy (what `satoku solve` does; the clone it is given is
//! made outside the time). Prints the best wall-clock time and, on Linux,
//! the median CPU time of the loading thread (page faults included), which
//! other processes sharing the machine disturb less.
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
    println!("{clauses} clauses over {vars} variables:");
    let borrowed = time_3_runs(|()| Solver::from_cnf(&cnf, SolverConfig::default()), || ());
    print_times("from_cnf(&cnf)", borrowed, clauses);
    let owned = time_3_runs(
        |copy| {
            let mut solver = Solver::new(SolverConfig::default());
            solver.add_cnf_owned(copy);
            solver
        },
        || cnf.clone(),
    );
    print_times("add_cnf_owned(cnf)", owned, clauses);
}

/// Wall-clock and thread CPU times (if known) of three runs of `load`,
/// each given a fresh `input()` made outside the time.
fn time_3_runs<T>(
    load: impl Fn(T) -> Solver,
    input: impl Fn() -> T,
) -> Vec<(Duration, Option<Duration>)> {
    let mut times = Vec::new();
    for _ in 0..3 {
        let input = input();
        let (start, cpu_start) = (Instant::now(), thread_cpu());
        let solver = load(input);
        let cpu = thread_cpu().zip(cpu_start).map(|(end, start)| end - start);
        times.push((start.elapsed(), cpu));
        assert!(solver.is_complete());
        // Freeing is not loading: keep it out of the time.
        std::mem::forget(solver);
    }
    times
}

/// CPU time of the calling thread so far, user and system (Linux only).
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn print_times(what: &str, mut times: Vec<(Duration, Option<Duration>)>, clauses: u64) {
    let per_clause = |t: Duration| t.as_secs_f64() * 1e6 / clauses as f64;
    let wall = times.iter().map(|t| t.0).min().expect("three runs");
    let mut line = format!(
        "  {what:<20} wall {wall:>10.3?} ({:.3} µs a clause)",
        per_clause(wall)
    );
    times.sort_by_key(|t| t.1);
    if let Some(cpu) = times[1].1 {
        line += &format!(", cpu {cpu:>10.3?} ({:.3} µs a clause)", per_clause(cpu));
    }
    println!("{line}");
}
