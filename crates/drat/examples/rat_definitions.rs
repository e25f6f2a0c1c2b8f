//! Writes a formula and a DRAT proof heavy in RAT lemmas, to time
//! `satoku check-proof` on them: `PREFIX.cnf` holds the eight clauses over
//! variables 1..3 (unsatisfiable) and 100,000 random 3-clauses over
//! variables 4..100,003; `PREFIX.drat` first defines N extension variables
//! `x <-> a & b` (three RAT lemmas each), then refutes the eight clauses.
//!
//! `cargo run --release -p satoku-drat --example rat_definitions -- N PREFIX`

use std::fs::File;
use std::io::{BufWriter, Write};

const FILLER_VARS: u64 = 100_000;
const FILLER_CLAUSES: usize = 100_000;

/// Xorshift: the files are the same on every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A variable of the filler, 4..=100,003.
fn filler_var(state: &mut u64) -> i64 {
    (4 + next(state) % FILLER_VARS) as i64
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(n), Some(prefix)) = (
        args.first().and_then(|a| a.parse::<i64>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: rat_definitions N PREFIX");
        std::process::exit(2);
    };
    let mut state = 0x2545_f491_4f6c_dd1d;
    let mut cnf = BufWriter::new(File::create(format!("{prefix}.cnf"))?);
    writeln!(cnf, "p cnf {} {}", FILLER_VARS + 3, 8 + FILLER_CLAUSES)?;
    for bits in 0..8 {
        let lit = |i: i64| if bits >> i & 1 == 1 { -(i + 1) } else { i + 1 };
        writeln!(cnf, "{} {} {} 0", lit(0), lit(1), lit(2))?;
    }
    for _ in 0..FILLER_CLAUSES {
        let mut lit = || filler_var(&mut state) * if next(&mut state) & 1 == 0 { 1 } else { -1 };
        writeln!(cnf, "{} {} {} 0", lit(), lit(), lit())?;
    }
    cnf.flush()?;
    let mut proof = BufWriter::new(File::create(format!("{prefix}.drat"))?);
    for i in 0..n {
        let x = FILLER_VARS as i64 + 4 + i;
        let a = filler_var(&mut state);
        let b = 4 + (a - 3 + (next(&mut state) % (FILLER_VARS - 1)) as i64) % FILLER_VARS as i64;
        writeln!(proof, "{} {a} 0\n{} {b} 0\n{x} {} {} 0", -x, -x, -a, -b)?;
    }
    writeln!(proof, "1 2 0\nd 1 2 3 0\n1 0\n2 0\n0")?;
    proof.flush()
}
