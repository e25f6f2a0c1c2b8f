//! Direct solver vs the `sudoku` crate (AGPL, used here only as the speed
//! reference), and the SAT path, on three shared puzzle sets.
//!
//! `cargo bench -p satoku-sudoku --bench sudoku`. Each measurement solves a
//! whole subset (the first 2,000 puzzles of a set; 500 for the SAT path), so
//! µs per puzzle = reported time / subset size. Skips where
//! `../../../shared/sudoku` is missing.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use satoku_sudoku::{parse_puzzles, solve_direct, Grid, SatSudoku};

const SETS: [(&str, &str); 3] = [
    ("17clue", "tdoku_puzzles2_17_clue.txt"),
    ("top1465", "tdoku_puzzles3_magictour_top1465.txt"),
    (
        "forum_hardest",
        "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    ),
];

fn load(name: &str, max: usize) -> Option<(Vec<Grid>, Vec<String>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/sudoku")
        .join(name);
    let text = std::fs::read_to_string(path).ok()?;
    let puzzles: Vec<Grid> = parse_puzzles(&text)
        .ok()?
        .into_iter()
        .take(max)
        .map(|p| p.grid)
        .collect();
    let lines = puzzles
        .iter()
        .map(|g| satoku_sudoku::DEFAULT_ALPHABET.write_line(g))
        .collect();
    Some((puzzles, lines))
}

fn direct(c: &mut Criterion) {
    for (set, file) in SETS {
        let Some((grids, lines)) = load(file, 2000) else {
            eprintln!("skip: shared/sudoku/{file} not found");
            return;
        };
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        let mut group = c.benchmark_group(format!("sudoku/{set}"));
        group.throughput(Throughput::Elements(grids.len() as u64));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for limit in [1usize, 2] {
            group.bench_function(format!("satoku_direct_lim{limit}"), |b| {
                b.iter(|| {
                    grids
                        .iter()
                        .map(|g| solve_direct(black_box(g), limit).count())
                        .sum::<usize>()
                })
            });
            group.bench_function(format!("sudoku_crate_lim{limit}"), |b| {
                b.iter(|| {
                    theirs
                        .iter()
                        .map(|&s| match limit {
                            1 => usize::from(black_box(s).some_solution().is_some()),
                            _ => black_box(s).solutions_count_up_to(limit),
                        })
                        .sum::<usize>()
                })
            });
        }
        group.finish();
    }
}

fn via_sat(c: &mut Criterion) {
    for (set, file) in SETS {
        let Some((grids, _)) = load(file, 500) else {
            return;
        };
        let mut group = c.benchmark_group(format!("sudoku/{set}"));
        group.throughput(Throughput::Elements(grids.len() as u64));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(5));
        for limit in [1usize, 2] {
            let mut sat = SatSudoku::new();
            group.bench_function(format!("satoku_sat_lim{limit}"), |b| {
                b.iter(|| {
                    grids
                        .iter()
                        .map(|g| sat.solve(black_box(g), limit).unwrap().count())
                        .sum::<usize>()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, direct, via_sat);
criterion_main!(benches);
