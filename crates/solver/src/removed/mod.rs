//! What inprocessing removed, and how models get it back: the status of
//! each variable (`vars`: active, eliminated, substituted; frozen) and the
//! reconstruction stack of removed clauses (`extend`).

pub(crate) mod extend;
pub(crate) mod vars;
