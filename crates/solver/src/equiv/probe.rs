//! Failed-literal probing on the binary implication graph, and the
//! schedule of the rounds that run it with equivalent-literal
//! substitution (`substitute.rs`).
//!
//! A literal `l` is probed by deciding it at level 1 and propagating: a
//! conflict shows that `l` cannot hold, so `¬l` is a root unit (RUP: unit
//! propagation from `l` reached the conflict), assigned and propagated at
//! once; a conflict there refutes the formula (Freeman 1995; Le Berre
//! 2001; CaDiCaL's `probe.cpp`, Kissat's `probe.c`). Only roots of the
//! binary implication graph are probed: literals whose negation occurs in
//! binary clauses and that occur in none themselves. Whatever another
//! literal implies through binary clauses, probing the roots above it
//! reaches too. A literal is probed again only once new root units were
//! found since its last probe.
//!
//! Rounds run at the root of a call that is not scoped: the first before
//! the first decision (preprocessing), the `k`-th `PROBE_INTERVAL * k`
//! conflicts after the one before, each skipped when no unit and no binary
//! clause came since the last. A round first closes the AND gates under
//! congruence (`equiv/congruence.rs`), then solves the XORs (`xor/extract.rs`), then
//! substitutes equivalent literals,
//! then probes until its effort is spent: `PROBE_EFFORT_PER_MILLE` of the
//! propagations the search made since the last round, at least
//! `PROBE_MIN_EFFORT`. Probing saves no phase (the saved phases are put
//! back after it), counts its propagations apart from the search's
//! (`Stats::probe_propagations`), and tells the observer nothing but the
//! units it finds.

use satoku_formula::Lit;

use crate::api::config::{Algorithm, PROBE_EFFORT_PER_MILLE, PROBE_INTERVAL, PROBE_MIN_EFFORT};
use crate::equiv::congruence::Congruence;
use crate::search::reason::Reason;
use crate::search::trail::OPEN;
use crate::solver::Solver;
use crate::xor::extract::XorRounds;

/// Probes between two looks at the call's limits.
const PROBES_PER_CHECK: u64 = 64;

/// The schedule of the rounds and what the last one saw.
#[derive(Default)]
pub(crate) struct Probing {
    /// Rounds run so far.
    rounds: u64,
    /// The next round waits for this many conflicts.
    next_round: u64,
    /// `stats.propagations` at the end of the last round.
    last_propagations: u64,
    /// Root units and binary clauses at the end of the last round
    /// (`None` before the first).
    last_seen: Option<(usize, usize)>,
    /// Per literal code: the number of root units when it was last probed
    /// (`usize::MAX`: never).
    probed_at: Vec<usize>,
    /// When congruence closure last ran in a round (`equiv/congruence.rs`).
    pub congruence: Congruence,
    /// When the XORs were last read in a round (`xor/extract.rs`).
    pub xors: XorRounds,
}

impl Solver {
    /// Runs a probing round if one is due (module docs); false when the
    /// formula is found unsatisfiable (then `ok` is false too; the caller
    /// answers Unsat, which writes the empty clause to the proof).
    pub(crate) fn probe_if_due(&mut self) -> bool {
        if !self.probing_due() {
            return true;
        }
        self.probing.rounds += 1;
        self.probing.next_round = self.stats.conflicts + PROBE_INTERVAL * self.probing.rounds;
        let binary_entries = self.num_binary_entries();
        let seen = (self.trail.len(), binary_entries);
        if self.probing.last_seen == Some(seen) {
            return true;
        }
        let ok = self.probe_round(binary_entries > 0);
        self.probing.last_seen = Some((self.trail.len(), self.num_binary_entries()));
        self.probing.last_propagations = self.stats.propagations;
        if !ok {
            self.answer.refute();
        }
        ok
    }

    /// Whether a round may and should run now.
    fn probing_due(&self) -> bool {
        (self.config.probe || self.config.substitute || self.config.congruence || self.config.gauss)
            && self.config.algorithm == Algorithm::Cdcl
            && self.scope.floor() == 0
            && self.trail.decision_level() == 0
            && self.stats.conflicts >= self.probing.next_round
            && !self.out_of_budget()
    }

    /// Binary watch entries (two per binary clause): a change in this
    /// number is a change in the binary clauses.
    fn num_binary_entries(&self) -> usize {
        self.watches.num_binary_entries()
    }

    /// One round: congruence, XORs, substitution, then probing within
    /// the effort bound. Without a binary clause (`has_binary` false, and
    /// the XORs adding no equivalence) there is no gate, no component of
    /// the binary implication graph and no root to probe: only the XORs
    /// are read, which on a large random formula saves passes over every
    /// clause and literal.
    fn probe_round(&mut self, has_binary: bool) -> bool {
        if !has_binary {
            self.probing.congruence.no_gates = true; // what a round would find
        }
        if self.config.congruence && !self.congruence() {
            return false;
        }
        let equivalences = self.stats.xor_equivalences;
        if self.config.gauss && !self.gauss() {
            return false;
        }
        let has_binary = has_binary || self.stats.xor_equivalences > equivalences;
        if self.config.substitute && has_binary && !self.substitute() {
            return false;
        }
        if !self.build_xor_search() {
            return false;
        }
        if !self.config.probe || !has_binary {
            return true;
        }
        let searched = self.stats.propagations - self.probing.last_propagations;
        let effort = (searched * PROBE_EFFORT_PER_MILLE / 1000).max(PROBE_MIN_EFFORT);
        let (ok, spent) = self.aside(|s| s.probe_roots(effort));
        self.stats.probe_propagations += spent;
        ok
    }

    /// The roots of the binary implication graph (module docs) not probed
    /// since the last new root unit.
    fn probe_candidates(&mut self) -> Vec<Lit> {
        let n = self.watches.num_lists();
        self.probing.probed_at.resize(n, usize::MAX);
        let has_binary = |l: Lit| {
            self.watches
                .binary_others(l)
                .any(|other| self.trail.value(other) == OPEN)
        };
        (0..n as u32)
            .map(Lit::from_code)
            .filter(|&l| {
                self.trail.value(l) == OPEN
                    && self.probing.probed_at[l.code()] != self.trail.len()
                    && has_binary(!l)
                    && !has_binary(l)
            })
            .collect()
    }

    /// Probes the candidates until `effort` propagations are spent; false
    /// when the formula is found unsatisfiable.
    fn probe_roots(&mut self, effort: u64) -> bool {
        let searched = self.stats.propagations;
        let candidates = self.probe_candidates();
        let mut ok = true;
        for (i, &lit) in candidates.iter().enumerate() {
            let spent = self.stats.propagations - searched;
            if spent >= effort
                || (i as u64 % PROBES_PER_CHECK == PROBES_PER_CHECK - 1 && self.out_of_budget())
            {
                break;
            }
            if self.trail.value(lit) != OPEN {
                continue;
            }
            self.probing.probed_at[lit.code()] = self.trail.len();
            if self.probe_fails(lit) {
                self.stats.failed_literals += 1;
                self.proof.add(&[!lit]);
                if !self.assign_root_units(&[!lit]) {
                    ok = false;
                    break;
                }
            }
        }
        ok
    }

    /// Decides `lit` at level 1, propagates, and backtracks: whether
    /// propagation met a conflict. The observer is told nothing.
    fn probe_fails(&mut self, lit: Lit) -> bool {
        self.stats.probes += 1;
        let observing = std::mem::take(&mut self.observing);
        self.new_level(false);
        self.trail.assign(lit, Reason::NONE);
        let failed = self.propagate().is_some();
        self.backtrack(0);
        self.observing = observing;
        failed
    }
}

#[cfg(test)]
mod tests {
    use satoku_formula::{Cnf, Lit};

    use crate::search::trail::TRUE;
    use crate::{SolveResult, Solver, SolverConfig};

    fn solver(clauses: &[&[i64]], substitute: bool) -> Solver {
        let mut cnf = Cnf::new();
        for c in clauses {
            cnf.add_clause(&Lit::vec_from_dimacs(c));
        }
        let config = SolverConfig {
            substitute,
            ..SolverConfig::default()
        };
        Solver::from_cnf(&cnf, config)
    }

    #[test]
    fn a_root_that_propagates_to_a_conflict_is_refuted_at_the_root() {
        // 1 -> 2, 1 -> 3, (-2 | -3): x1 fails, so -1 is a unit.
        let mut s = solver(&[&[-1, 2], &[-1, 3], &[-2, -3, 4], &[-2, -3, -4]], false);
        assert!(s.probe_if_due());
        assert_eq!(s.stats.failed_literals, 1);
        assert_eq!(s.trail.value(Lit::from_dimacs(-1)), TRUE);
        assert_eq!(s.trail.decision_level(), 0);
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
    }

    #[test]
    fn only_roots_are_probed_and_never_twice_without_news() {
        // Roots: 1 (-1 in binaries, 1 in none) and -4... 4 occurs only
        // positively in (-3 | 4), so -4 is a root as well.
        let mut s = solver(&[&[-1, 2], &[-2, 3], &[-3, 4]], false);
        let candidates = s.probe_candidates();
        assert_eq!(candidates, Lit::vec_from_dimacs(&[1, -4]));
        assert!(s.probe_if_due());
        assert_eq!((s.stats.probes, s.stats.failed_literals), (2, 0));
        assert!(s.probe_candidates().is_empty());
    }

    #[test]
    fn a_failed_literal_whose_negation_also_fails_refutes_the_formula() {
        // Roots 1, -2, -3 fail in turn; the units 2 and 3 then falsify
        // (-2 | -3 | 4) or (-2 | -3 | -4) at the root.
        let clauses: [&[i64]; 8] = [
            &[-1, 2],
            &[-1, 3],
            &[-2, -3, 4],
            &[-2, -3, -4],
            &[-5, 2],
            &[-5, 3],
            &[1, 5, 6],
            &[1, 5, -6],
        ];
        let mut s = solver(&clauses, false);
        assert!(!s.probe_if_due());
        assert_eq!(s.solve(), SolveResult::Unsat);
    }

    #[test]
    fn probing_counts_its_propagations_apart() {
        let mut s = solver(&[&[-1, 2], &[-2, 3], &[-3, 4]], false);
        assert!(s.probe_if_due());
        assert_eq!(s.stats.propagations, 0);
        assert!(s.stats.probe_propagations >= 4);
    }

    #[test]
    fn equivalences_the_xors_state_are_substituted_where_no_clause_is_binary() {
        // 1 ⊕ 2 ⊕ 3 = 1 and 2 ⊕ 3 ⊕ 4 = 0, no binary clause: their sum,
        // 1 ⊕ 4 = 1, is an equivalence, which substitution replaces.
        let clauses: [&[i64]; 8] = [
            &[1, 2, 3],
            &[-1, -2, 3],
            &[-1, 2, -3],
            &[1, -2, -3],
            &[-2, 3, 4],
            &[2, -3, 4],
            &[2, 3, -4],
            &[-2, -3, -4],
        ];
        let mut s = solver(&clauses, true);
        assert!(s.probe_if_due());
        assert_eq!(s.stats.xor_equivalences, 1);
        assert_eq!(s.stats.substituted_vars, 1);
        assert!(matches!(s.solve(), SolveResult::Sat(_)));
    }
}
