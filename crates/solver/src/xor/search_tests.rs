//! Unit tests of the XOR matrices of the search (`search.rs`).

use super::*;
use crate::xor::gauss::{echelons, Xor};

/// A small xorshift generator: the tests need no seeded crate.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

fn random_system(rng: &mut Rng, n: usize) -> Vec<Xor> {
    (0..1 + rng.below(8))
        .map(|_| {
            let mut vars: Vec<u32> = (0..n as u32).filter(|_| rng.below(3) == 0).collect();
            if vars.is_empty() {
                vars.push(rng.below(n) as u32);
            }
            Xor {
                vars,
                parity: rng.below(2) == 1,
            }
        })
        .collect()
}

/// The assignments (bit v: variable v) of `n` variables that satisfy
/// the XORs over `vars` only and agree with `fixed` (column, value).
fn solutions(xors: &[Xor], n: usize, vars: &[u32], fixed: &[(usize, bool)]) -> Vec<u32> {
    let inside = |x: &&Xor| x.vars.iter().all(|v| vars.contains(v));
    (0..1u32 << n)
        .filter(|a| {
            xors.iter().filter(inside).all(|x| {
                let ones = x.vars.iter().filter(|&&v| a >> v & 1 == 1).count();
                (ones % 2 == 1) == x.parity
            })
        })
        .filter(|a| fixed.iter().all(|&(c, val)| (a >> vars[c] & 1 == 1) == val))
        .collect()
}

/// The search over one matrix: assignments seen in order, the units
/// they imply assigned in turn, decisions undone at level boundaries.
struct Search {
    matrix: XorMatrix,
    /// (column, value), in the order seen.
    trail: Vec<(usize, bool)>,
    /// Where each decision level starts in `trail`.
    levels: Vec<usize>,
}

impl Search {
    fn value(&self, column: usize) -> Option<bool> {
        self.trail.iter().find(|t| t.0 == column).map(|t| t.1)
    }

    /// Opens a level with `assigned` (column, value) on it, seen after
    /// one another as the search's propagation hands them over, and
    /// propagates; whether a conflict came.
    fn decide(
        &mut self,
        assigned: &[(usize, bool)],
        check: &mut impl FnMut(&Search, Found),
    ) -> bool {
        self.levels.push(self.trail.len());
        let mut queue: Vec<(usize, bool)> = assigned.iter().rev().copied().collect();
        let mut found = Vec::new();
        while let Some((c, val)) = queue.pop() {
            match self.value(c) {
                Some(v) if v == val => continue,
                Some(_) => {
                    // The clash stays on the trail until backtracked.
                    self.trail.push((c, val));
                    return true;
                }
                None => {}
            }
            self.trail.push((c, val));
            found.clear();
            self.matrix.assign(c, val, &mut found);
            for &f in &found {
                check(self, f);
                match f {
                    Found::Unit { column, value, .. } => queue.insert(0, (column as usize, value)),
                    Found::Conflict { .. } => return true,
                }
            }
        }
        false
    }

    fn backtrack(&mut self, level: usize) {
        let start = self.levels[level];
        let (kept, undone) = self.trail.split_at(start);
        for &(c, _) in undone {
            // A clash repeats a column still assigned below.
            if !kept.iter().any(|k| k.0 == c) {
                self.matrix.unassign(c);
            }
        }
        self.trail.truncate(start);
        self.levels.truncate(level);
    }
}

#[test]
fn what_the_rows_say_is_implied_and_nothing_implied_is_missed() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut units, mut conflicts, mut complete) = (0, 0, 0);
    for _ in 0..1500 {
        let n = 2 + rng.below(9);
        let xors = random_system(&mut rng, n);
        for echelon in echelons(&xors, n, 1..=usize::MAX, usize::MAX) {
            let vars = echelon.vars.clone();
            let mut search = Search {
                matrix: XorMatrix::new(echelon),
                trail: Vec::new(),
                levels: Vec::new(),
            };
            let mut found = Vec::new();
            for (column, value) in search.matrix.facts() {
                search.trail.push((column, value));
                search.matrix.assign(column, value, &mut found);
            }
            assert!(found.iter().all(|f| matches!(f, Found::Unit { .. })));
            for _ in 0..12 {
                let open: Vec<usize> = (0..vars.len())
                    .filter(|&c| search.value(c).is_none())
                    .collect();
                if open.is_empty() || rng.below(4) == 0 {
                    if !search.levels.is_empty() {
                        let level = rng.below(search.levels.len());
                        search.backtrack(level);
                    }
                    continue;
                }
                let batch: Vec<(usize, bool)> = (0..1 + rng.below(3))
                    .map(|_| (open[rng.below(open.len())], rng.below(2) == 1))
                    .collect();
                let mut sound = |s: &Search, f: Found| {
                    let sols = solutions(&xors, n, &vars, &s.trail);
                    match f {
                        Found::Unit { column, value, .. } => {
                            let v = vars[column as usize];
                            assert!(sols.iter().all(|a| (a >> v & 1 == 1) == value));
                            units += 1;
                        }
                        Found::Conflict { .. } => {
                            assert!(sols.is_empty());
                            conflicts += 1;
                        }
                    }
                };
                let conflict = search.decide(&batch, &mut sound);
                let sols = solutions(&xors, n, &vars, &search.trail);
                if conflict {
                    assert!(sols.is_empty(), "a conflict is a real one");
                    let level = search.levels.len() - 1;
                    search.backtrack(level);
                    continue;
                }
                assert!(!sols.is_empty(), "no conflict missed");
                for c in (0..vars.len()).filter(|&c| search.value(c).is_none()) {
                    let v = vars[c];
                    let first = sols[0] >> v & 1;
                    assert!(sols.iter().any(|a| a >> v & 1 != first), "no unit missed");
                }
                complete += 1;
            }
        }
    }
    eprintln!("{units} units, {conflicts} conflicts, {complete} complete");
    assert!(
        units > 1000 && conflicts > 100 && complete > 1000,
        "{units} {conflicts} {complete}"
    );
}
