//! Replays every regression file in `cnf/regress/` (shrunk fuzzer
//! findings): formulas with the options their `c options:` line names,
//! checked against the reference solver and, on UNSAT, the proof checker;
//! API traces; parser inputs. An empty folder passes, saying so.

use std::path::Path;

use satoku_fuzz::regress::{replay, Replay};

#[test]
fn every_regression_file_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cnf/regress");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("cnf/regress exists")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut replayed = 0;
    let mut failures = Vec::new();
    for path in &paths {
        match replay(path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display())) {
            None => {}
            Some(Replay::Passed) => replayed += 1,
            Some(Replay::Failed(f)) => failures.push(format!("{}: {f}", path.display())),
        }
    }
    if replayed == 0 && failures.is_empty() {
        println!("cnf/regress/ holds no regression files yet: nothing to replay");
    } else {
        println!("replayed {replayed} regression files");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
