//! Generic containers: lists of items per key in one array (`flat_lists`).

pub(crate) mod flat_lists;
