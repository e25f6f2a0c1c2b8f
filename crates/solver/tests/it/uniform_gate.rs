//! What is taken for uniform random k-SAT (few binary clauses and nine in
//! ten of one length, `ClauseDb::mostly_one_length`) and what not: a
//! formula of long clauses all of one length walks about a flip per
//! literal propagated; one whose long clauses have many lengths (a
//! circuit) walks a tenth of that, as a formula with many binary clauses
//! does, and gets reason-side bumping, the restart floor and the
//! structured reduction too.

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

/// The search's statistics after at most 20,000 conflicts with the
/// default options, the formula loaded whole (`from_cnf`) or, `one_by_one`,
/// clause by clause (`add_clause`): both ways count the clauses' lengths.
fn searched(cnf: &Cnf, one_by_one: bool) -> Stats {
    if !one_by_one {
        return searched_with(cnf, SolverConfig::default());
    }
    let mut solver = Solver::new(limited(SolverConfig::default()));
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    solver.solve();
    solver.stats().clone()
}

/// `config` stopped after 20,000 conflicts.
fn limited(config: SolverConfig) -> SolverConfig {
    SolverConfig {
        conflict_limit: Some(20_000),
        ..config
    }
}

#[test]
fn clauses_of_many_lengths_walk_a_tenth() {
    let (mut walks, mut flips, mut propagations) = (0, 0, 0);
    for seed in 0..8 {
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

/// What tells two searches apart.
fn search(stats: &Stats) -> (u64, u64, u64) {
    (stats.decisions, stats.propagations, stats.conflicts)
}

/// The statistics of `cnf` searched to 20,000 conflicts with `config`.
fn searched_with(cnf: &Cnf, config: SolverConfig) -> Stats {
    let mut solver = Solver::from_cnf(cnf, limited(config));
    solver.solve();
    solver.stats().clone()
}

#[test]
fn clauses_of_many_lengths_are_searched_as_structured_ones() {
    let (mut bumped, mut floored) = (0, 0);
    for seed in 0..4 {
        let cnf = mixed_lengths(seed);
        let default = searched_with(&cnf, SolverConfig::default());
        // Not reduced the lean way: the switch changes nothing.
        let no_lean = SolverConfig {
            lean_reduce: false,
            ..SolverConfig::default()
        };
        assert_eq!(
            search(&searched_with(&cnf, no_lean)),
            search(&default),
            "seed {seed}"
        );
        // Reason-side bumping and the restart floor take part.
        let no_bump = SolverConfig {
            bump_reasons: false,
            ..SolverConfig::default()
        };
        bumped += usize::from(search(&searched_with(&cnf, no_bump)) != search(&default));
        let no_floor = SolverConfig {
            restart_floor: false,
            ..SolverConfig::default()
        };
        floored += usize::from(search(&searched_with(&cnf, no_floor)) != search(&default));
    }
    assert!(
        bumped >= 2 && floored >= 2,
        "{bumped} bumped, {floored} floored of 4"
    );
}
