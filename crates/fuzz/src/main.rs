//! `satoku-fuzz`: fuzz the satoku solver, its incremental API and its
//! parsers; shrink what fails into `cnf/regress/`.
//!
//! ```text
//! satoku-fuzz formulas --seed 1 --count 500000     # solver: models, proofs, answers
//! satoku-fuzz traces --seed 1 --seconds 60         # incremental API, mobical style
//! satoku-fuzz parsers --seed 1 --count 10000000    # DIMACS and sudoku parsers
//! satoku-fuzz ci --seconds 120                     # all three on a fresh seed (CI)
//! satoku-fuzz replay cnf/regress/*.cnf             # re-check regression files
//! ```
//!
//! Exit codes: 0 nothing found, 1 a finding (shrunk and written), 2 bad usage.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, Parser, Subcommand};
use satoku_fuzz::campaign::{self, Limits, Report, Summary};
use satoku_fuzz::regress::{replay, Replay};

#[global_allocator]
static ALLOC: satoku_fuzz::alloc::CountingAlloc = satoku_fuzz::alloc::CountingAlloc;

/// Fuzz satoku: solver answers, incremental API, parsers.
#[derive(Parser, Debug)]
#[command(name = "satoku-fuzz", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Random formulas and options: check models, proofs and answers.
    Formulas(Campaign),
    /// Random incremental-API traces checked against fresh solves.
    Traces(Campaign),
    /// Mutated DIMACS and sudoku inputs: no panic, hang or blow-up.
    Parsers(ParserCampaign),
    /// All three for a bounded time on a fresh seed (printed first).
    Ci(CiArgs),
    /// Re-check regression files (`.cnf`, `.trace`, `.input`).
    Replay {
        /// Files to replay.
        files: Vec<PathBuf>,
    },
}

#[derive(Args, Debug)]
struct Campaign {
    /// The run's seed (default: from the clock, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// First case index (to replay one case: --first N --count 1).
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Stop after this many cases.
    #[arg(long)]
    count: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long)]
    seconds: Option<f64>,
    /// Where shrunk findings are written.
    #[arg(long, default_value = "cnf/regress")]
    out_dir: PathBuf,
    /// Switch on the solver's test-only injected bug (needs the
    /// `fault-injection` feature), to see the harness catch it.
    #[arg(long)]
    inject_fault: bool,
    /// Print every case to stderr.
    #[arg(long, short)]
    verbose: bool,
    /// Go on after a finding (the first few of each kind are shrunk).
    #[arg(long)]
    keep_going: bool,
}

#[derive(Args, Debug)]
struct ParserCampaign {
    #[command(flatten)]
    campaign: Campaign,
    /// Seed-corpus folders (read recursively).
    #[arg(long, default_value = "cnf")]
    corpus: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct CiArgs {
    /// Total time: half formulas, a quarter each traces and parsers.
    #[arg(long, default_value_t = 120.0)]
    seconds: f64,
    /// The seed (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Where shrunk findings are written.
    #[arg(long, default_value = "cnf/regress")]
    out_dir: PathBuf,
    /// Seed-corpus folder of the parser fuzzer.
    #[arg(long, default_value = "cnf")]
    corpus: PathBuf,
}

fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ (u64::from(std::process::id()) << 32)
}

fn limits(c: &Campaign, seed: u64) -> Limits {
    Limits {
        seed,
        first: c.first,
        count: c.count,
        time: c.seconds.map(Duration::from_secs_f64),
        out_dir: Some(c.out_dir.clone()),
        progress: Some(Duration::from_secs(30)),
        verbose: c.verbose,
        keep_going: c.keep_going,
    }
}

fn set_fault(on: bool) -> Result<(), String> {
    #[cfg(feature = "fault-injection")]
    satoku_solver::fault::ENABLED.store(on, std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(feature = "fault-injection"))]
    if on {
        return Err("--inject-fault needs a build with --features fault-injection".into());
    }
    Ok(())
}

/// Prints a campaign's summary; true if it found something.
fn report(what: &str, seed: u64, s: &Summary) -> bool {
    let secs = s.elapsed.as_secs_f64();
    println!(
        "{what}: seed {seed}, {} cases in {secs:.1} s ({:.0}/s), {} option combinations",
        s.cases,
        s.cases as f64 / secs.max(1e-9),
        s.options.len()
    );
    for (key, n) in &s.counts {
        println!("  {key:<28} {n:>12}");
    }
    if s.findings.is_empty() {
        println!("  findings                              0");
        return false;
    }
    println!("  findings {:>29}", s.findings.len());
    for f in &s.findings {
        print_finding(f);
    }
    true
}

/// One finding: what, when, how far shrunk, and the regression file's head.
fn print_finding(f: &Report) {
    println!(
        "FINDING in case {} after {:.1} s: {}",
        f.case,
        f.found_after.as_secs_f64(),
        f.original
    );
    if f.path.is_none() && f.size == f.original_size {
        return;
    }
    println!(
        "  shrunk in {:.1} s from {} to {}: {}",
        f.shrink_time.as_secs_f64(),
        f.original_size,
        f.size,
        f.shrunk
    );
    if let Some(path) = &f.path {
        println!("  written to {}", path.display());
        if let Ok(text) = std::fs::read(path) {
            let text = String::from_utf8_lossy(&text);
            let lines: Vec<&str> = text.lines().collect();
            for line in lines.iter().take(30) {
                println!("  | {line}");
            }
            if lines.len() > 30 {
                println!("  | ... ({} lines in all)", lines.len());
            }
        }
    }
}

fn run_ci(args: &CiArgs) -> bool {
    let seed = args.seed.unwrap_or_else(clock_seed);
    println!("satoku-fuzz ci: seed {seed} (rerun: satoku-fuzz ci --seed {seed})");
    let _ = std::io::stdout().flush();
    let part = |share: f64| Limits {
        seed,
        first: 0,
        count: None,
        time: Some(Duration::from_secs_f64(args.seconds * share)),
        out_dir: Some(args.out_dir.clone()),
        progress: None,
        verbose: false,
        keep_going: false,
    };
    let f = report("formulas", seed, &campaign::formulas(&part(0.5)));
    let t = report("traces", seed, &campaign::traces(&part(0.25)));
    let corpus: [&Path; 1] = [&args.corpus];
    let p = report("parsers", seed, &campaign::parsers(&part(0.25), &corpus));
    f || t || p
}

fn run_replay(files: &[PathBuf]) -> anyhow::Result<bool> {
    let mut failed = false;
    for path in files {
        match replay(path)? {
            None => println!("{}: skipped", path.display()),
            Some(Replay::Passed) => println!("{}: passed", path.display()),
            Some(Replay::Failed(f)) => {
                failed = true;
                println!("{}: FAILED: {f}", path.display());
            }
        }
    }
    Ok(failed)
}

fn run(cli: Cli) -> anyhow::Result<bool> {
    // Panics are caught and reported as findings: keep their messages off stderr.
    satoku_fuzz::check::quiet_panic_hook();
    let campaign_seed = |c: &Campaign| {
        let seed = c.seed.unwrap_or_else(clock_seed);
        println!("satoku-fuzz: seed {seed}");
        set_fault(c.inject_fault).map(|()| seed)
    };
    Ok(match cli.command {
        Command::Formulas(c) => {
            let seed = campaign_seed(&c).map_err(anyhow::Error::msg)?;
            report("formulas", seed, &campaign::formulas(&limits(&c, seed)))
        }
        Command::Traces(c) => {
            let seed = campaign_seed(&c).map_err(anyhow::Error::msg)?;
            report("traces", seed, &campaign::traces(&limits(&c, seed)))
        }
        Command::Parsers(p) => {
            let seed = campaign_seed(&p.campaign).map_err(anyhow::Error::msg)?;
            let corpus: Vec<&Path> = p.corpus.iter().map(PathBuf::as_path).collect();
            let summary = campaign::parsers(&limits(&p.campaign, seed), &corpus);
            report("parsers", seed, &summary)
        }
        Command::Ci(args) => run_ci(&args),
        Command::Replay { files } => run_replay(&files)?,
    })
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(if err.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(false) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::from(1),
        Err(err) => {
            eprintln!("satoku-fuzz: error: {err:#}");
            ExitCode::from(2)
        }
    }
}
