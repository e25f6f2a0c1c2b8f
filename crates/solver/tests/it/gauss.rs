//! Gaussian elimination of XOR constraints (`crates/solver/src/xor/gauss.rs`)
//! against brute-force enumeration, on and off, with substitution and
//! probing on and off, on small random formulas made of XORs and a few
//! other clauses; incremental use (assumptions, clauses added later, XORs
//! added later); Tseitin formulas, refuted before the first decision with
//! it and only by search without it. `crates/guide/tests/it/xor_proofs.rs`
//! checks that a proof written while it is on stays valid.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::Cnf;
use satoku_solver::{SolveResult, Solver, SolverConfig, Stats};

use crate::support::oracle::check_against_fresh;
use crate::support::random::xor_clauses;
use crate::support::sweep::{GAUSS, PROBE, SUBSTITUTE};
use crate::support::{check_against_brute_force, on_and_off, random_lits, Sweep};

/// Adds `XOR(vars) = parity` as its clauses, each with its literals in a
/// random order, in a random order among themselves.
fn push_xor(rng: &mut ChaCha8Rng, cnf: &mut Cnf, vars: &[u32], parity: bool) {
    let mut clauses = xor_clauses(vars, parity);
    for clause in &mut clauses {
        clause.shuffle(rng);
    }
    clauses.shuffle(rng);
    clauses.iter().for_each(|c| cnf.add_clause(c));
}

/// A random XOR of 1..=4 distinct variables of `0..num_vars`.
fn random_xor(rng: &mut ChaCha8Rng, cnf: &mut Cnf, num_vars: usize) {
    let mut vars: Vec<u32> = (0..num_vars as u32).collect();
    vars.shuffle(rng);
    vars.truncate(rng.gen_range(1..=4).min(num_vars));
    let parity = rng.gen();
    push_xor(rng, cnf, &vars, parity);
}

/// 3..=12 variables: a few XORs and a few random clauses of 1..=4
/// literals.
fn random_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let num_vars = rng.gen_range(3..=12);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(num_vars);
    for _ in 0..rng.gen_range(1..=num_vars) {
        random_xor(rng, &mut cnf, num_vars);
    }
    for _ in 0..rng.gen_range(0..=num_vars / 2) {
        let len = rng.gen_range(1..=4);
        cnf.add_clause(&random_lits(rng, num_vars, len));
    }
    cnf
}

/// Gauss off (the first four) and on, under each combination of
/// substitution and probing.
fn configs() -> Vec<SolverConfig> {
    on_and_off(&SolverConfig::default(), &[SUBSTITUTE, PROBE, GAUSS])
}

fn tally(total: &mut Stats, s: &Stats) {
    total.xors += s.xors;
    total.xor_units += s.xor_units;
    total.xor_equivalences += s.xor_equivalences;
}

#[test]
fn answers_agree_with_brute_force_on_and_off() {
    let configs = configs();
    let mut totals = vec![Stats::default(); configs.len()];
    let mut refuted_at_once = 0;
    let sweep = Sweep::new(0x6a_0555, 3000, configs.clone());
    let answers = sweep.run(random_formula, |run| {
        tally(&mut totals[run.config], run.stats);
        let s = run.stats;
        let gauss = configs[run.config].gauss;
        refuted_at_once += u32::from(gauss && !run.sat && s.xors > 0 && s.conflicts == 0);
    });
    assert!(answers[0] > 375 && answers[1] > 375, "{answers:?}");
    // Off, nothing is read; on, XORs are read and imply units and
    // equivalences in every combination, and refute formulas at once.
    assert!(totals[..4].iter().all(|t| t.xors == 0));
    for t in &totals[4..] {
        assert!(
            t.xors > 3000 && t.xor_units > 500 && t.xor_equivalences > 500,
            "{t:?}"
        );
    }
    assert!(refuted_at_once > 300, "{refuted_at_once}");
}

#[test]
fn incremental_calls_with_xors_agree_with_fresh_solvers() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1_c0de);
    let mut implied = 0;
    for case in 0..1500 {
        let mut cnf = random_formula(&mut rng);
        let num_vars = cnf.num_vars();
        let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
        for round in 0..3 {
            let count = rng.gen_range(0..=3);
            let assumptions = random_lits(&mut rng, num_vars, count);
            let result = solver.solve_with_assumptions(&assumptions);
            let what = format!("case {case} round {round}");
            check_against_brute_force(&cnf, &assumptions, &result, &what);
        }
        implied += solver.stats().xor_units + solver.stats().xor_equivalences;
        // An XOR and a clause added later, then a plain call.
        let mut added = Cnf::new();
        random_xor(&mut rng, &mut added, num_vars);
        added.add_clause(&random_lits(&mut rng, num_vars, 2));
        for clause in added.clauses() {
            solver.add_clause(clause);
            cnf.add_clause(clause);
        }
        let result = solver.solve();
        check_against_fresh(&cnf, &result, &format!("case {case} after adding"));
    }
    assert!(implied > 500, "{implied}");
}

#[test]
fn tseitin_formulas_are_refuted_before_the_first_decision() {
    for seed in 0..10 {
        let cnf = satoku_gen::tseitin(60, true, seed);
        let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
        assert!(matches!(solver.solve(), SolveResult::Unsat));
        let s = solver.stats();
        assert_eq!(
            (s.xors, s.decisions, s.conflicts),
            (60, 0, 0),
            "seed {seed}"
        );
        // Without it, search refutes them too, with conflicts.
        let off = SolverConfig {
            gauss: false,
            ..SolverConfig::default()
        };
        let mut solver = Solver::from_cnf(&cnf, off);
        assert!(matches!(solver.solve(), SolveResult::Unsat));
        assert!(solver.stats().conflicts > 100, "seed {seed}");
        // Satisfiable ones are not refuted, and their models check.
        let cnf = satoku_gen::tseitin(60, false, seed);
        match Solver::from_cnf(&cnf, SolverConfig::default()).solve() {
            SolveResult::Sat(model) => assert!(model.satisfies(&cnf)),
            other => panic!("seed {seed}: {other:?}"),
        }
    }
}

#[test]
fn xors_longer_than_the_bound_are_not_read() {
    // XOR(1..=7) = 1 and = 0: 128 clauses of 7 literals, unsatisfiable,
    // but no XOR of more than 6 variables is read.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut cnf = Cnf::new();
    let vars: Vec<u32> = (0..7).collect();
    push_xor(&mut rng, &mut cnf, &vars, true);
    push_xor(&mut rng, &mut cnf, &vars, false);
    let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
    assert!(matches!(solver.solve(), SolveResult::Unsat));
    assert_eq!(solver.stats().xors, 0);
    // Of six variables, the two are read and refute each other.
    let mut cnf = Cnf::new();
    push_xor(&mut rng, &mut cnf, &vars[..6], true);
    push_xor(&mut rng, &mut cnf, &vars[..6], false);
    let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
    assert!(matches!(solver.solve(), SolveResult::Unsat));
    assert_eq!((solver.stats().xors, solver.stats().conflicts), (2, 0));
}
