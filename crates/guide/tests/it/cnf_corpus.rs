//! Every instance in the project's `cnf/sat` and `cnf/unsat` folders gives
//! its answer with both algorithms, every heuristic, and pure literals on
//! and off. Dropping a file into a folder adds it to this test.

use std::path::{Path, PathBuf};

use satoku_dimacs::{parse_path, ParseOptions};
use satoku_solver::{Algorithm, Heuristic, ProofFormat, SolveResult, Solver, SolverConfig};

use crate::support::solve_checked;

fn corpus(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../cnf")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} is empty", dir.display());
    files
}

fn all_configs() -> Vec<SolverConfig> {
    let config = |algorithm, heuristic, pure_literals| SolverConfig {
        algorithm,
        heuristic,
        pure_literals,
        ..SolverConfig::default()
    };
    // CDCL, and DPLL with and without pure literals, for every heuristic.
    Heuristic::ALL
        .into_iter()
        .flat_map(|h| {
            [
                config(Algorithm::Cdcl, h, true),
                config(Algorithm::Dpll, h, true),
                config(Algorithm::Dpll, h, false),
            ]
        })
        .collect()
}

fn check_folder(folder: &str, want_sat: bool) {
    for path in corpus(folder) {
        let cnf = parse_path(&path, &ParseOptions::default())
            .expect("corpus file parses")
            .cnf;
        for config in all_configs() {
            let what = format!(
                "{} with {:?}/{:?}/pure={}",
                path.display(),
                config.algorithm,
                config.heuristic,
                config.pure_literals
            );
            match Solver::from_cnf(&cnf, config).solve() {
                SolveResult::Sat(model) => {
                    assert!(want_sat, "{what}: SAT, expected UNSAT");
                    assert!(model.satisfies(&cnf), "{what}: bad model");
                    // from_cnf sizes the solver by the variables used;
                    // padding with false covers the declared ones.
                    assert_eq!(model.num_vars(), cnf.used_vars(), "{what}: model size");
                    let mut padded = model.clone();
                    padded.resize(cnf.num_vars());
                    assert!(padded.satisfies(&cnf), "{what}: padded model");
                }
                SolveResult::Unsat => assert!(!want_sat, "{what}: UNSAT, expected SAT"),
                SolveResult::Unknown => panic!("{what}: UNKNOWN without limits"),
            }
        }
    }
}

#[test]
fn sat_folder_is_sat_with_every_config() {
    check_folder("sat", true);
}

#[test]
fn unsat_folder_is_unsat_with_every_config() {
    check_folder("unsat", false);
}

#[test]
fn every_unsat_answer_in_the_corpus_has_a_checked_proof() {
    for path in corpus("unsat") {
        let cnf = parse_path(&path, &ParseOptions::default()).unwrap().cnf;
        for format in [ProofFormat::Text, ProofFormat::Binary] {
            let what = format!("{} ({format:?} proof)", path.display());
            assert!(
                !solve_checked(&cnf, SolverConfig::default(), format, &what),
                "{what}: SAT"
            );
        }
    }
}
