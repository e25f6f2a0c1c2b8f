//! What the first bytes of an input say it is: DIMACS text, gzip, xz,
//! bzip2 or lzma (which the parser decodes), another compression format,
//! or binary data.

/// The kind of input its first bytes show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sniffed {
    /// Text (or too short to tell): parse it.
    Text,
    /// gzip (`1f 8b`).
    Gzip,
    /// xz (`fd 37 7a 58 5a 00`).
    Xz,
    /// bzip2 (`BZh` and the block size digit).
    Bzip2,
    /// The legacy lzma format (`5d 00 00`: the usual properties byte and a
    /// dictionary size below 16 MiB).
    Lzma,
    /// A compression format not decoded: its name and the command that decodes it.
    Unsupported(&'static str, &'static str),
    /// Bytes no text file starts with: a control byte on the first line, or
    /// a first byte that cannot start UTF-8.
    Binary,
}

/// Bytes read before deciding.
pub(crate) const HEAD_LEN: usize = 16;

/// Magic bytes of compressed formats the parser does not decode.
const UNSUPPORTED: &[(&[u8], &str, &str)] = &[
    (&[b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c], "7z", "7z x"),
    (&[0x28, 0xb5, 0x2f, 0xfd], "zstd", "unzstd"),
    (&[0x04, 0x22, 0x4d, 0x18], "lz4", "unlz4"),
    (b"PK\x03\x04", "zip", "unzip"),
];

/// What `head` (the first up to [`HEAD_LEN`] bytes) says the input is.
pub(crate) fn sniff(head: &[u8]) -> Sniffed {
    if head.starts_with(&[0x1f, 0x8b]) {
        return Sniffed::Gzip;
    }
    if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
        return Sniffed::Xz;
    }
    // `BZh` must be followed by the block size digit, so `BZh` text is not taken.
    if head.len() > 3 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
        return Sniffed::Bzip2;
    }
    if head.starts_with(&[0x5d, 0x00, 0x00]) {
        return Sniffed::Lzma;
    }
    for &(magic, format, tool) in UNSUPPORTED {
        if head.starts_with(magic) {
            return Sniffed::Unsupported(format, tool);
        }
    }
    let first_line = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let bad_start = head.first().is_some_and(|&b| !starts_utf8(b));
    if bad_start || first_line.iter().any(|&b| is_binary(b)) {
        return Sniffed::Binary;
    }
    Sniffed::Text
}

/// Whether UTF-8 text can start with `b` (ASCII or a lead byte).
fn starts_utf8(b: u8) -> bool {
    b < 0x80 || (0xc2..=0xf4).contains(&b)
}

/// A control byte that no text file holds (NUL, DEL and the C0 controls
/// other than TAB, LF, VT, FF and CR).
fn is_binary(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r')) || b == 0x7f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compression_formats_by_magic() {
        assert_eq!(sniff(&[0x1f, 0x8b, 8, 0]), Sniffed::Gzip);
        assert_eq!(sniff(b"\xfd7zXZ\x00\x00"), Sniffed::Xz);
        assert_eq!(sniff(b"BZh91AY&SY"), Sniffed::Bzip2);
        assert_eq!(sniff(b"BZh0"), Sniffed::Text);
        assert_eq!(sniff(&[0x5d, 0, 0, 0x80, 0]), Sniffed::Lzma);
        assert_eq!(
            sniff(b"7z\xbc\xaf\x27\x1c\x00\x04"),
            Sniffed::Unsupported("7z", "7z x")
        );
        assert_eq!(
            sniff(b"\x28\xb5\x2f\xfd"),
            Sniffed::Unsupported("zstd", "unzstd")
        );
    }

    #[test]
    fn text_and_binary() {
        assert_eq!(sniff(b"p cnf 1 1\r\n1 0\n"), Sniffed::Text);
        assert_eq!(sniff(b"c caf\xc3\xa9\n"), Sniffed::Text);
        assert_eq!(sniff(b"BZh is not bzip2"), Sniffed::Text);
        assert_eq!(sniff(b""), Sniffed::Text);
        assert_eq!(sniff(b"\x7fELF\x02\x01"), Sniffed::Binary);
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n"), Sniffed::Binary);
        assert_eq!(sniff(b"p cnf\x00"), Sniffed::Binary);
        assert_eq!(sniff(b"\xff\xfe"), Sniffed::Binary);
        // Junk after the first line is the parser's to report, at its position.
        assert_eq!(sniff(b"p cnf 3 1\n1 \x7f\x01 0\n"), Sniffed::Text);
    }
}
