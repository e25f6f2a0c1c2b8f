//! The integration tests of satoku-dimacs, one module per concern, in one
//! binary (docs/testing.md). The modules marked `compression` read compressed
//! files (../shared/cnf; cnf/malformed's corrupt gzip and lzma, and the
//! dialect cases, expect the decoders' answers).

#[cfg(feature = "compression")]
mod corpus;
#[cfg(feature = "compression")]
mod dialect;
mod no_panic;
mod no_panic_output;
mod roundtrip;
#[cfg(feature = "compression")]
mod shared_cnf;
