//! Gauss-Jordan propagation during the search (`crates/solver/src/
//! xor_search.rs`): on small random formulas of XOR systems that the root
//! elimination leaves undecided plus random clauses, every answer agrees
//! with brute-force enumeration, with the matrices on and off, under
//! substitution on and off, and the matrices do assign variables and find
//! conflicts; on larger planted formulas every model is checked.
//! `crates/solver/src/xor/search.rs` checks the rows themselves against
//! enumeration.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Var};
use satoku_solver::{SolveResult, Solver, SolverConfig};

use crate::support::random::xor_clauses;
use crate::support::{brute_force_sat, random_lits, Sweep};

/// Adds `XOR(vars) = parity` as its clauses (variables 0-based).
fn push_xor(cnf: &mut Cnf, vars: &[u32], parity: bool) {
    xor_clauses(vars, parity)
        .iter()
        .for_each(|c| cnf.add_clause(c));
}

/// `count` XORs of 3..=`max_len` variables of `0..num_vars`, their
/// parities those of `hidden` when given, else random.
fn push_xors(
    rng: &mut ChaCha8Rng,
    cnf: &mut Cnf,
    count: usize,
    max_len: usize,
    hidden: Option<&[bool]>,
) {
    let num_vars = cnf.num_vars();
    for _ in 0..count {
        let mut vars: Vec<u32> = (0..num_vars as u32).collect();
        vars.shuffle(rng);
        vars.truncate(rng.gen_range(3..=max_len));
        let parity = match hidden {
            Some(h) => vars.iter().filter(|&&v| h[v as usize]).count() % 2 == 1,
            None => rng.gen(),
        };
        push_xor(cnf, &vars, parity);
    }
}

/// 8..=14 variables: fewer XORs of 3..=4 variables than variables (an
/// undetermined system, which the root elimination rarely decides), and
/// random clauses of 3 literals.
fn random_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let num_vars = rng.gen_range(8..=14);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(num_vars);
    let xors = rng.gen_range(3..num_vars - 1);
    push_xors(rng, &mut cnf, xors, 4, None);
    for _ in 0..rng.gen_range(num_vars / 2..=2 * num_vars) {
        let len = 3;
        cnf.add_clause(&random_lits(rng, num_vars, len));
    }
    cnf
}

fn config(gauss: bool, substitute: bool, probe: bool) -> SolverConfig {
    SolverConfig {
        gauss,
        substitute,
        probe,
        ..SolverConfig::default()
    }
}

#[test]
fn answers_agree_with_brute_force_with_matrices_on_and_off() {
    let settings = [
        (true, true, true),
        (true, false, true),
        (true, true, false),
        (false, true, true),
    ];
    let configs = settings.map(|(g, s, p)| config(g, s, p)).to_vec();
    let (mut propagations, mut conflicts) = (0, 0);
    let sweep = Sweep::new(0x5ea_4c4, 1500, configs.clone());
    let answers = sweep.run(random_formula, |run| {
        let s = run.stats;
        propagations += s.xor_propagations;
        conflicts += s.xor_conflicts;
        let gauss = configs[run.config].gauss;
        let ran = s.xor_propagations + s.xor_conflicts > 0;
        assert!(
            gauss || !ran,
            "case {}: matrices ran with gauss off",
            run.case
        );
    });
    assert!(answers[0] > 150 && answers[1] > 150, "{answers:?}");
    assert!(
        propagations > 500 && conflicts > 5,
        "{propagations} {conflicts}"
    );
}

#[test]
fn incremental_calls_with_matrices_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1_5ea);
    let mut used = 0;
    for case in 0..300 {
        let mut cnf = random_formula(&mut rng);
        let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
        for round in 0..3 {
            let count = rng.gen_range(0..=3);
            let assumptions = random_lits(&mut rng, cnf.num_vars(), count);
            let result = solver.solve_with_assumptions(&assumptions);
            let what = format!("case {case} round {round}");
            let expected = brute_force_sat(&cnf, &assumptions);
            assert_eq!(matches!(result, SolveResult::Sat(_)), expected, "{what}");
            if let SolveResult::Sat(model) = &result {
                assert!(model.satisfies(&cnf), "{what}");
                assert!(assumptions.iter().all(|&l| model.lit_value(l)), "{what}");
            }
            // A clause over a new variable and an old one.
            let fresh = Lit::new(Var::new(cnf.num_vars() as u32), rng.gen());
            let old = random_lits(&mut rng, cnf.num_vars(), 1)[0];
            cnf.add_clause(&[fresh, old]);
            solver.add_clause(&[fresh, old]);
        }
        used += solver.stats().xor_propagations + solver.stats().xor_conflicts;
    }
    assert!(used > 100, "{used}");
}

#[test]
fn planted_formulas_give_checked_models() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x91a_47ed);
    let mut propagations = 0;
    for case in 0..20 {
        let num_vars = 120;
        let hidden: Vec<bool> = (0..num_vars).map(|_| rng.gen()).collect();
        let mut cnf = Cnf::new();
        cnf.ensure_vars(num_vars);
        push_xors(&mut rng, &mut cnf, 90, 5, Some(&hidden));
        let mut added = 0;
        while added < 200 {
            let clause = random_lits(&mut rng, num_vars, 3);
            if clause
                .iter()
                .any(|l| hidden[l.var().index()] == l.is_positive())
            {
                cnf.add_clause(&clause);
                added += 1;
            }
        }
        let mut solver = Solver::from_cnf(&cnf, SolverConfig::default());
        match solver.solve() {
            SolveResult::Sat(model) => assert!(model.satisfies(&cnf), "case {case}"),
            other => panic!("case {case}: {other:?} on a planted formula"),
        }
        propagations += solver.stats().xor_propagations;
    }
    assert!(propagations > 100, "{propagations}");
}
