//! Incremental-API traces, in the style of CaDiCaL's `mobical`: random
//! sequences of adding clauses, solving under assumptions, reading the model
//! and the failed assumptions, and switching options between solves.
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
//! o algorithm=dpll   switch options before the next solve
//! ```

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::Rng;
use satoku_formula::{Cnf, Lit, Var};
use satoku_solver::{SolveResult, Solver};

use crate::check::{panic_message, Finding, FindingKind, TIME_LIMIT};
use crate::options::Options;
use crate::reference;

/// One API call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `add_clause`.
    Add(Vec<Lit>),
    /// `solve_with_assumptions`, then the model or `failed_assumptions`.
    Solve(Vec<Lit>),
    /// `config_mut` between solves.
    Options(Options),
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
}

fn random_options(rng: &mut impl Rng) -> Options {
    Options {
        proof: None,
        ..Options::random(rng)
    }
}

fn random_lits(rng: &mut impl Rng, vars: u32, len: usize) -> Vec<Lit> {
    (0..len)
        .map(|_| Lit::new(Var::new(rng.gen_range(0..vars)), rng.gen()))
        .collect()
}

impl Trace {
    /// A random trace over 3..=12 variables, 5..=60 steps.
    pub fn random(rng: &mut impl Rng) -> Trace {
        let vars = rng.gen_range(3..=12);
        let mut steps = Vec::new();
        for _ in 0..rng.gen_range(5..=60) {
            let step = match rng.gen_range(0..100) {
                0 => Step::Add(Vec::new()),
                1..=64 => {
                    let len = rng.gen_range(1..=4);
                    Step::Add(random_lits(rng, vars, len))
                }
                65..=94 => {
                    let len = rng.gen_range(0..=4);
                    Step::Solve(random_lits(rng, vars, len))
                }
                _ => Step::Options(random_options(rng)),
            };
            steps.push(step);
        }
        steps.push(Step::Solve(Vec::new()));
        Trace {
            options: random_options(rng),
            steps,
        }
    }

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
                Step::Solve(assumptions) => {
                    stats.num_solves += 1;
                    let result = solver.solve_with_assumptions(assumptions);
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
        Ok(stats)
    }

    /// The trace in its text form.
    pub fn to_text(&self) -> String {
        let lits = |l: &[Lit]| {
            let mut s = String::new();
            for lit in l {
                let _ = write!(s, "{} ", lit.to_dimacs());
            }
            s + "0"
        };
        let mut out = format!("c options: {}\n", self.options);
        for step in &self.steps {
            match step {
                Step::Add(l) => out += &format!("a {}\n", lits(l)),
                Step::Solve(l) => out += &format!("s {}\n", lits(l)),
                Step::Options(o) => out += &format!("o {o}\n"),
            }
        }
        out
    }

    /// Reads the text form (`c` lines other than `c options:` are comments).
    pub fn parse(text: &str) -> Result<Trace, String> {
        let mut trace = Trace {
            options: Options::default(),
            steps: Vec::new(),
        };
        for (n, line) in text.lines().enumerate() {
            let err = |e: String| format!("line {}: {e}", n + 1);
            let line = line.trim();
            if let Some(o) = line.strip_prefix("c options:") {
                trace.options = Options::parse(o).map_err(err)?;
            } else if line.is_empty() || line.starts_with('c') {
                continue;
            } else if let Some(o) = line.strip_prefix("o ") {
                trace
                    .steps
                    .push(Step::Options(Options::parse(o).map_err(err)?));
            } else if let Some(rest) = line.strip_prefix("a ") {
                trace.steps.push(Step::Add(parse_lits(rest).map_err(err)?));
            } else if let Some(rest) = line.strip_prefix("s ") {
                trace
                    .steps
                    .push(Step::Solve(parse_lits(rest).map_err(err)?));
            } else {
                return Err(err(format!("unknown step `{line}`")));
            }
        }
        Ok(trace)
    }
}

fn parse_lits(text: &str) -> Result<Vec<Lit>, String> {
    let mut lits = Vec::new();
    for word in text.split_whitespace() {
        let n: i64 = word.parse().map_err(|_| format!("bad literal `{word}`"))?;
        if n == 0 {
            return Ok(lits);
        }
        lits.push(Lit::try_from_dimacs(n).ok_or_else(|| format!("bad literal `{word}`"))?);
    }
    Err("missing the closing 0".into())
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

/// Shrinks a failing trace: options to defaults, steps dropped, literals
/// dropped, keeping the same [`FindingKind`].
pub fn shrink_trace(trace: &Trace, finding: &Finding) -> (Trace, Finding) {
    let mut best = (trace.clone(), finding.clone());
    let deadline = std::time::Instant::now() + crate::shrink::SHRINK_TIME;
    let try_trace = |t: &Trace, best: &mut (Trace, Finding)| {
        if std::time::Instant::now() > deadline {
            return false;
        }
        match t.run() {
            Err(f) if f.kind == finding.kind => {
                *best = (t.clone(), f);
                true
            }
            _ => false,
        }
    };
    loop {
        let before = best.0.clone();
        for simpler in best.0.options.simpler() {
            let t = Trace {
                options: simpler,
                ..best.0.clone()
            };
            try_trace(&t, &mut best);
        }
        let options = best.0.options;
        let steps = crate::shrink::shrink_list(best.0.steps.clone(), |s| {
            try_trace(
                &Trace {
                    options,
                    steps: s.to_vec(),
                },
                &mut best,
            )
        });
        best.0.steps = steps;
        for i in 0..best.0.steps.len() {
            let mut j = 0;
            while j < step_len(&best.0.steps[i]) {
                let mut t = best.0.clone();
                if let Step::Add(l) | Step::Solve(l) = &mut t.steps[i] {
                    l.remove(j);
                }
                if !try_trace(&t, &mut best) {
                    j += 1;
                }
            }
        }
        if best.0 == before {
            return best;
        }
    }
}

fn step_len(step: &Step) -> usize {
    match step {
        Step::Add(l) | Step::Solve(l) => l.len(),
        Step::Options(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_traces_pass_and_round_trip_as_text() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..200 {
            let t = Trace::random(&mut rng);
            assert_eq!(Trace::parse(&t.to_text()).as_ref(), Ok(&t));
            t.run().unwrap();
        }
    }

    #[test]
    fn bad_failed_assumptions_are_caught() {
        let l = Lit::from_dimacs;
        let mut cnf = Cnf::new();
        cnf.add_clause(&[l(-1)]);
        assert!(check_failed(&cnf, &[l(1), l(2)], &[l(1)]).is_ok());
        let e = check_failed(&cnf, &[l(1)], &[l(3)]).unwrap_err();
        assert_eq!(e.kind, FindingKind::FailedNotSubset);
        let e = check_failed(&cnf, &[l(1), l(2)], &[l(2)]).unwrap_err();
        assert_eq!(e.kind, FindingKind::FailedSatisfiable);
    }
}
