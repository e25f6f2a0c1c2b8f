//! Helpers shared by the solver's integration tests. (Tests that also need
//! the DIMACS parser live in `crates/examples/tests`, so that this crate's
//! dev-dependencies stay below it in the crate graph; the DRAT checker
//! depends on `satoku-formula` alone, so tests here may check proofs.)

use rand::Rng;
use satoku_formula::Lit;

/// `count` random literals over variables `1..=num_vars`, either sign
/// (repeats allowed: assumptions may repeat or contradict each other).
pub fn random_lits(rng: &mut impl Rng, num_vars: usize, count: usize) -> Vec<Lit> {
    (0..count)
        .map(|_| {
            let v = rng.gen_range(1..=num_vars as i64);
            Lit::from_dimacs(if rng.gen_bool(0.5) { v } else { -v })
        })
        .collect()
}
