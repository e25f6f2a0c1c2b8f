//! `satoku info FILE`: what a DIMACS file holds and how fast it parses.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use satoku_dimacs::{Parsed, WarningKind};
use satoku_formula::Cnf;

use crate::input::{read_cnf_with, LimitArgs, ModelUse};

// Print declared and actual counts, clause lengths, duplicate literals,
// tautologies, and the parse time and throughput.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// DIMACS CNF file (`-` for stdin; gzip and xz are detected).
    pub file: PathBuf,
    /// Reject a wrong clause count in the header and an unterminated last clause.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Counts gathered in one pass over the clauses.
#[derive(Default)]
struct Stats {
    used_vars: usize,
    empty: usize,
    with_duplicates: usize,
    duplicate_lits: usize,
    tautologies: usize,
    /// Clause length bucket (see [`bucket`]) to number of clauses.
    lengths: BTreeMap<(usize, usize), usize>,
}

/// Lengths up to 8 are shown exactly; longer ones in power-of-two ranges.
fn bucket(len: usize) -> (usize, usize) {
    if len <= 8 {
        (len, len)
    } else {
        let hi = len.next_power_of_two();
        (hi / 2 + 1, hi)
    }
}

/// The counts of `cnf`, in memory that follows what the clauses hold: a
/// header or a literal may name variable 2^31 in a 20-byte file.
fn stats(cnf: &Cnf) -> Stats {
    let mut s = Stats {
        used_vars: cnf.distinct_vars(),
        ..Stats::default()
    };
    let mut codes: Vec<usize> = Vec::new();
    for clause in cnf.clauses() {
        codes.clear();
        codes.extend(clause.iter().map(|lit| lit.code()));
        codes.sort_unstable();
        // Sorted codes put a duplicate next to its twin and `x` next to `-x`.
        let dup = codes.windows(2).filter(|w| w[0] == w[1]).count();
        let taut = codes
            .windows(2)
            .any(|w| w[0] != w[1] && w[0] >> 1 == w[1] >> 1);
        s.empty += clause.is_empty() as usize;
        s.with_duplicates += (dup > 0) as usize;
        s.duplicate_lits += dup;
        s.tautologies += taut as usize;
        *s.lengths.entry(bucket(clause.len())).or_default() += 1;
    }
    s
}

/// The header's clause count as the file writes it: `declared_clauses`
/// saturates (at `usize::MAX`), so a count past it is taken from the
/// mismatch warning, which keeps the text.
fn declared_clauses(parsed: &Parsed) -> String {
    let written = parsed.warnings.iter().find_map(|w| match &w.kind {
        WarningKind::ClauseCount(m) if m.declared == u64::MAX => Some(m.declared_text.clone()),
        _ => None,
    });
    written.unwrap_or_else(|| parsed.declared_clauses.to_string())
}

/// Runs `satoku info`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let parsed = read_cnf_with(&args.file, args.strict, &args.limits, ModelUse::None)?;
    let seconds = start.elapsed().as_secs_f64();
    let cnf = &parsed.cnf;
    let s = stats(cnf);
    let megabytes = parsed.text_bytes as f64 / 1e6;

    let mut out = String::new();
    let w = &mut out;
    writeln!(w, "file                {}", args.file.display())?;
    writeln!(
        w,
        "declared            {} variables, {} clauses",
        parsed.declared_vars,
        declared_clauses(&parsed)
    )?;
    writeln!(
        w,
        "read                {} variables ({} used), {} clauses, {} literals",
        cnf.num_vars(),
        s.used_vars,
        cnf.num_clauses(),
        cnf.num_lits()
    )?;
    writeln!(w, "clause lengths")?;
    for (&(lo, hi), &count) in &s.lengths {
        let label = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        };
        writeln!(w, "  {label:>16}  {count}")?;
    }
    writeln!(w, "empty clauses       {}", s.empty)?;
    writeln!(
        w,
        "duplicate literals  {} in {} clauses",
        s.duplicate_lits, s.with_duplicates
    )?;
    writeln!(w, "tautologies         {} clauses", s.tautologies)?;
    writeln!(w, "warnings            {}", parsed.warnings.len())?;
    writeln!(
        w,
        "parse time          {seconds:.3} s ({megabytes:.1} MB of text, {:.1} MB/s)",
        megabytes / seconds.max(1e-9)
    )?;
    crate::stdout::write(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::Lit;

    #[test]
    fn counts_duplicates_tautologies_and_lengths() {
        let mut cnf = Cnf::new();
        for clause in [
            &[1, 1, 2][..],
            &[3, -3],
            &[],
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        ] {
            let lits: Vec<Lit> = clause.iter().map(|&n| Lit::from_dimacs(n)).collect();
            cnf.add_clause(&lits);
        }
        cnf.ensure_vars(12);
        let s = stats(&cnf);
        assert_eq!((s.used_vars, s.empty), (10, 1));
        assert_eq!(
            (s.with_duplicates, s.duplicate_lits, s.tautologies),
            (1, 1, 1)
        );
        let lengths: Vec<_> = s.lengths.into_iter().collect();
        assert_eq!(
            lengths,
            [((0, 0), 1), ((2, 2), 1), ((3, 3), 1), ((9, 16), 1)]
        );
    }
}
