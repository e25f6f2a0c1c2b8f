//! Work at the root that is not search (probing, vivification): it leaves
//! the saved phases as the search left them, and its propagations are
//! counted apart, so that `Stats::propagations` stays the search's.

use crate::solver::Solver;

impl Solver {
    /// Runs `work`, then puts the saved phases back and takes the literals
    /// it propagated out of `stats.propagations`: its result, and how many
    /// literals it propagated.
    pub(crate) fn aside<R>(&mut self, work: impl FnOnce(&mut Solver) -> R) -> (R, u64) {
        let phases = self.branching.saved_phases_mut().to_vec();
        let searched = self.stats.propagations;
        let result = work(self);
        self.branching.saved_phases_mut().copy_from_slice(&phases);
        let spent = self.stats.propagations - searched;
        self.stats.propagations = searched;
        (result, spent)
    }
}
