//! `satoku sudoku solve` and `satoku sudoku check`.
//!
//! `solve` prints one line per puzzle and a summary on stderr. Its exit code
//! is the answer's when the file holds one puzzle: 10 solved (one solution
//! or several, the count printed), 20 no solution, 2 illegal givens; with
//! several puzzles it is 0 once all were answered.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use satoku_sudoku::{Alphabet, Answer, Engine, Puzzle};

use super::{read_puzzles, solve_one, Via};

/// Arguments of `satoku sudoku solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Puzzle file, or `-` for stdin.
    file: PathBuf,
    /// Solve through SAT (encode, CDCL, decode) or with the direct solver.
    #[arg(long, value_enum, ignore_case = true, default_value = "sat")]
    via: Via,
    /// Count solutions up to LIMIT (2 checks uniqueness); 1 finds one.
    #[arg(long, value_name = "LIMIT", default_value_t = 1, value_parser = crate::flags::parse_positive)]
    count: usize,
    /// Draw each answer as a grid instead of one line.
    #[arg(long)]
    pretty: bool,
    /// Worker threads (1 to 4 per available processor).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::flags::parse_jobs)]
    jobs: usize,
}

/// Arguments of `satoku sudoku check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Puzzle file, or `-` for stdin.
    file: PathBuf,
    /// Count solutions up to LIMIT both ways.
    #[arg(long, value_name = "LIMIT", default_value_t = 2, value_parser = crate::flags::parse_positive)]
    count: usize,
    /// Worker threads (1 to 4 per available processor).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::flags::parse_jobs)]
    jobs: usize,
}

/// Runs `f` on every puzzle with `jobs` threads, in input order, with a
/// progress bar on a terminal for long files.
fn map_puzzles<T: Send>(
    puzzles: &[Puzzle],
    jobs: usize,
    f: impl Fn(&Puzzle) -> T + Sync,
) -> anyhow::Result<Vec<T>> {
    let bar = if std::io::stderr().is_terminal() && puzzles.len() >= 1000 {
        let bar = ProgressBar::new(puzzles.len() as u64);
        bar.set_style(ProgressStyle::with_template(
            "{bar:40} {pos}/{len} puzzles, eta {eta}",
        )?);
        bar
    } else {
        ProgressBar::hidden()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()?;
    let out = pool.install(|| {
        puzzles
            .par_iter()
            .map(|p| {
                let r = f(p);
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(out)
}

/// The answer's output line (or grid with `pretty`).
fn answer_text(answer: &Answer, alphabet: Alphabet, limit: usize, pretty: bool) -> String {
    match answer {
        Answer::Illegal(_) => "illegal\n".into(),
        Answer::NoSolution => "none\n".into(),
        Answer::Solved { count, .. } if *count >= 2 => {
            let at_least = if *count >= limit { ">=" } else { "" };
            format!("multiple {at_least}{count}\n")
        }
        Answer::Solved { solution, .. } if pretty => alphabet.write_pretty(solution) + "\n",
        Answer::Solved { solution, .. } => alphabet.write_line(solution) + "\n",
    }
}

/// How many puzzles got each kind of answer.
#[derive(Default)]
struct Tally {
    solved: usize,
    none: usize,
    illegal: usize,
    multiple: usize,
}

impl Tally {
    fn add(&mut self, answer: &Answer) {
        match answer {
            Answer::Illegal(_) => self.illegal += 1,
            Answer::NoSolution => self.none += 1,
            Answer::Solved { count, .. } if *count >= 2 => self.multiple += 1,
            Answer::Solved { .. } => self.solved += 1,
        }
    }
}

/// The exit code of a file of one puzzle: 10 solved (however many
/// solutions), 20 none, 2 illegal givens (also said on stderr).
fn one_puzzle_exit(answer: &Answer, file: &Path, line: usize) -> ExitCode {
    match answer {
        Answer::Solved { .. } => ExitCode::from(crate::exit::SAT),
        Answer::NoSolution => ExitCode::from(crate::exit::UNSAT),
        Answer::Illegal(conflict) => {
            eprintln!(
                "satoku: {}: line {line}: illegal givens: {conflict}",
                file.display()
            );
            ExitCode::from(crate::exit::BAD_INPUT)
        }
    }
}

pub fn run_solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let puzzles = read_puzzles(&args.file)?;
    let limit = args.count.max(1);
    let started = Instant::now();
    let results = map_puzzles(&puzzles, args.jobs, |p| {
        let t = Instant::now();
        let answer = solve_one(&p.grid, limit, args.via);
        (answer, t.elapsed())
    })?;
    let wall = started.elapsed();
    let mut out = crate::stdout::Writer;
    let mut tally = Tally::default();
    let mut times: Vec<Duration> = Vec::with_capacity(results.len());
    let mut last = None;
    for (p, (answer, time)) in puzzles.iter().zip(results) {
        let answer = answer.with_context(|| format!("{}: line {}", args.file.display(), p.line))?;
        tally.add(&answer);
        times.push(time);
        out.write_all(answer_text(&answer, p.alphabet, limit, args.pretty).as_bytes())?;
        last = Some(answer);
    }
    out.flush()?;
    print_summary(&tally, puzzles.len(), args.via, &mut times, wall);
    Ok(match (&puzzles[..], last) {
        ([p], Some(answer)) => one_puzzle_exit(&answer, &args.file, p.line),
        _ => ExitCode::SUCCESS,
    })
}

/// The summary line on stderr: the counts of each answer, then timings.
fn print_summary(tally: &Tally, n: usize, via: Via, times: &mut [Duration], wall: Duration) {
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let total: Duration = times.iter().sum();
    let via = match via {
        Via::Sat => "sat",
        Via::Direct => "direct",
    };
    eprintln!(
        "satoku sudoku: {n} puzzles: {} solved, {} none, {} illegal, {} multiple; \
         via {via}; median {:.1} µs, total {:.3} s (wall {:.3} s)",
        tally.solved,
        tally.none,
        tally.illegal,
        tally.multiple,
        median.as_secs_f64() * 1e6,
        total.as_secs_f64(),
        wall.as_secs_f64()
    );
}

/// What a check found wrong with one puzzle, if anything.
fn check_one(p: &Puzzle, limit: usize) -> Option<String> {
    let direct = satoku_sudoku::solve_direct_with(&p.grid, limit, Engine::Fastest);
    let generic = satoku_sudoku::solve_direct_with(&p.grid, limit, Engine::Generic);
    let sat = match solve_one(&p.grid, limit, Via::Sat) {
        Ok(a) => a,
        Err(e) => return Some(format!("{e:#}")),
    };
    for (name, answer) in [("direct", &direct), ("generic", &generic), ("sat", &sat)] {
        if let Some(s) = answer.solution() {
            if !s.solves(&p.grid) {
                return Some(format!("{name}: the solution breaks a rule or a given"));
            }
        }
    }
    let kinds = [&direct, &generic, &sat].map(|a| match a {
        Answer::Illegal(_) => "illegal".to_string(),
        Answer::NoSolution => "none".to_string(),
        Answer::Solved { count, .. } => format!("{count} solution(s)"),
    });
    if kinds[0] != kinds[1] || kinds[0] != kinds[2] {
        return Some(format!(
            "direct {}, generic {}, sat {}",
            kinds[0], kinds[1], kinds[2]
        ));
    }
    if direct.count() == 1
        && (direct.solution() != sat.solution() || direct.solution() != generic.solution())
    {
        return Some("unique, but the solvers return different grids".into());
    }
    None
}

pub fn run_check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let puzzles = read_puzzles(&args.file)?;
    let limit = args.count.max(1);
    let problems = map_puzzles(&puzzles, args.jobs, |p| check_one(p, limit))?;
    let mut bad = 0;
    for (p, problem) in puzzles.iter().zip(&problems) {
        if let Some(problem) = problem {
            bad += 1;
            println!("line {}: {problem}", p.line);
        }
    }
    eprintln!(
        "satoku sudoku check: {} puzzles, {} agree (direct, generic and SAT, counting to {limit}), {bad} disagree",
        puzzles.len(),
        puzzles.len() - bad
    );
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(crate::exit::FAILURE)
    })
}
