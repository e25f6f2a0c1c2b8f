//! The checker against a brute-force reference on thousands of random small
//! formulas and proofs (valid steps, mutated lemmas, RAT definitions of
//! extension variables, deletions), and on a proof of many RAT definitions.
//!
//! The reference keeps the live clauses in a list and decides RUP by naive
//! unit propagation to a fixpoint, and RAT by trying every live clause that
//! holds the negated pivot. It shares the checker's conventions: the pivot
//! is a lemma's first literal, deleting a missing or one-literal clause is
//! ignored. Deleting the reason of a root assignment is ignored by the
//! checker only, so the generated proofs never delete a clause satisfied at
//! the root (which every such reason is).

use std::collections::HashMap;

use satoku_drat::{check, CheckOptions, Outcome, Refutation};
use satoku_formula::{Cnf, Lit};

/// A small xorshift generator: the cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn lit(&mut self, num_vars: usize) -> i64 {
        let var = self.below(num_vars) as i64 + 1;
        if self.next() & 1 == 0 {
            var
        } else {
            -var
        }
    }
}

/// What the reference decided so far.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Open,
    Verified(Refutation),
    NotImplied(u64),
}

/// The brute-force checker.
struct Reference {
    live: Vec<Vec<i64>>,
    num_lemmas: u64,
    num_rat_lemmas: u64,
    answer: Answer,
}

type Assignment = HashMap<u64, bool>;

fn value(assignment: &Assignment, lit: i64) -> Option<bool> {
    assignment.get(&lit.unsigned_abs()).map(|&v| v == (lit > 0))
}

fn set_true(assignment: &mut Assignment, lit: i64) {
    assignment.insert(lit.unsigned_abs(), lit > 0);
}

fn dedupe(clause: &[i64]) -> Vec<i64> {
    let mut out = Vec::new();
    for &lit in clause {
        if !out.contains(&lit) {
            out.push(lit);
        }
    }
    out
}

fn same_set(a: &[i64], b: &[i64]) -> bool {
    a.len() == b.len() && a.iter().all(|l| b.contains(l))
}

impl Reference {
    fn new(formula: &[Vec<i64>]) -> Reference {
        let mut reference = Reference {
            live: formula.iter().map(|c| dedupe(c)).collect(),
            num_lemmas: 0,
            num_rat_lemmas: 0,
            answer: Answer::Open,
        };
        if formula.iter().any(|c| c.is_empty()) {
            reference.answer = Answer::Verified(Refutation::EmptyClauseInFormula);
        } else if reference.root().is_none() {
            reference.answer = Answer::Verified(Refutation::FormulaPropagation);
        }
        reference
    }

    /// Propagates to a fixpoint; false on a conflict.
    fn propagate(&self, assignment: &mut Assignment) -> bool {
        loop {
            let mut changed = false;
            for clause in &self.live {
                let values: Vec<_> = clause.iter().map(|&l| value(assignment, l)).collect();
                if values.contains(&Some(true)) {
                    continue;
                }
                let open: Vec<i64> = (0..clause.len())
                    .filter(|&i| values[i].is_none())
                    .map(|i| clause[i])
                    .collect();
                match open[..] {
                    [] => return false,
                    [unit] => {
                        set_true(assignment, unit);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The root assignment, or `None` on a root conflict.
    fn root(&self) -> Option<Assignment> {
        let mut assignment = Assignment::new();
        self.propagate(&mut assignment).then_some(assignment)
    }

    fn is_rup(&self, clause: &[i64]) -> bool {
        let Some(mut assignment) = self.root() else {
            return true;
        };
        for &lit in clause {
            match value(&assignment, lit) {
                Some(true) => return true,
                Some(false) => {}
                None => set_true(&mut assignment, -lit),
            }
        }
        !self.propagate(&mut assignment)
    }

    fn is_rat(&self, lemma: &[i64]) -> bool {
        let Some(&pivot) = lemma.first() else {
            return false;
        };
        self.live.iter().filter(|d| d.contains(&-pivot)).all(|d| {
            let mut resolvent = lemma.to_vec();
            resolvent.extend(d.iter().filter(|&&l| l != -pivot));
            self.is_rup(&resolvent)
        })
    }

    fn add(&mut self, lemma: &[i64]) {
        self.num_lemmas += 1;
        let rup = self.is_rup(lemma);
        if !rup && !self.is_rat(lemma) {
            self.answer = Answer::NotImplied(self.num_lemmas);
            return;
        }
        self.num_rat_lemmas += u64::from(!rup);
        self.live.push(dedupe(lemma));
        if self.root().is_none() {
            self.answer = Answer::Verified(Refutation::Lemma {
                index: self.num_lemmas,
            });
        }
    }

    fn delete(&mut self, clause: &[i64]) {
        let clause = dedupe(clause);
        if let Some(at) = self.live.iter().position(|c| same_set(c, &clause)) {
            if self.live[at].len() > 1 {
                self.live.remove(at);
            }
        }
    }

    /// A live clause of two or more literals none of which is true at the root.
    fn deletable(&self, rng: &mut Rng) -> Option<Vec<i64>> {
        let root = self.root()?;
        let candidates: Vec<&Vec<i64>> = self
            .live
            .iter()
            .filter(|c| c.len() > 1 && !c.iter().any(|&l| value(&root, l) == Some(true)))
            .collect();
        (!candidates.is_empty()).then(|| candidates[rng.below(candidates.len())].clone())
    }
}

/// A lemma likely to be implied (a resolvent, a weakening, a definition of
/// an extension variable), or a random clause, sometimes with one literal
/// flipped.
fn lemma(rng: &mut Rng, live: &[Vec<i64>], num_vars: usize) -> Vec<i64> {
    let pick = |rng: &mut Rng| live[rng.below(live.len())].clone();
    let mut lemma = match rng.below(5) {
        0 => {
            let (a, b) = (pick(rng), pick(rng));
            let pivot = a.iter().copied().find(|l| b.contains(&-l));
            match pivot {
                Some(p) => a
                    .iter()
                    .chain(&b)
                    .copied()
                    .filter(|&l| l != p && l != -p)
                    .collect(),
                None => a,
            }
        }
        1 => {
            let mut weaker = pick(rng);
            weaker.truncate(rng.below(weaker.len() + 1));
            weaker.push(rng.lit(num_vars));
            weaker
        }
        2 => {
            // An extension variable first: its definitions are RAT.
            let ext = (num_vars + 1 + rng.below(2)) as i64;
            let first = if rng.next() & 1 == 0 { ext } else { -ext };
            let mut def = vec![first];
            def.extend((0..rng.below(3)).map(|_| rng.lit(num_vars)));
            def
        }
        _ => (0..rng.below(4)).map(|_| rng.lit(num_vars + 2)).collect(),
    };
    if !lemma.is_empty() && rng.below(6) == 0 {
        let at = rng.below(lemma.len());
        lemma[at] = -lemma[at];
    }
    lemma
}

/// A random formula, and a proof built step by step against the reference;
/// returns the formula, the proof text and the reference.
fn random_case(rng: &mut Rng) -> (Vec<Vec<i64>>, String, Reference) {
    let num_vars = 3 + rng.below(3);
    let formula: Vec<Vec<i64>> = (0..6 + rng.below(14))
        .map(|_| (0..2 + rng.below(2)).map(|_| rng.lit(num_vars)).collect())
        .collect();
    let mut reference = Reference::new(&formula);
    let mut proof = String::new();
    for _ in 0..1 + rng.below(20) {
        if reference.answer != Answer::Open {
            break;
        }
        let deletion = if rng.below(5) == 0 {
            reference.deletable(rng)
        } else {
            None
        };
        let (prefix, clause) = match deletion {
            Some(clause) => ("d ", clause),
            None => ("", lemma(rng, &reference.live, num_vars)),
        };
        proof.push_str(prefix);
        for lit in &clause {
            proof.push_str(&format!("{lit} "));
        }
        proof.push_str("0\n");
        if prefix.is_empty() {
            reference.add(&clause);
        } else {
            reference.delete(&clause);
        }
    }
    (formula, proof, reference)
}

fn to_cnf(formula: &[Vec<i64>]) -> Cnf {
    let refs: Vec<&[i64]> = formula.iter().map(|c| &c[..]).collect();
    Cnf::from_dimacs(&refs)
}

#[test]
fn random_proofs_get_the_reference_verdict() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut verified, mut rejected, mut rat_lemmas) = (0, 0, 0);
    for case in 0..4000 {
        let (formula, proof, reference) = random_case(&mut rng);
        let verdict = check(
            &to_cnf(&formula),
            proof.as_bytes(),
            &CheckOptions::default(),
        )
        .expect("well-formed proof");
        let answer = match verdict.outcome {
            Outcome::Verified(refutation) => Answer::Verified(refutation),
            Outcome::LemmaNotImplied { index, .. } => Answer::NotImplied(index),
            Outcome::NoEmptyClause => Answer::Open,
            other => panic!("unexpected outcome {other:?}"),
        };
        assert_eq!(
            answer, reference.answer,
            "case {case}: formula {formula:?}, proof:\n{proof}"
        );
        verified += u32::from(matches!(answer, Answer::Verified(Refutation::Lemma { .. })));
        rejected += u32::from(matches!(answer, Answer::NotImplied(_)));
        rat_lemmas += reference.num_rat_lemmas;
    }
    // The cases exercise every path, RAT included.
    assert!(
        verified > 100 && rejected > 100 && rat_lemmas > 1000,
        "{verified} {rejected} {rat_lemmas}"
    );
}

/// Eight clauses over 1..3 (unsatisfiable), `filler` random 3-clauses over
/// variables 4..1003, and a proof that first defines `defs` extension
/// variables `x <-> a & b` (three RAT lemmas each), then refutes the eight.
fn definitions_case(defs: usize, filler: usize) -> (Cnf, String) {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut formula: Vec<Vec<i64>> = (0..8)
        .map(|bits| {
            (0..3)
                .map(|i| if bits >> i & 1 == 1 { -(i + 1) } else { i + 1 })
                .collect()
        })
        .collect();
    let var = |rng: &mut Rng| 4 + rng.below(1000) as i64;
    for _ in 0..filler {
        formula.push((0..3).map(|_| var(&mut rng)).collect());
    }
    let mut proof = String::new();
    for i in 0..defs as i64 {
        let (x, a) = (1004 + i, var(&mut rng));
        let b = 4 + (a - 4 + 1 + rng.below(999) as i64) % 1000;
        proof.push_str(&format!(
            "{} {a} 0\n{} {b} 0\n{x} {} {} 0\n",
            -x, -x, -a, -b
        ));
    }
    proof.push_str("1 2 0\nd 1 2 3 0\n1 0\n2 0\n0\n");
    (to_cnf(&formula), proof)
}

#[test]
fn many_rat_definitions_are_verified() {
    let (cnf, proof) = definitions_case(20_000, 20_000);
    let verdict = check(&cnf, proof.as_bytes(), &CheckOptions::default()).unwrap();
    assert_eq!(
        verdict.outcome,
        Outcome::Verified(Refutation::Lemma { index: 60_003 })
    );
    assert_eq!(verdict.stats.num_rat_checks, 60_000);
    // Only the third clause of a definition has candidates: the first two.
    assert_eq!(verdict.stats.num_rat_candidates, 40_000);
}

#[test]
fn a_clause_contradicting_a_definition_is_rejected() {
    let (cnf, mut proof) = definitions_case(100, 100);
    // x1004 <-> x5 & x6, then (-1004 -5): not RUP, and its resolvent with
    // (1004 -5 -6) on the pivot, (-1004 -5 -6), is not RUP either.
    proof.insert_str(0, "-1004 5 0\n-1004 6 0\n1004 -5 -6 0\n-1004 -5 0\n");
    let verdict = check(&cnf, proof.as_bytes(), &CheckOptions::default()).unwrap();
    assert!(
        matches!(verdict.outcome, Outcome::LemmaNotImplied { index: 4, .. }),
        "{:?}",
        verdict.outcome
    );
    let lit = Lit::from_dimacs(-1004);
    assert!(matches!(&verdict.outcome, Outcome::LemmaNotImplied { lemma, .. } if lemma[0] == lit));
}
