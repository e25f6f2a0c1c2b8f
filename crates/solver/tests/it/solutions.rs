//! `Solver::solutions` against brute-force model counting on small random
//! formulas: every model, models projected onto a few variables, models
//! under assumptions, each with plain and scoped searches, and with a
//! caller-built blocking clause. After an enumeration under assumptions the
//! solver must answer for its clauses as before. Seeded, so a failure names
//! a reproducible case.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Model, Var};
use satoku_solver::{Solver, SolverConfig, Unknown};

use crate::support::random::random_cnf;

/// A random formula over 1..=8 variables with clauses of 1..=4 literals.
fn random_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let num_vars = rng.gen_range(1..=8);
    let num_clauses = rng.gen_range(0..=3 * num_vars);
    random_cnf(
        rng,
        num_vars,
        num_clauses,
        &[(1, 1), (2, 1), (3, 1), (4, 1)],
    )
}

/// Every total assignment of `cnf`'s variables satisfying it and `assumptions`.
fn brute_force_models(cnf: &Cnf, assumptions: &[Lit]) -> Vec<Model> {
    let n = cnf.num_vars();
    (0..1u32 << n)
        .map(|bits| Model::new((0..n).map(|v| bits >> v & 1 == 1).collect()))
        .filter(|m| m.satisfies(cnf) && assumptions.iter().all(|&a| m.lit_value(a)))
        .collect()
}

/// The values of `vars` under `model`.
fn project(model: &Model, vars: &[Var]) -> Vec<bool> {
    vars.iter().map(|&v| model.value(v)).collect()
}

/// A solver holding `cnf` with every declared variable.
fn load(cnf: &Cnf) -> Solver {
    let mut solver = Solver::new(SolverConfig::default());
    solver.ensure_vars(cnf.num_vars());
    solver.add_cnf(cnf);
    solver
}

/// Enumerates with the given options; checks each model against `cnf` and
/// `assumptions` and that no projection repeats; returns the projections.
fn enumerate(
    solver: &mut Solver,
    cnf: &Cnf,
    assumptions: &[Lit],
    vars: &[Var],
    (scoped, guarded): (bool, bool),
    what: &str,
) -> HashSet<Vec<bool>> {
    let mut seen = HashSet::new();
    let before = solver.num_vars();
    let mut solutions = solver
        .solutions()
        .assuming(assumptions)
        .project(vars.iter().copied());
    if scoped {
        solutions = solutions.scoped();
    }
    if guarded {
        solutions = solutions.guarded();
    }
    for model in solutions {
        let model = model.unwrap_or_else(|Unknown| panic!("{what}: unknown without limits"));
        assert!(model.satisfies(cnf), "{what}: bad model");
        assert!(
            assumptions.iter().all(|&a| model.lit_value(a)),
            "{what}: assumption false"
        );
        assert_eq!(
            model.num_vars(),
            before,
            "{what}: activation variable shown"
        );
        assert!(
            seen.insert(project(&model, vars)),
            "{what}: projection repeated"
        );
    }
    seen
}

#[test]
fn enumeration_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    for case in 0..400 {
        let cnf = random_formula(&mut rng);
        let n = cnf.num_vars();
        let all: Vec<Var> = (0..n as u32).map(Var::new).collect();
        let some: Vec<Var> = all.iter().copied().filter(|_| rng.gen_bool(0.5)).collect();
        let assumptions: Vec<Lit> = (0..rng.gen_range(0..=2))
            .map(|_| Var::new(rng.gen_range(0..n as u32)).lit(rng.gen()))
            .collect();
        let scoped = rng.gen_bool(0.5);
        let guarded = rng.gen_bool(0.5);
        for (vars, assumed) in [
            (&all, &[][..]),
            (&some, &[][..]),
            (&all, &assumptions[..]),
            (&some, &assumptions[..]),
        ] {
            let what = format!(
                "case {case}, projection {vars:?}, assumptions {assumed:?}, \
                 scoped {scoped}, guarded {guarded}"
            );
            let expected: HashSet<Vec<bool>> = brute_force_models(&cnf, assumed)
                .iter()
                .map(|m| project(m, vars))
                .collect();
            let mut solver = load(&cnf);
            let got = enumerate(&mut solver, &cnf, assumed, vars, (scoped, guarded), &what);
            assert_eq!(got, expected, "{what}");
            if guarded || !assumed.is_empty() {
                // The guarded blocking clauses are off: every model is back.
                let again = enumerate(&mut solver, &cnf, &[], &all, (false, false), &what);
                assert_eq!(
                    again.len(),
                    brute_force_models(&cnf, &[]).len(),
                    "{what}: solver not reusable"
                );
            }
        }
    }
}

#[test]
fn a_caller_built_blocking_clause_is_used() {
    // x1 | x2 | x3, blocking on the true literals only: each model found is
    // followed by models with fewer true variables, never a superset.
    let mut solver = Solver::new(SolverConfig::default());
    solver.add_clause(&[1, 2, 3]);
    let models: Vec<Model> = solver
        .solutions()
        .assuming(&[Lit::from_dimacs(3)])
        .block_with(|model, out| out.extend(model.lits().filter(|l| l.is_positive()).map(|l| !l)))
        .map(|m| m.unwrap())
        .collect();
    assert!(!models.is_empty() && models.iter().all(|m| m.value(Var::new(2))));
    for (i, later) in models.iter().enumerate() {
        for earlier in &models[..i] {
            let superset = earlier
                .lits()
                .filter(|l| l.is_positive())
                .all(|l| later.lit_value(l));
            assert!(!superset, "{earlier:?} then {later:?}");
        }
    }
    assert_eq!(solver.solutions().count(), 7);
}

#[test]
fn a_limit_is_unknown_not_the_end() {
    let mut solver = Solver::new(SolverConfig {
        decision_limit: Some(0),
        ..SolverConfig::default()
    });
    solver.add_clause(&[1, 2]);
    let mut solutions = solver.solutions();
    assert_eq!(solutions.next(), Some(Err(Unknown)));
    assert_eq!(solutions.next(), None);
}

#[test]
fn an_empty_blocking_clause_ends_the_enumeration() {
    let mut solver = Solver::new(SolverConfig::default());
    solver.add_clause(&[1, 2]);
    assert_eq!(solver.solutions().project([]).count(), 1);
    assert_eq!(solver.solutions().count(), 3);
}
