//! Every option of the engine in one place, with its default: the
//! user-facing ones in [`SolverConfig`], the fixed tunables of the search as
//! named constants in `tunables.rs` (re-exported here), each with where its
//! value comes from.

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

impl Heuristic {
    /// Every heuristic, in the order of `satoku solve --heuristic`'s help.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::First,
        Heuristic::Moms,
        Heuristic::JeroslowWang,
        Heuristic::Dlis,
        Heuristic::Vsids,
    ];
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

/// When decisions take the target phase (`phases.rs`) instead of the
/// saved one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TargetPhases {
    /// Never: every decision takes its saved phase. The default: with
    /// rephasing and walking on, target phases made satoku slower on the
    /// random and industrial files measured (`docs/decisions/target-phases.md`).
    #[default]
    Off,
    /// In the stable mode of the `Modes` restart policy only (as Kissat and
    /// CaDiCaL do).
    Stable,
    /// In every mode.
    Always,
}

impl TargetPhases {
    /// Every setting, in the order of `satoku solve --target-phases`'s help.
    pub const ALL: [TargetPhases; 3] = [
        TargetPhases::Off,
        TargetPhases::Stable,
        TargetPhases::Always,
    ];
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
    /// CDCL with VSIDS: after each conflict, also bump the variables of the
    /// reasons of the learnt clause's literals (reason-side bumping, after
    /// Kissat and CaDiCaL; `analyze/reason_side.rs`; default true).
    pub bump_reasons: bool,
    /// CDCL: after minimisation, replace the learnt literals of one lower
    /// level by that level's unique implication point when it has one
    /// (shrinking, after CaDiCaL and Kissat; `analyze/shrink.rs`; default
    /// false: on pigeonhole formulas it trades the clauses naming the
    /// pigeons a hole could take for ones naming the pigeon in it, and the
    /// search grows by orders of magnitude; `docs/decisions/shrinking.md`).
    pub shrink: bool,
    /// Restart policy for CDCL (default Modes).
    pub restart: RestartPolicy,
    /// CDCL with `Modes` restarts: in the first focused phase, on formulas
    /// where more than 1 clause in 100 is binary, restart also after
    /// `25 * luby(i)` conflicts without one (the restart floor,
    /// `restart.rs`; default true).
    pub restart_floor: bool,
    /// CDCL: on formulas where at most 1 clause in 100 is binary (uniform
    /// random k-SAT), reduce the lean way: no tier 2 of learnt clauses
    /// (those of LBD above 2 compete in every reduction), and reductions
    /// every `500 + 100 k` conflicts instead of `2000 + 300 k` (`reduce.rs`;
    /// default true).
    pub lean_reduce: bool,
    /// CDCL with phase saving: when decisions take the target phase, the
    /// values of the longest conflict-free trail since the last rephase
    /// (`phases.rs`; default [`TargetPhases::Off`]).
    pub target_phases: TargetPhases,
    /// CDCL with phase saving: reset the saved phases now and then to the
    /// original, inverted, best, walked or flipped ones (`rephase.rs`;
    /// default true).
    pub rephase: bool,
    /// CDCL with phase saving and `rephase`: some rephases run a ProbSAT
    /// local search from the current phases, whose best assignment becomes
    /// the saved phases, and whose model, if it finds one, is the answer
    /// (`walk.rs`; default true). Only at the root of a call without
    /// assumptions.
    pub walk: bool,
    /// Periodic learnt-clause deletion for CDCL (default true).
    pub reduce: bool,
    /// CDCL: after each reduction, at the root, shorten learnt clauses of
    /// tiers 1 and 2 by vivification (`vivify/mod.rs`; default true). Never in
    /// a scoped call ([`Solver::solve_scoped`](crate::Solver::solve_scoped)),
    /// and not with `reduce` off (no reductions).
    pub vivify: bool,
    /// CDCL: backward subsumption and self-subsuming strengthening of the
    /// irredundant clauses, before the first decision and then now and
    /// again at the root (`subsume.rs`; default false: with probing,
    /// substitution and vivification on, it lost on the industrial set,
    /// `docs/decisions/ablation.md`). Only in calls that are not
    /// scoped.
    pub subsume: bool,
    /// CDCL: bounded variable elimination (Eén and Biere 2005), on the same
    /// schedule as `subsume` (`elim/eliminate.rs`; default false, as `subsume`). Frozen variables
    /// and those of the call's assumptions are kept; models are extended
    /// to the eliminated variables (`extend.rs`).
    pub eliminate: bool,
    /// CDCL, with `subsume` and `eliminate` off: before the first
    /// decision, where congruence closure found no AND gate, a sample of
    /// the variables; where it says yes, after the first conflict a dry
    /// run of elimination on a copy of the clauses; when that removes at
    /// least half of the open variables, the search restarts for one
    /// round of subsumption and elimination, and none later
    /// (`elim/trial.rs`; default true). Otherwise nothing changes.
    pub elim_trial: bool,
    /// CDCL: failed-literal probing on the roots of the binary implication
    /// graph, before the first decision and then in rounds on a growing
    /// conflict interval with a bounded effort (`equiv/probe.rs`; default true).
    /// A literal that propagates to a conflict becomes a root unit of its
    /// negation. Not in scoped calls ([`Solver::solve_scoped`](crate::Solver::solve_scoped)).
    pub probe: bool,
    /// CDCL: equivalent-literal substitution in the same rounds as
    /// `probe`: literals that imply each other through binary clauses are
    /// replaced by one representative, and the others leave the formula;
    /// models give them their values back (`substitute.rs`; default true).
    /// Frozen variables ([`Solver::freeze`](crate::Solver::freeze)) are
    /// never replaced.
    pub substitute: bool,
    /// CDCL: congruence closure on AND gates in the same rounds as
    /// `substitute`, before it: outputs of gates with equivalent inputs
    /// are made equivalent by binary clauses, which substitution then
    /// replaces (`equiv/congruence.rs`; default true).
    pub congruence: bool,
    /// CDCL: XOR constraints read off the irredundant clauses and solved
    /// together by Gaussian elimination in the same rounds as
    /// `congruence`, after it: a refuted system refutes the formula, the
    /// variables it fixes become root units, and the pairs it makes equal
    /// or complementary binary clauses, which substitution then replaces
    /// (`xor/extract.rs`; default true). Never while a DRAT proof is written: a
    /// sum of XORs is no RUP step.
    pub gauss: bool,
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

impl SolverConfig {
    /// This configuration with every technique that rewrites the clauses
    /// off: probing, substitution, congruence closure, Gaussian elimination
    /// of XORs, subsumption, elimination and its trial, and vivification.
    /// The search then runs over the clauses as given, as on the sudoku SAT
    /// path, whose formulas are too small for a round to pay.
    pub fn without_simplification(self) -> SolverConfig {
        SolverConfig {
            probe: false,
            substitute: false,
            congruence: false,
            gauss: false,
            subsume: false,
            eliminate: false,
            elim_trial: false,
            vivify: false,
            ..self
        }
    }
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
            bump_reasons: true,
            shrink: false,
            restart: RestartPolicy::default(),
            restart_floor: true,
            lean_reduce: true,
            target_phases: TargetPhases::default(),
            rephase: true,
            walk: true,
            reduce: true,
            vivify: true,
            subsume: false,
            eliminate: false,
            elim_trial: true,
            probe: true,
            substitute: true,
            congruence: true,
            gauss: true,
            time_limit: None,
            conflict_limit: None,
            decision_limit: None,
            interrupt: None,
            check_models: true,
        }
    }
}

pub(crate) use crate::api::tunables::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_simplification_turns_off_only_the_clause_rewriting_techniques() {
        let base = SolverConfig {
            var_decay: 0.9,
            subsume: true,
            eliminate: true,
            ..SolverConfig::default()
        };
        let plain = base.clone().without_simplification();
        let rewriting = [
            plain.probe,
            plain.substitute,
            plain.congruence,
            plain.gauss,
            plain.subsume,
            plain.eliminate,
            plain.elim_trial,
            plain.vivify,
        ];
        assert!(rewriting.iter().all(|&on| !on), "{plain:?}");
        assert_eq!(plain.var_decay, 0.9);
        assert_eq!((plain.walk, plain.rephase), (base.walk, base.rephase));
    }
}
