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

use std::fmt::Write as _;
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::Rng;
use satoku_formula::{Cnf, Lit, Var};
use satoku_solver::{Algorithm, SolveResult, Solver};

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

fn random_options(rng: &mut impl Rng) -> Options {
    Options {
        proof: None,
        ..Options::random(rng)
    }
}

fn random_lits(rng: &mut impl Rng, vars: Range<u32>, len: usize) -> Vec<Lit> {
    (0..len)
        .map(|_| Lit::new(Var::new(rng.gen_range(vars.clone())), rng.gen()))
        .collect()
}

/// 3.5..=4.5 random 3-clauses a variable, near the satisfiability
/// threshold: the small traces hardly ever conflict, so they leave almost
/// no learnt clauses for `f` to forget; these do.
fn dense_start(rng: &mut impl Rng, vars: u32) -> Vec<Step> {
    let clauses = vars * rng.gen_range(35..=45) / 10;
    (0..clauses)
        .map(|_| Step::Add(random_lits(rng, 0..vars, 3)))
        .collect()
}

/// Holes of [`pigeon_start`]'s formula.
const HOLES: u32 = 6;

/// PHP(7, 6) with pigeon `p`'s clause switched on by selector variable
/// `42 + p`. Refuting it under every selector costs 500..800 conflicts, so
/// a few refutations with forgets between reach the first learnt-clause
/// reduction (at 2000 conflicts), which no other trace does: a forget then
/// finds reduced clauses, dead but not yet collected, among the learnts.
/// The reference still refutes it in milliseconds (PHP(8, 7) is over its
/// budget). Returns the steps and the selectors.
fn pigeon_start() -> (Vec<Step>, Vec<Lit>) {
    let pigeons = HOLES + 1;
    let at = |p: u32, h: u32| Var::new(p * HOLES + h).positive();
    let selectors: Vec<Lit> = (0..pigeons)
        .map(|p| Var::new(pigeons * HOLES + p).positive())
        .collect();
    let mut steps = Vec::new();
    for p in 0..pigeons {
        let mut clause = vec![!selectors[p as usize]];
        clause.extend((0..HOLES).map(|h| at(p, h)));
        steps.push(Step::Add(clause));
    }
    for h in 0..HOLES {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                steps.push(Step::Add(vec![!at(p, h), !at(q, h)]));
            }
        }
    }
    (steps, selectors)
}

/// What the random steps of a trace draw from.
struct Shape {
    /// Variables of random clauses and assumptions.
    vars: Range<u32>,
    /// Assumed (all of them, before the random assumptions) by three
    /// solves in four, each followed by a forget three times in four.
    selectors: Vec<Lit>,
}

/// A random trace's first steps and the shape of the rest.
fn random_start(rng: &mut impl Rng) -> (Vec<Step>, Shape) {
    let shape = |vars: u32| Shape {
        vars: 0..vars,
        selectors: Vec::new(),
    };
    match rng.gen_range(0..400) {
        0 => {
            let (steps, selectors) = pigeon_start();
            // Random clauses and assumptions on the pigeonhole's variables
            // (a negated selector, a pigeon in a hole) mostly make refuting
            // it trivial: they go on 12 variables of their own.
            let vars = (HOLES + 1) * (HOLES + 1);
            let shape = Shape {
                vars: vars..vars + 12,
                selectors,
            };
            (steps, shape)
        }
        1..=100 => {
            let vars = rng.gen_range(20..=50);
            (dense_start(rng, vars), shape(vars))
        }
        _ => (Vec::new(), shape(rng.gen_range(3..=12))),
    }
}

fn random_step(rng: &mut impl Rng, shape: &Shape) -> Step {
    match rng.gen_range(0..100) {
        0 => Step::Add(Vec::new()),
        1..=60 => {
            let len = rng.gen_range(1..=4);
            Step::Add(random_lits(rng, shape.vars.clone(), len))
        }
        61..=90 => {
            let len = rng.gen_range(0..=4);
            let mut assumptions = random_lits(rng, shape.vars.clone(), len);
            if !shape.selectors.is_empty() && rng.gen_ratio(3, 4) {
                assumptions.splice(0..0, shape.selectors.iter().copied());
            }
            if rng.gen_ratio(1, 4) {
                Step::SolveScoped(assumptions)
            } else {
                Step::Solve(assumptions)
            }
        }
        // Rare enough that learnt clauses pile up in between; lands both
        // after a solve (learnts at the tail of the arena, cut back) and
        // after adds (originals behind them: no cut).
        91..=94 => Step::Forget,
        _ => Step::Options(random_options(rng)),
    }
}

impl Trace {
    /// A random trace: 5..=60 random steps over 3..=12 variables; one in
    /// four starts with a random 3-SAT formula over 20..=50 variables
    /// (`dense_start`) instead, one in 400 with a pigeonhole formula
    /// (`pigeon_start`).
    pub fn random(rng: &mut impl Rng) -> Trace {
        let (mut steps, shape) = random_start(rng);
        let selectors = &shape.selectors;
        for _ in 0..rng.gen_range(5..=60) {
            let step = random_step(rng, &shape);
            let refutes = !selectors.is_empty()
                && matches!(&step, Step::Solve(a) | Step::SolveScoped(a) if a.starts_with(selectors));
            steps.push(step);
            // The next refutation then starts over: conflicts pile up.
            if refutes && rng.gen_ratio(3, 4) {
                steps.push(Step::Forget);
            }
        }
        steps.push(Step::Solve(Vec::new()));
        let mut options = random_options(rng);
        if !selectors.is_empty() {
            // Else no reduction can come (until an `o` step switches).
            options.algorithm = Algorithm::Cdcl;
            options.reduce = true;
        }
        Trace { options, steps }
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
                Step::SolveScoped(l) => out += &format!("S {}\n", lits(l)),
                Step::Options(o) => out += &format!("o {o}\n"),
                Step::Forget => out += "f\n",
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
            } else if line == "f" {
                trace.steps.push(Step::Forget);
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
            } else if let Some(rest) = line.strip_prefix("S ") {
                trace
                    .steps
                    .push(Step::SolveScoped(parse_lits(rest).map_err(err)?));
            } else {
                return Err(err(format!("unknown step `{line}`")));
            }
        }
        Ok(trace)
    }
}

/// Largest variable a trace file may name (generated traces use at most 50).
const MAX_TRACE_VAR: u64 = 1 << 20;

fn parse_lits(text: &str) -> Result<Vec<Lit>, String> {
    let mut lits = Vec::new();
    for word in text.split_whitespace() {
        let n: i64 = word.parse().map_err(|_| format!("bad literal `{word}`"))?;
        if n.unsigned_abs() > MAX_TRACE_VAR {
            // The solver allocates per variable index: a stray huge number in
            // a trace file must not cost gigabytes.
            return Err(format!(
                "literal `{word}` is beyond the {MAX_TRACE_VAR} variables a trace may use"
            ));
        }
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

/// Shrinks a failing trace: options (the initial ones and those of `o`
/// steps) to defaults, steps dropped, literals dropped, keeping the same
/// [`FindingKind`].
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
        simplify_options(best.0.options, |simpler| {
            let t = Trace {
                options: simpler,
                ..best.0.clone()
            };
            try_trace(&t, &mut best)
        });
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
            if let Step::Options(o) = best.0.steps[i] {
                simplify_options(o, |simpler| {
                    let mut t = best.0.clone();
                    t.steps[i] = Step::Options(simpler);
                    try_trace(&t, &mut best)
                });
            }
        }
        for i in 0..best.0.steps.len() {
            let mut j = 0;
            while j < step_len(&best.0.steps[i]) {
                let mut t = best.0.clone();
                if let Step::Add(l) | Step::Solve(l) | Step::SolveScoped(l) = &mut t.steps[i] {
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

/// Sets options back to their defaults one at a time while `still_fails`.
/// Each move starts from the last one kept, so none undoes another.
fn simplify_options(mut o: Options, mut still_fails: impl FnMut(Options) -> bool) -> Options {
    'moves: loop {
        for simpler in o.simpler() {
            if still_fails(simpler) {
                o = simpler;
                continue 'moves;
            }
        }
        return o;
    }
}

fn step_len(step: &Step) -> usize {
    match step {
        Step::Add(l) | Step::Solve(l) | Step::SolveScoped(l) => l.len(),
        Step::Options(_) | Step::Forget => 0,
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
        let (mut forgotten, mut phases) = (0, std::collections::BTreeSet::new());
        for _ in 0..200 {
            let t = Trace::random(&mut rng);
            assert_eq!(Trace::parse(&t.to_text()).as_ref(), Ok(&t));
            forgotten += t.run().unwrap().num_forgotten;
            phases.insert(t.options.phase);
            for step in &t.steps {
                if let Step::Options(o) = step {
                    phases.insert(o.phase);
                }
            }
        }
        // The new code paths are reached: learnt clauses really deleted,
        // every VSIDS phase setting drawn.
        assert!(forgotten > 0);
        assert_eq!(phases.len(), 4);
    }

    #[test]
    fn every_step_is_read_and_written() {
        let text = "c options: algorithm=cdcl heuristic=vsids pure=1 restart=luby reduce=0 \
                    phase=true proof=none\n\
                    a 1 -2 0\n\
                    a 0\n\
                    s -1 0\n\
                    f\n\
                    o algorithm=dpll heuristic=dlis pure=0 restart=modes reduce=1 \
                    phase=saved proof=none\n\
                    s 0\n\
                    S 2 -1 0\n";
        let t = Trace::parse(text).unwrap();
        let l = Lit::from_dimacs;
        assert_eq!(t.options.phase, (true, false));
        assert_eq!(t.steps[0], Step::Add(vec![l(1), l(-2)]));
        assert_eq!(t.steps[1], Step::Add(Vec::new()));
        assert_eq!(t.steps[2], Step::Solve(vec![l(-1)]));
        assert_eq!(t.steps[3], Step::Forget);
        assert!(matches!(t.steps[4], Step::Options(_)));
        assert_eq!(t.steps[5], Step::Solve(Vec::new()));
        assert_eq!(t.steps[6], Step::SolveScoped(vec![l(2), l(-1)]));
        assert_eq!(Trace::parse(&t.to_text()), Ok(t));
        // Files written before `f` existed read as before; unknown steps fail.
        assert!(Trace::parse("a 1 0\ns 0\n").is_ok());
        assert!(Trace::parse("f 1\n").is_err());
        assert!(Trace::parse("x\n").is_err());
    }

    #[test]
    fn forgetting_learnt_clauses_changes_no_answer() {
        // PHP(4, 3), pigeon p switched on by assuming 13 + p: refuting it
        // needs conflicts, and the clauses learnt hold several selectors,
        // so they stay in the database (one selector would be refuted as a
        // root unit). Without the selectors it is SAT. The same queries
        // again after forgetting, and after adding a clause behind the
        // learnts (the arena cannot be cut back then).
        let mut text = String::from("c options: algorithm=cdcl heuristic=vsids\n");
        let var = |p: usize, h: usize| p * 3 + h + 1;
        for p in 0..4 {
            let (a, b, c) = (var(p, 0), var(p, 1), var(p, 2));
            text += &format!("a -{} {a} {b} {c} 0\n", 13 + p);
        }
        for h in 0..3 {
            for p in 0..4 {
                for q in p + 1..4 {
                    text += &format!("a -{} -{} 0\n", var(p, h), var(q, h));
                }
            }
        }
        let all = "13 14 15 16";
        text += &format!("s {all} 0\nf\ns 0\nf\nf\ns {all} 0\na 17 -18 0\nf\ns {all} 0\ns 0\n");
        let stats = Trace::parse(&text).unwrap().run().unwrap();
        assert_eq!((stats.num_solves, stats.num_sat), (5, 2));
        assert_eq!(stats.num_forgets, 4);
        assert!(stats.num_forgotten > 0);
    }

    #[test]
    fn pigeon_traces_forget_after_a_reduction() {
        let (mut steps, selectors) = pigeon_start();
        for _ in 0..4 {
            steps.push(Step::Solve(selectors.clone()));
            steps.push(Step::Forget);
        }
        steps.push(Step::Solve(selectors[1..].to_vec()));
        let options = Options::default();
        let stats = Trace { options, steps }.run().unwrap();
        assert_eq!((stats.num_solves, stats.num_sat), (5, 1));
        assert!(stats.num_reductions > 0, "{stats:?}");
        assert!(stats.num_forgotten > 0);
    }

    #[test]
    fn huge_variables_in_a_trace_file_are_refused() {
        let err = Trace::parse("a 2147483647 0\ns 0\n").unwrap_err();
        assert!(err.contains("beyond"), "{err}");
        assert!(Trace::parse("a 1048576 -3 0\nf\ns 0\n").is_ok());
    }

    #[test]
    fn options_are_simplified_one_move_at_a_time() {
        let o = Options::parse("algorithm=dpll heuristic=moms pure=0 phase=false").unwrap();
        let kept = simplify_options(o, |s| s.heuristic == o.heuristic);
        let want = Options {
            heuristic: o.heuristic,
            ..Options::default()
        };
        assert_eq!(kept, want);
        assert_eq!(simplify_options(o, |_| false), o);
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
