//! The logical solver against the `sudoku` crate's `StrategySolver` with
//! every strategy it has (AGPL, a dev-dependency used only here and in
//! the speed bench), on top1465, the first 2,000 17-clue puzzles and the
//! first 2,000 of the Kaggle sample.
//!
//! `cargo bench -p satoku-sudoku --bench logic`. Before the timings it
//! prints, per set, the share each solves without guessing and where the
//! two disagree (one solves, the other needs guessing; or both solve but
//! the families of their hardest techniques give different grades). Each timing solves the
//! whole subset, so µs per puzzle = reported time / subset size. Skips
//! where `../../../shared/sudoku` is missing.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{black_box, criterion_group, Criterion, Throughput};
use satoku_sudoku::logic::{self, Outcome, Status};
use satoku_sudoku::{parse_puzzles, Difficulty, Grid};
use sudoku::strategy::{Strategy, StrategySolver};
use sudoku::Sudoku;

const SETS: [(&str, &str); 3] = [
    ("top1465", "tdoku_puzzles3_magictour_top1465.txt"),
    ("17clue", "tdoku_puzzles2_17_clue.txt"),
    ("kaggle", "kaggle_1m_first10000.csv"),
];

/// Every strategy the crate implements, in its Sudoku Explainer order, then
/// the mutant fish (`AvoidableRectangles` is declared but panics "not
/// implemented" in 0.8.0).
const ALL: [Strategy; 16] = [
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::XWing,
    Strategy::HiddenPairs,
    Strategy::NakedTriples,
    Strategy::Swordfish,
    Strategy::HiddenTriples,
    Strategy::XyWing,
    Strategy::XyzWing,
    Strategy::NakedQuads,
    Strategy::Jellyfish,
    Strategy::HiddenQuads,
    Strategy::MutantSwordfish,
    Strategy::MutantJellyfish,
];

fn load(name: &str, max: usize) -> Option<(Vec<Grid>, Vec<Sudoku>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/sudoku")
        .join(name);
    let text = std::fs::read_to_string(path).ok()?;
    let grids: Vec<Grid> = parse_puzzles(&text)
        .ok()?
        .into_iter()
        .take(max)
        .map(|p| p.grid)
        .collect();
    let theirs = grids
        .iter()
        .map(|g| {
            Sudoku::from_str_line(&satoku_sudoku::DEFAULT_ALPHABET.write_line(g))
                .expect("a 9x9 line")
        })
        .collect();
    Some((grids, theirs))
}

fn ours_solves(grid: &Grid) -> bool {
    matches!(logic::solve(grid).outcome(), Outcome::Solved(_))
}

fn theirs_solves(sudoku: Sudoku) -> bool {
    StrategySolver::from_sudoku(sudoku).solve(&ALL).is_ok()
}

/// The grade of a puzzle the crate solves, by the family of its hardest
/// strategy (the same families as [`satoku_sudoku::logic::Technique::grade`]),
/// `None` when it needs guessing.
fn theirs_grade(sudoku: Sudoku) -> Option<Difficulty> {
    let (_, deductions) = StrategySolver::from_sudoku(sudoku).solve(&ALL).ok()?;
    let grade = |s: Strategy| match s {
        Strategy::NakedSingles | Strategy::HiddenSingles => Difficulty::Easy,
        Strategy::XWing
        | Strategy::Swordfish
        | Strategy::Jellyfish
        | Strategy::XyWing
        | Strategy::XyzWing
        | Strategy::MutantSwordfish
        | Strategy::MutantJellyfish => Difficulty::Hard,
        _ => Difficulty::Medium,
    };
    Some(
        deductions
            .iter()
            .map(|d| grade(d.strategy()))
            .max()
            .unwrap_or(Difficulty::Easy),
    )
}

/// How many puzzles both solve with a different grade: (ours lower, ours higher).
fn grade_disagreements(grids: &[Grid], theirs: &[Sudoku]) -> (usize, usize) {
    let mut lower_higher = (0, 0);
    for (g, &s) in grids.iter().zip(theirs) {
        let ours = logic::rate(g);
        let (Some(them), Status::Solved) = (theirs_grade(s), ours.status()) else {
            continue;
        };
        lower_higher.0 += usize::from(ours.grade() < them);
        lower_higher.1 += usize::from(ours.grade() > them);
    }
    lower_higher
}

/// The share each solves without guessing, and the puzzles only one solves.
fn summary(set: &str, grids: &[Grid], theirs: &[Sudoku]) {
    let (mut ours_n, mut theirs_n, mut only_ours, mut only_theirs) = (0, 0, Vec::new(), Vec::new());
    for (i, (g, &s)) in grids.iter().zip(theirs).enumerate() {
        let (a, b) = (ours_solves(g), theirs_solves(s));
        ours_n += usize::from(a);
        theirs_n += usize::from(b);
        if a && !b {
            only_ours.push(i + 1);
        }
        if b && !a {
            only_theirs.push(i + 1);
        }
    }
    let pct = |n: usize| 100.0 * n as f64 / grids.len() as f64;
    let (lower, higher) = grade_disagreements(grids, theirs);
    eprintln!(
        "{set}: {} puzzles; solved without guessing: satoku {ours_n} ({:.1} %), sudoku crate {theirs_n} ({:.1} %); \
         only satoku: {} (first {:?}); only the crate: {} (first {:?}); \
         both solve, satoku grades lower: {lower}, higher: {higher}",
        grids.len(),
        pct(ours_n),
        pct(theirs_n),
        only_ours.len(),
        &only_ours[..only_ours.len().min(5)],
        only_theirs.len(),
        &only_theirs[..only_theirs.len().min(5)],
    );
}

fn strategies(c: &mut Criterion) {
    for (set, file) in SETS {
        let Some((grids, theirs)) = load(file, 2000) else {
            eprintln!("skip: shared/sudoku/{file} not found");
            return;
        };
        summary(set, &grids, &theirs);
        let mut group = c.benchmark_group(format!("logic/{set}"));
        group.throughput(Throughput::Elements(grids.len() as u64));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        group.bench_function("satoku_logic", |b| {
            b.iter(|| grids.iter().filter(|g| ours_solves(black_box(g))).count())
        });
        group.bench_function("sudoku_crate_strategy_solver", |b| {
            b.iter(|| {
                theirs
                    .iter()
                    .filter(|&&s| theirs_solves(black_box(s)))
                    .count()
            })
        });
        group.finish();
    }
}

/// One pass of one solver over each set, nothing else: for instruction
/// counts, which the machine's load does not blur, e.g.
/// `SATOKU_LOGIC_PASS=satoku valgrind --tool=cachegrind --cache-sim=no BENCH_BINARY`
/// (`satoku` or `crate`; the difference between a set's run and an empty
/// one, `none`, divided by its size, is the count per puzzle).
fn one_pass(which: &str, set: &str) {
    let Some((_, file)) = SETS.iter().find(|(name, _)| *name == set) else {
        panic!("SATOKU_LOGIC_SET: one of top1465, 17clue, kaggle");
    };
    let (grids, theirs) = load(file, 2000).expect("shared/sudoku");
    let solved = match which {
        "satoku" => grids.iter().filter(|g| ours_solves(g)).count(),
        "crate" => theirs.iter().filter(|&&s| theirs_solves(s)).count(),
        _ => 0,
    };
    eprintln!("{which} {set}: {solved} of {} solved", grids.len());
}

criterion_group!(benches, strategies);

fn main() {
    if let Ok(which) = std::env::var("SATOKU_LOGIC_PASS") {
        let set = std::env::var("SATOKU_LOGIC_SET").unwrap_or("kaggle".into());
        return one_pass(&which, &set);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
