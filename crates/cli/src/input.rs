//! Reading CNF input for any command: warnings to stderr, parse errors as
//! [`BadInput`] (exit code 2), and the limits on what reading may cost.

use std::path::Path;

use satoku_dimacs::{
    ErrorKind, Limits, MaxMemory, ParseOptions, Parsed, DEFAULT_MAX_EXPANSION,
    MAX_UNUSED_MODEL_VARS, STDIN_NAME,
};
use satoku_formula::Cnf;
use satoku_solver::Solver;

use crate::exit::{is_unopenable_path, BadInput};

// The ceilings on reading a formula, shared by the commands that read CNF.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct LimitArgs {
    /// Most memory the formula may take while it is read (bytes, or with a
    /// K, M, G or T suffix); default 75% of physical memory; 0: no limit.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<u64>,
    /// Most bytes of text per byte of gzip or xz input, checked past 64 MiB
    /// of text (default 100); 0: no limit.
    #[arg(long, value_name = "RATIO")]
    pub max_expansion: Option<u64>,
}

impl LimitArgs {
    /// The parser's limits these flags ask for, defaults filled in.
    pub fn limits(&self) -> Limits {
        let max_memory = match self.max_memory {
            None => Limits::for_this_machine().max_memory,
            Some(0) => MaxMemory::Unlimited,
            Some(bytes) => MaxMemory::Bytes(bytes),
        };
        Limits {
            max_memory,
            max_expansion: nonzero(self.max_expansion.unwrap_or(DEFAULT_MAX_EXPANSION)),
        }
    }
}

fn nonzero(n: u64) -> Option<u64> {
    (n > 0).then_some(n)
}

/// A byte count: decimal digits, then optionally `K`, `M`, `G` or `T`
/// (powers of 1024; `KiB`, `MB` and the like are read the same).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = text[digits.len()..].to_ascii_uppercase();
    let shift = match unit.trim_end_matches('B').trim_end_matches('I') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("`{text}`: expected a size such as 512M or 8G")),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("`{text}`: expected a size such as 512M or 8G"))?;
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("`{text}` is too large"))
}

/// Whether the command prints a model over every declared variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelUse {
    /// No model is printed.
    None,
    /// A model is printed (`v` lines, a `.res` file).
    Print,
}

/// Parses the DIMACS file at `path` (`-` is stdin; gzip and xz are detected)
/// within the default limits, printing each warning to stderr as
/// `satoku: path:line:col: warning: ...`.
///
/// A malformed file (or, with `strict`, a warning) and a path that cannot
/// be opened are [`BadInput`] errors, `path:line:col: message` or
/// `path: reason` (exit code 2); a read failing midway is a plain error
/// (exit code 1).
pub fn read_cnf(path: &Path, strict: bool) -> anyhow::Result<Parsed> {
    read_cnf_with(path, strict, &LimitArgs::default(), ModelUse::None)
}

/// [`read_cnf`] within `limits`; a formula whose model, printed, would list
/// more than [`MAX_UNUSED_MODEL_VARS`] declared but unused variables is
/// refused as bad input when `model` is [`ModelUse::Print`].
pub fn read_cnf_with(
    path: &Path,
    strict: bool,
    limits: &LimitArgs,
    model: ModelUse,
) -> anyhow::Result<Parsed> {
    let opts = ParseOptions { strict };
    let parsed = satoku_dimacs::parse_path_with(path, &opts, &limits.limits()).map_err(|err| {
        let unopenable = matches!(&err.kind, ErrorKind::Io(io) if is_unopenable_path(io));
        let hint = match err.kind {
            ErrorKind::MemoryLimit { .. } => "; raise the limit with --max-memory SIZE",
            ErrorKind::ExpansionLimit { .. } => "; raise the limit with --max-expansion RATIO",
            _ => "",
        };
        if err.line == 0 && !unopenable {
            anyhow::Error::new(err)
        } else {
            anyhow::Error::new(BadInput(format!("{err}{hint}")))
        }
    })?;
    if model == ModelUse::Print {
        check_model_size(&parsed.cnf, path)?;
    }
    for warning in &parsed.warnings {
        eprintln!("satoku: {warning}");
    }
    Ok(parsed)
}

/// Refuses a formula whose printed model would list more than
/// [`MAX_UNUSED_MODEL_VARS`] variables the clauses do not use.
fn check_model_size(cnf: &Cnf, path: &Path) -> Result<(), BadInput> {
    let unused = cnf.num_vars() - cnf.used_vars();
    if unused <= MAX_UNUSED_MODEL_VARS {
        return Ok(());
    }
    let name = if path.as_os_str() == "-" {
        STDIN_NAME.to_owned()
    } else {
        path.display().to_string()
    };
    Err(BadInput(format!(
        "{name}: the header declares {} variables, {unused} more than the clauses use; \
         a model would list each of them, and at most {MAX_UNUSED_MODEL_VARS} unused ones are printed: \
         pass --no-model (and no --res), or declare fewer variables",
        cnf.num_vars()
    )))
}

/// Refuses a formula the solver cannot hold without an allocation out of
/// proportion to its size ([`Solver::check_fits`]), as bad input naming `path`.
pub fn check_var_density(cnf: &Cnf, path: &Path) -> Result<(), BadInput> {
    Solver::check_fits(cnf).map_err(|e| BadInput(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_suffixes() {
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("4K"), Ok(4096));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("8GiB"), Ok(8 << 30));
        assert_eq!(parse_size("2gb"), Ok(2 << 30));
        assert_eq!(parse_size("0"), Ok(0));
        assert!(parse_size("1.5G").is_err());
        assert!(parse_size("G").is_err());
        assert!(parse_size("4X").is_err());
        assert!(parse_size("99999999999T").is_err());
    }

    #[test]
    fn zero_lifts_a_limit_and_absent_takes_the_default() {
        let none = LimitArgs {
            max_memory: Some(0),
            max_expansion: Some(0),
        };
        assert_eq!(none.limits(), Limits::default());
        let defaults = LimitArgs::default().limits();
        assert_eq!(defaults.max_expansion, Some(DEFAULT_MAX_EXPANSION));
        assert_eq!(defaults.max_memory, Limits::for_this_machine().max_memory);
    }

    #[test]
    fn a_model_of_too_many_unused_variables_is_refused() {
        let mut cnf = Cnf::from_dimacs(&[&[1]]);
        cnf.ensure_vars(MAX_UNUSED_MODEL_VARS + 1);
        assert!(check_model_size(&cnf, Path::new("f")).is_ok());
        cnf.ensure_vars(MAX_UNUSED_MODEL_VARS + 2);
        let err = check_model_size(&cnf, Path::new("f")).unwrap_err().0;
        assert!(err.contains("--no-model"), "{err}");
        assert!(err.contains(&MAX_UNUSED_MODEL_VARS.to_string()), "{err}");
    }
}
