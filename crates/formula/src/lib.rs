//! Formula types for satoku: variables, literals, CNF formulas and models.
//!
//! This crate has no dependencies and no solver logic; every other satoku crate
//! speaks in its types.
//!
//! | type | what it is |
//! |---|---|
//! | [`Var`] | a variable, 0-based inside; 1-based only at DIMACS I/O |
//! | [`Lit`] | a literal, encoded as `2 * var + negated`; `!lit` negates |
//! | [`Cnf`] | a formula stored flat: one literal arena plus clause offsets |
//! | [`Model`] | a total assignment, with [`Model::satisfies`] |
//!
//! ```
//! use satoku_formula::{Cnf, Lit, Model};
//!
//! let mut cnf = Cnf::new();
//! cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(-2)]);
//! cnf.add_clause(&[Lit::from_dimacs(2)]);
//! assert_eq!(cnf.num_vars(), 2);
//!
//! let model = Model::from_dimacs(&[1, 2]);
//! assert!(model.satisfies(&cnf));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cnf;
mod lit;
mod model;

pub use cnf::{Clauses, Cnf};
pub use lit::{Lit, Var};
pub use model::Model;
