//! Incremental-API traces, in the style of CaDiCaL's `mobical`: random
//! sequences of adding clauses, solving under assumptions (plain or scoped),
//! reading the model and the failed assumptions, switching options between
//! solves, and forgetting every learnt clause.
//!
//! Every answer is checked against a fresh solve of the same clauses and
//! assumptions by the [`reference`](mod@crate::reference) solver. A model must
//! satisfy every clause added so far and every assumption. Failed
//! assumptions must be a subset of the assumptions and, with the clauses,
//! unsatisfiable on their own.
//!
//! A trace is written one step per line (the `.trace` files of `cnf/regress/`):
//!
//! ```text
//! c options: algorithm=cdcl heuristic=vsids pure=1 restart=glucose reduce=1 proof=none
//! a 1 -2 0        add the clause (1 ∨ ¬2)
//! s -1 0          solve assuming ¬1
//! S 2 -1 0        solve scoped (`solve_scoped`) assuming 2 and ¬1
//! o algorithm=dpll   switch options before the next solve
//! f               forget every learnt clause (`forget_learnts`)
//! ```

mod random;
mod shrink;
#[cfg(test)]
mod tests;
mod text;

use std::panic::{catch_unwind, AssertUnwindSafe};

use satoku_formula::{Cnf, Lit};
use satoku_solver::{SolveResult, Solver};

use crate::check::{panic_message, Finding, FindingKind, TIME_LIMIT};
use crate::options::Options;
use crate::reference;

pub use shrink::shrink_trace;

/// One API call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `add_clause`.
    Add(Vec<Lit>),
    /// `solve_with_assumptions`, then the model or `failed_assumptions`.
    Solve(Vec<Lit>),
    /// `solve_scoped`, checked the same way (its learnt clauses must not
    /// change any later answer).
    SolveScoped(Vec<Lit>),
    /// `config_mut` between solves.
    Options(Options),
    /// `forget_learnts`: no later answer may change.
    Forget,
}

/// A sequence of API calls on one solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The options the solver is created with (never with a proof).
    pub options: Options,
    /// The calls, in order.
    pub steps: Vec<Step>,
}

/// Counts of what a trace did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceStats {
    /// `solve` calls.
    pub num_solves: u64,
    /// Of which SAT.
    pub num_sat: u64,
    /// Failed-assumption sets checked.
    pub num_failed_checked: u64,
    /// `forget_learnts` calls.
    pub num_forgets: u64,
    /// Learnt clauses they deleted.
    pub num_forgotten: u64,
    /// Periodic learnt-clause reductions (`reduce_db`), to show whether a
    /// forget ever follows one.
    pub num_reductions: u64,
}

impl Trace {
    /// Runs the trace, checking every answer. Panics are caught.
    pub fn run(&self) -> Result<TraceStats, Finding> {
        catch_unwind(AssertUnwindSafe(|| self.run_unguarded())).unwrap_or_else(|payload| {
            Err(Finding::new(
                FindingKind::Panic,
                panic_message(payload.as_ref()),
            ))
        })
    }

    fn run_unguarded(&self) -> Result<TraceStats, Finding> {
        let config = |o: &Options| {
            let mut c = o.config();
            c.time_limit = Some(TIME_LIMIT);
            c
        };
        let mut solver = Solver::new(config(&self.options));
        let mut clauses = Cnf::new();
        let mut stats = TraceStats::default();
        for (i, step) in self.steps.iter().enumerate() {
            let at = |what: String| format!("step {}: {what}", i + 1);
            match step {
                Step::Add(lits) => {
                    solver.add_clause(lits);
                    clauses.add_clause(lits);
                }
                Step::Options(o) => *solver.config_mut() = config(o),
                Step::Forget => {
                    let before = solver.stats().deleted_clauses;
                    solver.forget_learnts();
                    stats.num_forgets += 1;
                    stats.num_forgotten += solver.stats().deleted_clauses - before;
                }
                Step::Solve(assumptions) | Step::SolveScoped(assumptions) => {
                    stats.num_solves += 1;
                    let result = if matches!(step, Step::SolveScoped(_)) {
                        solver.solve_scoped(assumptions)
                    } else {
                        solver.solve_with_assumptions(assumptions)
                    };
                    let expected = reference::solve(&clauses, assumptions);
                    match result {
                        SolveResult::Sat(model) => {
                            stats.num_sat += 1;
                            if let Some(c) = model.first_falsified(&clauses) {
                                let detail = at(format!("model falsifies clause {}", c + 1));
                                return Err(Finding::new(FindingKind::BadModel, detail));
                            }
                            if let Some(a) = assumptions.iter().find(|&&a| !model.lit_value(a)) {
                                let detail = at(format!("model falsifies assumption {a}"));
                                return Err(Finding::new(FindingKind::BadModel, detail));
                            }
                            if expected == Some(false) {
                                let detail = at("SAT, reference says UNSAT".into());
                                return Err(Finding::new(FindingKind::Disagreement, detail));
                            }
                        }
                        SolveResult::Unsat => {
                            if expected == Some(true) {
                                let detail = at("UNSAT, reference says SAT".into());
                                return Err(Finding::new(FindingKind::Disagreement, detail));
                            }
                            check_failed(&clauses, assumptions, solver.failed_assumptions())
                                .map_err(|f| Finding::new(f.kind, at(f.detail)))?;
                            stats.num_failed_checked += 1;
                        }
                        SolveResult::Unknown => {
                            let detail = at("unknown within the time limit".into());
                            return Err(Finding::new(FindingKind::Unknown, detail));
                        }
                    }
                }
            }
        }
        stats.num_reductions = solver.stats().reductions;
        Ok(stats)
    }
}

/// Failed assumptions must be assumptions, and unsatisfiable with the clauses.
fn check_failed(clauses: &Cnf, assumptions: &[Lit], failed: &[Lit]) -> Result<(), Finding> {
    if let Some(f) = failed.iter().find(|f| !assumptions.contains(f)) {
        let detail = format!("failed assumption {f} is not an assumption");
        return Err(Finding::new(FindingKind::FailedNotSubset, detail));
    }
    if reference::solve(clauses, failed) == Some(true) {
        let failed: Vec<i64> = failed.iter().map(|l| l.to_dimacs()).collect();
        let detail = format!("failed assumptions {failed:?} are satisfiable with the clauses");
        return Err(Finding::new(FindingKind::FailedSatisfiable, detail));
    }
    Ok(())
}
