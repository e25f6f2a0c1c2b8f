//! The order in which a vivification round tries its candidates
//! (`vivify.rs`, after Kissat's): the learnt clauses of tiers 1 and 2 not
//! yet tried first, then lexicographically by their literals sorted by how
//! often they occur among the candidates, so that consecutive probes share
//! their first decisions.

use satoku_formula::Lit;

use crate::clause_db::ClauseRef;
use crate::config::TIER2_LBD;
use crate::solver::Solver;
use crate::trail::{FALSE, TRUE};

/// The candidates of one round: each clause with its literals sorted.
pub(crate) struct Candidates {
    pub(crate) clauses: Vec<(ClauseRef, std::ops::Range<usize>)>,
    pub(crate) lits: Vec<Lit>,
}

impl Solver {
    /// The learnt clauses of tiers 1 and 2 of three literals or more, none
    /// true at the root, each with its literals not false at the root,
    /// sorted by occurrences; in the order of the module docs.
    pub(crate) fn vivify_candidates(&mut self) -> Candidates {
        let mut chosen = Vec::new();
        for &c in self.db.learnts() {
            let lits = self.db.lits(c);
            if self.db.is_deleted(c)
                || self.db.lbd(c) > TIER2_LBD
                || lits.len() <= 2
                || lits.iter().any(|&l| self.trail.value(l) == TRUE)
            {
                continue;
            }
            chosen.push(c);
        }
        if chosen.iter().all(|&c| self.db.is_vivified(c)) {
            for &c in &chosen {
                self.db.set_vivified(c, false);
            }
        }
        let counts = self.schedule.vivification.counts_mut();
        counts.clear();
        counts.resize(self.watches.len(), 0);
        let mut candidates = Candidates {
            clauses: Vec::with_capacity(chosen.len()),
            lits: Vec::new(),
        };
        for c in chosen {
            let start = candidates.lits.len();
            for &lit in self.db.lits(c) {
                if self.trail.value(lit) != FALSE {
                    counts[lit.code()] += 1;
                    candidates.lits.push(lit);
                }
            }
            candidates.clauses.push((c, start..candidates.lits.len()));
        }
        let db = &self.db;
        sort_candidates(&mut candidates, counts, |c| db.is_vivified(c));
        candidates
    }
}

/// Sorts each candidate's literals by occurrences (most first, then by
/// code), then the candidates: not yet tried first, then
/// lexicographically by their sorted literals (module docs). Literals are
/// compared by rank in that order, so two candidates compare as two slices
/// of integers; `counts` holds the ranks afterwards.
fn sort_candidates(
    candidates: &mut Candidates,
    counts: &mut [u32],
    is_vivified: impl Fn(ClauseRef) -> bool,
) {
    let by_rank = rank_by_occurrences(counts);
    let mut ranks: Vec<u32> = candidates.lits.iter().map(|l| counts[l.code()]).collect();
    for (_, range) in &candidates.clauses {
        ranks[range.clone()].sort_unstable();
    }
    candidates.clauses.sort_unstable_by(|(c, r), (d, s)| {
        is_vivified(*c)
            .cmp(&is_vivified(*d))
            .then_with(|| ranks[r.clone()].cmp(&ranks[s.clone()]))
    });
    let mut lits = Vec::with_capacity(ranks.len());
    for (_, range) in &mut candidates.clauses {
        let start = lits.len();
        lits.extend(ranks[range.clone()].iter().map(|&r| by_rank[r as usize]));
        *range = start..lits.len();
    }
    candidates.lits = lits;
}

/// Replaces each nonzero count (indexed by literal code) by the rank of
/// its literal: more occurrences first, ties by code. Returns the literal
/// of each rank.
pub(crate) fn rank_by_occurrences(counts: &mut [u32]) -> Vec<Lit> {
    let mut order: Vec<u32> = (0..counts.len() as u32)
        .filter(|&code| counts[code as usize] > 0)
        .collect();
    order.sort_unstable_by_key(|&code| (std::cmp::Reverse(counts[code as usize]), code));
    for (rank, &code) in order.iter().enumerate() {
        counts[code as usize] = rank as u32;
    }
    order.into_iter().map(Lit::from_code).collect()
}
