//! Compares the five decision heuristics on folders of CNF files.
//!
//! ```text
//! cargo run --release -p satoku-guide --example heuristics -- [--algorithm dpll|cdcl] [--no-pure-literals] DIR...
//! ```
//!
//! Prints a Markdown table: per folder and heuristic, the median solve time
//! (in process, parsing excluded) and median decisions, then the course
//! design's optimisation rate `(t_first - t_best) / t_first` on median times.
//! Every answer is checked: models against the formula, and the answer
//! against the file name (SATLIB: `uf*` SAT, `uuf*` UNSAT) when it tells.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use satoku_dimacs::{parse_path, ParseOptions};
use satoku_formula::Cnf;
use satoku_solver::{Algorithm, Heuristic, SolveResult, Solver, SolverConfig};

const HEURISTICS: [(&str, Heuristic); 5] = [
    ("first", Heuristic::First),
    ("moms", Heuristic::Moms),
    ("jw", Heuristic::JeroslowWang),
    ("dlis", Heuristic::Dlis),
    ("vsids", Heuristic::Vsids),
];

fn median<T: Copy + PartialOrd>(mut xs: Vec<T>) -> T {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("comparable"));
    xs[xs.len() / 2]
}

fn expected(name: &str) -> Option<bool> {
    if name.starts_with("uuf") {
        Some(false)
    } else if name.starts_with("uf") {
        Some(true)
    } else {
        None
    }
}

fn solve_one(cnf: &Cnf, config: SolverConfig, name: &str) -> (Duration, u64) {
    let mut solver = Solver::from_cnf(cnf, config);
    let start = Instant::now();
    let result = solver.solve();
    let elapsed = start.elapsed();
    let sat = match result {
        SolveResult::Sat(model) => {
            assert!(model.satisfies(cnf), "{name}: bad model");
            true
        }
        SolveResult::Unsat => false,
        SolveResult::Unknown => panic!("{name}: unknown"),
    };
    if let Some(want) = expected(name) {
        assert_eq!(sat, want, "{name}: wrong answer");
    }
    (elapsed, solver.stats().decisions)
}

fn main() {
    let mut algorithm = Algorithm::Dpll;
    let mut pure_literals = true;
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--algorithm" => {
                algorithm = match args.next().as_deref() {
                    Some("cdcl") => Algorithm::Cdcl,
                    Some("dpll") => Algorithm::Dpll,
                    other => panic!("--algorithm dpll|cdcl, not {other:?}"),
                }
            }
            "--no-pure-literals" => pure_literals = false,
            _ => dirs.push(PathBuf::from(arg)),
        }
    }
    println!("algorithm {algorithm:?}, pure literals {pure_literals}\n");
    println!("| folder | files | heuristic | median time (ms) | median decisions |");
    println!("|---|---:|---|---:|---:|");
    let mut rates = Vec::new();
    for dir in &dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("a folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "cnf"))
            .collect();
        files.sort();
        let cnfs: Vec<(String, Cnf)> = files
            .iter()
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (
                    name,
                    parse_path(p, &ParseOptions::default()).expect("parses").cnf,
                )
            })
            .collect();
        let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
        let mut medians = Vec::new();
        for (hname, heuristic) in HEURISTICS {
            let config = SolverConfig {
                algorithm,
                heuristic,
                pure_literals,
                ..SolverConfig::default()
            };
            let runs: Vec<(Duration, u64)> = cnfs
                .iter()
                .map(|(name, cnf)| solve_one(cnf, config.clone(), name))
                .collect();
            let t = median(runs.iter().map(|r| r.0.as_secs_f64() * 1e3).collect());
            let d = median(runs.iter().map(|r| r.1).collect());
            println!("| {folder} | {} | {hname} | {t:.3} | {d} |", cnfs.len());
            medians.push((hname, t));
        }
        let t_first = medians[0].1;
        let (best, t_best) =
            medians
                .iter()
                .copied()
                .fold(medians[0], |a, b| if b.1 < a.1 { b } else { a });
        rates.push((folder, best, (t_first - t_best) / t_first));
    }
    println!("\n| folder | best heuristic | optimisation rate (t_first - t_best) / t_first |");
    println!("|---|---|---:|");
    for (folder, best, rate) in rates {
        println!("| {folder} | {best} | {:.1}% |", rate * 100.0);
    }
}
