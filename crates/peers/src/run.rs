//! Feeding a [`Cnf`] to a rustsat solver and reading its answer.

use rustsat::solvers::{Solve, SolveStats, SolverResult};
use rustsat::types::{Clause, Lit, TernaryVal};
use satoku_dimacs::Status;
use satoku_formula::{Cnf, Model};

use crate::{Answer, Error, Peer};

/// Adds every clause of `cnf` to `solver`, solves, and reads the model
/// over all of `cnf`'s variables (those the solver never saw are false).
pub fn solve_with(
    peer: Peer,
    mut solver: impl Solve + SolveStats,
    cnf: &Cnf,
) -> Result<Answer, Error> {
    let fail = |e: anyhow::Error| Error::Solver(peer, format!("{e:#}"));
    for clause in cnf {
        let lits = clause
            .iter()
            .map(|l| Lit::new(l.var().index() as u32, l.is_negated()));
        solver.add_clause(lits.collect::<Clause>()).map_err(fail)?;
    }
    let status = match solver.solve().map_err(fail)? {
        SolverResult::Sat => Status::Sat,
        SolverResult::Unsat => Status::Unsat,
        SolverResult::Interrupted => Status::Unknown,
    };
    let model = if status == Status::Sat {
        let assignment = solver.full_solution().map_err(fail)?;
        let values = (0..cnf.num_vars() as u32)
            .map(|v| assignment.lit_value(Lit::positive(v)) == TernaryVal::True)
            .collect();
        Some(Model::new(values))
    } else {
        None
    };
    Ok(Answer { status, model })
}
