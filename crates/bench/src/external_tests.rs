//! Tests of `external.rs`: reading a finished solver's answer and model.

use super::*;
use satoku_formula::Lit;

fn cnf() -> Cnf {
    let mut cnf = Cnf::new();
    cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
    cnf.add_clause(&[Lit::from_dimacs(-1)]);
    cnf
}

#[test]
fn competition_output_on_stdout() {
    let out = "c hello\ns SATISFIABLE\nv -1 2 0\n";
    let r = interpret(out, None, Some(10), &cnf()).unwrap();
    assert_eq!((r.answer, r.model), (Status::Sat, ModelCheck::Good));
    let r = interpret("s UNSATISFIABLE\n", None, Some(20), &cnf()).unwrap();
    assert_eq!((r.answer, r.model), (Status::Unsat, ModelCheck::None));
    let r = interpret("s UNKNOWN\n", None, Some(0), &cnf()).unwrap();
    assert_eq!(r.answer, Status::Unknown);
}

#[test]
fn bad_and_missing_models() {
    let r = interpret("s SATISFIABLE\nv 1 2 0\n", None, None, &cnf()).unwrap();
    assert_eq!(r.model, ModelCheck::Bad("clause 2 is false".into()));
    let r = interpret("s SATISFIABLE\n", None, None, &cnf()).unwrap();
    assert!(matches!(r.model, ModelCheck::Bad(m) if m.contains("no model")));
    let r = interpret("s SATISFIABLE\nv 1 -1 0\n", None, None, &cnf()).unwrap();
    assert!(matches!(r.model, ModelCheck::Bad(m) if m.contains("both values")));
    let r = interpret("s SATISFIABLE\nv -1 x 0\n", None, None, &cnf()).unwrap();
    assert_eq!(
        r.model,
        ModelCheck::Bad("stdout:2:6: expected an integer literal, found `x`".into())
    );
    // A huge literal is read without room for every variable below it.
    let r = interpret("s SATISFIABLE\nv -1 2 2147483647 0\n", None, None, &cnf()).unwrap();
    assert_eq!(r.model, ModelCheck::Good);
    let r = interpret("s SATISFIABLE\nv -1 99999999999 0\n", None, None, &cnf()).unwrap();
    assert!(matches!(r.model, ModelCheck::Bad(m) if m.contains("99999999999")));
    // MiniSat's result for a formula without clauses names no variable.
    let r = interpret("", Some("SAT\n 0\n"), Some(10), &Cnf::new()).unwrap();
    assert_eq!(r.model, ModelCheck::Good);
}

#[test]
fn minisat_result_file_and_exit_codes() {
    let stdout = "restarts              : 1\nconflicts             : 17             (1700 /sec)\n";
    let r = interpret(stdout, Some("SAT\n-1 2 0\n"), Some(10), &cnf()).unwrap();
    assert_eq!(
        (r.answer, r.model, r.conflicts),
        (Status::Sat, ModelCheck::Good, Some(17))
    );
    let r = interpret("", Some("UNSAT\n"), Some(20), &cnf()).unwrap();
    assert_eq!(r.answer, Status::Unsat);
    let r = interpret("", None, Some(20), &cnf()).unwrap();
    assert_eq!(r.answer, Status::Unsat);
    assert!(interpret("", None, Some(3), &cnf())
        .unwrap_err()
        .contains("no answer"));
    let err = interpret("s SATISFIABLE\nv -1 2 0\n", None, Some(20), &cnf()).unwrap_err();
    assert!(err.contains("disagrees"), "{err}");
}

#[test]
fn messages_name_exit_codes_and_statuses_in_words() {
    let err = interpret("", None, Some(1), &cnf()).unwrap_err();
    assert_eq!(err, "no answer in the output (exit code 1)");
    let err = interpret("c crashed\n", None, None, &cnf()).unwrap_err();
    assert_eq!(
        err,
        "no answer in the output (no exit code: ended by a signal)"
    );
    let err = interpret(
        "s SATISFIABLE\nv -1 2 0\n",
        Some("UNSAT\n"),
        Some(20),
        &cnf(),
    )
    .unwrap_err();
    assert_eq!(
        err,
        "the output disagrees with itself: SATISFIABLE (stdout), \
         UNSATISFIABLE (result file), UNSATISFIABLE (exit code 20)"
    );
}

#[test]
fn a_malformed_model_keeps_its_answer() {
    let r = interpret("", Some("SAT\n-1 x 0\n"), None, &cnf()).unwrap();
    let want = "result file:2:4: expected an integer literal, found `x`";
    assert_eq!(
        (r.answer, r.model),
        (Status::Sat, ModelCheck::Bad(want.into()))
    );
    let r = interpret("", Some("SAT\n2\n1 -2 0\n"), Some(10), &cnf()).unwrap();
    let want = "result file:3:3: variable 2 is given both values";
    assert_eq!(
        (r.answer, r.model),
        (Status::Sat, ModelCheck::Bad(want.into()))
    );
    let r = interpret("s SATISFIABLE\r\nv -1 0\r\nv 1 0\r\n", None, None, &cnf()).unwrap();
    let want = "stdout:3:3: variable 1 is given both values";
    assert_eq!(
        (r.answer, r.model),
        (Status::Sat, ModelCheck::Bad(want.into()))
    );
}

#[test]
fn v_lines_come_before_the_result_file() {
    let stdout = "s SATISFIABLE\nv -1 2 0\n";
    let r = interpret(stdout, Some("SAT\n1 x 0\n"), Some(10), &cnf()).unwrap();
    assert_eq!(r.model, ModelCheck::Good);
    let r = interpret("v 1 2 0\n", Some("SAT\n-1 2 0\n"), Some(10), &cnf()).unwrap();
    assert_eq!(r.model, ModelCheck::Bad("clause 2 is false".into()));
}

#[test]
fn an_unreadable_output_fails_the_run() {
    let fails = |stdout: &str, result: Option<&str>| {
        interpret(stdout, result, Some(10), &cnf()).unwrap_err()
    };
    assert_eq!(
        fails("s SAT\n", None),
        "stdout:1:3: expected SATISFIABLE, UNSATISFIABLE or UNKNOWN after `s`, found `SAT`"
    );
    assert_eq!(
        fails("s SATISFIABLE\ns SATISFIABLE\n", None),
        "stdout:2:1: second status line (the first is on line 1)"
    );
    assert_eq!(
        fails("s UNSATISFIABLE\nv 1 0\n", None),
        "stdout:2:1: a model in an UNSATISFIABLE answer"
    );
    assert_eq!(
        fails("", Some("solved it\n")),
        "result file:1:1: expected a `c`, `s` or `v` line, found `solved`"
    );
}

#[test]
fn unknown_is_no_answer_unless_the_exit_code_says_so() {
    // The competition's exit code 0 means "no answer": UNKNOWN, not an error.
    assert_eq!(
        interpret("", None, Some(0), &cnf()).unwrap().answer,
        Status::Unknown
    );
    let r = interpret("", Some("INDET\n"), Some(0), &cnf()).unwrap();
    assert_eq!((r.answer, r.model), (Status::Unknown, ModelCheck::None));
    let err = interpret("s UNKNOWN\n", None, Some(1), &cnf()).unwrap_err();
    assert_eq!(err, "no answer in the output (exit code 1)");
    // An UNKNOWN does not hide another source's answer, nor contradict it.
    let r = interpret("s UNKNOWN\n", Some("SAT\n-1 2 0\n"), Some(0), &cnf()).unwrap();
    assert_eq!((r.answer, r.model), (Status::Sat, ModelCheck::Good));
    let err = interpret("s UNSATISFIABLE\n", Some("SAT\n-1 2 0\n"), None, &cnf());
    assert_eq!(
        err.unwrap_err(),
        "the output disagrees with itself: UNSATISFIABLE (stdout), SATISFIABLE (result file)"
    );
}

#[test]
fn lines_before_a_line() {
    assert_eq!(lines_before("a\nb\r\nc", 3), "a\nb\r\n");
    assert_eq!(lines_before("a\nb", 1), "");
    assert_eq!(lines_before("a\nb", 9), "a\nb");
}

#[test]
fn conflict_lines() {
    assert_eq!(conflicts_in("c conflicts:  1234  12.0 per sec"), Some(1234));
    assert_eq!(conflicts_in("conflicts             : 5 (1 /sec)"), Some(5));
    assert_eq!(conflicts_in("c conflicts were many"), None);
}
