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
//! union-find over literals, `Classes`); a gate that finds another with
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
        let mut gates = self.extract_gates();
        self.probing.congruence.no_gates = gates.is_empty();
        self.stats.gates += gates.len() as u64;
        let closure = close(&mut gates, self.num_vars());
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

    /// The AND gates of the irredundant clauses whose literals are all open.
    fn extract_gates(&self) -> Vec<Gate> {
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
        let mut marks = vec![false; codes];
        let mut gates = Vec::new();
        for code in 0..codes {
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
        gates
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

/// What the closure found.
struct Closure {
    /// Pairs of literals found equivalent, in the order found.
    equal: Vec<(Lit, Lit)>,
    /// Outputs of gates with complementary inputs.
    false_outputs: Vec<Lit>,
}

/// The congruence closure of `gates` (module docs).
fn close(gates: &mut [Gate], num_vars: usize) -> Closure {
    let mut classes = Classes::new(num_vars);
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
mod tests {
    use super::*;

    fn lit(n: i64) -> Lit {
        Lit::from_dimacs(n)
    }

    fn gate(out: i64, inputs: &[i64]) -> Gate {
        Gate {
            out: lit(out),
            inputs: inputs.iter().map(|&i| lit(i)).collect(),
        }
    }

    #[test]
    fn gates_with_equal_inputs_have_equal_outputs_and_the_closure_propagates() {
        // 5 = 1∧2, 6 = 2∧1; then 7 = 5∧3 and 8 = 3∧6 are congruent only
        // once 5 ≡ 6 is known; 9 = ¬7∧4 and 10 = 4∧¬8 after that.
        let mut gates = vec![
            gate(7, &[5, 3]),
            gate(9, &[-7, 4]),
            gate(5, &[1, 2]),
            gate(8, &[3, 6]),
            gate(10, &[4, -8]),
            gate(6, &[2, 1]),
            gate(11, &[1, 3]),
        ];
        let equal = close(&mut gates, 11).equal;
        let mut classes = Classes::new(11);
        for &(a, b) in &equal {
            classes.union(a, b);
        }
        for (a, b) in [(5, 6), (7, 8), (9, 10)] {
            assert_eq!(classes.find(lit(a)), classes.find(lit(b)), "{a} ≡ {b}");
        }
        assert_ne!(classes.find(lit(11)), classes.find(lit(5)));
        assert_eq!(equal.len(), 3);
    }

    #[test]
    fn a_gate_whose_inputs_are_equivalent_equals_its_input() {
        // 3 = 1∧2, 4 = 2∧1 ... and 5 = 3∧4 is then 3 itself.
        let mut gates = vec![gate(5, &[3, 4]), gate(3, &[1, 2]), gate(4, &[2, 1])];
        let equal = close(&mut gates, 5).equal;
        let mut classes = Classes::new(5);
        equal.iter().for_each(|&(a, b)| {
            classes.union(a, b);
        });
        assert_eq!(classes.find(lit(5)), classes.find(lit(3)));
        assert_eq!(classes.find(lit(4)), classes.find(lit(3)));
    }

    #[test]
    fn a_gate_with_inputs_made_complementary_is_false() {
        // 4 = 1∧2 and 6 = 2∧1 are equivalent, so 7 = 4∧¬6 is false.
        let mut gates = vec![gate(7, &[4, -6]), gate(4, &[1, 2]), gate(6, &[2, 1])];
        let closure = close(&mut gates, 7);
        assert_eq!(closure.false_outputs, vec![lit(7)]);
        assert_eq!(closure.equal.len(), 1);
    }

    #[test]
    fn signs_are_kept_through_the_classes() {
        let mut classes = Classes::new(4);
        classes.union(lit(1), lit(-2));
        classes.union(lit(2), lit(3));
        assert_eq!(classes.find(lit(3)), !classes.find(lit(1)));
        assert_eq!(classes.find(lit(-3)), classes.find(lit(1)));
        assert!(classes.union(lit(3), lit(-1)).is_none(), "already equal");
        assert_eq!(classes.find(lit(4)), lit(4));
    }

    #[test]
    fn complementary_inputs_make_no_key() {
        let mut classes = Classes::new(3);
        classes.union(lit(1), lit(-2));
        assert!(classes.key(&[lit(1), lit(2)]).is_none());
        assert_eq!(classes.key(&[lit(1), lit(-2), lit(3)]).unwrap().len(), 2);
    }
}
