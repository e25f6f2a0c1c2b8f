//! The order in which a vivification round tries its candidates
//! (`vivify/mod.rs`, after Kissat's): the learnt clauses of tiers 1 and 2 not
//! yet tried first, then lexicographically by their literals sorted by how
//! often they occur among the candidates, so that consecutive probes share
//! their first decisions; clauses with the same literals by their place
//! in the arena, so the order is total.
//!
//! A round usually tries only the head of that order (its effort runs
//! out long before the end), so the order is made lazily: chunks of
//! doubling size are selected from the rest (`select_nth_unstable_by`,
//! linear) and only they are sorted.

use std::cmp::Ordering;
use std::ops::Range;

use satoku_formula::Lit;

use crate::api::config::TIER2_LBD;
use crate::search::clause_db::ClauseRef;
use crate::search::trail::{FALSE, TRUE};
use crate::solver::Solver;

/// The first chunk sorted; each next one is as large as all before it.
const FIRST_CHUNK: usize = 128;

/// One candidate: whether it was tried in an earlier round (read when the
/// round starts), the clause, and where its literals' ranks are.
struct Candidate {
    vivified: bool,
    clause: ClauseRef,
    ranks: Range<u32>,
}

/// The candidates of one round, handed out in order by [`Candidates::get`].
pub(crate) struct Candidates {
    clauses: Vec<Candidate>,
    /// Each candidate's literals as ranks (`rank_by_occurrences`), sorted
    /// within each candidate.
    ranks: Vec<u32>,
    /// The literal of each rank.
    by_rank: Vec<Lit>,
    /// `clauses[..sorted]` are in their final order.
    sorted: usize,
    /// The literals of the candidate handed out last.
    lits: Vec<Lit>,
}

impl Candidates {
    /// The `i`-th candidate in the order of the module docs, with its
    /// literals sorted by occurrences (most first); `None` past the last.
    pub(crate) fn get(&mut self, i: usize) -> Option<(ClauseRef, &[Lit])> {
        if i >= self.clauses.len() {
            return None;
        }
        while i >= self.sorted {
            self.sort_next_chunk();
        }
        let candidate = &self.clauses[i];
        let ranks = &self.ranks[candidate.ranks.start as usize..candidate.ranks.end as usize];
        self.lits.clear();
        self.lits
            .extend(ranks.iter().map(|&r| self.by_rank[r as usize]));
        Some((candidate.clause, &self.lits))
    }

    /// Puts the next chunk of candidates in place: the smallest of the rest,
    /// sorted.
    fn sort_next_chunk(&mut self) {
        let ranks = &self.ranks;
        let order = |a: &Candidate, b: &Candidate| compare(ranks, a, b);
        let rest = &mut self.clauses[self.sorted..];
        let chunk = self.sorted.max(FIRST_CHUNK).min(rest.len());
        if chunk < rest.len() {
            rest.select_nth_unstable_by(chunk, order);
        }
        rest[..chunk].sort_unstable_by(order);
        self.sorted += chunk;
    }
}

/// The order of the module docs.
fn compare(ranks: &[u32], a: &Candidate, b: &Candidate) -> Ordering {
    let of = |c: &Candidate| &ranks[c.ranks.start as usize..c.ranks.end as usize];
    a.vivified
        .cmp(&b.vivified)
        .then_with(|| of(a).cmp(of(b)))
        .then_with(|| a.clause.offset().cmp(&b.clause.offset()))
}

impl Solver {
    /// The learnt clauses of tiers 1 and 2 of three literals or more, none
    /// true at the root, each with its literals not false at the root,
    /// ranked by occurrences; in the order of the module docs.
    pub(crate) fn vivify_candidates(&mut self) -> Candidates {
        let chosen = self.chosen_for_vivification();
        let counts = self.schedule.vivification.counts_mut();
        counts.clear();
        counts.resize(self.watches.num_lists(), 0);
        let mut lits = Vec::new();
        let mut clauses = Vec::with_capacity(chosen.len());
        for c in chosen {
            let start = lits.len() as u32;
            for &lit in self.db.lits(c) {
                if self.trail.value(lit) != FALSE {
                    counts[lit.code()] += 1;
                    lits.push(lit);
                }
            }
            clauses.push(Candidate {
                vivified: self.db.is_vivified(c),
                clause: c,
                ranks: start..lits.len() as u32,
            });
        }
        let by_rank = rank_by_occurrences(counts);
        let mut ranks: Vec<u32> = lits.iter().map(|l| counts[l.code()]).collect();
        for candidate in &clauses {
            ranks[candidate.ranks.start as usize..candidate.ranks.end as usize].sort_unstable();
        }
        Candidates {
            clauses,
            ranks,
            by_rank,
            sorted: 0,
            lits,
        }
    }

    /// The clauses `vivify_candidates` takes; when every one of them was
    /// tried, their flags are cleared (all are untried again).
    fn chosen_for_vivification(&mut self) -> Vec<ClauseRef> {
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
        chosen
    }
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

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Candidates with random flags and rank lists (many alike), over
    /// `n` clauses, and the order a full sort gives them.
    fn random_candidates(n: usize, seed: u64) -> (Candidates, Vec<ClauseRef>) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut clauses, mut ranks) = (Vec::new(), Vec::new());
        for i in 0..n {
            let start = ranks.len() as u32;
            let mut own: Vec<u32> = (0..rng.gen_range(3..6))
                .map(|_| rng.gen_range(0..8))
                .collect();
            own.sort_unstable();
            own.dedup();
            ranks.extend(own);
            clauses.push(Candidate {
                vivified: rng.gen_bool(0.3),
                clause: ClauseRef::from_offset(7 * i as u32),
                ranks: start..ranks.len() as u32,
            });
        }
        let mut full: Vec<&Candidate> = clauses.iter().collect();
        full.sort_by(|a, b| compare(&ranks, a, b));
        let expected = full.iter().map(|c| c.clause).collect();
        let by_rank = (0..8).map(|r| Lit::from_code(2 * r + 1)).collect();
        let candidates = Candidates {
            clauses,
            ranks,
            by_rank,
            sorted: 0,
            lits: Vec::new(),
        };
        (candidates, expected)
    }

    #[test]
    fn chunks_hand_out_the_order_of_a_full_sort() {
        for (n, seed) in [
            (0, 1),
            (5, 2),
            (FIRST_CHUNK, 3),
            (FIRST_CHUNK + 1, 4),
            (1000, 5),
        ] {
            let (mut candidates, expected) = random_candidates(n, seed);
            let mut got = Vec::new();
            while let Some((c, lits)) = candidates.get(got.len()) {
                assert!(lits.windows(2).all(|w| w[0].code() < w[1].code()));
                got.push(c);
            }
            assert_eq!(got, expected, "{n} candidates");
            if n > 2 * FIRST_CHUNK {
                assert!(candidates.sorted == n, "sorted in chunks to the end");
            }
        }
    }

    #[test]
    fn a_round_that_stops_early_sorts_only_the_first_chunk() {
        let (mut candidates, expected) = random_candidates(1000, 6);
        assert_eq!(candidates.get(10).map(|(c, _)| c), Some(expected[10]));
        assert_eq!(candidates.sorted, FIRST_CHUNK);
    }
}
