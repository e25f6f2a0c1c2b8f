//! A stable-Rust mutation fuzzer for the DIMACS and sudoku parsers.
//!
//! Inputs are the `cnf/` files and a few sudoku puzzles, mutated by
//! stacked byte edits (bit flips, interesting bytes and tokens, deletions,
//! duplications, splices of two seeds, truncation). Each input goes through
//! `satoku_dimacs::parse_reader` (size unknown), `parse_str` (size known,
//! when UTF-8), both strict and lenient, and `satoku_sudoku::parse_puzzles`.
//! A panic, an input taking over [`HANG`] (twice), a peak allocation over
//! [`memory_limit`], or a parsed DIMACS formula that does not survive a
//! write-and-reparse round trip is a finding. (Coverage-guided targets for
//! the same parsers live in the top-level `fuzz/` folder, for cargo-fuzz.)

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use rand::Rng;
use satoku_dimacs::{parse_reader, parse_str, write_cnf, ParseOptions};

use crate::alloc;
use crate::check::{panic_message, Finding, FindingKind};

/// Longest a parser may take on one (at most 64 KiB) input.
pub const HANG: Duration = Duration::from_secs(1);

/// Longest input the mutator builds.
pub const MAX_INPUT: usize = 64 << 10;

/// Peak bytes a parser may allocate for an input of `len` bytes: its 1 MiB
/// read buffer, pre-reservation capped at 1 MiB of text when the size is
/// unknown (`docs/dimacs.md`), a decompressor's fixed state (a bzip2
/// stream's block buffers take about 3.6 MB whatever its length), and a
/// constant factor of the input.
pub fn memory_limit(len: usize, size_known: bool) -> usize {
    let reservation = if size_known { 0 } else { 12 << 20 };
    let decompressor = 4 << 20;
    (2 << 20) + decompressor + reservation + 64 * len
}

/// Built-in seeds besides the files: puzzles in the formats the sudoku parser reads.
const BUILTIN: [&str; 6] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300,ignored\n",
    "# comment\n1.3.\n.4..\n..1.\n.2.4\n",
    "Grid 01\n1 2 | 3 4\n3 4 | 1 2\n------\n2 1 | 4 3\n4 3 | 2 1\n",
    "1.........F....G\n",
    "p cnf 3 2\n1 -2 0\n2 3 0\n%\n0\n",
];

/// The seed inputs: every file under `dirs` (recursively, first 16 KiB of
/// each) and the built-in puzzles.
pub fn seeds(dirs: &[&Path]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = BUILTIN.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut stack: Vec<std::path::PathBuf> = dirs.iter().map(|d| d.to_path_buf()).collect();
    while let Some(p) = stack.pop() {
        if let Ok(entries) = std::fs::read_dir(&p) {
            let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            stack.extend(paths);
        } else if let Ok(mut bytes) = std::fs::read(&p) {
            bytes.truncate(16 << 10);
            out.push(bytes);
        }
    }
    out
}

const BYTES: &[u8] = b" \t\n\r-+0123456789pcnf%.#|,\x00\x1f\x8b\xfd\x7a\xff";
const TOKENS: [&str; 16] = [
    "p cnf ",
    " 0\n",
    "-",
    "4294967296",
    "99999999999999999999",
    "2147483647",
    "-9223372036854775808",
    "c ",
    "%\n0\n",
    "\r\n",
    "p cnf 1000000000 1000000000\n",
    "p cnf 0 0\n",
    "\n\n",
    "---------\n",
    "ABCDEFG",
    "0.5",
];

/// One mutated input from `seeds`.
pub fn mutate(rng: &mut impl Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut data = seeds[rng.gen_range(0..seeds.len())].clone();
    for _ in 0..rng.gen_range(1..=8) {
        let len = data.len();
        let at = rng.gen_range(0..=len);
        match rng.gen_range(0..9) {
            0 if len > 0 => data[at.min(len - 1)] ^= 1 << rng.gen_range(0..8),
            1 if len > 0 => data[at.min(len - 1)] = rng.gen(),
            2 if len > 0 => data[at.min(len - 1)] = BYTES[rng.gen_range(0..BYTES.len())],
            3 => {
                let b = BYTES[rng.gen_range(0..BYTES.len())];
                data.splice(at..at, std::iter::repeat_n(b, rng.gen_range(1..=4)));
            }
            4 => {
                let end = (at + rng.gen_range(1..=16)).min(len);
                data.drain(at..end);
            }
            5 => {
                let end = (at + rng.gen_range(1..=64)).min(len);
                let copy = data[at..end].to_vec();
                data.splice(at..at, copy);
            }
            6 => {
                let t = TOKENS[rng.gen_range(0..TOKENS.len())].as_bytes();
                data.splice(at..at, t.iter().copied());
            }
            7 => {
                let other = &seeds[rng.gen_range(0..seeds.len())];
                let from = rng.gen_range(0..=other.len());
                data.truncate(at);
                data.extend_from_slice(&other[from..]);
            }
            _ => data.truncate(at),
        }
    }
    data.truncate(MAX_INPUT);
    data
}

/// Runs every parser on `input`; a panic, a hang, too much memory or a
/// failed round trip is a finding. Returns how many parses succeeded.
pub fn check_input(input: &[u8]) -> Result<u32, Finding> {
    let mut ok = 0;
    let text = std::str::from_utf8(input).ok();
    // Strict mode only rejects more: it is tried where lenient mode accepts.
    for strict in [false, true] {
        let opts = ParseOptions { strict };
        let parsed = guarded("parse_reader", input.len(), false, || {
            parse_reader(input, "fuzz", &opts).ok().map(|p| p.cnf)
        })?;
        if let Some(text) = text {
            let by_str = guarded("parse_str", input.len(), true, || {
                parse_str(text, &opts).ok().map(|p| p.cnf)
            })?;
            if by_str != parsed {
                let detail = format!("parse_str and parse_reader disagree (strict: {strict})");
                return Err(Finding::new(FindingKind::RoundTrip, detail));
            }
        }
        let Some(cnf) = parsed else { break };
        ok += 1;
        round_trip(&cnf)?;
    }
    let text = String::from_utf8_lossy(input);
    let puzzles = guarded("parse_puzzles", input.len(), true, || {
        satoku_sudoku::parse_puzzles(&text).ok()
    })?;
    ok += u32::from(puzzles.is_some());
    Ok(ok)
}

/// Runs `parse` with panics caught, timed, and its peak memory measured.
/// A parse slower than [`HANG`] is timed again before it counts as a hang:
/// on a loaded machine a process can lose the processor for a second.
fn guarded<T>(
    what: &str,
    len: usize,
    size_known: bool,
    parse: impl Fn() -> T,
) -> Result<T, Finding> {
    let base = alloc::reset_peak();
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(&parse));
    let mut elapsed = start.elapsed();
    let used = alloc::peak().saturating_sub(base);
    let result = result.map_err(|p| {
        let detail = format!("{what} panicked: {}", panic_message(p.as_ref()));
        Finding::new(FindingKind::Panic, detail)
    })?;
    if elapsed > HANG {
        let again = Instant::now();
        let _ = catch_unwind(AssertUnwindSafe(&parse));
        elapsed = elapsed.min(again.elapsed());
    }
    if elapsed > HANG {
        let detail = format!("{what} took {elapsed:?} on {len} bytes (twice)");
        return Err(Finding::new(FindingKind::Hang, detail));
    }
    let limit = memory_limit(len, size_known);
    if alloc::is_counting() && used > limit {
        let detail = format!("{what} allocated {used} bytes for {len} bytes (limit {limit})");
        return Err(Finding::new(FindingKind::Memory, detail));
    }
    Ok(result)
}

/// Writing a parsed formula and reading it back gives the same formula.
fn round_trip(cnf: &satoku_formula::Cnf) -> Result<(), Finding> {
    let mut text = Vec::new();
    write_cnf(cnf, &mut text).expect("writing to memory cannot fail");
    let again = parse_reader(&text[..], "round trip", &ParseOptions { strict: true });
    match again {
        Ok(p) if p.cnf == *cnf => Ok(()),
        Ok(_) => Err(Finding::new(
            FindingKind::RoundTrip,
            "written and reparsed formula differs",
        )),
        Err(e) => Err(Finding::new(
            FindingKind::RoundTrip,
            format!("written formula does not parse: {e}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn cnf_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cnf")
    }

    #[test]
    fn every_corpus_file_passes_and_most_parse() {
        let seeds = seeds(&[&cnf_dir()]);
        assert!(seeds.len() > 50);
        let parsed = seeds.iter().filter(|s| check_input(s).unwrap() > 0).count();
        assert!(parsed > seeds.len() / 2);
    }

    #[test]
    fn mutants_never_fail_and_are_reproducible() {
        let seeds = seeds(&[&cnf_dir()]);
        let mut a = ChaCha8Rng::seed_from_u64(11);
        let mut b = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..3000 {
            let input = mutate(&mut a, &seeds);
            assert_eq!(input, mutate(&mut b, &seeds));
            check_input(&input).unwrap();
        }
    }
}
