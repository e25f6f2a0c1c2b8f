//! `satoku convert IN OUT`: rewrite a DIMACS file in canonical form, or
//! shuffled (`--shuffle SEED`).

use std::path::PathBuf;
use std::process::ExitCode;

use satoku_dimacs::write_cnf;

use crate::input::{read_cnf_with, LimitArgs, ModelUse};
use crate::output::{check_outputs, write_file};

// Write canonical DIMACS (header, one clause per line); gzip when OUT ends
// in `.gz`, xz for `.xz`. OUT is replaced only once fully written.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Input DIMACS file (`-` for stdin; gzip and xz are detected).
    pub input: PathBuf,
    /// Output file (`-` for stdout).
    pub output: PathBuf,
    /// Reject a wrong clause count in the header and an unterminated last clause.
    #[arg(long)]
    pub strict: bool,
    /// Rename the variables by a random permutation and reorder the
    /// clauses and their literals, drawn with this seed: the same formula
    /// up to names and order, to measure how a solver's time varies with them.
    #[arg(long, value_name = "SEED")]
    pub shuffle: Option<u64>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Runs `satoku convert`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    check_outputs(&[&args.input], &[&args.output])?;
    let parsed = read_cnf_with(&args.input, args.strict, &args.limits, ModelUse::None)?;
    let cnf = match args.shuffle {
        Some(seed) => satoku_gen::shuffle(&parsed.cnf, seed),
        None => parsed.cnf,
    };
    write_file(&args.output, |w| write_cnf(&cnf, w))?;
    Ok(ExitCode::SUCCESS)
}
