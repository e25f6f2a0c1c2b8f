//! The satoku library guide, runnable examples and cross-crate tests.
//!
//! This crate holds what uses several satoku crates at once, so that each
//! library crate depends only on the crates below it: the runnable programs
//! in `examples/`, the integration tests in `tests/it/` that check one crate's
//! output with another (solver proofs with the DRAT checker, the `cnf/`
//! corpus parsed by the DIMACS crate), and the guide below, which is
//! `docs/library.md` included verbatim so that every example in it is
//! compiled and run by `cargo test --doc -p satoku-guide`.
//!
#![doc = include_str!("../../../docs/library.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
