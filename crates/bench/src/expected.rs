//! The expectations file: `relative_path<TAB>SAT|UNSAT|UNKNOWN`, one row a
//! line, an optional header line, blank and `#` lines skipped, one leading
//! byte-order mark skipped. The header
//! is a first line that names no CNF file: a first row with a wrong answer
//! is an error as any other row is, never taken for the header.
//!
//! Paths are relative to the TSV's folder; an instance matches the longest
//! key that is a suffix of its path, compared component by component, so
//! `../shared/cnf/satlib/uf20-91/uf20-01.cnf` finds `satlib/uf20-91/uf20-01.cnf`
//! wherever the bench was started. The rows no instance matched are told
//! apart by [`Expected::unmatched`].

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::path::{Component, Path, PathBuf};

use satoku_dimacs::Status;

use crate::{BenchError, Unmatched};

/// Expected answers keyed by `/`-separated relative path.
#[derive(Debug, Default)]
pub struct Expected {
    by_path: HashMap<String, Row>,
    folder: PathBuf,
}

/// One row: the answer and the line it was read from.
#[derive(Clone, Copy, Debug)]
struct Row {
    answer: Status,
    line: usize,
}

impl Expected {
    /// Parses the TSV text; `name` is used in error messages.
    pub fn parse(text: &str, name: &str) -> Result<Expected, BenchError> {
        let mut by_path = HashMap::new();
        for (i, line) in crate::without_bom(text).lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |msg: String| BenchError::bad_line(name, i + 1, msg);
            let mut cols = line.split('\t');
            let (Some(path), Some(answer)) = (cols.next(), cols.next()) else {
                return Err(fail("expected `path<TAB>SAT|UNSAT|UNKNOWN`".into()));
            };
            let Some(answer) = Status::from_name(answer.trim()) else {
                if i == 0 && !crate::walk::is_cnf_name(path.trim()) {
                    continue; // the header line (`relative_path<TAB>expected`)
                }
                return Err(fail(format!("`{answer}` is not SAT, UNSAT or UNKNOWN")));
            };
            let key = normalize(Path::new(path.trim()));
            if key.is_empty() {
                return Err(fail("empty path".into()));
            }
            match by_path.entry(key) {
                Entry::Vacant(slot) => {
                    slot.insert(Row {
                        answer,
                        line: i + 1,
                    });
                }
                Entry::Occupied(row) if row.get().answer != answer => {
                    return Err(fail(format!(
                        "`{path}` is listed twice with different answers"
                    )));
                }
                Entry::Occupied(_) => {}
            }
        }
        Ok(Expected {
            by_path,
            folder: PathBuf::from("."),
        })
    }

    /// Reads and parses the TSV at `path`; its rows are relative to its
    /// folder (to the working folder for `-`, stdin).
    pub fn read(path: &Path) -> Result<Expected, BenchError> {
        let text = satoku_io::read_text(path, crate::MAX_TEXT_FILE)?;
        let mut expected = Expected::parse(&text, &path.display().to_string())?;
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            expected.folder = folder.to_path_buf();
        }
        Ok(expected)
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.by_path.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.by_path.is_empty()
    }

    /// The expected answer of the instance at `path`: the longest matching suffix.
    pub fn lookup(&self, path: &Path) -> Option<Status> {
        self.matching_key(path).map(|key| self.by_path[key].answer)
    }

    /// The key of the row the instance at `path` matches.
    fn matching_key(&self, path: &Path) -> Option<&str> {
        let parts = components(path);
        (0..parts.len()).find_map(|start| {
            let (key, _) = self.by_path.get_key_value(&parts[start..].join("/"))?;
            Some(key.as_str())
        })
    }

    /// The rows that none of `files` matches, split by where they lie: under
    /// one of the run's `paths` (a renamed file, a typo: named in a
    /// warning) or outside them (a run over part of a set: only counted).
    /// A row lies where its path, taken from the TSV's folder, points.
    pub fn unmatched(&self, files: &[PathBuf], paths: &[PathBuf]) -> Unmatched {
        let matched: HashSet<&str> = files.iter().filter_map(|f| self.matching_key(f)).collect();
        let folder = absolute(&self.folder);
        let roots: Vec<PathBuf> = paths.iter().map(|p| absolute(p)).collect();
        let mut under = Vec::new();
        let mut outside = 0;
        for (key, row) in &self.by_path {
            if matched.contains(key.as_str()) {
                continue;
            }
            let at = folder.join(key);
            if roots.iter().any(|root| at.starts_with(root)) {
                under.push((row.line, key.clone()));
            } else {
                outside += 1;
            }
        }
        Unmatched::new(under, outside, self.len())
    }
}

/// `path` with symbolic links resolved when it exists, else made absolute.
fn absolute(path: &Path) -> PathBuf {
    path.canonicalize()
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

/// The normal components of `path` (`.` and `..` dropped).
fn components(path: &Path) -> Vec<String> {
    path.components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect()
}

fn normalize(path: &Path) -> String {
    components(path).join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TSV: &str = "relative_path\texpected\n\
        satlib/uf20-91/uf20-01.cnf\tSAT\n\
        satlib/uuf50-218/uuf50-01.cnf\tUNSAT\r\n\
        \n\
        # a comment\n\
        hust/x.cnf\tUNKNOWN\n\
        industrial/bmc-ibm-6.cnf.xz\tSAT\n\
        x.cnf\tUNSAT\n";

    #[test]
    fn rows_are_found_by_suffix() {
        let exp = Expected::parse(TSV, "e.tsv").unwrap();
        assert_eq!(exp.len(), 5);
        let at = |p: &str| exp.lookup(Path::new(p));
        assert_eq!(
            at("../shared/cnf/satlib/uf20-91/uf20-01.cnf"),
            Some(Status::Sat)
        );
        assert_eq!(
            at("/abs/satlib/uuf50-218/uuf50-01.cnf"),
            Some(Status::Unsat)
        );
        assert_eq!(at("./industrial/bmc-ibm-6.cnf.xz"), Some(Status::Sat));
        assert_eq!(at("cnf/hust/x.cnf"), Some(Status::Unknown));
        // The longest key wins over the bare file name.
        assert_eq!(at("a/x.cnf"), Some(Status::Unsat));
        assert_eq!(at("uf20-01.cnf"), None);
        assert_eq!(at("other/uf20-91/uf20-01.cnf"), None);
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped() {
        let exp = Expected::parse("\u{FEFF}a.cnf\tSAT\n", "e.tsv").unwrap();
        assert_eq!(exp.lookup(Path::new("a.cnf")), Some(Status::Sat));
        let headed = Expected::parse("\u{FEFF}path\texpected\na.cnf\tSAT\n", "e.tsv").unwrap();
        assert_eq!(headed.len(), 1);
        // Only one: a second mark is part of the path.
        let twice = Expected::parse("\u{FEFF}\u{FEFF}a.cnf\tSAT\n", "e.tsv").unwrap();
        assert_eq!(twice.lookup(Path::new("a.cnf")), None);
    }

    #[test]
    fn bad_rows_are_bad_input_with_a_line() {
        let err = Expected::parse("a.cnf\tSAT\nb.cnf\tMAYBE\n", "e.tsv").unwrap_err();
        assert!(err.is_bad_input());
        assert_eq!(
            err.to_string(),
            "e.tsv:2: `MAYBE` is not SAT, UNSAT or UNKNOWN"
        );
        let err = Expected::parse("a.cnf\tSAT\nb.cnf\n", "e.tsv").unwrap_err();
        assert!(err.to_string().starts_with("e.tsv:2: expected"), "{err}");
        let err = Expected::parse("a.cnf\tSAT\n./a.cnf\tUNSAT\n", "e.tsv").unwrap_err();
        assert!(err.to_string().contains("twice"), "{err}");
        // A first row is a row: its wrong answer is no header to skip.
        let err = Expected::parse("a.cnf\tMAYBE\nb.cnf\tSAT\n", "e.tsv").unwrap_err();
        assert_eq!(
            err.to_string(),
            "e.tsv:1: `MAYBE` is not SAT, UNSAT or UNKNOWN"
        );
        let headed = Expected::parse("file\tanswer\nb.cnf.xz\tSAT\n", "e.tsv").unwrap();
        assert_eq!(headed.len(), 1);
        let err = Expected::read(Path::new("/nonexistent/e.tsv")).unwrap_err();
        assert!(matches!(err, BenchError::Read(_)), "{err}");
    }

    /// The shared benchmark set's expectations (`$SATOKU_SHARED`, else
    /// `../shared` beside the workspace) parse; where they are absent, the
    /// same reading runs on expectations written for the repository's own
    /// `cnf/sat` and `cnf/unsat`, and says so on stderr.
    #[test]
    fn the_shared_expectations_parse() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let shared = std::env::var_os("SATOKU_SHARED")
            .map_or_else(|| root.join("../shared"), std::path::PathBuf::from);
        let path = shared.join("cnf/expected.tsv");
        if path.is_file() {
            assert!(Expected::read(&path).unwrap().len() > 4000);
            return;
        }
        // Straight to stderr: the harness would swallow `eprintln!`.
        let note = format!(
            "note: {} is absent: reading expectations of the repository's cnf/ instead\n",
            path.display()
        );
        std::io::Write::write_all(&mut std::io::stderr(), note.as_bytes()).unwrap();
        let mut text = String::from("path\texpected\n");
        let mut files = Vec::new();
        for (folder, status) in [("sat", Status::Sat), ("unsat", Status::Unsat)] {
            for entry in std::fs::read_dir(root.join("cnf").join(folder)).unwrap() {
                let name = entry.unwrap().file_name().into_string().unwrap();
                text += &format!("{folder}/{name}\t{}\n", status.name());
                files.push((root.join("cnf").join(folder).join(name), status));
            }
        }
        let exp = Expected::parse(&text, "cnf/expected.tsv").unwrap();
        assert!(exp.len() >= 20, "{} rows", exp.len());
        for (file, status) in files {
            assert_eq!(exp.lookup(&file), Some(status), "{}", file.display());
        }
    }
}
