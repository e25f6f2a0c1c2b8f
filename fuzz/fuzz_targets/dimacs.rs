//! libFuzzer target: the DIMACS parser on arbitrary bytes (plain, gzip, xz),
//! lenient and strict, from a reader (size unknown) and from a string (size
//! known). It may reject the input; it must not panic. A formula it accepts
//! must survive a write and a strict reparse unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satoku_dimacs::{parse_reader, parse_str, write_cnf, ParseOptions};

fuzz_target!(|data: &[u8]| {
    for strict in [false, true] {
        let opts = ParseOptions { strict };
        if let Ok(parsed) = parse_reader(data, "fuzz", &opts) {
            let mut text = Vec::new();
            write_cnf(&parsed.cnf, &mut text).unwrap();
            let again = parse_reader(&text[..], "again", &ParseOptions { strict: true }).unwrap();
            assert_eq!(again.cnf, parsed.cnf);
        }
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = parse_str(text, &opts);
        }
    }
});
