//! Subsumption, strengthening and bounded variable elimination against
//! brute force on thousands of small formulas dense enough for every
//! technique to fire (each on and off), and incrementally: assumptions and
//! clauses that name eliminated variables, compared with a fresh solver.
//! Proofs of the UNSAT answers are checked in
//! `crates/guide/tests/it/elim_proofs.rs`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Var};
use satoku_solver::{Algorithm, SolveResult, Solver, SolverConfig, Stats};

use crate::support::sweep::{elim_config, ELIMINATE, SUBSUME};
use crate::support::{check_against_brute_force, on_and_off, Sweep};

/// A formula over few variables with many short clauses, some of them
/// supersets of others (subsumed) or supersets with one literal flipped
/// (strengthened).
fn dense_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let num_vars = rng.gen_range(4..=12usize);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(num_vars);
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    for _ in 0..rng.gen_range(num_vars..=5 * num_vars) {
        let clause = match clauses.len() {
            n if n > 0 && rng.gen_ratio(1, 4) => {
                let mut c = clauses[rng.gen_range(0..n)].clone();
                c.push(random_lit(rng, num_vars));
                if rng.gen_bool(0.5) {
                    c[0] = !c[0];
                }
                c
            }
            _ => {
                // Units are rare: they would decide most formulas at once.
                let len = if rng.gen_ratio(1, 20) {
                    1
                } else {
                    rng.gen_range(2..=4)
                };
                (0..len).map(|_| random_lit(rng, num_vars)).collect()
            }
        };
        cnf.add_clause(&clause);
        clauses.push(clause);
    }
    cnf
}

fn random_lit(rng: &mut ChaCha8Rng, num_vars: usize) -> Lit {
    let v = Var::new(rng.gen_range(0..num_vars as u32));
    v.lit(rng.gen_bool(0.5))
}

/// Subsumption and elimination off, the elimination trial on (the
/// default): one round of both when a dry run removes half the variables.
fn trial() -> SolverConfig {
    SolverConfig {
        elim_trial: true,
        ..elim_config(false, false)
    }
}

fn add_stats(total: &mut Stats, s: &Stats) {
    total.elim_rounds += s.elim_rounds;
    total.subsumed_clauses += s.subsumed_clauses;
    total.strengthened_clauses += s.strengthened_clauses;
    total.eliminated_vars += s.eliminated_vars;
    total.resolvents += s.resolvents;
}

#[test]
fn answers_agree_with_brute_force_with_each_technique_on_and_off() {
    // Neither, subsumption alone, elimination alone, both; the trial.
    let mut configs = on_and_off(&elim_config(false, false), &[SUBSUME, ELIMINATE]);
    configs.push(trial());
    let mut totals = [(); 5].map(|_| Stats::default());
    let sweep = Sweep::new(0xe11e, 3000, configs);
    let answers = sweep.run(dense_formula, |run| {
        add_stats(&mut totals[run.config], run.stats)
    });
    assert!(
        answers[0] > 200 && answers[1] > 200,
        "unsat/sat {answers:?}"
    );
    let [neither, subsume_only, elim_only, both, tried] = totals;
    assert!(
        both.eliminated_vars > 3000 && both.subsumed_clauses > 1000,
        "{both:?}"
    );
    assert!(
        both.strengthened_clauses > 1000 && both.resolvents > 1000,
        "{both:?}"
    );
    assert!(subsume_only.subsumed_clauses > 1000 && subsume_only.eliminated_vars == 0);
    assert!(elim_only.eliminated_vars > 3000 && elim_only.subsumed_clauses == 0);
    assert_eq!((neither.elim_rounds, neither.eliminated_vars), (0, 0));
    // The trial keeps its round on some formulas and not on others; its
    // round waits for the first conflict, and many of these small
    // formulas are decided before the search comes back to the root.
    assert!(
        tried.elim_rounds > 100 && tried.elim_rounds < 2500,
        "{tried:?}"
    );
    assert!(
        tried.eliminated_vars > 300 && tried.subsumed_clauses > 100,
        "{tried:?}"
    );
}

#[test]
fn assumptions_and_clauses_naming_eliminated_variables_agree_with_a_fresh_solver() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut eliminated_then_named = 0;
    for case in 0..1500 {
        let mut cnf = dense_formula(&mut rng);
        let n = cnf.num_vars();
        let first = if case % 2 == 0 {
            elim_config(true, true)
        } else {
            trial()
        };
        let mut solver = Solver::from_cnf(&cnf, first);
        check_against_brute_force(&cnf, &[], &solver.solve(), &format!("case {case} first"));
        let had_eliminated = solver.stats().eliminated_vars > 0;
        for round in 0..3 {
            let assumptions: Vec<Lit> = (0..rng.gen_range(1..=3))
                .map(|_| random_lit(&mut rng, n))
                .collect();
            let what = format!("case {case} round {round} assuming {assumptions:?}");
            check_against_brute_force(
                &cnf,
                &assumptions,
                &solver.solve_with_assumptions(&assumptions),
                &what,
            );
            let clause: Vec<Lit> = (0..rng.gen_range(1..=3))
                .map(|_| random_lit(&mut rng, n))
                .collect();
            solver.add_clause(&clause);
            cnf.add_clause(&clause);
            let result = solver.solve();
            let fresh = Solver::from_cnf(&cnf, elim_config(false, false)).solve();
            assert_eq!(
                matches!(result, SolveResult::Sat(_)),
                matches!(fresh, SolveResult::Sat(_)),
                "{what}, then {clause:?}"
            );
            check_against_brute_force(&cnf, &[], &result, &format!("{what}, then {clause:?}"));
        }
        eliminated_then_named += usize::from(had_eliminated);
    }
    assert!(eliminated_then_named > 300, "{eliminated_then_named}");
}

#[test]
fn frozen_variables_are_never_eliminated() {
    // Each of 1..=3 occurs once each way: all three are eliminable.
    let clauses: [&[i32]; 4] = [&[1, 2], &[-1, 3], &[-2, 4], &[-3, -4]];
    // Probing alone would decide this formula at the root.
    let config = SolverConfig {
        probe: false,
        substitute: false,
        ..elim_config(true, true)
    };
    let mut free = Solver::new(config.clone());
    let mut frozen = Solver::new(config);
    for c in clauses {
        free.add_clause(c);
        frozen.add_clause(c);
    }
    for v in 0..4 {
        frozen.freeze(Var::new(v));
    }
    assert!(matches!(free.solve(), SolveResult::Sat(_)));
    assert!(matches!(frozen.solve(), SolveResult::Sat(_)));
    assert!(free.stats().eliminated_vars > 0);
    assert_eq!(frozen.stats().eliminated_vars, 0);
    assert!(
        frozen.stats().elim_rounds > 0,
        "the round ran, and kept them"
    );
}

#[test]
fn dpll_never_runs_inprocessing() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..200 {
        let cnf = dense_formula(&mut rng);
        let mut solver = Solver::from_cnf(
            &cnf,
            SolverConfig {
                algorithm: Algorithm::Dpll,
                ..elim_config(true, true)
            },
        );
        check_against_brute_force(&cnf, &[], &solver.solve(), "dpll");
        assert_eq!(solver.stats().elim_rounds, 0);
    }
}

#[test]
fn scoped_calls_skip_inprocessing() {
    let mut solver = Solver::new(elim_config(true, true));
    for c in [[1, 2], [-1, 3], [-2, 4], [-3, -4]] {
        solver.add_clause(&c);
    }
    assert!(matches!(
        solver.solve_scoped(&[Lit::from_dimacs(4)]),
        SolveResult::Sat(_)
    ));
    assert_eq!(solver.stats().elim_rounds, 0);
}
