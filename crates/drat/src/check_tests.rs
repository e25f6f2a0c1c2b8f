//! Tests of [`check`](crate::check) on hand-made formulas and proofs.

use satoku_formula::{Cnf, Lit};

use crate::{check, CheckOptions, Error, Format, Outcome, Position, Refutation, Verdict};

/// All eight clauses over variables 1..3: unsatisfiable, but not by unit
/// propagation alone.
fn full3() -> Cnf {
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    for bits in 0..8 {
        clauses.push(
            (0..3)
                .map(|i| if bits >> i & 1 == 1 { -(i + 1) } else { i + 1 })
                .collect(),
        );
    }
    let refs: Vec<&[i64]> = clauses.iter().map(|c| &c[..]).collect();
    Cnf::from_dimacs(&refs)
}

fn run(cnf: &Cnf, proof: &[u8]) -> Verdict {
    check(cnf, proof, &CheckOptions::default()).unwrap()
}

/// The binary DRAT encoding of a text proof (no comments).
fn to_binary(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for line in text.lines() {
        let (kind, rest) = match line.strip_prefix("d ") {
            Some(rest) => (b'd', rest),
            None => (b'a', line),
        };
        out.push(kind);
        for n in rest.split_whitespace().map(|t| t.parse::<i64>().unwrap()) {
            let mut x = 2 * n.unsigned_abs() + u64::from(n < 0);
            if n == 0 {
                x = 0;
            }
            while x > 127 {
                out.push((x & 127) as u8 | 128);
                x >>= 7;
            }
            out.push(x as u8);
        }
    }
    out
}

const RUP_PROOF: &str = "1 2 0\nd 1 2 3 0\n1 0\n2 0\n0\n";

#[test]
fn a_rup_proof_is_verified_in_text_and_binary() {
    let text = run(&full3(), RUP_PROOF.as_bytes());
    assert_eq!(
        text.outcome,
        Outcome::Verified(Refutation::Lemma { index: 3 })
    );
    assert_eq!(text.stats.num_lemmas, 3);
    assert_eq!(text.stats.num_deletions, 1);
    assert_eq!(text.stats.num_rat_checks, 0);
    let binary = run(&full3(), &to_binary(RUP_PROOF));
    assert_eq!(binary, text);
    let forced = CheckOptions {
        format: Some(Format::Binary),
        strict: true,
    };
    assert_eq!(
        check(&full3(), &to_binary(RUP_PROOF)[..], &forced).unwrap(),
        text
    );
}

#[test]
fn rat_definitions_of_an_extension_variable_are_accepted() {
    // x4 <-> x1 & x2, then a RUP refutation that uses x4.
    let proof = "-4 1 0\n-4 2 0\n4 -1 -2 0\n-4 0\n-1 0\n2 0\n";
    let verdict = run(&full3(), proof.as_bytes());
    assert_eq!(
        verdict.outcome,
        Outcome::Verified(Refutation::Lemma { index: 6 })
    );
    // Only the first definition needs RAT (no clause holds x4 yet, so it has
    // no candidate); in this formula the other two happen to be RUP.
    assert_eq!(verdict.stats.num_rat_checks, 1);
    assert_eq!(verdict.stats.num_rat_candidates, 0);
    assert_eq!(run(&full3(), &to_binary(proof)), verdict);
}

#[test]
fn a_rat_lemma_needs_every_resolvent_to_be_rup() {
    // (1) is not RUP, but its only resolvent on 1 is (1 2), a clause.
    let f = Cnf::from_dimacs(&[&[-1, 2], &[1, 2]]);
    let verdict = run(&f, b"1 0\n");
    assert_eq!(verdict.outcome, Outcome::NoEmptyClause);
    assert_eq!(verdict.stats.num_rat_checks, 1);
    assert_eq!(verdict.stats.num_rat_candidates, 1);
    // Here the resolvent (1 2) propagates 3 and no conflict: not RAT.
    let f = Cnf::from_dimacs(&[&[-1, 2], &[1, 3]]);
    let verdict = run(&f, b"1 0\n");
    assert!(matches!(
        verdict.outcome,
        Outcome::LemmaNotImplied { index: 1, .. }
    ));
    // The pivot is the first literal: (2 -1) is checked on 2, and fails.
    let f = Cnf::from_dimacs(&[&[-2, 3], &[-2, -3, -1], &[1, 2]]);
    assert!(!run(&f, b"2 -1 0\n").is_verified());
}

#[test]
fn a_lemma_that_does_not_follow_is_rejected_with_its_position() {
    let proof = "c first a good lemma\n1 2 0\n\n1 -3 0\n";
    // Without (1 2 3) the formula is satisfiable and (1 2) is not implied.
    let satisfiable = Cnf::from_dimacs(&[&[1, 2, -3], &[1, -2, 3], &[-1, 2, 3], &[-1, -2, -3]]);
    let verdict = run(&satisfiable, proof.as_bytes());
    let expected = Outcome::LemmaNotImplied {
        index: 1,
        position: Position::Line(2),
        lemma: vec![Lit::from_dimacs(1), Lit::from_dimacs(2)],
    };
    assert_eq!(verdict.outcome, expected);
    assert_eq!(
        verdict.outcome.to_string(),
        "lemma 1 at line 2 is neither RUP nor RAT: 1 2 0"
    );
    let binary = run(&satisfiable, &to_binary("1 2 0\n1 -3 0\n"));
    assert!(matches!(
        binary.outcome,
        Outcome::LemmaNotImplied {
            index: 1,
            position: Position::Byte(0),
            ..
        }
    ));
}

#[test]
fn a_proof_without_the_empty_clause_is_rejected() {
    let verdict = run(&full3(), b"1 2 0\n1 0\n");
    assert_eq!(verdict.outcome, Outcome::NoEmptyClause);
    assert_eq!(
        verdict.outcome.to_string(),
        "the proof does not derive the empty clause"
    );
    assert_eq!(run(&full3(), b"").outcome, Outcome::NoEmptyClause);
    assert_eq!(
        run(&full3(), b"c only a comment\n").outcome,
        Outcome::NoEmptyClause
    );
    // An empty lemma before the conflict is not RUP.
    let verdict = run(&full3(), b"1 2 0\n0\n");
    assert!(matches!(
        verdict.outcome,
        Outcome::LemmaNotImplied { index: 2, .. }
    ));
}

#[test]
fn trivially_unsatisfiable_formulas_need_no_proof() {
    let with_empty = Cnf::from_dimacs(&[&[1, 2], &[]]);
    assert_eq!(
        run(&with_empty, b"").outcome,
        Outcome::Verified(Refutation::EmptyClauseInFormula)
    );
    // The proof is still read: a malformed one is an error, not verified.
    assert!(check(&with_empty, &b"garbage"[..], &CheckOptions::default()).is_err());
    let by_units = Cnf::from_dimacs(&[&[1], &[-1, 2], &[-2, -1]]);
    assert_eq!(
        run(&by_units, b"").outcome,
        Outcome::Verified(Refutation::FormulaPropagation)
    );
}

#[test]
fn deletions_remove_clauses_from_later_checks() {
    // Without (1 2 3) the lemma (1 2) is not RUP.
    let verdict = run(&full3(), b"d 3 2 1 0\n1 2 0\n");
    assert!(matches!(
        verdict.outcome,
        Outcome::LemmaNotImplied { index: 1, .. }
    ));
    // Deleting one of two copies keeps the other.
    let mut twice = full3();
    twice.add_clause(&[1, 2, 3].map(Lit::from_dimacs));
    assert!(run(&twice, format!("d 1 2 3 0\n{RUP_PROOF}").as_bytes()).is_verified());
}

#[test]
fn missing_and_unit_deletions_are_ignored_and_counted() {
    let proof = format!("d 1 2 0\n{RUP_PROOF}");
    let verdict = run(&full3(), proof.as_bytes());
    assert!(verdict.is_verified());
    assert_eq!(verdict.stats.num_missing_deletions, 1);
    assert_eq!(verdict.stats.num_deletions, 2);

    let strict = CheckOptions {
        format: None,
        strict: true,
    };
    let err = check(&full3(), proof.as_bytes(), &strict).unwrap_err();
    assert!(matches!(
        err,
        Error::DeletedClauseNotFound {
            position: Position::Line(1),
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "line 1: deletion of a clause that is not present: 1 2 0"
    );

    // x1 is a unit and (-1 2) the reason of x2: deleting either is ignored,
    // so the refutation that needs them still checks.
    let f = Cnf::from_dimacs(&[
        &[1],
        &[-1, 2],
        &[-2, 3, 4],
        &[-2, 3, -4],
        &[-3, 4],
        &[-3, -4],
    ]);
    let verdict = run(&f, b"d 1 0\nd 2 -1 0\n3 0\n");
    assert_eq!(
        verdict.outcome,
        Outcome::Verified(Refutation::Lemma { index: 1 })
    );
    assert_eq!(verdict.stats.num_unit_deletions, 2);
}

#[test]
fn tautologies_duplicates_and_extension_variables_are_fine() {
    let proof = "5 -5 0\n1 1 2 2 0\nd 2 1 0\n1 2 0\n2147483647 0\n1 0\n2 0\n";
    let verdict = run(&full3(), proof.as_bytes());
    assert_eq!(
        verdict.outcome,
        Outcome::Verified(Refutation::Lemma { index: 6 })
    );
    // A fresh unit over an extension variable is RAT (no clause holds its negation).
    assert_eq!(verdict.stats.num_rat_checks, 1);
}

#[test]
fn malformed_proofs_are_errors_with_positions() {
    let err = check(&full3(), &b"1 2 0\n1 two 0\n"[..], &CheckOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: unexpected `two` in a text DRAT proof"
    );
    let err = check(&full3(), &b"1 2"[..], &CheckOptions::default()).unwrap_err();
    assert!(matches!(
        err,
        Error::Unterminated {
            position: Position::Line(1)
        }
    ));
    let err = check(
        &full3(),
        &[b'a', 2, 4, 0, 0x7f][..],
        &CheckOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(
        err,
        Error::BadStep {
            position: Position::Byte(4),
            byte: 0x7f
        }
    ));
}

#[test]
fn random_garbage_never_panics() {
    // A small xorshift generator: no dependency needed for junk bytes.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..2000 {
        let len = (next() % 200) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        if round % 2 == 0 {
            // Mostly-valid text and binary, with junk mixed in.
            let alphabet = b"0123456789- dca\n\x00\x80\xff";
            bytes = bytes
                .iter()
                .map(|&b| alphabet[b as usize % alphabet.len()])
                .collect();
        }
        let _ = check(&full3(), &bytes[..], &CheckOptions::default());
    }
}

#[test]
fn a_huge_declared_variable_count_allocates_nothing() {
    let mut f = full3();
    f.ensure_vars(satoku_formula::Var::MAX_DIMACS as usize);
    let proof = format!("2147483647 0\n{RUP_PROOF}");
    assert!(run(&f, proof.as_bytes()).is_verified());
}

#[test]
fn many_deletions_purge_watch_lists_without_losing_live_clauses() {
    // 1500 added-then-deleted clauses trigger the watch-list purge.
    let mut proof = String::new();
    for i in 0..1500 {
        proof.push_str(&format!("-1 {} 0\nd {} -1 0\n", i + 4, i + 4));
    }
    proof.push_str(RUP_PROOF);
    let verdict = run(&full3(), proof.as_bytes());
    assert_eq!(
        verdict.outcome,
        Outcome::Verified(Refutation::Lemma { index: 1503 })
    );
    assert_eq!(verdict.stats.num_deletions, 1501);
    assert_eq!(verdict.stats.num_missing_deletions, 0);
}
