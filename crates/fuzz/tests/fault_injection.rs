//! The harness proven on a known bug: with the solver's test-only fault
//! switched on (a skipped watch update in `propagate`, see
//! `crates/solver/src/search/fault.rs`), the formula campaign must find a failure
//! within a minute and shrink it to at most 20 clauses, and the written
//! regression file must fail while the fault is on and pass once it is off.
//!
//! The fault is a process-wide switch, so this file holds exactly one test
//! and is a test binary of its own, not a module of `tests/it` (whose tests
//! run in parallel in one process and would see the fault).

use std::sync::atomic::Ordering;
use std::time::Duration;

use satoku_fuzz::campaign::{formulas, Limits};
use satoku_fuzz::regress::{replay, Replay};
use satoku_fuzz::FindingKind;

#[test]
fn injected_watch_bug_is_caught_and_shrunk() {
    // Caught panics are findings: keep their messages out of the test output.
    satoku_fuzz::check::quiet_panic_hook();
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        seed: 2024,
        first: 0,
        count: None,
        time: Some(Duration::from_secs(60)),
        out_dir: Some(dir.path().to_path_buf()),
        progress: None,
        verbose: false,
        keep_going: false,
    };
    satoku_solver::fault::ENABLED.store(true, Ordering::Relaxed);
    let summary = formulas(&limits);
    let report = summary
        .findings
        .into_iter()
        .next()
        .expect("the injected bug is found within a minute");
    println!(
        "caught at case {} after {:.2} s ({} cases in all): {}; shrunk in {:.2} s from {} to {} clauses: {}",
        report.case,
        report.found_after.as_secs_f64(),
        summary.cases,
        report.original,
        report.shrink_time.as_secs_f64(),
        report.original_size,
        report.size,
        report.shrunk,
    );
    assert!(report.found_after < Duration::from_secs(60));
    assert!(report.size <= 20, "shrunk to {} clauses", report.size);
    let path = report.path.expect("the regression file is written");
    println!("{}", std::fs::read_to_string(&path).unwrap());
    assert!(matches!(replay(&path).unwrap(), Some(Replay::Failed(_))));

    the_harness_checks_catch_it_too(&limits);
    satoku_solver::fault::ENABLED.store(false, Ordering::Relaxed);
    assert!(matches!(replay(&path).unwrap(), Some(Replay::Passed)));
}

/// Not only the solver's own assertions catch the fault: the harness's
/// checks (models, proofs, the reference) do too, and a bad model shrinks
/// to at most 20 clauses.
fn the_harness_checks_catch_it_too(limits: &Limits) {
    let more = formulas(&Limits {
        first: 1000,
        time: Some(Duration::from_secs(5)),
        out_dir: None,
        keep_going: true,
        ..limits.clone()
    });
    let mut kinds = std::collections::BTreeMap::new();
    for r in &more.findings {
        *kinds.entry(r.original.kind.name()).or_insert(0) += 1;
    }
    println!(
        "{} findings in {} cases: {kinds:?}",
        more.findings.len(),
        more.cases
    );
    for r in more
        .findings
        .iter()
        .filter(|r| r.size != r.original_size)
        .take(4)
    {
        println!(
            "  case {}: {} shrunk from {} to {} clauses",
            r.case,
            r.original.kind.name(),
            r.original_size,
            r.size
        );
    }
    assert!(
        more.findings.iter().any(|r| matches!(
            r.original.kind,
            FindingKind::BadModel | FindingKind::Disagreement | FindingKind::ProofRejected
        )),
        "{kinds:?}"
    );
    assert!(more
        .findings
        .iter()
        .any(|r| r.original.kind == FindingKind::BadModel && r.size <= 20));
}
