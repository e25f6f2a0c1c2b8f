//! parse(write(f)) == f over random formulas, and parsing is insensitive to
//! layout (how whitespace and comments are spread).

use proptest::prelude::*;
use satoku_dimacs::{parse_reader, parse_str, write_cnf, write_cnf_with_comments, ParseOptions};
use satoku_formula::{Cnf, Lit};

/// A random formula: up to 40 clauses of up to 6 literals over up to 30
/// variables, empty clauses, duplicates and tautologies included; the
/// declared variable count may exceed the largest used.
fn formula() -> impl Strategy<Value = Cnf> {
    (1i64..30, 0usize..5).prop_flat_map(|(vars, extra)| {
        let lit = (1..=vars, any::<bool>()).prop_map(|(v, neg)| if neg { -v } else { v });
        prop::collection::vec(prop::collection::vec(lit, 0..6), 0..40).prop_map(move |clauses| {
            let mut cnf = Cnf::new();
            for clause in clauses {
                let lits: Vec<Lit> = clause.into_iter().map(Lit::from_dimacs).collect();
                cnf.add_clause(&lits);
            }
            cnf.ensure_vars(vars as usize + extra);
            cnf
        })
    })
}

proptest! {
    #[test]
    fn parse_of_write_is_identity(cnf in formula()) {
        let mut text = Vec::new();
        write_cnf(&cnf, &mut text).unwrap();
        let parsed = parse_reader(&text[..], "rt", &ParseOptions { strict: true }).unwrap();
        prop_assert_eq!(&parsed.cnf, &cnf);
        prop_assert_eq!(parsed.declared_vars, cnf.num_vars());
        prop_assert_eq!(parsed.declared_clauses, cnf.num_clauses());
    }

    #[test]
    fn comments_are_ignored(cnf in formula(), comment in "[ -~]{0,40}") {
        let mut text = Vec::new();
        write_cnf_with_comments(&cnf, [comment.as_str(), "p cnf 1 1"], &mut text).unwrap();
        let parsed = parse_reader(&text[..], "rt", &ParseOptions { strict: true }).unwrap();
        prop_assert_eq!(parsed.cnf, cnf);
    }

    #[test]
    fn layout_does_not_matter(cnf in formula(), seps in prop::collection::vec(
        prop::sample::select(vec![" ", "\t", "\n", "\r\n", "  \n\t", "\nc note\n"]), 1..8)) {
        // Same tokens, separators drawn from `seps` in turn.
        let mut text = format!("p cnf {} {}\n", cnf.num_vars(), cnf.num_clauses());
        let mut k = 0;
        for clause in &cnf {
            for lit in clause {
                text.push_str(&lit.to_dimacs().to_string());
                text.push_str(seps[k % seps.len()]);
                k += 1;
            }
            text.push('0');
            text.push_str(seps[k % seps.len()]);
            k += 1;
        }
        let parsed = parse_str(&text, &ParseOptions { strict: true }).unwrap();
        prop_assert_eq!(parsed.cnf, cnf);
    }
}
