//! The checker against real proofs: the CDCL solver's DRAT proofs of
//! pigeonhole and random 3-SAT formulas, text and binary, are verified, and
//! the same proofs with a lemma broken, or cut short, are rejected.

use satoku_drat::{check, CheckOptions, Format, Outcome, ProofReader, StepKind};
use satoku_formula::{Cnf, Lit};
use satoku_solver::{ProofFormat, SolveResult, SolverConfig};

use crate::support;

/// Solves `cnf` with a proof; `None` when it is satisfiable.
fn solve_with_proof(cnf: &Cnf, format: ProofFormat) -> Option<Vec<u8>> {
    match support::solve_with_proof(cnf, SolverConfig::default(), format) {
        (SolveResult::Unsat, proof, _) => Some(proof),
        (SolveResult::Sat(_), ..) => None,
        (SolveResult::Unknown, ..) => panic!("no limit was set"),
    }
}

type Steps = Vec<(StepKind, Vec<Lit>)>;

fn read_steps(proof: &[u8]) -> Steps {
    let mut reader = ProofReader::new(proof, None).unwrap();
    let mut lits = Vec::new();
    let mut steps = Vec::new();
    while let Some(step) = reader.next_step(&mut lits).unwrap() {
        steps.push((step.kind, lits.clone()));
    }
    steps
}

fn write_steps(steps: &Steps, format: Format) -> Vec<u8> {
    let mut out = Vec::new();
    for (kind, lits) in steps {
        match format {
            Format::Text => {
                if *kind == StepKind::Delete {
                    out.extend_from_slice(b"d ");
                }
                for lit in lits {
                    out.extend_from_slice(format!("{lit} ").as_bytes());
                }
                out.extend_from_slice(b"0\n");
            }
            Format::Binary => {
                out.push(if *kind == StepKind::Add { b'a' } else { b'd' });
                for lit in lits {
                    let mut x = 2 * u64::from(lit.var().to_dimacs()) + u64::from(lit.is_negated());
                    while x > 127 {
                        out.push((x & 127) as u8 | 128);
                        x >>= 7;
                    }
                    out.push(x as u8);
                }
                out.push(0);
            }
        }
    }
    out
}

/// The proof verifies in both formats; broken copies are rejected.
fn assert_checks(name: &str, cnf: &Cnf) {
    for (solver_format, format) in [
        (ProofFormat::Text, Format::Text),
        (ProofFormat::Binary, Format::Binary),
    ] {
        let proof = solve_with_proof(cnf, solver_format).expect("unsatisfiable");
        let verdict = check(cnf, &proof[..], &CheckOptions::default()).unwrap();
        assert!(
            verdict.is_verified(),
            "{name} {format:?}: {}",
            verdict.outcome
        );
        assert_eq!(verdict.stats.num_missing_deletions, 0, "{name}");

        let steps = read_steps(&proof);
        let lemmas: Vec<usize> = (0..steps.len())
            .filter(|&i| steps[i].0 == StepKind::Add)
            .collect();
        assert!(lemmas.len() >= 4, "{name}: only {} lemmas", lemmas.len());
        let half = lemmas.len() / 2;

        // Lemma number `half + 1` replaced by the empty clause.
        let mut broken = steps.clone();
        broken[lemmas[half]].1.clear();
        let verdict = check(
            cnf,
            &write_steps(&broken, format)[..],
            &CheckOptions::default(),
        )
        .unwrap();
        match verdict.outcome {
            Outcome::LemmaNotImplied {
                index, ref lemma, ..
            } => {
                assert_eq!(index, half as u64 + 1, "{name} {format:?}");
                assert!(lemma.is_empty());
            }
            ref other => panic!("{name} {format:?}: broken proof gave {other}"),
        }

        // The proof cut in half.
        let cut: Steps = steps[..lemmas[half]].to_vec();
        let verdict = check(
            cnf,
            &write_steps(&cut, format)[..],
            &CheckOptions::default(),
        )
        .unwrap();
        assert_eq!(verdict.outcome, Outcome::NoEmptyClause, "{name} {format:?}");
    }
}

#[test]
fn pigeonhole_proofs_check() {
    for holes in 4..=6 {
        let cnf = satoku_gen::pigeonhole(holes);
        assert_checks(&format!("PHP({}, {holes})", holes + 1), &cnf);
    }
}

#[test]
fn random_3sat_proofs_check() {
    let mut unsat = 0;
    for seed in 0..6 {
        let cnf = satoku_gen::random_ksat(60, 330, 3, seed);
        if solve_with_proof(&cnf, ProofFormat::Text).is_none() {
            continue;
        }
        unsat += 1;
        assert_checks(&format!("random 3-SAT seed {seed}"), &cnf);
    }
    assert!(unsat >= 4, "only {unsat} of 6 formulas were unsatisfiable");
}

#[test]
fn a_lemma_with_a_flipped_literal_is_rejected() {
    // Flip the first literal of each lemma in turn, from the start, until one
    // is no longer implied: the checker must then name that very lemma.
    let cnf = satoku_gen::pigeonhole(4);
    let steps = read_steps(&solve_with_proof(&cnf, ProofFormat::Text).unwrap());
    let lemmas: Vec<usize> = (0..steps.len())
        .filter(|&i| steps[i].0 == StepKind::Add && !steps[i].1.is_empty())
        .collect();
    let mut rejected = 0;
    for (n, &i) in lemmas.iter().enumerate().take(40) {
        let mut broken = steps.clone();
        broken[i].1[0] = !broken[i].1[0];
        let proof = write_steps(&broken, Format::Text);
        let verdict = check(&cnf, &proof[..], &CheckOptions::default()).unwrap();
        if let Outcome::LemmaNotImplied { index, lemma, .. } = verdict.outcome {
            assert!(
                index as usize > n,
                "an unchanged earlier lemma was rejected"
            );
            if index as usize == n + 1 {
                assert_eq!(lemma, broken[i].1);
                rejected += 1;
            }
        }
    }
    assert!(rejected > 0, "no flipped lemma was rejected");
}
