//! `satoku sudoku rate`: one line per puzzle, tab-separated: grade, Sudoku
//! Explainer score, hardest technique, step count, and `needs-guessing`,
//! `no-solution` or `illegal` where the techniques did not solve it. A
//! histogram of the grades goes to stderr. Exit 0, or 2 for bad input.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use satoku_sudoku::logic::{self, Rating, Status};
use satoku_sudoku::Difficulty;

use super::read_puzzles;

/// Arguments of `satoku sudoku rate`.
#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// Puzzle file, or `-` for stdin.
    file: PathBuf,
    /// Worker threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    jobs: usize,
}

pub fn run(args: RateArgs) -> anyhow::Result<ExitCode> {
    let puzzles = read_puzzles(&args.file)?;
    let started = Instant::now();
    let bar = progress(puzzles.len())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.max(1))
        .build()?;
    let ratings: Vec<Rating> = pool.install(|| {
        puzzles
            .par_iter()
            .map(|p| {
                let rating = logic::rate(&p.grid);
                bar.inc(1);
                rating
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for rating in &ratings {
        writeln!(out, "{}", line(rating))?;
    }
    out.flush()?;
    eprint!("{}", histogram(&ratings, started.elapsed().as_secs_f64()));
    Ok(ExitCode::SUCCESS)
}

/// A progress bar on a terminal for files of 1,000 puzzles or more.
fn progress(len: usize) -> anyhow::Result<ProgressBar> {
    if !std::io::stderr().is_terminal() || len < 1000 {
        return Ok(ProgressBar::hidden());
    }
    let style = ProgressStyle::with_template("rating {bar:40} {pos}/{len}, eta {eta}")?;
    Ok(ProgressBar::new(len as u64).with_style(style))
}

/// `medium<TAB>3.4<TAB>hidden pair<TAB>57`, and the status when not solved.
fn line(r: &Rating) -> String {
    let hardest = r.hardest().map_or("none", |t| t.name());
    let score = r.score_tenths();
    let mut text = format!(
        "{}\t{}.{}\t{hardest}\t{}",
        r.grade(),
        score / 10,
        score % 10,
        r.num_steps()
    );
    match r.status() {
        Status::Solved => {}
        Status::NeedsGuessing => text += "\tneeds-guessing",
        Status::NoSolution => text += "\tno-solution",
        Status::Illegal => text += "\tillegal",
    }
    text
}

/// The summary: puzzles per grade with a bar, and how many the techniques
/// did not solve.
fn histogram(ratings: &[Rating], seconds: f64) -> String {
    let mut by_grade: BTreeMap<Difficulty, usize> = BTreeMap::new();
    for r in ratings.iter().filter(|r| r.status() == Status::Solved) {
        *by_grade.entry(r.grade()).or_default() += 1;
    }
    let count = |s: Status| ratings.iter().filter(|r| r.status() == s).count();
    let rows = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ]
    .map(|g| (g.name(), by_grade.get(&g).copied().unwrap_or(0)))
    .into_iter()
    .chain([
        ("needs guessing", count(Status::NeedsGuessing)),
        ("no solution", count(Status::NoSolution)),
        ("illegal", count(Status::Illegal)),
    ]);
    let total = ratings.len().max(1);
    let mut text = format!(
        "satoku sudoku rate: {} puzzles in {seconds:.3} s\n",
        ratings.len()
    );
    for (name, n) in rows {
        let bar = "#".repeat((n * 40).div_ceil(total));
        text += &format!("  {name:<15}{n:>8}  {bar}\n");
    }
    text
}
