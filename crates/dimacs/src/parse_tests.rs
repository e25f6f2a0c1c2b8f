//! Unit tests of the parser: one per accepted quirk, one per error kind.

use super::*;
use crate::error::WarningKind;
use crate::MaxMemory;
#[cfg(feature = "compression")]
use std::io::Write;

fn ok(text: &str) -> Parsed {
    parse_str(text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn strict(text: &str) -> Result<Parsed, Error> {
    parse_str(text, &ParseOptions { strict: true })
}

fn err(text: &str) -> String {
    parse_str(text, &ParseOptions::default())
        .expect_err("input should be rejected")
        .to_string()
}

fn clauses(parsed: &Parsed) -> Vec<Vec<i64>> {
    parsed
        .cnf
        .clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect()
}

#[test]
fn reads_a_plain_file() {
    let p = ok("p cnf 3 2\n1 -2 0\n-3 2 1 0\n");
    assert_eq!(clauses(&p), vec![vec![1, -2], vec![-3, 2, 1]]);
    assert_eq!((p.declared_vars, p.declared_clauses), (3, 2));
    assert!(p.warnings.is_empty());
    assert_eq!(p.text_bytes, 26);
}

#[test]
fn skips_a_byte_order_mark_at_the_start_only() {
    let p = ok("\u{feff}c saved by Notepad\np cnf 2 1\n1 -2 0\n");
    assert_eq!(clauses(&p), vec![vec![1, -2]]);
    assert_eq!(clauses(&ok("\u{feff}p cnf 1 1\n1 0\n")), vec![vec![1]]);
    // Columns on line 1 count from after the mark.
    assert!(err("\u{feff}x cnf 1 1\n").contains(":1:1:"));
    // Anywhere else it is a bad token.
    assert!(err("p cnf 1 1\n\u{feff}1 0\n").contains(":2:1:"));
}

#[test]
fn accepts_comments_anywhere() {
    let text = "c first\nc p cnf 99 99\n\tc tabbed\np cnf 2 2\nc between\n1 0\nc again\n-2 0\nc end of file\n";
    assert_eq!(clauses(&ok(text)), vec![vec![1], vec![-2]]);
}

#[test]
fn accepts_clause_over_several_lines_and_several_per_line() {
    let p = ok("p cnf 4 3\n 1\n  2\n 0\n3 0 4 0\n");
    assert_eq!(clauses(&p), vec![vec![1, 2], vec![3], vec![4]]);
}

#[test]
fn accepts_tabs_and_crlf() {
    let p = ok("c dos\r\np cnf\t3\t2\r\n1\t-3\t0\r\n\t2 0\r\n");
    assert_eq!(clauses(&p), vec![vec![1, -3], vec![2]]);
}

#[test]
fn accepts_padded_header() {
    let p = ok("p cnf   60  160 \n1 0\n");
    assert_eq!((p.declared_vars, p.declared_clauses), (60, 160));
}

#[test]
fn accepts_missing_final_newline() {
    assert_eq!(clauses(&ok("p cnf 2 1\n1 2 0")), vec![vec![1, 2]]);
}

#[test]
fn stops_at_percent_marker() {
    let p = ok("p cnf 3 1\n 1 -2 3 0\n%\n0\n\n");
    assert_eq!(clauses(&p), vec![vec![1, -2, 3]]);
    assert!(p.warnings.is_empty());
    // Whatever follows % is ignored, even junk.
    assert_eq!(ok("p cnf 1 1\n1 0\n% junk ###\n").cnf.num_clauses(), 1);
}

#[test]
fn lone_zero_is_an_empty_clause() {
    let p = ok("p cnf 2 2\n1 0\n0\n");
    assert_eq!(clauses(&p), vec![vec![1], vec![]]);
    assert!(p.cnf.has_empty_clause());
}

#[test]
fn keeps_duplicates_and_tautologies() {
    let p = ok("p cnf 3 2\n1 1 2 0\n3 -3 0\n");
    assert_eq!(clauses(&p), vec![vec![1, 1, 2], vec![3, -3]]);
}

#[test]
fn keeps_declared_but_unused_variables() {
    let p = ok("p cnf 10 1\n1 0\n");
    assert_eq!(p.cnf.num_vars(), 10);
    let p = ok("p cnf 0 0\n");
    assert_eq!((p.cnf.num_vars(), p.cnf.num_clauses()), (0, 0));
}

#[test]
fn huge_declared_counts_do_not_allocate() {
    let p = ok("p cnf 2147483647 4000000000\n1 -2 0\n");
    assert_eq!(p.cnf.num_clauses(), 1);
    assert_eq!(p.declared_clauses, 4_000_000_000);
    let p = parse_reader(
        &b"p cnf 5 18446744073709551615\n1 0\n"[..],
        "r",
        &Default::default(),
    );
    assert_eq!(p.unwrap().cnf.num_clauses(), 1);
}

#[test]
fn clause_count_mismatch_warns_then_fails_in_strict_mode() {
    let text = "c x\np cnf 2 1\n1 0\n2 0\n";
    let p = ok(text);
    assert_eq!(p.cnf.num_clauses(), 2);
    assert_eq!(
        p.warnings[0].to_string(),
        "<string>:2:1: warning: header declares 1 clause but 2 were read"
    );
    assert_eq!(
        strict(text).unwrap_err().to_string(),
        "<string>:2:1: header declares 1 clause but 2 were read"
    );
}

#[test]
fn open_last_clause_is_kept_with_warning_then_fails_in_strict_mode() {
    let text = "p cnf 3 2\n1 0\n 2 -3";
    let p = ok(text);
    assert_eq!(clauses(&p), vec![vec![1], vec![2, -3]]);
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(
        p.warnings[0].to_string(),
        "<string>:3:2: warning: last clause is not terminated by `0` (kept as a clause)"
    );
    assert!(matches!(
        p.warnings[0].kind,
        WarningKind::UnterminatedClause
    ));
    assert_eq!(
        strict(text).unwrap_err().to_string(),
        "<string>:3:2: last clause is not terminated by `0`"
    );
    // Before a % marker too.
    assert_eq!(ok("p cnf 1 1\n1\n%\n0\n").warnings.len(), 1);
}

#[test]
fn strict_mode_accepts_clean_files() {
    let p = strict("c ok\np cnf 2 2\n1 -2 0\n2 0\n%\n0\n").unwrap();
    assert!(p.warnings.is_empty());
}

#[test]
fn error_missing_header() {
    assert_eq!(
        err(""),
        "<string>:1:1: missing header `p cnf <variables> <clauses>`"
    );
    assert_eq!(
        err("c only\n"),
        "<string>:2:1: missing header `p cnf <variables> <clauses>`"
    );
    assert_eq!(
        err("c x\n%\n"),
        "<string>:2:1: missing header `p cnf <variables> <clauses>`"
    );
}

#[test]
fn error_second_header() {
    assert_eq!(
        err("p cnf 2 1\n1 0\np cnf 2 1\n"),
        "<string>:3:1: second header (the first is on line 1)"
    );
}

#[test]
fn error_clause_before_header() {
    assert_eq!(
        err("1 2 0\np cnf 2 1\n"),
        "<string>:1:1: clause before the header `p cnf <variables> <clauses>`"
    );
    assert_eq!(
        err("c x\n 0\n"),
        "<string>:2:2: clause before the header `p cnf <variables> <clauses>`"
    );
}

#[test]
fn error_header_format() {
    assert_eq!(
        err("p wcnf 2 1\n"),
        "<string>:1:3: expected `cnf` after `p`, found `wcnf`"
    );
    assert_eq!(
        err("p\n1 0\n"),
        "<string>:1:2: expected `cnf` after `p`, found end of line"
    );
    assert_eq!(
        err("pcnf 1 1\n"),
        "<string>:1:1: expected an integer literal, found `pcnf`"
    );
}

#[test]
fn error_header_missing_counts() {
    assert_eq!(
        err("p cnf\n1 0\n"),
        "<string>:1:6: header is missing the variable count"
    );
    assert_eq!(
        err("p cnf 3\n1 0\n"),
        "<string>:1:8: header is missing the clause count"
    );
    assert_eq!(
        err("p cnf 3 "),
        "<string>:1:9: header is missing the clause count"
    );
}

#[test]
fn error_header_negative_count() {
    assert_eq!(
        err("p cnf -3 1\n"),
        "<string>:1:7: header variable count `-3` is negative"
    );
    assert_eq!(
        err("p cnf 3 -1\n"),
        "<string>:1:9: header clause count `-1` is negative"
    );
}

#[test]
fn error_header_non_numeric_count() {
    assert_eq!(
        err("p cnf x 1\n"),
        "<string>:1:7: header variable count `x` is not a number"
    );
    assert_eq!(
        err("p cnf 3 1.5\n"),
        "<string>:1:9: header clause count `1.5` is not a number"
    );
}

#[test]
fn error_header_trailer() {
    assert_eq!(
        err("p cnf 3 1 7\n"),
        "<string>:1:11: unexpected `7` after the header counts"
    );
}

#[test]
fn error_too_many_variables() {
    assert_eq!(
        err("p cnf 4000000000 4000000000\n1 0\n"),
        "<string>:1:7: header declares 4000000000 variables; at most 2147483647 are supported"
    );
    assert_eq!(
        err("p cnf 2147483648 1\n"),
        "<string>:1:7: header declares 2147483648 variables; at most 2147483647 are supported"
    );
}

#[test]
fn error_non_integer_token() {
    assert_eq!(
        err("p cnf 3 1\n1 x 0\n"),
        "<string>:2:3: expected an integer literal, found `x`"
    );
    assert_eq!(
        err("p cnf 3 1\n1 2a 0\n"),
        "<string>:2:3: expected an integer literal, found `2a`"
    );
    assert_eq!(
        err("p cnf 3 1\n- 1 0\n"),
        "<string>:2:1: expected an integer literal, found `-`"
    );
    assert_eq!(
        err("p cnf 3 1\n+1 0\n"),
        "<string>:2:1: expected an integer literal, found `+1`"
    );
    assert_eq!(
        err("p cnf 3 1\n1 \u{7f}\u{1} 0\n"),
        "<string>:2:3: expected an integer literal, found `\\x7f\\x01`"
    );
    // Integer tokens of 64 bytes or more are rejected, even all zeros.
    let long = format!("p cnf 3 1\n1 {} 0\n", "0".repeat(100));
    let expected = format!(
        "<string>:2:3: expected an integer literal, found `{}...`",
        "0".repeat(32)
    );
    assert_eq!(err(&long), expected);
}

#[test]
fn error_literal_beyond_declared_variables() {
    assert_eq!(
        err("p cnf 3 1\n1 -4 0\n"),
        "<string>:2:3: literal -4 exceeds the declared variable count 3"
    );
    assert_eq!(
        err("p cnf 3 1\n99999999999999999999999 0\n"),
        "<string>:2:1: literal 99999999999999999999999 exceeds the declared variable count 3"
    );
}

#[test]
fn error_io_names_the_file() {
    let e = parse_path(Path::new("/nonexistent/x.cnf"), &ParseOptions::default()).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Io(_)));
    assert!(e.to_string().starts_with("/nonexistent/x.cnf: "), "{e}");
}

#[test]
fn error_directory_is_an_io_error_without_position() {
    let dir = std::env::temp_dir();
    let e = parse_path(&dir, &ParseOptions::default()).unwrap_err();
    assert_eq!(e.to_string(), format!("{}: is a directory", dir.display()));
}

#[test]
#[cfg(feature = "compression")]
fn error_corrupt_gzip_is_an_io_error() {
    let data = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff];
    let e = parse_reader(&data[..], "z.gz", &ParseOptions::default()).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Io(_)), "{e}");
}

#[cfg(feature = "compression")]
const SAMPLE: &str = "c sample\np cnf 3 2\n1 -2 0\n2 3 -1 0\n";

#[cfg(feature = "compression")]
fn sample_clauses() -> Vec<Vec<i64>> {
    vec![vec![1, -2], vec![2, 3, -1]]
}

#[test]
#[cfg(feature = "compression")]
fn reads_gzip_by_magic() {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(SAMPLE.as_bytes()).unwrap();
    let data = enc.finish().unwrap();
    let p = parse_reader(&data[..], "no-extension", &ParseOptions::default()).unwrap();
    assert_eq!(clauses(&p), sample_clauses());
}

#[test]
#[cfg(feature = "compression")]
fn reads_xz_by_magic() {
    let mut enc = xz2::write::XzEncoder::new(Vec::new(), 6);
    enc.write_all(SAMPLE.as_bytes()).unwrap();
    let data = enc.finish().unwrap();
    let p = parse_reader(&data[..], "x.cnf", &ParseOptions::default()).unwrap();
    assert_eq!(clauses(&p), sample_clauses());
}

#[test]
#[cfg(feature = "compression")]
fn reads_compressed_files_from_disk() {
    let dir = std::env::temp_dir().join(format!("satoku-dimacs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("misleading.cnf");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(SAMPLE.as_bytes()).unwrap();
    std::fs::write(&path, enc.finish().unwrap()).unwrap();
    let p = parse_path(&path, &ParseOptions::default()).unwrap();
    assert_eq!(clauses(&p), sample_clauses());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A reader handing out a few bytes per call, as a pipe (stdin) may.
struct Dribble<'a>(&'a [u8], usize);

impl Read for Dribble<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.1.min(out.len()).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn reads_short_reads_like_a_pipe() {
    let text = "c x\np cnf 5 3\n1 -2 0\n3 4\n 5 0\n-1 0\n";
    for chunk in 1..8 {
        let p = parse_reader(Dribble(text.as_bytes(), chunk), "-", &Default::default()).unwrap();
        assert_eq!(clauses(&p), vec![vec![1, -2], vec![3, 4, 5], vec![-1]]);
    }
}

#[test]
fn positions_are_right_past_buffer_boundaries() {
    // Over 1 MiB of clauses, then an error: its line must count every line.
    let mut text = String::from("p cnf 3 200000\n");
    for _ in 0..200_000 {
        text.push_str("1 -2 3 0\n");
    }
    text.push_str("1 2 y 0\n");
    assert_eq!(
        err(&text),
        "<string>:200002:5: expected an integer literal, found `y`"
    );
}

#[test]
#[cfg(feature = "compression")]
fn error_truncated_gzip_is_an_io_error_not_a_syntax_error() {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(b"p cnf 2 1\n1 2 0\n").unwrap();
    let data = enc.finish().unwrap();
    let e = parse_reader(&data[..data.len() / 2], "t.gz", &ParseOptions::default()).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Io(_)), "{e}");
}

#[test]
fn a_comment_glued_to_an_integer_ends_the_line_in_both_modes() {
    let text = "p cnf 2 2\n1 2 0c comment\n-1 c spaced\n0c\n";
    assert_eq!(clauses(&ok(text)), vec![vec![1, 2], vec![-1]]);
    let p = strict(text).unwrap();
    assert_eq!(clauses(&p), vec![vec![1, 2], vec![-1]]);
    assert_eq!(
        clauses(&ok("p cnf 2 1\n1 2c x 0\n-1 0\n")),
        vec![vec![1, 2, -1]]
    );
    // Anything else glued to an integer is still a bad token.
    assert_eq!(
        err("p cnf 2 1\n1 0x\n"),
        "<string>:2:3: expected an integer literal, found `0x`"
    );
}

#[test]
fn negative_zero_ends_the_clause_with_one_warning_then_fails_in_strict_mode() {
    let text = "p cnf 2 3\n1 -0 2 -0\n-1 0\n";
    let p = ok(text);
    assert_eq!(clauses(&p), vec![vec![1], vec![2], vec![-1]]);
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(
        p.warnings[0].to_string(),
        "<string>:2:3: warning: `-0` read as `0`, ending the clause"
    );
    assert_eq!(
        strict(text).unwrap_err().to_string(),
        "<string>:2:3: `-0` is not a literal; a clause ends with `0`"
    );
}

#[test]
fn clause_count_is_quoted_as_written() {
    let p = ok("p cnf 2 20000000000000000000\n1 0\n");
    assert_eq!(
        p.warnings[0].to_string(),
        "<string>:1:1: warning: header declares 20000000000000000000 clauses but 1 was read"
    );
    assert_eq!(p.declared_clauses, usize::MAX);
}

#[test]
fn other_compression_formats_and_binary_data_are_named() {
    let e = |bytes: &[u8]| {
        parse_reader(bytes, "f", &ParseOptions::default())
            .unwrap_err()
            .to_string()
    };
    #[cfg(feature = "compression")]
    assert_eq!(
        e(b"BZh91AY&SY\x8e\x1b"),
        "f:1:1: decompression not finished but EOF reached"
    );
    assert_eq!(
        e(b"\x28\xb5\x2f\xfd\x24\x00"),
        "f:1:1: zstd-compressed input is not supported; decompress it first (unzstd)"
    );
    assert_eq!(
        e(b"7z\xbc\xaf\x27\x1c\x00\x04"),
        "f:1:1: 7z-compressed input is not supported; decompress it first (7z x)"
    );
    assert_eq!(
        e(b"\x7fELF\x02\x01\x01\x00\x00\x00"),
        "f:1:1: this is not a DIMACS file: it starts with bytes 7f 45 4c 46 02 01 01 00"
    );
}

#[test]
fn xor_clauses_are_named_as_an_extension() {
    let expected = "<string>:2:1: `x1` starts a XOR clause, an extension (CryptoMiniSat's `x` lines) satoku does not read";
    assert_eq!(err("p cnf 2 1\nx1 2 0\n"), expected);
    assert!(err("x-1 2 0\n").contains("XOR clause"));
    assert!(err("p cnf 2 1\nxor 0\n").contains("expected an integer literal"));
    assert!(err("p cnf 2 1\nx- 0\n").contains("expected an integer literal"));
}

/// `n` clauses `1 2 0`, as text.
fn repeated_clauses(n: usize) -> Vec<u8> {
    let mut text = format!("p cnf 2 {n}\n").into_bytes();
    for _ in 0..n {
        text.extend_from_slice(b"1 2 0\n");
    }
    text
}

#[test]
fn memory_limit_stops_a_growing_formula() {
    let text = repeated_clauses(400_000);
    let limits = Limits {
        max_memory: MaxMemory::Bytes(1 << 20),
        max_expansion: None,
    };
    let opts = ParseOptions::default();
    let e = parse_reader_with(&text[..], "m", &opts, &limits).unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "the formula needs more memory than the limit of 1.0 MiB"
    );
    assert!(e.line > 1, "{e}");
    let roomy = Limits {
        max_memory: MaxMemory::Bytes(64 << 20),
        max_expansion: None,
    };
    let p = parse_reader_with(&text[..], "m", &opts, &roomy).unwrap();
    assert_eq!(p.cnf.num_clauses(), 400_000);
}

#[test]
fn a_small_limit_is_checked_at_the_end_too() {
    let limits = Limits {
        max_memory: MaxMemory::Bytes(16),
        max_expansion: None,
    };
    let opts = ParseOptions::default();
    let e = parse_reader_with(&repeated_clauses(10)[..], "m", &opts, &limits).unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::MemoryLimit { limit: 16 }),
        "{e}"
    );
}

#[test]
#[cfg(feature = "compression")]
fn expansion_limit_stops_a_decompression_bomb() {
    // 70 MiB of comment lines: one gzip member of 1 MiB, repeated.
    let mut lines = vec![b' '; 1 << 20];
    for line in lines.chunks_mut(1024) {
        line[0] = b'c';
        line[1023] = b'\n';
    }
    let gzip = |text: &[u8]| {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(text).unwrap();
        gz.finish().unwrap()
    };
    let mut bomb = gzip(b"p cnf 1 0\n");
    let member = gzip(&lines);
    for _ in 0..70 {
        bomb.extend_from_slice(&member);
    }
    let limits = Limits {
        max_memory: MaxMemory::Unlimited,
        max_expansion: Some(100),
    };
    let opts = ParseOptions::default();
    let e = parse_reader_with(&bomb[..], "bomb.gz", &opts, &limits).unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::ExpansionLimit { ratio: 100, .. }),
        "{e}"
    );
    // Stopped at the first check past the floor, not at the end.
    assert!((63 * 1024..65 * 1024).contains(&e.line), "{e}");
}

#[test]
#[cfg(feature = "compression")]
fn a_bomb_of_blanks_stops_at_the_first_check_past_the_floor() {
    // No token after the header: only the decompressing reader sees the text.
    let gzip = |text: &[u8]| {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(text).unwrap();
        gz.finish().unwrap()
    };
    let mut bomb = gzip(b"p cnf 3 1\n");
    let member = gzip(&vec![b' '; 1 << 20]);
    for _ in 0..80 {
        bomb.extend_from_slice(&member);
    }
    let limits = Limits {
        max_memory: MaxMemory::Unlimited,
        max_expansion: Some(100),
    };
    let opts = ParseOptions::default();
    let e = parse_reader_with(&bomb[..], "bomb.gz", &opts, &limits).unwrap_err();
    let ErrorKind::ExpansionLimit { ratio, text, .. } = e.kind else {
        panic!("{e}");
    };
    assert_eq!(ratio, 100);
    assert!(text <= (64 << 20) + (2 << 20), "{e}");
}

#[test]
#[cfg(feature = "compression")]
fn reads_bzip2_and_lzma_by_magic() {
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(SAMPLE.as_bytes()).unwrap();
    let bz = bz.finish().unwrap();
    let p = parse_reader(&bz[..], "bz", &ParseOptions::default()).unwrap();
    assert_eq!(clauses(&p), sample_clauses());
    let options = xz2::stream::LzmaOptions::new_preset(1).unwrap();
    let stream = xz2::stream::Stream::new_lzma_encoder(&options).unwrap();
    let mut lzma = xz2::write::XzEncoder::new_stream(Vec::new(), stream);
    lzma.write_all(SAMPLE.as_bytes()).unwrap();
    let lzma = lzma.finish().unwrap();
    assert_eq!(&lzma[..3], [0x5d, 0, 0]);
    let p = parse_reader(&lzma[..], "lzma", &ParseOptions::default()).unwrap();
    assert_eq!(clauses(&p), sample_clauses());
}

#[test]
#[cfg(not(feature = "compression"))]
fn without_compression_compressed_input_names_its_decoder() {
    let gzip = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0];
    let xz = *b"\xfd7zXZ\x00\x00\x00";
    let cases: [(&[u8], &str); 2] = [
        (
            &gzip,
            "gzip-compressed input is not supported; decompress it first (gunzip)",
        ),
        (
            &xz,
            "xz-compressed input is not supported; decompress it first (unxz)",
        ),
    ];
    for (data, message) in cases {
        let e = parse_reader(data, "f", &ParseOptions::default()).unwrap_err();
        assert_eq!(e.to_string(), format!("f:1:1: {message}"));
    }
}

#[test]
fn memory_limit_stops_a_clause_that_never_ends() {
    let mut text = b"p cnf 1 1\n".to_vec();
    text.extend(b"1 ".repeat(2_000_000));
    let limits = Limits {
        max_memory: MaxMemory::Bytes(1 << 20),
        max_expansion: None,
    };
    let e = parse_reader_with(&text[..], "m", &ParseOptions::default(), &limits).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::MemoryLimit { .. }), "{e}");
    // Stopped at the first check (one MiB of text), long before the line ends.
    assert_eq!(e.line, 2);
    assert!(e.col < 2_000_000, "{e}");
}

#[test]
#[cfg(feature = "compression")]
fn an_lzma_dictionary_above_the_memory_limit_is_refused() {
    // Properties 5d, a 2 GiB dictionary, unknown size.
    let header = b"\x5d\x00\x00\x00\x80\xff\xff\xff\xff\xff\xff\xff\xff\x00\x00";
    let limits = Limits {
        max_memory: MaxMemory::Bytes(64 << 20),
        max_expansion: None,
    };
    let e = parse_reader_with(&header[..], "x.lzma", &ParseOptions::default(), &limits);
    let e = e.unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Io(_)), "{e}");
    assert_eq!(e.line, 1, "{e}");
}
