//! Puzzle files streamed a chunk at a time: read line by line
//! ([`PuzzleReader`]), solved in parallel in input order, printed, and the
//! next chunk read. Memory follows the chunk ([`CHUNK`] puzzles, lines of
//! at most [`MAX_LINE`] bytes) and the timing summary (a fixed histogram),
//! never the file. SIGINT, SIGTERM and SIGHUP stop the stream: puzzles not
//! yet started are dropped and the caller prints what was answered; a
//! second signal ends the process at once.

use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use satoku_sudoku::{Puzzle, PuzzleReader, SixteenAlphabet};

use crate::exit::BadInput;

/// Puzzles read, solved and printed at a time.
pub const CHUNK: usize = 1024;
/// Comment lines read past, after a refused line, to find a `p cnf` line.
const CNF_COMMENTS: usize = 100;
/// Bytes read from the input at a time.
const READ_BUFFER: usize = 1 << 20;
/// The longest line read (a 25x25 puzzle is 625 characters; CSV columns
/// and descriptions may follow it).
pub const MAX_LINE: usize = 1 << 20;

/// A puzzle file being read, with the threads that solve it.
pub struct PuzzleStream {
    input: BufReader<Box<dyn Read>>,
    name: String,
    reader: Option<PuzzleReader>,
    line: Vec<u8>,
    line_no: usize,
    /// Whether the input opens like DIMACS; `None` while only comment
    /// or blank lines were read.
    cnf: Option<bool>,
    pool: rayon::ThreadPool,
    stop: Arc<AtomicBool>,
    bar: ProgressBar,
}

impl PuzzleStream {
    /// Opens `path` (`-` is stdin) to be solved by `jobs` threads; a file
    /// that cannot be opened is bad input.
    pub fn open(
        path: &Path,
        sixteen: SixteenAlphabet,
        jobs: usize,
    ) -> anyhow::Result<PuzzleStream> {
        let name = path.display().to_string();
        let (input, size): (Box<dyn Read>, u64) = if path == Path::new("-") {
            (Box::new(std::io::stdin().lock()), 0)
        } else {
            let file = satoku_io::open_file(path)?;
            let size = file.metadata().map_or(0, |m| m.len());
            (Box::new(file), size)
        };
        let input = BufReader::with_capacity(READ_BUFFER, input);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build()?;
        Ok(PuzzleStream {
            input,
            name,
            reader: Some(PuzzleReader::new(sixteen)),
            line: Vec::new(),
            line_no: 0,
            cnf: None,
            pool,
            stop: stop_on_signals(),
            bar: progress_bar(size)?,
        })
    }

    /// Whether a signal stopped the stream.
    pub fn interrupted(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// The flag a signal raises, for a long count inside one puzzle to poll.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The next puzzles (at most [`CHUNK`], fewer when the input has no
    /// more at hand: a pipe's writer may be waiting for the answers);
    /// `None` at the end of the file or once interrupted. A malformed line
    /// is bad input.
    pub fn next_chunk(&mut self) -> anyhow::Result<Option<Vec<Puzzle>>> {
        let mut chunk = Vec::new();
        while chunk.len() < CHUNK && self.reader.is_some() && !self.interrupted() {
            if !chunk.is_empty() && self.input.buffer().is_empty() {
                break;
            }
            if !self.read_line()? {
                let reader = self.reader.take().expect("checked by the loop");
                reader.finish().map_err(|e| self.bad_line(e))?;
                break;
            }
            let text = std::str::from_utf8(&self.line).expect("checked by read_line");
            self.cnf = self.cnf.or_else(|| opens_cnf(text));
            let reader = self.reader.as_mut().expect("checked by the loop");
            let puzzle = reader.push_line(text);
            let puzzle = puzzle.map_err(|e| self.bad_line(e))?;
            chunk.extend(puzzle);
        }
        self.bar.inc(chunk.len() as u64);
        if self.reader.is_none() || self.interrupted() {
            self.bar.finish_and_clear();
        }
        Ok((!chunk.is_empty()).then_some(chunk))
    }

    /// A line the puzzle reader refused, as bad input; in a file that
    /// opens like DIMACS, the command that solves a CNF instead.
    fn bad_line(&mut self, e: satoku_sudoku::Error) -> BadInput {
        if self.cnf.is_none() {
            self.cnf = self.read_to_cnf_header();
        }
        match self.cnf {
            Some(true) => BadInput(format!(
                "{}: a CNF file (DIMACS), not a puzzle: solve it with `satoku solve {}`",
                self.name, self.name
            )),
            _ => BadInput(format!("{}: {e}", self.name)),
        }
    }

    /// Reads on past the comment lines that opened the input (the reader
    /// may refuse the first) to the line that tells whether it is DIMACS.
    fn read_to_cnf_header(&mut self) -> Option<bool> {
        for _ in 0..CNF_COMMENTS {
            if !self.read_line().ok()? {
                return None;
            }
            let text = std::str::from_utf8(&self.line).ok()?;
            if let Some(cnf) = opens_cnf(text) {
                return Some(cnf);
            }
        }
        None
    }

    /// Runs `f` on every puzzle of `chunk` in parallel; the results in
    /// input order, up to the first puzzle an interrupt left unstarted.
    pub fn map<T: Send>(
        &self,
        chunk: &[Puzzle],
        f: impl Fn(&Puzzle) -> T + Sync,
    ) -> anyhow::Result<Vec<T>> {
        let stop = &self.stop;
        let results: Vec<Option<T>> = self.pool.install(|| {
            chunk
                .par_iter()
                .map(|p| (!stop.load(Ordering::SeqCst)).then(|| f(p)))
                .collect()
        });
        Ok(results.into_iter().map_while(|r| r).collect())
    }

    /// Reads the next line into `self.line`, checked to be UTF-8 text;
    /// `false` at the end of the input.
    fn read_line(&mut self) -> anyhow::Result<bool> {
        self.line.clear();
        self.line_no += 1;
        let limit = MAX_LINE as u64 + 1;
        let read = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.line);
        // A read that fails midway (a directory is refused at open).
        let (name, line_no) = (&self.name, self.line_no);
        let n = read.with_context(|| format!("{name}: line {line_no}"))?;
        if n == 0 {
            return Ok(false);
        }
        if self.line.len() > MAX_LINE {
            let message = format!(
                "{}:{}: a line longer than {MAX_LINE} bytes is no sudoku",
                self.name, self.line_no
            );
            return Err(BadInput(message).into());
        }
        match std::str::from_utf8(&self.line) {
            Ok(_) => Ok(true),
            Err(e) => {
                let at = e.valid_up_to();
                let message = format!(
                    "{}:{}:{}: byte 0x{:02X} is not UTF-8 text",
                    self.name,
                    self.line_no,
                    at + 1,
                    self.line[at]
                );
                Err(BadInput(message).into())
            }
        }
    }
}

/// Whether `line` tells a DIMACS file (a `p cnf` line) from a puzzle file
/// (anything else); `None` for a `c` comment or a blank line, which
/// tells neither.
fn opens_cnf(line: &str) -> Option<bool> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let comment = line.is_empty() || line == "c" || line.starts_with("c ");
    (!comment).then(|| line.starts_with("p cnf"))
}

/// A flag that SIGINT, SIGTERM and SIGHUP raise; a second signal exits.
fn stop_on_signals() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    crate::signals::set_handler(move |signal: crate::signals::Signal| {
        if flag.swap(true, Ordering::SeqCst) {
            crate::signals::exit_now(signal);
        }
    });
    stop
}

/// A bar of puzzles on a terminal for files of a megabyte or more (about
/// 12,000 one-line 9x9 puzzles); hidden otherwise.
fn progress_bar(file_size: u64) -> anyhow::Result<ProgressBar> {
    if !std::io::stderr().is_terminal() || file_size < 1 << 20 {
        return Ok(ProgressBar::hidden());
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template(
        "{spinner} {pos} puzzles, {per_sec}",
    )?);
    Ok(bar)
}

/// Solving times: count, total and a median to within 2 %, in fixed
/// memory (a histogram of 32 buckets per doubling of the time).
#[derive(Default)]
pub struct Times {
    count: usize,
    total: Duration,
    buckets: Vec<u64>,
}

const BUCKETS_PER_DOUBLING: f64 = 32.0;

impl Times {
    pub fn add(&mut self, time: Duration) {
        self.count += 1;
        self.total += time;
        let ns = time.as_nanos().max(1) as f64;
        let bucket = (ns.log2() * BUCKETS_PER_DOUBLING) as usize;
        if self.buckets.len() <= bucket {
            self.buckets.resize(bucket + 1, 0);
        }
        self.buckets[bucket] += 1;
    }

    pub fn count(&self) -> usize {
        self.count
    }

    pub fn total(&self) -> Duration {
        self.total
    }

    /// The middle time (the upper middle of an even count), as its
    /// bucket's midpoint.
    pub fn median(&self) -> Duration {
        let mut seen = 0;
        for (bucket, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen > (self.count / 2) as u64 {
                let ns = ((bucket as f64 + 0.5) / BUCKETS_PER_DOUBLING).exp2();
                return Duration::from_nanos(ns as u64);
            }
        }
        Duration::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_tell_nothing_and_the_first_other_line_tells_dimacs() {
        assert_eq!(opens_cnf("c made by hand\n"), None);
        assert_eq!(opens_cnf("c\r\n"), None);
        assert_eq!(opens_cnf("  \n"), None);
        assert_eq!(opens_cnf("\u{feff}p cnf 3 2\n"), Some(true));
        assert_eq!(opens_cnf("cat 1 2 3\n"), Some(false));
        assert_eq!(opens_cnf("4.....8.5.3\n"), Some(false));
    }

    #[test]
    fn the_median_is_within_two_percent() {
        let mut times = Times::default();
        assert_eq!(times.median(), Duration::ZERO);
        for us in [5, 900, 40, 41, 42, 7000, 39] {
            times.add(Duration::from_micros(us));
        }
        let median = times.median().as_secs_f64() * 1e6;
        assert!((median - 41.0).abs() < 41.0 * 0.02, "{median}");
        assert_eq!(times.count(), 7);
        assert_eq!(times.total(), Duration::from_micros(8067));
        assert!(times.buckets.len() < 1000);
    }
}
