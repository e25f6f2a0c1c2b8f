//! Gauss-Jordan propagation during the search: the XOR systems of the
//! irredundant clauses (`extract.rs`), kept as matrices in reduced form
//! ([`XorMatrix`], below), see the trail at each fixpoint of unit
//! propagation.
//! What a row then implies (a unit, or a conflict) comes back to the
//! search as a learnt clause: the row's literal and the negation of the
//! current values of its other variables. The clause is implied by the
//! XORs, so it is redundant, and analysis, minimisation and reduction
//! treat it as any learnt clause. On parity formulas (`par32`) this finds
//! at each decision what unit propagation over the XORs' clauses cannot:
//! the consequences of sums of XORs.
//!
//! The matrices are built at the end of each probing round, after
//! substitution, from the connected components of at least `MIN_ROWS`
//! XORs and at most `MAX_ROWS` XORs and `MAX_VARS` variables (a pivot
//! costs rows × words). They are dropped when variables are eliminated,
//! and never built while a proof is written (a sum of XORs is no RUP
//! step, `extract.rs`) or the search is observed (the trace knows only the
//! formula's clauses).
//!
//! A matrix ([`XorMatrix`]) is one system of XOR constraints kept in
//! reduced form while the search assigns its variables, so that every unit
//! and every conflict the system implies under the assignment shows in a
//! single row (Han and Jiang, "When Boolean satisfiability meets Gaussian
//! elimination in a simplex way", CAV 2012; CryptoMiniSat's matrices).
//!
//! Each row has a basic column: a variable that occurs in no other row.
//! Invariant: a row with an unassigned variable has an unassigned basic
//! variable. Then a sum of `m` rows holds at least `m` unassigned
//! variables (their basic ones), so a unit or a conflict that the rows
//! imply together is stated by one row alone. When a basic variable is
//! assigned and its row still has an unassigned variable, that variable
//! becomes the row's basic one: it is eliminated from the other rows by
//! adding the row to them (a pivot). The rows stay equivalent to the XORs
//! they came from, so nothing is undone on backtracking. Nor does the
//! invariant need repair then: a row's basic variable is assigned only as
//! the last of its row (else it would have been replaced), so the search,
//! which unassigns the latest assignments first, unassigns it first.
//!
//! "Assigned" here means seen by [`XorMatrix::assign`]: the search hands
//! over its trail in order, later than it assigns.

use satoku_formula::{Lit, Var};

use crate::search::clause_db::ClauseRef;
use crate::search::propagate::Conflict;
use crate::search::reason::Reason;
use crate::search::trail::{OPEN, TRUE};
use crate::solver::Solver;
use crate::xor::gauss::{self, Echelon};

/// Components smaller than this are left to their clauses.
const MIN_ROWS: usize = 3;
/// Components larger than this are left out (module docs).
const MAX_ROWS: usize = 3000;
const MAX_VARS: usize = 3000;
/// Matrices kept at most.
const MAX_MATRICES: usize = 8;
/// A matrix is switched off once it has seen this many assignments and
/// fewer than one in `MIN_USEFUL_PER` made it assign a variable or find a
/// conflict: its rows then only restate what the clauses propagate, at the
/// cost of a row scan and a pivot per assignment.
const TRIAL_SEEN: u64 = 5_000;
const MIN_USEFUL_PER: u64 = 100;

const NONE: u32 = u32::MAX;

/// The matrices and how far they have seen the trail.
#[derive(Default)]
pub(crate) struct XorSearch {
    matrices: Vec<XorMatrix>,
    /// Per variable: its matrix and column, or `NONE`.
    column_of: Vec<(u32, u32)>,
    /// Trail entries the matrices have seen.
    head: usize,
    /// `stats.eliminated_vars` when the matrices were built.
    eliminated: u64,
    /// The irredundant clauses when they were built: root units alone
    /// leave the matrices valid, the columns they assign seen as such.
    built_at: Option<usize>,
    found: Vec<Found>,
    /// Matrices still on.
    active: usize,
    /// Matrices switched off (smallest variable, variables), not built
    /// again.
    useless: Vec<(u32, usize)>,
}

impl XorSearch {
    #[inline]
    pub fn is_active(&self) -> bool {
        self.active > 0
    }

    fn clear(&mut self) {
        self.matrices.clear();
        self.column_of.clear();
        self.active = 0;
        self.built_at = None;
    }

    /// Switches matrix `m` off if it has not paid its way (`TRIAL_SEEN`).
    fn switch_off_if_useless(&mut self, m: usize) {
        let matrix = &self.matrices[m];
        if matrix.seen() < TRIAL_SEEN || matrix.useful() * MIN_USEFUL_PER >= matrix.seen() {
            return;
        }
        let vars = matrix.vars();
        self.useless.push(signature(vars));
        for &v in vars {
            self.column_of[v as usize] = (NONE, NONE);
        }
        self.active -= 1;
    }

    /// The matrix and column of `var`; `NONE` for variables in none,
    /// such as those added after the matrices were built.
    #[inline]
    fn column_of(&self, var: Var) -> (u32, u32) {
        self.column_of
            .get(var.index())
            .copied()
            .unwrap_or((NONE, NONE))
    }

    #[inline]
    fn unassigned(&mut self, lit: Lit) {
        let (m, c) = self.column_of(lit.var());
        if m != NONE {
            self.matrices[m as usize].unassign(c as usize);
        }
    }
}

/// What one look at the matrices did.
enum Step {
    Quiet,
    Assigned,
    Conflict(Conflict),
}

/// What names a matrix's component across rebuilds: its smallest
/// variable and its number of variables.
fn signature(vars: &[u32]) -> (u32, usize) {
    (vars.iter().copied().min().unwrap_or(0), vars.len())
}

impl Solver {
    /// Builds the matrices (module docs), at the root, unless the
    /// irredundant clauses are as when they were last built, and assigns
    /// the units their rows state alone; false when the formula is found
    /// unsatisfiable.
    pub(crate) fn build_xor_search(&mut self) -> bool {
        let search = &self.probing.xors.search;
        if search.built_at == Some(self.db.originals().len()) {
            return true;
        }
        self.probing.xors.search.clear();
        if !self.config.gauss
            || self.proof.is_on()
            || self.observing.is_on()
            || self.probing.xors.no_xors
        {
            return true;
        }
        let xors = self.take_xors();
        let echelons = gauss::echelons(&xors, self.num_vars(), MIN_ROWS..=MAX_ROWS, MAX_VARS);
        let mut facts = Vec::new();
        let num_vars = self.num_vars();
        let search = &mut self.probing.xors.search;
        search.column_of = vec![(NONE, NONE); num_vars];
        let useless = std::mem::take(&mut search.useless);
        let wanted = echelons
            .into_iter()
            .filter(|e| !useless.contains(&signature(&e.vars)));
        for echelon in wanted.take(MAX_MATRICES) {
            let m = search.matrices.len() as u32;
            let matrix = XorMatrix::new(echelon);
            for (c, &v) in matrix.vars().iter().enumerate() {
                search.column_of[v as usize] = (m, c as u32);
            }
            let vars = matrix.vars();
            facts.extend(
                matrix
                    .facts()
                    .iter()
                    .map(|&(c, value)| Var::new(vars[c]).lit(value)),
            );
            search.matrices.push(matrix);
        }
        search.active = search.matrices.len();
        search.useless = useless;
        search.head = self.trail.len();
        search.eliminated = self.stats.eliminated_vars;
        self.stats.xor_units += facts.len() as u64;
        let ok = self.assign_root_units(&facts);
        self.probing.xors.search.built_at = Some(self.db.originals().len());
        ok
    }

    /// Unit propagation, then the matrices' (module docs), until neither
    /// assigns more or one finds a conflict.
    pub(crate) fn propagate_with_xors(&mut self) -> Option<Conflict> {
        loop {
            let conflict = self.propagate();
            if conflict.is_some() || !self.probing.xors.search.is_active() {
                return conflict;
            }
            match self.propagate_xors() {
                Step::Quiet => return None,
                Step::Assigned => {}
                Step::Conflict(c) => return Some(c),
            }
        }
    }

    /// Unassigns the trail above `level`, for the branching heuristic and
    /// the matrices; the trail's new length.
    #[inline]
    pub(crate) fn unassign_above(&mut self, level: u32) -> usize {
        let branching = &mut self.branching;
        let search = &mut self.probing.xors.search;
        if !search.is_active() {
            return self
                .trail
                .backtrack_to(level, |lit| branching.unassigned(lit));
        }
        let lim = self.trail.backtrack_to(level, |lit| {
            branching.unassigned(lit);
            search.unassigned(lit);
        });
        search.head = search.head.min(lim);
        lim
    }

    /// Shows the matrices the trail entries they have not seen, and acts
    /// on what their rows say.
    fn propagate_xors(&mut self) -> Step {
        let search = &mut self.probing.xors.search;
        if search.eliminated != self.stats.eliminated_vars {
            search.clear();
            return Step::Quiet;
        }
        let mut step = Step::Quiet;
        let mut found = std::mem::take(&mut self.probing.xors.search.found);
        while self.probing.xors.search.head < self.trail.len() {
            let search = &mut self.probing.xors.search;
            let lit = self.trail.lits()[search.head];
            search.head += 1;
            let (m, c) = search.column_of(lit.var());
            if m == NONE {
                continue;
            }
            found.clear();
            search.matrices[m as usize].assign(c as usize, lit.is_positive(), &mut found);
            for &f in &found {
                let acted = self.act_on(m as usize, f);
                if !matches!(acted, Step::Quiet) {
                    self.probing.xors.search.matrices[m as usize].was_useful();
                }
                match acted {
                    Step::Quiet => {}
                    Step::Assigned => step = Step::Assigned,
                    conflict => {
                        step = conflict;
                        break;
                    }
                }
            }
            self.probing.xors.search.switch_off_if_useless(m as usize);
            if matches!(step, Step::Conflict(_)) {
                break;
            }
        }
        self.probing.xors.search.found = found;
        step
    }

    /// Assigns the unit a row states, or returns its conflict.
    fn act_on(&mut self, m: usize, found: Found) -> Step {
        let (row, implied) = match found {
            Found::Unit { row, column, value } => {
                let v = self.probing.xors.search.matrices[m].vars()[column as usize];
                let lit = Var::new(v).lit(value);
                match self.trail.value(lit) {
                    TRUE => return Step::Quiet,
                    OPEN => (row, Some(lit)),
                    _ => (row, None),
                }
            }
            Found::Conflict { row } => (row, None),
        };
        let mut clause = self.row_clause(m, row as usize, implied);
        if clause.len() == 1 {
            // A row of one variable is a fact, assigned at the root when
            // the matrices were built: it says nothing new here.
            return Step::Quiet;
        }
        match implied {
            Some(lit) => {
                self.stats.xor_propagations += 1;
                let reason = if self.trail.decision_level() == 0 {
                    Reason::NONE
                } else {
                    self.order_by_level(&mut clause[1..]);
                    Reason::long(self.learn_xor_clause(&clause))
                };
                self.trail.assign(lit, reason);
                Step::Assigned
            }
            None => {
                self.stats.xor_conflicts += 1;
                let level = self.order_by_level(&mut clause);
                if level < self.trail.decision_level() {
                    self.backtrack(level);
                }
                Step::Conflict(Conflict::Long(self.learn_xor_clause(&clause)))
            }
        }
    }

    /// Adds `clause` as a learnt clause, watched on its first two literals.
    fn learn_xor_clause(&mut self, clause: &[Lit]) -> ClauseRef {
        let cref = self.db.alloc(clause, true, clause.len() as u32);
        self.attach(cref);
        cref
    }

    /// Row `row` of matrix `m` as a clause: `implied` first if given, then
    /// the negation of the current value of each other variable.
    fn row_clause(&self, m: usize, row: usize, implied: Option<Lit>) -> Vec<Lit> {
        let matrix = &self.probing.xors.search.matrices[m];
        let mut clause: Vec<Lit> = implied.into_iter().collect();
        for c in matrix.columns(row) {
            let var = Var::new(matrix.vars()[c]);
            if implied.is_some_and(|l| l.var() == var) {
                continue;
            }
            let value = self.trail.value(var.positive());
            debug_assert_ne!(value, OPEN, "a row's other variables are assigned");
            clause.push(var.lit(value != TRUE));
        }
        clause
    }

    /// Puts the two literals of highest level first; returns the highest.
    fn order_by_level(&self, clause: &mut [Lit]) -> u32 {
        let level = |l: &Lit| self.trail.level_of(l.var());
        for i in 0..clause.len().min(2) {
            let best = (i..clause.len())
                .max_by_key(|&k| level(&clause[k]))
                .unwrap_or(i);
            clause.swap(i, best);
        }
        clause.first().map_or(0, level)
    }
}

/// What a row says after an assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// All but `column` are assigned: it must take `value`.
    Unit { row: u32, column: u32, value: bool },
    /// All are assigned, and their sum is wrong.
    Conflict { row: u32 },
}

/// The rows of one system, with the assignment as seen (module docs).
pub(crate) struct XorMatrix {
    /// `rows` rows of `words` words: one bit per column, then the parity.
    bits: Vec<u64>,
    rows: usize,
    words: usize,
    vars: Vec<u32>,
    /// Per row: its basic column.
    basic: Vec<u32>,
    /// Per column: the row it is basic in, or `NONE`.
    basic_row: Vec<u32>,
    /// Columns assigned, and those assigned true; the parity column is
    /// set in both, so a row's sum under the assignment is the parity of
    /// its bits in `values`.
    assigned: Vec<u64>,
    values: Vec<u64>,
    /// Assignments seen so far, and how many of the units and conflicts
    /// the rows said assigned a variable or stopped the search.
    seen: u64,
    useful: u64,
}

impl XorMatrix {
    /// The system of reduced rows `echelon`, nothing assigned.
    pub fn new(echelon: Echelon) -> XorMatrix {
        let Echelon {
            vars,
            bits,
            rank,
            words,
        } = echelon;
        let parity = vars.len();
        let mut m = XorMatrix {
            bits,
            rows: rank,
            words,
            basic: Vec::with_capacity(rank),
            basic_row: vec![NONE; parity],
            assigned: vec![0; words],
            values: vec![0; words],
            vars,
            seen: 0,
            useful: 0,
        };
        for r in 0..rank {
            let first = m.columns(r).next().expect("a nonzero row");
            m.basic.push(first as u32);
            m.basic_row[first] = r as u32;
        }
        set(&mut m.assigned, parity);
        set(&mut m.values, parity);
        m
    }

    /// The variables, by column.
    pub fn vars(&self) -> &[u32] {
        &self.vars
    }

    fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    /// What rows of one variable state outright: (column, value).
    pub fn facts(&self) -> Vec<(usize, bool)> {
        let parity = self.vars.len();
        (0..self.rows)
            .filter(|&r| self.columns(r).nth(1).is_none())
            .map(|r| (self.basic[r] as usize, bit(self.row(r), parity)))
            .collect()
    }

    /// The variables' columns set in row `r`.
    pub fn columns(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        let parity = self.vars.len();
        self.row(r).iter().enumerate().flat_map(move |(k, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + bit
                })
            })
            .filter(move |&c| c < parity)
        })
    }

    /// Sees `column` assigned `value`, pivots if it was basic, and pushes
    /// what the rows holding it now say.
    pub fn assign(&mut self, column: usize, value: bool, found: &mut Vec<Found>) {
        self.seen += 1;
        set(&mut self.assigned, column);
        if value {
            set(&mut self.values, column);
        }
        let r = self.basic_row[column];
        if r != NONE {
            if let Some(u) = self.first_unassigned(r as usize) {
                self.pivot(r as usize, u);
            }
        }
        for r in 0..self.rows {
            if bit(self.row(r), column) {
                self.check(r, found);
            }
        }
    }

    /// Assignments seen so far.
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// Units and conflicts said that assigned a variable or stopped the
    /// search (the search counts them with [`XorMatrix::was_useful`]).
    pub fn useful(&self) -> u64 {
        self.useful
    }

    pub fn was_useful(&mut self) {
        self.useful += 1;
    }

    /// Sees `column` unassigned again.
    pub fn unassign(&mut self, column: usize) {
        let k = column / 64;
        let mask = !(1u64 << (column % 64));
        self.assigned[k] &= mask;
        self.values[k] &= mask;
    }

    /// Pushes what row `r` says: a unit if one variable is unassigned, a
    /// conflict if none is and its sum is wrong.
    fn check(&self, r: usize, found: &mut Vec<Found>) {
        let row = self.row(r);
        let (mut open, mut at) = (0, 0);
        for (k, (&w, &a)) in row.iter().zip(&self.assigned).enumerate() {
            let free = w & !a;
            if free != 0 {
                open += free.count_ones();
                at = k * 64 + free.trailing_zeros() as usize;
                if open > 1 {
                    return;
                }
            }
        }
        let odd = row
            .iter()
            .zip(&self.values)
            .fold(0, |n, (&w, &v)| n ^ (w & v).count_ones())
            & 1
            == 1;
        let row = r as u32;
        if open == 1 {
            found.push(Found::Unit {
                row,
                column: at as u32,
                value: odd,
            });
        } else if odd {
            found.push(Found::Conflict { row });
        }
    }

    fn first_unassigned(&self, r: usize) -> Option<usize> {
        let row = self.row(r);
        (0..self.words).find_map(|k| {
            let free = row[k] & !self.assigned[k];
            (free != 0).then(|| k * 64 + free.trailing_zeros() as usize)
        })
    }

    /// Makes column `u` of row `r` its basic one, eliminating it from the
    /// other rows.
    fn pivot(&mut self, r: usize, u: usize) {
        let w = self.words;
        for other in 0..self.rows {
            if other != r && bit(self.row(other), u) {
                for k in 0..w {
                    let s = self.bits[r * w + k];
                    self.bits[other * w + k] ^= s;
                }
            }
        }
        self.basic_row[self.basic[r] as usize] = NONE;
        self.basic[r] = u as u32;
        self.basic_row[u] = r as u32;
    }
}

fn bit(words: &[u64], c: usize) -> bool {
    words[c / 64] >> (c % 64) & 1 == 1
}

fn set(words: &mut [u64], c: usize) {
    words[c / 64] |= 1 << (c % 64);
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
