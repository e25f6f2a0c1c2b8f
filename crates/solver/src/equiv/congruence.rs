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

use crate::search::clause_db::ClauseRef;
use crate::search::trail::OPEN;
use crate::solver::Solver;
use crate::util::flat_lists::FlatLists;

/// Clauses longer than this are not read as gates (inputs + the output).
const MAX_GATE_CLAUSE: usize = 32;

/// AND gates `out = inputs[0] ∧ inputs[1] ∧ …`, their inputs in one array.
struct Gates {
    outs: Vec<Lit>,
    /// Gate `g`'s inputs are `inputs[start[g]..start[g + 1]]`.
    start: Vec<u32>,
    inputs: Vec<Lit>,
}

impl Gates {
    fn new() -> Gates {
        Gates {
            outs: Vec::new(),
            start: vec![0],
            inputs: Vec::new(),
        }
    }

    fn push(&mut self, out: Lit, inputs: impl IntoIterator<Item = Lit>) {
        self.outs.push(out);
        self.inputs.extend(inputs);
        self.start.push(self.inputs.len() as u32);
    }

    fn len(&self) -> usize {
        self.outs.len()
    }

    fn out(&self, g: usize) -> Lit {
        self.outs[g]
    }

    fn inputs(&self, g: usize) -> &[Lit] {
        &self.inputs[self.start[g] as usize..self.start[g + 1] as usize]
    }
}

/// When congruence last ran and whether it is worth running again.
#[derive(Default)]
pub(crate) struct Congruence {
    /// Root units and irredundant clauses when it last ran.
    last_seen: Option<(usize, usize)>,
    /// A round found no gate: the formula has none to find.
    pub no_gates: bool,
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
        self.probing.congruence.no_gates = gates.len() == 0;
        self.stats.gates += gates.len() as u64;
        let closure = close(&gates, &equivalences, self.num_vars());
        for &(a, b) in &closure.equal {
            self.stats.congruent_gates += 1;
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
    fn extract_gates(&self) -> (Gates, Vec<(Lit, Lit)>) {
        let (implied, long) = self.gate_clauses();
        let mut marks = vec![false; implied.keys()];
        let mut gates = Gates::new();
        for code in 0..implied.keys() {
            if implied.get(code).is_empty() || long.get(code).is_empty() {
                continue;
            }
            let out = Lit::from_code(code as u32);
            implied
                .get(code)
                .iter()
                .for_each(|i| marks[i.code()] = true);
            for &c in long.get(code) {
                let lits = self.db.lits(ClauseRef::from_offset(c));
                if lits.iter().all(|&q| q == out || marks[(!q).code()]) {
                    gates.push(out, lits.iter().filter(|&&q| q != out).map(|&q| !q));
                }
            }
            implied
                .get(code)
                .iter()
                .for_each(|i| marks[i.code()] = false);
        }
        (gates, binary_equivalences(&implied))
    }

    /// Per literal code, the literals it implies by a binary clause and
    /// the clauses (arena offsets) of 3 to `MAX_GATE_CLAUSE` literals it is
    /// in (irredundant clauses whose literals are all open).
    fn gate_clauses(&self) -> (FlatLists<Lit>, FlatLists<u32>) {
        let db = &self.db;
        let usable: Vec<ClauseRef> = db
            .originals()
            .iter()
            .copied()
            .filter(|&c| !db.is_deleted(c) && db.len(c) <= MAX_GATE_CLAUSE)
            .filter(|&c| db.lits(c).iter().all(|&l| self.is_open_active(l)))
            .collect();
        let mut implied = FlatLists::counting(self.watches.num_lists());
        let mut long = FlatLists::counting(self.watches.num_lists());
        for &c in &usable {
            match *db.lits(c) {
                [a, b] => {
                    implied.count((!a).code());
                    implied.count((!b).code());
                }
                ref lits => lits.iter().for_each(|l| long.count(l.code())),
            }
        }
        implied.placing();
        long.placing();
        for &c in &usable {
            match *db.lits(c) {
                [a, b] => {
                    implied.place((!a).code(), b);
                    implied.place((!b).code(), a);
                }
                ref lits => lits.iter().for_each(|l| long.place(l.code(), c.offset())),
            }
        }
        (implied, long)
    }

    fn is_open_active(&self, l: Lit) -> bool {
        self.trail.value(l) == OPEN && self.vars.is_active(l.var())
    }

    /// Adds `¬a ∨ b` and `a ∨ ¬b`, irredundant and watched, to the
    /// clauses and the proof (here both RUP, module docs; `xor/extract.rs` adds
    /// them with no proof written).
    pub(crate) fn add_equivalence(&mut self, a: Lit, b: Lit) {
        for clause in [[!a, b], [a, !b]] {
            self.proof.add(&clause);
            let cref = self.db.alloc(&clause, false, 0);
            self.attach(cref);
        }
    }
}

/// The end of a class's member list.
const NO_MEMBER: u32 = u32::MAX;

/// Equivalence classes of literals: per variable, the literal its
/// positive literal equals (itself at a class's representative), and the
/// variables of each representative's class, as a linked list that starts
/// at the representative (members in the order they joined).
struct Classes {
    parent: Vec<Lit>,
    /// Per representative: how many variables its class has.
    size: Vec<u32>,
    /// Per variable: the next member of its class, or `NO_MEMBER`.
    next: Vec<u32>,
    /// Per representative: the last member of its class.
    last: Vec<u32>,
}

impl Classes {
    fn new(num_vars: usize) -> Classes {
        Classes {
            parent: (0..num_vars as u32)
                .map(|v| Var::new(v).positive())
                .collect(),
            size: vec![1; num_vars],
            next: vec![NO_MEMBER; num_vars],
            last: (0..num_vars as u32).collect(),
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
        if self.size[ra.var().index()] > self.size[rb.var().index()] {
            std::mem::swap(&mut ra, &mut rb);
        }
        let (va, vb) = (ra.var().index(), rb.var().index());
        // `ra` joins `rb`'s class: its positive literal equals this.
        self.parent[va] = if ra.is_positive() { rb } else { !rb };
        let moved = self.members(va);
        self.next[self.last[vb] as usize] = va as u32;
        self.last[vb] = self.last[va];
        self.size[vb] += self.size[va];
        Some(moved)
    }

    /// The variables of representative `rep`'s class, in list order.
    fn members(&self, rep: usize) -> Vec<Var> {
        let mut members = Vec::with_capacity(self.size[rep] as usize);
        let mut v = rep as u32;
        while v != NO_MEMBER {
            members.push(Var::new(v));
            v = self.next[v as usize];
        }
        members
    }

    /// Writes the sorted, deduplicated representatives of `inputs` into
    /// `key`; false when two are complementary (the gate is constant
    /// false).
    fn key(&mut self, inputs: &[Lit], key: &mut Vec<Lit>) -> bool {
        key.clear();
        key.extend(inputs.iter().map(|&l| self.find(l)));
        key.sort_unstable();
        key.dedup();
        !key.windows(2).any(|w| w[0].var() == w[1].var())
    }
}

/// The pairs `(o, i)`, `o` positive and of the smaller variable, such
/// that `o` implies `i` and `¬o` implies `¬i` (`implied` as
/// `gate_clauses` gives it).
fn binary_equivalences(implied: &FlatLists<Lit>) -> Vec<(Lit, Lit)> {
    let mut marks = vec![false; implied.keys()];
    let mut pairs = Vec::new();
    for code in (0..implied.keys()).step_by(2) {
        let o = Lit::from_code(code as u32);
        debug_assert!(o.is_positive());
        let back = implied.get((!o).code());
        back.iter().for_each(|j| marks[j.code()] = true);
        for &i in implied.get(code) {
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
fn close(gates: &Gates, known: &[(Lit, Lit)], num_vars: usize) -> Closure {
    let mut classes = Classes::new(num_vars);
    for &(a, b) in known {
        classes.union(a, b);
    }
    let mut uses = FlatLists::counting(num_vars);
    for g in 0..gates.len() {
        gates
            .inputs(g)
            .iter()
            .for_each(|l| uses.count(l.var().index()));
    }
    uses.placing();
    for g in 0..gates.len() {
        gates
            .inputs(g)
            .iter()
            .for_each(|l| uses.place(l.var().index(), g as u32));
    }
    let mut queue: VecDeque<u32> = (0..gates.len() as u32).collect();
    let mut queued = vec![true; gates.len()];
    // The standard, randomly seeded hash: a formula crafted so that many
    // gate keys collide under a fixed hash would make this quadratic.
    let mut table: HashMap<Vec<Lit>, u32> = HashMap::new();
    let (mut equal, mut false_outputs) = (Vec::new(), Vec::new());
    let mut found_false = vec![false; gates.len()];
    let mut key = Vec::new();
    while let Some(g) = queue.pop_front() {
        let g = g as usize;
        queued[g] = false;
        let gate_out = gates.out(g);
        if !classes.key(gates.inputs(g), &mut key) {
            if !std::mem::replace(&mut found_false[g], true) {
                false_outputs.push(gate_out);
            }
            continue;
        }
        let out = classes.find(gate_out);
        if key.iter().any(|l| l.var() == out.var()) {
            continue;
        }
        let other = if key.len() == 1 {
            gates.inputs(g)[0]
        } else {
            match table.get(key.as_slice()) {
                Some(&h) => gates.out(h as usize),
                None => {
                    table.insert(key.clone(), g as u32);
                    continue;
                }
            }
        };
        let Some(moved) = classes.union(gate_out, other) else {
            continue;
        };
        equal.push((gate_out, other));
        for v in moved {
            for &u in uses.get(v.index()) {
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
