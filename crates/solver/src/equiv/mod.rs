//! Equivalences and failed literals at the root: failed-literal probing
//! and the schedule of these rounds (`probe`), strongly connected
//! components of the binary implication graph (`scc`), equivalent-literal
//! substitution (`substitute`), and congruence closure on AND gates
//! (`congruence`).

pub(crate) mod congruence;
pub(crate) mod probe;
pub(crate) mod scc;
pub(crate) mod substitute;
