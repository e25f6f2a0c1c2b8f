//! Exit codes, the conventions of the SAT competition.
//!
//! | code | meaning |
//! |---|---|
//! | 10 | satisfiable |
//! | 20 | unsatisfiable |
//! | 0 | unknown (limit reached, interrupted) or a command that succeeded |
//! | 1 | runtime failure (I/O error, a failed check) |
//! | 2 | bad input or usage |

/// The formula is satisfiable.
#[allow(dead_code)]
pub const SAT: u8 = 10;
/// The formula is unsatisfiable.
#[allow(dead_code)]
pub const UNSAT: u8 = 20;
/// A runtime failure.
pub const FAILURE: u8 = 1;
/// Bad input (a malformed file, grid or flag) or bad usage.
pub const BAD_INPUT: u8 = 2;

/// An error that is the user's input's fault: exit code 2 rather than 1.
#[derive(Debug)]
pub struct BadInput(pub String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// The exit code for an error that reached `main`: 2 when any cause in its
/// chain is bad input, else 1.
pub fn code_for(err: &anyhow::Error) -> u8 {
    if err.chain().any(|cause| cause.is::<BadInput>()) {
        BAD_INPUT
    } else {
        FAILURE
    }
}
