//! satoku in the browser: the sudoku and SAT engines behind one call, built
//! to WebAssembly with wasm-bindgen and run in a Web Worker (`web/worker.js`).
//!
//! Every method takes a JSON object and returns one ([`call`]); a grid is
//! `{ size, cells }` ([`JsGrid`]). The methods and their fields are listed in
//! `web/README.md` ("Engine API"). A DIMACS file is solved in slices by a
//! [`CnfJob`], so that the worker reports progress and takes a cancel
//! between them. Everything here is plain Rust and tested natively; only
//! `bindings` talks to JavaScript, and it (with wasm-bindgen and js-sys) is
//! compiled for wasm32 only.
//!
//! | item | what it is |
//! |---|---|
//! | [`call`] | the dispatcher: method name and JSON parameters to a JSON result |
//! | [`JsGrid`] | a grid as JavaScript holds it |
//! | [`solve`] | `solveSat` (cross-checked by the direct solver), `solveDirect`, `countSolutions`, `benchSat` |
//! | [`hint`] | the next hint: a mistake, the logical solver's step, or "guess" |
//! | [`puzzle`] | `parsePuzzle`, `rate`, `generate` |
//! | [`codec`] | `encode` (DIMACS text) and `decode` (a model back to a grid) |
//! | [`trace`] | the SAT path's search event by event, on the grid (decisions, propagations, conflicts, backjumps) |
//! | [`cnf`], [`CnfJob`] | `solveDimacs`: read and load the formula, then search, slice by slice; the `s`/`v` answer |
//! | [`Error`] | why a request failed; its text is what the promise rejects with |
//!
//! ```
//! let grid = r#"{"size":4,"cells":[1,0,0,0, 0,0,3,0, 0,4,0,0, 0,0,0,2]}"#;
//! let answer = satoku_web::call("solveSat", grid)?;
//! assert!(answer.starts_with(r#"{"status":"solved","solution":[1,"#), "{answer}");
//! let err = satoku_web::call("solveSat", r#"{"size":5,"cells":[]}"#).unwrap_err();
//! assert_eq!(err.to_string(), "a grid's size is 4, 9, 16 or 25, not 5");
//! # Ok::<(), satoku_web::Error>(())
//! ```
#![warn(missing_docs)]

#[cfg(target_arch = "wasm32")]
mod bindings;
mod call;
pub mod cnf;
mod cnf_load;
pub mod codec;
mod error;
mod grid;
pub mod hint;
pub mod puzzle;
pub mod solve;
pub mod trace;

pub use call::call;
pub use cnf::CnfJob;
pub use error::{Error, Result};
pub use grid::{cell_index, JsGrid};
