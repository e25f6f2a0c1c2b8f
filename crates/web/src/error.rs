//! The one error type of the API: its `Display` is the message the
//! JavaScript promise rejects with.

/// A request that cannot be answered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The method is not one of the API's.
    #[error("unknown method `{0}`")]
    UnknownMethod(String),
    /// The parameters are not what the method takes (missing field, wrong
    /// type, a number out of range).
    #[error("bad parameters for `{method}`: {message}")]
    BadParams {
        /// The method called.
        method: String,
        /// What is wrong (serde's message).
        message: String,
    },
    /// A grid or puzzle text the sudoku crate refuses.
    #[error("{0}")]
    Sudoku(#[from] satoku_sudoku::Error),
    /// A value out of its range, named in the message.
    #[error("{0}")]
    Invalid(String),
    /// A DIMACS file that does not parse: `name:line:col: message`.
    #[error("{0}")]
    Dimacs(String),
    /// A formula the engine cannot hold.
    #[error("{0}")]
    Solver(#[from] satoku_solver::Error),
    /// Two solvers disagree: a bug, reported rather than hidden.
    #[error("satoku bug: {0}; please report this puzzle")]
    Disagree(String),
}

/// Shorthand for the API's results.
pub type Result<T> = std::result::Result<T, Error>;
