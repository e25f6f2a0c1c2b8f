//! Congruence closure on AND gates: two gates with the same inputs have
//! equal outputs (Biere, Fazekas, Fleury and Froleyks, "Clausal congruence
//! closure", SAT 2024; Kissat's `congruence.c`). Circuits checked against
//! a copy of themselves (miters) collapse gate by gate, which search alone
//! cannot do in reasonable time.
//!
//! A gate `o = i_1 ∧ … ∧ i_k` is read off the irredundant clauses: a
//! clause `o ∨ ¬i_1 ∨ … ∨ ¬i_k` whose every `i_j` the literal `o` implies
//! through a binary clause `¬o ∨ i_j`. Either sign of a variable may be an
//! output, so OR, NAND and NOR gates are AND gates of negated literals.
//!
//! Closure: gates are hashed by their inputs' representatives (a
//! union-find over literals, `Classes`, seeded with the equivalences the
//! binary clauses state: buffers and inverters); a gate that finds another with
//! the same inputs makes their outputs equivalent, and the gates that read
//! the class that lost its representative are hashed again. A gate whose
//! inputs all fall into one class is equivalent to that input; one with
//! two complementary inputs is false (the XOR of a miter, an OR of two
//! such ANDs, then propagates to false at the root).
//!
//! Each equivalence `a ≡ b` is added as the binary clauses `¬a ∨ b` and
//! `a ∨ ¬b`, irredundant, watched and written to the proof. Both are RUP:
//! from `a` the gate's binary clauses give its inputs, the equivalences
//! added before lead to the other gate's inputs, and its long clause gives
//! `b`. A false output `o` is added as the unit `¬o`, RUP as `o` implies
//! two inputs the equivalences make complementary. Substitution
//! (`substitute.rs`), which runs next in the same round,
//! then finds the equivalences as components of the binary implication
//! graph and replaces the variables.
//!
//! Cost: one pass over the irredundant clauses per round, and only in
//! rounds after which the irredundant clauses or the root changed; once a
//! round finds no gate at all, no later round looks again.

use std::collections::{HashMap, VecDeque};

use satoku_formula::{Lit, Var};

use crate::clause_db::ClauseRef;
use crate::solver::Solver;
use crate::trail::OPEN;

/// Clauses longer than this are not read as gates (inputs + the output).
const MAX_GATE_CLAUSE: usize = 32;

/// `out = inputs[0] ∧ inputs[1] ∧ …`.
struct Gate {
    out: Lit,
    inputs: Vec<Lit>,
}

/// When congruence last ran and whether it is worth running again.
#[derive(Default)]
pub(crate) struct Congruence {
    /// Root units and irredundant clauses when it last ran.
    last_seen: Option<(usize, usize)>,
    /// A round found no gate: the formula has none to find.
    no_gates: bool,
}

impl Congruence {
    /// Whether a round ran and found AND gates.
    pub(crate) fn found_gates(&self) -> bool {
        self.last_seen.is_some() && !self.no_gates
    }
}

impl Solver {
    /// Finds equivalent gate outputs and adds their equivalences as binary
    /// clauses, and false outputs as units (module docs), at the root with
    /// the trail propagated. False when the units refute the formula.
    pub(crate) fn congruence(&mut self) -> bool {
        debug_assert_eq!(self.trail.decision_level(), 0);
        let seen = (self.trail.len(), self.db.originals().len());
        if self.probing.congruence.no_gates || self.probing.congruence.last_seen == Some(seen) {
            return true;
        }
        let (gates, equivalences) = self.extract_gates();
        self.probing.congruence.no_gates = gates.is_empty();
        self.stats.gates += gates.len() as u64;
        let closure = close(&gates, &equivalences, self.num_vars());
        for &(a, b) in &closure.equal {
            self.add_equivalence(a, b);
        }
        let units: Vec<Lit> = closure.false_outputs.iter().map(|&o| !o).collect();
        units.iter().for_each(|&u| self.proof.add(&[u]));
        self.stats.congruent_gates += units.len() as u64;
        let ok = self.assign_root_units(&units);
        self.probing.congruence.last_seen = Some((self.trail.len(), self.db.originals().len()));
        ok
    }

    /// The AND gates of the irredundant clauses whose literals are all
    /// open, and the equivalences their binary clauses state (`o ≡ i` when
    /// both `¬o ∨ i` and `o ∨ ¬i` are clauses).
    fn extract_gates(&self) -> (Vec<Gate>, Vec<(Lit, Lit)>) {
        let (implied, long) = self.gate_clauses();
        let mut marks = vec![false; implied.len()];
        let mut gates = Vec::new();
        for code in 0..implied.len() {
            if implied[code].is_empty() || long[code].is_empty() {
                continue;
            }
            let out = Lit::from_code(code as u32);
            implied[code].iter().for_each(|i| marks[i.code()] = true);
            for &c in &long[code] {
                let lits = self.db.lits(c);
                if lits.iter().all(|&q| q == out || marks[(!q).code()]) {
                    let inputs = lits.iter().filter(|&&q| q != out).map(|&q| !q).collect();
                    gates.push(Gate { out, inputs });
                }
            }
            implied[code].iter().for_each(|i| marks[i.code()] = false);
        }
        (gates, binary_equivalences(&implied))
    }

    /// Per literal, the literals it implies by a binary clause and the
    /// clauses of 3 to `MAX_GATE_CLAUSE` literals it is in (irredundant
    /// clauses whose literals are all open).
    fn gate_clauses(&self) -> (Vec<Vec<Lit>>, Vec<Vec<ClauseRef>>) {
        let codes = self.watches.len();
        let mut implied: Vec<Vec<Lit>> = vec![Vec::new(); codes];
        let mut long: Vec<Vec<ClauseRef>> = vec![Vec::new(); codes];
        for &c in self.db.originals() {
            let lits = self.db.lits(c);
            if self.db.is_deleted(c) || !lits.iter().all(|&l| self.is_open_active(l)) {
                continue;
            }
            match lits.len() {
                2 => {
                    implied[(!lits[0]).code()].push(lits[1]);
                    implied[(!lits[1]).code()].push(lits[0]);
                }
                3..=MAX_GATE_CLAUSE => lits.iter().for_each(|l| long[l.code()].push(c)),
                _ => {}
            }
        }
        (implied, long)
    }

    fn is_open_active(&self, l: Lit) -> bool {
        self.trail.value(l) == OPEN && self.vars.is_active(l.var())
    }

    /// Adds `¬a ∨ b` and `a ∨ ¬b` (module docs: both RUP).
    fn add_equivalence(&mut self, a: Lit, b: Lit) {
        self.stats.congruent_gates += 1;
        for clause in [[!a, b], [a, !b]] {
            self.proof.add(&clause);
            let cref = self.db.alloc(&clause, false, 0);
            self.attach(cref);
        }
    }
}

/// Equivalence classes of literals: per variable, the literal its
/// positive literal equals (itself at a class's representative), and the
/// variables of each representative's class.
struct Classes {
    parent: Vec<Lit>,
    members: Vec<Vec<Var>>,
}

impl Classes {
    fn new(num_vars: usize) -> Classes {
        Classes {
            parent: (0..num_vars as u32)
                .map(|v| Var::new(v).positive())
                .collect(),
            members: (0..num_vars as u32).map(|v| vec![Var::new(v)]).collect(),
        }
    }

    /// The representative's literal that `lit` equals.
    fn find(&mut self, lit: Lit) -> Lit {
        let mut root = lit.var().positive();
        while self.parent[root.var().index()] != root.var().positive() {
            let p = self.parent[root.var().index()];
            root = if root.is_positive() { p } else { !p };
        }
        self.parent[lit.var().index()] = root;
        if lit.is_positive() {
            root
        } else {
            !root
        }
    }

    /// Makes `a` and `b` equal; returns the variables whose representative
    /// changed, or `None` when they were equal or complementary already.
    fn union(&mut self, a: Lit, b: Lit) -> Option<Vec<Var>> {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra.var() == rb.var() {
            return None;
        }
        if self.members[ra.var().index()].len() > self.members[rb.var().index()].len() {
            std::mem::swap(&mut ra, &mut rb);
        }
        // `ra` joins `rb`'s class: its positive literal equals this.
        self.parent[ra.var().index()] = if ra.is_positive() { rb } else { !rb };
        let moved = std::mem::take(&mut self.members[ra.var().index()]);
        self.members[rb.var().index()].extend_from_slice(&moved);
        Some(moved)
    }

    /// The sorted, deduplicated representatives of `inputs`, or `None`
    /// when two are complementary (the gate is constant false).
    fn key(&mut self, inputs: &[Lit]) -> Option<Vec<Lit>> {
        let mut key: Vec<Lit> = inputs.iter().map(|&l| self.find(l)).collect();
        key.sort_unstable();
        key.dedup();
        if key.windows(2).any(|w| w[0].var() == w[1].var()) {
            return None;
        }
        Some(key)
    }
}

/// The pairs `(o, i)`, `o` positive and of the smaller variable, such
/// that `o` implies `i` and `¬o` implies `¬i` (`implied` as
/// `gate_clauses` gives it).
fn binary_equivalences(implied: &[Vec<Lit>]) -> Vec<(Lit, Lit)> {
    let mut marks = vec![false; implied.len()];
    let mut pairs = Vec::new();
    for code in (0..implied.len()).step_by(2) {
        let o = Lit::from_code(code as u32);
        debug_assert!(o.is_positive());
        let back = &implied[(!o).code()];
        back.iter().for_each(|j| marks[j.code()] = true);
        for &i in &implied[code] {
            if marks[(!i).code()] && o.var() < i.var() {
                pairs.push((o, i));
            }
        }
        back.iter().for_each(|j| marks[j.code()] = false);
    }
    pairs
}

/// What the closure found.
struct Closure {
    /// Pairs of literals found equivalent, in the order found.
    equal: Vec<(Lit, Lit)>,
    /// Outputs of gates with complementary inputs.
    false_outputs: Vec<Lit>,
}

/// The congruence closure of `gates` (module docs), starting from the
/// `known` equivalences (clauses already: not reported again).
fn close(gates: &[Gate], known: &[(Lit, Lit)], num_vars: usize) -> Closure {
    let mut classes = Classes::new(num_vars);
    for &(a, b) in known {
        classes.union(a, b);
    }
    let mut uses: Vec<Vec<u32>> = vec![Vec::new(); num_vars];
    for (g, gate) in gates.iter().enumerate() {
        gate.inputs
            .iter()
            .for_each(|l| uses[l.var().index()].push(g as u32));
    }
    let mut queue: VecDeque<u32> = (0..gates.len() as u32).collect();
    let mut queued = vec![true; gates.len()];
    let mut table: HashMap<Vec<Lit>, u32> = HashMap::new();
    let (mut equal, mut false_outputs) = (Vec::new(), Vec::new());
    let mut found_false = vec![false; gates.len()];
    while let Some(g) = queue.pop_front() {
        queued[g as usize] = false;
        let gate = &gates[g as usize];
        let Some(key) = classes.key(&gate.inputs) else {
            if !std::mem::replace(&mut found_false[g as usize], true) {
                false_outputs.push(gate.out);
            }
            continue;
        };
        let out = classes.find(gate.out);
        if key.iter().any(|l| l.var() == out.var()) {
            continue;
        }
        let other = if key.len() == 1 {
            gate.inputs[0]
        } else {
            match table.get(&key) {
                Some(&h) => gates[h as usize].out,
                None => {
                    table.insert(key, g);
                    continue;
                }
            }
        };
        let Some(moved) = classes.union(gate.out, other) else {
            continue;
        };
        equal.push((gate.out, other));
        for v in moved {
            for &u in &uses[v.index()] {
                if !queued[u as usize] {
                    queued[u as usize] = true;
                    queue.push_back(u);
                }
            }
        }
    }
    Closure {
        equal,
        false_outputs,
    }
}

#[cfg(test)]
#[path = "congruence_tests.rs"]
mod tests;
