//! Forward checking: each lemma must be RUP, or RAT on its first literal,
//! with respect to the clauses live when it is read.
//!
//! The root trail (the formula's and lemmas' units and what they propagate)
//! is kept across lemmas. A lemma `C` is RUP when assigning `¬C` on top of
//! the root and propagating reaches a conflict; the temporary assignment is
//! then undone. Otherwise `C` is RAT on its pivot `p = C[0]` when for every
//! live clause `D` holding `¬p` the resolvent `C ∪ (D \ {¬p})` is RUP
//! (Wetzler, Heule and Hunt, "DRAT-trim", SAT 2014); the clauses `D` come
//! from occurrence lists (`occurs.rs`), so a RAT check costs the
//! occurrences of `¬p`, not the size of the clause set. Root assignments are
//! never undone: deleting a unit clause or the reason of a root assignment is
//! ignored, as drat-trim does by default.
//!
//! Proof variables beyond those the formula uses (extension variables, from
//! RAT definitions) get internal indices in order of appearance, so memory grows
//! with the number of distinct variables read, never with a literal's
//! magnitude.

use std::collections::HashMap;

use satoku_formula::{Cnf, Lit, Var};

use crate::db::{ClauseDb, NO_CLAUSE};
use crate::occurs::Occurrences;
use crate::propagate::{propagate, Trail, Watch};
use crate::verdict::{Refutation, Stats};

/// What became of a lemma.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LemmaResult {
    /// Checked and added.
    Added,
    /// Checked and added, and the clause set now conflicts at the root.
    Refuted,
    /// Neither RUP nor RAT: not added.
    NotImplied,
}

/// What became of a deletion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeleteResult {
    /// The clause was deleted.
    Deleted,
    /// No live clause has these literals: ignored.
    Missing,
    /// The clause is unit (one literal, or a root reason): ignored.
    Unit,
}

/// The clause set being checked, with its root assignment.
pub struct Checker {
    db: ClauseDb,
    /// Per literal code: the watchers of clauses watching that literal.
    watches: Vec<Vec<Watch>>,
    /// Per literal: the clauses holding it, kept from the first RAT check.
    occurs: Occurrences,
    trail: Trail,
    /// Per literal code: scratch marks for deduplication and lookups.
    marked: Vec<bool>,
    num_vars: usize,
    /// Variables below this index are the formula's and keep their index.
    num_formula_vars: usize,
    /// Proof variable index to internal index, for extension variables.
    extension_vars: HashMap<u32, u32>,
    /// Live clauses, and clauses deleted since watch lists were last purged.
    num_live: usize,
    num_deleted_unpurged: usize,
    /// Scratch: a lemma or deletion in internal literals.
    clause_buf: Vec<Lit>,
    /// Scratch: a RAT candidate's literals.
    candidate_buf: Vec<Lit>,
    stats: Stats,
}

impl Checker {
    /// A checker sized for the variables `cnf` uses (not those its header
    /// declares: a header may declare 2^31), with no clauses yet.
    pub fn new(cnf: &Cnf) -> Checker {
        let used = cnf.clauses().flatten().map(|l| l.var().index() + 1).max();
        let num_formula_vars = used.unwrap_or(0);
        let mut checker = Checker {
            db: ClauseDb::default(),
            watches: Vec::new(),
            occurs: Occurrences::default(),
            trail: Trail::default(),
            marked: Vec::new(),
            num_vars: 0,
            num_formula_vars,
            extension_vars: HashMap::new(),
            num_live: 0,
            num_deleted_unpurged: 0,
            clause_buf: Vec::new(),
            candidate_buf: Vec::new(),
            stats: Stats::default(),
        };
        checker.grow(num_formula_vars);
        checker
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Adds every clause of `cnf`; `Some` when the formula is already
    /// refuted (an empty clause, or a conflict under unit propagation).
    pub fn load(&mut self, cnf: &Cnf) -> Option<Refutation> {
        if cnf.has_empty_clause() {
            return Some(Refutation::EmptyClauseInFormula);
        }
        let mut buf = std::mem::take(&mut self.clause_buf);
        for clause in cnf {
            buf.clear();
            buf.extend_from_slice(clause);
            if self.add_clause(&mut buf) {
                return Some(Refutation::FormulaPropagation);
            }
        }
        self.clause_buf = buf;
        None
    }

    /// Checks the lemma `lits` (proof literals) and adds it when implied.
    pub fn lemma(&mut self, lits: &[Lit]) -> LemmaResult {
        self.stats.num_lemmas += 1;
        let mut lemma = std::mem::take(&mut self.clause_buf);
        lemma.clear();
        for &lit in lits {
            lemma.push(self.internal(lit));
        }
        let implied = self.is_implied(&lemma);
        let result = if !implied {
            LemmaResult::NotImplied
        } else if self.add_clause(&mut lemma) {
            LemmaResult::Refuted
        } else {
            LemmaResult::Added
        };
        self.clause_buf = lemma;
        result
    }

    /// Deletes the live clause with literals `lits` (proof literals), unless
    /// it is missing or unit.
    pub fn delete(&mut self, lits: &[Lit]) -> DeleteResult {
        self.stats.num_deletions += 1;
        let mut clause = std::mem::take(&mut self.clause_buf);
        clause.clear();
        for &lit in lits {
            clause.push(self.internal(lit));
        }
        dedupe(&mut clause, &mut self.marked);
        for &lit in &clause {
            self.marked[lit.code()] = true;
        }
        let found = self.db.find(&clause, &self.marked);
        for &lit in &clause {
            self.marked[lit.code()] = false;
        }
        self.clause_buf = clause;
        let Some(id) = found else {
            self.stats.num_missing_deletions += 1;
            return DeleteResult::Missing;
        };
        let first = self.db.clause(id)[0];
        if self.db.clause(id).len() == 1 || self.trail.is_reason(first, id) {
            self.stats.num_unit_deletions += 1;
            return DeleteResult::Unit;
        }
        self.db.delete(id);
        self.num_live -= 1;
        self.num_deleted_unpurged += 1;
        if self.num_deleted_unpurged > 1000 && self.num_deleted_unpurged > self.num_live / 2 {
            self.purge_watches();
        }
        DeleteResult::Deleted
    }

    /// Drops the watchers of deleted clauses. Propagation drops them lazily,
    /// but only those it opens: a watcher whose blocker stays true would stay.
    fn purge_watches(&mut self) {
        for ws in &mut self.watches {
            ws.retain(|w| !self.db.is_deleted(w.clause));
        }
        self.occurs.purge(&self.db);
        self.num_deleted_unpurged = 0;
    }

    /// The internal literal of proof literal `lit`, making room for a new
    /// extension variable.
    fn internal(&mut self, lit: Lit) -> Lit {
        let index = lit.var().index();
        if index < self.num_formula_vars {
            return lit;
        }
        let next = self.num_vars as u32;
        let var = *self.extension_vars.entry(index as u32).or_insert(next);
        if var == next {
            self.grow(self.num_vars + 1);
        }
        Lit::new(Var::new(var), lit.is_negated())
    }

    fn grow(&mut self, num_vars: usize) {
        self.num_vars = num_vars;
        self.trail.grow(num_vars);
        self.watches.resize_with(2 * num_vars, Vec::new);
        self.occurs.grow(num_vars);
        self.marked.resize(2 * num_vars, false);
    }

    /// Stores `lits` (internal literals, reordered and deduplicated here),
    /// watches it, and assigns it at the root if it is unit; true when the
    /// clause set now conflicts at the root.
    fn add_clause(&mut self, lits: &mut Vec<Lit>) -> bool {
        dedupe(lits, &mut self.marked);
        // True literals first, then unassigned ones, then false ones.
        let trail = &self.trail;
        lits.sort_by_key(|&l| (!trail.is_true(l), trail.is_false(l)));
        let id = self.db.add(lits);
        self.occurs.add(id, lits);
        self.num_live += 1;
        match lits[..] {
            [] => return true,
            [first, ..] if self.trail.is_false(first) => return true,
            [first, second, ..] => {
                self.watches[first.code()].push(Watch {
                    clause: id,
                    blocker: second,
                });
                self.watches[second.code()].push(Watch {
                    clause: id,
                    blocker: first,
                });
            }
            [_] => {}
        }
        let first = lits[0];
        let unit = lits.len() == 1 || self.trail.is_false(lits[1]);
        if unit && !self.trail.is_true(first) {
            let before = self.trail.len();
            self.trail.assign(first, id);
            let conflict = propagate(&mut self.trail, &mut self.watches, &mut self.db);
            self.stats.num_propagations += (self.trail.len() - before) as u64;
            return conflict.is_some();
        }
        false
    }

    /// Whether `lemma` is RUP (assigning its negation on top of the root
    /// and propagating conflicts) or else RAT on its first literal; the RAT
    /// check starts from the RUP check's assignment. Leaves the trail at the
    /// root.
    fn is_implied(&mut self, lemma: &[Lit]) -> bool {
        let root = self.trail.len();
        let implied =
            self.assume_negation(lemma) || self.propagate_temporary(root) || self.is_rat(lemma);
        self.trail.undo_to(root);
        implied
    }

    /// Assigns the negation of each literal of `lits` not yet assigned;
    /// true when one of them is already true (an immediate conflict).
    fn assume_negation(&mut self, lits: &[Lit]) -> bool {
        for &lit in lits {
            if self.trail.is_true(lit) {
                return true;
            }
            if !self.trail.is_false(lit) {
                self.trail.assign(!lit, NO_CLAUSE);
            }
        }
        false
    }

    /// Propagates assignments made since trail length `from`, counting them.
    fn propagate_temporary(&mut self, from: usize) -> bool {
        let conflict = propagate(&mut self.trail, &mut self.watches, &mut self.db);
        self.stats.num_propagations += (self.trail.len() - from) as u64;
        conflict.is_some()
    }

    /// Whether `lemma`, whose negation is assigned and propagated without a
    /// conflict, is RAT on its first literal: every resolvent with a live
    /// clause holding the negated pivot is RUP. Leaves the trail as it found it.
    fn is_rat(&mut self, lemma: &[Lit]) -> bool {
        let Some(&pivot) = lemma.first() else {
            return false;
        };
        self.stats.num_rat_checks += 1;
        if !self.occurs.is_built() {
            self.occurs.build(&self.db, self.num_vars);
        }
        let level = self.trail.len();
        let mut candidate = std::mem::take(&mut self.candidate_buf);
        let clauses = self.occurs.take_live(!pivot, &self.db);
        let mut all_rup = true;
        for &id in &clauses {
            self.stats.num_rat_candidates += 1;
            candidate.clear();
            candidate.extend(self.db.clause(id).iter().filter(|&&l| l != !pivot));
            let rup = self.assume_negation(&candidate) || self.propagate_temporary(level);
            self.trail.undo_to(level);
            if !rup {
                all_rup = false;
                break;
            }
        }
        self.occurs.restore(!pivot, clauses);
        self.candidate_buf = candidate;
        all_rup
    }
}

/// Removes repeated literals from `lits`, keeping first occurrences;
/// `marked` must be all false and is left so.
fn dedupe(lits: &mut Vec<Lit>, marked: &mut [bool]) {
    lits.retain(|l| !std::mem::replace(&mut marked[l.code()], true));
    for &lit in lits.iter() {
        marked[lit.code()] = false;
    }
}
