//! Congruence closure (`crates/solver/src/equiv/congruence.rs`) on formulas made
//! of AND gates: miters of a random circuit and a renamed copy of it
//! (unsatisfiable; every proof verified by the workspace's checker), and
//! small gate formulas, some with a gate changed in the copy and random
//! clauses added, whose answers are compared with brute force under every
//! combination of congruence, substitution, probing and elimination.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_drat::CheckOptions;
use satoku_formula::{Cnf, Lit};
use satoku_solver::{ProofFormat, SolveResult, Solver, SolverConfig};

use crate::support;
use crate::support::sweep::{Switch, CONGRUENCE, ELIMINATE, PROBE, SUBSTITUTE, SUBSUME};
use crate::support::{on_and_off, random_lits, Sweep};

/// A gate: its output literal over its own variable, and its inputs.
struct Gate {
    out: Lit,
    inputs: Vec<Lit>,
}

/// A random circuit over variables `1..=inputs` (its inputs): gate `k`
/// has variable `inputs + 1 + k`, a random sign, and 2 or 3 inputs drawn
/// from the inputs and the earlier gates, each with a random sign.
fn random_circuit(rng: &mut ChaCha8Rng, inputs: usize, gates: usize) -> Vec<Gate> {
    let mut circuit: Vec<Gate> = Vec::new();
    for k in 0..gates {
        let var = (inputs + 1 + k) as i64;
        let arity = rng.gen_range(2..=3).min(inputs + k);
        let mut pool: Vec<i64> = (1..var).collect();
        pool.shuffle(rng);
        let signed = |v: i64, rng: &mut ChaCha8Rng| if rng.gen_bool(0.5) { v } else { -v };
        let inputs = pool[..arity]
            .iter()
            .map(|&v| Lit::from_dimacs(signed(v, rng)))
            .collect();
        let out = Lit::from_dimacs(signed(var, rng));
        circuit.push(Gate { out, inputs });
    }
    circuit
}

/// `circuit` with its gate variables renamed by `rename` (inputs kept).
fn renamed(circuit: &[Gate], rename: &dyn Fn(Lit) -> Lit) -> Vec<Gate> {
    circuit
        .iter()
        .map(|g| Gate {
            out: rename(g.out),
            inputs: g.inputs.iter().map(|&l| rename(l)).collect(),
        })
        .collect()
}

/// The Tseitin clauses of `gates`, in `clauses`.
fn encode(gates: &[Gate], clauses: &mut Vec<Vec<Lit>>) {
    for g in gates {
        for &i in &g.inputs {
            clauses.push(vec![!g.out, i]);
        }
        let mut long = vec![g.out];
        long.extend(g.inputs.iter().map(|&i| !i));
        clauses.push(long);
    }
}

/// The miter of `circuit` and a copy of it on fresh gate variables (a
/// random permutation of them), asserting that their last outputs differ,
/// by an XOR's four clauses or, half the time, by AND gates
/// (`x = ¬(¬(a∧¬b) ∧ ¬(¬a∧b))`); `mutate` negates one input of one gate of
/// the copy. Clauses and their literals are shuffled.
fn miter(rng: &mut ChaCha8Rng, inputs: usize, gates: usize, mutate: bool) -> Cnf {
    let circuit = random_circuit(rng, inputs, gates);
    let mut fresh: Vec<i64> = (0..gates as i64)
        .map(|k| (inputs + gates + 1) as i64 + k)
        .collect();
    fresh.shuffle(rng);
    let rename = |l: Lit| {
        let v = l.var().index();
        if v < inputs {
            return l;
        }
        let w = fresh[v - inputs];
        Lit::from_dimacs(if l.is_negated() { -w } else { w })
    };
    let mut copy = renamed(&circuit, &rename);
    if mutate {
        let g = rng.gen_range(0..gates);
        let i = rng.gen_range(0..copy[g].inputs.len());
        copy[g].inputs[i] = !copy[g].inputs[i];
    }
    let mut clauses = Vec::new();
    encode(&circuit, &mut clauses);
    encode(&copy, &mut clauses);
    let (a, b) = (circuit[gates - 1].out, copy[gates - 1].out);
    let num_vars = inputs + 2 * gates + 3;
    let [x, p, q] = [1, 2, 3].map(|k| Lit::from_dimacs((inputs + 2 * gates + k) as i64));
    if rng.gen_bool(0.5) {
        clauses.extend([
            vec![!x, a, b],
            vec![!x, !a, !b],
            vec![x, !a, b],
            vec![x, a, !b],
        ]);
    } else {
        let xor = [
            Gate {
                out: p,
                inputs: vec![a, !b],
            },
            Gate {
                out: q,
                inputs: vec![!a, b],
            },
            Gate {
                out: !x,
                inputs: vec![!p, !q],
            },
        ];
        encode(&xor, &mut clauses);
    }
    clauses.push(vec![x]);
    clauses.shuffle(rng);
    let mut cnf = Cnf::new();
    cnf.ensure_vars(num_vars);
    for mut clause in clauses {
        clause.shuffle(rng);
        cnf.add_clause(&clause);
    }
    cnf
}

fn config(congruence: bool, substitute: bool, probe: bool, eliminate: bool) -> SolverConfig {
    SolverConfig {
        congruence,
        substitute,
        probe,
        eliminate,
        subsume: eliminate,
        ..SolverConfig::default()
    }
}

#[test]
fn miters_of_a_circuit_and_its_copy_are_refuted_with_checked_proofs() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xc0_6288);
    let (mut merged, mut without_search) = (0, 0);
    let cases = 300;
    for case in 0..cases {
        let (inputs, gates) = (rng.gen_range(4..=8), rng.gen_range(10..=60));
        let cnf = miter(&mut rng, inputs, gates, false);
        let format = [ProofFormat::Text, ProofFormat::Binary][case % 2];
        for on in [true, false] {
            let what = format!("case {case} congruence={on}");
            let sat = support::solve_checked(&cnf, config(on, true, true, false), format, &what);
            assert!(
                !sat,
                "{what}: a miter of a circuit with its copy is unsatisfiable"
            );
        }
        let mut solver = Solver::new(SolverConfig::default());
        solver.add_cnf(&cnf);
        assert!(matches!(solver.solve(), SolveResult::Unsat));
        merged += solver.stats().congruent_gates;
        without_search += u64::from(solver.stats().decisions == 0);
    }
    assert!(merged >= 10 * cases as u64, "{merged} equivalences found");
    assert!(
        without_search >= cases as u64 * 9 / 10,
        "{without_search} refuted before the first decision"
    );
}

#[test]
fn small_gate_formulas_agree_with_brute_force_under_every_combination() {
    // Elimination and subsumption together, as one switch.
    let switches: [Switch; 4] = [CONGRUENCE, SUBSTITUTE, PROBE, |c, on| {
        ELIMINATE(c, on);
        SUBSUME(c, on);
    }];
    let configs = on_and_off(&SolverConfig::default(), &switches);
    let sweep = Sweep::new(0x9a7e5, 1500, configs).with_proofs(CheckOptions::default());
    let answers = sweep.run(small_gate_formula, |_| {});
    assert!(answers.iter().all(|&n| n > 300), "unsat/sat: {answers:?}");
}

/// A miter of a 3-input circuit of 2..=5 gates (its copy mutated in most
/// cases) with up to two random ternary clauses.
fn small_gate_formula(rng: &mut ChaCha8Rng) -> Cnf {
    let (gates, mutate) = (rng.gen_range(2..=5), rng.gen_bool(0.6));
    let mut cnf = miter(rng, 3, gates, mutate);
    for _ in 0..rng.gen_range(0..=2) {
        let clause = random_lits(rng, cnf.num_vars(), 3);
        cnf.add_clause(&clause);
    }
    cnf
}
