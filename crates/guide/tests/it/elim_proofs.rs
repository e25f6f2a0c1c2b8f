//! DRAT proofs through subsumption, strengthening and variable
//! elimination: every UNSAT answer's proof is checked by the workspace's
//! checker and every model against the formula, with each technique on and
//! off, on small dense formulas (preprocessing), on random 3-SAT large
//! enough for rounds during the search (inprocessing), and incrementally,
//! where clauses naming eliminated variables put the removed clauses back
//! as RAT lemmas.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_drat::CheckOptions;
use satoku_formula::{Cnf, Lit};
use satoku_gen::random_ksat;
use satoku_solver::{ProofFormat, SolveResult, SolverConfig, Stats};

use crate::support::oracle::{checked_with_proof, proving_solver};
use crate::support::sweep::{elim_config, ELIMINATE, SUBSUME};
use crate::support::{on_and_off, Sweep};

/// Random 2-SAT and 3-SAT clauses over the same few variables: dense
/// enough for subsumption, strengthening and elimination to fire.
fn dense_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let vars = rng.gen_range(6..=14);
    let mut cnf = random_ksat(vars, rng.gen_range(3 * vars..=6 * vars), 3, rng.gen());
    let binaries = random_ksat(vars, rng.gen_range(1..=vars), 2, rng.gen());
    for c in binaries.clauses() {
        cnf.add_clause(c);
    }
    cnf
}

/// Solves with a proof; checks the model or the proof. Returns whether
/// UNSAT, and the statistics.
fn solve_checked(
    cnf: &Cnf,
    config: SolverConfig,
    format: ProofFormat,
    what: &str,
) -> (bool, Stats) {
    let (mut solver, buf) = proving_solver(cnf, config, format);
    let result = solver.solve();
    solver.finish_proof().unwrap();
    checked_with_proof(cnf, &result, &buf.bytes(), what);
    (result == SolveResult::Unsat, solver.stats().clone())
}

fn format(rng: &mut ChaCha8Rng) -> ProofFormat {
    if rng.gen() {
        ProofFormat::Text
    } else {
        ProofFormat::Binary
    }
}

#[test]
fn preprocessing_proofs_check_with_each_technique_on_and_off() {
    let configs = on_and_off(&elim_config(false, false), &[SUBSUME, ELIMINATE]);
    let (mut eliminated, mut subsumed, mut strengthened) = (0, 0, 0);
    let sweep = Sweep::new(0x5ab5, 800, configs).with_proofs(CheckOptions::default());
    let [unsat, _] = sweep.run(dense_formula, |run| {
        eliminated += run.stats.eliminated_vars;
        subsumed += run.stats.subsumed_clauses;
        strengthened += run.stats.strengthened_clauses;
    });
    assert!(unsat > 166, "{unsat} refuted formulas");
    assert!(
        eliminated > 500 && subsumed > 2000 && strengthened > 2000,
        "{eliminated} eliminated, {subsumed} subsumed, {strengthened} strengthened"
    );
}

#[test]
fn inprocessing_rounds_during_the_search_keep_proofs_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1a9e);
    let (mut unsat, mut later_rounds) = (0, 0);
    for case in 0..12 {
        let vars = rng.gen_range(150..=180);
        let cnf = random_ksat(vars, vars * 43 / 10, 3, rng.gen());
        let what = format!("case {case} ({vars} vars)");
        let (refuted, stats) =
            solve_checked(&cnf, elim_config(true, true), format(&mut rng), &what);
        unsat += usize::from(refuted);
        later_rounds += stats.elim_rounds.saturating_sub(1);
    }
    assert!(
        unsat > 2 && later_rounds > 5,
        "{unsat} refutations, {later_rounds} later rounds"
    );
}

/// Assumptions that name eliminated variables put the removed clauses
/// back, each a RAT lemma on its witness. (Checked against the formula as
/// given: a clause added later would be input the checker sees from the
/// start, before the lemmas that were RAT without it; see `vars.rs`.)
#[test]
fn the_elimination_trial_keeps_proofs_and_models_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7e1a);
    let (mut unsat, mut kept) = (0, 0);
    for case in 0..400 {
        // Dense formulas, where the trial keeps its round or not, and
        // parity rings, where it always keeps it.
        let cnf = if case % 4 == 0 {
            satoku_gen::parity(rng.gen_range(3..=30), rng.gen(), rng.gen())
        } else {
            dense_formula(&mut rng)
        };
        let default = SolverConfig::default();
        assert!(default.elim_trial && !default.subsume && !default.eliminate);
        let what = format!("case {case}");
        let (refuted, stats) = solve_checked(&cnf, default, format(&mut rng), &what);
        unsat += usize::from(refuted);
        kept += usize::from(stats.eliminated_vars > 0);
    }
    assert!(
        unsat > 100 && kept > 50,
        "{unsat} refutations, {kept} kept rounds"
    );
}

#[test]
fn assumptions_naming_eliminated_variables_keep_proofs_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x4e57);
    let (mut unsat, mut after_elimination) = (0, 0);
    for case in 0..600 {
        let cnf = dense_formula(&mut rng);
        let n = cnf.num_vars() as i64;
        let first = if case % 2 == 0 {
            elim_config(true, true)
        } else {
            SolverConfig::default() // the elimination trial
        };
        let (mut solver, buf) = proving_solver(&cnf, first, format(&mut rng));
        let mut result = solver.solve();
        for round in 0..3 {
            after_elimination += usize::from(solver.stats().eliminated_vars > 0);
            let assumptions: Vec<Lit> = (0..rng.gen_range(1..=3))
                .map(|_| Lit::from_dimacs(rng.gen_range(1..=n) * if rng.gen() { 1 } else { -1 }))
                .collect();
            if let SolveResult::Sat(model) = solver.solve_with_assumptions(&assumptions) {
                assert!(
                    model.satisfies(&cnf),
                    "case {case} round {round}: bad model"
                );
                assert!(assumptions.iter().all(|&a| model.lit_value(a)));
            }
            result = solver.solve();
        }
        solver.finish_proof().unwrap();
        checked_with_proof(&cnf, &result, &buf.bytes(), &format!("case {case}"));
        unsat += usize::from(result == SolveResult::Unsat);
    }
    assert!(
        unsat > 100 && after_elimination > 200,
        "{unsat} refutations, {after_elimination} calls after an elimination"
    );
}
