//! `satoku check FILE MODEL`: verify a model printed by any solver.
//!
//! The model is read from `v` lines (SAT-competition output), or from bare
//! literal lines after a `SAT` line (MiniSat's result file); `c` lines and
//! the `s` line are skipped. A literal absent from the model satisfies
//! nothing, so a partial model must still make every clause true.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use satoku_formula::{Cnf, Lit};

use crate::exit::BadInput;
use crate::input::read_cnf;

/// Options of `satoku check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// DIMACS CNF file (`-` for stdin).
    pub file: PathBuf,
    /// Solver output holding the model (`-` for stdin).
    pub model: PathBuf,
    /// Treat DIMACS warnings as errors.
    #[arg(long)]
    pub strict: bool,
}

/// A possibly partial assignment read from solver output.
#[derive(Debug, Default, PartialEq)]
pub struct PartialModel {
    /// `values[v]`: `Some(value)` when variable `v` was given.
    pub values: Vec<Option<bool>>,
}

impl PartialModel {
    fn lit_true(&self, lit: Lit) -> bool {
        self.values.get(lit.var().index()).copied().flatten() == Some(lit.is_positive())
    }

    /// Index of the first clause with no true literal.
    pub fn first_falsified(&self, cnf: &Cnf) -> Option<usize> {
        cnf.clauses()
            .position(|c| !c.iter().any(|&l| self.lit_true(l)))
    }
}

/// Reads a model from solver output text; `name` is used in error messages.
pub fn parse_model(text: &str, name: &str) -> Result<PartialModel, BadInput> {
    let mut model = PartialModel::default();
    let mut bare_allowed = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        let fail = |msg: String| BadInput(format!("{name}:{}: {msg}", i + 1));
        let body = match line.split_whitespace().next() {
            None => continue,
            Some("c") => continue,
            Some("s")
            | Some("SAT")
            | Some("SATISFIABLE")
            | Some("UNSAT")
            | Some("UNSATISFIABLE")
            | Some("INDET") => {
                if line.contains("UNSAT") {
                    return Err(fail(
                        "the output says UNSATISFIABLE: there is no model to check".into(),
                    ));
                }
                bare_allowed = true;
                continue;
            }
            Some("v") => &line[1..],
            Some(_) if bare_allowed => line,
            Some(first) => {
                return Err(fail(format!(
                    "expected a `v`, `s` or `c` line, found `{first}`"
                )))
            }
        };
        for token in body.split_whitespace() {
            let n: i64 = token
                .parse()
                .map_err(|_| fail(format!("`{token}` is not a literal")))?;
            if n == 0 {
                continue;
            }
            let lit = Lit::try_from_dimacs(n)
                .ok_or_else(|| fail(format!("literal {n} is out of range")))?;
            let v = lit.var().index();
            if v >= model.values.len() {
                // Grows with what the text names: bounded by the input's size.
                model.values.resize(v + 1, None);
            }
            match model.values[v] {
                Some(old) if old != lit.is_positive() => {
                    return Err(fail(format!("variable {} is given both values", lit.var())));
                }
                _ => model.values[v] = Some(lit.is_positive()),
            }
        }
    }
    if model.values.is_empty() {
        return Err(BadInput(format!(
            "{name}: no model found (expected `v` lines)"
        )));
    }
    Ok(model)
}

/// Runs `satoku check`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let cnf = read_cnf(&args.file, args.strict)?.cnf;
    let text = read_text(&args.model)?;
    let name = args.model.display().to_string();
    let model = parse_model(&text, &name)?;
    if model.values.len() > cnf.num_vars() {
        eprintln!(
            "satoku: warning: the model names variable {}, beyond the formula's {}",
            model.values.len(),
            cnf.num_vars()
        );
    }
    match model.first_falsified(&cnf) {
        None => {
            println!("c model satisfies all {} clauses", cnf.num_clauses());
            println!("s MODEL VERIFIED");
            Ok(ExitCode::SUCCESS)
        }
        Some(i) => {
            let clause: Vec<String> = cnf.clause(i).iter().map(|l| l.to_string()).collect();
            println!(
                "c clause {} is not satisfied: {} 0",
                i + 1,
                clause.join(" ")
            );
            println!("s MODEL NOT VERIFIED");
            Ok(ExitCode::from(crate::exit::FAILURE))
        }
    }
}

fn read_text(path: &std::path::Path) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read stdin")?;
    } else {
        bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    }
    String::from_utf8(bytes).map_err(|_| BadInput(format!("{}: not text", path.display())).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_competition_and_minisat_output() {
        let ours = parse_model("c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", "x").unwrap();
        assert_eq!(ours.values, vec![Some(true), Some(false), Some(true)]);
        let minisat = parse_model("SAT\n-1 2 0\n", "x").unwrap();
        assert_eq!(minisat.values, vec![Some(false), Some(true)]);
    }

    #[test]
    fn rejects_bad_models() {
        assert!(parse_model("s UNSATISFIABLE\n", "x").is_err());
        assert!(parse_model("v 1 -1 0\n", "x").is_err());
        assert!(parse_model("v 1 x 0\n", "x").is_err());
        assert!(parse_model("1 2 0\n", "x").is_err());
        assert!(parse_model("c nothing\n", "x").is_err());
        assert!(parse_model("v 99999999999 0\n", "x").is_err());
    }

    #[test]
    fn partial_models_satisfy_only_what_they_name() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
        cnf.add_clause(&[Lit::from_dimacs(3)]);
        let model = parse_model("v 1 0", "x").unwrap();
        assert_eq!(model.first_falsified(&cnf), Some(1));
    }
}
