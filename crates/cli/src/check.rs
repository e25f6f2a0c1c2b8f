//! `satoku check FILE MODEL`: verify a model printed by any solver.
//!
//! The output is read by `satoku_dimacs::read_solver_output`: `v` lines
//! (SAT-competition output), or the literal lines after a `SAT` line
//! (MiniSat's result file), with `c` lines and exactly one status line. A literal
//! absent from the model satisfies nothing, so a partial model must still
//! make every clause true.

use crate::counted::counted;
use std::path::PathBuf;
use std::process::ExitCode;

use itertools::Itertools;
use satoku_dimacs::{read_solver_answer, OutputOptions, PartialModel, Status, STDIN_NAME};

use crate::exit::BadInput;
use crate::input::{read_cnf_with, LimitArgs, ModelUse};

// Options of `satoku check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// DIMACS CNF file (`-` for stdin).
    pub file: PathBuf,
    /// Solver output holding the model (`-` for stdin).
    pub model: PathBuf,
    /// Treat DIMACS warnings as errors.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Reads the model of a solver's answer; `name` is used in error messages.
/// An output without a status line, a contradictory one (a model with
/// UNSATISFIABLE or UNKNOWN), an UNSATISFIABLE answer, or an answer
/// without a model is bad input.
pub fn parse_model(text: &str, name: &str) -> Result<PartialModel, BadInput> {
    let output = read_solver_answer(text, name, OutputOptions::default())
        .map_err(|e| BadInput(e.to_string()))?;
    if output.status() == Status::Unsat {
        return Err(BadInput(format!(
            "{name}: the output says UNSATISFIABLE: there is no model to check"
        )));
    }
    output
        .into_model()
        .ok_or_else(|| BadInput(format!("{name}: no model found (expected `v` lines)")))
}

/// Runs `satoku check`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    satoku_io::stdin_once(&[("FILE", &args.file), ("MODEL", &args.model)])?;
    let cnf = read_cnf_with(&args.file, args.strict, &args.limits, ModelUse::None)?.cnf;
    let max = satoku_dimacs::max_solver_output(cnf.num_vars());
    let text = satoku_io::read_text(&args.model, max)?;
    let name = if args.model.as_os_str() == "-" {
        STDIN_NAME.to_owned()
    } else {
        args.model.display().to_string()
    };
    let model = parse_model(&text, &name)?;
    if let Some(var) = model.max_var().filter(|v| v.index() >= cnf.num_vars()) {
        eprintln!(
            "satoku: warning: the model names variable {var}, beyond the formula's {}",
            cnf.num_vars()
        );
    }
    match model.first_falsified(&cnf) {
        None => {
            let clauses = counted(cnf.num_clauses() as u64, "clause");
            println!("c model satisfies the formula's {clauses}");
            println!("s MODEL VERIFIED");
            Ok(ExitCode::SUCCESS)
        }
        Some(i) => {
            println!(
                "c clause {} is not satisfied: {} 0",
                i + 1,
                cnf.clause(i).iter().join(" ")
            );
            println!("s MODEL NOT VERIFIED");
            Ok(ExitCode::from(crate::exit::FAILURE))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::{Cnf, Lit, Var};

    #[test]
    fn reads_competition_and_minisat_output() {
        let ours = parse_model("c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", "x").unwrap();
        assert!(parse_model("s SATISFIABLE\nv 0\n", "x").unwrap().is_empty());
        let lits: Vec<i64> = ours.lits().map(Lit::to_dimacs).collect();
        assert_eq!(lits, [1, -2, 3]);
        let minisat = parse_model("SAT\n-1 2 0\n", "x").unwrap();
        assert_eq!(minisat.value(Var::new(0)), Some(false));
    }

    #[test]
    fn rejects_bad_models() {
        let err = |text: &str| parse_model(text, "x").unwrap_err().0;
        assert!(err("s UNSATISFIABLE\n").contains("no model to check"));
        assert_eq!(err("v 1 -1 0\n"), "x:1:5: variable 1 is given both values");
        assert!(err("v 1 x 0\n").starts_with("x:1:5: "));
        assert!(err("1 2 0\n").starts_with("x:1:1: "));
        assert!(err("s UNKNOWN\n").contains("no model found"));
        assert!(err("c nothing\n").starts_with("x: no status line"));
        assert!(err("v 1 0\n").starts_with("x: no status line"));
        assert_eq!(
            err("v 1 0\ns UNKNOWN\n"),
            "x:2:1: a model in an UNKNOWN answer"
        );
        assert_eq!(
            err("v 1 0\ns UNSATISFIABLE\n"),
            "x:2:1: a model in an UNSATISFIABLE answer"
        );
        assert!(err("v 99999999999 0\n").contains("out of range"));
    }

    #[test]
    fn partial_models_satisfy_only_what_they_name() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
        cnf.add_clause(&[Lit::from_dimacs(3)]);
        let model = parse_model("s SATISFIABLE\nv 1 0", "x").unwrap();
        assert_eq!(model.first_falsified(&cnf), Some(1));
    }
}
