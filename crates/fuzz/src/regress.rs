//! Regression files in `cnf/regress/`: shrunk findings, kept forever.
//!
//! | extension | what | replayed by |
//! |---|---|---|
//! | `.cnf` | a DIMACS formula with a `c options: ...` line | [`check_formula`] with those options |
//! | `.trace` | an API trace (see [`trace`](crate::trace)) | [`Trace::run`] |
//! | `.input` | raw parser input that once crashed or hung a parser | [`parsers::check_input`] |
//!
//! Every file also carries `c` lines with the finding and the command and
//! seed that found it. `crates/fuzz/tests/it/regress.rs` replays every file.

use std::path::{Path, PathBuf};

use anyhow::Context;
use satoku_dimacs::{parse_str, write_cnf_with_comments, ParseOptions};
use satoku_formula::Cnf;

use crate::check::{check_formula, Finding};
use crate::options::Options;
use crate::parsers;
use crate::trace::Trace;

/// Writes a shrunk formula as `DIR/NAME.cnf`, with the options and the
/// `about` lines (seed, finding) as comments. Returns the path.
pub fn write_formula(
    dir: &Path,
    name: &str,
    cnf: &Cnf,
    options: &Options,
    about: &[String],
) -> anyhow::Result<PathBuf> {
    let mut comments = about.to_vec();
    comments.push(format!("options: {options}"));
    let mut text = Vec::new();
    write_cnf_with_comments(cnf, &comments, &mut text)?;
    write(dir, &format!("{name}.cnf"), &text)
}

/// Writes a shrunk trace as `DIR/NAME.trace`.
pub fn write_trace(
    dir: &Path,
    name: &str,
    trace: &Trace,
    about: &[String],
) -> anyhow::Result<PathBuf> {
    let mut text = String::new();
    for line in about {
        text += &format!("c {line}\n");
    }
    text += &trace.to_text();
    write(dir, &format!("{name}.trace"), text.as_bytes())
}

/// Writes a parser input as `DIR/NAME.input`, as is.
pub fn write_input(dir: &Path, name: &str, bytes: &[u8]) -> anyhow::Result<PathBuf> {
    write(dir, &format!("{name}.input"), bytes)
}

fn write(dir: &Path, file: &str, bytes: &[u8]) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(file);
    std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

/// The formula of a `.cnf` regression file and the options its
/// `c options:` line names (defaults when it names none).
pub fn read_formula(text: &str) -> anyhow::Result<(Cnf, Options)> {
    let options = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("c options:"))
        .map(Options::parse)
        .transpose()
        .map_err(anyhow::Error::msg)?
        .unwrap_or_default();
    let cnf = parse_str(text, &ParseOptions::default())?.cnf;
    Ok((cnf, options))
}

/// What replaying one regression file found.
#[derive(Debug)]
pub enum Replay {
    /// Everything checked out.
    Passed,
    /// The bug is back.
    Failed(Finding),
}

/// Replays one regression file by its extension. Files of other
/// extensions (the README) are `Ok(None)`.
pub fn replay(path: &Path) -> anyhow::Result<Option<Replay>> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if !matches!(ext, "cnf" | "trace" | "input") {
        return Ok(None);
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let outcome = match ext {
        "input" => parsers::check_input(&bytes).map(|_| ()),
        _ => {
            let text = String::from_utf8(bytes).context("not UTF-8")?;
            if ext == "cnf" {
                let (cnf, options) = read_formula(&text)?;
                check_formula(&cnf, &options, None).map(|_| ())
            } else {
                Trace::parse(&text)
                    .map_err(anyhow::Error::msg)?
                    .run()
                    .map(|_| ())
            }
        }
    };
    Ok(Some(match outcome {
        Ok(()) => Replay::Passed,
        Err(f) => Replay::Failed(f),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::Lit;

    #[test]
    fn a_formula_file_round_trips_with_its_options() {
        let dir = tempfile::tempdir().unwrap();
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(-2)]);
        let options = Options::parse("algorithm=dpll heuristic=moms pure=0").unwrap();
        let about = ["satoku-fuzz formulas --seed 1".to_string()];
        let path = write_formula(dir.path(), "x", &cnf, &options, &about).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("c satoku-fuzz formulas --seed 1\nc options: algorithm=dpll"));
        assert_eq!(read_formula(&text).unwrap(), (cnf, options));
        assert!(matches!(replay(&path).unwrap(), Some(Replay::Passed)));
        assert!(replay(&dir.path().join("README.md")).unwrap().is_none());
    }

    #[test]
    fn a_trace_file_round_trips_with_every_step() {
        let dir = tempfile::tempdir().unwrap();
        let text = "c options: algorithm=cdcl heuristic=vsids phase=saved-true\n\
                    a 1 2 0\na -1 2 0\ns -2 0\nf\no heuristic=first\na 1 -2 0\ns 0\nf\ns -1 0\n";
        let trace = Trace::parse(text).unwrap();
        let about = ["found by: satoku-fuzz traces --seed 1".to_string()];
        let path = write_trace(dir.path(), "t", &trace, &about).unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.starts_with("c found by: satoku-fuzz traces --seed 1\nc options: "));
        assert_eq!(Trace::parse(&written), Ok(trace));
        assert!(matches!(replay(&path).unwrap(), Some(Replay::Passed)));
    }
}
