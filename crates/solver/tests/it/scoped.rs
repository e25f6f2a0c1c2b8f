//! `Solver::solve_scoped` against plain solving: random 3-SAT near the
//! threshold, many assumptions per query (so the search runs well above the
//! scope floor), queries interleaved with clause additions and plain calls.
//! Every answer must match a reference solver's, every model must satisfy
//! the formula and the assumptions, and nothing a scoped call learnt may
//! outlive it: a later call without assumptions must still answer for the
//! clauses alone (a scoped UNSAT must never make the solver UNSAT for good).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit};
use satoku_gen::random_ksat;
use satoku_solver::{RestartPolicy, SolveResult, Solver, SolverConfig};

use crate::support::oracle::check_answer;
use crate::support::random_lits;

fn random_config(rng: &mut ChaCha8Rng) -> SolverConfig {
    let restarts = [
        RestartPolicy::Modes,
        RestartPolicy::Glucose,
        RestartPolicy::Luby,
        RestartPolicy::Never,
    ];
    SolverConfig {
        initial_phase: rng.gen(),
        phase_saving: rng.gen(),
        restart: restarts[rng.gen_range(0..restarts.len())],
        reduce: rng.gen(),
        var_decay: [0.8, 0.9, 0.95][rng.gen_range(0..3)],
        shrink: rng.gen(),
        ..SolverConfig::default()
    }
}

/// The reference: a fresh solver on the same clauses, plain assumptions.
fn reference(cnf: &Cnf, assumptions: &[Lit]) -> bool {
    let mut solver = Solver::from_cnf(cnf, SolverConfig::default());
    matches!(
        solver.solve_with_assumptions(assumptions),
        SolveResult::Sat(_)
    )
}

#[test]
fn scoped_queries_agree_with_a_reference_and_leave_nothing_behind() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_201);
    let (mut sat, mut unsat, mut conflicts) = (0, 0, 0u64);
    for case in 0..300 {
        let vars = rng.gen_range(60..=120);
        let clauses = (vars as f64 * rng.gen_range(4.0..4.4)).round() as usize;
        let full = random_ksat(vars, clauses, 3, rng.gen());
        let all: Vec<&[Lit]> = full.clauses().collect();
        // Start from most of the formula; the rest arrives between queries.
        let start = all.len() * 3 / 4;
        let mut cnf = Cnf::new();
        cnf.ensure_vars(full.num_vars());
        let mut solver = Solver::new(random_config(&mut rng));
        solver.ensure_vars(full.num_vars());
        for clause in &all[..start] {
            cnf.add_clause(clause);
            solver.add_clause(clause);
        }
        let mut next = start;
        for round in 0..8 {
            let count = rng.gen_range(0..=vars / 8);
            let assumptions = random_lits(&mut rng, vars, count);
            let expected = reference(&cnf, &assumptions);
            let what = format!("case {case} round {round} ({vars} vars)");
            let before = solver.stats().conflicts;
            let result = if rng.gen_bool(0.75) {
                solver.solve_scoped(&assumptions)
            } else {
                solver.solve_with_assumptions(&assumptions)
            };
            conflicts += solver.stats().conflicts - before;
            check_answer(&cnf, &assumptions, &result, expected, &what);
            if result == SolveResult::Unsat {
                unsat += 1;
                let failed = solver.failed_assumptions().to_vec();
                assert!(
                    failed.iter().all(|f| assumptions.contains(f)),
                    "{what}: failed {failed:?} not assumed"
                );
                assert!(!reference(&cnf, &failed), "{what}: failed set satisfiable");
            } else {
                sat += 1;
            }
            // The clauses alone, right after: nothing scoped may linger.
            let alone = solver.solve();
            check_answer(&cnf, &[], &alone, reference(&cnf, &[]), &what);
            for clause in all.iter().skip(next).take(rng.gen_range(0..=3)) {
                cnf.add_clause(clause);
                solver.add_clause(clause);
                next += 1;
            }
        }
    }
    // The cases must exercise both answers and a real search.
    assert!(sat > 300 && unsat > 300, "sat {sat}, unsat {unsat}");
    assert!(conflicts > 10_000, "only {conflicts} conflicts");
}

#[test]
fn assumptions_that_conflict_in_a_scoped_call_fail_that_call_only() {
    // x1 -> x2 -> ... -> x30 -> !x1, each implication padded with x31: the
    // query {x1, !x31} fails while its assumptions are propagated, and the
    // formula stays satisfiable, with x1 too.
    let mut cnf = Cnf::new();
    for i in 1..30i64 {
        cnf.add_clause(&[
            Lit::from_dimacs(-i),
            Lit::from_dimacs(i + 1),
            Lit::from_dimacs(31),
        ]);
    }
    cnf.add_clause(&[
        Lit::from_dimacs(-30),
        Lit::from_dimacs(-1),
        Lit::from_dimacs(31),
    ]);
    let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
    let query = [Lit::from_dimacs(1), Lit::from_dimacs(-31)];
    assert_eq!(solver.solve_scoped(&query), SolveResult::Unsat);
    assert_eq!(solver.failed_assumptions(), &query);
    assert!(matches!(
        solver.solve_with_assumptions(&[Lit::from_dimacs(1)]),
        SolveResult::Sat(_)
    ));
    assert!(matches!(solver.solve(), SolveResult::Sat(_)));
}
