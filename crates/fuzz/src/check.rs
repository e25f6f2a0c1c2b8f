//! Solving one case in process and checking everything about the answer.
//!
//! A model must satisfy the original formula; an UNSAT answer with a proof
//! must have that proof verified by `satoku-drat`; the answer must equal the
//! expected one (from the generator, the [`reference`](mod@crate::reference)
//! solver, or, for formulas too big for it, a second satoku run whose UNSAT
//! is proof-checked). A panic is caught and is a finding too.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use satoku_drat::CheckOptions;
use satoku_formula::Cnf;
use satoku_solver::{Algorithm, ProofBuffer, ProofFormat, SolveResult, Solver};

use crate::options::Options;
use crate::reference;

/// Wall-clock limit of one fuzz solve: an `Unknown` within it is a finding
/// (except DPLL on formulas over [`REFERENCE_MAX_VARS`] variables).
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The limit while shrinking an `Unknown` finding (the fuzzer's formulas
/// take milliseconds; a candidate still stuck after this counts as stuck).
pub const SHRINK_TIME_LIMIT: Duration = Duration::from_secs(1);

/// Formulas with more variables than this are not given to the reference solver.
pub const REFERENCE_MAX_VARS: usize = 64;

/// What went wrong. The shrinker keeps a candidate only if it fails the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// The solver panicked.
    Panic,
    /// A model falsifies a clause (or an assumption).
    BadModel,
    /// An UNSAT proof was rejected by the checker.
    ProofRejected,
    /// An UNSAT proof could not be read.
    ProofMalformed,
    /// SAT where the oracle says UNSAT or the reverse.
    Disagreement,
    /// `Unknown` with no limit but the fuzzer's generous time limit.
    Unknown,
    /// A failed assumption that was not among the assumptions.
    FailedNotSubset,
    /// The failed assumptions are satisfiable with the clauses.
    FailedSatisfiable,
    /// A parser took too long.
    Hang,
    /// A parser allocated far more than its input's size.
    Memory,
    /// A parsed formula, written and parsed again, came back different
    /// (or `parse_str` and `parse_reader` disagree on the same bytes).
    RoundTrip,
}

impl FindingKind {
    /// A file-name-friendly name.
    pub fn name(self) -> &'static str {
        match self {
            FindingKind::Panic => "panic",
            FindingKind::BadModel => "bad-model",
            FindingKind::ProofRejected => "proof-rejected",
            FindingKind::ProofMalformed => "proof-malformed",
            FindingKind::Disagreement => "disagreement",
            FindingKind::Unknown => "unknown",
            FindingKind::FailedNotSubset => "failed-not-subset",
            FindingKind::FailedSatisfiable => "failed-satisfiable",
            FindingKind::Hang => "hang",
            FindingKind::Memory => "memory",
            FindingKind::RoundTrip => "round-trip",
        }
    }
}

/// A bug found: its kind and a one-line description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What kind of failure.
    pub kind: FindingKind,
    /// Details (the falsified clause, the checker's verdict, the panic message ...).
    pub detail: String,
}

impl Finding {
    pub(crate) fn new(kind: FindingKind, detail: impl Into<String>) -> Finding {
        Finding {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.detail)
    }
}

thread_local! {
    static PANIC_LOCATION: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// A panic hook that prints nothing (caught panics are findings) but keeps
/// the panic's source location for [`panic_message`].
pub fn quiet_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()));
        PANIC_LOCATION.with(|p| *p.borrow_mut() = at);
    }));
}

/// The text of a caught panic, with its location when [`quiet_panic_hook`] is installed.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let text = if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_string()
    };
    match PANIC_LOCATION.with(|p| p.borrow_mut().take()) {
        Some(at) => format!("{text} (at {at})"),
        None => text,
    }
}

/// What a checked solve found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The (checked) answer: true for SAT.
    pub sat: bool,
    /// Whether an UNSAT proof was verified.
    pub proof_checked: bool,
    /// Whether the answer was compared with an oracle.
    pub compared: bool,
    /// DPLL ran out of time on a formula over [`REFERENCE_MAX_VARS`]
    /// variables: no answer, and not a finding (chronological backtracking
    /// can take exponential time on a 729-variable sudoku).
    pub timed_out: bool,
}

/// Solves `cnf` with `options` and checks the answer, the model or the
/// proof, against `expected` when given, else the reference solver when the
/// formula is small enough, else a proof-checked second run.
pub fn check_formula(
    cnf: &Cnf,
    options: &Options,
    expected: Option<bool>,
) -> Result<Checked, Finding> {
    check_formula_within(cnf, options, expected, TIME_LIMIT)
}

/// [`check_formula`] with another time limit than [`TIME_LIMIT`].
pub fn check_formula_within(
    cnf: &Cnf,
    options: &Options,
    expected: Option<bool>,
    time_limit: Duration,
) -> Result<Checked, Finding> {
    let (result, proof) = solve(cnf, options, time_limit)?;
    let mut checked = Checked {
        sat: false,
        proof_checked: false,
        compared: false,
        timed_out: false,
    };
    match &result {
        SolveResult::Sat(model) => {
            if let Some(i) = model.first_falsified(cnf) {
                let clause: Vec<i64> = cnf.clause(i).iter().map(|l| l.to_dimacs()).collect();
                let detail = format!("model falsifies clause {} {clause:?}", i + 1);
                return Err(Finding::new(FindingKind::BadModel, detail));
            }
            checked.sat = true;
        }
        SolveResult::Unsat => {
            if let Some(bytes) = proof {
                verify_proof(cnf, &bytes)?;
                checked.proof_checked = true;
            }
        }
        SolveResult::Unknown
            if options.algorithm == Algorithm::Dpll && cnf.num_vars() > REFERENCE_MAX_VARS =>
        {
            checked.timed_out = true;
            return Ok(checked);
        }
        SolveResult::Unknown => {
            let detail = format!("unknown within {time_limit:?}");
            return Err(Finding::new(FindingKind::Unknown, detail));
        }
    }
    let oracle = match expected {
        Some(e) => Some(e),
        None if cnf.num_vars() <= REFERENCE_MAX_VARS => reference::solve(cnf, &[]),
        None => None,
    };
    let oracle = match oracle {
        Some(o) => Some(o),
        // Too big for the reference: a SAT model is already checked; an
        // unproved UNSAT is compared with a proof-checked CDCL run.
        None if !checked.sat && !checked.proof_checked => {
            let cdcl = Options {
                proof: Some(ProofFormat::Binary),
                ..Options::default()
            };
            check_formula(cnf, &cdcl, Some(false)).ok().map(|c| c.sat)
        }
        None => None,
    };
    if let Some(o) = oracle {
        checked.compared = true;
        if o != checked.sat {
            let word = |sat: bool| if sat { "SAT" } else { "UNSAT" };
            let detail = format!("solver says {}, oracle says {}", word(checked.sat), word(o));
            return Err(Finding::new(FindingKind::Disagreement, detail));
        }
    }
    Ok(checked)
}

/// Checks a DRAT proof of `cnf`'s unsatisfiability.
pub fn verify_proof(cnf: &Cnf, proof: &[u8]) -> Result<(), Finding> {
    match satoku_drat::check(cnf, proof, &CheckOptions::default()) {
        Ok(verdict) if verdict.is_verified() => Ok(()),
        Ok(verdict) => Err(Finding::new(
            FindingKind::ProofRejected,
            verdict.outcome.to_string(),
        )),
        Err(e) => Err(Finding::new(FindingKind::ProofMalformed, e.to_string())),
    }
}

/// One solve in a fresh solver, panics caught; the proof's bytes when asked for.
fn solve(
    cnf: &Cnf,
    options: &Options,
    time_limit: Duration,
) -> Result<(SolveResult, Option<Vec<u8>>), Finding> {
    let buf = ProofBuffer::default();
    let run = catch_unwind(AssertUnwindSafe(|| {
        let mut config = options.config();
        config.time_limit = Some(time_limit);
        let mut solver = Solver::new(config);
        if let Some(format) = options.proof {
            solver
                .set_proof(Box::new(buf.clone()), format)
                .expect("a fresh solver takes a proof");
        }
        solver.add_cnf(cnf);
        let result = solver.solve();
        solver
            .finish_proof()
            .expect("writing to memory cannot fail");
        result
    }));
    match run {
        Ok(result) => {
            let proof = options.proof.map(|_| buf.take());
            Ok((result, proof))
        }
        Err(payload) => Err(Finding::new(
            FindingKind::Panic,
            panic_message(payload.as_ref()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::Lit;

    #[test]
    fn pigeonhole_checks_out_with_every_proof_format() {
        let php = satoku_gen::pigeonhole(4);
        for proof in [None, Some(ProofFormat::Text), Some(ProofFormat::Binary)] {
            let options = Options {
                proof,
                ..Options::default()
            };
            let c = check_formula(&php, &options, None).unwrap();
            assert!(!c.sat && c.compared);
            assert_eq!(c.proof_checked, proof.is_some());
        }
    }

    #[test]
    fn a_wrong_expectation_is_a_disagreement() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(1)]);
        let err = check_formula(&cnf, &Options::default(), Some(false)).unwrap_err();
        assert_eq!(err.kind, FindingKind::Disagreement);
        assert_eq!(
            err.to_string(),
            "disagreement: solver says SAT, oracle says UNSAT"
        );
    }

    #[test]
    fn a_wrong_proof_is_rejected() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
        let err = verify_proof(&cnf, b"-1 0\n0\n").unwrap_err();
        assert_eq!(err.kind, FindingKind::ProofRejected);
        let err = verify_proof(&cnf, b"1 x 0\n").unwrap_err();
        assert_eq!(err.kind, FindingKind::ProofMalformed);
    }
}
