//! `satoku sudoku solve` and `satoku sudoku check`.
//!
//! `solve` prints one line per puzzle and a summary on stderr. Its exit code
//! is the answer's when the file holds one puzzle: 10 solved (one solution
//! or several, the count printed), 20 no solution, 2 illegal givens; with
//! several puzzles it is 0 once all were answered.
//!
//! Both stream ([`super::stream`]): a file is read, solved (in parallel, in
//! input order) and printed a chunk of puzzles at a time, so memory follows
//! the chunk, not the file, answers appear as they come, and an interrupt
//! (SIGINT, SIGTERM, SIGHUP) keeps every line printed: the chunk in hand
//! stops, the summary says how far it got, and the exit code is 0. A count
//! inside one puzzle stops too: a puzzle cut short with two or more
//! solutions found prints `multiple >=N` (a lower bound); one cut short
//! with fewer is left unanswered, as are the puzzles after it.

use crate::counted::counted;
use crate::exit::BadInput;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use satoku_sudoku::{Alphabet, Answer, Engine, Puzzle, SixteenAlphabet};

use super::stream::{PuzzleStream, Times};
use super::{solve_one, Via};

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
    /// How to read a 16x16 puzzle's symbols.
    #[arg(long, value_enum, ignore_case = true, default_value = "auto")]
    alphabet: AlphabetArg,
}

/// How to read 16x16 puzzles written one character a cell (`--alphabet`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlphabetArg {
    /// From the puzzle's symbols: 1-9A-G, unless it has a 0 and no G and
    /// the hexadecimal reading's givens break no rule.
    Auto,
    /// 1-9A-G, with 0 or . blank.
    OneBased,
    /// Hexadecimal 0-9A-F for 1..16, with . blank.
    Hex,
}

impl From<AlphabetArg> for SixteenAlphabet {
    fn from(a: AlphabetArg) -> SixteenAlphabet {
        match a {
            AlphabetArg::Auto => SixteenAlphabet::Auto,
            AlphabetArg::OneBased => SixteenAlphabet::OneBased,
            AlphabetArg::Hex => SixteenAlphabet::Hex,
        }
    }
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
    /// How to read a 16x16 puzzle's symbols.
    #[arg(long, value_enum, ignore_case = true, default_value = "auto")]
    alphabet: AlphabetArg,
}

/// The answer's output line (or grid with `pretty`); `cut` when an
/// interrupt ended its count early (then a count is a lower bound).
fn answer_text(
    answer: &Answer,
    alphabet: Alphabet,
    limit: usize,
    pretty: bool,
    cut: bool,
) -> String {
    match answer {
        Answer::Illegal(_) => "illegal\n".into(),
        Answer::NoSolution => "none\n".into(),
        Answer::Solved { count, .. } if *count >= 2 => {
            let at_least = if *count >= limit || cut { ">=" } else { "" };
            format!("multiple {at_least}{count}\n")
        }
        Answer::Solved { solution, .. } if pretty => alphabet.write_pretty(solution) + "\n",
        Answer::Solved { solution, .. } => alphabet.write_line(solution) + "\n",
    }
}

/// Whether `answer`, from a solve that an interrupt may have ended early
/// (`stopped`: the stop flag was raised by its end), is no answer: a count
/// cut short below 2 tells neither "none", "one" nor "multiple".
fn unanswered(answer: &Answer, limit: usize, stopped: bool) -> bool {
    stopped && !matches!(answer, Answer::Illegal(_)) && answer.count() < limit.min(2)
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

/// Opens the puzzle file; a missing one named like a puzzle line gets a
/// tip: the user meant the puzzle itself, which goes through stdin.
fn open_puzzles(args: &SolveArgs) -> anyhow::Result<PuzzleStream> {
    PuzzleStream::open(&args.file, args.alphabet.into(), args.jobs).map_err(|e| {
        if looks_like_puzzle(&args.file) && !args.file.exists() {
            BadInput(format!(
                "{e:#}; to solve a puzzle given as text, pipe it: \
                 echo 'PUZZLE' | satoku sudoku solve -"
            ))
            .into()
        } else {
            e
        }
    })
}

/// Whether `path` reads like a puzzle line: 81 or more digits, dots or
/// letters (a 16x16 or 25x25 alphabet), so no path separator.
fn looks_like_puzzle(path: &Path) -> bool {
    let name = path.to_string_lossy();
    name.len() >= 81 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
}

pub fn run_solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let mut stream = open_puzzles(&args)?;
    let limit = args.count.max(1);
    let started = Instant::now();
    let mut out = crate::stdout::Writer;
    let mut tally = Tally::default();
    let mut times = Times::default();
    let mut last = None;
    let stop = stream.stop_flag();
    while let Some(chunk) = stream.next_chunk()? {
        let results = stream.map(&chunk, |p| {
            let t = Instant::now();
            let answer = solve_one(&p.grid, limit, args.via, &stop);
            (answer, t.elapsed(), stop.load(Ordering::SeqCst))
        })?;
        let mut text = String::new();
        for (p, (answer, time, stopped)) in chunk.iter().zip(results) {
            let at = || format!("{}: line {}", args.file.display(), p.line);
            let answer = answer.with_context(at)?;
            if unanswered(&answer, limit, stopped) {
                break;
            }
            // Grids of several puzzles are told apart by their line; a
            // first chunk of one is taken to be the whole input.
            if args.pretty && (chunk.len() > 1 || times.count() > 0) {
                text.push_str(&format!("line {}\n", p.line));
            }
            tally.add(&answer);
            times.add(time);
            let line = answer_text(&answer, p.alphabet, limit, args.pretty, stopped);
            text.push_str(&line);
            last = Some((answer, p.line));
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if crate::stdout::is_closed() {
            break;
        }
    }
    print_summary(
        &tally,
        args.via,
        &times,
        started.elapsed(),
        stream.interrupted(),
    );
    if limit == 1 {
        print_unchecked(&tally);
    }
    Ok(match last {
        Some((answer, line)) if times.count() == 1 && !stream.interrupted() => {
            one_puzzle_exit(&answer, &args.file, line)
        }
        _ => ExitCode::SUCCESS,
    })
}

/// The summary line on stderr: the counts of each answer, then timings.
fn print_summary(tally: &Tally, via: Via, times: &Times, wall: Duration, interrupted: bool) {
    let via = match via {
        Via::Sat => "sat",
        Via::Direct => "direct",
    };
    let stopped = if interrupted { " (interrupted)" } else { "" };
    eprintln!(
        "satoku sudoku: {}{stopped}: {} solved, {} none, {} illegal, {} multiple; \
         via {via}; median {:.1} µs, total {:.3} s (wall {:.3} s)",
        counted(times.count() as u64, "puzzle"),
        tally.solved,
        tally.none,
        tally.illegal,
        tally.multiple,
        times.median().as_secs_f64() * 1e6,
        times.total().as_secs_f64(),
        wall.as_secs_f64()
    );
}

/// The note, with `--count 1`, that solutions were found but not counted:
/// a puzzle with several solutions printed one of them like any other.
fn print_unchecked(tally: &Tally) {
    if tally.solved > 0 {
        eprintln!(
            "satoku sudoku: {} not checked for uniqueness; \
             --count 2 tells a unique solution from several",
            counted(tally.solved as u64, "solved puzzle")
        );
    }
}

/// What a check found wrong with one puzzle, if anything; `None` from the
/// outside when an interrupt cut the check short (the counts then differ
/// by where each solver stopped, which is no disagreement).
fn check_until(p: &Puzzle, limit: usize, stop: &AtomicBool) -> Option<Option<String>> {
    let problem = check_one(p, limit, stop);
    (!stop.load(Ordering::SeqCst)).then_some(problem)
}

/// What a check found wrong with one puzzle, if anything.
fn check_one(p: &Puzzle, limit: usize, stop: &AtomicBool) -> Option<String> {
    let direct = satoku_sudoku::solve_direct_until(&p.grid, limit, Engine::Fastest, stop);
    let generic = satoku_sudoku::solve_direct_until(&p.grid, limit, Engine::Generic, stop);
    let sat = match solve_one(&p.grid, limit, Via::Sat, stop) {
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
    let mut stream = PuzzleStream::open(&args.file, args.alphabet.into(), args.jobs)?;
    let limit = args.count.max(1);
    let (mut total, mut bad) = (0, 0);
    let mut out = crate::stdout::Writer;
    let stop = stream.stop_flag();
    while let Some(chunk) = stream.next_chunk()? {
        let checked = stream.map(&chunk, |p| check_until(p, limit, &stop))?;
        let problems: Vec<_> = checked.into_iter().map_while(|c| c).collect();
        total += problems.len();
        let mut text = String::new();
        for (p, problem) in chunk.iter().zip(&problems) {
            if let Some(problem) = problem {
                bad += 1;
                text.push_str(&format!("line {}: {problem}\n", p.line));
            }
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if crate::stdout::is_closed() {
            break;
        }
    }
    let stopped = if stream.interrupted() {
        " (interrupted)"
    } else {
        ""
    };
    eprintln!(
        "satoku sudoku check: {}{stopped}, {} agree (direct, generic and SAT, counting to {limit}), {bad} disagree",
        counted(total as u64, "puzzle"),
        total - bad
    );
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(crate::exit::FAILURE)
    })
}
