//! Tests of traces: random ones pass and round-trip as text, every step
//! kind is read and written, and shrinking keeps the finding.

use super::random::pigeon_start;
use super::shrink::simplify_options;
use super::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn random_traces_pass_and_round_trip_as_text() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut forgotten, mut phases) = (0, std::collections::BTreeSet::new());
    for _ in 0..200 {
        let t = Trace::random(&mut rng);
        assert_eq!(Trace::parse(&t.to_text()).as_ref(), Ok(&t));
        forgotten += t.run().unwrap().num_forgotten;
        phases.insert(t.options.phase);
        for step in &t.steps {
            if let Step::Options(o) = step {
                phases.insert(o.phase);
            }
        }
    }
    // The new code paths are reached: learnt clauses really deleted,
    // every VSIDS phase setting drawn.
    assert!(forgotten > 0);
    assert_eq!(phases.len(), 4);
}

#[test]
fn every_step_is_read_and_written() {
    let text = "c options: algorithm=cdcl heuristic=vsids pure=1 restart=luby reduce=0 \
                phase=true proof=none\n\
                a 1 -2 0\n\
                a 0\n\
                s -1 0\n\
                f\n\
                o algorithm=dpll heuristic=dlis pure=0 restart=modes reduce=1 \
                phase=saved proof=none\n\
                s 0\n\
                S 2 -1 0\n";
    let t = Trace::parse(text).unwrap();
    let l = Lit::from_dimacs;
    assert_eq!(t.options.phase, (true, false));
    assert_eq!(t.steps[0], Step::Add(vec![l(1), l(-2)]));
    assert_eq!(t.steps[1], Step::Add(Vec::new()));
    assert_eq!(t.steps[2], Step::Solve(vec![l(-1)]));
    assert_eq!(t.steps[3], Step::Forget);
    assert!(matches!(t.steps[4], Step::Options(_)));
    assert_eq!(t.steps[5], Step::Solve(Vec::new()));
    assert_eq!(t.steps[6], Step::SolveScoped(vec![l(2), l(-1)]));
    assert_eq!(Trace::parse(&t.to_text()), Ok(t));
    // Files written before `f` existed read as before; unknown steps fail.
    assert!(Trace::parse("a 1 0\ns 0\n").is_ok());
    assert!(Trace::parse("f 1\n").is_err());
    assert!(Trace::parse("x\n").is_err());
}

#[test]
fn forgetting_learnt_clauses_changes_no_answer() {
    // PHP(4, 3), pigeon p switched on by assuming 13 + p: refuting it
    // needs conflicts, and the clauses learnt hold several selectors,
    // so they stay in the database (one selector would be refuted as a
    // root unit). Without the selectors it is SAT. The same queries
    // again after forgetting, and after adding a clause behind the
    // learnts (the arena cannot be cut back then).
    let mut text = String::from("c options: algorithm=cdcl heuristic=vsids\n");
    let var = |p: usize, h: usize| p * 3 + h + 1;
    for p in 0..4 {
        let (a, b, c) = (var(p, 0), var(p, 1), var(p, 2));
        text += &format!("a -{} {a} {b} {c} 0\n", 13 + p);
    }
    for h in 0..3 {
        for p in 0..4 {
            for q in p + 1..4 {
                text += &format!("a -{} -{} 0\n", var(p, h), var(q, h));
            }
        }
    }
    let all = "13 14 15 16";
    text += &format!("s {all} 0\nf\ns 0\nf\nf\ns {all} 0\na 17 -18 0\nf\ns {all} 0\ns 0\n");
    let stats = Trace::parse(&text).unwrap().run().unwrap();
    assert_eq!((stats.num_solves, stats.num_sat), (5, 2));
    assert_eq!(stats.num_forgets, 4);
    assert!(stats.num_forgotten > 0);
}

#[test]
fn pigeon_traces_forget_after_a_reduction() {
    let (mut steps, selectors) = pigeon_start();
    for _ in 0..4 {
        steps.push(Step::Solve(selectors.clone()));
        steps.push(Step::Forget);
    }
    steps.push(Step::Solve(selectors[1..].to_vec()));
    // Reason-side bumping refutes PHP(7, 6) in fewer conflicts than four
    // refutations need to reach the first reduction.
    let options = Options {
        bump_reasons: false,
        ..Options::default()
    };
    let stats = Trace { options, steps }.run().unwrap();
    assert_eq!((stats.num_solves, stats.num_sat), (5, 1));
    assert!(stats.num_reductions > 0, "{stats:?}");
    assert!(stats.num_forgotten > 0);
}

#[test]
fn huge_variables_in_a_trace_file_are_refused() {
    let err = Trace::parse("a 2147483647 0\ns 0\n").unwrap_err();
    assert!(err.contains("beyond"), "{err}");
    assert!(Trace::parse("a 1048576 -3 0\nf\ns 0\n").is_ok());
}

#[test]
fn options_are_simplified_one_move_at_a_time() {
    let o = Options::parse("algorithm=dpll heuristic=moms pure=0 phase=false").unwrap();
    let kept = simplify_options(o, |s| s.heuristic == o.heuristic);
    // The heuristic the failure needs, every root technique off, the rest default.
    let bare = "heuristic=moms vivify=0 probe=0 subst=0 congru=0 gauss=0 subsume=0 elim=0 etrial=0";
    let want = Options::parse(bare).unwrap();
    assert_eq!(kept, want);
    assert_eq!(simplify_options(o, |_| false), o);
}

#[test]
fn bad_failed_assumptions_are_caught() {
    let l = Lit::from_dimacs;
    let mut cnf = Cnf::new();
    cnf.add_clause(&[l(-1)]);
    assert!(check_failed(&cnf, &[l(1), l(2)], &[l(1)]).is_ok());
    let e = check_failed(&cnf, &[l(1)], &[l(3)]).unwrap_err();
    assert_eq!(e.kind, FindingKind::FailedNotSubset);
    let e = check_failed(&cnf, &[l(1), l(2)], &[l(2)]).unwrap_err();
    assert_eq!(e.kind, FindingKind::FailedSatisfiable);
}
