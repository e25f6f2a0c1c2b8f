//! The reference solver: a deliberately simple DPLL sharing no code with
//! satoku-solver, so a bug there cannot hide here too.
//!
//! Unit propagation scans every clause until nothing changes; it branches on
//! a literal of a shortest open clause, trying it true then false. Nothing
//! is learnt. It is meant for the fuzzer's small formulas (tens of
//! variables), and gives up (`None`) after a budget of clause visits.

use satoku_formula::{Cnf, Lit};

/// Clause visits before the reference gives up.
pub const BUDGET: u64 = 20_000_000;

/// Whether `cnf` plus the `assumptions` (as units) is satisfiable, or
/// `None` when the budget ran out.
pub fn solve(cnf: &Cnf, assumptions: &[Lit]) -> Option<bool> {
    let num_vars = assumptions
        .iter()
        .map(|l| l.var().index() + 1)
        .max()
        .unwrap_or(0)
        .max(cnf.num_vars());
    let mut search = Search {
        clauses: cnf.clauses().collect(),
        vals: vec![0; num_vars],
        budget: BUDGET,
    };
    for &a in assumptions {
        match search.value(a) {
            -1 => return Some(false),
            0 => search.set(a),
            _ => {}
        }
    }
    search.dpll()
}

struct Search<'a> {
    clauses: Vec<&'a [Lit]>,
    /// Per variable: 1 true, -1 false, 0 open.
    vals: Vec<i8>,
    budget: u64,
}

impl Search<'_> {
    fn value(&self, lit: Lit) -> i8 {
        let v = self.vals[lit.var().index()];
        if lit.is_negated() {
            -v
        } else {
            v
        }
    }

    fn set(&mut self, lit: Lit) {
        self.vals[lit.var().index()] = if lit.is_negated() { -1 } else { 1 };
    }

    fn dpll(&mut self) -> Option<bool> {
        let mut assigned = Vec::new();
        let result = self
            .propagate(&mut assigned)
            .and_then(|branch| match branch {
                Branch::Conflict => Some(false),
                Branch::Satisfied => Some(true),
                Branch::On(lit) => self.split(lit),
            });
        for lit in assigned {
            self.vals[lit.var().index()] = 0;
        }
        result
    }

    fn split(&mut self, lit: Lit) -> Option<bool> {
        for l in [lit, !lit] {
            self.set(l);
            let r = self.dpll();
            self.vals[l.var().index()] = 0;
            if r != Some(false) {
                return r;
            }
        }
        Some(false)
    }

    /// Unit propagation to a fixpoint; the literals it set go to `assigned`.
    fn propagate(&mut self, assigned: &mut Vec<Lit>) -> Option<Branch> {
        loop {
            let mut changed = false;
            let mut best: Option<(usize, Lit)> = None;
            for i in 0..self.clauses.len() {
                self.budget = self.budget.checked_sub(1)?;
                let (mut open, mut last, mut sat) = (0, None, false);
                for &l in self.clauses[i] {
                    match self.value(l) {
                        1 => {
                            sat = true;
                            break;
                        }
                        0 => {
                            open += 1;
                            last = Some(l);
                        }
                        _ => {}
                    }
                }
                match (sat, open, last) {
                    (true, _, _) => {}
                    (false, 0, _) => return Some(Branch::Conflict),
                    (false, 1, Some(l)) => {
                        if self.value(l) == 0 {
                            self.set(l);
                            assigned.push(l);
                            changed = true;
                        }
                    }
                    (false, n, Some(l)) => {
                        if best.is_none_or(|(size, _)| n < size) {
                            best = Some((n, l));
                        }
                    }
                    (false, _, None) => unreachable!("open > 0 has a last literal"),
                }
            }
            if !changed {
                return Some(best.map_or(Branch::Satisfied, |(_, l)| Branch::On(l)));
            }
        }
    }
}

enum Branch {
    Conflict,
    Satisfied,
    On(Lit),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_answers() {
        assert_eq!(solve(&Cnf::from_dimacs(&[]), &[]), Some(true));
        assert_eq!(solve(&Cnf::from_dimacs(&[&[]]), &[]), Some(false));
        assert_eq!(
            solve(&Cnf::from_dimacs(&[&[1, 2], &[-1, 2], &[1, -2]]), &[]),
            Some(true)
        );
        let all4 = Cnf::from_dimacs(&[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2]]);
        assert_eq!(solve(&all4, &[]), Some(false));
        let dup = Cnf::from_dimacs(&[&[1, 1], &[-1, -1, 2], &[1, -1]]);
        assert_eq!(solve(&dup, &[]), Some(true));
        assert_eq!(solve(&dup, &[Lit::from_dimacs(-2)]), Some(false));
        assert_eq!(
            solve(
                &Cnf::from_dimacs(&[]),
                &[Lit::from_dimacs(3), Lit::from_dimacs(-3)]
            ),
            Some(false)
        );
    }

    #[test]
    fn pigeonhole_is_unsat_and_ksat_agrees_with_brute_force() {
        assert_eq!(solve(&satoku_gen::pigeonhole(4), &[]), Some(false));
        for seed in 0..200 {
            let f = satoku_gen::random_ksat(10, 43, 3, seed);
            let brute = (0..1u32 << 10).any(|a| {
                f.clauses().all(|c| {
                    c.iter()
                        .any(|l| ((a >> l.var().index()) & 1 == 1) != l.is_negated())
                })
            });
            assert_eq!(solve(&f, &[]), Some(brute), "seed {seed}");
        }
    }
}
