//! `satoku check-proof FILE PROOF`: verify a DRAT proof of unsatisfiability.
//!
//! The proof may be text or binary DRAT (detected from its first bytes) and
//! is checked forward by `satoku_drat`: every lemma must be RUP or RAT, and
//! the proof must reach the empty clause. Prints `s VERIFIED` (exit 0) or
//! the reason and `s NOT VERIFIED` (exit 1); a proof that cannot be read or
//! is malformed exits 2.

use crate::counted::counted;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use satoku_drat::{CheckOptions, Verdict};

use crate::exit::{BadInput, FAILURE};
use crate::input::{check_var_density, read_cnf};

// Options of `satoku check-proof`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// DIMACS CNF file (`-` for stdin; gzip and xz are detected).
    pub file: PathBuf,
    /// DRAT proof, text or binary (`-` for stdin).
    pub proof: PathBuf,
    /// Treat DIMACS warnings as errors, and a deletion of a clause that is
    /// not present as a malformed proof.
    #[arg(long)]
    pub strict: bool,
}

/// Runs `satoku check-proof`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    satoku_io::stdin_once(&[("FILE", &args.file), ("PROOF", &args.proof)])?;
    let cnf = read_cnf(&args.file, args.strict)?.cnf;
    check_var_density(&cnf, &args.file)?;
    let proof = satoku_io::open_input(&args.proof)?;
    let opts = CheckOptions {
        strict: args.strict,
        ..CheckOptions::default()
    };
    let start = Instant::now();
    let verdict = satoku_drat::check(&cnf, proof, &opts)
        .map_err(|err| BadInput(format!("{}: {err}", args.proof.display())))?;
    let seconds = start.elapsed().as_secs_f64();
    report(&verdict, seconds);
    Ok(if verdict.is_verified() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(FAILURE)
    })
}

/// Prints the counts, the outcome as a `c` line and the `s` line.
fn report(verdict: &Verdict, seconds: f64) {
    let s = &verdict.stats;
    if s.num_missing_deletions > 0 {
        eprintln!(
            "satoku: warning: ignored {} deletions of clauses not present",
            s.num_missing_deletions
        );
    }
    println!(
        "c {}, {} ({} of unit clauses ignored), {}, {}",
        counted(s.num_lemmas, "lemma"),
        counted(s.num_deletions, "deletion"),
        s.num_unit_deletions,
        counted(s.num_rat_checks, "RAT check"),
        counted(s.num_propagations, "propagation")
    );
    println!("c checked in {seconds:.3} s");
    println!("c {}", verdict.outcome);
    if verdict.is_verified() {
        println!("s VERIFIED");
    } else {
        println!("s NOT VERIFIED");
    }
}
