//! The integration tests of satoku-drat, one module per concern, in one
//! binary (docs/testing.md).

mod reference;
