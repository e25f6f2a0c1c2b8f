//! The bench's own text files (expectations TSV, bench CSV) read whole,
//! with a ceiling on their size: an endless stream (`/dev/zero`) or a huge
//! file is an error at the ceiling, not a process that fills memory.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::BenchError;

/// The largest expectations TSV or bench CSV read: some million rows.
pub const MAX_TEXT_FILE: u64 = 256 << 20;

/// Reads the UTF-8 text file at `path` (`-` is stdin), of at most
/// [`MAX_TEXT_FILE`] bytes.
pub(crate) fn read_text(path: &Path) -> Result<String, BenchError> {
    read_text_up_to(path, MAX_TEXT_FILE)
}

fn read_text_up_to(path: &Path, max: u64) -> Result<String, BenchError> {
    let fail = |source| BenchError::ReadFile {
        path: path.to_path_buf(),
        source,
    };
    let input: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let file = File::open(path).map_err(fail)?;
        if file.metadata().is_ok_and(|meta| meta.is_dir()) {
            // It opens on Unix and fails at the first read with the system's
            // words; told as every other input of satoku tells it.
            let source = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
            return Err(fail(source));
        }
        Box::new(file)
    };
    let mut text = String::new();
    input
        .take(max + 1)
        .read_to_string(&mut text)
        .map_err(fail)?;
    if text.len() as u64 > max {
        return Err(BenchError::TooLarge {
            path: path.to_path_buf(),
            max,
        });
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_past_the_ceiling_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.tsv");
        std::fs::write(&path, "a\tb\n").unwrap();
        assert_eq!(read_text_up_to(&path, 4).unwrap(), "a\tb\n");
        let err = read_text_up_to(&path, 3).unwrap_err();
        assert!(err.to_string().ends_with("longer than 3 bytes"), "{err}");
        assert!(err.is_bad_input());
    }

    #[test]
    fn a_directory_is_bad_input_named_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_text(dir.path()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{}: is a directory", dir.path().display())
        );
        assert!(err.is_bad_input());
    }
}
