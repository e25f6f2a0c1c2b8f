//! Equivalent-literal substitution (ELS): literals in one strongly
//! connected component of the binary implication graph (`scc.rs`) are
//! equivalent, so each variable of a component is replaced by one
//! representative in every clause, and leaves the formula (van Gelder
//! 2005, "Toward leaner binary-clause reasoning"; Heule, Järvisalo and
//! Biere 2011; CaDiCaL's `decompose.cpp`, Kissat's `substitute.c`).
//!
//! The representative of a component is its frozen (or otherwise not
//! removable) variable of smallest index if it holds one, else its
//! variable of smallest index; other frozen variables of the component
//! stay as they are, so the caller's variables are never removed. A
//! component holding a literal and its negation proves the formula
//! unsatisfiable.
//!
//! Every clause naming a substituted variable is rewritten, irredundant
//! and learnt alike, in the same pass as root simplification (literals
//! false at the root dropped, clauses true there deleted): rebuilding the
//! watches afterwards needs every clause simplified. DRAT: each rewritten
//! clause is added before the clause it came from is deleted; it is RUP
//! through the binary clauses of the component, so the clauses that become
//! tautologies (among them every binary clause inside a component) are
//! deleted last. The equivalences themselves, `x ∨ ¬r` and `¬x ∨ r`, are
//! written as lemmas first and stay in the proof, so that a clause naming
//! `x` that comes back later is RUP. A substituted `x` with representative `r` goes to the
//! reconstruction stack as `x ∨ ¬r` (witness `x`) and `¬x ∨ r` (witness
//! `¬x`), so models give `x` the value of `r`.

use satoku_formula::{Lit, Var};

use crate::equiv::scc;
use crate::removed::vars::VarStatus;
use crate::search::clause_db::ClauseRef;
use crate::search::reason::Reason;
use crate::search::trail::{FALSE, OPEN, TRUE};
use crate::solver::Solver;

/// What rewriting one clause gave.
enum Rewrite {
    /// Nothing to change.
    Same,
    /// True at the root: deleted at once.
    Satisfied,
    /// A tautology after substitution: deleted after every rewrite.
    Tautology,
    /// The clause to put in its place (duplicates gone; may be short).
    Into(Vec<Lit>),
}

impl Solver {
    /// Finds the equivalent literals and substitutes them (module docs), at
    /// the root with the trail propagated. False when the formula is found
    /// unsatisfiable (a literal equivalent to its negation, or a conflict
    /// among the units rewriting gives).
    pub(crate) fn substitute(&mut self) -> bool {
        debug_assert_eq!(self.trail.decision_level(), 0);
        let components = {
            let (trail, vars) = (&self.trail, &self.vars);
            scc::components(&self.watches, |l| {
                trail.value(l) == OPEN && vars.is_active(l.var())
            })
        };
        if components.is_empty() {
            return true;
        }
        let mut repr: Vec<Lit> = (0..self.watches.num_lists() as u32)
            .map(Lit::from_code)
            .collect();
        let mut substituted = Vec::new();
        for component in &components {
            if let Err(lit) = self.choose_representative(component, &mut repr, &mut substituted) {
                // `lit` and `¬lit` imply each other: `¬lit` is RUP (`lit`
                // propagates to `¬lit`), and then the empty clause is.
                self.proof.add(&[!lit]);
                return false;
            }
        }
        if substituted.is_empty() {
            return true;
        }
        self.log_equivalences(&substituted, &repr);
        let units = match self.rewrite_clauses(&repr) {
            Some(units) => units,
            None => return false,
        };
        for &x in &substituted {
            let r = repr[x.positive().code()];
            self.extension.push(x.positive(), &[x.positive(), !r]);
            self.extension.push(x.negative(), &[x.negative(), r]);
            self.vars.remove(x, VarStatus::Substituted);
        }
        self.stats.substituted_vars += substituted.len() as u64;
        self.rebuild_watches();
        self.assign_root_units(&units)
    }

    /// Maps every literal of `component`, and of its mirror (the
    /// negations), to the representative's literal; adds the variables
    /// substituted to `substituted`. Of a component and its mirror only the
    /// one holding the positive literal of their smallest variable is done.
    /// Err with a literal whose negation is in the component too.
    fn choose_representative(
        &self,
        component: &[Lit],
        repr: &mut [Lit],
        substituted: &mut Vec<Var>,
    ) -> Result<(), Lit> {
        let mut vars: Vec<Lit> = component.to_vec();
        vars.sort_unstable_by_key(|l| l.var());
        if let Some(w) = vars.windows(2).find(|w| w[0].var() == w[1].var()) {
            return Err(w[0]);
        }
        if !vars[0].is_positive() {
            return Ok(());
        }
        let rep = vars
            .iter()
            .copied()
            .find(|l| !self.is_removable(l.var()))
            .unwrap_or(vars[0]);
        for &lit in &vars {
            if lit != rep && self.is_removable(lit.var()) {
                repr[lit.code()] = rep;
                repr[(!lit).code()] = !rep;
                substituted.push(lit.var());
            }
        }
        Ok(())
    }

    /// Writes `x ∨ ¬r` and `¬x ∨ r` to the proof for each substituted `x`
    /// with representative `r` (RUP through the binary clauses of their
    /// component) and never deletes them: clauses that name `x` again later
    /// (a clause added or the reconstruction stack put back) are then RUP
    /// too, whatever clauses the checker was given up front.
    fn log_equivalences(&mut self, substituted: &[Var], repr: &[Lit]) {
        for &x in substituted {
            let r = repr[x.positive().code()];
            self.proof.add(&[x.positive(), !r]);
            self.proof.add(&[x.negative(), r]);
        }
    }

    /// The rewritten form of `lits` (module docs).
    fn rewrite(&self, lits: &[Lit], repr: &[Lit]) -> Rewrite {
        let changes = |&l: &Lit| repr[l.code()] != l || self.trail.value(l) != OPEN;
        if !lits.iter().any(changes) {
            return Rewrite::Same;
        }
        let mut out = Vec::with_capacity(lits.len());
        for &l in lits {
            let r = repr[l.code()];
            match self.trail.value(r) {
                TRUE => return Rewrite::Satisfied,
                FALSE => {}
                _ => out.push(r),
            }
        }
        out.sort_unstable();
        out.dedup();
        if out.windows(2).any(|w| w[0] == !w[1]) {
            return Rewrite::Tautology;
        }
        Rewrite::Into(out)
    }

    /// Rewrites every clause (module docs). Returns the units found, or
    /// `None` when a clause became empty.
    fn rewrite_clauses(&mut self, repr: &[Lit]) -> Option<Vec<Lit>> {
        let mut units = Vec::new();
        let mut tautologies = Vec::new();
        for c in self.db.live_clauses() {
            if self.db.is_deleted(c) {
                continue;
            }
            match self.rewrite(self.db.lits(c), repr) {
                Rewrite::Same => {}
                Rewrite::Satisfied => self.remove_clause(c),
                Rewrite::Tautology => tautologies.push(c),
                Rewrite::Into(lits) => {
                    self.proof.add(&lits);
                    match lits.len() {
                        0 => return None,
                        1 => units.push(lits[0]),
                        _ => self.replace_clause(c, &lits),
                    }
                    if lits.len() < 2 {
                        self.remove_clause(c);
                    }
                }
            }
        }
        for c in tautologies {
            self.remove_clause(c);
        }
        Some(units)
    }

    /// Stores `lits` in place of clause `c` (same kind, learnt clauses
    /// keeping their activity and an LBD no larger than their length) and
    /// deletes `c`. Watches are rebuilt afterwards.
    fn replace_clause(&mut self, c: ClauseRef, lits: &[Lit]) {
        let learnt = self.db.is_learnt(c);
        let lbd = self.db.lbd(c).min(lits.len() as u32);
        let new = self.db.alloc(lits, learnt, lbd);
        if learnt {
            self.db.set_activity(new, self.db.activity(c));
            self.db.set_used(new, self.db.is_used(c));
        }
        self.remove_clause(c);
    }

    /// Assigns `units` (already in the proof) at the root and propagates;
    /// false on a conflict, which counts as one (as a root conflict of the
    /// search does, and the observer hears of it).
    pub(crate) fn assign_root_units(&mut self, units: &[Lit]) -> bool {
        for &u in units {
            match self.trail.value(u) {
                TRUE => continue,
                FALSE => return false,
                _ => {}
            }
            self.trail.assign(u, Reason::NONE);
            self.schedule.root_unit_added();
            if self.observing.is_on() {
                self.report_propagation(u);
            }
        }
        let conflict = self.propagate().is_some();
        self.stats.conflicts += u64::from(conflict);
        !conflict
    }
}

#[cfg(test)]
mod tests {
    use satoku_formula::{Cnf, Lit};

    use crate::{SolveResult, Solver, SolverConfig};

    fn solver(clauses: &[&[i64]]) -> Solver {
        let mut cnf = Cnf::new();
        for c in clauses {
            cnf.add_clause(&Lit::vec_from_dimacs(c));
        }
        let config = SolverConfig {
            probe: false,
            ..SolverConfig::default()
        };
        Solver::from_cnf(&cnf, config)
    }

    #[test]
    fn equivalent_variables_leave_the_formula_and_models_cover_them() {
        // x1 = x2 = -x3; (x1 | x4) and (-x3 | -x4) force x1 and x4 apart.
        let mut s = solver(&[&[-1, 2], &[-2, -3], &[3, 1], &[1, 4], &[-3, -4, 5]]);
        assert!(s.substitute());
        assert_eq!(s.stats.substituted_vars, 2);
        assert!(!s.vars.is_active(satoku_formula::Var::new(1)));
        assert!(s.vars.is_active(satoku_formula::Var::new(0)));
        let SolveResult::Sat(model) = s.solve() else {
            panic!("satisfiable");
        };
        let v = |d: i64| model.lit_value(Lit::from_dimacs(d));
        assert_eq!(v(1), v(2));
        assert_eq!(v(1), !v(3));
    }

    #[test]
    fn a_frozen_variable_is_the_representative_and_stays() {
        let mut s = solver(&[&[-1, 2], &[-2, 3], &[-3, 1], &[1, 2, 4]]);
        s.freeze(satoku_formula::Var::new(2));
        s.freeze(satoku_formula::Var::new(1));
        assert!(s.substitute());
        assert_eq!(s.stats.substituted_vars, 1);
        assert!(s.vars.is_active(satoku_formula::Var::new(1)));
        assert!(s.vars.is_active(satoku_formula::Var::new(2)));
        assert!(!s.vars.is_active(satoku_formula::Var::new(0)));
    }

    #[test]
    fn a_literal_equivalent_to_its_negation_is_unsat() {
        let mut s = solver(&[&[-1, 2], &[-2, -1], &[1, -2], &[2, 1], &[3, 4]]);
        assert!(!s.substitute());
        assert_eq!(s.solve(), SolveResult::Unsat);
    }

    #[test]
    fn a_clause_that_shrinks_to_a_unit_is_assigned() {
        // x1 = x2, so (x1 | x2) is the unit x1 (the representative).
        let mut s = solver(&[&[-1, 2], &[-2, 1], &[1, 2, 2], &[-1, 3, 4]]);
        assert!(s.substitute());
        assert_eq!(
            s.trail.value(Lit::from_dimacs(1)),
            crate::search::trail::TRUE
        );
    }
}
