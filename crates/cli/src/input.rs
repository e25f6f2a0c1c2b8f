//! Reading CNF input for any command: warnings to stderr, parse errors as
//! [`BadInput`] (exit code 2).

use std::path::Path;

use satoku_dimacs::{ParseOptions, Parsed};

use crate::exit::BadInput;

/// Parses the DIMACS file at `path` (`-` is stdin; gzip and xz are detected),
/// printing each warning to stderr as `satoku: path:line:col: warning: ...`.
///
/// A malformed file (or, with `strict`, a warning) is a [`BadInput`] error
/// whose message is `path:line:col: message` (exit code 2); a file that
/// cannot be opened is a plain error `path: reason` (exit code 1).
pub fn read_cnf(path: &Path, strict: bool) -> anyhow::Result<Parsed> {
    let parsed = satoku_dimacs::parse_path(path, &ParseOptions { strict }).map_err(|err| {
        if err.line == 0 {
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
