//! Random traces: a start (a small formula, a random 3-SAT formula, or a
//! pigeonhole formula behind selector literals), then random steps.

use std::ops::Range;

use rand::Rng;
use satoku_formula::{Lit, Var};
use satoku_solver::Algorithm;

use super::{Step, Trace};
use crate::options::Options;

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
/// `42 + p`. Refuting it under every selector costs 500..800 conflicts
/// (without reason-side bumping; about 480 with it), so a few refutations
/// with forgets between reach the first learnt-clause reduction (at 2000
/// conflicts), which no other trace does: a forget then
/// finds reduced clauses, dead but not yet collected, among the learnts.
/// The reference still refutes it in milliseconds (PHP(8, 7) is over its
/// budget). Returns the steps and the selectors.
pub(super) fn pigeon_start() -> (Vec<Step>, Vec<Lit>) {
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
}
