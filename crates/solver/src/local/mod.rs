//! Local search and rephasing: the ProbSAT walker (`walk`), the schedule
//! of rephases (`rephase`) and the walk rephase (`rephase_walk`).

pub(crate) mod rephase;
pub(crate) mod rephase_walk;
pub(crate) mod walk;
