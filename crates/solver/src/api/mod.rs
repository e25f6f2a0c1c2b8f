//! The solver's interface: clause addition (`add`) and loading a whole
//! formula (`load`, `load_sliced`, `fits`), model enumeration
//! (`solutions`), options (`config`, `tunables`), the formula as given
//! (`formula`), the assumptions and scope of a call (`scope`), its limits
//! (`limits`), results and the answer state (`result`, `answer`),
//! statistics (`stats`), DRAT proofs (`proof`) and search events
//! (`observe`).

pub(crate) mod add;
pub(crate) mod answer;
pub(crate) mod config;
pub(crate) mod fits;
pub(crate) mod formula;
pub(crate) mod limits;
pub(crate) mod load;
pub(crate) mod load_sliced;
pub(crate) mod observe;
pub(crate) mod proof;
pub(crate) mod result;
pub(crate) mod scope;
pub(crate) mod solutions;
pub(crate) mod stats;
pub(crate) mod tunables;
