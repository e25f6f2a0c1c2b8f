use satoku_formula::Lit;

use crate::api::proof::{ProofBuffer, ProofFormat};
use crate::search::trail::TRUE;
use crate::{SolveResult, Solver, SolverConfig};

fn lits(dimacs: &[i64]) -> Vec<Lit> {
    Lit::vec_from_dimacs(dimacs)
}

/// A solver over `clauses` with a proof in `proof`, and `learnt` added as
/// a learnt clause of LBD 2; a round is due with room to propagate.
fn solver_with_learnt(clauses: &[&[i64]], learnt: &[i64], proof: &ProofBuffer) -> Solver {
    let mut solver = Solver::default()
        .with_proof(Box::new(proof.clone()), ProofFormat::Text)
        .unwrap();
    solver.ensure_vars(8);
    for clause in clauses {
        solver.add_clause(&lits(clause));
    }
    let c = solver.db.alloc(&lits(learnt), true, 2);
    solver.attach(c);
    solver.stats.reductions = 1;
    solver.stats.propagations = 1000;
    solver
}

/// The learnt clauses, each as sorted DIMACS literals.
fn learnts(solver: &Solver) -> Vec<Vec<i64>> {
    solver
        .db
        .learnts()
        .iter()
        .map(|&c| {
            let mut d: Vec<i64> = solver.db.lits(c).iter().map(|l| l.to_dimacs()).collect();
            d.sort_unstable();
            d
        })
        .collect()
}

#[test]
fn a_literal_implied_by_the_decisions_ends_the_clause() {
    // Deciding 1 implies 2, then 3: (-1 3) is RUP, 4 and 5 go.
    let proof = ProofBuffer::default();
    let mut solver = solver_with_learnt(&[&[-1, 2], &[-2, 3]], &[-1, 3, 4, 5], &proof);
    assert!(!solver.vivify_if_due());
    assert_eq!(learnts(&solver), vec![vec![-1, 3]]);
    assert_eq!(solver.trail.decision_level(), 0);
    assert_eq!(
        (
            solver.stats.vivified_clauses,
            solver.stats.vivify_removed_literals
        ),
        (1, 2)
    );
    assert_eq!(solver.stats.propagations, 1000, "search count untouched");
    assert_eq!(solver.stats.vivify_propagations, 3);
    solver.proof.flush();
    let text = String::from_utf8(proof.bytes()).unwrap();
    assert!(text.ends_with("-1 3 0\nd -1 3 4 5 0\n"), "{text}");
    assert!(!solver.vivify_if_due(), "one round per reduction");
}

#[test]
fn a_conflict_keeps_only_the_decisions_it_needs_and_a_unit_is_asserted() {
    // Deciding 1 conflicts: -1 is a unit, asserted at the root.
    let proof = ProofBuffer::default();
    let mut solver = solver_with_learnt(&[&[-1, 2], &[-1, -2]], &[-1, 3, 4], &proof);
    assert!(solver.vivify_if_due());
    assert_eq!(solver.trail.value(Lit::from_dimacs(-1)), TRUE);
    assert_eq!(solver.trail.decision_level(), 0);
    assert!(learnts(&solver).is_empty());
    assert_eq!(solver.stats.vivify_removed_literals, 2);
    assert!(matches!(solver.solve(), SolveResult::Sat(m) if !m.value(Lit::from_dimacs(1).var())));
}

#[test]
fn literals_false_under_the_decisions_are_dropped() {
    // Deciding 1 makes 3 false; deciding -4 and -5 falsifies the clause
    // with no conflict: (-1 4 5) remains.
    let proof = ProofBuffer::default();
    let mut solver = solver_with_learnt(&[&[-1, -3], &[6, 7]], &[-1, 3, 4, 5], &proof);
    assert!(!solver.vivify_if_due());
    assert_eq!(learnts(&solver), vec![vec![-1, 4, 5]]);
    let c = solver.db.learnts()[0];
    assert!(solver.db.is_vivified(c) && solver.db.lbd(c) == 2);
}

#[test]
fn a_clause_that_cannot_shrink_stays_watched() {
    let proof = ProofBuffer::default();
    let mut solver = solver_with_learnt(&[&[1, 2, 3], &[-1, -2]], &[-1, -3, 4], &proof);
    assert!(!solver.vivify_if_due());
    assert_eq!(learnts(&solver), vec![vec![-3, -1, 4]]);
    assert_eq!(solver.stats.vivified_clauses, 0);
    // Still watched: under 1 and 3 the clause forces 4.
    let under = lits(&[1, 3]);
    let SolveResult::Sat(model) = solver.solve_with_assumptions(&under) else {
        panic!("satisfiable");
    };
    assert!(model.value(Lit::from_dimacs(4).var()));
}

#[test]
fn fruitless_rounds_delay_the_next_ones_and_a_shortening_resets_the_delay() {
    let proof = ProofBuffer::default();
    let mut solver = solver_with_learnt(&[&[1, 2, 3], &[-1, -2]], &[-1, -3, 4], &proof);
    // Reductions 1..=12: rounds at 1, 3, 6, 10 (delays of 1, 2, 3 between).
    let mut ran = Vec::new();
    for reduction in 1..=12 {
        solver.stats.reductions = reduction;
        let before = solver.stats.vivify_rounds;
        solver.vivify_if_due();
        if solver.stats.vivify_rounds > before {
            ran.push(reduction);
        }
    }
    assert_eq!(ran, vec![1, 3, 6, 10]);
    assert_eq!(solver.stats.vivified_clauses, 0);
    // A clause that shrinks: the round after the delay shortens it, and
    // the next reduction has a round again.
    let c = solver.db.alloc(&lits(&[-1, 3, 5, 6]), true, 2);
    solver.attach(c);
    solver.add_clause(&lits(&[-1, 3]));
    let mut reduction = 12;
    while solver.stats.vivified_clauses == 0 {
        reduction += 1;
        assert!(reduction <= 10 + 5, "a round within the delay");
        solver.stats.reductions = reduction;
        solver.vivify_if_due();
    }
    let rounds = solver.stats.vivify_rounds;
    solver.stats.reductions = reduction + 1;
    solver.vivify_if_due();
    assert_eq!(
        solver.stats.vivify_rounds,
        rounds + 1,
        "no delay after a success"
    );
}

#[test]
fn no_round_when_off_or_scoped_or_not_after_a_reduction() {
    let proof = ProofBuffer::default();
    let mut solver = solver_with_learnt(&[&[-1, 2], &[-2, 3]], &[-1, 3, 4, 5], &proof);
    solver.config = SolverConfig {
        vivify: false,
        ..SolverConfig::default()
    };
    assert!(!solver.vivify_if_due());
    solver.config.vivify = true;
    solver.scope.set_floor(1);
    assert!(!solver.vivify_if_due());
    solver.scope.set_floor(0);
    solver.stats.reductions = 0;
    assert!(!solver.vivify_if_due());
    assert_eq!(learnts(&solver), vec![vec![-1, 3, 4, 5]]);
}

#[test]
fn decisions_shared_by_consecutive_candidates_are_reused() {
    // Both clauses start with -1 4 (they occur most): the second probe
    // keeps the decisions 1 and -4 of the first and decides -6 and -7.
    let proof = ProofBuffer::default();
    let mut solver = solver_with_learnt(&[&[-1, 2], &[-2, 3]], &[-1, 4, 5], &proof);
    let c = solver.db.alloc(&lits(&[6, -1, 7, 4]), true, 2);
    solver.attach(c);
    assert!(!solver.vivify_if_due());
    assert_eq!(learnts(&solver), vec![vec![-1, 4, 5], vec![-1, 4, 6, 7]]);
    // 1, 2, 3, -4, -5 for the first probe, then -6, -7 for the second.
    assert_eq!(solver.stats.vivify_propagations, 7);
}

/// Every model of `cnf` (at most 20 variables), as bitmasks.
fn all_models(cnf: &satoku_formula::Cnf) -> Vec<u32> {
    let holds = |a: u32, l: &Lit| ((a >> l.var().index()) & 1 == 1) == l.is_positive();
    (0..1u32 << cnf.num_vars())
        .filter(|&a| cnf.clauses().all(|c| c.iter().any(|l| holds(a, l))))
        .collect()
}

#[test]
fn forced_rounds_on_small_formulas_keep_every_clause_implied_and_every_answer() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x717);
    let holds = |a: u32, l: &Lit| ((a >> l.var().index()) & 1 == 1) == l.is_positive();
    let (mut vivified, mut checked_proofs) = (0, 0);
    for case in 0..200 {
        let num_vars = rng.gen_range(12..=16);
        let mut cnf = satoku_formula::Cnf::new();
        cnf.ensure_vars(num_vars);
        for _ in 0..num_vars * 13 / 2 {
            let clause: Vec<Lit> = (0..rng.gen_range(3..=4))
                .map(|_| {
                    Lit::new(
                        satoku_formula::Var::new(rng.gen_range(0..num_vars as u32)),
                        rng.gen(),
                    )
                })
                .collect();
            cnf.add_clause(&clause);
        }
        let models = all_models(&cnf);
        let proof = ProofBuffer::default();
        // The other root techniques off: they would leave fewer learnt
        // clauses to vivify (the brute-force tests run them together).
        let mut solver = Solver::new(SolverConfig {
            probe: false,
            substitute: false,
            subsume: false,
            eliminate: false,
            ..SolverConfig::default()
        })
        .with_proof(Box::new(proof.clone()), ProofFormat::Text)
        .unwrap();
        solver.add_cnf(&cnf);
        for query in 0..20 {
            // A round at the first root of every call.
            solver.stats.reductions += 1;
            let assumptions: Vec<Lit> = (0..rng.gen_range(0..=4))
                .map(|_| {
                    Lit::new(
                        satoku_formula::Var::new(rng.gen_range(0..num_vars as u32)),
                        rng.gen(),
                    )
                })
                .collect();
            let result = solver.solve_with_assumptions(&assumptions);
            let expected = models
                .iter()
                .any(|&a| assumptions.iter().all(|l| holds(a, l)));
            assert_eq!(
                matches!(result, SolveResult::Sat(_)),
                expected,
                "case {case} query {query}"
            );
            for &c in solver.db.learnts() {
                let clause = solver.db.lits(c);
                assert!(
                    models.iter().all(|&a| clause.iter().any(|l| holds(a, l))),
                    "case {case} query {query}: {clause:?} not implied"
                );
            }
        }
        vivified += solver.stats.vivified_clauses;
        if solver.solve() == SolveResult::Unsat {
            solver.finish_proof().unwrap();
            let strict = satoku_drat::CheckOptions {
                strict: true,
                ..Default::default()
            };
            let verdict = satoku_drat::check(&cnf, &proof.bytes()[..], &strict).unwrap();
            assert!(verdict.is_verified(), "case {case}: {:?}", verdict.outcome);
            checked_proofs += 1;
        }
    }
    assert!(
        vivified > 100 && checked_proofs > 30,
        "{vivified} vivified, {checked_proofs} proofs"
    );
}

#[test]
fn literals_are_ranked_by_occurrences_then_by_code() {
    let mut counts = vec![0, 3, 1, 3, 0, 2];
    let by_rank = crate::vivify::order::rank_by_occurrences(&mut counts);
    let codes: Vec<u32> = by_rank.iter().map(|l| l.code() as u32).collect();
    assert_eq!(codes, vec![1, 3, 5, 2]);
    assert_eq!((counts[1], counts[3], counts[5], counts[2]), (0, 1, 2, 3));
}
