//! `satoku bench` and `satoku bench-plot`: the flags of the benchmark
//! runner in `satoku-bench`, which does the work.
//!
//! Exit code 0 when no answer is wrong, no model is bad and no run failed
//! (an interrupted run counts as failed), 1 otherwise, 2 for bad flags or
//! input (a missing path, a bad TSV or CSV, a solver command without `{}`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use satoku_bench::{Bench, BenchError, Engine, Expected, Progress, SolverCmd};

use crate::exit::{BadInput, FAILURE};
use crate::flags::parse_jobs;
use crate::output::{self, check_outputs};
use crate::signals;
use crate::solver_options::{parse_seconds, SolverOptions};

// Options of `satoku bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Instance files and folders (walked recursively for .cnf, .cnf.gz, .cnf.xz).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Expected answers, `relative_path<TAB>SAT|UNSAT|UNKNOWN` lines (matched by path suffix).
    #[arg(long)]
    pub expected: Option<PathBuf>,
    /// Seconds allowed per instance (decimals allowed); PAR-2 charges twice this.
    #[arg(long, value_parser = parse_seconds, default_value = "60")]
    pub timeout: Duration,
    /// Instances run at once (timings are cleanest with 1; at most 4 per
    /// available processor).
    #[arg(long, default_value_t = 1, value_parser = parse_jobs)]
    pub jobs: usize,
    /// Write one CSV row per instance to this file.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Run this solver instead of satoku, e.g. 'minisat -verb=0 {} {out}': `{}` is a
    /// clean DIMACS copy of the instance, `{out}` a result file (split at spaces, no shell).
    #[arg(long, value_name = "CMD")]
    pub solver_cmd: Option<String>,
    /// The solver's name in the CSV and plot (default: satoku, or the command's program).
    #[arg(long)]
    pub label: Option<String>,
    /// Draw a cactus plot of this run to an SVG file.
    #[arg(long, value_name = "OUT.svg")]
    pub plot: Option<PathBuf>,
    /// Treat DIMACS warnings (clause count mismatch, open last clause) as errors.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub solver: SolverOptions,
}

// Options of `satoku bench-plot`.
#[derive(clap::Args, Debug)]
pub struct PlotArgs {
    /// CSV files written by `satoku bench --csv` (rows with the same solver make one line).
    #[arg(required = true)]
    pub csv: Vec<PathBuf>,
    /// The SVG file to write.
    #[arg(short, long, value_name = "OUT.svg")]
    pub output: PathBuf,
    /// The plot's title.
    #[arg(long, default_value = "satoku bench: cactus plot")]
    pub title: String,
    /// Plot CPU times instead of wall-clock times.
    #[arg(long)]
    pub cpu: bool,
    /// A logarithmic time axis.
    #[arg(long)]
    pub log: bool,
}

/// The exit-code class of a library error: bad input (2) or a failure (1).
fn classify(err: BenchError) -> anyhow::Error {
    if err.is_bad_input() {
        BadInput(err.to_string()).into()
    } else {
        err.into()
    }
}

/// Runs `satoku bench`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let engine = match &args.solver_cmd {
        Some(template) => Engine::External(SolverCmd::parse(template).map_err(classify)?),
        None => Engine::Satoku(args.solver.config()),
    };
    let expected = match &args.expected {
        Some(path) => Expected::read(path).map_err(classify)?,
        None => Expected::default(),
    };
    let files = satoku_bench::find_instances(&args.paths).map_err(classify)?;
    let unmatched = expected.unmatched(&files, &args.paths);
    let inputs: Vec<&Path> = files
        .iter()
        .chain(&args.expected)
        .map(PathBuf::as_path)
        .collect();
    let outputs: Vec<&Path> = args
        .csv
        .iter()
        .chain(&args.plot)
        .map(PathBuf::as_path)
        .collect();
    check_outputs(&inputs, &outputs)?;
    let stop = stop_on_signals();
    let mut bench = Bench::new(engine, args.timeout)
        .expected(expected)
        .jobs(args.jobs)
        .strict(args.strict)
        .interrupt(Arc::clone(&stop));
    if let Some(label) = &args.label {
        bench = bench.label(label.as_str());
    }
    let progress = Progress::new(files.len());
    let results = bench.run(&files, |outcome| progress.finished(outcome));
    progress.finish();
    if let Some(warning) = args
        .expected
        .as_ref()
        .and_then(|tsv| unmatched.warning(&tsv.display().to_string()))
    {
        eprintln!("satoku: warning: {warning}");
    }
    // The CSV and the plot are written even when stdout fails.
    let printed = crate::stdout::write(results.table().as_bytes());
    if let Some(path) = &args.csv {
        write_file(path, &results.csv())?;
    }
    if let Some(path) = &args.plot {
        write_file(path, &results.cactus_svg())?;
    }
    printed?;
    let interrupted = stop.load(Ordering::SeqCst);
    if interrupted {
        let not_run = files.len() - results.outcomes().len();
        eprintln!(
            "satoku: bench interrupted by a signal: {not_run} of {} files not run",
            files.len()
        );
    }
    Ok(if results.passed() && !interrupted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(FAILURE)
    })
}

/// A flag that SIGINT, SIGTERM and SIGHUP raise: the bench kills its
/// solvers (whole process groups), removes their temporary folders and
/// reports what finished, CSV and plot included. A third signal ends the
/// process at once (an instance still being read in-process may hold the
/// first two up).
fn stop_on_signals() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    signals::set_handler(move |signal: signals::Signal| {
        flag.store(true, Ordering::SeqCst);
        if signal.count() >= 3 {
            signals::exit_now(signal);
        }
    });
    stop
}

fn write_file(path: &Path, text: &str) -> anyhow::Result<()> {
    output::write_file(path, |w| w.write_all(text.as_bytes()))
}

/// Runs `satoku bench-plot`.
pub fn run_plot(args: PlotArgs) -> anyhow::Result<ExitCode> {
    let inputs: Vec<&Path> = args.csv.iter().map(PathBuf::as_path).collect();
    let names: Vec<String> = (1..=inputs.len()).map(|i| format!("CSV {i}")).collect();
    let named: Vec<(&str, &Path)> = names
        .iter()
        .map(String::as_str)
        .zip(inputs.iter().copied())
        .collect();
    satoku_io::stdin_once(&named)?;
    check_outputs(&inputs, &[&args.output])?;
    let mut rows = Vec::new();
    for path in &args.csv {
        rows.extend(satoku_bench::read_csv_file(path).map_err(classify)?);
    }
    if rows.is_empty() {
        return Err(BadInput("the CSV files hold no rows".into()).into());
    }
    let series = satoku_bench::series_from_rows(&rows, args.cpu);
    let y_label = if args.cpu { "CPU seconds" } else { "seconds" };
    let svg = satoku_bench::cactus_svg(&series, &args.title, y_label, args.log);
    write_file(&args.output, &svg)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_errors_keep_their_exit_code_class() {
        let bad = classify(BenchError::NoInstances);
        assert_eq!(crate::exit::code_for(&bad), crate::exit::BAD_INPUT);
        let io = std::io::Error::other("disk on fire");
        let failure = classify(BenchError::ReadDir {
            path: "d".into(),
            source: io,
        });
        assert_eq!(crate::exit::code_for(&failure), FAILURE);
    }
}
