//! `satoku-peer SOLVER FILE`: Kissat or CaDiCaL on a DIMACS file (plain,
//! `.gz` or `.xz`), answering in the competition format: `c` lines naming
//! the solver and its version, `s SATISFIABLE` with `v` lines (exit 10),
//! `s UNSATISFIABLE` (exit 20) or `s UNKNOWN` (exit 0). Exit 2 on bad usage
//! or input, 1 when the solver fails. For `satoku bench`:
//! `satoku bench --solver-cmd 'satoku-peer kissat {}' FILES`, with a
//! `satoku-peer` built with the feature `kissat`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use satoku_dimacs::{parse_path, write_solver_output, ParseOptions};
use satoku_peers::{solve, Error, Peer};

/// Bad usage or input (exit 2).
#[derive(Debug)]
struct BadInput(String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(err) => {
            eprintln!("satoku-peer: error: {err:#}");
            let bad = err.is::<BadInput>()
                || matches!(
                    err.downcast_ref::<Error>(),
                    Some(Error::UnknownPeer(_) | Error::NotBuilt(_))
                );
            ExitCode::from(if bad { 2 } else { 1 })
        }
    }
}

fn run() -> anyhow::Result<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [solver, file] = &args[..] else {
        return Err(BadInput("usage: satoku-peer kissat|cadical FILE".into()).into());
    };
    let peer: Peer = solver.parse()?;
    if !peer.is_built() {
        return Err(Error::NotBuilt(peer).into());
    }
    let parsed = parse_path(file.as_ref(), &ParseOptions::default())
        .map_err(|e| BadInput(format!("{file}: {e}")))?;
    let answer = solve(peer, &parsed.cnf)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "c {peer} {}", peer.version()).context("writing the answer")?;
    write_solver_output(
        answer.status,
        answer.model.as_ref(),
        parsed.cnf.num_vars(),
        &mut out,
    )
    .and_then(|()| out.flush())
    .context("writing the answer")?;
    Ok(ExitCode::from(answer.status.exit_code()))
}
