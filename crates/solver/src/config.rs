//! Every option of the engine in one place, with its default.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Conflict-driven clause learning: first-UIP learning, backjumping,
    /// restarts and clause deletion. The default.
    #[default]
    Cdcl,
    /// Davis-Putnam-Logemann-Loveland: unit propagation, optional pure
    /// literals, chronological backtracking; nothing is learnt.
    Dpll,
}

/// How the next decision variable and its phase are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Heuristic {
    /// The unassigned variable with the lowest index, tried true first.
    First,
    /// Maximum Occurrences in clauses of Minimum Size (Freeman's score);
    /// phase: the literal with more occurrences in those clauses.
    Moms,
    /// Two-sided Jeroslow-Wang: maximise `J(x) + J(-x)` with
    /// `J(l) = sum over open clauses c containing l of 2^-|c|`; phase: the larger J.
    JeroslowWang,
    /// Dynamic Largest Individual Sum: the literal occurring in the most open
    /// clauses, set true.
    Dlis,
    /// Activity scores bumped by conflicts and decayed (VSIDS, on a binary heap),
    /// with phase saving. The default.
    #[default]
    Vsids,
}

/// When CDCL restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RestartPolicy {
    /// Glucose-style: restart when the recent average LBD of learnt clauses
    /// exceeds the long-run average by a margin.
    Glucose,
    /// Luby sequence times 100 conflicts (MiniSat 2.2).
    Luby,
    /// Alternates a focused phase (Glucose restarts) with a stable phase
    /// (Luby restarts times 1024 conflicts), each phase twice as long as the
    /// one before (after CaDiCaL and Kissat's stable mode). The default.
    #[default]
    Modes,
    /// Never restart.
    Never,
}

/// Every option of the solver. `SolverConfig::default()` is what `satoku solve` uses.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Search algorithm (default CDCL).
    pub algorithm: Algorithm,
    /// Decision heuristic (default VSIDS).
    pub heuristic: Heuristic,
    /// Pure-literal elimination at the root and after each decision. DPLL only
    /// (CDCL ignores it: learnt clauses and pure literals do not mix with
    /// incremental use). Default true.
    pub pure_literals: bool,
    /// The value a VSIDS decision gives a variable never assigned before, or
    /// every time when `phase_saving` is off (default false, as in MiniSat).
    pub initial_phase: bool,
    /// VSIDS decisions give a variable the value it last had (phase saving;
    /// default true). Off, every decision takes `initial_phase`: with `true`,
    /// a one-hot encoding (such as a sudoku's) decides "this cell holds this
    /// digit", which propagates far more than ruling one digit out.
    pub phase_saving: bool,
    /// How much VSIDS activities fade per conflict: every bump after a
    /// conflict weighs `1 / var_decay` times the one before (default 0.95,
    /// MiniSat's). Lower values follow the latest conflicts more closely,
    /// which suits short searches (Glucose starts at 0.8 and rises to
    /// 0.95). Must lie in (0, 1]; [`Solver::new`](crate::Solver::new)
    /// panics otherwise.
    pub var_decay: f64,
    /// Restart policy for CDCL (default Modes).
    pub restart: RestartPolicy,
    /// Periodic learnt-clause deletion for CDCL (default true).
    pub reduce: bool,
    /// Wall-clock limit per `solve` call (default none).
    pub time_limit: Option<Duration>,
    /// Limit on conflicts per `solve` call (default none).
    pub conflict_limit: Option<u64>,
    /// Limit on decisions per `solve` call (default none).
    pub decision_limit: Option<u64>,
    /// When set to true by another thread (Ctrl-C), the search stops with Unknown.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Check every model against the original clauses before returning it
    /// (default true; a failed check panics: it is a bug, never an answer).
    pub check_models: bool,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            algorithm: Algorithm::default(),
            heuristic: Heuristic::default(),
            pure_literals: true,
            initial_phase: false,
            phase_saving: true,
            var_decay: 0.95,
            restart: RestartPolicy::default(),
            reduce: true,
            time_limit: None,
            conflict_limit: None,
            decision_limit: None,
            interrupt: None,
            check_models: true,
        }
    }
}
