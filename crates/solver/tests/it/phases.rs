//! Target phases, rephasing and local search, each on and off: every
//! combination must give the same answers, with checked models, on random
//! 3-SAT near the threshold (large enough for rephases and walks to run),
//! alone and under assumptions.

use satoku_formula::Lit;
use satoku_solver::{Solver, SolverConfig, TargetPhases};

use crate::support::{self, Sweep};

/// Every combination of the phase options (walking needs rephasing).
fn configs() -> Vec<SolverConfig> {
    let mut all = Vec::new();
    for target_phases in TargetPhases::ALL {
        for (rephase, walk) in [(false, false), (true, false), (true, true)] {
            all.push(SolverConfig {
                target_phases,
                rephase,
                walk,
                ..SolverConfig::default()
            });
        }
    }
    all
}

fn describe(config: &SolverConfig) -> String {
    format!(
        "target={:?} rephase={} walk={}",
        config.target_phases, config.rephase, config.walk
    )
}

#[test]
fn every_phase_option_gives_the_same_answers() {
    let configs = configs();
    let mut walks = 0;
    let mut seed = 0;
    let formula = |_: &mut _| {
        seed += 1;
        satoku_gen::random_ksat(180, 767, 3, seed - 1)
    };
    let answers = Sweep::new(0, 8, configs.clone()).run(formula, |run| {
        let (config, stats) = (&configs[run.config], run.stats);
        if !config.rephase {
            assert_eq!(
                (stats.rephases, stats.walks),
                (0, 0),
                "{}",
                describe(config)
            );
        }
        if !config.walk {
            assert_eq!(stats.walks, 0, "{}", describe(config));
        }
        walks += stats.walks;
    });
    assert!(
        walks > 0,
        "no walk ran: the formulas are too easy to test it"
    );
    assert!(
        answers[0] > 0 && answers[1] > 0,
        "sat/unsat split {answers:?}"
    );
}

#[test]
fn assumptions_keep_their_answers_with_rephasing() {
    for seed in 0..4 {
        let cnf = satoku_gen::random_ksat(180, 760, 3, 100 + seed);
        let assumptions = [
            Lit::from_dimacs(1),
            Lit::from_dimacs(-2),
            Lit::from_dimacs(3),
        ];
        let mut with_units = cnf.clone();
        for &a in &assumptions {
            with_units.add_clause(&[a]);
        }
        let expected = support::checked_answer(
            &with_units,
            &Solver::from_cnf(&with_units, SolverConfig::default()).solve(),
            "units",
        );
        for config in configs() {
            let what = format!("seed {seed}, {}", describe(&config));
            let mut solver = Solver::from_cnf(&cnf, config);
            let result = solver.solve_with_assumptions(&assumptions);
            assert_eq!(
                support::checked_answer(&with_units, &result, &what),
                expected,
                "{what}"
            );
            assert_eq!(solver.stats().walks, 0, "{what}: walked under assumptions");
            // The solver stays usable without them.
            let free = solver.solve();
            support::checked_answer(&cnf, &free, &what);
        }
    }
}
