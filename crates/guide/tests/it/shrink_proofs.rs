//! Shrinking keeps DRAT proofs valid and models right: pigeonhole formulas
//! (where nearly every learnt clause has a block to shrink) and random
//! graph 3-colourings near the threshold, solved with `shrink` on, every
//! model checked and every proof verified by the workspace's checker; and
//! shrinking must have fired.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::Cnf;
use satoku_solver::{ProofFormat, SolverConfig};

use crate::support;
use crate::support::oracle::checked_with_proof;

fn shrinking() -> SolverConfig {
    SolverConfig {
        shrink: true,
        ..SolverConfig::default()
    }
}

/// Solves `cnf` with shrinking and a proof, checks the answer (model or
/// proof) and returns the literals shrinking removed, and whether SAT.
fn solve_and_check(cnf: &Cnf, what: &str) -> (u64, bool) {
    let (result, proof, stats) = support::solve_with_proof(cnf, shrinking(), ProofFormat::Binary);
    let sat = checked_with_proof(cnf, &result, &proof, what);
    (stats.shrunken_literals, sat)
}

#[test]
fn pigeonhole_refutations_with_shrunken_clauses_check() {
    for holes in 4..=7 {
        let (shrunken, _) = solve_and_check(&satoku_gen::pigeonhole(holes), "pigeonhole");
        assert!(shrunken > 0, "PHP({}, {holes}): nothing shrunk", holes + 1);
    }
}

#[test]
fn graph_colorings_keep_proofs_and_models() {
    // Random graphs near the 3-colouring threshold: both answers occur.
    let mut rng = ChaCha8Rng::seed_from_u64(0x5421);
    let (mut shrunken, mut sat, mut unsat) = (0, 0, 0);
    for case in 0..200 {
        let vertices = rng.gen_range(30..=60);
        let edges = vertices * rng.gen_range(21..=27) / 10;
        let cnf = satoku_gen::coloring(vertices, edges, 3, rng.gen());
        let (removed, is_sat) = solve_and_check(&cnf, &format!("case {case}"));
        shrunken += removed;
        if is_sat {
            sat += 1;
        } else {
            unsat += 1;
        }
    }
    assert!(
        shrunken > 500,
        "only {shrunken} literals shrunk in 200 formulas"
    );
    assert!(sat >= 10 && unsat >= 10, "{sat} satisfiable, {unsat} not");
}
