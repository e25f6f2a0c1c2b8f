//! Whether a formula fits the solver: [`Solver::check_fits`].
//!
//! The solver keeps arrays indexed by variable (about a hundred bytes a
//! variable), sized by the largest variable the clauses use. Real files
//! number their variables densely; a sparse one, such as a single clause
//! over variable 2,000,000,000, or 2^28 copies of variable 1 next to one
//! use of variable 2^29, would need tens or hundreds of gigabytes, so it is
//! refused before anything is allocated, as is a formula beyond the
//! solver's [`Solver::MAX_VARS`]. Density is measured against the distinct
//! variables the clauses use, not their literal count, which repeating a
//! literal inflates at will.

use satoku_formula::Cnf;

use crate::{Error, Solver};

/// Variable indices a formula may use beyond twice its distinct variables.
const SPARE_VARS: usize = 1 << 20;

impl Solver {
    /// Checks that `cnf` can be loaded ([`Solver::from_cnf`]) without an
    /// allocation out of proportion to its size: the largest variable its
    /// clauses use is at most twice the number of distinct variables they
    /// use plus 2^20, and at most [`Solver::MAX_VARS`]. The error says what
    /// to do. Counting costs a pass over the literals and memory of at most
    /// four bytes a literal.
    pub fn check_fits(cnf: &Cnf) -> Result<(), Error> {
        let used = cnf.used_vars();
        let distinct = cnf.distinct_vars();
        let limit = distinct.saturating_mul(2).saturating_add(SPARE_VARS);
        if used > limit {
            return Err(Error::TooSparse {
                used,
                distinct,
                limit,
            });
        }
        if used > Solver::MAX_VARS {
            // Dense, but over half a billion distinct variables.
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
                    distinct: 1,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("renumber the variables densely"));
    }

    #[test]
    fn repeated_literals_do_not_make_a_formula_dense() {
        // 2^20 + 8 copies of x1 and one use of the variable just past
        // twice that plus the spare: 2 distinct variables.
        let mut cnf = Cnf::new();
        for _ in 0..SPARE_VARS + 8 {
            cnf.add_clause(&[Lit::from_dimacs(1)]);
        }
        let far = (3 * SPARE_VARS) as i64;
        cnf.add_clause(&[Lit::from_dimacs(far)]);
        let err = Solver::check_fits(&cnf).unwrap_err();
        assert!(
            matches!(err, Error::TooSparse { distinct: 2, limit, .. } if limit == SPARE_VARS + 4),
            "{err:?}"
        );
    }

    #[test]
    fn a_sparse_formula_is_refused_by_its_distinct_variables() {
        let far = one_clause(SPARE_VARS as i64 * 2 + 5);
        assert!(matches!(
            Solver::check_fits(&far),
            Err(Error::TooSparse { distinct: 1, .. })
        ));
    }
}
