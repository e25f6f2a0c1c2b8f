//! The text form of a trace (the `.trace` files of `cnf/regress/`).

use std::fmt::Write as _;

use satoku_formula::Lit;

use super::{Step, Trace};
use crate::options::Options;

impl Trace {
    /// The trace in its text form.
    pub fn to_text(&self) -> String {
        let lits = |l: &[Lit]| {
            let mut s = String::new();
            for lit in l {
                let _ = write!(s, "{} ", lit.to_dimacs());
            }
            s + "0"
        };
        let mut out = format!("c options: {}\n", self.options);
        for step in &self.steps {
            match step {
                Step::Add(l) => out += &format!("a {}\n", lits(l)),
                Step::Solve(l) => out += &format!("s {}\n", lits(l)),
                Step::SolveScoped(l) => out += &format!("S {}\n", lits(l)),
                Step::Options(o) => out += &format!("o {o}\n"),
                Step::Forget => out += "f\n",
            }
        }
        out
    }

    /// Reads the text form (`c` lines other than `c options:` are comments).
    pub fn parse(text: &str) -> Result<Trace, String> {
        let mut trace = Trace {
            options: Options::default(),
            steps: Vec::new(),
        };
        for (n, line) in text.lines().enumerate() {
            let err = |e: String| format!("line {}: {e}", n + 1);
            let line = line.trim();
            if let Some(o) = line.strip_prefix("c options:") {
                trace.options = Options::parse(o).map_err(err)?;
            } else if line.is_empty() || line.starts_with('c') {
                continue;
            } else if line == "f" {
                trace.steps.push(Step::Forget);
            } else if let Some(o) = line.strip_prefix("o ") {
                trace
                    .steps
                    .push(Step::Options(Options::parse(o).map_err(err)?));
            } else if let Some(rest) = line.strip_prefix("a ") {
                trace.steps.push(Step::Add(parse_lits(rest).map_err(err)?));
            } else if let Some(rest) = line.strip_prefix("s ") {
                trace
                    .steps
                    .push(Step::Solve(parse_lits(rest).map_err(err)?));
            } else if let Some(rest) = line.strip_prefix("S ") {
                trace
                    .steps
                    .push(Step::SolveScoped(parse_lits(rest).map_err(err)?));
            } else {
                return Err(err(format!("unknown step `{line}`")));
            }
        }
        Ok(trace)
    }
}

/// Largest variable a trace file may name (generated traces use at most 50).
const MAX_TRACE_VAR: u64 = 1 << 20;

fn parse_lits(text: &str) -> Result<Vec<Lit>, String> {
    let mut lits = Vec::new();
    for word in text.split_whitespace() {
        let n: i64 = word.parse().map_err(|_| format!("bad literal `{word}`"))?;
        if n.unsigned_abs() > MAX_TRACE_VAR {
            // The solver allocates per variable index: a stray huge number in
            // a trace file must not cost gigabytes.
            return Err(format!(
                "literal `{word}` is beyond the {MAX_TRACE_VAR} variables a trace may use"
            ));
        }
        if n == 0 {
            return Ok(lits);
        }
        lits.push(Lit::try_from_dimacs(n).ok_or_else(|| format!("bad literal `{word}`"))?);
    }
    Err("missing the closing 0".into())
}
