//! The solver-output reader never panics: arbitrary tokens give `Ok` or
//! `Err`, and an `Ok` model gives each variable one value and costs no more
//! than the literals read.

use proptest::prelude::*;
use satoku_dimacs::{read_solver_output, OutputOptions, Status};

fn check(text: &str, skip_other_lines: bool) {
    let options = OutputOptions { skip_other_lines };
    if let Ok(out) = read_solver_output(text, "fuzz", options) {
        let words = text.split_ascii_whitespace().count();
        if let Some(model) = out.model() {
            assert_ne!(out.status(), Status::Unsat);
            assert!(model.len() <= words);
            for lit in model.lits() {
                assert_eq!(model.lit_value(lit), Some(true));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_tokens(tokens in prop::collection::vec(prop::sample::select(vec![
        "s", "v", "c", "SATISFIABLE", "UNSATISFIABLE", "UNKNOWN", "SAT", "UNSAT",
        "INDET", "0", "-0", "1", "-1", "3", "-3", "x", "4294967296", "2147483647",
        "-2147483648", "99999999999999999999", " ", "\t", "\n", "\r\n", "\u{feff}",
    ]), 0..60), skip: bool) {
        check(&tokens.join(" "), skip);
        check(&tokens.concat(), skip);
    }

    #[test]
    fn arbitrary_text(text in "\\PC{0,200}", skip: bool) {
        check(&text, skip);
    }
}
