//! The integration tests of satoku-guide, one module per concern, in one
//! binary (docs/testing.md).

mod support;

mod assumption_proofs;
mod cnf_corpus;
mod congruence_proofs;
mod differential;
mod elim_proofs;
mod probe_proofs;
mod shrink_proofs;
mod solver_proofs;
mod xor_proofs;
