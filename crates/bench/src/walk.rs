//! Finding the instances: every `.cnf`, `.cnf.gz` and `.cnf.xz` under the
//! given paths, directories walked recursively, each directory's entries in
//! name order. A file named on the command line is taken whatever its name.
//!
//! Symbolic links are followed, but each directory is entered once and
//! each file kept once, however many paths lead to it (compared by device
//! and inode on Unix): a link loop ends the walk of that branch, and a file
//! reached by a link, a hard link or two command-line paths counts once,
//! under the first path found. Only regular files are picked up in a walk
//! (a FIFO named `x.cnf` would block the run that opens it).

use std::collections::HashSet;
use std::fs::Metadata;
use std::path::{Path, PathBuf};

use crate::BenchError;

/// Whether `name` is a DIMACS file name the walk picks up.
pub fn is_cnf_name(name: &str) -> bool {
    [".cnf", ".cnf.gz", ".cnf.xz"]
        .iter()
        .any(|ext| name.len() > ext.len() && name.ends_with(ext))
}

/// What identifies a file or directory, whatever path leads to it.
#[cfg(unix)]
type FileId = (u64, u64);
#[cfg(not(unix))]
type FileId = PathBuf;

#[cfg(unix)]
fn file_id(_path: &Path, meta: &Metadata) -> FileId {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn file_id(path: &Path, _meta: &Metadata) -> FileId {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The files found so far and every file and directory already seen.
#[derive(Default)]
struct Walk {
    files: Vec<PathBuf>,
    seen: HashSet<FileId>,
}

impl Walk {
    /// Keeps `path` unless the file it names was kept already.
    fn add_file(&mut self, path: PathBuf, meta: &Metadata) {
        if self.seen.insert(file_id(&path, meta)) {
            self.files.push(path);
        }
    }

    /// Walks `root` depth first in name order, entering each directory once.
    fn walk_dir(&mut self, root: &Path, meta: &Metadata) -> Result<(), BenchError> {
        if !self.seen.insert(file_id(root, meta)) {
            return Ok(());
        }
        let mut stack = vec![sorted_entries(root)?.into_iter()];
        while let Some(entries) = stack.last_mut() {
            let Some(path) = entries.next() else {
                stack.pop();
                continue;
            };
            // A dangling link or an entry gone meanwhile is no instance.
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                if self.seen.insert(file_id(&path, &meta)) {
                    stack.push(sorted_entries(&path)?.into_iter());
                }
            } else if meta.is_file()
                && path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(is_cnf_name)
            {
                self.add_file(path, &meta);
            }
        }
        Ok(())
    }
}

/// The instances under `paths`, in command-line order, each directory
/// sorted; a file reached twice is kept once.
pub fn find_instances(paths: &[PathBuf]) -> Result<Vec<PathBuf>, BenchError> {
    let mut walk = Walk::default();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|source| BenchError::NoSuchPath {
            path: path.clone(),
            source,
        })?;
        if meta.is_dir() {
            walk.walk_dir(path, &meta)?;
        } else {
            walk.add_file(path.clone(), &meta);
        }
    }
    if walk.files.is_empty() {
        return Err(BenchError::NoInstances);
    }
    Ok(walk.files)
}

/// The entries of `dir`, sorted by name.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, BenchError> {
    let unreadable = |source| BenchError::ReadDir {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries = std::fs::read_dir(dir)
        .map_err(unreadable)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(unreadable)?;
    entries.sort();
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_cnf_extensions_are_picked() {
        assert!(is_cnf_name("a.cnf"));
        assert!(is_cnf_name("a.dimacs.cnf"));
        assert!(is_cnf_name("a.cnf.gz"));
        assert!(is_cnf_name("a.cnf.xz"));
        assert!(!is_cnf_name(".cnf"));
        assert!(!is_cnf_name("a.cnf.bak"));
        assert!(!is_cnf_name("EXPECTED.tsv"));
        assert!(!is_cnf_name("a.gz"));
    }

    #[test]
    fn directories_are_walked_recursively_and_sorted() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("b/deep")).unwrap();
        std::fs::create_dir_all(root.join("a")).unwrap();
        for name in [
            "z.cnf",
            "b/deep/x.cnf.xz",
            "b/y.cnf.gz",
            "a/w.cnf",
            "a/notes.txt",
        ] {
            std::fs::write(root.join(name), "p cnf 0 0\n").unwrap();
        }
        let files = find_instances(&[root.to_path_buf()]).unwrap();
        let rel: Vec<_> = files
            .iter()
            .map(|f| f.strip_prefix(root).unwrap().to_str().unwrap().to_owned())
            .collect();
        assert_eq!(rel, ["a/w.cnf", "b/deep/x.cnf.xz", "b/y.cnf.gz", "z.cnf"]);
    }

    #[test]
    fn named_files_are_kept_once_and_missing_paths_are_bad_input() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("odd-name.txt");
        std::fs::write(&file, "p cnf 0 0\n").unwrap();
        assert_eq!(
            find_instances(&[file.clone(), file.clone()]).unwrap(),
            [file]
        );
        let err = find_instances(&[dir.path().join("missing")]).unwrap_err();
        assert!(matches!(err, BenchError::NoSuchPath { .. }) && err.is_bad_input());
        let empty = tempfile::tempdir().unwrap();
        let err = find_instances(&[empty.path().to_path_buf()]).unwrap_err();
        assert!(matches!(err, BenchError::NoInstances) && err.is_bad_input());
    }

    #[cfg(unix)]
    #[test]
    fn link_loops_end_a_linked_file_counts_once_and_a_fifo_is_no_instance() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::write(root.join("a/b/x.cnf"), "p cnf 0 0\n").unwrap();
        symlink(root.join("a"), root.join("a/b/up")).unwrap();
        symlink(root, root.join("a/root")).unwrap();
        symlink(root.join("loop2"), root.join("loop1")).unwrap();
        symlink(root.join("loop1"), root.join("loop2")).unwrap();
        symlink(root.join("a/b/x.cnf"), root.join("also.cnf")).unwrap();
        std::fs::hard_link(root.join("a/b/x.cnf"), root.join("hard.cnf")).unwrap();
        let fifo = std::ffi::CString::new(root.join("fifo.cnf").to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let files = find_instances(&[root.to_path_buf(), root.join("a")]).unwrap();
        assert_eq!(files, [root.join("a/b/x.cnf")]);
    }
}
