//! Strongly connected components of the binary implication graph
//! (Tarjan 1972), the first step of equivalent-literal substitution
//! (`substitute.rs`; Aspvall, Plass and Tarjan 1979 for 2-SAT, CaDiCaL's
//! `decompose.cpp`, Kissat's `substitute.c`).
//!
//! The graph has a node per literal and, for each binary clause `(a ∨ b)`,
//! the edges `¬a → b` and `¬b → a`. The watch lists already hold it: the
//! binary entries of `watches[¬l]` are the clauses of `¬l`, so their other
//! literals are the successors of `l` (`watch.rs`). Literals in one
//! component imply each other, so they are equivalent; a literal in the
//! component of its own negation makes the formula unsatisfiable.
//!
//! The depth-first search keeps its own stack of frames (a literal and
//! where it stands in its successor list) rather than recursing: an
//! implication chain can be as long as the 2^29 variables a solver holds.

use satoku_formula::Lit;

use crate::search::watch::{self, Watches};

/// Not visited yet.
const UNVISITED: u32 = u32::MAX;

/// The state of one search over the graph.
struct Tarjan<'a, F> {
    watches: &'a Watches,
    /// Whether a literal is a node (an open literal): edges to other
    /// literals are skipped.
    is_node: F,
    /// Visit order of each literal code, `UNVISITED` before.
    index: Vec<u32>,
    /// The smallest visit order reachable from each literal through its
    /// subtree and one edge back into the stack.
    low: Vec<u32>,
    /// Whether a literal is on `stack` (visited, its component not closed).
    on_stack: Vec<bool>,
    stack: Vec<Lit>,
    /// The depth-first path: each literal with the position of the next
    /// entry to read in `watches[¬lit]`.
    frames: Vec<(Lit, usize)>,
    counter: u32,
    components: Vec<Vec<Lit>>,
}

/// The components of two literals or more of the graph over the literals
/// `l` (codes below `watches.num_lists()`) for which `is_node(l)` holds, each
/// listed once; a component and the one of its negations come both.
pub(crate) fn components(watches: &Watches, is_node: impl Fn(Lit) -> bool) -> Vec<Vec<Lit>> {
    let n = watches.num_lists();
    let mut tarjan = Tarjan {
        watches,
        is_node,
        index: vec![UNVISITED; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        frames: Vec::new(),
        counter: 0,
        components: Vec::new(),
    };
    for code in 0..n {
        let lit = Lit::from_code(code as u32);
        if tarjan.index[code] == UNVISITED && (tarjan.is_node)(lit) {
            tarjan.search_from(lit);
        }
    }
    tarjan.components
}

impl<F: Fn(Lit) -> bool> Tarjan<'_, F> {
    /// Visits `lit`: numbers it and puts it on both stacks.
    fn enter(&mut self, lit: Lit) {
        let code = lit.code();
        self.index[code] = self.counter;
        self.low[code] = self.counter;
        self.counter += 1;
        self.on_stack[code] = true;
        self.stack.push(lit);
        self.frames.push((lit, 0));
    }

    /// The next successor of the literal of the top frame, if any left.
    fn next_successor(&mut self) -> Option<Lit> {
        let (lit, pos) = self.frames.last_mut().expect("a frame");
        let list = self.watches.list(!*lit);
        while *pos < list.len() {
            let word = list[*pos];
            if !watch::is_binary(word) {
                *pos += 2;
                continue;
            }
            *pos += 1;
            let other = watch::binary_other(word);
            if (self.is_node)(other) {
                return Some(other);
            }
        }
        None
    }

    /// The depth-first search from `root`, closing every component it reaches.
    fn search_from(&mut self, root: Lit) {
        self.enter(root);
        while let Some(&(lit, _)) = self.frames.last() {
            match self.next_successor() {
                Some(next) if self.index[next.code()] == UNVISITED => self.enter(next),
                Some(next) => {
                    if self.on_stack[next.code()] {
                        let low = self.low[lit.code()].min(self.index[next.code()]);
                        self.low[lit.code()] = low;
                    }
                }
                None => self.leave(lit),
            }
        }
    }

    /// Every successor of `lit` is done: passes its low link to its parent
    /// and closes its component if `lit` is the component's first literal.
    fn leave(&mut self, lit: Lit) {
        self.frames.pop();
        let low = self.low[lit.code()];
        if let Some(&(parent, _)) = self.frames.last() {
            let parent_low = &mut self.low[parent.code()];
            *parent_low = (*parent_low).min(low);
        }
        if low != self.index[lit.code()] {
            return;
        }
        let start = self
            .stack
            .iter()
            .rposition(|&member| member == lit)
            .expect("the component is on the stack");
        for member in &self.stack[start..] {
            self.on_stack[member.code()] = false;
        }
        // Most literals are alone in theirs: only a component of two or
        // more gets a list (its members in the order they leave the stack).
        if self.stack.len() - start > 1 {
            self.components
                .push(self.stack[start..].iter().rev().copied().collect());
        }
        self.stack.truncate(start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::clause_db::ClauseRef;

    /// Watch lists holding the binary clauses `clauses` over `num_vars` variables.
    fn graph(num_vars: usize, clauses: &[[i64; 2]]) -> Watches {
        let mut watches = Watches::default();
        watches.grow(2 * num_vars);
        for &[a, b] in clauses {
            let clause = [Lit::from_dimacs(a), Lit::from_dimacs(b)];
            watches.attach(&clause, ClauseRef::from_offset(0));
        }
        watches
    }

    fn sorted(mut components: Vec<Vec<Lit>>) -> Vec<Vec<i64>> {
        let mut out: Vec<Vec<i64>> = components
            .iter_mut()
            .map(|c| {
                let mut d: Vec<i64> = c.iter().map(|l| l.to_dimacs()).collect();
                d.sort_unstable();
                d
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_cycle_of_implications_is_one_component_and_its_mirror_another() {
        // 1 -> 2 -> 3 -> 1, and 3 -> 4 (4 is not equivalent).
        let watches = graph(4, &[[-1, 2], [-2, 3], [-3, 1], [-3, 4]]);
        let found = sorted(components(&watches, |_| true));
        assert_eq!(found, vec![vec![-3, -2, -1], vec![1, 2, 3]]);
    }

    #[test]
    fn a_literal_with_its_negation_shares_a_component() {
        // 1 -> 2 -> -1 and -1 -> -2 -> 1: x1 and -x1 imply each other.
        let watches = graph(2, &[[-1, 2], [-2, -1], [1, -2], [2, 1]]);
        let found = components(&watches, |_| true);
        assert_eq!(found.len(), 1);
        assert_eq!(sorted(found), vec![vec![-2, -1, 1, 2]]);
    }

    #[test]
    fn literals_that_are_no_nodes_cut_the_cycle() {
        let watches = graph(3, &[[-1, 2], [-2, 3], [-3, 1]]);
        let x2 = Lit::from_dimacs(2);
        assert!(components(&watches, |l| l.var() != x2.var()).is_empty());
    }

    #[test]
    fn a_long_chain_closed_into_a_cycle_needs_no_recursion() {
        let n = 200_000i64;
        let mut clauses: Vec<[i64; 2]> = (1..n).map(|i| [-i, i + 1]).collect();
        clauses.push([-n, 1]);
        let watches = graph(n as usize, &clauses);
        let found = components(&watches, |_| true);
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|c| c.len() == n as usize));
    }
}
