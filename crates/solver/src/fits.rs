//! Whether a formula fits the solver: [`Solver::check_fits`].
//!
//! The solver keeps arrays indexed by variable (about a hundred bytes a
//! variable), sized by the largest variable the clauses use. Real files
//! number their variables densely; a sparse one, such as a single clause
//! over variable 2,000,000,000, would need hundreds of gigabytes, so it is
//! refused before anything is allocated, as is a formula beyond the
//! solver's [`Solver::MAX_VARS`].

use satoku_formula::Cnf;

use crate::{Error, Solver};

/// Variable indices a formula may use beyond twice its literal count.
const SPARE_VARS: usize = 1 << 20;

impl Solver {
    /// Checks that `cnf` can be loaded ([`Solver::from_cnf`]) without an
    /// allocation out of proportion to its size: the largest variable its
    /// clauses use is at most twice its literal count plus 2^20, and at most
    /// [`Solver::MAX_VARS`]. The error says what to do.
    pub fn check_fits(cnf: &Cnf) -> Result<(), Error> {
        let used = cnf.used_vars();
        let limit = cnf.num_lits().saturating_mul(2).saturating_add(SPARE_VARS);
        if used > limit {
            return Err(Error::TooSparse {
                used,
                lits: cnf.num_lits(),
                limit,
            });
        }
        if used > Solver::MAX_VARS {
            // Dense, but a file of over 268 million literals.
            return Err(Error::TooManyVars {
                used,
                max: Solver::MAX_VARS,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::Lit;

    fn one_clause(var: i64) -> Cnf {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(var)]);
        cnf
    }

    #[test]
    fn dense_formulas_fit() {
        assert!(Solver::check_fits(&one_clause(1)).is_ok());
        assert!(Solver::check_fits(&one_clause(SPARE_VARS as i64 + 2)).is_ok());
    }

    #[test]
    fn a_sparse_formula_is_refused_with_its_numbers() {
        let err = Solver::check_fits(&one_clause(2_000_000_000)).unwrap_err();
        assert!(
            matches!(
                err,
                Error::TooSparse {
                    used: 2_000_000_000,
                    lits: 1,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("renumber the variables densely"));
    }
}
