//! Unit tests of the sliced parser: any cut of the text parses as the
//! whole does, progress moves, errors keep their place, counts stay
//! untrusted.

use super::*;
use crate::parse_str;
#[cfg(feature = "compression")]
use std::io::Write;

/// Parses `text` in steps of `bytes`, counting the steps.
fn sliced(text: &[u8], opts: &ParseOptions, bytes: u64) -> (Result<Parsed, Error>, usize) {
    let mut parser = match SlicedParser::new(text, "<string>", opts, &Limits::default()) {
        Ok(parser) => parser,
        Err(err) => return (Err(err), 0),
    };
    let mut steps = 0;
    loop {
        steps += 1;
        let before = parser.text_bytes();
        match parser.step(bytes) {
            Ok(Step::More(more)) => {
                assert!(more.text_bytes() > before || bytes == 1, "no progress");
                parser = more;
            }
            Ok(Step::Done(parsed)) => return (Ok(parsed), steps),
            Err(err) => return (Err(err), steps),
        }
    }
}

/// Asserts that every cut of `text` gives what `parse_str` gives, in both modes.
fn same_as_whole(text: &str) {
    for strict in [false, true] {
        let opts = ParseOptions { strict };
        let whole = parse_str(text, &opts).map_err(|e| e.to_string());
        for bytes in [1, 2, 3, 5, 17, 64, 1000, u64::MAX] {
            let (got, _) = sliced(text.as_bytes(), &opts, bytes);
            assert_eq!(
                got.map_err(|e| e.to_string()),
                whole,
                "{text:?} in steps of {bytes} (strict: {strict})"
            );
        }
    }
}

#[test]
fn every_cut_parses_as_the_whole() {
    for text in [
        "p cnf 3 2\n1 -2 0\n-3 2 1 0\n",
        "\u{feff}c bom\np cnf 2 1\n1 -2 0\n",
        "c a\np cnf 4 3\n 1\n  2\n 0\nc mid\n3 0 4 0\r\n",
        "p cnf 3 2\n1 2 0\n3 0\n%\n0\ngarbage\n",
        "p cnf 2 3\n1 0\n",
        "p cnf 2 1\n1 -2",
        "p cnf 3 2\n1 -0\n2 0c glued\n3 0\n",
        "p cnf 2 1\n1 2 0\n0\n",
        "p cnf 2 1\n\n",
    ] {
        same_as_whole(text);
    }
}

#[test]
fn errors_keep_their_line_and_column_in_any_slice() {
    for text in [
        "p cnf 2 2\n1 2 0\n-2 1.5 0\n",
        "p cnf 2 2\n1 2 0\n-2 3 0\n",
        "p cnf 2 2\n1 2 0\np cnf 2 2\n",
        "p cnf 2 2\n1 x2 0\n",
        "p cnf 2 1\n1 99999999999999999999999999999999999999999999999999999999999999999999 0\n",
    ] {
        same_as_whole(text);
    }
    let (err, _) = sliced(
        b"c\np cnf 2 2\n1 2 0\n-2 1.5 0\n",
        &ParseOptions::default(),
        4,
    );
    assert!(err.unwrap_err().to_string().starts_with("<string>:4:4: "));
}

#[test]
fn header_errors_come_from_new() {
    let opts = ParseOptions::default();
    let err = SlicedParser::new(&b"1 2 0\n"[..], "f", &opts, &Limits::default()).err();
    assert_eq!(
        err.unwrap().to_string(),
        "f:1:1: clause before the header `p cnf <variables> <clauses>`"
    );
    let err = SlicedParser::new(&b"\x7fELF\x02\x01"[..], "f", &opts, &Limits::default()).err();
    assert!(err.unwrap().to_string().starts_with("f:1:1: "));
}

/// Random 3-SAT text of `clauses` clauses over 100,000 variables.
fn ksat_text(clauses: usize) -> String {
    let mut text = format!("p cnf 100000 {clauses}\n");
    let mut x: u64 = 1;
    for _ in 0..clauses {
        for sign in ["", "-", ""] {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            text += &format!("{sign}{} ", (x >> 33) % 100_000 + 1);
        }
        text += "0\n";
    }
    text
}

#[test]
fn slices_cross_the_scanners_buffer_and_count_progress() {
    // About 2.5 MB: past the scanner's 1 MiB buffer twice.
    let text = ksat_text(120_000);
    let whole = parse_str(&text, &ParseOptions::default()).unwrap();
    for bytes in [100_000, (1 << 20) - 7] {
        let (parsed, steps) = sliced(text.as_bytes(), &ParseOptions::default(), bytes);
        assert_eq!(parsed.unwrap(), whole);
        let expected = text.len().div_ceil(bytes as usize);
        assert!(
            (expected..=expected + 1).contains(&steps),
            "{steps} steps of {bytes}"
        );
    }
    let mut parser = SlicedParser::new(
        text.as_bytes(),
        "k",
        &ParseOptions::default(),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(
        (parser.declared_vars(), parser.declared_clauses()),
        (100_000, 120_000)
    );
    let mut last = (parser.text_bytes(), parser.num_clauses());
    while let Step::More(more) = parser.step(1 << 16).unwrap() {
        let now = (more.text_bytes(), more.num_clauses());
        assert!(
            now.0 >= last.0 + (1 << 16) && now.1 > last.1,
            "{now:?} after {last:?}"
        );
        last = now;
        parser = more;
    }
}

#[test]
fn a_huge_declared_count_is_not_allocated() {
    let text = b"p cnf 5 1000000000000000\n1 -2 0\n";
    let parser =
        SlicedParser::new(&text[..], "f", &ParseOptions::default(), &Limits::default()).unwrap();
    assert_eq!(parser.declared_clauses(), 1_000_000_000_000_000);
    assert!(
        parser.cnf.heap_bytes() < 16 << 20,
        "{}",
        parser.cnf.heap_bytes()
    );
    let parsed = parser.finish().unwrap();
    assert_eq!(parsed.cnf.num_clauses(), 1);
    assert_eq!(parsed.warnings.len(), 1);
}

#[test]
fn a_memory_limit_stops_a_slice() {
    let text = ksat_text(200_000);
    let limits = Limits {
        max_memory: crate::MaxMemory::Bytes(1 << 20),
        max_expansion: None,
    };
    let mut parser =
        SlicedParser::new(text.as_bytes(), "k", &ParseOptions::default(), &limits).unwrap();
    let err = loop {
        match parser.step(1 << 18) {
            Ok(Step::More(more)) => parser = more,
            Ok(Step::Done(_)) => panic!("the limit did not stop the parse"),
            Err(err) => break err,
        }
    };
    assert!(
        matches!(err.kind, ErrorKind::MemoryLimit { limit: 1048576 }),
        "{err}"
    );
}

#[test]
#[cfg(feature = "compression")]
fn gzip_is_parsed_in_slices_of_text() {
    let text = ksat_text(50_000);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(text.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let (parsed, steps) = sliced(&gz, &ParseOptions::default(), 100_000);
    let parsed = parsed.unwrap();
    assert_eq!(parsed, parse_str(&text, &ParseOptions::default()).unwrap());
    assert_eq!(parsed.text_bytes, text.len() as u64);
    assert!(steps >= text.len() / 100_000, "{steps}");
}
