//! Subsumption and bounded variable elimination at the root.
//!
//! The working copy of the irredundant clauses with occurrence lists
//! (`occurs`) and the state of one round (`round`); backward subsumption
//! and strengthening (`subsume`); variable elimination and the rounds
//! that run both (`eliminate`); the elimination trial (`trial`).

pub(crate) mod eliminate;
pub(crate) mod occurs;
pub(crate) mod round;
pub(crate) mod subsume;
pub(crate) mod trial;
