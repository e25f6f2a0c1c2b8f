//! Per-puzzle engine statistics of the SAT path's two ways of driving the
//! engine: a session (rules loaded once, givens as assumptions, learnt
//! clauses forgotten after each puzzle) and one-shot (a fresh engine with the
//! formula simplified by the givens). Times cover the engine only (no
//! decoding); medians over the puzzles. Any answer is timed: SAT, or UNSAT
//! for a puzzle without solution or with illegal givens.
//!
//! `cargo run --release -p satoku-sudoku --example sat_stats -- FILE [N]`
//! (first N puzzles, default 1,000). The session calls
//! `Solver::solve_scoped`; `UNSCOPED=1` calls `solve_with_assumptions` then
//! `forget_learnts` instead, and `KEEP_LEARNTS=1` calls
//! `solve_with_assumptions` and keeps learnt clauses between puzzles;
//! `SESSION_ONLY=1` skips one-shot; `SLOWEST=1` lists the slowest puzzles;
//! `DEFAULT_PHASES=1` uses the engine's default phases instead of the SAT
//! path's (`sat::engine_config`).
mod common;

use std::time::Instant;

use satoku_solver::{SolveResult, Solver, SolverConfig};
use satoku_sudoku::{cell_var, sat, Encoding, Grid};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

#[derive(Default)]
struct Column {
    micros: Vec<f64>,
    conflicts: Vec<f64>,
    decisions: Vec<f64>,
    propagations: Vec<f64>,
}

impl Column {
    fn push(
        &mut self,
        start: Instant,
        before: &satoku_solver::Stats,
        after: &satoku_solver::Stats,
    ) {
        self.micros.push(start.elapsed().as_secs_f64() * 1e6);
        self.conflicts
            .push((after.conflicts - before.conflicts) as f64);
        self.decisions
            .push((after.decisions - before.decisions) as f64);
        self.propagations
            .push((after.propagations - before.propagations) as f64);
    }

    fn print(&mut self, name: &str) {
        let mean = self.micros.iter().sum::<f64>() / self.micros.len() as f64;
        let mean_conflicts = self.conflicts.iter().sum::<f64>() / self.conflicts.len() as f64;
        let mut sorted = self.micros.clone();
        sorted.sort_by(|a, b| a.total_cmp(b));
        let p99 = sorted[sorted.len() * 99 / 100];
        if std::env::var("SLOWEST").is_ok() {
            let mut idx: Vec<usize> = (0..self.micros.len()).collect();
            idx.sort_by(|&a, &b| self.micros[b].total_cmp(&self.micros[a]));
            for &i in idx.iter().take(8) {
                println!(
                    "  #{i}: {:.0} us, {} conflicts, {} propagations",
                    self.micros[i], self.conflicts[i], self.propagations[i]
                );
            }
        }
        println!(
            "{name}: mean {mean:.1} us (conflicts {mean_conflicts:.1}), p99 {p99:.1} us; \
             median {:.1} us, conflicts {:.0}, decisions {:.0}, propagations {:.0}",
            median(&mut self.micros),
            median(&mut self.conflicts),
            median(&mut self.decisions),
            median(&mut self.propagations)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = common::arg(&args, 2, "N", 1000);
    let grids = common::load_9x9(args.get(1), n);
    // The SAT path's options; `DEFAULT_PHASES=1` for the engine's defaults.
    let base = if std::env::var("DEFAULT_PHASES").is_ok() {
        SolverConfig::default()
    } else {
        sat::engine_config()
    };
    let config = SolverConfig {
        check_models: false,
        ..base
    };
    let keep = std::env::var("KEEP_LEARNTS").is_ok();
    let unscoped = std::env::var("UNSCOPED").is_ok();
    let mut session = Solver::new(config.clone());
    sat::load(
        &mut session,
        &Grid::empty(3).expect("9x9"),
        Encoding::Extended,
    );
    let mut column = Column::default();
    let mut assumptions = Vec::new();
    for g in &grids {
        assumptions.clear();
        for i in 0..81 {
            let d = g.get(i / 9, i % 9);
            if d != 0 {
                assumptions.push(cell_var(9, i / 9, i % 9, d).positive());
            }
        }
        let before = session.stats().clone();
        let start = Instant::now();
        let r = if keep {
            session.solve_with_assumptions(&assumptions)
        } else if unscoped {
            let r = session.solve_with_assumptions(&assumptions);
            session.forget_learnts();
            r
        } else {
            session.solve_scoped(&assumptions)
        };
        column.push(start, &before, session.stats());
        if matches!(r, SolveResult::Unknown) {
            common::fail("the engine answered unknown without a limit");
        }
    }
    column.print("session ");
    if std::env::var("SESSION_ONLY").is_ok() {
        return;
    }
    let mut column = Column::default();
    for g in &grids {
        let start = Instant::now();
        let mut s = Solver::new(config.clone());
        sat::load(&mut s, g, Encoding::Extended);
        let r = s.solve();
        column.push(start, &satoku_solver::Stats::default(), s.stats());
        if matches!(r, SolveResult::Unknown) {
            common::fail("the engine answered unknown without a limit");
        }
    }
    column.print("one-shot");
}
