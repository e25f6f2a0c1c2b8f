//! `satoku solve`: SAT-competition output for a DIMACS file.
//!
//! `c` lines carry statistics, exactly one `s` line gives the answer, and
//! for SAT `v` lines of at most 4,096 characters list every declared
//! variable, ending in `0`. Exit codes 10 / 20 / 0.
//!
//! `--timeout` and the signals cover the whole run ([`Watchdog`]). Neither
//! an input nor another output is ever written over (refused as bad
//! input); a closed stdout neither changes the exit code nor skips the
//! `--res` and `--proof` files. The formula and the solver are not freed
//! at the end: the process exits, which is faster.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use satoku_dimacs::Status;
use satoku_formula::Model;
use satoku_solver::{Algorithm, ProofFormat, SolveResult, Solver, Stats};

use crate::exit::{self, BadInput};
use crate::input::{check_var_density, read_cnf_with, LimitArgs, ModelUse};
use crate::output::{check_outputs, write_file};
use crate::proof_file::ProofFile;
use crate::solver_options::{parse_seconds, SolverOptions};
use crate::stdout;
use crate::trace::Trace;
use crate::watchdog::Watchdog;

// Options of `satoku solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// DIMACS CNF file (`-` for stdin; gzip and xz are detected).
    pub file: PathBuf,
    #[command(flatten)]
    pub solver: SolverOptions,
    /// Give up after this many seconds of the whole run, reading the file
    /// included (decimals allowed): `s UNKNOWN`.
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
    /// Write the search events to this file as JSON lines (`-`: stderr;
    /// schema in docs/solver.md).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Events written at most by `--trace`; a last line marks the cut.
    #[arg(long, value_name = "N", default_value_t = 100_000, requires = "trace")]
    pub trace_limit: u64,
    /// Treat DIMACS warnings (clause count mismatch, open last clause) as errors.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Refuses flags that cannot work together and outputs that would write
/// over an input or each other; the `.res` path, if asked for.
fn check_args(args: &Args, algorithm: Algorithm) -> anyhow::Result<Option<PathBuf>> {
    let bad = |text: &str| Err(BadInput(text.into()).into());
    if args.proof.is_some() && algorithm != Algorithm::Cdcl {
        return bad("--proof needs --algorithm cdcl (DPLL learns nothing to log)");
    }
    if args.proof.as_deref() == Some(Path::new("-")) {
        return bad("--proof needs a file name (the proof is not mixed into stdout)");
    }
    let res = args.res.then(|| res_path(&args.file)).transpose()?;
    // `--trace -` is stderr, which no other output uses.
    let trace = args.trace.as_deref().filter(|&p| p != Path::new("-"));
    let outputs = [
        Some(Path::new("-")),
        args.proof.as_deref(),
        res.as_deref(),
        trace,
    ];
    let outputs: Vec<&Path> = outputs.into_iter().flatten().collect();
    check_outputs(&[&args.file], &outputs)?;
    Ok(res)
}

/// Runs `satoku solve`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut config = args.solver.config();
    let res = check_args(&args, config.algorithm)?;
    let watchdog = Watchdog::start(start, args.timeout, args.quiet)?;
    config.interrupt = Some(watchdog.interrupt_flag());
    if let Some(path) = res.clone() {
        watchdog.on_unknown(move |elapsed| {
            // The run ends with exit 0 and `s UNKNOWN` either way.
            let _ = write_res(&path, &SolveResult::Unknown, 0, elapsed);
        });
    }
    let out = Comments { quiet: args.quiet };
    out.comment(&format!(
        "satoku {} solving {}",
        env!("CARGO_PKG_VERSION"),
        args.file.display()
    ));
    let model_use = if args.no_model && !args.res {
        ModelUse::None
    } else {
        ModelUse::Print
    };
    let cnf = read_cnf_with(&args.file, args.strict, &args.limits, model_use)?.cnf;
    check_var_density(&cnf, &args.file)?;
    let num_vars = cnf.num_vars();
    out.comment(&format!(
        "parsed {num_vars} variables, {} clauses in {:.3} s",
        cnf.num_clauses(),
        start.elapsed().as_secs_f64()
    ));
    config.time_limit = args.timeout.map(|t| t.saturating_sub(start.elapsed()));
    let mut solver = Solver::new(config);
    if let Some(path) = &args.proof {
        let proof = start_proof(&mut solver, path, args.binary_proof)?;
        watchdog.guard_proof(proof);
    }
    let trace = (args.trace.as_deref())
        .map(|path| start_trace(&mut solver, path, args.trace_limit))
        .transpose()?;
    if let Some(trace) = &trace {
        watchdog.guard_trace(trace.clone());
    }
    // Sized by the variables the clauses use: a header may declare billions
    // more, which the model below covers as false without storing them.
    // The formula itself becomes the solver's copy for model checks.
    solver.add_cnf_owned(cnf);
    // The search gets what is left of the deadline after loading.
    solver.config_mut().time_limit = args.timeout.map(|t| t.saturating_sub(start.elapsed()));
    // The header lines go out before a search that may be long (an error
    // sticks in stdout and ends the run after the answer and side files).
    let _ = stdout::finish();
    watchdog.searching();
    let result = solver.solve();
    watchdog.reporting();
    // The solver's error names its cause already: one message, no chain.
    let proof_written = solver.finish_proof().map_err(|e| {
        let path = args.proof.as_deref().unwrap_or(Path::new("-"));
        anyhow::anyhow!("{}: {e}", path.display())
    });
    let trace_written = finish_trace(trace.as_ref(), &args);
    report(&out, &solver, &result, num_vars, &args, start);
    if let Some(path) = &res {
        // The answer is out: a write that fails now is a runtime failure
        // (exit 1) whatever its cause; a bad path was refused before.
        write_res(path, &result, num_vars, start.elapsed()).map_err(exit::after_answer)?;
    }
    proof_written?;
    trace_written?;
    let code = ExitCode::from(result.exit_code());
    // Freeing a big formula takes seconds; the process ends now anyway.
    std::mem::forget(solver);
    std::mem::forget(result);
    Ok(code)
}

/// Creates the proof file at `path` and has `solver` write to it.
fn start_proof(solver: &mut Solver, path: &Path, binary: bool) -> anyhow::Result<ProofFile> {
    let format = if binary {
        ProofFormat::Binary
    } else {
        ProofFormat::Text
    };
    let proof = ProofFile::create(path, format)
        .with_context(|| format!("cannot create proof file {}", path.display()))?;
    solver.set_proof(Box::new(proof.clone()), format)?;
    Ok(proof)
}

/// Creates the trace file at `path` (`-`: stderr) and attaches it to `solver`.
fn start_trace(solver: &mut Solver, path: &Path, limit: u64) -> anyhow::Result<Trace> {
    let trace = Trace::create(path, limit)
        .with_context(|| format!("cannot create trace file {}", path.display()))?;
    solver.set_observer(Some(Box::new(trace.clone())));
    Ok(trace)
}

/// Writes the rest of the trace, if any; a write error names the file.
fn finish_trace(trace: Option<&Trace>, args: &Args) -> anyhow::Result<()> {
    let (Some(trace), Some(path)) = (trace, args.trace.as_deref()) else {
        return Ok(());
    };
    trace.finish().map_err(|e| {
        let name = if path == Path::new("-") {
            "stderr".into()
        } else {
            path.display().to_string()
        };
        anyhow::anyhow!("{name}: writing the trace failed: {e}")
    })
}

/// The statistics, the `s` line and the model (unless `--no-model`).
fn report(
    out: &Comments,
    solver: &Solver,
    result: &SolveResult,
    num_vars: usize,
    args: &Args,
    start: Instant,
) {
    print_stats(out, solver.stats(), start.elapsed());
    let (status, model) = answer(result);
    let model = model.filter(|_| !args.no_model);
    // `Product` stops the `v` lines once nobody reads them; any other
    // write error sticks in stdout and ends the command in `main`.
    let _ = satoku_dimacs::write_solver_output(status, model, num_vars, stdout::Product);
}

/// `c` lines on stdout, left out when quiet. Write errors are not returned
/// here: they stick in stdout and end the command in `main`, after `solve`
/// wrote its side files.
struct Comments {
    quiet: bool,
}

impl Comments {
    /// Writes `c TEXT` in one write, which the watchdog's last lines
    /// cannot cut in two.
    fn comment(&self, text: &str) {
        if !self.quiet {
            let _ = stdout::write(format!("c {text}\n").as_bytes());
        }
    }
}

/// The answer's status, and its model if SAT.
fn answer(result: &SolveResult) -> (Status, Option<&Model>) {
    match result {
        SolveResult::Sat(model) => (Status::Sat, Some(model)),
        SolveResult::Unsat => (Status::Unsat, None),
        SolveResult::Unknown => (Status::Unknown, None),
    }
}

fn print_stats(out: &Comments, stats: &Stats, total: Duration) {
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
        ("shrunken literals", stats.shrunken_literals),
        ("reductions", stats.reductions),
        ("deleted clauses", stats.deleted_clauses),
        ("rephases", stats.rephases),
        ("walks", stats.walks),
        ("walk flips", stats.walk_flips),
        ("vivify rounds", stats.vivify_rounds),
        ("vivified clauses", stats.vivified_clauses),
        ("vivify removed lits", stats.vivify_removed_literals),
        ("vivify propagations", stats.vivify_propagations),
        ("elim rounds", stats.elim_rounds),
        ("subsumed clauses", stats.subsumed_clauses),
        ("strengthened", stats.strengthened_clauses),
        ("eliminated vars", stats.eliminated_vars),
        ("resolvents", stats.resolvents),
        ("probes", stats.probes),
        ("failed literals", stats.failed_literals),
        ("probe propagations", stats.probe_propagations),
        ("substituted vars", stats.substituted_vars),
        ("gates", stats.gates),
        ("congruent gates", stats.congruent_gates),
        ("xors", stats.xors),
        ("xor units", stats.xor_units),
        ("xor equivalences", stats.xor_equivalences),
        ("xor propagations", stats.xor_propagations),
        ("xor conflicts", stats.xor_conflicts),
    ];
    for (name, value) in rows {
        out.comment(&format!(
            "{name:<20} {value:>14} ({:.0}/s)",
            value as f64 / secs
        ));
    }
    out.comment(&format!(
        "{:<20} {:>14.3} s",
        "solve time",
        stats.solve_time.as_secs_f64()
    ));
    out.comment(&format!(
        "{:<20} {:>14.3} s",
        "total time",
        total.as_secs_f64()
    ));
}

/// The course-design result file: `s 1|0|-1`, `v` literals, `t` milliseconds.
fn write_res(
    path: &Path,
    result: &SolveResult,
    num_vars: usize,
    elapsed: Duration,
) -> anyhow::Result<()> {
    let (status, model) = answer(result);
    write_file(path, |w| {
        satoku_dimacs::write_res(status, model, num_vars, elapsed.as_millis(), w)
    })
}

/// `NAME.res` beside the input `NAME.cnf` (`.gz`, `.xz` dropped too).
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
}
