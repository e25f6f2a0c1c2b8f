//! A DRAT proof checker: does a clausal proof really refute a CNF formula?
//!
//! A DRAT proof (Wetzler, Heule and Hunt, SAT 2014) is a sequence of lemmas
//! to add and clauses to delete, ending with the empty clause. [`check`]
//! reads one, text or binary (detected from the first bytes, as drat-trim
//! does), and checks it forward: each lemma must be RUP (its negation
//! propagates to a conflict) or else RAT on its first literal, with respect
//! to the clauses live at that point. Propagation uses two watched literals
//! with a root trail kept across lemmas, so checking a RUP lemma costs about
//! as much as the propagation the solver did; a RAT check visits the
//! clauses holding the negated pivot, found in occurrence lists built at the
//! first RAT check. Deletions of missing clauses and of unit
//! clauses are counted and ignored, as in drat-trim. The format and method
//! are described in `docs/drat.md`.
//!
//! | item | what it is |
//! |---|---|
//! | [`check`] | check a proof of a [`Cnf`] read from any reader |
//! | [`CheckOptions`] | force the [`Format`]; `strict` rejects deletions of missing clauses |
//! | [`Verdict`] | the [`Outcome`] plus [`Stats`] (lemmas, deletions, RAT checks, ...) |
//! | [`Outcome`] | `Verified(`[`Refutation`]`)`, `LemmaNotImplied { index, position, lemma }`, `NoEmptyClause` |
//! | [`Error`], [`Position`] | an unreadable or malformed proof, with a line (text) or byte offset (binary) |
//! | [`ProofReader`], [`Step`] | the streaming proof parser, for other tools |
//!
//! ```
//! use satoku_drat::{check, CheckOptions, Outcome, Refutation};
//! use satoku_formula::{Cnf, Lit};
//!
//! // (x1 ∨ x2) ∧ (x1 ∨ ¬x2) ∧ (¬x1 ∨ x2) ∧ (¬x1 ∨ ¬x2)
//! let mut cnf = Cnf::new();
//! for clause in [[1, 2], [1, -2], [-1, 2], [-1, -2]] {
//!     cnf.add_clause(&clause.map(Lit::from_dimacs));
//! }
//! let verdict = check(&cnf, &b"1 0\nd 1 2 0\n0\n"[..], &CheckOptions::default())?;
//! assert_eq!(verdict.outcome, Outcome::Verified(Refutation::Lemma { index: 1 }));
//! assert_eq!(verdict.stats.num_lemmas, 1);
//!
//! // A lemma that does not follow is rejected, with its index and position.
//! let mut sat = Cnf::new();
//! sat.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
//! sat.add_clause(&[Lit::from_dimacs(-1), Lit::from_dimacs(2)]);
//! let verdict = check(&sat, &b"c wrong\n-2 0\n"[..], &CheckOptions::default())?;
//! assert!(!verdict.is_verified());
//! assert_eq!(verdict.outcome.to_string(), "lemma 1 at line 2 is neither RUP nor RAT: -2 0");
//! # Ok::<(), satoku_drat::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
#[cfg(test)]
mod check_tests;
mod db;
mod error;
mod occurs;
mod parse;
#[cfg(test)]
mod parse_tests;
mod propagate;
mod verdict;

use std::io::Read;

use satoku_formula::{Cnf, Lit};

pub use error::{Error, Position};
pub use parse::{detect, Format, ProofReader, Step, StepKind};
pub use verdict::{CheckOptions, Outcome, Refutation, Stats, Verdict};

use check::{Checker, DeleteResult, LemmaResult};

/// Checks that `proof`, a DRAT proof in text or binary, refutes `cnf`.
///
/// The proof is verified as soon as the clause set conflicts under unit
/// propagation (the formula alone, or after a lemma); the rest of the proof
/// is then not read. A proof whose lemmas all check but which never gets
/// there is rejected with [`Outcome::NoEmptyClause`]. Literals over
/// variables the formula does not have are extension variables and are
/// allowed. The proof is read in large chunks: pass a `File` as it is.
///
/// # Errors
/// [`Error`] when the proof cannot be read or is malformed (a bad token or
/// byte, a literal out of range, a clause without its terminating 0), or,
/// with [`CheckOptions::strict`], deletes a clause that is not present. A
/// proof that is well formed but wrong is not an error: its [`Verdict`]
/// says why it is rejected.
pub fn check(cnf: &Cnf, proof: impl Read, opts: &CheckOptions) -> Result<Verdict, Error> {
    let mut checker = Checker::new(cnf);
    let verdict = |outcome, checker: &Checker| Verdict {
        outcome,
        stats: checker.stats(),
    };
    // The proof's first step is read even when the formula's units refute
    // it: a proof that cannot be read (a directory) or is malformed
    // (`/dev/zero`) is an error, never a verified proof.
    let mut reader = ProofReader::new(proof, opts.format)?;
    let mut lits = Vec::new();
    let mut next = reader.next_step(&mut lits)?;
    if let Some(refutation) = checker.load(cnf) {
        return Ok(verdict(Outcome::Verified(refutation), &checker));
    }
    let mut index = 0;
    while let Some(step) = next {
        match step.kind {
            StepKind::Add => {
                index += 1;
                match checker.lemma(&lits) {
                    LemmaResult::Added => {}
                    LemmaResult::Refuted => {
                        let outcome = Outcome::Verified(Refutation::Lemma { index });
                        return Ok(verdict(outcome, &checker));
                    }
                    LemmaResult::NotImplied => {
                        let outcome = Outcome::LemmaNotImplied {
                            index,
                            position: step.position,
                            lemma: lits,
                        };
                        return Ok(verdict(outcome, &checker));
                    }
                }
            }
            StepKind::Delete => {
                if checker.delete(&lits) == DeleteResult::Missing && opts.strict {
                    return Err(Error::DeletedClauseNotFound {
                        position: step.position,
                        clause: lits,
                    });
                }
            }
        }
        next = reader.next_step(&mut lits)?;
    }
    Ok(verdict(Outcome::NoEmptyClause, &checker))
}

/// A clause in DIMACS form, `1 -2 0` (`0` alone for the empty clause).
pub(crate) fn display_clause(lits: &[Lit]) -> String {
    let mut out = String::new();
    for lit in lits {
        out.push_str(&lit.to_dimacs().to_string());
        out.push(' ');
    }
    out.push('0');
    out
}
