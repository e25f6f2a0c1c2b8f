//! `satoku solve`: SAT-competition output for a DIMACS file.
//!
//! `c` lines carry statistics, exactly one `s` line gives the answer, and
//! for SAT `v` lines of at most 4,096 characters list every declared
//! variable, ending in `0`. Exit codes 10 / 20 / 0.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::ValueEnum;
use satoku_formula::Model;
use satoku_solver::{
    Algorithm, Heuristic, ProofFormat, RestartPolicy, SolveResult, Solver, SolverConfig, Stats,
};

use crate::exit::BadInput;
use crate::input::{check_var_density, read_cnf_with, LimitArgs, ModelUse};
use crate::stdout::Stdout;

/// Options of `satoku solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// DIMACS CNF file (`-` for stdin; gzip and xz are detected).
    pub file: PathBuf,
    #[command(flatten)]
    pub solver: SolverOptions,
    /// Give up after this many seconds (decimals allowed): `s UNKNOWN`.
    #[arg(long, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Print no `c` lines.
    #[arg(long, short)]
    pub quiet: bool,
    /// Print no `v` lines.
    #[arg(long)]
    pub no_model: bool,
    /// Also write `NAME.res` beside the input (course-design result file).
    #[arg(long)]
    pub res: bool,
    /// Write a DRAT proof of unsatisfiability to this file (CDCL).
    #[arg(long)]
    pub proof: Option<PathBuf>,
    /// Write the proof in binary DRAT.
    #[arg(long, requires = "proof")]
    pub binary_proof: bool,
    /// Treat DIMACS warnings (clause count mismatch, open last clause) as errors.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Engine options shared by `satoku solve` and `satoku bench`.
#[derive(clap::Args, Debug)]
pub struct SolverOptions {
    /// Search algorithm.
    #[arg(long, value_enum, ignore_case = true, default_value_t = AlgorithmArg::Cdcl)]
    pub algorithm: AlgorithmArg,
    /// Decision heuristic.
    #[arg(long, value_enum, ignore_case = true, default_value_t = HeuristicArg::Vsids)]
    pub heuristic: HeuristicArg,
    /// Turn off pure-literal elimination (DPLL).
    #[arg(long)]
    pub no_pure_literals: bool,
    /// Restart policy (CDCL).
    #[arg(long, value_enum, ignore_case = true, default_value_t = RestartArg::Modes)]
    pub restart: RestartArg,
    /// Keep every learnt clause (CDCL).
    #[arg(long)]
    pub no_reduce: bool,
    /// Give up after this many conflicts: `s UNKNOWN`.
    #[arg(long)]
    pub conflicts: Option<u64>,
    /// Give up after this many decisions: `s UNKNOWN`.
    #[arg(long)]
    pub decisions: Option<u64>,
}

/// `--algorithm` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AlgorithmArg {
    /// Conflict-driven clause learning (default).
    Cdcl,
    /// Davis-Putnam-Logemann-Loveland with chronological backtracking.
    Dpll,
}

/// `--heuristic` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum HeuristicArg {
    /// Lowest-numbered unassigned variable, true first.
    First,
    /// Maximum occurrences in clauses of minimum size.
    Moms,
    /// Two-sided Jeroslow-Wang.
    Jw,
    /// Dynamic largest individual sum.
    Dlis,
    /// Conflict-driven activity (VSIDS) with phase saving (default).
    Vsids,
}

/// `--restart` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RestartArg {
    /// Glucose-style LBD averages.
    Glucose,
    /// Luby sequence, unit 100 conflicts.
    Luby,
    /// Focused (Glucose) and stable (Luby x 1024) phases in turn (default).
    Modes,
    /// No restarts.
    Never,
}

pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !secs.is_finite() || !(0.0..=1e9).contains(&secs) {
        return Err(format!(
            "`{text}` is not a number of seconds between 0 and 1e9"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

impl SolverOptions {
    /// The engine configuration these flags ask for.
    pub fn config(&self) -> SolverConfig {
        SolverConfig {
            algorithm: match self.algorithm {
                AlgorithmArg::Cdcl => Algorithm::Cdcl,
                AlgorithmArg::Dpll => Algorithm::Dpll,
            },
            heuristic: match self.heuristic {
                HeuristicArg::First => Heuristic::First,
                HeuristicArg::Moms => Heuristic::Moms,
                HeuristicArg::Jw => Heuristic::JeroslowWang,
                HeuristicArg::Dlis => Heuristic::Dlis,
                HeuristicArg::Vsids => Heuristic::Vsids,
            },
            pure_literals: !self.no_pure_literals,
            restart: match self.restart {
                RestartArg::Glucose => RestartPolicy::Glucose,
                RestartArg::Luby => RestartPolicy::Luby,
                RestartArg::Modes => RestartPolicy::Modes,
                RestartArg::Never => RestartPolicy::Never,
            },
            reduce: !self.no_reduce,
            conflict_limit: self.conflicts,
            decision_limit: self.decisions,
            ..SolverConfig::default()
        }
    }
}

/// Runs `satoku solve`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut config = args.solver.config();
    if args.proof.is_some() && config.algorithm != Algorithm::Cdcl {
        return Err(
            BadInput("--proof needs --algorithm cdcl (DPLL learns nothing to log)".into()).into(),
        );
    }
    let interrupt = Arc::new(AtomicBool::new(false));
    install_interrupt_handler(&interrupt);
    config.interrupt = Some(interrupt);
    let mut out = Stdout::new(args.quiet);
    out.comment(&format!(
        "satoku {} solving {}",
        env!("CARGO_PKG_VERSION"),
        args.file.display()
    ))?;
    let model_use = if args.no_model && !args.res {
        ModelUse::None
    } else {
        ModelUse::Print
    };
    let parsed = read_cnf_with(&args.file, args.strict, &args.limits, model_use)?;
    let cnf = &parsed.cnf;
    check_var_density(cnf, &args.file)?;
    out.comment(&format!(
        "parsed {} variables, {} clauses in {:.3} s",
        cnf.num_vars(),
        cnf.num_clauses(),
        start.elapsed().as_secs_f64()
    ))?;
    config.time_limit = args.timeout.map(|t| t.saturating_sub(start.elapsed()));
    let mut solver = Solver::new(config);
    if let Some(path) = &args.proof {
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot create proof file {}", path.display()))?;
        let format = if args.binary_proof {
            ProofFormat::Binary
        } else {
            ProofFormat::Text
        };
        solver.set_proof(Box::new(file), format)?;
    }
    // Sized by the variables the clauses use: a header may declare billions
    // more, which the model below covers as false without storing them.
    solver.add_cnf(cnf);
    let result = solver.solve();
    solver.finish_proof().context("writing the proof")?;
    print_stats(&mut out, solver.stats(), start.elapsed())?;
    out.line(&format!("s {}", result.status()))?;
    if let (SolveResult::Sat(model), false) = (&result, args.no_model) {
        print_model(&mut out, model, cnf.num_vars())?;
    }
    out.flush()?;
    if args.res {
        write_res(&args.file, &result, cnf.num_vars(), start.elapsed())?;
    }
    Ok(ExitCode::from(result.exit_code()))
}

/// Ctrl-C sets the flag (the search stops with UNKNOWN); a second Ctrl-C ends at once.
fn install_interrupt_handler(flag: &Arc<AtomicBool>) {
    let flag = Arc::clone(flag);
    // Failing to install (e.g. already installed in tests) only loses Ctrl-C handling.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
}

fn print_stats(out: &mut Stdout, stats: &Stats, total: Duration) -> anyhow::Result<()> {
    let secs = stats.solve_time.as_secs_f64().max(1e-9);
    let rows = [
        ("decisions", stats.decisions),
        ("propagations", stats.propagations),
        ("conflicts", stats.conflicts),
        ("backtracks", stats.backtracks),
        ("pure literals", stats.pure_literals),
        ("restarts", stats.restarts),
        ("learnt clauses", stats.learnt_clauses),
        ("minimized literals", stats.minimized_literals),
        ("reductions", stats.reductions),
        ("deleted clauses", stats.deleted_clauses),
    ];
    for (name, value) in rows {
        out.comment(&format!(
            "{name:<20} {value:>14} ({:.0}/s)",
            value as f64 / secs
        ))?;
    }
    out.comment(&format!(
        "{:<20} {:>14.3} s",
        "solve time",
        stats.solve_time.as_secs_f64()
    ))?;
    out.comment(&format!(
        "{:<20} {:>14.3} s",
        "total time",
        total.as_secs_f64()
    ))?;
    Ok(())
}

/// The `v` lines of `satoku_dimacs::v_lines`: every variable, then `0`.
fn print_model(out: &mut Stdout, model: &Model, num_vars: usize) -> anyhow::Result<()> {
    for line in satoku_dimacs::v_lines(model, num_vars) {
        out.line(&line)?;
    }
    Ok(())
}

/// The course-design result file: `s 1|0|-1`, `v` literals, `t` milliseconds.
fn write_res(
    input: &Path,
    result: &SolveResult,
    num_vars: usize,
    elapsed: Duration,
) -> anyhow::Result<()> {
    let path = res_path(input)?;
    let (status, model) = match result {
        SolveResult::Sat(model) => (satoku_dimacs::Status::Sat, Some(model)),
        SolveResult::Unsat => (satoku_dimacs::Status::Unsat, None),
        SolveResult::Unknown => (satoku_dimacs::Status::Unknown, None),
    };
    let file =
        std::fs::File::create(&path).with_context(|| format!("cannot write {}", path.display()))?;
    let out = std::io::BufWriter::new(file);
    satoku_dimacs::write_res(status, model, num_vars, elapsed.as_millis(), out)
        .with_context(|| format!("cannot write {}", path.display()))
}

fn res_path(input: &Path) -> anyhow::Result<PathBuf> {
    if input.as_os_str() == "-" {
        return Err(BadInput("--res needs a file name, not stdin".into()).into());
    }
    let mut stem = input.to_path_buf();
    // `x.cnf.gz` -> `x.res`.
    while matches!(
        stem.extension().and_then(|e| e.to_str()),
        Some("gz" | "xz" | "cnf")
    ) {
        stem.set_extension("");
    }
    Ok(stem.with_extension("res"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn res_path_drops_cnf_and_compression() {
        assert_eq!(
            res_path(Path::new("a/b.cnf")).unwrap(),
            PathBuf::from("a/b.res")
        );
        assert_eq!(
            res_path(Path::new("b.cnf.xz")).unwrap(),
            PathBuf::from("b.res")
        );
        assert!(res_path(Path::new("-")).is_err());
    }

    #[test]
    fn seconds_are_validated() {
        assert_eq!(parse_seconds("1.5").unwrap(), Duration::from_millis(1500));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("nan").is_err());
        assert!(parse_seconds("inf").is_err());
        assert!(parse_seconds("abc").is_err());
    }
}
