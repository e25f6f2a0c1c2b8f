//! The native figure next to the browser's: the very function behind the
//! page's `benchSat` (the SAT path over the first LIMIT puzzles of FILE),
//! run natively. Usage: `native_bench FILE LIMIT`; prints µs per puzzle.

use std::process::ExitCode;

use satoku_web::solve::{bench_sat, BenchParams};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(file), Some(limit)) = (args.get(1), args.get(2).and_then(|l| l.parse().ok())) else {
        eprintln!("usage: native_bench FILE LIMIT");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("native_bench: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    match bench_sat(&BenchParams { text, limit }) {
        Ok(bench) => {
            println!(
                "{file}: {} puzzles, {:.1} µs per puzzle ({:.0} µs in all)",
                bench.count, bench.micros_per_puzzle, bench.micros_total
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("native_bench: {file}: {e}");
            ExitCode::from(2)
        }
    }
}
