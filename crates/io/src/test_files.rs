//! Files for the unit tests: each in a temporary folder of its own.

use std::path::PathBuf;

use tempfile::TempDir;

/// A new temporary folder holding the file `name` with `bytes`, and the
/// file's path. The folder goes when the `TempDir` is dropped.
pub(crate) fn file_with(name: &str, bytes: impl AsRef<[u8]>) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("a file in the temporary folder");
    (dir, path)
}
