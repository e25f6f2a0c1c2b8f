//! The integration tests of satoku-solver, one module per concern, in one
//! binary (docs/testing.md). `support` holds what they share: the oracles,
//! random formulas and the harness of the "technique on and off" tests.

mod support;

mod brute_force;
mod elim;
mod elim_trial;
mod gauss;
mod lean_reduce;
mod observe;
mod phases;
mod probe;
mod restart_floor;
mod scoped;
mod solutions;
mod uniform_gate;
mod vivify;
mod xor_search;
