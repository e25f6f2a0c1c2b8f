//! `satoku bench`: run a solver over sets of instances, check every answer
//! and model, and report times, totals and PAR-2; `satoku bench-plot`:
//! draw cactus plots from the CSV files it writes.
//!
//! | file | concern |
//! |---|---|
//! | `walk` | finding `.cnf`, `.cnf.gz`, `.cnf.xz` files under the paths |
//! | `expected` | the `path<TAB>answer` expectations file |
//! | `run` | satoku in-process, with a time limit and a watchdog |
//! | `cpu` | CPU time of a thread and of a finished child process |
//! | `external` | another solver as a child process, its output read back |
//! | `outcome` | one run's answer and its verdict |
//! | `progress` | a progress bar or plain lines on stderr |
//! | `report` | the table, totals, PAR-2 and CSV |
//! | `plot` | the cactus plot as SVG |
//!
//! Exit code 0 when no answer is wrong, no model is bad and no run failed,
//! 1 otherwise, 2 for bad flags or input (a missing path, a bad TSV).

mod cpu;
mod expected;
mod external;
mod outcome;
mod plot;
mod progress;
mod report;
mod run;
mod walk;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Context;

use crate::exit::{BadInput, FAILURE};
use crate::solve::{parse_seconds, SolverOptions};
use expected::Expected;
use external::SolverCmd;
use outcome::Outcome;
use progress::Progress;
use report::Totals;

/// Options of `satoku bench`.
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
    /// Instances run at once (timings are cleanest with 1).
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
    #[command(flatten)]
    pub solver: SolverOptions,
}

/// Options of `satoku bench-plot`.
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

fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{text}` is not a number of jobs between 1 and 1024"
        )),
    }
}

/// Runs `satoku bench`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let external = args
        .solver_cmd
        .as_deref()
        .map(SolverCmd::parse)
        .transpose()?;
    let expected = match &args.expected {
        Some(path) => Expected::read(path)?,
        None => Expected::default(),
    };
    let files = walk::collect(&args.paths)?;
    let label = match (&args.label, &external) {
        (Some(label), _) => label.clone(),
        (None, Some(cmd)) => cmd.program_name(),
        (None, None) => "satoku".into(),
    };
    let config = args.solver.config();
    let timeout = args.timeout;
    let progress = Progress::new(files.len());
    let outcomes = run_all(&files, args.jobs, &progress, |path| {
        let exp = expected.lookup(path);
        match &external {
            Some(cmd) => external::run_external(cmd, path, exp, timeout),
            None => run::run_satoku(path, exp, &config, timeout),
        }
    });
    progress.finish();
    if args.expected.is_some() && outcomes.iter().all(|o| o.expected.is_none()) {
        eprintln!(
            "satoku: warning: no instance matched any of the {} rows of the expectations file",
            expected.len()
        );
    }
    let secs = timeout.as_secs_f64();
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(report::table(&outcomes, secs).as_bytes())?;
    stdout.flush()?;
    if let Some(path) = &args.csv {
        write_file(path, &report::csv(&label, &outcomes, secs))?;
    }
    if let Some(path) = &args.plot {
        let rows = report::read_csv(&report::csv(&label, &outcomes, secs), "run")?;
        let title = format!("{label}, timeout {secs} s");
        let series = plot::series_from_rows(&rows, false);
        write_file(path, &plot::cactus_svg(&series, &title, "seconds", false))?;
    }
    let totals = Totals::of(&outcomes, secs);
    Ok(if totals.wrong + totals.bad_models + totals.errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(FAILURE)
    })
}

/// Runs `one` on every file with `jobs` worker threads; outcomes in file order.
fn run_all<F>(files: &[PathBuf], jobs: usize, progress: &Progress, one: F) -> Vec<Outcome>
where
    F: Fn(&Path) -> Outcome + Sync,
{
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; files.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(files.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let outcome = one(path);
                progress.finished(&outcome);
                slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(outcome);
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

fn write_file(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Runs `satoku bench-plot`.
pub fn run_plot(args: PlotArgs) -> anyhow::Result<ExitCode> {
    let mut rows = Vec::new();
    for path in &args.csv {
        rows.extend(report::read_csv_file(path)?);
    }
    if rows.is_empty() {
        return Err(BadInput("the CSV files hold no rows".into()).into());
    }
    let series = plot::series_from_rows(&rows, args.cpu);
    let y_label = if args.cpu { "CPU seconds" } else { "seconds" };
    write_file(
        &args.output,
        &plot::cactus_svg(&series, &args.title, y_label, args.log),
    )?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_validated() {
        assert_eq!(parse_jobs("4"), Ok(4));
        assert!(parse_jobs("0").is_err());
        assert!(parse_jobs("x").is_err());
    }

    #[test]
    fn run_all_keeps_file_order_with_many_jobs() {
        let files: Vec<PathBuf> = (0..20).map(|i| format!("f{i:02}.cnf").into()).collect();
        let progress = Progress::Plain {
            total: files.len(),
            done: AtomicUsize::new(0),
        };
        let outcomes = run_all(&files, 4, &progress, |path| {
            std::thread::sleep(Duration::from_millis(1));
            Outcome::failed(path.into(), None, 0.0, String::new())
        });
        let names: Vec<_> = outcomes.iter().map(|o| o.path.clone()).collect();
        assert_eq!(names, files);
    }
}
