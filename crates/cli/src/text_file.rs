//! Small text files read whole (a solver's output, a puzzle file, a saved
//! game), with a ceiling on their size: an endless stream (`/dev/zero`,
//! `yes`) or a huge file stops at the ceiling with bad input instead of
//! filling memory. Streams with no such ceiling are read line by line
//! elsewhere (`sudoku::stream`, the DIMACS parser).

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::exit::BadInput;

/// The largest puzzle file or saved game read whole (`sudoku encode`,
/// `decode --puzzle`, `explain`, `play`): some 800,000 one-line 9x9
/// puzzles. `sudoku solve`, `check` and `rate` stream files of any size.
pub const MAX_PUZZLE_FILE: u64 = 64 << 20;

/// The largest solver output read beyond what its model needs: room for
/// status, comment and statistics lines (see [`max_solver_output`]).
pub const SOLVER_OUTPUT_SLACK: u64 = 64 << 20;

/// The largest solver output worth reading for a formula of `num_vars`
/// variables: a model names each at most once, in at most 12 bytes
/// (`-2147483647 `), with `v ` line starts on top; plus the slack.
pub fn max_solver_output(num_vars: usize) -> u64 {
    SOLVER_OUTPUT_SLACK.saturating_add(16u64.saturating_mul(num_vars as u64))
}

/// Reads the file at `path` (`-` is stdin) as UTF-8 text of at most `max`
/// bytes. A path that cannot be opened or read, a longer input, or bytes
/// that are not UTF-8 (named by line and column) are bad input.
pub fn read_text(path: &Path, max: u64) -> anyhow::Result<String> {
    let name = path.display();
    let input: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(open_file(path)?)
    };
    let mut bytes = Vec::new();
    input
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| BadInput(format!("{name}: {e}")))?;
    if bytes.len() as u64 > max {
        let message = format!("{name}: longer than {max} bytes, the most read of such a file");
        return Err(BadInput(message).into());
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(path, e).into())
}

/// Refuses two inputs of one command both named `-`: the first would read
/// stdin to its end and the second an empty stream, and the command would
/// answer about an empty file (`check-proof - -`: `s NOT VERIFIED`).
/// `inputs` are (how the usage names it, path) pairs.
pub fn stdin_once(inputs: &[(&str, &Path)]) -> Result<(), BadInput> {
    let dashes: Vec<&str> = inputs
        .iter()
        .filter(|(_, path)| path.as_os_str() == "-")
        .map(|(name, _)| *name)
        .collect();
    match dashes.as_slice() {
        [first, second, ..] => Err(BadInput(format!(
            "{first} and {second} are both `-`: stdin can be only one of them"
        ))),
        _ => Ok(()),
    }
}

/// Opens the input file `path` to be read: one that cannot be opened, or a
/// directory (which opens on Unix and fails at the first read), is bad
/// input, told as the DIMACS reader tells it (`PATH: is a directory`), in
/// every command alike.
pub fn open_file(path: &Path) -> Result<File, BadInput> {
    let bad = |e: &dyn std::fmt::Display| BadInput(format!("{}: {e}", path.display()));
    let file = File::open(path).map_err(|e| bad(&e))?;
    match file.metadata() {
        Ok(meta) if meta.is_dir() => Err(bad(&"is a directory")),
        _ => Ok(file),
    }
}

/// The error for bytes that are not UTF-8, at their line and column.
fn not_utf8(path: &Path, e: std::string::FromUtf8Error) -> BadInput {
    let bytes = e.as_bytes();
    let at = e.utf8_error().valid_up_to();
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    BadInput(format!(
        "{}:{line}:{}: byte 0x{:02X} is not UTF-8 text",
        path.display(),
        at - line_start + 1,
        bytes[at]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_ceiling_is_bad_input() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.txt");
        std::fs::write(&path, "12345\n").unwrap();
        assert_eq!(read_text(&path, 6).unwrap(), "12345\n");
        let err = read_text(&path, 5).unwrap_err();
        assert!(err.is::<BadInput>(), "{err}");
        assert!(err.to_string().contains("longer than 5 bytes"), "{err}");
    }

    #[test]
    fn stdin_feeds_one_input_only() {
        let (dash, file) = (Path::new("-"), Path::new("f.cnf"));
        assert!(stdin_once(&[("FILE", dash), ("MODEL", file)]).is_ok());
        assert!(stdin_once(&[("FILE", file), ("MODEL", file)]).is_ok());
        let err = stdin_once(&[("FILE", dash), ("MODEL", dash)]).unwrap_err();
        assert_eq!(
            err.0,
            "FILE and MODEL are both `-`: stdin can be only one of them"
        );
    }

    #[test]
    fn a_directory_is_bad_input_named_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_text(dir.path(), 100).unwrap_err();
        assert!(err.is::<BadInput>(), "{err}");
        assert_eq!(
            err.to_string(),
            format!("{}: is a directory", dir.path().display())
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_named_by_line_and_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.txt");
        std::fs::write(&path, b"ab\ncd\xff\n").unwrap();
        let err = read_text(&path, 100).unwrap_err();
        assert!(
            err.to_string()
                .ends_with(":2:3: byte 0xFF is not UTF-8 text"),
            "{err}"
        );
    }
}
