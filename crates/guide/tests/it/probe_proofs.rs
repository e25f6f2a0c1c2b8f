//! The DRAT proofs of failed-literal probing and equivalent-literal
//! substitution (`crates/solver/src/equiv/probe.rs`, `substitute.rs`): on small
//! random formulas dense in binary clauses, every UNSAT answer's proof,
//! text and binary, is verified by the workspace's checker, with each
//! technique on alone and both together, also after a second call that
//! adds clauses naming substituted variables (which puts their clauses
//! back as lemmas). Each technique must have fired in refuted cases.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_drat::CheckOptions;
use satoku_formula::{Cnf, Lit};
use satoku_solver::{ProofFormat, SolveResult, SolverConfig, Stats};

use crate::support::oracle::{checked_with_proof, proving_solver};
use crate::support::random::binary_dense_formula as random_formula;
use crate::support::sweep::{PROBE, SUBSTITUTE};
use crate::support::{on_and_off, random_lits, Sweep};

/// Solves `cnf` then, if `extra` is given, adds it and solves again; the
/// last answer, the proof and the statistics.
fn solve(
    cnf: &Cnf,
    extra: &[Vec<Lit>],
    config: &SolverConfig,
    format: ProofFormat,
) -> (SolveResult, Vec<u8>, Stats) {
    let (mut solver, buf) = proving_solver(cnf, config.clone(), format);
    let mut result = solver.solve();
    if !extra.is_empty() {
        for clause in extra {
            solver.add_clause(clause);
        }
        result = solver.solve();
    }
    solver.finish_proof().unwrap();
    (result, buf.bytes(), solver.stats().clone())
}

/// Whether the answer is UNSAT, after checking it: a model of `cnf`, or a
/// proof the checker accepts.
fn check(cnf: &Cnf, (result, proof, _): &(SolveResult, Vec<u8>, Stats), what: &str) -> bool {
    !checked_with_proof(cnf, result, proof, what)
}

/// Neither, substitution alone, probing alone, both.
fn configs() -> Vec<SolverConfig> {
    on_and_off(&SolverConfig::default(), &[SUBSTITUTE, PROBE])
}

#[test]
fn proofs_of_probing_and_substitution_check() {
    let sweep = Sweep::new(0xd2a7, 4000, configs()).with_proofs(CheckOptions::default());
    let (mut failed, mut substituted) = (0, 0);
    sweep.run(random_formula, |run| {
        if !run.sat {
            failed += run.stats.failed_literals;
            substituted += run.stats.substituted_vars;
        }
    });
    assert!(failed > 150 && substituted > 150, "{failed} {substituted}");
}

#[test]
fn proofs_check_after_clauses_name_substituted_variables() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xd2a8);
    let mut refuted_after_substitution = 0;
    for case in 0..3000 {
        let cnf = random_formula(&mut rng);
        let extra: Vec<Vec<Lit>> = (0..rng.gen_range(1..=4))
            .map(|_| {
                let len = rng.gen_range(1..=3);
                random_lits(&mut rng, cnf.num_vars(), len)
            })
            .collect();
        let mut all = cnf.clone();
        for clause in &extra {
            all.add_clause(clause);
        }
        // Elimination and its trial off: a clause added later that names an
        // eliminated variable is input the checker sees from the start,
        // before the lemmas that put the eliminated clauses back, which were
        // RAT without it (the limit of DRAT for incremental use: `vars.rs`).
        let config = SolverConfig {
            subsume: false,
            eliminate: false,
            elim_trial: false,
            ..SolverConfig::default()
        };
        let run = solve(&cnf, &extra, &config, ProofFormat::Text);
        if check(&all, &run, &format!("case {case}")) && run.2.substituted_vars > 0 {
            refuted_after_substitution += 1;
        }
    }
    assert!(
        refuted_after_substitution > 50,
        "{refuted_after_substitution}"
    );
}

/// Random 3-SAT near the threshold with `pairs` equivalences between
/// random literals added as binary clauses (substituted in the first round).
fn ksat_with_equivalences(num_vars: usize, pairs: usize, seed: u64) -> Cnf {
    let mut cnf = satoku_gen::random_ksat(num_vars, num_vars * 426 / 100, 3, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..pairs {
        let [a, b] = random_lits(&mut rng, num_vars, 2)[..] else {
            unreachable!("two literals")
        };
        cnf.add_clause(&[!a, b]);
        cnf.add_clause(&[a, !b]);
    }
    cnf
}

#[test]
fn later_rounds_keep_models_and_proofs_right() {
    // PHP(8, 7) takes about 3,000 conflicts: the second round, at 2,000,
    // sees learnt binary clauses.
    let mut formulas = vec![satoku_gen::pigeonhole(7)];
    formulas.extend((0..8).map(|seed| ksat_with_equivalences(150, 20, seed)));
    let mut substituted = 0;
    for (i, cnf) in formulas.iter().enumerate() {
        let off = SolverConfig {
            probe: false,
            substitute: false,
            ..SolverConfig::default()
        };
        let expected = check(cnf, &solve(cnf, &[], &off, ProofFormat::Binary), "off");
        let run = solve(cnf, &[], &SolverConfig::default(), ProofFormat::Binary);
        assert_eq!(
            check(cnf, &run, &format!("formula {i}")),
            expected,
            "formula {i}"
        );
        substituted += run.2.substituted_vars;
    }
    assert!(substituted >= 8 * 10, "{substituted}");
}
