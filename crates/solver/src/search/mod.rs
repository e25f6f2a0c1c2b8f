//! The search: CDCL and DPLL over one trail and one propagator.
//!
//! The assignment (`trail`, with reasons packed by `reason`), the clause
//! arena (`clause_db`), the watch lists (`watch`) and unit propagation
//! (`propagate`); CDCL's loop (`cdcl`) with first-UIP learning
//! (`analyze`), decisions (`decide`, over the activity heap `heap`),
//! restarts (`restart`), clause deletion (`reduce`) and target and best
//! phases (`phases`); DPLL's loop (`dpll`) with its clause scans (`scan`)
//! and pure literals (`pure`). `unchecked` indexes the inner loops'
//! slices, `aside` runs root work that must not look like search, and
//! `fault` is the test-only propagation bug.

pub(crate) mod analyze;
pub(crate) mod aside;
pub(crate) mod cdcl;
pub(crate) mod clause_db;
pub(crate) mod decide;
pub(crate) mod dpll;
#[cfg(feature = "fault-injection")]
pub mod fault;
pub(crate) mod heap;
pub(crate) mod phases;
pub(crate) mod propagate;
pub(crate) mod pure;
pub(crate) mod reason;
pub(crate) mod reduce;
pub(crate) mod restart;
pub(crate) mod scan;
pub(crate) mod trail;
pub(crate) mod unchecked;
pub(crate) mod watch;
