//! Finding the instances: every `.cnf`, `.cnf.gz` and `.cnf.xz` under the
//! given paths, directories walked recursively, each directory's entries in
//! name order. A file named on the command line is taken whatever its name.

use std::path::{Path, PathBuf};

use crate::BenchError;

/// Whether `name` is a DIMACS file name the walk picks up.
pub fn is_cnf_name(name: &str) -> bool {
    [".cnf", ".cnf.gz", ".cnf.xz"]
        .iter()
        .any(|ext| name.len() > ext.len() && name.ends_with(ext))
}

/// The instances under `paths`, in command-line order, each directory
/// sorted; a file reached twice is kept once.
pub fn find_instances(paths: &[PathBuf]) -> Result<Vec<PathBuf>, BenchError> {
    let mut files = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|source| BenchError::NoSuchPath {
            path: path.clone(),
            source,
        })?;
        if meta.is_dir() {
            walk_dir(path, &mut files)?;
        } else {
            files.push(path.clone());
        }
    }
    let mut seen = std::collections::HashSet::new();
    files.retain(|f| seen.insert(f.clone()));
    if files.is_empty() {
        return Err(BenchError::NoInstances);
    }
    Ok(files)
}

fn walk_dir(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), BenchError> {
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
    for path in entries {
        if path.is_dir() {
            walk_dir(&path, files)?;
        } else if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(is_cnf_name)
        {
            files.push(path);
        }
    }
    Ok(())
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
}
