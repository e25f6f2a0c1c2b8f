//! Unit tests of congruence closure (`congruence.rs`).

use super::*;
use crate::util::flat_lists::FlatLists;

fn lit(n: i64) -> Lit {
    Lit::from_dimacs(n)
}

fn gates(list: &[(i64, &[i64])]) -> Gates {
    let mut gates = Gates::new();
    for &(out, inputs) in list {
        gates.push(lit(out), inputs.iter().map(|&i| lit(i)));
    }
    gates
}

#[test]
fn gates_with_equal_inputs_have_equal_outputs_and_the_closure_propagates() {
    // 5 = 1∧2, 6 = 2∧1; then 7 = 5∧3 and 8 = 3∧6 are congruent only
    // once 5 ≡ 6 is known; 9 = ¬7∧4 and 10 = 4∧¬8 after that.
    let gates = gates(&[
        (7, &[5, 3]),
        (9, &[-7, 4]),
        (5, &[1, 2]),
        (8, &[3, 6]),
        (10, &[4, -8]),
        (6, &[2, 1]),
        (11, &[1, 3]),
    ]);
    let equal = close(&gates, &[], 11).equal;
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
    let gates = gates(&[(5, &[3, 4]), (3, &[1, 2]), (4, &[2, 1])]);
    let equal = close(&gates, &[], 5).equal;
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
    let gates = gates(&[(7, &[4, -6]), (4, &[1, 2]), (6, &[2, 1])]);
    let closure = close(&gates, &[], 7);
    assert_eq!(closure.false_outputs, vec![lit(7)]);
    assert_eq!(closure.equal.len(), 1);
}

#[test]
fn known_equivalences_seed_the_closure_and_are_not_reported() {
    // 3 = 1∧2 and 4 = 5∧2 with 5 ≡ 1 known (a buffer).
    let gates = gates(&[(3, &[1, 2]), (4, &[5, 2])]);
    let closure = close(&gates, &[(lit(1), lit(5))], 5);
    assert_eq!(closure.equal.len(), 1);
    let (a, b) = closure.equal[0];
    assert_eq!(
        [a.var(), b.var()].map(|v| v.index()).iter().sum::<usize>(),
        2 + 3
    );
}

#[test]
fn binary_equivalences_are_read_from_both_directions() {
    // Clauses ¬1∨¬2 and 1∨2 (1 ≡ ¬2), and ¬1∨3 alone (no equivalence).
    let clauses = [(-1, -2), (1, 2), (-1, 3)].map(|(a, b)| (lit(a), lit(b)));
    let mut implied = FlatLists::counting(6);
    for &(a, b) in &clauses {
        implied.count((!a).code());
        implied.count((!b).code());
    }
    implied.placing();
    for &(a, b) in &clauses {
        implied.place((!a).code(), b);
        implied.place((!b).code(), a);
    }
    assert_eq!(binary_equivalences(&implied), vec![(lit(1), lit(-2))]);
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
    let mut key = Vec::new();
    assert!(!classes.key(&[lit(1), lit(2)], &mut key));
    assert!(classes.key(&[lit(1), lit(-2), lit(3)], &mut key));
    assert_eq!(key.len(), 2);
}

#[test]
fn a_union_moves_the_smaller_class_with_its_members_in_joining_order() {
    let mut classes = Classes::new(6);
    let var = |n: i64| lit(n).var();
    assert_eq!(classes.union(lit(1), lit(2)), Some(vec![var(1)]));
    assert_eq!(classes.union(lit(3), lit(-4)), Some(vec![var(3)]));
    assert_eq!(classes.union(lit(5), lit(1)), Some(vec![var(5)]));
    // Classes {2, 1, 5} and {4, 3}: the smaller one moves.
    assert_eq!(classes.union(lit(2), lit(4)), Some(vec![var(4), var(3)]));
    let root = classes.find(lit(1)).var().index();
    let members = [2, 1, 5, 4, 3].map(var).to_vec();
    assert_eq!(classes.members(root), members);
    assert_eq!(classes.find(lit(3)), !classes.find(lit(1)));
}
