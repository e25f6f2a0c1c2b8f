//! Reading CNF input for any command: warnings to stderr, parse errors as
//! [`BadInput`] (exit code 2).

use std::path::Path;

use satoku_dimacs::{ErrorKind, ParseOptions, Parsed};
use satoku_formula::Cnf;
use satoku_solver::Solver;

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

/// Refuses a formula the solver cannot hold without an allocation out of
/// proportion to its size ([`Solver::check_fits`]), as bad input naming `path`.
pub fn check_var_density(cnf: &Cnf, path: &Path) -> Result<(), BadInput> {
    Solver::check_fits(cnf).map_err(|e| BadInput(format!("{}: {e}", path.display())))
}
