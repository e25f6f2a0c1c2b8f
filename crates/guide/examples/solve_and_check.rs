//! Solves a DIMACS file with a DRAT proof, then times checking the proof.
//!
//! ```text
//! cargo run --release -p satoku-guide --example solve_and_check -- FILE [text|binary] [PROOF_PATH]
//! ```

use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;
use std::time::Instant;

use satoku_dimacs::ParseOptions;
use satoku_drat::{check, CheckOptions};
use satoku_solver::{ProofFormat, SolveResult, Solver, SolverConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        return Err("usage: solve_and_check FILE [text|binary] [PROOF_PATH]".into());
    };
    let format = match args.get(1).map(String::as_str) {
        Some("binary") => ProofFormat::Binary,
        _ => ProofFormat::Text,
    };
    let proof_path = PathBuf::from(args.get(2).map_or("/tmp/satoku-proof.drat", String::as_str));
    let cnf = satoku_dimacs::parse_path(file.as_ref(), &ParseOptions::default())?.cnf;

    let start = Instant::now();
    let proof = Box::new(BufWriter::new(File::create(&proof_path)?));
    let mut solver = Solver::new(SolverConfig::default()).with_proof(proof, format)?;
    solver.add_cnf(&cnf);
    let result = solver.solve();
    solver.finish_proof()?;
    let solve_time = start.elapsed();
    println!(
        "solve: {} in {:.3} s",
        result.status(),
        solve_time.as_secs_f64()
    );
    if result != SolveResult::Unsat {
        return Ok(());
    }

    let bytes = std::fs::metadata(&proof_path)?.len();
    let start = Instant::now();
    let verdict = check(&cnf, File::open(&proof_path)?, &CheckOptions::default())?;
    let check_time = start.elapsed();
    println!(
        "proof: {} ({bytes} bytes, {format:?})",
        proof_path.display()
    );
    println!(
        "check: {} in {:.3} s",
        verdict.outcome,
        check_time.as_secs_f64()
    );
    println!("stats: {:?}", verdict.stats);
    Ok(())
}
