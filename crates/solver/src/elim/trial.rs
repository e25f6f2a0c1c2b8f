//! The elimination trial (`SolverConfig::elim_trial`): whether one round
//! of subsumption and elimination early in the search is worth it.
//!
//! Elimination is off by default because on most formulas it removes a
//! few variables and changes the search for no gain (`docs/decisions/elim-trial.md`); but where it removes most of them (chains of XORs
//! such as `dubois`) what is left is a far smaller formula. So, cheapest
//! first:
//!
//! 1. No trial is made where congruence closure (`equiv/congruence.rs`, which
//!    runs first) found AND gates: elimination would take apart the gate
//!    definitions that its later rounds merge, and a circuit checked
//!    against a copy of itself (a miter) that congruence closure collapses
//!    would be left to search alone.
//! 2. Before the first decision, a sample of the variables is tried one
//!    by one on a copy of their clauses alone: unless enough of them could
//!    go on their own, nothing more is done.
//! 3. After the first conflict, wherever the search stands (it reads
//!    only the root's values), a dry run eliminates on a copy of the
//!    irredundant clauses, in two
//!    passes with the first round's bound (0) and the trial's effort
//!    (`ELIM_TRIAL_EFFORT_PER_LITERAL`, more than a first round's), and
//!    touches nothing else: no proof step, no reconstruction, no root
//!    unit. It stops once the answer is known. Where it says no, the
//!    solver goes on exactly as without the trial.
//! 4. Where it removes at least `ELIM_TRIAL_MIN_PERCENT` of the open
//!    variables, the search restarts and a real round runs (`eliminate.rs`),
//!    once. A formula the search decides without a conflict
//!    (underconstrained ones, which the sample and the dry run also
//!    accept) pays for neither: on large ones the dry run's copy of the
//!    clauses costs as much as loading them.

use satoku_formula::{Lit, Var};

use crate::api::config::{ELIM_PASSES, ELIM_TRIAL_MIN_PERCENT, ELIM_TRIAL_SAMPLE};
use crate::elim::eliminate::open_at_root;
use crate::elim::occurs::Occurs;
use crate::elim::round::Round;
use crate::solver::Solver;

/// The elimination trial's progress: its sample is taken before the
/// first decision; when it says yes, the dry run waits for the first
/// conflict, so that a formula the search decides without one never pays
/// for it (on a large formula its copy of the clauses costs as much as
/// loading them), and reads the root's values where the search stands.
/// When it says yes too, the search restarts for the round (elimination
/// in Kissat and CaDiCaL also waits for conflicts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Trial {
    #[default]
    Unmade,
    Sampled,
    Waiting,
    Made,
}

impl Solver {
    /// Takes the elimination trial one step at the root (`Trial`); true
    /// when its round is to run now.
    pub(super) fn elim_trial_step(&mut self) -> bool {
        if self.elim.trial == Trial::Unmade {
            if !self.elim_trial_sample_pays() {
                self.elim.trial = Trial::Made;
                return false;
            }
            self.elim.trial = Trial::Sampled;
            if self.stats.conflicts == 0 {
                return false;
            }
        }
        if self.elim.trial == Trial::Sampled {
            self.dry_run_elim_trial();
        }
        let waiting = self.elim.trial == Trial::Waiting;
        self.elim.trial = Trial::Made;
        waiting
    }

    /// Makes the trial's dry run (below) once a conflict has
    /// come, wherever the search stands: the round then waits for the
    /// restart that `elim_trial_waiting` asks for.
    pub(crate) fn elim_trial_dry_run_if_due(&mut self) {
        if self.elim.trial == Trial::Sampled && self.elim_trial_due() && self.scope.floor() == 0 {
            self.dry_run_elim_trial();
        }
    }

    fn dry_run_elim_trial(&mut self) {
        self.elim.trial = if self.elim_trial_dry_run_pays() {
            Trial::Waiting
        } else {
            Trial::Made
        };
    }

    /// Whether the search should restart to the root for the trial's
    /// round: after its dry run said yes, when `elim_due` will then let it
    /// run (so a restart never waits for it in vain, also after the
    /// options changed between calls).
    pub(crate) fn elim_trial_waiting(&self) -> bool {
        self.elim.trial == Trial::Waiting && self.elim_trial_due() && self.scope.floor() == 0
    }

    /// Whether the elimination trial is to take its next step at the root
    /// (`Trial`): only in place of the first round, with `subsume` and
    /// `eliminate` off.
    pub(super) fn elim_trial_due(&self) -> bool {
        let config = &self.config;
        config.elim_trial
            && !(config.subsume || config.eliminate)
            && self.elim.rounds == 0
            && match self.elim.trial {
                Trial::Unmade => true,
                Trial::Sampled | Trial::Waiting => self.stats.conflicts > 0,
                Trial::Made => false,
            }
    }

    /// Whether a sample says the trial may pay (steps 1 and 2 of the
    /// module docs), on a formula where congruence closure found no AND
    /// gate.
    fn elim_trial_sample_pays(&mut self) -> bool {
        if self.probing.congruence.found_gates() {
            return false;
        }
        let open = self.removable_vars();
        !open.is_empty() && self.sample_eliminable(&open)
    }

    /// Whether a dry run of elimination removes at least
    /// `ELIM_TRIAL_MIN_PERCENT` of the open variables (step 3).
    fn elim_trial_dry_run_pays(&mut self) -> bool {
        let open = self.removable_vars().len();
        let needed = (ELIM_TRIAL_MIN_PERCENT * open).div_ceil(100);
        open > 0 && self.dry_eliminate(needed)
    }

    fn removable_vars(&self) -> Vec<Var> {
        (0..self.num_vars() as u32)
            .map(Var::new)
            .filter(|&v| self.is_removable(v))
            .collect()
    }

    /// Whether at least `ELIM_TRIAL_MIN_PERCENT` of an evenly spread
    /// sample of the `open` variables (`ELIM_TRIAL_SAMPLE` of them) could
    /// each be eliminated on its own with bound 0 (one in no clause
    /// counts). Only the sample's clauses are copied: it turns most
    /// formulas away before the dry run, whose copy of all the clauses
    /// costs about as much as loading them.
    fn sample_eliminable(&mut self, open: &[Var]) -> bool {
        let sample: Vec<Var> = open
            .iter()
            .step_by(open.len().div_ceil(ELIM_TRIAL_SAMPLE))
            .copied()
            .collect();
        let mut sampled = vec![false; self.num_vars()];
        sample.iter().for_each(|v| sampled[v.index()] = true);
        let (occ, _) = self.occurs_at_root(|lits| lits.iter().any(|l| sampled[l.var().index()]));
        let mut round = Round::new(occ, self.num_vars(), u64::MAX, false, 0);
        let eliminable = sample
            .iter()
            .filter(|&&v| {
                let in_none = round.occ.clean(v.positive()) + round.occ.clean(v.negative()) == 0;
                in_none || self.eliminable(&mut round, v).is_some()
            })
            .count();
        100 * eliminable >= ELIM_TRIAL_MIN_PERCENT * sample.len()
    }

    /// Whether elimination with bound 0, on a copy of the clauses, removes
    /// `needed` variables in `ELIM_PASSES` passes. It stops as soon as the
    /// answer is known: `needed` removed, or in the last pass too few
    /// candidates left; and answers no when out of effort or out of the
    /// call's budget (checked every 64 candidates).
    fn dry_eliminate(&mut self, needed: usize) -> bool {
        let (occ, literals) = self.occurs_at_root(|_| true);
        let limit = self.first_round_effort(literals);
        let mut round = Round::new(occ, self.num_vars(), limit, false, 0);
        round.touch_all();
        let mut removed = 0;
        for pass in 1..=ELIM_PASSES {
            let candidates = self.elim_candidates(&mut round);
            round.clear_touched();
            for (i, &v) in candidates.iter().enumerate() {
                let left = candidates.len() - i;
                if removed >= needed || (pass == ELIM_PASSES && removed + left < needed) {
                    break;
                }
                if round.out_of_effort() || (i % 64 == 0 && self.out_of_budget()) {
                    return false;
                }
                if self.dry_eliminate_var(&mut round, v) {
                    removed += 1;
                }
            }
        }
        removed >= needed
    }

    /// Takes `v`'s clauses out of the copy and puts its resolvents in, if
    /// it may be eliminated (`eliminate.rs`). A unit resolvent is dropped:
    /// the dry run only counts.
    fn dry_eliminate_var(&mut self, round: &mut Round, v: Var) -> bool {
        let Some(resolvents) = self.eliminable(round, v) else {
            return false;
        };
        for lit in [v.positive(), v.negative()] {
            for c in round.occ.list(lit).to_vec() {
                round.delete(c);
            }
        }
        for r in resolvents.into_iter().filter(|r| r.len() >= 2) {
            let id = round.occ.add(r, None, true);
            round.enqueue(id);
        }
        true
    }

    /// The irredundant clauses that `keep` accepts, in occurrence lists,
    /// without what the root decides, and their number of literals; nothing
    /// in the solver changes.
    fn occurs_at_root(&self, keep: impl Fn(&[Lit]) -> bool) -> (Occurs, u64) {
        let mut occ = Occurs::new(self.num_vars());
        let mut literals = 0;
        for &c in self.db.originals() {
            if self.db.is_deleted(c) || !keep(self.db.lits(c)) {
                continue;
            }
            match open_at_root(&self.trail, self.db.lits(c)) {
                Some(open) if open.len() >= 2 => {
                    literals += open.len() as u64;
                    occ.add(open, None, false);
                }
                _ => {}
            }
        }
        (occ, literals)
    }
}
