//! Failed-literal probing and equivalent-literal substitution against
//! brute-force enumeration, on and off, on small random formulas dense in
//! binary clauses (so that failed literals and equivalences are common);
//! incremental use after variables were substituted (assumptions and
//! clauses naming them); frozen variables; the cases where neither may run
//! (DPLL, scoped calls). The DRAT proofs of the same kind of formulas are
//! checked in `crates/guide/tests/it/probe_proofs.rs`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::Var;
use satoku_solver::{Algorithm, Solver, SolverConfig, Stats};

use crate::support::oracle::check_against_fresh;
use crate::support::random::binary_dense_formula as random_formula;
use crate::support::sweep::{PROBE, SUBSTITUTE};
use crate::support::{check_against_brute_force, on_and_off, random_lits, Sweep};

/// Neither, substitution alone, probing alone, both.
fn configs() -> Vec<SolverConfig> {
    on_and_off(&SolverConfig::default(), &[SUBSTITUTE, PROBE])
}

/// Adds the counters of `s` to `total`.
fn tally(total: &mut Stats, s: &Stats) {
    total.probes += s.probes;
    total.failed_literals += s.failed_literals;
    total.substituted_vars += s.substituted_vars;
}

#[test]
fn answers_agree_with_brute_force_on_and_off() {
    let configs = configs();
    let mut totals = vec![Stats::default(); configs.len()];
    let sweep = Sweep::new(0x9_0be, 4000, configs);
    let answers = sweep.run(random_formula, |run| {
        tally(&mut totals[run.config], run.stats)
    });
    assert!(answers[0] > 500 && answers[1] > 500, "{answers:?}");
    // Off, nothing runs; on, each fires often.
    assert_eq!(totals[0].probes + totals[0].substituted_vars, 0);
    assert!(totals[1].substituted_vars > 500 && totals[1].probes == 0);
    assert!(totals[2].failed_literals > 500 && totals[2].substituted_vars == 0);
    assert!(totals[3].failed_literals > 500 && totals[3].substituted_vars > 500);
}

#[test]
fn incremental_calls_after_substitution_agree_with_fresh_solvers() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut substituted = 0;
    for case in 0..1500 {
        let mut cnf = random_formula(&mut rng);
        let num_vars = cnf.num_vars();
        let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
        // The first round runs in the first call: under assumptions (frozen
        // for the call) in half the cases.
        let first = if case % 2 == 0 {
            random_lits(&mut rng, num_vars, 2)
        } else {
            Vec::new()
        };
        let result = solver.solve_with_assumptions(&first);
        check_against_brute_force(&cnf, &first, &result, &format!("case {case}"));
        substituted += solver.stats().substituted_vars;
        for round in 0..3 {
            let count = rng.gen_range(1..=3);
            let assumptions = random_lits(&mut rng, num_vars, count);
            let result = solver.solve_with_assumptions(&assumptions);
            check_against_brute_force(
                &cnf,
                &assumptions,
                &result,
                &format!("case {case} round {round}"),
            );
        }
        for _ in 0..rng.gen_range(1..=3) {
            let len = rng.gen_range(1..=3);
            let clause = random_lits(&mut rng, num_vars, len);
            solver.add_clause(&clause);
            cnf.add_clause(&clause);
        }
        let result = solver.solve();
        check_against_fresh(&cnf, &result, &format!("case {case} after adding"));
    }
    assert!(substituted > 200, "substituted {substituted}");
}

#[test]
fn frozen_variables_are_never_substituted() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let (mut frozen_out, mut melted_out) = (0, 0);
    for case in 0..1000 {
        let cnf = random_formula(&mut rng);
        let mut frozen = Solver::new(SolverConfig::default());
        for v in 0..cnf.num_vars() {
            frozen.freeze(Var::new(v as u32));
        }
        frozen.add_cnf(&cnf);
        check_against_brute_force(&cnf, &[], &frozen.solve(), &format!("case {case} frozen"));
        frozen_out += frozen.stats().substituted_vars;
        let mut melted = Solver::from_cnf(&cnf, SolverConfig::default());
        check_against_brute_force(&cnf, &[], &melted.solve(), &format!("case {case}"));
        melted_out += melted.stats().substituted_vars;
    }
    assert_eq!(frozen_out, 0);
    assert!(melted_out > 100, "{melted_out}");
}

#[test]
fn neither_runs_in_dpll_or_in_scoped_calls() {
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    for case in 0..300 {
        let cnf = random_formula(&mut rng);
        let dpll = SolverConfig {
            algorithm: Algorithm::Dpll,
            ..SolverConfig::default()
        };
        let mut solver = Solver::from_cnf(&cnf, dpll);
        check_against_brute_force(&cnf, &[], &solver.solve(), &format!("case {case} dpll"));
        let assumptions = random_lits(&mut rng, cnf.num_vars(), 2);
        let mut scoped = Solver::from_cnf(&cnf, SolverConfig::default());
        let result = scoped.solve_scoped(&assumptions);
        check_against_brute_force(&cnf, &assumptions, &result, &format!("case {case} scoped"));
        for s in [solver.stats(), scoped.stats()] {
            assert_eq!((s.probes, s.substituted_vars), (0, 0), "case {case}");
        }
    }
}
