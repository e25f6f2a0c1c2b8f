//! `satoku info FILE`: what a DIMACS file holds and how fast it parses.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use satoku_formula::Cnf;

use crate::input::read_cnf;

/// Print declared and actual counts, clause lengths, duplicate literals,
/// tautologies, and the parse time and throughput.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// DIMACS CNF file (`-` for stdin; gzip and xz are detected).
    pub file: PathBuf,
    /// Reject a wrong clause count in the header and an unterminated last clause.
    #[arg(long)]
    pub strict: bool,
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

fn stats(cnf: &Cnf) -> Stats {
    let mut s = Stats::default();
    // Sized by the variables used, not declared: a header may declare 2^31.
    let max_var = cnf
        .clauses()
        .flatten()
        .map(|lit| lit.var().index() + 1)
        .max()
        .unwrap_or(0);
    // stamp[lit code] = 1 + index of the last clause holding the literal.
    let mut stamp = vec![0u32; 2 * max_var];
    let mut used = vec![false; max_var];
    for (i, clause) in cnf.clauses().enumerate() {
        let mark = i as u32 + 1;
        let (mut dup, mut taut) = (0, false);
        for &lit in clause {
            used[lit.var().index()] = true;
            if stamp[lit.code()] == mark {
                dup += 1;
            }
            if stamp[(!lit).code()] == mark {
                taut = true;
            }
            stamp[lit.code()] = mark;
        }
        s.empty += clause.is_empty() as usize;
        s.with_duplicates += (dup > 0) as usize;
        s.duplicate_lits += dup;
        s.tautologies += taut as usize;
        *s.lengths.entry(bucket(clause.len())).or_default() += 1;
    }
    s.used_vars = used.iter().filter(|&&u| u).count();
    s
}

/// Runs `satoku info`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let parsed = read_cnf(&args.file, args.strict)?;
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
        parsed.declared_vars, parsed.declared_clauses
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
