//! Fuzzing, differential testing and shrinking for satoku: the harness
//! behind the `satoku-fuzz` binary.
//!
//! Three campaigns, each reproducible from a seed (case `i` of seed `s`
//! draws from ChaCha8 seeded `s`, stream `i`):
//!
//! * **formulas**: structured random CNFs ([`generate`]) solved in process
//!   with random [`Options`]; every model is checked against the formula,
//!   every UNSAT proof by `satoku-drat`, every answer against the generator's
//!   known answer or the independent [`reference`](mod@reference) DPLL ([`check_formula`]).
//! * **traces**: random incremental-API call sequences ([`Trace`]), mobical
//!   style, each answer checked against a fresh reference solve.
//! * **parsers**: byte-mutated DIMACS and sudoku inputs ([`parsers`]); no
//!   input may panic, hang or allocate far beyond its size.
//!
//! A failing case is shrunk ([`shrink_formula`], [`shrink_trace`]) and
//! written to `cnf/regress/` ([`regress`]), which the test suite replays.
//!
//! | module | concern |
//! |---|---|
//! | [`generate`] | the formula families |
//! | [`options`] | random solver options; the `c options:` line |
//! | [`reference`](mod@reference) | an independent DPLL oracle |
//! | [`check`] | solve one case, check model, proof and answer; [`Finding`] |
//! | [`shrink`] | delta debugging of clauses, literals, variables and options |
//! | [`trace`] | incremental-API traces, their checks, text form and shrinking |
//! | [`parsers`] | the parser mutation fuzzer |
//! | [`alloc`] | the counting allocator behind the parsers' memory check |
//! | [`regress`] | regression files: write, read, replay |
//! | [`campaign`] | seeds, limits and loops of the three campaigns |
//!
//! ```
//! use satoku_fuzz::campaign::{formulas, Limits};
//!
//! let limits = Limits {
//!     seed: 7,
//!     first: 0,
//!     count: Some(50),
//!     time: None,
//!     out_dir: None,
//!     progress: None,
//!     verbose: false,
//!     keep_going: false,
//! };
//! let summary = formulas(&limits);
//! assert_eq!(summary.cases, 50);
//! assert!(summary.findings.is_empty());
//! ```
#![warn(missing_docs)]

pub mod alloc;
pub mod campaign;
pub mod check;
pub mod generate;
pub mod options;
pub mod parsers;
pub mod reference;
pub mod regress;
pub mod shrink;
pub mod trace;

pub use check::{check_formula, Finding, FindingKind};
pub use options::Options;
pub use shrink::shrink_formula;
pub use trace::{shrink_trace, Trace};
