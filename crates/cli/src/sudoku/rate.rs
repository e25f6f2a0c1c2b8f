//! `satoku sudoku rate`: one line per puzzle, tab-separated: grade, Sudoku
//! Explainer score, hardest technique, step count, and `needs-guessing`,
//! `no-solution` or `illegal` where the techniques did not solve it. A
//! histogram of the grades goes to stderr. Exit 0, or 2 for bad input.

use crate::counted::counted;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use satoku_sudoku::logic::{self, Rating, Status};
use satoku_sudoku::Difficulty;

use super::solve::AlphabetArg;
use super::stream::PuzzleStream;

/// Arguments of `satoku sudoku rate`.
#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// Puzzle file, or `-` for stdin.
    file: PathBuf,
    /// Worker threads (1 to 4 per available processor).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::flags::parse_jobs)]
    jobs: usize,
    /// How to read a 16x16 puzzle's symbols.
    #[arg(long, value_enum, ignore_case = true, default_value = "auto")]
    alphabet: AlphabetArg,
}

/// Rates the file as a stream (bounded memory, lines printed chunk by
/// chunk, a signal keeps what was printed and ends with the summary).
pub fn run(args: RateArgs) -> anyhow::Result<ExitCode> {
    let mut stream = PuzzleStream::open(&args.file, args.alphabet.into(), args.jobs)?;
    let started = Instant::now();
    let mut out = crate::stdout::Writer;
    let mut tally = Tally::default();
    while let Some(chunk) = stream.next_chunk()? {
        let ratings = stream.map(&chunk, |p| logic::rate(&p.grid))?;
        let mut text = String::new();
        for rating in &ratings {
            tally.add(rating);
            text += &line(rating);
            text.push('\n');
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if crate::stdout::is_closed() {
            break;
        }
    }
    let interrupted = stream.interrupted();
    eprint!(
        "{}",
        tally.histogram(started.elapsed().as_secs_f64(), interrupted)
    );
    Ok(ExitCode::SUCCESS)
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

/// Puzzles per grade, and per status where the techniques did not solve.
#[derive(Default)]
struct Tally {
    by_grade: BTreeMap<Difficulty, usize>,
    by_status: BTreeMap<&'static str, usize>,
    total: usize,
}

impl Tally {
    fn add(&mut self, r: &Rating) {
        self.total += 1;
        match r.status() {
            Status::Solved => *self.by_grade.entry(r.grade()).or_default() += 1,
            Status::NeedsGuessing => *self.by_status.entry("needs guessing").or_default() += 1,
            Status::NoSolution => *self.by_status.entry("no solution").or_default() += 1,
            Status::Illegal => *self.by_status.entry("illegal").or_default() += 1,
        }
    }

    /// The summary: puzzles per grade with a bar, and how many the
    /// techniques did not solve.
    fn histogram(&self, seconds: f64, interrupted: bool) -> String {
        let grades = [
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Expert,
        ]
        .map(|g| (g.name(), self.by_grade.get(&g).copied().unwrap_or(0)));
        let statuses = ["needs guessing", "no solution", "illegal"]
            .map(|s| (s, self.by_status.get(s).copied().unwrap_or(0)));
        let total = self.total.max(1);
        let stopped = if interrupted { " (interrupted)" } else { "" };
        let mut text = format!(
            "satoku sudoku rate: {}{stopped} in {seconds:.3} s\n",
            counted(self.total as u64, "puzzle")
        );
        for (name, n) in grades.into_iter().chain(statuses) {
            let bar = "#".repeat((n * 40).div_ceil(total));
            text += &format!("  {name:<15}{n:>8}  {bar}\n");
        }
        text
    }
}
