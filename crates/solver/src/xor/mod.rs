//! XOR constraints: read off the clauses (`extract`), eliminated at the
//! root by Gauss-Jordan elimination (`gauss`), and propagated during the
//! search by matrices kept in reduced form (`search`).

pub(crate) mod extract;
pub(crate) mod gauss;
pub(crate) mod search;
