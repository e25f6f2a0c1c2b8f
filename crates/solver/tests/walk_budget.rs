//! The walk's budget by the shape of the formula (`rephase_walk.rs`): a
//! formula of long clauses all of one length (uniform random k-SAT) walks
//! about a flip per literal propagated; one whose long clauses have many
//! lengths (a circuit) walks a tenth of that, as a formula with many
//! binary clauses does.

use satoku_formula::Cnf;
use satoku_solver::{Solver, SolverConfig, Stats};

/// Random 3-SAT and 7-SAT clauses over the same 300 variables: no binary
/// clause, and no length for nine clauses in ten.
fn mixed_lengths(seed: u64) -> Cnf {
    let mut cnf = satoku_gen::random_ksat(300, 1000, 3, seed);
    for clause in satoku_gen::random_ksat(300, 5000, 7, seed + 100).clauses() {
        cnf.add_clause(clause);
    }
    cnf
}

/// The search's statistics after at most 20,000 conflicts, the formula
/// loaded whole (`from_cnf`) or, `one_by_one`, clause by clause
/// (`add_clause`): both ways count the clauses' lengths.
fn searched(cnf: &Cnf, one_by_one: bool) -> Stats {
    let config = SolverConfig {
        conflict_limit: Some(20_000),
        ..SolverConfig::default()
    };
    let mut solver = if one_by_one {
        let mut solver = Solver::new(config);
        for clause in cnf.clauses() {
            solver.add_clause(clause);
        }
        solver
    } else {
        Solver::from_cnf(cnf, config)
    };
    solver.solve();
    solver.stats().clone()
}

#[test]
fn clauses_of_many_lengths_walk_a_tenth() {
    let (mut walks, mut flips, mut propagations) = (0, 0, 0);
    for seed in 0..4 {
        let stats = searched(&mixed_lengths(seed), seed % 2 == 1);
        walks += stats.walks;
        flips += stats.walk_flips;
        propagations += stats.propagations;
    }
    assert!(walks >= 4, "{walks} walks: too few to test the budget");
    // The floor of each walk's budget is 1,000 flips here.
    assert!(
        flips <= propagations / 10 + 1_000 * walks,
        "{flips} flips in {walks} walks, {propagations} literals propagated"
    );
}

#[test]
fn clauses_of_one_length_walk_a_flip_per_propagation() {
    let (mut walks, mut flips, mut propagations) = (0, 0, 0);
    for seed in 0..4 {
        let stats = searched(&satoku_gen::random_ksat(250, 1063, 3, seed), seed % 2 == 1);
        walks += stats.walks;
        flips += stats.walk_flips;
        propagations += stats.propagations;
    }
    assert!(walks >= 4, "{walks} walks: too few to test the budget");
    assert!(
        flips > propagations / 5,
        "{flips} flips in {walks} walks, {propagations} literals propagated"
    );
}
