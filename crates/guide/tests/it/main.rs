//! The integration tests of satoku-guide, one module per concern, in one
//! binary (docs/testing.md). `support` holds the solver's oracles, random
//! formulas and "technique on and off" harness, which these tests run with
//! DRAT proofs checked.

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
