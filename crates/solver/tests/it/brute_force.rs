//! Every algorithm, heuristic and mode against brute-force enumeration on
//! thousands of small random formulas (duplicates, tautologies and empty
//! clauses included). Seeded, so a failure names a reproducible case.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Model};
use satoku_solver::{
    Algorithm, Heuristic, RestartPolicy, SolveResult, Solver, SolverConfig, TargetPhases,
};

use crate::support::random::random_cnf;
use crate::support::{brute_force_sat, check_against_brute_force, Sweep};

/// A random formula over 1..=16 variables with clause lengths 0..=5
/// (empty clauses rare, as in real inputs: 1 in 200).
fn random_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let num_vars = rng.gen_range(1..=16);
    let num_clauses = rng.gen_range(0..=5 * num_vars + 4);
    let lengths = [(0, 5), (1, 199), (2, 199), (3, 199), (4, 199), (5, 199)];
    random_cnf(rng, num_vars, num_clauses, &lengths)
}

fn configs() -> Vec<SolverConfig> {
    let mut all = Vec::new();
    for &heuristic in &Heuristic::ALL {
        for pure_literals in [true, false] {
            all.push(SolverConfig {
                algorithm: Algorithm::Dpll,
                heuristic,
                pure_literals,
                ..SolverConfig::default()
            });
        }
        for restart in [
            RestartPolicy::Modes,
            RestartPolicy::Glucose,
            RestartPolicy::Luby,
        ] {
            // Reason-side bumping on (the default) and off; the restart
            // floor of `Modes` off too (tests/restart_floor.rs runs formulas
            // long enough for it to fire); shrinking on.
            for (bump_reasons, restart_floor, shrink) in [
                (true, true, false),
                (false, true, false),
                (true, false, false),
                (true, true, true),
            ] {
                if !restart_floor && restart != RestartPolicy::Modes {
                    continue;
                }
                all.push(SolverConfig {
                    algorithm: Algorithm::Cdcl,
                    heuristic,
                    restart,
                    bump_reasons,
                    restart_floor,
                    shrink,
                    ..SolverConfig::default()
                });
            }
        }
    }
    // Activity decays other than MiniSat's 0.95 (the sudoku SAT path runs
    // 0.9 with phase true and no phase saving).
    for var_decay in [0.8, 0.9, 1.0] {
        for algorithm in [Algorithm::Cdcl, Algorithm::Dpll] {
            all.push(SolverConfig {
                algorithm,
                heuristic: Heuristic::Vsids,
                initial_phase: true,
                phase_saving: false,
                var_decay,
                ..SolverConfig::default()
            });
        }
    }
    // Target phases, rephasing and walking on and off (tests/phases.rs
    // runs formulas large enough for rephases and walks to happen).
    for target_phases in TargetPhases::ALL {
        for (rephase, walk) in [(false, false), (true, false)] {
            all.push(SolverConfig {
                target_phases,
                rephase,
                walk,
                ..SolverConfig::default()
            });
        }
    }
    // VSIDS phases other than the default (saved, false at first).
    for (initial_phase, phase_saving) in [(true, true), (true, false), (false, false)] {
        for algorithm in [Algorithm::Cdcl, Algorithm::Dpll] {
            all.push(SolverConfig {
                algorithm,
                heuristic: Heuristic::Vsids,
                initial_phase,
                phase_saving,
                ..SolverConfig::default()
            });
        }
    }
    all
}

#[test]
fn every_config_agrees_with_brute_force() {
    let counts = Sweep::new(0x5a70_c0de, 5000, configs()).run(random_formula, |_| {});
    // The generator must give both answers often, or the test proves little.
    assert!(
        counts[0] > 1000 && counts[1] > 1000,
        "sat/unsat split {counts:?}"
    );
}

#[test]
fn assumptions_and_failed_sets_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..1500 {
        let cnf = random_formula(&mut rng);
        for config in configs().into_iter().step_by(3) {
            let mut solver = Solver::from_cnf(&cnf, config.clone());
            for round in 0..3 {
                let n = cnf.num_vars() as i64;
                let assumptions: Vec<Lit> = (0..rng.gen_range(0..=3))
                    .map(|_| {
                        Lit::from_dimacs(
                            rng.gen_range(1..=n) * if rng.gen_bool(0.5) { 1 } else { -1 },
                        )
                    })
                    .collect();
                let what = format!(
                    "case {case} round {round} {:?}/{:?} assuming {assumptions:?}",
                    config.algorithm, config.heuristic
                );
                // Scoped calls too: same answers, learnt clauses dropped.
                let result = if rng.gen_bool(0.3) {
                    solver.solve_scoped(&assumptions)
                } else {
                    solver.solve_with_assumptions(&assumptions)
                };
                check_against_brute_force(&cnf, &assumptions, &result, &what);
                if rng.gen_bool(0.5) {
                    // Answers must not depend on what was learnt before.
                    solver.forget_learnts();
                }
                if result == SolveResult::Unsat {
                    let failed = solver.failed_assumptions();
                    assert!(
                        failed.iter().all(|f| assumptions.contains(f)),
                        "{what}: failed {failed:?} not assumed"
                    );
                    assert!(
                        !brute_force_sat(&cnf, failed),
                        "{what}: failed set {failed:?} is satisfiable"
                    );
                }
            }
        }
    }
}

#[test]
fn incremental_clauses_agree_with_fresh_solves() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for case in 0..800 {
        let full = random_formula(&mut rng);
        for config in configs().into_iter().step_by(4) {
            let mut solver = Solver::new(config.clone());
            solver.ensure_vars(full.num_vars());
            let mut prefix = Cnf::new();
            prefix.ensure_vars(full.num_vars());
            for (i, clause) in full.clauses().enumerate() {
                solver.add_clause(clause);
                prefix.add_clause(clause);
                if i % 7 == 6 || i + 1 == full.num_clauses() {
                    let what = format!(
                        "case {case} after {} clauses {:?}/{:?}",
                        i + 1,
                        config.algorithm,
                        config.heuristic
                    );
                    check_against_brute_force(&prefix, &[], &solver.solve(), &what);
                    if rng.gen_bool(0.3) {
                        solver.forget_learnts();
                    }
                }
            }
        }
    }
}

#[test]
fn limits_give_unknown() {
    // PHP(9, 8) takes far more than 10 conflicts.
    let mut cnf = Cnf::new();
    let var = |p: i64, h: i64| p * 8 + h + 1;
    for p in 0..9 {
        cnf.add_clause(
            &(0..8)
                .map(|h| Lit::from_dimacs(var(p, h)))
                .collect::<Vec<_>>(),
        );
    }
    for h in 0..8 {
        for p in 0..9 {
            for q in p + 1..9 {
                cnf.add_clause(&[Lit::from_dimacs(-var(p, h)), Lit::from_dimacs(-var(q, h))]);
            }
        }
    }
    for algorithm in [Algorithm::Cdcl, Algorithm::Dpll] {
        let config = SolverConfig {
            algorithm,
            conflict_limit: Some(10),
            // On the formula as given (elimination leaves one where
            // conflicts come in longer runs between two budget checks).
            subsume: false,
            eliminate: false,
            ..SolverConfig::default()
        };
        let mut solver = Solver::from_cnf(&cnf, config);
        assert_eq!(solver.solve(), SolveResult::Unknown);
        assert!(solver.stats().conflicts >= 10 && solver.stats().conflicts <= 11);
    }
    let interrupt = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let config = SolverConfig {
        interrupt: Some(interrupt),
        ..SolverConfig::default()
    };
    assert_eq!(Solver::from_cnf(&cnf, config).solve(), SolveResult::Unknown);
}

#[test]
fn long_implication_chain_does_not_overflow_the_stack() {
    // x1, x1 -> x2, ..., x(n-1) -> xn: a million-variable chain.
    let n = 1_000_000;
    let mut cnf = Cnf::with_capacity(n, 2 * n);
    cnf.add_clause(&[Lit::from_dimacs(1)]);
    for i in 1..n as i64 {
        cnf.add_clause(&[Lit::from_dimacs(-i), Lit::from_dimacs(i + 1)]);
    }
    for algorithm in [Algorithm::Dpll, Algorithm::Cdcl] {
        let config = SolverConfig {
            algorithm,
            heuristic: Heuristic::Vsids,
            ..SolverConfig::default()
        };
        match Solver::from_cnf(&cnf, config).solve() {
            SolveResult::Sat(m) => assert!(m.values().iter().all(|&v| v)),
            other => panic!("{other:?}"),
        }
    }
    // Deep decisions: no units, the chain is walked by decisions and propagation.
    let mut deep = Cnf::with_capacity(n, 2 * n);
    for i in 1..n as i64 {
        deep.add_clause(&[Lit::from_dimacs(-i), Lit::from_dimacs(i + 1)]);
    }
    deep.add_clause(&[Lit::from_dimacs(-(n as i64))]);
    let config = SolverConfig {
        algorithm: Algorithm::Dpll,
        heuristic: Heuristic::First,
        pure_literals: false,
        ..SolverConfig::default()
    };
    let result = Solver::from_cnf(&deep, config).solve();
    assert!(matches!(result, SolveResult::Sat(ref m) if m.satisfies(&deep)));
    let _ = Model::default();
}

#[test]
fn repeated_and_implied_assumptions_open_empty_levels_safely() {
    // Found by satoku-fuzz (cnf/regress/trace-panic-s20261130-c18653.trace):
    // assumptions that are already true open empty levels, so decision
    // levels exceed the variable count.
    let mut solver = Solver::new(SolverConfig::default());
    solver.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(-2)]);
    solver.add_clause(&[Lit::from_dimacs(-1), Lit::from_dimacs(-2)]);
    let assume = [3, 3, 3, 2].map(Lit::from_dimacs);
    assert_eq!(solver.solve_with_assumptions(&assume), SolveResult::Unsat);
    let failed = solver.failed_assumptions();
    assert!(failed.contains(&Lit::from_dimacs(2)));
    assert!(matches!(
        solver.solve_with_assumptions(&[3, 3, 3, -2].map(Lit::from_dimacs)),
        SolveResult::Sat(_)
    ));
}
