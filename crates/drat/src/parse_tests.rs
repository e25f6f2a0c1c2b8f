//! Tests of the proof parser: format detection, text and binary steps, errors.

use crate::error::{Error, Position};
use crate::parse::{detect, Format, ProofReader, StepKind};

fn steps(input: &[u8], format: Option<Format>) -> Result<Vec<(StepKind, Vec<i64>)>, Error> {
    let mut reader = ProofReader::new(input, format)?;
    let mut lits = Vec::new();
    let mut out = Vec::new();
    while let Some(step) = reader.next_step(&mut lits)? {
        out.push((step.kind, lits.iter().map(|l| l.to_dimacs()).collect()));
    }
    Ok(out)
}

#[test]
fn detects_the_format_from_the_first_bytes() {
    let text: [&[u8]; 4] = [b"1 -2 0\nd 1 -2 0\n", b"c comment\n0\n", b"", b"a 1 0"];
    let binary: [&[u8]; 3] = [b"a\x02\x05\x00", b"ab2", b"d\x02\x00"];
    for bytes in text {
        assert_eq!(detect(bytes), Format::Text, "{bytes:?}");
    }
    for bytes in binary {
        assert_eq!(detect(bytes), Format::Binary, "{bytes:?}");
    }
}

#[test]
fn reads_text_steps_with_comments_and_deletions() {
    let text = b"c a proof\n1 -2 0\r\nd 1 -2 0\n  3\n 4 0 c trailing\n0\n";
    let got = steps(text, None).unwrap();
    assert_eq!(
        got,
        vec![
            (StepKind::Add, vec![1, -2]),
            (StepKind::Delete, vec![1, -2]),
            (StepKind::Add, vec![3, 4]),
            (StepKind::Add, vec![]),
        ]
    );
}

#[test]
fn reads_binary_steps() {
    // a 1 -64 0, d 2 0: codes 2, 129 = 0x81 0x01, 4.
    let bytes = [b'a', 2, 0x81, 0x01, 0, b'd', 4, 0, b'a', 0];
    let got = steps(&bytes, None).unwrap();
    assert_eq!(
        got,
        vec![
            (StepKind::Add, vec![1, -64]),
            (StepKind::Delete, vec![2]),
            (StepKind::Add, vec![]),
        ]
    );
}

#[test]
fn text_errors_carry_lines() {
    let err = steps(b"1 2 0\n3 x 0\n", None).unwrap_err();
    assert!(
        matches!(
            err,
            Error::BadToken {
                position: Position::Line(2),
                ..
            }
        ),
        "{err}"
    );
    let err = steps(b"1 2 0\n3 d 4 0\n", None).unwrap_err();
    assert!(matches!(
        err,
        Error::MisplacedDelete {
            position: Position::Line(2)
        }
    ));
    let err = steps(b"1 2 0\n\n3 4\n", None).unwrap_err();
    assert!(matches!(
        err,
        Error::Unterminated {
            position: Position::Line(3)
        }
    ));
    let err = steps(b"1 -2147483648 0\n", None).unwrap_err();
    assert!(matches!(err, Error::LiteralOutOfRange { .. }), "{err}");
    let err = steps(b"99999999999999999999999 0\n", None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1: literal 99999999999999999999999 out of range (variables are 1 to 2^31 - 1)"
    );
    let err = steps(b"12a 0\n", None).unwrap_err();
    assert!(matches!(err, Error::BadToken { .. }), "{err}");
    let err = steps(b"- 0\n", None).unwrap_err();
    assert!(matches!(err, Error::BadToken { .. }), "{err}");
    assert!(steps(b"2147483647 -2147483647 0\n", None).is_ok());
}

#[test]
fn text_errors_quote_the_token_as_written() {
    let message = |proof: &[u8]| steps(proof, None).unwrap_err().to_string();
    let unexpected =
        |line: u64, token: &str| format!("line {line}: unexpected `{token}` in a text DRAT proof");
    assert_eq!(message(b"1 0\n12x 0\n"), unexpected(2, "12x"));
    assert_eq!(message(b"1 -5x 0\n"), unexpected(1, "-5x"));
    assert_eq!(message(b"1 - 0\n"), unexpected(1, "-"));
    assert_eq!(message(b"1 --2 0\n"), unexpected(1, "--2"));
    assert_eq!(message(b"1 0\ndelete 1 0\n"), unexpected(2, "delete"));
    assert_eq!(message(b"1 0\nxyz 0\n"), unexpected(2, "xyz"));
    let control = steps(b"1 0\n2\x01 0\n", Some(Format::Text)).unwrap_err();
    assert_eq!(control.to_string(), unexpected(2, "2\\x01"));
    let long = format!("1 0\n7{} 0\n", "y".repeat(100));
    assert_eq!(
        message(long.as_bytes()),
        unexpected(2, &format!("7{}...", "y".repeat(31)))
    );
    let range = |line: u64, literal: &str| {
        format!("line {line}: literal {literal} out of range (variables are 1 to 2^31 - 1)")
    };
    assert_eq!(message(b"1 2 4294967296 0\n"), range(1, "4294967296"));
    assert_eq!(message(b"1 0\n-99999999999 0\n"), range(2, "-99999999999"));
    assert_eq!(message(b"-0002147483648 0\n"), range(1, "-0002147483648"));
}

#[test]
fn binary_errors_carry_offsets() {
    let err = steps(&[b'a', 2, 0, b'x', 2, 0], None).unwrap_err();
    assert!(matches!(
        err,
        Error::BadStep {
            position: Position::Byte(3),
            byte: b'x'
        }
    ));
    let err = steps(&[b'a', 2, 0, b'd', 4], None).unwrap_err();
    assert!(matches!(
        err,
        Error::Unterminated {
            position: Position::Byte(3)
        }
    ));
    let err = steps(&[b'a', 1, 0], None).unwrap_err();
    assert!(matches!(
        err,
        Error::LiteralOutOfRange {
            position: Position::Byte(1),
            ..
        }
    ));
    let err = steps(&[b'a', 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0], None).unwrap_err();
    assert!(matches!(err, Error::LiteralOutOfRange { .. }), "{err}");
    // Code 2^32 + 2: variable 2^31 + 1 is out of range.
    let err = steps(&[b'a', 0x82, 0x80, 0x80, 0x80, 0x10, 0], None).unwrap_err();
    assert!(matches!(err, Error::LiteralOutOfRange { .. }), "{err}");
}

#[test]
fn binary_errors_quote_the_bytes_as_written() {
    let message = |proof: &[u8]| steps(proof, None).unwrap_err().to_string();
    let range = |at: u64, literal: &str| {
        format!("byte {at}: literal {literal} out of range (variables are 1 to 2^31 - 1)")
    };
    assert_eq!(
        message(&[b'a', 2, 1, 0]),
        range(2, "0x01 (code 1: variable 0)")
    );
    // Not the shortest encoding of code 1: quoted as written.
    assert_eq!(
        message(&[b'a', 0x81, 0x00, 0]),
        range(1, "0x81 0x00 (code 1: variable 0)")
    );
    assert_eq!(
        message(&[b'a', 0x82, 0x80, 0x80, 0x80, 0x10, 0]),
        range(
            1,
            "0x82 0x80 0x80 0x80 0x10 (code 4294967298: variable 2147483649)"
        )
    );
    assert_eq!(
        message(&[b'a', 2, 0, b'd', 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0]),
        range(
            4,
            "0xff 0xff 0xff 0xff 0xff... (a varint longer than five bytes)"
        )
    );
}

#[test]
fn long_inputs_cross_buffer_boundaries() {
    let mut text = String::new();
    for i in 1..=20_000 {
        text.push_str(&format!("{i} -{} 0\nc comment {i}\n", i + 1));
    }
    let got = steps(text.as_bytes(), Some(Format::Text)).unwrap();
    assert_eq!(got.len(), 20_000);
    assert_eq!(got[19_999], (StepKind::Add, vec![20_000, -20_001]));

    let mut bin = Vec::new();
    for i in 1..=40_000u64 {
        bin.push(b'a');
        let mut x = 2 * i + 1;
        while x > 127 {
            bin.push((x & 127) as u8 | 128);
            x >>= 7;
        }
        bin.extend([x as u8, 0]);
    }
    let got = steps(&bin, None).unwrap();
    assert_eq!(got.len(), 40_000);
    assert_eq!(got[39_999], (StepKind::Add, vec![-40_000]));
}
