//! The parser never panics: arbitrary bytes, and valid files with random
//! edits, give `Ok` or `Err`, and an `Ok` formula is consistent.

use proptest::prelude::*;
use satoku_dimacs::{parse_reader, write_cnf, ParseOptions};

fn check(bytes: &[u8], strict: bool) {
    if let Ok(parsed) = parse_reader(bytes, "fuzz", &ParseOptions { strict }) {
        let cnf = &parsed.cnf;
        assert!(cnf.num_vars() >= parsed.declared_vars);
        assert!(cnf
            .clauses()
            .flatten()
            .all(|l| l.var().index() < cnf.num_vars()));
        if strict {
            assert!(parsed.warnings.is_empty());
            assert_eq!(cnf.num_clauses(), parsed.declared_clauses);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400), strict: bool) {
        check(&bytes, strict);
    }

    #[test]
    fn arbitrary_tokens(tokens in prop::collection::vec(prop::sample::select(vec![
        "p", "cnf", "c", "%", "0", "-0", "1", "-1", "3", "-", "x", "4294967296",
        "2147483647", "99999999999999999999", " ", "\t", "\n", "\r\n",
    ]), 0..60), strict: bool) {
        let text: String = tokens.join(" ");
        check(text.as_bytes(), strict);
    }

    #[test]
    fn edited_valid_files(seed in 0u64..1000, edits in prop::collection::vec(
        (any::<prop::sample::Index>(), any::<u8>()), 1..6), strict: bool) {
        let cnf = satoku_gen::random_ksat(10, 20, 3, seed);
        let mut bytes = Vec::new();
        write_cnf(&cnf, &mut bytes).unwrap();
        for (at, byte) in edits {
            let i = at.index(bytes.len());
            match byte % 3 {
                0 => bytes[i] = byte,
                1 => { bytes.remove(i); }
                _ => bytes.insert(i, byte),
            }
        }
        check(&bytes, strict);
    }
}
