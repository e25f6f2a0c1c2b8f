//! Shrinking a failing formula to a small reproduction.
//!
//! Greedy delta debugging (Zeller and Hildebrandt, "Simplifying and
//! isolating failure-inducing input", TSE 2002) over four kinds of move,
//! repeated until none helps: set an option back to its default, drop runs
//! of clauses (halving the run length down to single clauses), drop single
//! literals, and renumber the variables densely by first appearance. A
//! candidate is kept only if it still fails with the same
//! [`FindingKind`], so the shrinker cannot
//! wander off to a different bug. Traces shrink the same way with
//! [`shrink_list`] over their steps.

use std::time::{Duration, Instant};

use satoku_formula::{Cnf, Lit, Var};

use crate::check::{check_formula_within, Finding, FindingKind, SHRINK_TIME_LIMIT, TIME_LIMIT};
use crate::options::Options;

/// Shrinking stops trying candidates after this long (a case that fails by
/// running out of time costs [`TIME_LIMIT`] a try).
pub const SHRINK_TIME: Duration = Duration::from_secs(120);

/// A shrunk failing case.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing formula found.
    pub cnf: Cnf,
    /// The simplest failing options found.
    pub options: Options,
    /// How it fails.
    pub finding: Finding,
    /// Candidates tried.
    pub num_tries: u64,
}

/// Shrinks `cnf` under `options`, which fail with `finding`. Oracles are
/// recomputed for every candidate (a generator's known answer no longer
/// holds once clauses are dropped).
pub fn shrink_formula(cnf: &Cnf, options: &Options, finding: &Finding) -> Shrunk {
    let mut best = Shrunk {
        cnf: cnf.clone(),
        options: *options,
        finding: finding.clone(),
        num_tries: 0,
    };
    let kind = finding.kind;
    let deadline = Instant::now() + SHRINK_TIME;
    let time_limit = if kind == FindingKind::Unknown {
        SHRINK_TIME_LIMIT
    } else {
        TIME_LIMIT
    };
    let try_case = |clauses: &[Vec<Lit>], options: &Options, best: &mut Shrunk| {
        if Instant::now() > deadline {
            return false;
        }
        best.num_tries += 1;
        let candidate = to_cnf(clauses);
        match check_formula_within(&candidate, options, None, time_limit) {
            Err(f) if f.kind == kind => {
                best.cnf = candidate;
                best.options = *options;
                best.finding = f;
                true
            }
            _ => false,
        }
    };
    let mut clauses: Vec<Vec<Lit>> = cnf.clauses().map(<[Lit]>::to_vec).collect();
    loop {
        let before = (clauses.len(), num_lits(&clauses), best.options);
        for simpler in best.options.simpler() {
            let cs = clauses.clone();
            try_case(&cs, &simpler, &mut best);
        }
        let options = best.options;
        clauses = shrink_list(clauses, |c| try_case(c, &options, &mut best));
        clauses = drop_literals(clauses, |c| try_case(c, &options, &mut best));
        let renamed = rename(&clauses);
        if renamed != clauses && try_case(&renamed, &options, &mut best) {
            clauses = renamed;
        }
        if (clauses.len(), num_lits(&clauses), best.options) == before {
            break;
        }
    }
    best
}

/// Greedy ddmin over a list: tries dropping runs of `n/2`, `n/4`, ..., 1
/// items, keeping each drop for which `fails` still holds.
pub fn shrink_list<T: Clone>(mut items: Vec<T>, mut fails: impl FnMut(&[T]) -> bool) -> Vec<T> {
    let mut chunk = items.len().div_ceil(2).max(1);
    loop {
        let mut i = 0;
        while i < items.len() {
            let end = (i + chunk).min(items.len());
            let mut candidate = Vec::with_capacity(items.len() - (end - i));
            candidate.extend_from_slice(&items[..i]);
            candidate.extend_from_slice(&items[end..]);
            if fails(&candidate) {
                items = candidate;
            } else {
                i += chunk;
            }
        }
        if chunk == 1 {
            return items;
        }
        chunk = chunk.div_ceil(2);
    }
}

/// Tries dropping each literal of each clause.
fn drop_literals(
    mut clauses: Vec<Vec<Lit>>,
    mut fails: impl FnMut(&[Vec<Lit>]) -> bool,
) -> Vec<Vec<Lit>> {
    for i in 0..clauses.len() {
        let mut j = 0;
        while j < clauses[i].len() {
            let mut candidate = clauses.clone();
            candidate[i].remove(j);
            if fails(&candidate) {
                clauses = candidate;
            } else {
                j += 1;
            }
        }
    }
    clauses
}

/// Renumbers variables 0, 1, 2, ... in order of first appearance.
pub fn rename(clauses: &[Vec<Lit>]) -> Vec<Vec<Lit>> {
    let mut map: Vec<Option<u32>> = Vec::new();
    let mut next = 0;
    clauses
        .iter()
        .map(|c| {
            c.iter()
                .map(|&l| {
                    let v = l.var().index();
                    if map.len() <= v {
                        map.resize(v + 1, None);
                    }
                    let new = *map[v].get_or_insert_with(|| {
                        next += 1;
                        next - 1
                    });
                    Lit::new(Var::new(new), l.is_negated())
                })
                .collect()
        })
        .collect()
}

fn num_lits(clauses: &[Vec<Lit>]) -> usize {
    clauses.iter().map(Vec::len).sum()
}

/// A formula of exactly these clauses over the variables they use.
pub fn to_cnf(clauses: &[Vec<Lit>]) -> Cnf {
    let mut cnf = Cnf::new();
    for c in clauses {
        cnf.add_clause(c);
    }
    cnf
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_list_finds_the_two_culprits() {
        let items: Vec<u32> = (0..100).collect();
        let mut calls = 0;
        let out = shrink_list(items, |c| {
            calls += 1;
            c.contains(&17) && c.contains(&83)
        });
        assert_eq!(out, vec![17, 83]);
        assert!(calls < 200, "{calls} calls");
    }

    #[test]
    fn rename_is_dense_in_order_of_appearance() {
        let l = |d: i64| Lit::from_dimacs(d);
        let out = rename(&[vec![l(7), l(-3)], vec![l(3), l(9)]]);
        assert_eq!(out, vec![vec![l(1), l(-2)], vec![l(2), l(3)]]);
    }
}
