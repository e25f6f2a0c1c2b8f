//! The assumptions of the current call, and in [`Solver::solve_scoped`]
//! its floor: levels up to it hold facts of the call, which analysis
//! treats like the root and the search never backtracks below.
//!
//! [`Solver::solve_scoped`]: crate::Solver::solve_scoped

use satoku_formula::Lit;

/// The assumptions of a call and its scope.
#[derive(Default)]
pub(crate) struct Scope {
    /// The assumptions of the current call.
    assumptions: Vec<Lit>,
    /// In `solve_scoped`, the number of assumptions; 0 otherwise.
    floor: u32,
}

impl Scope {
    /// The assumptions of the current call.
    #[inline]
    pub fn assumptions(&self) -> &[Lit] {
        &self.assumptions
    }

    /// Number of assumptions of the current call.
    #[inline]
    pub fn num_assumptions(&self) -> usize {
        self.assumptions.len()
    }

    /// Makes `assumptions` those of the call.
    pub fn set_assumptions(&mut self, assumptions: &[Lit]) {
        self.assumptions.clear();
        self.assumptions.extend_from_slice(assumptions);
    }

    /// The highest level that holds facts of the call (module docs); 0
    /// outside `solve_scoped`.
    #[inline]
    pub fn floor(&self) -> u32 {
        self.floor
    }

    /// Sets the floor (module docs).
    pub fn set_floor(&mut self, floor: u32) {
        self.floor = floor;
    }
}
