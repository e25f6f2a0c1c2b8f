//! The solver: its components, clause addition, and the `solve` entry point.
//!
//! Components are owned here and each step of the search lives in its own
//! file (`propagate.rs`, `analyze.rs`, `decide.rs`, `restart.rs`,
//! `reduce.rs`, `cdcl.rs`, `dpll.rs`), as `impl Solver` blocks.

use std::io::Write;
use std::time::{Duration, Instant};

use satoku_formula::{Cnf, Lit, Model, Var};

use crate::clause_db::{ClauseDb, ClauseRef};
use crate::config::{Algorithm, SolverConfig};
use crate::heap::VarHeap;
use crate::proof::{Proof, ProofFormat};
use crate::pure::PureTracker;
use crate::restart::Restarts;
use crate::stats::Stats;
use crate::trail::{Trail, FALSE, OPEN, TRUE};
use crate::watch::{self, WatchList};
use crate::{Error, SolveResult};

/// Outcome of one search loop, before the model is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Sat,
    Unsat,
    Unknown,
}

/// An incremental SAT solver: add clauses, solve (under assumptions), add more, solve again.
pub struct Solver {
    pub(crate) config: SolverConfig,
    pub(crate) stats: Stats,
    /// Every clause as given, for checking models (and counting pure literals).
    pub(crate) original: Cnf,
    /// False once the clauses are unsatisfiable without assumptions.
    pub(crate) ok: bool,
    pub(crate) db: ClauseDb,
    pub(crate) watches: Vec<WatchList>,
    /// The two literals of the binary clause behind
    /// `ClauseRef::BINARY_CONFLICT`, in the clause's order.
    pub(crate) binary_conflict: [Lit; 2],
    pub(crate) trail: Trail,
    /// Root-level units since the last `simplify`.
    pub(crate) root_units_since_simplify: usize,
    /// `simplify` waits until `stats.propagations` reaches this.
    pub(crate) next_simplify: u64,
    // Decisions.
    pub(crate) activity: Vec<f64>,
    pub(crate) var_inc: f64,
    pub(crate) heap: VarHeap,
    pub(crate) phase: Vec<bool>,
    /// DPLL: whether the decision of each level was already flipped
    /// (assumption and pure-literal levels count as flipped).
    pub(crate) level_flipped: Vec<bool>,
    // Conflict analysis scratch (reused, never reallocated per conflict).
    pub(crate) seen: Vec<u8>,
    pub(crate) learnt: Vec<Lit>,
    pub(crate) analyze_stack: Vec<Lit>,
    pub(crate) analyze_toclear: Vec<Lit>,
    pub(crate) level_stamp: Vec<u32>,
    /// Per variable, for `shrink_to_assumptions`; all false between calls.
    pub(crate) marks: Vec<bool>,
    /// `shrink_to_assumptions` scratch: the variables it marked, and the
    /// negated assumptions it found.
    pub(crate) shrink_marked: Vec<Var>,
    pub(crate) shrink_out: Vec<Lit>,
    pub(crate) stamp: u32,
    // Heuristic scans (DPLL-style heuristics and pure literals).
    pub(crate) lit_scores: Vec<f64>,
    pub(crate) pure: PureTracker,
    // Restarts and reduction.
    pub(crate) restarts: Restarts,
    pub(crate) cla_inc: f32,
    pub(crate) next_reduce: u64,
    pub(crate) num_reduce: u64,
    // Assumptions.
    pub(crate) assumptions: Vec<Lit>,
    /// In [`Solver::solve_scoped`], the number of assumptions: levels up to
    /// it hold facts of the call, which analysis treats like the root and
    /// the search never backtracks below. 0 otherwise.
    pub(crate) scope_floor: u32,
    pub(crate) failed: Vec<Lit>,
    // Limits of the current solve call.
    pub(crate) deadline: Option<Instant>,
    pub(crate) conflict_budget: u64,
    pub(crate) decision_budget: u64,
    pub(crate) proof: Option<Proof>,
}

/// Panics on options the engine cannot run with.
fn check_config(config: &SolverConfig) {
    assert!(
        config.var_decay > 0.0 && config.var_decay <= 1.0,
        "var_decay must lie in (0, 1], got {}",
        config.var_decay
    );
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(SolverConfig::default())
    }
}

impl Solver {
    /// An empty solver with `config`.
    ///
    /// # Panics
    /// If `config.var_decay` is not in (0, 1].
    pub fn new(config: SolverConfig) -> Solver {
        check_config(&config);
        Solver {
            config,
            stats: Stats::default(),
            original: Cnf::new(),
            ok: true,
            db: ClauseDb::default(),
            watches: Vec::new(),
            binary_conflict: [Lit::default(); 2],
            trail: Trail::default(),
            root_units_since_simplify: 0,
            next_simplify: 0,
            activity: Vec::new(),
            var_inc: 1.0,
            heap: VarHeap::default(),
            phase: Vec::new(),
            level_flipped: Vec::new(),
            seen: Vec::new(),
            learnt: Vec::new(),
            analyze_stack: Vec::new(),
            analyze_toclear: Vec::new(),
            level_stamp: Vec::new(),
            marks: Vec::new(),
            shrink_marked: Vec::new(),
            shrink_out: Vec::new(),
            stamp: 0,
            lit_scores: Vec::new(),
            pure: PureTracker::default(),
            restarts: Restarts::default(),
            cla_inc: 1.0,
            next_reduce: 2000,
            num_reduce: 0,
            assumptions: Vec::new(),
            scope_floor: 0,
            failed: Vec::new(),
            deadline: None,
            conflict_budget: u64::MAX,
            decision_budget: u64::MAX,
            proof: None,
        }
    }

    /// A solver holding every clause of `cnf` (and all its declared variables).
    pub fn from_cnf(cnf: &Cnf, config: SolverConfig) -> Solver {
        let mut solver = Solver::new(config);
        solver.ensure_vars(cnf.num_vars());
        for clause in cnf {
            solver.add_clause(clause);
        }
        solver
    }

    /// Writes a DRAT proof of every UNSAT answer to `out`. Must be called
    /// before any clause is added, so the proof covers every derivation.
    pub fn set_proof(
        &mut self,
        out: Box<dyn Write + Send>,
        format: ProofFormat,
    ) -> Result<(), Error> {
        if self.original.num_clauses() > 0 {
            return Err(Error::ProofAfterClauses);
        }
        self.proof = Some(Proof::new(out, format));
        Ok(())
    }

    /// Flushes the proof, returning its first write error, if any.
    pub fn finish_proof(&mut self) -> Result<(), Error> {
        match self.proof.as_mut() {
            Some(p) => p.finish().map_err(Error::Proof),
            None => Ok(()),
        }
    }

    /// The options in force.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// The options, to change between `solve` calls (the next call panics
    /// on a `var_decay` outside (0, 1], as [`Solver::new`] does).
    pub fn config_mut(&mut self) -> &mut SolverConfig {
        &mut self.config
    }

    /// Statistics accumulated over all `solve` calls.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Number of variables known to the solver.
    pub fn num_vars(&self) -> usize {
        self.activity.len()
    }

    /// Number of clauses added (as given, including units and tautologies).
    pub fn num_clauses(&self) -> usize {
        self.original.num_clauses()
    }

    /// The assumptions that made the last `Unsat` answer, as a subset of the
    /// assumptions given (empty when the clauses alone are unsatisfiable).
    pub fn failed_assumptions(&self) -> &[Lit] {
        &self.failed
    }

    /// Variables a solver can hold: 2^29 (watch lists tag literal codes
    /// in their top two bits).
    pub const MAX_VARS: usize = watch::MAX_VARS;

    /// Makes room for variables `0..n` (models cover every one).
    ///
    /// # Panics
    /// If `n` exceeds [`Solver::MAX_VARS`].
    pub fn ensure_vars(&mut self, n: usize) {
        if n <= self.num_vars() {
            return;
        }
        assert!(
            n <= Self::MAX_VARS,
            "{n} variables: the solver holds at most {}",
            Self::MAX_VARS
        );
        let old = self.num_vars();
        self.original.ensure_vars(n);
        self.trail.grow(n);
        self.activity.resize(n, 0.0);
        self.phase.resize(n, self.config.initial_phase);
        self.seen.resize(n, 0);
        self.marks.resize(n, false);
        self.level_stamp.resize(n + 1, 0);
        self.watches.resize_with(2 * n, Vec::new);
        self.lit_scores.resize(2 * n, 0.0);
        self.heap.grow(n);
        for v in old..n {
            self.heap.insert(Var::new(v as u32), &self.activity);
        }
    }

    /// Adds a clause. Duplicate literals and tautologies are fine; an empty
    /// clause makes the formula unsatisfiable.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        let max_var = lits.iter().map(|l| l.var().index() + 1).max().unwrap_or(0);
        self.ensure_vars(max_var);
        self.original.add_clause(lits);
        if !self.ok {
            return;
        }
        if self.trail.decision_level() > 0 {
            self.backtrack(0);
        }
        let mut clause = std::mem::take(&mut self.learnt);
        clause.clear();
        clause.extend_from_slice(lits);
        clause.sort_unstable();
        clause.dedup();
        let tautology = clause.windows(2).any(|w| w[0] == !w[1]);
        let satisfied = clause.iter().any(|&l| self.trail.value(l) == TRUE);
        if !tautology && !satisfied {
            let before = clause.len();
            clause.retain(|&l| self.trail.value(l) != FALSE);
            if clause.len() < before {
                // The shortened clause is RUP: the removed literals are false at the root.
                self.log_add(&clause);
            }
            self.attach_input(&clause);
        }
        self.learnt = clause;
    }

    fn attach_input(&mut self, clause: &[Lit]) {
        match clause.len() {
            0 => self.ok = false,
            1 => {
                self.trail.assign(clause[0], ClauseRef::NONE);
                self.root_units_since_simplify += 1;
                self.ok = self.propagate().is_none();
                if !self.ok {
                    self.log_add(&[]);
                }
            }
            _ => {
                let cref = self.db.alloc(clause, false, 0);
                self.attach(cref);
            }
        }
    }

    /// Watches the first two literals of `cref`.
    pub(crate) fn attach(&mut self, cref: ClauseRef) {
        let lits = self.db.lits(cref);
        let (a, b) = (lits[0], lits[1]);
        if lits.len() == 2 {
            self.watches[a.code()].push(watch::binary_entry(b, false));
            self.watches[b.code()].push(watch::binary_entry(a, true));
        } else {
            watch::push_long(&mut self.watches[a.code()], b, cref);
            watch::push_long(&mut self.watches[b.code()], a, cref);
        }
    }

    /// Solves the clauses added so far.
    pub fn solve(&mut self) -> SolveResult {
        self.solve_with_assumptions(&[])
    }

    /// Solves under `assumptions` taken as facts of this call: clauses are
    /// learnt from them as from root units, so they are only valid under
    /// them, and every learnt clause is forgotten before the call returns
    /// ([`Solver::forget_learnts`]). For one-off queries that share little
    /// with the next, such as a sudoku's givens over the rules: analysis
    /// never walks the assumptions' consequences, learnt clauses stay
    /// short, and restarts keep the assumptions (300 forum-hardest puzzles:
    /// 691.7M -> 549.9M instructions, docs/benchmarks.md).
    ///
    /// Answers are those of [`Solver::solve_with_assumptions`]. On `Unsat`
    /// the failed assumptions are all of them (no smaller set is computed),
    /// or none when the clauses alone are unsatisfiable. With a proof being
    /// written or the DPLL algorithm the call is an ordinary
    /// `solve_with_assumptions` (scoped clauses are not implied by the
    /// clauses alone, so they cannot go into a proof), then the learnt
    /// clauses are forgotten all the same.
    pub fn solve_scoped(&mut self, assumptions: &[Lit]) -> SolveResult {
        let scoped = self.proof.is_none() && self.config.algorithm == Algorithm::Cdcl;
        if scoped {
            self.scope_floor = assumptions.len() as u32;
        }
        let result = self.solve_with_assumptions(assumptions);
        self.scope_floor = 0;
        self.forget_learnts();
        result
    }

    /// Solves under `assumptions` (literals taken as true for this call only).
    /// On `Unsat`, [`Solver::failed_assumptions`] tells which of them were used.
    pub fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> SolveResult {
        check_config(&self.config);
        let start = Instant::now();
        let max_var = assumptions
            .iter()
            .map(|l| l.var().index() + 1)
            .max()
            .unwrap_or(0);
        self.ensure_vars(max_var);
        self.assumptions.clear();
        self.assumptions.extend_from_slice(assumptions);
        // An assumption already true opens an empty level, so levels can
        // reach num_vars + assumptions (cnf/regress/trace-panic-*.trace).
        let max_levels = self.num_vars() + assumptions.len() + 1;
        if self.level_stamp.len() < max_levels {
            self.level_stamp.resize(max_levels, 0);
        }
        self.failed.clear();
        self.set_budgets(start);
        let status = if !self.ok {
            Status::Unsat
        } else {
            match self.config.algorithm {
                Algorithm::Cdcl => self.cdcl(),
                Algorithm::Dpll => self.dpll(),
            }
        };
        let result = match status {
            Status::Sat => SolveResult::Sat(self.take_model()),
            Status::Unsat => {
                if self.failed.is_empty() {
                    self.ok = false;
                    self.log_add(&[]);
                }
                SolveResult::Unsat
            }
            Status::Unknown => SolveResult::Unknown,
        };
        self.backtrack(0);
        if let Some(p) = self.proof.as_mut() {
            p.flush();
        }
        self.stats.solve_time += start.elapsed();
        result
    }

    fn set_budgets(&mut self, start: Instant) {
        self.deadline = self.config.time_limit.map(|t| start + t);
        self.conflict_budget = self
            .config
            .conflict_limit
            .map_or(u64::MAX, |n| self.stats.conflicts.saturating_add(n));
        self.decision_budget = self
            .config
            .decision_limit
            .map_or(u64::MAX, |n| self.stats.decisions.saturating_add(n));
    }

    /// Whether a limit is reached or an interrupt was asked for.
    pub(crate) fn out_of_budget(&self) -> bool {
        if self.stats.conflicts >= self.conflict_budget
            || self.stats.decisions >= self.decision_budget
        {
            return true;
        }
        if let Some(flag) = &self.config.interrupt {
            if flag.load(std::sync::atomic::Ordering::Relaxed) {
                return true;
            }
        }
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Builds the model from the full assignment (open variables take their
    /// saved phase) and checks it against every clause given.
    fn take_model(&mut self) -> Model {
        let values = (0..self.num_vars())
            .map(|v| match self.trail.value(Var::new(v as u32).positive()) {
                OPEN => self.phase[v],
                val => val == TRUE,
            })
            .collect();
        let model = Model::new(values);
        if self.config.check_models {
            if let Some(i) = model.first_falsified(&self.original) {
                panic!(
                    "satoku bug: the model falsifies clause {} ({:?}); please report this formula",
                    i + 1,
                    self.original.clause(i)
                );
            }
        }
        model
    }

    /// Undoes every assignment above `level`, saving phases and refilling the heap.
    pub(crate) fn backtrack(&mut self, level: u32) {
        if self.trail.decision_level() <= level {
            return;
        }
        let lim = self.trail.trail_lim[level as usize];
        for i in (lim..self.trail.trail.len()).rev() {
            let lit = self.trail.trail[i];
            self.trail.unassign(lit);
            let v = lit.var();
            self.phase[v.index()] = lit.is_positive();
            self.heap.insert(v, &self.activity);
        }
        self.trail.trail.truncate(lim);
        self.pure.backtracked_to(lim);
        self.trail.trail_lim.truncate(level as usize);
        self.level_flipped.truncate(level as usize);
        self.trail.qhead = self.trail.qhead.min(lim);
    }

    /// Opens a decision level and assigns `lit` as its decision.
    pub(crate) fn decide_lit(&mut self, lit: Lit, flipped: bool) {
        self.trail.new_decision_level();
        self.level_flipped.push(flipped);
        self.trail.assign(lit, ClauseRef::NONE);
    }

    pub(crate) fn log_add(&mut self, lits: &[Lit]) {
        if let Some(p) = self.proof.as_mut() {
            p.add(lits);
        }
    }

    pub(crate) fn log_delete(&mut self, cref: ClauseRef) {
        if let Some(p) = self.proof.as_mut() {
            p.delete(self.db.lits(cref));
        }
    }

    /// Time spent in `solve` so far.
    pub fn solve_time(&self) -> Duration {
        self.stats.solve_time
    }
}
