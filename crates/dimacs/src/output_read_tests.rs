//! Unit tests of the solver-output reader: each accepted form, each error.

use super::*;

fn read(text: &str) -> Result<SolverOutput, Error> {
    read_solver_output(text, "out", OutputOptions::default())
}

fn err(text: &str) -> String {
    read(text)
        .expect_err("output should be rejected")
        .to_string()
}

fn dimacs(model: &PartialModel) -> Vec<i64> {
    model.lits().map(Lit::to_dimacs).collect()
}

#[test]
fn competition_output_with_comments() {
    let out = read("c solver says hi\nc\ns SATISFIABLE\nv 1 -2\nv 3 0\n").unwrap();
    assert_eq!(out.status(), Status::Sat);
    assert_eq!(dimacs(out.model().unwrap()), [1, -2, 3]);
    assert_eq!(out.comments(), ["solver says hi", ""]);
}

#[test]
fn minisat_result_files() {
    let out = read("SAT\n-1 2\n3 0\n").unwrap();
    assert_eq!(out.status(), Status::Sat);
    assert_eq!(dimacs(out.model().unwrap()), [-1, 2, 3]);
    let empty = read("SAT\n 0\n").unwrap();
    assert!(empty.model().unwrap().is_empty());
    assert_eq!(read("UNSAT\n").unwrap().status(), Status::Unsat);
    assert_eq!(read("INDET\n").unwrap().status(), Status::Unknown);
    assert_eq!(
        err("UNSAT\n1 2 0\n"),
        "out:2:1: expected a `c`, `s` or `v` line, found `1`"
    );
}

#[test]
fn answers_without_models() {
    let unsat = read("s UNSATISFIABLE\n").unwrap();
    assert_eq!((unsat.status(), unsat.model()), (Status::Unsat, None));
    let sat = read("s SATISFIABLE\n").unwrap();
    assert_eq!((sat.status(), sat.model()), (Status::Sat, None));
    let nothing = read("").unwrap();
    assert_eq!(nothing.status(), Status::Unknown);
    assert_eq!(read("s INDETERMINATE\n").unwrap().status(), Status::Unknown);
}

#[test]
fn a_model_without_status_line_is_kept() {
    let out = read("v 1 0").unwrap();
    assert_eq!(out.status(), Status::Unknown);
    assert_eq!(dimacs(out.model().unwrap()), [1]);
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(
        err("s SATISFIABLE\nv 1 x 0\n"),
        "out:2:5: expected an integer literal, found `x`"
    );
    assert_eq!(
        err("v 1 -1 0\n"),
        "out:1:5: variable 1 is given both values"
    );
    assert_eq!(
        err("v 99999999999 0\n"),
        "out:1:3: literal 99999999999 is out of range"
    );
    assert_eq!(
        err("1 2 0\n"),
        "out:1:1: expected a `c`, `s` or `v` line, found `1`"
    );
    assert_eq!(
        err("s SAT\n"),
        "out:1:3: expected SATISFIABLE, UNSATISFIABLE or UNKNOWN after `s`, found `SAT`"
    );
    assert_eq!(
        err("s\n"),
        "out:1:1: expected SATISFIABLE, UNSATISFIABLE or UNKNOWN after `s`, found end of line"
    );
    assert_eq!(
        err("s UNKNOWN\n  s SATISFIABLE\n"),
        "out:2:3: second status line (the first is on line 1)"
    );
    assert_eq!(
        err("s UNSATISFIABLE\nv 1 0\n"),
        "out:2:1: a model in an UNSATISFIABLE answer"
    );
    assert_eq!(
        err("v 1 0\ns UNSATISFIABLE\n"),
        "out:2:1: a model in an UNSATISFIABLE answer"
    );
}

#[test]
fn chatty_stdout_is_read_when_asked() {
    let stdout = "restarts : 1\nconflicts : 17\ns SATISFIABLE\nv -1 0\n";
    assert!(read(stdout).is_err());
    let options = OutputOptions {
        skip_other_lines: true,
    };
    let out = read_solver_output(stdout, "stdout", options).unwrap();
    assert_eq!(dimacs(out.model().unwrap()), [-1]);
}

#[test]
fn a_huge_literal_allocates_nothing_for_its_number() {
    let out = read("s SATISFIABLE\nv 2147483647 0\n").unwrap();
    let model = out.model().unwrap();
    assert_eq!(model.len(), 1);
    assert_eq!(model.to_model(100), None);
}

#[test]
fn crlf_tabs_and_a_byte_order_mark() {
    let out = read("\u{feff}s SATISFIABLE\r\nv\t1\t-2 0\r\n").unwrap();
    assert_eq!(dimacs(out.model().unwrap()), [1, -2]);
}

#[test]
fn an_answer_needs_a_status_line() {
    let answer = |text: &str| read_solver_answer(text, "out", OutputOptions::default());
    let expected = "out: no status line (`s SATISFIABLE`, `s UNSATISFIABLE`, `s UNKNOWN`, or MiniSat's `SAT`, `UNSAT`, `INDET`): this is not a solver's answer";
    for text in ["", "c only comments\n", "v 1 2 0\n"] {
        assert_eq!(answer(text).unwrap_err().to_string(), expected, "{text:?}");
    }
    // The same text is fine for the plain reader.
    assert_eq!(read("v 1 2 0\n").unwrap().status(), Status::Unknown);
    assert_eq!(answer("s UNKNOWN\n").unwrap().status(), Status::Unknown);
    assert!(answer("INDET\n").is_ok());
    let sat = answer("s SATISFIABLE\nv 0\n").unwrap();
    assert!(sat.model().unwrap().is_empty());
}

#[test]
fn an_answer_with_a_model_says_satisfiable() {
    let answer = |text: &str| {
        read_solver_answer(text, "out", OutputOptions::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        answer("v 1 0\ns UNKNOWN\n"),
        "out:2:1: a model in an UNKNOWN answer"
    );
    assert_eq!(
        answer("s UNKNOWN\nv 1 0\n"),
        "out:1:1: a model in an UNKNOWN answer"
    );
    assert_eq!(
        answer("v 1 2 0\ns UNSATISFIABLE\n"),
        "out:2:1: a model in an UNSATISFIABLE answer"
    );
}

#[test]
fn only_the_first_comments_are_kept() {
    let text = "c x\n".repeat(MAX_COMMENTS + 5) + "s UNSATISFIABLE\n";
    let out = read_solver_output(&text, "out", OutputOptions::default()).unwrap();
    assert_eq!(out.comments().len(), MAX_COMMENTS);
    assert_eq!(out.status(), Status::Unsat);
}

#[test]
fn the_output_ceiling_is_the_slack_plus_sixteen_bytes_a_variable() {
    assert_eq!(max_solver_output(0), SOLVER_OUTPUT_SLACK);
    assert_eq!(max_solver_output(1), SOLVER_OUTPUT_SLACK + 16);
    assert_eq!(max_solver_output(usize::MAX), u64::MAX);
}
