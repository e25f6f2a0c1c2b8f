//! The solver: its components, variables, and the `solve` entry points.
//!
//! The solver owns one value of each component, each with private fields
//! and its own file: the formula as given ([`Formula`], `api/formula.rs`),
//! the answer state ([`Answer`], `api/answer.rs`), the assumptions and
//! scope of a call ([`Scope`], `api/scope.rs`), the assignment
//! ([`Trail`]), the clause arena ([`ClauseDb`]) and watch lists
//! ([`Watches`]), VSIDS ([`Branching`], `search/decide.rs`), conflict
//! analysis ([`Analysis`]), DPLL's state ([`ScanState`], [`Flips`]),
//! restarts ([`Restarts`]), phases ([`Phases`], [`Rephasing`]), reductions
//! and vivification ([`Schedule`], `search/reduce.rs`), the root
//! techniques' schedules ([`ElimSchedule`], `elim/eliminate.rs`;
//! [`Probing`], `equiv/probe.rs`) and what they removed ([`VarFlags`],
//! `removed/vars.rs`; [`Extension`], `removed/extend.rs`), the limits of a
//! call ([`Budget`]), the proof ([`ProofSink`]) and the observer
//! ([`Observing`]). Each step of the search is an `impl Solver` block in
//! its own file under `search/` (`propagate.rs`, `analyze.rs`,
//! `decide.rs`, `reduce.rs`, `cdcl.rs`, `dpll.rs`) that borrows the
//! components it needs; clause addition is in `api/add.rs` (a whole
//! formula: `api/load.rs`), model enumeration in `api/solutions.rs`.
//!
//! The copy of the clauses as given ([`Solver::num_clauses`] counts them
//! all) is kept only while `config.check_models` is on (to check models) or
//! the algorithm is DPLL (pure literals count occurrences in it): the
//! search itself reads the arena only. [`Solver::add_cnf`] copies a whole
//! formula in bulk; [`Solver::add_cnf_owned`] makes the formula it is
//! given that copy, when the copy is still empty (`api/load.rs`).

use std::time::Duration;

use web_time::Instant;

use satoku_formula::{Lit, Model, Var};

use crate::api::answer::Answer;
use crate::api::config::{Algorithm, SolverConfig};
use crate::api::formula::Formula;
use crate::api::limits::Budget;
use crate::api::observe::Observing;
use crate::api::proof::ProofSink;
use crate::api::scope::Scope;
use crate::api::stats::Stats;
use crate::elim::eliminate::ElimSchedule;
use crate::equiv::probe::Probing;
use crate::local::rephase::Rephasing;
use crate::removed::extend::Extension;
use crate::removed::vars::VarFlags;
use crate::search::analyze::Analysis;
use crate::search::clause_db::ClauseDb;
use crate::search::decide::Branching;
use crate::search::dpll::Flips;
use crate::search::phases::Phases;
use crate::search::reason::Reason;
use crate::search::reduce::Schedule;
use crate::search::restart::Restarts;
use crate::search::scan::ScanState;
use crate::search::trail::{Trail, OPEN, TRUE};
use crate::search::watch::{self, Watches};
use crate::SolveResult;

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
    /// The clauses as given: counted, and copied while a copy is kept
    /// (module docs).
    pub(crate) formula: Formula,
    /// Whether the clauses are refuted, whether loading was stopped part
    /// way (`load.rs`), and the failed assumptions.
    pub(crate) answer: Answer,
    pub(crate) db: ClauseDb,
    pub(crate) watches: Watches,
    pub(crate) trail: Trail,
    pub(crate) branching: Branching,
    pub(crate) flips: Flips,
    pub(crate) analysis: Analysis,
    pub(crate) scan: ScanState,
    pub(crate) restarts: Restarts,
    pub(crate) schedule: Schedule,
    pub(crate) phases: Phases,
    pub(crate) rephasing: Rephasing,
    /// Which variables inprocessing removed, and which are frozen.
    pub(crate) vars: VarFlags,
    /// The clauses inprocessing removed, to extend models (`extend.rs`).
    pub(crate) extension: Extension,
    /// When subsumption and elimination run next (`elim/eliminate.rs`).
    pub(crate) elim: ElimSchedule,
    /// The schedule of probing, substitution and congruence rounds
    /// (`equiv/probe.rs`, `equiv/congruence.rs`).
    pub(crate) probing: Probing,
    /// The assumptions of the current call and, in
    /// [`Solver::solve_scoped`], the levels that hold its facts.
    pub(crate) scope: Scope,
    /// The limits of the current call.
    pub(crate) budget: Budget,
    pub(crate) proof: ProofSink,
    /// The observer of search events, if any (`observe.rs`).
    pub(crate) observing: Observing,
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
            formula: Formula::default(),
            answer: Answer::default(),
            db: ClauseDb::default(),
            watches: Watches::default(),
            trail: Trail::default(),
            branching: Branching::new(),
            flips: Flips::default(),
            analysis: Analysis::default(),
            scan: ScanState::default(),
            restarts: Restarts::default(),
            schedule: Schedule::default(),
            phases: Phases::default(),
            rephasing: Rephasing::default(),
            vars: VarFlags::default(),
            extension: Extension::default(),
            elim: ElimSchedule::default(),
            probing: Probing::default(),
            scope: Scope::default(),
            budget: Budget::default(),
            proof: ProofSink::default(),
            observing: Observing::default(),
        }
    }

    /// The options in force.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// The options, to change between `solve` calls (the next call panics
    /// on a `var_decay` outside (0, 1], as [`Solver::new`] does). Switching
    /// `check_models` on after clauses were added checks later models
    /// against the clauses added while a copy was kept only (module docs of
    /// `solver.rs`: the copy is kept while `check_models` is on or the
    /// algorithm is DPLL); DPLL skips pure literals when the copy misses
    /// clauses.
    pub fn config_mut(&mut self) -> &mut SolverConfig {
        &mut self.config
    }

    /// Statistics accumulated over all `solve` calls.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Number of variables known to the solver.
    pub fn num_vars(&self) -> usize {
        self.branching.num_vars()
    }

    /// Number of clauses added (as given, including units and tautologies).
    pub fn num_clauses(&self) -> usize {
        self.formula.num_clauses()
    }

    /// The assumptions that made the last `Unsat` answer, as a subset of the
    /// assumptions given (empty when the clauses alone are unsatisfiable).
    pub fn failed_assumptions(&self) -> &[Lit] {
        self.answer.failed()
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
        self.formula.ensure_vars(n);
        self.trail.grow(n);
        self.analysis.grow(n);
        self.watches.grow(2 * n);
        self.scan.grow(n);
        self.branching.grow(n, self.config.initial_phase);
        self.phases.grow(n, self.config.initial_phase);
        self.vars.grow(n);
    }

    /// Makes room for the variables of `lits`.
    pub(crate) fn ensure_vars_of(&mut self, lits: &[Lit]) {
        let max_var = lits.iter().map(|l| l.var().index() + 1).max();
        self.ensure_vars(max_var.unwrap_or(0));
    }

    /// A fresh variable.
    ///
    /// # Panics
    /// If the solver already holds [`Solver::MAX_VARS`] variables.
    pub fn new_var(&mut self) -> Var {
        let v = Var::new(self.num_vars() as u32);
        self.ensure_vars(self.num_vars() + 1);
        v
    }

    /// The positive literal of a fresh variable.
    ///
    /// # Panics
    /// As [`Solver::new_var`].
    pub fn new_lit(&mut self) -> Lit {
        self.new_var().positive()
    }

    /// Whether a copy of every clause added is kept (module docs).
    pub(crate) fn copy_is_complete(&self) -> bool {
        self.formula.is_copy_complete()
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
    /// short, and restarts keep the assumptions.
    ///
    /// Answers are those of [`Solver::solve_with_assumptions`]. On `Unsat`
    /// the failed assumptions are all of them (no smaller set is computed),
    /// or none when the clauses alone are unsatisfiable. With a proof being
    /// written or the DPLL algorithm the call is an ordinary
    /// `solve_with_assumptions` (scoped clauses are not implied by the
    /// clauses alone, so they cannot go into a proof), then the learnt
    /// clauses are forgotten all the same.
    pub fn solve_scoped(&mut self, assumptions: &[Lit]) -> SolveResult {
        let scoped = !self.proof.is_on() && self.config.algorithm == Algorithm::Cdcl;
        if scoped {
            self.scope.set_floor(assumptions.len() as u32);
        }
        let result = self.solve_with_assumptions(assumptions);
        self.scope.set_floor(0);
        self.forget_learnts();
        result
    }

    /// Solves under `assumptions` (literals taken as true for this call only).
    /// On `Unsat`, [`Solver::failed_assumptions`] tells which of them were used.
    pub fn solve_with_assumptions(&mut self, assumptions: &[Lit]) -> SolveResult {
        check_config(&self.config);
        let start = Instant::now();
        self.ensure_vars_of(assumptions);
        self.restore_if_removed(assumptions);
        self.scope.set_assumptions(assumptions);
        self.freeze_assumptions(true);
        // An assumption already true opens an empty level, so levels can
        // reach num_vars + assumptions (cnf/regress/trace-panic-*.trace).
        self.analysis
            .grow_levels(self.num_vars() + assumptions.len() + 1);
        self.answer.clear_failed();
        self.budget = Budget::new(&self.config, &self.stats, start);
        self.start_observing();
        let status = if !self.answer.is_ok() {
            Status::Unsat
        } else if self.answer.is_incomplete() {
            Status::Unknown
        } else {
            match self.config.algorithm {
                Algorithm::Cdcl => self.cdcl(),
                Algorithm::Dpll => self.dpll(),
            }
        };
        let result = match status {
            Status::Sat => SolveResult::Sat(self.take_model()),
            Status::Unsat => {
                if self.answer.failed().is_empty() {
                    self.answer.refute();
                    self.proof.add(&[]);
                }
                SolveResult::Unsat
            }
            Status::Unknown => SolveResult::Unknown,
        };
        self.backtrack(0);
        self.freeze_assumptions(false);
        self.stop_observing();
        self.proof.flush();
        self.stats.solve_time += start.elapsed();
        result
    }

    /// Whether a limit is reached or an interrupt was asked for.
    #[inline]
    pub(crate) fn out_of_budget(&self) -> bool {
        self.budget.exhausted(&self.config, &self.stats)
    }

    /// Builds the model from the full assignment (open variables take their
    /// saved phase), extends it to the variables inprocessing removed
    /// (`extend.rs`), and checks it against the copy of the clauses, if on.
    fn take_model(&mut self) -> Model {
        let mut values: Vec<bool> = (0..self.num_vars())
            .map(|v| {
                let v = Var::new(v as u32);
                match self.trail.value(v.positive()) {
                    OPEN => self.branching.phase(v),
                    val => val == TRUE,
                }
            })
            .collect();
        self.extension.extend(&mut values);
        let model = Model::new(values);
        if self.config.check_models {
            if let Some(i) = model.first_falsified(self.formula.copy()) {
                panic!(
                    "satoku bug: the model falsifies clause {} ({:?}); please report this formula",
                    i + 1,
                    self.formula.copy().clause(i)
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
        if self.observing.is_on() {
            self.report_backjump(level);
        }
        let lim = self.unassign_above(level);
        self.scan.backtracked_to(lim);
        self.flips.truncate(level);
    }

    /// Opens a decision level, `flipped` as DPLL sees it.
    #[inline]
    pub(crate) fn new_level(&mut self, flipped: bool) {
        self.trail.new_decision_level();
        self.flips.push(flipped);
    }

    /// Opens a decision level and assigns `lit` as its decision.
    pub(crate) fn decide_lit(&mut self, lit: Lit, flipped: bool) {
        self.new_level(flipped);
        self.trail.assign(lit, Reason::NONE);
        if self.observing.is_on() {
            self.report_decision(lit, false);
        }
    }

    /// Time spent in `solve` so far.
    pub fn solve_time(&self) -> Duration {
        self.stats.solve_time
    }
}
