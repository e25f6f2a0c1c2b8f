//! Heuristics that scan the open clauses: MOMs, Jeroslow-Wang, DLIS, and
//! pure-literal detection.
//!
//! A clause is open when no literal is true; its size is its number of
//! unassigned literals. One pass over the input clauses per decision, as in a
//! textbook DPLL (Marques-Silva 1999 surveys these heuristics). The
//! per-literal score array is kept in the solver and cleared per scan.

use satoku_formula::{Lit, Var};

use crate::api::config::{Heuristic, MOMS_WEIGHT};
use crate::search::pure::PureTracker;
use crate::search::reason::Reason;
use crate::search::trail::{OPEN, TRUE};
use crate::solver::Solver;

/// State of the DPLL-style heuristics: literal scores (cleared per scan)
/// and pure-literal counts.
#[derive(Default)]
pub(crate) struct ScanState {
    lit_scores: Vec<f64>,
    pure: PureTracker,
}

impl ScanState {
    /// Makes room for variables `0..n`.
    pub fn grow(&mut self, n: usize) {
        self.lit_scores.resize(2 * n, 0.0);
    }

    /// Records that the trail was cut to `len` literals.
    #[inline]
    pub fn backtracked_to(&mut self, len: usize) {
        self.pure.backtracked_to(len);
    }
}

/// What a scan found.
pub(crate) enum ScanOutcome {
    /// The literal to decide.
    Best(Lit),
    /// No open clause is left: the formula is satisfied.
    AllSatisfied,
}

impl Solver {
    /// Visits every open input clause with its unassigned literals and size.
    fn for_each_open_clause(&self, mut visit: impl FnMut(&[Lit], usize)) {
        for &cref in self.db.originals() {
            let lits = self.db.lits(cref);
            if lits.iter().any(|&l| self.trail.value(l) == TRUE) {
                continue;
            }
            let size = lits
                .iter()
                .filter(|&&l| self.trail.value(l) == OPEN)
                .count();
            visit(lits, size);
        }
    }

    /// Scores literals with `heuristic` and returns the best decision.
    pub(crate) fn scan_heuristic(&mut self, heuristic: Heuristic) -> ScanOutcome {
        let mut scores = std::mem::take(&mut self.scan.lit_scores);
        scores.iter_mut().for_each(|s| *s = 0.0);
        let mut any_open = false;
        let mut min_size = usize::MAX;
        if heuristic == Heuristic::Moms {
            self.for_each_open_clause(|_, size| min_size = min_size.min(size));
        }
        self.for_each_open_clause(|lits, size| {
            any_open = true;
            if heuristic == Heuristic::Moms && size != min_size {
                return;
            }
            let weight = match heuristic {
                Heuristic::JeroslowWang => 0.5f64.powi(size.min(1000) as i32),
                _ => 1.0,
            };
            for &l in lits {
                if self.trail.value(l) == OPEN {
                    scores[l.code()] += weight;
                }
            }
        });
        self.scan.lit_scores = scores;
        if !any_open {
            return ScanOutcome::AllSatisfied;
        }
        self.stats.decisions += 1;
        ScanOutcome::Best(self.best_scored_lit(heuristic))
    }

    /// The literal with the best score; ties go to the lowest variable.
    fn best_scored_lit(&self, heuristic: Heuristic) -> Lit {
        let mut best: Option<(f64, Lit)> = None;
        for v in (0..self.num_vars() as u32).map(Var::new) {
            if !self.trail.is_open(v) {
                continue;
            }
            let (pos, neg) = (v.positive(), v.negative());
            let (sp, sn) = (
                self.scan.lit_scores[pos.code()],
                self.scan.lit_scores[neg.code()],
            );
            let (score, lit) = match heuristic {
                // Freeman's MOMs function.
                Heuristic::Moms => (
                    (sp + sn) * MOMS_WEIGHT + sp * sn,
                    if sp >= sn { pos } else { neg },
                ),
                Heuristic::JeroslowWang => (sp + sn, if sp >= sn { pos } else { neg }),
                _ => {
                    if sp >= sn {
                        (sp, pos)
                    } else {
                        (sn, neg)
                    }
                }
            };
            if score > 0.0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, lit));
            }
        }
        best.expect("an open clause has an open literal").1
    }

    /// Assigns every pure literal of the open clauses at the current level.
    /// Returns how many were assigned.
    pub(crate) fn assign_pure_literals(&mut self) -> usize {
        let (budget, config) = (&self.budget, &self.config);
        let stop = || budget.interrupted(config);
        if !self
            .scan
            .pure
            .sync(self.formula.copy(), self.trail.lits(), stop)
        {
            // Interrupted: the search loop stops at its next budget check.
            return 0;
        }
        let mut assigned = 0;
        for v in (0..self.num_vars() as u32).map(Var::new) {
            if !self.trail.is_open(v) {
                continue;
            }
            let (pos, neg) = (v.positive(), v.negative());
            let (cp, cn) = (
                self.scan.pure.open_count(pos),
                self.scan.pure.open_count(neg),
            );
            if (cp == 0) != (cn == 0) {
                let pure = if cp > 0 { pos } else { neg };
                self.trail.assign(pure, Reason::NONE);
                assigned += 1;
            }
        }
        self.stats.pure_literals += assigned as u64;
        assigned
    }
}
