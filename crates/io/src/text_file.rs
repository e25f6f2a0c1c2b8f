//! Small text files read whole (a solver's output, a puzzle file, a saved
//! game, an expectations TSV, a bench CSV), with a ceiling on their size:
//! an endless stream (`/dev/zero`, `yes`) or a huge file stops at the
//! ceiling with an error instead of filling memory. Streams with no such
//! ceiling are read line by line elsewhere (the DIMACS parser).

use std::io::Read;
use std::path::Path;

use crate::{open_input, Error};

/// Reads the file at `path` (`-` is stdin) as UTF-8 text of at most `max`
/// bytes. A path that cannot be opened or read, a longer input, or bytes
/// that are not UTF-8 (named by line and column) are errors.
pub fn read_text(path: &Path, max: u64) -> Result<String, Error> {
    let mut bytes = Vec::new();
    open_input(path)?
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|cause| Error::Open {
            path: path.to_path_buf(),
            cause,
        })?;
    if bytes.len() as u64 > max {
        return Err(Error::TooLong {
            path: path.to_path_buf(),
            max,
        });
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(path, e))
}

/// The error for bytes that are not UTF-8, at their line and column.
fn not_utf8(path: &Path, e: std::string::FromUtf8Error) -> Error {
    let bytes = e.as_bytes();
    let at = e.utf8_error().valid_up_to();
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Error::NotUtf8 {
        path: path.to_path_buf(),
        line: 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count(),
        column: at - line_start + 1,
        byte: bytes[at],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_files::file_with;

    #[test]
    fn a_file_over_the_ceiling_is_an_error() {
        let (_dir, path) = file_with("f.txt", "12345\n");
        assert_eq!(read_text(&path, 6).unwrap(), "12345\n");
        let err = read_text(&path, 5).unwrap_err();
        assert!(matches!(err, Error::TooLong { max: 5, .. }), "{err}");
        assert!(err.to_string().contains("longer than 5 bytes"), "{err}");
    }

    #[test]
    fn a_directory_is_named_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_text(dir.path(), 100).unwrap_err();
        assert!(err.is_bad_input());
        assert_eq!(
            err.to_string(),
            format!("{}: is a directory", dir.path().display())
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_named_by_line_and_column() {
        let (_dir, path) = file_with("f.txt", b"ab\ncd\xff\n");
        let err = read_text(&path, 100).unwrap_err();
        assert!(
            err.to_string()
                .ends_with(":2:3: byte 0xFF is not UTF-8 text"),
            "{err}"
        );
    }
}
