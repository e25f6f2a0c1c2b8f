use super::*;

fn signatures(clauses: &[&[i64]]) -> Vec<Signature> {
    let mut all: Vec<Signature> = clauses
        .iter()
        .filter_map(|c| signature(&Lit::vec_from_dimacs(c)))
        .collect();
    all.sort_unstable();
    all
}

fn xors_of(clauses: &[&[i64]]) -> Vec<Xor> {
    let mut xors = Vec::new();
    read_xors(&signatures(clauses), &mut xors);
    xors
}

#[test]
fn the_four_clauses_of_a_ternary_xor_are_read_with_their_parity() {
    // 1 ⊕ 2 ⊕ 3 = 1: forbid the four even assignments.
    let odd: &[&[i64]] = &[&[1, 2, 3], &[-1, -2, 3], &[-1, 2, -3], &[1, -2, -3]];
    assert_eq!(
        xors_of(odd),
        vec![Xor {
            vars: vec![0, 1, 2],
            parity: true
        }]
    );
    // 1 ⊕ 2 ⊕ 3 = 0, the literals in any order.
    let even: &[&[i64]] = &[&[3, 2, -1], &[-3, 1, 2], &[3, -2, 1], &[-2, -3, -1]];
    assert!(!xors_of(even)[0].parity);
}

#[test]
fn three_of_the_four_clauses_are_no_xor_and_a_duplicate_does_not_count() {
    assert!(xors_of(&[&[1, 2, 3], &[-1, -2, 3], &[-1, 2, -3]]).is_empty());
    let with_duplicate: &[&[i64]] = &[&[1, 2, 3], &[-1, -2, 3], &[-1, 2, -3], &[3, -2, -1]];
    assert!(xors_of(with_duplicate).is_empty());
}

#[test]
fn a_group_with_both_parities_states_both_xors() {
    let mut all: Vec<Vec<i64>> = Vec::new();
    for a in [1, -1] {
        for b in [2, -2] {
            all.push(vec![a, b]);
        }
    }
    let clauses: Vec<&[i64]> = all.iter().map(|c| c.as_slice()).collect();
    let parities: Vec<bool> = xors_of(&clauses).iter().map(|x| x.parity).collect();
    assert_eq!(parities, vec![true, false]);
}

/// A solver on `clauses` after one elimination round at the root.
fn after_gauss(clauses: &[&[i64]]) -> Solver {
    let cnf = satoku_formula::Cnf::from_dimacs(clauses);
    let mut solver = Solver::from_cnf(&cnf, crate::SolverConfig::default());
    assert!(solver.propagate().is_none());
    assert!(solver.gauss());
    solver
}

#[test]
fn the_round_s_xors_are_taken_while_nothing_changed_and_read_again_after() {
    // 1 ⊕ 2 ⊕ 3 = 1 and 3 ⊕ 4 ⊕ 5 = 0: nothing to derive.
    let quiet: &[&[i64]] = &[
        &[1, 2, 3],
        &[-1, -2, 3],
        &[-1, 2, -3],
        &[1, -2, -3],
        &[3, 4, -5],
        &[3, -4, 5],
        &[-3, 4, 5],
        &[-3, -4, -5],
    ];
    let mut solver = after_gauss(quiet);
    assert_eq!(
        solver.probing.xors.read.as_ref().map(|r| r.1.len()),
        Some(2)
    );
    assert_eq!(solver.take_xors(), solver.extract_xors());
    assert!(solver.probing.xors.read.is_none(), "taken, not kept");
    // 1 ⊕ 2 ⊕ 3 = 1 and 1 ⊕ 2 = 0: their sum says 3 = 1, a root
    // unit, after which only 1 ⊕ 2 = 0 is left open.
    let unit: &[&[i64]] = &[
        &[1, 2, 3],
        &[-1, -2, 3],
        &[-1, 2, -3],
        &[1, -2, -3],
        &[1, -2],
        &[-1, 2],
    ];
    let mut solver = after_gauss(unit);
    let now = solver.extract_xors();
    assert_ne!(solver.probing.xors.read.as_ref().map(|r| &r.1), Some(&now));
    assert_eq!(solver.take_xors(), now);
}

#[test]
fn a_clause_with_a_repeated_variable_has_no_signature() {
    assert_eq!(signature(&Lit::vec_from_dimacs(&[1, -1, 2])), None);
    assert_eq!(signature(&Lit::vec_from_dimacs(&[2, 1])).unwrap().2, 0);
}

/// The XORs of `solver` read the plain way: every usable clause's
/// signature, sorted as one list and grouped.
fn xors_by_signature(solver: &Solver) -> Vec<Xor> {
    let db = &solver.db;
    let open = |l: &Lit| solver.trail.value(*l) == OPEN && solver.vars.is_active(l.var());
    let mut all: Vec<Signature> = db
        .originals()
        .iter()
        .filter(|&&c| !db.is_deleted(c) && (2..=MAX_XOR_LEN).contains(&db.len(c)))
        .filter(|&&c| db.lits(c).iter().all(open))
        .filter_map(|&c| signature(db.lits(c)))
        .collect();
    all.sort_unstable();
    let mut xors = Vec::new();
    for same in all.chunk_by(|x, y| (x.0, x.1) == (y.0, y.1)) {
        read_xors(same, &mut xors);
    }
    xors
}

/// A random formula over `n` variables: XORs of 2 to 6 variables, some
/// with a clause missing or doubled, among random clauses of 1 to 7
/// literals (some with a variable twice).
fn formula_with_xors(rng: &mut impl rand::Rng, n: u32) -> Vec<Vec<i64>> {
    use rand::seq::SliceRandom;
    let lit = |v: u32, negative: bool| {
        if negative {
            -i64::from(v)
        } else {
            i64::from(v)
        }
    };
    let mut clauses = Vec::new();
    for _ in 0..rng.gen_range(0..4) {
        let k = rng.gen_range(2..=6.min(n));
        let mut vars: Vec<u32> = (1..=n).collect();
        vars.shuffle(rng);
        vars.truncate(k as usize);
        let parity = rng.gen_bool(0.5);
        for mask in 0..1u32 << k {
            if (mask.count_ones() % 2 == 1) == parity || rng.gen_bool(0.05) {
                continue; // of the other parity, or left out
            }
            let mut clause: Vec<i64> = (0..k)
                .map(|i| lit(vars[i as usize], mask >> i & 1 == 1))
                .collect();
            clause.shuffle(rng);
            if rng.gen_bool(0.05) {
                clauses.push(clause.clone());
            }
            clauses.push(clause);
        }
    }
    for _ in 0..rng.gen_range(0..12) {
        let len = rng.gen_range(1..=7);
        let clause = (0..len).map(|_| lit(rng.gen_range(1..=n), rng.gen_bool(0.5)));
        clauses.push(clause.collect());
    }
    clauses.shuffle(rng);
    clauses
}

#[test]
fn the_xors_read_by_key_are_those_of_every_signature_sorted_in_one_list() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let mut found = 0;
    for _ in 0..3000 {
        let n = rng.gen_range(2..=9);
        let clauses = formula_with_xors(&mut rng, n);
        let slices: Vec<&[i64]> = clauses.iter().map(|c| c.as_slice()).collect();
        let cnf = satoku_formula::Cnf::from_dimacs(&slices);
        let solver = Solver::from_cnf(&cnf, crate::SolverConfig::default());
        let expected = xors_by_signature(&solver);
        found += expected.len();
        assert_eq!(solver.extract_xors(), expected, "{clauses:?}");
    }
    assert!(found > 1000, "the formulas state XORs: {found}");
}
