//! Reading CNF input for any command: warnings to stderr, parse errors as
//! [`BadInput`] (exit code 2).

use std::path::Path;

use satoku_dimacs::{ErrorKind, ParseOptions, Parsed};
use satoku_formula::Cnf;

use crate::exit::{is_unopenable_path, BadInput};

/// Parses the DIMACS file at `path` (`-` is stdin; gzip and xz are detected),
/// printing each warning to stderr as `satoku: path:line:col: warning: ...`.
///
/// A malformed file (or, with `strict`, a warning) and a path that cannot
/// be opened are [`BadInput`] errors, `path:line:col: message` or
/// `path: reason` (exit code 2); a read failing midway is a plain error
/// (exit code 1).
pub fn read_cnf(path: &Path, strict: bool) -> anyhow::Result<Parsed> {
    let parsed = satoku_dimacs::parse_path(path, &ParseOptions { strict }).map_err(|err| {
        let unopenable = matches!(&err.kind, ErrorKind::Io(io) if is_unopenable_path(io));
        if err.line == 0 && !unopenable {
            anyhow::Error::new(err)
        } else {
            anyhow::Error::new(BadInput(err.to_string()))
        }
    })?;
    for warning in &parsed.warnings {
        eprintln!("satoku: {warning}");
    }
    Ok(parsed)
}

/// Variable indices a formula may use beyond twice its literal count: the
/// solver keeps arrays indexed by variable (about a hundred bytes each), so
/// a sparse formula such as one clause over variable 2,000,000,000 would
/// need hundreds of gigabytes. Real files number their variables densely.
const SPARE_VARS: usize = 1 << 20;

/// Refuses a formula whose largest variable index is out of proportion to
/// its size (see [`SPARE_VARS`]); the message says what to do.
pub fn check_var_density(cnf: &Cnf) -> Result<(), BadInput> {
    let limit = cnf.num_lits().saturating_mul(2).saturating_add(SPARE_VARS);
    if cnf.used_vars() <= limit {
        // Dense, but maybe past what the solver can index (2^29 variables:
        // a file of over 268 million literals).
        if cnf.used_vars() > satoku_solver::Solver::MAX_VARS {
            return Err(BadInput(format!(
                "the clauses use variable {}: satoku's solver holds at most {} variables",
                cnf.used_vars(),
                satoku_solver::Solver::MAX_VARS
            )));
        }
        return Ok(());
    }
    Err(BadInput(format!(
        "the clauses use variable {} but hold only {} literals: satoku makes room \
         for every variable index up to the largest (at most {limit} here); \
         renumber the variables densely",
        cnf.used_vars(),
        cnf.num_lits()
    )))
}
