//! Search statistics.

use std::time::Duration;

/// Counters of one solver, accumulated over all `solve` calls.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Decisions made.
    pub decisions: u64,
    /// Literals assigned by unit propagation (in the search; probing's
    /// are in `probe_propagations`).
    pub propagations: u64,
    /// Conflicts met.
    pub conflicts: u64,
    /// Backtracks (DPLL: flipped decisions; CDCL: backjumps).
    pub backtracks: u64,
    /// Pure literals assigned (DPLL).
    pub pure_literals: u64,
    /// Restarts (CDCL).
    pub restarts: u64,
    /// Clauses learnt (CDCL).
    pub learnt_clauses: u64,
    /// Literals removed from learnt clauses by minimisation.
    pub minimized_literals: u64,
    /// Literals removed from learnt clauses by shrinking (`shrink`).
    pub shrunken_literals: u64,
    /// Learnt-clause database reductions.
    pub reductions: u64,
    /// Learnt clauses deleted by reductions.
    pub deleted_clauses: u64,
    /// Resets of the saved phases (CDCL, `rephase`).
    pub rephases: u64,
    /// Local searches run at rephases (CDCL, `walk`).
    pub walks: u64,
    /// Variables flipped by local search.
    pub walk_flips: u64,
    /// Vivification rounds run (CDCL, `vivify`).
    pub vivify_rounds: u64,
    /// Learnt clauses shortened by vivification.
    pub vivified_clauses: u64,
    /// Literals vivification removed from them.
    pub vivify_removed_literals: u64,
    /// Literals assigned by unit propagation during vivification (not
    /// counted in `propagations`).
    pub vivify_propagations: u64,
    /// Inprocessing rounds of subsumption and elimination (CDCL).
    pub elim_rounds: u64,
    /// Irredundant clauses removed because another one subsumed them.
    pub subsumed_clauses: u64,
    /// Literals removed from irredundant clauses by self-subsuming
    /// strengthening.
    pub strengthened_clauses: u64,
    /// Variables removed by bounded variable elimination.
    pub eliminated_vars: u64,
    /// Resolvents added by variable elimination.
    pub resolvents: u64,
    /// Literals decided by failed-literal probing (CDCL, `probe`).
    pub probes: u64,
    /// Probed literals that propagated to a conflict (their negations
    /// became root units).
    pub failed_literals: u64,
    /// Literals assigned by propagation while probing (not counted in
    /// `propagations`).
    pub probe_propagations: u64,
    /// Variables replaced by an equivalent literal (CDCL, `substitute`).
    pub substituted_vars: u64,
    /// AND gates read off the clauses by congruence closure (CDCL,
    /// `congruence`), counted at each round that looked.
    pub gates: u64,
    /// Gate outputs found equivalent to another gate's output or to an
    /// input (each added as two binary clauses), or false (a unit).
    pub congruent_gates: u64,
    /// XOR constraints read off the clauses (CDCL, `gauss`), counted at
    /// each round that looked.
    pub xors: u64,
    /// Root units that Gaussian elimination of the XORs implied.
    pub xor_units: u64,
    /// Equivalences it implied, each added as two binary clauses.
    pub xor_equivalences: u64,
    /// Literals the XOR matrices implied during the search
    /// (`xor/search.rs`).
    pub xor_propagations: u64,
    /// Conflicts the XOR matrices found during the search.
    pub xor_conflicts: u64,
    /// Time spent in `solve`.
    pub solve_time: Duration,
}
