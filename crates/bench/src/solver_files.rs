//! What a finished solver leaves to read: its stdout (a file the bench
//! made) and its result file `{out}` (whatever the solver put at that path).
//!
//! Both are read with the ceiling `satoku check` puts on a solver's output
//! ([`satoku_dimacs::max_solver_output`]): a solver that writes without end
//! (`yes`) gets an error
//! row naming the ceiling instead of filling memory and disk. Both must be
//! regular files (a solver may replace the stdout file too): a FIFO would
//! wait for a writer forever and a device (a link to `/dev/zero`) may never
//! end, so either is the solver's error. A file is opened without blocking
//! and checked once open, so nothing swapped in after a check can make the
//! bench wait.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Whether the regular file at `path` is longer than `max` bytes (`false`
/// when there is none): a running solver past the ceiling is stopped.
pub fn longer_than(path: &Path, max: u64) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > max)
}

/// The solver's stdout, saved at `path`: empty if it cannot be read as
/// UTF-8 text; an error if it is no longer a regular file (the solver may
/// have replaced it) or is longer than `max` bytes.
pub fn read_stdout(path: &Path, max: u64) -> Result<String, String> {
    let bytes = read_regular(path, max, "stdout")?;
    Ok(bytes
        .and_then(|b| String::from_utf8(b).ok())
        .unwrap_or_default())
}

/// The solver's result file at `path`: `None` if there is none or it cannot
/// be read as UTF-8 text; an error if it is not a regular file or is longer
/// than `max` bytes.
pub fn read_result(path: &Path, max: u64) -> Result<Option<String>, String> {
    let bytes = read_regular(path, max, "result file")?;
    Ok(bytes.and_then(|b| String::from_utf8(b).ok()))
}

/// The bytes of the solver's `what` at `path`: `None` if it cannot be
/// opened; an error if it is not a regular file or is longer than `max`.
fn read_regular(path: &Path, max: u64, what: &str) -> Result<Option<Vec<u8>>, String> {
    let Ok(file) = open_without_blocking(path) else {
        return Ok(None);
    };
    let Ok(meta) = file.metadata() else {
        return Ok(None);
    };
    if !meta.is_file() {
        return Err(format!(
            "the solver's {what} {} is {}, not a regular file",
            path.display(),
            kind_of(&meta)
        ));
    }
    read_at_most(file, max, what).map(Some)
}

/// Reads `file` whole if it holds at most `max` bytes; else an error naming
/// `what` and the ceiling.
fn read_at_most(file: File, max: u64, what: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    (file.take(max.saturating_add(1)))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the solver's {what}: {e}"))?;
    if bytes.len() as u64 > max {
        return Err(format!("the solver's {what} is longer than {max} bytes"));
    }
    Ok(bytes)
}

/// Opens `path` for reading; on Unix without waiting for a FIFO's writer.
fn open_without_blocking(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// What a file that is not a regular file is, in words.
fn kind_of(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "something else"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_over_the_ceiling_are_errors_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        std::fs::write(&path, "s UNSATISFIABLE\n").unwrap();
        assert_eq!(read_stdout(&path, 16).unwrap(), "s UNSATISFIABLE\n");
        assert_eq!(
            read_result(&path, 16).unwrap().unwrap(),
            "s UNSATISFIABLE\n"
        );
        assert!(!longer_than(&path, 16) && longer_than(&path, 15));
        let err = read_stdout(&path, 15).unwrap_err();
        assert_eq!(err, "the solver's stdout is longer than 15 bytes");
        let err = read_result(&path, 15).unwrap_err();
        assert_eq!(err, "the solver's result file is longer than 15 bytes");
        std::fs::write(&path, b"\xff\n").unwrap();
        assert_eq!(read_stdout(&path, 16).unwrap(), "");
        assert_eq!(read_result(&path, 16).unwrap(), None);
        assert_eq!(read_result(&dir.path().join("none"), 16).unwrap(), None);
        assert_eq!(read_stdout(&dir.path().join("none"), 16).unwrap(), "");
        let err = read_stdout(dir.path(), 16).unwrap_err();
        assert!(err.ends_with("is a directory, not a regular file"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_result_file_that_is_not_a_regular_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        let zero = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        for (path, kind) in [
            (&fifo, "a FIFO"),
            (&zero, "a device"),
            (&dir.path().to_path_buf(), "a directory"),
        ] {
            let err = read_result(path, 100).unwrap_err();
            let want = format!(
                "the solver's result file {} is {kind}, not a regular file",
                path.display()
            );
            assert_eq!(err, want);
            assert!(!longer_than(path, 0));
        }
    }
}
