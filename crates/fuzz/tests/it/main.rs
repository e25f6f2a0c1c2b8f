//! The integration tests of satoku-fuzz, one module per concern, in one
//! binary (docs/testing.md). `tests/fault_injection.rs` is a binary of its
//! own: it turns on the solver's process-wide fault switch.

mod regress;
