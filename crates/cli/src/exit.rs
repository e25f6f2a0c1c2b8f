//! Exit codes, the conventions of the SAT competition.
//!
//! | code | meaning |
//! |---|---|
//! | 10 | satisfiable |
//! | 20 | unsatisfiable |
//! | 0 | unknown (limit reached, interrupted) or a command that succeeded |
//! | 1 | runtime failure (an I/O error while running, a failed check) |
//! | 2 | bad input or usage, including a file named on the command line that
//! |   | does not exist, cannot be opened or is a directory, and an output
//! |   | path that would write over an input |
//! | 128 + n | ended by signal n (SIGINT 130, SIGTERM 143, SIGHUP 129) in a
//! |   | command other than `solve` (`s UNKNOWN`, 0) and `bench` (its table, 1) |

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
/// chain is bad input (ours or [`satoku_io`]'s) or a path that cannot be
/// opened, else 1.
pub fn code_for(err: &anyhow::Error) -> u8 {
    let bad_input = err.chain().any(|cause| {
        cause.is::<BadInput>()
            || cause
                .downcast_ref::<satoku_io::Error>()
                .is_some_and(satoku_io::Error::is_bad_input)
            || cause
                .downcast_ref::<std::io::Error>()
                .is_some_and(is_unopenable_path)
    });
    if bad_input {
        BAD_INPUT
    } else {
        FAILURE
    }
}

/// An error met after the work was done and its answer printed (a side
/// file that cannot be written): a runtime failure, exit 1, whatever its
/// cause; the message is kept whole. Bad paths are refused before the work.
pub fn after_answer(err: anyhow::Error) -> anyhow::Error {
    anyhow::anyhow!("{err:#}")
}

/// Whether an I/O error says the path itself is wrong (missing, forbidden,
/// a directory) rather than that reading or writing failed midway.
pub fn is_unopenable_path(err: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        err.kind(),
        NotFound | PermissionDenied | IsADirectory | NotADirectory
    ) || err.to_string() == "is a directory"
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn a_missing_or_forbidden_path_is_bad_input() {
        for kind in [io::ErrorKind::NotFound, io::ErrorKind::PermissionDenied] {
            let err = anyhow::Error::new(io::Error::from(kind)).context("cannot read x");
            assert_eq!(code_for(&err), BAD_INPUT, "{kind:?}");
        }
    }

    #[test]
    fn a_failure_midway_is_a_runtime_failure() {
        let err = anyhow::Error::new(io::Error::from(io::ErrorKind::WriteZero));
        assert_eq!(code_for(&err), FAILURE);
        assert_eq!(code_for(&anyhow::anyhow!("check failed")), FAILURE);
    }

    #[test]
    fn a_path_that_fails_after_the_answer_is_a_runtime_failure() {
        let err = anyhow::Error::new(io::Error::from(io::ErrorKind::NotFound))
            .context("cannot write x.res");
        let err = after_answer(err);
        assert_eq!(code_for(&err), FAILURE);
        assert!(err.to_string().starts_with("cannot write x.res: "), "{err}");
    }

    #[test]
    fn the_io_crate_s_bad_input_counts() {
        let err = satoku_io::read_text(std::path::Path::new("/no/such/file"), 10).unwrap_err();
        assert_eq!(code_for(&anyhow::Error::new(err)), BAD_INPUT);
        let stdout = satoku_io::Error::Stdout(io::Error::other("disk full"));
        assert_eq!(code_for(&anyhow::Error::new(stdout)), FAILURE);
    }

    #[test]
    fn bad_input_anywhere_in_the_chain_counts() {
        let err = anyhow::Error::new(BadInput("grid".into())).context("puzzle 3");
        assert_eq!(code_for(&err), BAD_INPUT);
    }
}
