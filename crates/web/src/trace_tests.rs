use super::*;
use satoku_sudoku::{solve_direct, Grid};
use std::collections::HashMap;

/// Hard for singles: the search must guess (a 17-clue puzzle).
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn params(algorithm: &str, limit: Option<u64>) -> TraceParams {
    TraceParams {
        grid: JsGrid::of(&PUZZLE.parse().unwrap()),
        algorithm: Some(algorithm.into()),
        limit,
    }
}

/// The digits a replay of `events` leaves placed, by cell.
fn replay(events: &[TraceEvent]) -> Vec<u8> {
    let mut placed: HashMap<usize, (u8, u32)> = HashMap::new();
    for event in events {
        match *event {
            TraceEvent::Decide(at)
            | TraceEvent::Flip(at)
            | TraceEvent::Propagate(at)
            | TraceEvent::Pure(at)
                if at.value =>
            {
                placed.insert(at.cell, (at.digit, at.level));
            }
            TraceEvent::Backjump { to, .. } => placed.retain(|_, &mut (_, level)| level <= to),
            _ => {}
        }
    }
    (0..81)
        .map(|c| placed.get(&c).map_or(0, |&(d, _)| d))
        .collect()
}

#[test]
fn a_replay_of_either_algorithm_ends_on_the_solution() {
    let grid: Grid = PUZZLE.parse().unwrap();
    let solution = solve_direct(&grid, 1).solution().unwrap().cells().to_vec();
    for algorithm in ["cdcl", "dpll"] {
        let trace = trace(&params(algorithm, None)).unwrap();
        assert!(!trace.truncated, "{algorithm}");
        assert_eq!(trace.solution.as_ref(), Some(&solution), "{algorithm}");
        assert_eq!(replay(&trace.events), solution, "{algorithm}");
        let decisions = trace
            .events
            .iter()
            .filter(|e| matches!(e, TraceEvent::Decide(_)))
            .count();
        assert_eq!(decisions as u64, trace.stats.decisions, "{algorithm}");
        assert!(trace.stats.conflicts > 0, "{algorithm}");
    }
}

#[test]
fn only_cdcl_learns_and_only_dpll_flips() {
    let cdcl = trace(&params("cdcl", None)).unwrap();
    let dpll = trace(&params("dpll", None)).unwrap();
    let has = |t: &Trace, f: fn(&TraceEvent) -> bool| t.events.iter().any(f);
    assert!(has(&cdcl, |e| matches!(e, TraceEvent::Learn { .. })));
    assert!(!has(&cdcl, |e| matches!(e, TraceEvent::Flip(_))));
    assert!(has(&dpll, |e| matches!(e, TraceEvent::Flip(_))));
    assert!(!has(&dpll, |e| matches!(e, TraceEvent::Learn { .. })));
    assert_eq!(dpll.stats.learnt, 0);
}

#[test]
fn the_cap_truncates_and_stops_the_search() {
    let trace = trace(&params("dpll", Some(50))).unwrap();
    assert!(trace.truncated);
    assert_eq!(trace.events.len(), 50);
    assert_eq!(trace.solution, None);
}

#[test]
fn bad_requests_are_errors() {
    let err = trace(&params("walksat", None)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown algorithm `walksat` (cdcl or dpll)"
    );
    let mut illegal = params("cdcl", None);
    illegal.grid.cells[1] = 4;
    let err = trace(&illegal).unwrap_err().to_string();
    assert!(
        err.starts_with("illegal givens: row 1 has 4 twice"),
        "{err}"
    );
}
