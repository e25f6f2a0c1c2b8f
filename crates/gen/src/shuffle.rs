//! Shuffling a formula: the same clauses under other variable names and
//! in another order ([`shuffle`]).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit, Var};

/// `cnf` with its variables renamed by a random permutation and its
/// clauses and each clause's literals put in a random order, all drawn
/// with `seed`: the same formula up to names and order, so satisfiable
/// exactly when `cnf` is (a model of one maps to a model of the other by
/// the renaming). Solvers break ties by variable number and clause order,
/// so their effort on a formula varies with these; several shuffles of
/// a file show the spread (as SAT competitions shuffle their benchmarks).
///
/// Signs are kept. The variables that occur are permuted among
/// themselves, so memory follows the literals, not the largest variable
/// number, and the formula declares `cnf`'s variables.
pub fn shuffle(cnf: &Cnf, seed: u64) -> Cnf {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut occurring: Vec<Var> = cnf.clauses().flatten().map(|l| l.var()).collect();
    occurring.sort_unstable();
    occurring.dedup();
    let mut names = occurring.clone();
    names.shuffle(&mut rng);
    let rename = |v: Var| names[occurring.binary_search(&v).expect("an occurring variable")];
    let mut order: Vec<usize> = (0..cnf.num_clauses()).collect();
    order.shuffle(&mut rng);
    let mut out = Cnf::with_capacity(cnf.num_clauses(), cnf.num_lits());
    out.ensure_vars(cnf.num_vars());
    let mut clause = Vec::new();
    for i in order {
        clause.clear();
        let renamed = cnf
            .clause(i)
            .iter()
            .map(|&l| Lit::new(rename(l.var()), l.is_negated()));
        clause.extend(renamed);
        clause.shuffle(&mut rng);
        out.add_clause(&clause);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::brute_force_sat;
    use crate::{pigeonhole, random_ksat};

    /// `cnf`'s clauses, each sorted, in sorted order: equal for two
    /// formulas that differ only in the order of clauses and literals.
    fn clause_set(cnf: &Cnf) -> Vec<Vec<i64>> {
        let mut all: Vec<Vec<i64>> = cnf
            .clauses()
            .map(|c| {
                let mut c: Vec<i64> = c.iter().map(|l| l.to_dimacs()).collect();
                c.sort_unstable();
                c
            })
            .collect();
        all.sort();
        all
    }

    #[test]
    fn shuffle_renames_and_reorders_only() {
        let cnf = random_ksat(12, 50, 3, 9);
        let shuffled = shuffle(&cnf, 4);
        assert_eq!(shuffled, shuffle(&cnf, 4), "same seed, same formula");
        assert_ne!(shuffled, shuffle(&cnf, 5));
        assert_ne!(clause_set(&shuffled), clause_set(&cnf), "renamed");
        assert_eq!(shuffled.num_vars(), 12);
        // What a renaming keeps: each clause's length and signs.
        let signature = |f: &Cnf| {
            let mut s: Vec<(usize, usize)> = f
                .clauses()
                .map(|c| (c.len(), c.iter().filter(|l| l.is_negated()).count()))
                .collect();
            s.sort_unstable();
            s
        };
        assert_eq!(signature(&shuffled), signature(&cnf));
    }

    #[test]
    fn shuffle_keeps_the_answer() {
        for seed in 0..40 {
            let cnf = random_ksat(10, 43, 3, seed);
            let shuffled = shuffle(&cnf, seed + 100);
            assert_eq!(
                brute_force_sat(&shuffled),
                brute_force_sat(&cnf),
                "seed {seed}"
            );
        }
        let php = pigeonhole(3);
        assert!(!brute_force_sat(&shuffle(&php, 1)));
    }

    #[test]
    fn shuffle_of_the_identity_renaming_is_the_clause_set() {
        // One variable: the only renaming is the identity, so the clause
        // set is unchanged and only the order moves.
        let cnf = Cnf::from_dimacs(&[&[1], &[-1, 1], &[-1]]);
        assert_eq!(clause_set(&shuffle(&cnf, 3)), clause_set(&cnf));
    }
}
