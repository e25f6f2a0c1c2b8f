//! Unit tests of congruence closure (`congruence.rs`).

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
    let gates = vec![
        gate(7, &[5, 3]),
        gate(9, &[-7, 4]),
        gate(5, &[1, 2]),
        gate(8, &[3, 6]),
        gate(10, &[4, -8]),
        gate(6, &[2, 1]),
        gate(11, &[1, 3]),
    ];
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
    let gates = vec![gate(5, &[3, 4]), gate(3, &[1, 2]), gate(4, &[2, 1])];
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
    let gates = vec![gate(7, &[4, -6]), gate(4, &[1, 2]), gate(6, &[2, 1])];
    let closure = close(&gates, &[], 7);
    assert_eq!(closure.false_outputs, vec![lit(7)]);
    assert_eq!(closure.equal.len(), 1);
}

#[test]
fn known_equivalences_seed_the_closure_and_are_not_reported() {
    // 3 = 1∧2 and 4 = 5∧2 with 5 ≡ 1 known (a buffer).
    let gates = vec![gate(3, &[1, 2]), gate(4, &[5, 2])];
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
    let mut implied = vec![Vec::new(); 6];
    let mut add = |a: i64, b: i64| {
        implied[(!lit(a)).code()].push(lit(b));
        implied[(!lit(b)).code()].push(lit(a));
    };
    add(-1, -2);
    add(1, 2);
    add(-1, 3);
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
    assert!(classes.key(&[lit(1), lit(2)]).is_none());
    assert_eq!(classes.key(&[lit(1), lit(-2), lit(3)]).unwrap().len(), 2);
}
