//! Unit tests of `observe.rs`: the events of small searches, in order.

use std::sync::{Arc, Mutex};

use super::*;
use crate::{Algorithm, Heuristic, SolveResult, SolverConfig};

/// An event as text, DIMACS literals, clauses sorted.
fn show(event: &Event<'_>) -> String {
    let clause = |c: &[Lit]| {
        let mut c: Vec<i64> = c.iter().map(|l| l.to_dimacs()).collect();
        c.sort_unstable();
        format!("{c:?}")
    };
    match *event {
        Event::Decide { lit, level } => format!("decide {} @{level}", lit.to_dimacs()),
        Event::Flip { lit, level } => format!("flip {} @{level}", lit.to_dimacs()),
        Event::Pure { lit, level } => format!("pure {} @{level}", lit.to_dimacs()),
        Event::Propagate { lit, level, reason } => {
            format!("propagate {} @{level} {}", lit.to_dimacs(), clause(reason))
        }
        Event::Conflict { clause: c, level } => format!("conflict {} @{level}", clause(c)),
        Event::Learn { clause: c, lbd } => format!("learn {} lbd {lbd}", clause(c)),
        Event::Backjump { from, to } => format!("backjump {from} -> {to}"),
        Event::Restart => "restart".into(),
    }
}

/// Attaches an observer that records each event with [`show`].
fn record(solver: &mut Solver) -> Arc<Mutex<Vec<String>>> {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&log);
    solver.set_observer(Some(Box::new(move |e: &Event<'_>| {
        sink.lock().unwrap().push(show(e))
    })));
    log
}

/// A solver with `clauses` (no probing: these tests spell out the events
/// of the search itself, which a failed literal found first would cut short).
fn solver(algorithm: Algorithm, clauses: &[&[i32]]) -> Solver {
    let mut s = Solver::new(SolverConfig {
        algorithm,
        heuristic: Heuristic::First,
        // The expected events are those of the formula as given.
        subsume: false,
        eliminate: false,
        elim_trial: false,
        probe: false,
        ..SolverConfig::default()
    });
    for c in clauses {
        s.add_clause(c);
    }
    s
}

#[test]
fn dpll_reports_decision_propagation_conflict_backjump_and_flip() {
    let mut s = solver(Algorithm::Dpll, &[&[-1, 2], &[-1, -2], &[1, 2]]);
    let log = record(&mut s);
    assert!(matches!(s.solve(), SolveResult::Sat(_)));
    let expected = [
        "decide 1 @1",
        "propagate 2 @1 [-1, 2]",
        "conflict [-2, -1] @1",
        "backjump 1 -> 0",
        "flip -1 @1",
        "propagate 2 @1 [1, 2]",
        "backjump 1 -> 0",
    ];
    assert_eq!(*log.lock().unwrap(), expected);
}

#[test]
fn dpll_reports_pure_literals_on_their_root_level() {
    // 3 occurs only positively; 1 and 2 both ways.
    let mut s = solver(Algorithm::Dpll, &[&[1, 2, 3], &[-1, -2], &[1, -2]]);
    let log = record(&mut s);
    assert!(matches!(s.solve(), SolveResult::Sat(_)));
    let log = log.lock().unwrap();
    assert_eq!(log[0], "pure 3 @1");
    assert!(log.iter().all(|e| !e.starts_with("learn")));
}

#[test]
fn cdcl_reports_the_learnt_clause_then_the_backjump_and_its_assertion() {
    // Deciding 1 (First heuristic) propagates 2 and 3, which conflict:
    // the learnt unit -1 is asserted at the root.
    let mut s = solver(Algorithm::Cdcl, &[&[-1, 2], &[-1, 3], &[-2, -3]]);
    let log = record(&mut s);
    assert!(matches!(s.solve(), SolveResult::Sat(_)));
    let log = log.lock().unwrap();
    let expected = [
        "decide 1 @1",
        "propagate 2 @1 [-1, 2]",
        "propagate 3 @1 [-1, 3]",
        "conflict [-3, -2] @1",
        "learn [-1] lbd 1",
        "backjump 1 -> 0",
        "propagate -1 @0 [-1]",
    ];
    assert_eq!(log[..expected.len()], expected);
}

#[test]
fn root_facts_are_reported_once_from_the_first_call_after_attaching() {
    let mut s = solver(Algorithm::Cdcl, &[]);
    let log = record(&mut s);
    s.add_clause(&[-1, 2]);
    s.add_clause(&[1]);
    assert!(log.lock().unwrap().is_empty(), "loading reports nothing");
    assert!(matches!(s.solve(), SolveResult::Sat(_)));
    let first: Vec<String> = log.lock().unwrap().drain(..).collect();
    assert_eq!(first[..2], ["propagate 1 @0 [1]", "propagate 2 @0 [-1, 2]"]);
    assert!(matches!(s.solve(), SolveResult::Sat(_)));
    assert!(log.lock().unwrap().iter().all(|e| !e.contains("@0")));
}

#[test]
fn a_solver_with_an_observer_can_move_across_threads() {
    let mut s = solver(Algorithm::Cdcl, &[&[1, 2]]);
    let log = record(&mut s);
    let handle = std::thread::spawn(move || s.solve());
    assert!(matches!(handle.join().unwrap(), SolveResult::Sat(_)));
    assert!(!log.lock().unwrap().is_empty());
}

#[test]
fn a_detached_observer_hears_nothing_more() {
    let mut s = solver(Algorithm::Cdcl, &[&[1, 2], &[-1, 2]]);
    let log = record(&mut s);
    assert!(s.has_observer());
    s.set_observer(None);
    assert!(!s.has_observer());
    assert!(matches!(s.solve(), SolveResult::Sat(_)));
    assert!(log.lock().unwrap().is_empty());
}
