//! Every algorithm, heuristic and mode against brute-force enumeration on
//! thousands of small random formulas (duplicates, tautologies and empty
//! clauses included). Seeded, so a failure names a reproducible case.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Model};
use satoku_solver::{
    Algorithm, Heuristic, RestartPolicy, SolveResult, Solver, SolverConfig, TargetPhases,
};

/// A random formula over 1..=16 variables with clause lengths 0..=5.
fn random_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let num_vars = rng.gen_range(1..=16u32);
    let num_clauses = rng.gen_range(0..=5 * num_vars as usize + 4);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(num_vars as usize);
    for _ in 0..num_clauses {
        // Empty clauses are rare, as in real inputs; length 1..=5 otherwise.
        let len = if rng.gen_ratio(1, 200) {
            0
        } else {
            rng.gen_range(1..=5)
        };
        let clause: Vec<Lit> = (0..len)
            .map(|_| {
                let v = rng.gen_range(1..=num_vars as i64);
                if rng.gen_bool(0.5) {
                    Lit::from_dimacs(v)
                } else {
                    Lit::from_dimacs(-v)
                }
            })
            .collect();
        cnf.add_clause(&clause);
    }
    cnf
}

/// Clause bitmasks: (positive vars, negative vars).
fn masks(cnf: &Cnf) -> Vec<(u32, u32)> {
    cnf.clauses()
        .map(|c| {
            c.iter().fold((0, 0), |(p, n), l| {
                let bit = 1u32 << l.var().index();
                if l.is_negated() {
                    (p, n | bit)
                } else {
                    (p | bit, n)
                }
            })
        })
        .collect()
}

/// Whether some assignment satisfies `cnf` and the fixed literals.
fn brute_force_sat(cnf: &Cnf, fixed: &[Lit]) -> bool {
    let masks = masks(cnf);
    let n = cnf.num_vars();
    (0..1u32 << n).any(|a| {
        fixed
            .iter()
            .all(|l| ((a >> l.var().index()) & 1 == 1) != l.is_negated())
            && masks.iter().all(|&(p, q)| a & p != 0 || !a & q != 0)
    })
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

fn check_answer(cnf: &Cnf, result: &SolveResult, expected_sat: bool, what: &str) {
    match result {
        SolveResult::Sat(model) => {
            assert!(
                expected_sat,
                "{what}: SAT but brute force says UNSAT\n{cnf:?}"
            );
            assert!(model.satisfies(cnf), "{what}: bad model");
            assert!(
                (cnf.used_vars()..=cnf.num_vars()).contains(&model.num_vars()),
                "{what}: model must cover every used variable (from_cnf sizes by them)"
            );
        }
        SolveResult::Unsat => assert!(
            !expected_sat,
            "{what}: UNSAT but brute force found a model\n{cnf:?}"
        ),
        SolveResult::Unknown => panic!("{what}: unknown without limits"),
    }
}

#[test]
fn every_config_agrees_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5a70_c0de);
    let configs = configs();
    let mut counts = [0usize; 2];
    for case in 0..5000 {
        let cnf = random_formula(&mut rng);
        let expected = brute_force_sat(&cnf, &[]);
        counts[expected as usize] += 1;
        for config in &configs {
            let what = format!(
                "case {case}, {:?}/{:?}/pure={}",
                config.algorithm, config.heuristic, config.pure_literals
            );
            let result = Solver::from_cnf(&cnf, config.clone()).solve();
            check_answer(&cnf, &result, expected, &what);
        }
    }
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
                let expected = brute_force_sat(&cnf, &assumptions);
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
                check_answer(&cnf, &result, expected, &what);
                if let SolveResult::Sat(model) = &result {
                    assert!(
                        assumptions.iter().all(|&a| model.lit_value(a)),
                        "{what}: assumption violated"
                    );
                }
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
                    let expected = brute_force_sat(&prefix, &[]);
                    let what = format!(
                        "case {case} after {} clauses {:?}/{:?}",
                        i + 1,
                        config.algorithm,
                        config.heuristic
                    );
                    check_answer(&prefix, &solver.solve(), expected, &what);
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
