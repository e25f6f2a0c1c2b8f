//! The rows of an expectations file that no instance of a run matched,
//! from [`Expected::unmatched`](crate::Expected::unmatched). A row under
//! the run's paths that matched nothing is likely a mistake (a renamed
//! file, a typo) and is named; a row outside them is what a run over part
//! of a set leaves over, and is only counted. The warning stays one line
//! however many rows there are.

/// How many unmatched rows a warning names; it counts the rest.
const NAMED: usize = 5;

/// The unmatched rows of an expectations file.
#[derive(Clone, Debug, PartialEq)]
pub struct Unmatched {
    under: Vec<(usize, String)>,
    num_outside: usize,
    num_rows: usize,
}

impl Unmatched {
    /// The rows under the run's paths (line number and path, in any order),
    /// how many lie outside them, and how many rows the file has.
    pub(crate) fn new(
        mut under: Vec<(usize, String)>,
        num_outside: usize,
        num_rows: usize,
    ) -> Self {
        under.sort_unstable();
        Unmatched {
            under,
            num_outside,
            num_rows,
        }
    }

    /// The rows under the run's paths that matched no instance, as line
    /// number and path, by line.
    pub fn under_paths(&self) -> &[(usize, String)] {
        &self.under
    }

    /// The number of unmatched rows outside the run's paths.
    pub fn num_outside(&self) -> usize {
        self.num_outside
    }

    /// One line for the user, if anything is worth saying: the rows under
    /// the run's paths (the first few named, with their line in the file
    /// `name`), or, when no row matched at all, that the file and the run
    /// have nothing in common. Rows outside the run's paths beside matched
    /// rows are a run over part of a set: nothing to say.
    pub fn warning(&self, name: &str) -> Option<String> {
        let num_matched = self.num_rows - self.under.len() - self.num_outside;
        if self.under.is_empty() {
            return (num_matched == 0 && self.num_rows > 0).then(|| {
                format!(
                    "no instance matched any of the {} rows of the expectations file",
                    self.num_rows
                )
            });
        }
        let n = self.under.len();
        let verb = if n == 1 { "row matches" } else { "rows match" };
        let named: Vec<String> = self.under[..n.min(NAMED)]
            .iter()
            .map(|(line, path)| format!("line {line} `{path}`"))
            .collect();
        let mut text = format!(
            "{name}: {n} {verb} no instance under the bench's paths: {}",
            named.join(", ")
        );
        if n > NAMED {
            text += &format!(" and {} more", n - NAMED);
        }
        if self.num_outside > 0 {
            text += &format!(
                " ({} other {} outside the bench's paths)",
                self.num_outside,
                if self.num_outside == 1 {
                    "row lies"
                } else {
                    "rows lie"
                }
            );
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use crate::Expected;

    /// `set/a.cnf` and `set/sub/b.cnf` under a new folder, and an
    /// expectations file `e.tsv` beside `set` holding `tsv`.
    fn setup(tsv: &str) -> (tempfile::TempDir, Vec<PathBuf>, Expected) {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");
        std::fs::create_dir_all(set.join("sub")).unwrap();
        let files = vec![set.join("a.cnf"), set.join("sub/b.cnf")];
        for file in &files {
            std::fs::write(file, "p cnf 0 0\n").unwrap();
        }
        std::fs::write(dir.path().join("e.tsv"), tsv).unwrap();
        let expected = Expected::read(&dir.path().join("e.tsv")).unwrap();
        (dir, files, expected)
    }

    #[test]
    fn rows_under_the_paths_are_named_and_the_rest_counted() {
        let mut tsv = String::from("path\texpected\nset/a.cnf\tSAT\n");
        for i in 1..=7 {
            tsv += &format!("set/sub/gone-{i}.cnf\tSAT\nelse/x-{i}.cnf\tSAT\n");
        }
        let (dir, files, expected) = setup(&tsv);
        // The folder `set/sub` holds one instance, the folder `set` both.
        let sub = expected.unmatched(&files[1..], &[dir.path().join("set/sub")]);
        assert_eq!(sub.under_paths().len(), 7);
        assert_eq!(sub.under_paths()[0], (3, "set/sub/gone-1.cnf".to_owned()));
        assert_eq!(sub.num_outside(), 8, "set/a.cnf lies outside set/sub");
        let set = expected.unmatched(&files, &[dir.path().join("set")]);
        assert_eq!((set.under_paths().len(), set.num_outside()), (7, 7));
        let warning = set.warning("e.tsv").unwrap();
        assert!(
            warning.starts_with("e.tsv: 7 rows match no instance under the bench's paths: line 3 `set/sub/gone-1.cnf`, line 5 "),
            "{warning}"
        );
        assert!(
            warning.ends_with("line 11 `set/sub/gone-5.cnf` and 2 more (7 other rows lie outside the bench's paths)"),
            "{warning}"
        );
    }

    #[test]
    fn a_run_over_part_of_a_set_says_nothing_and_a_run_beside_it_one_line() {
        let (dir, files, expected) = setup("set/a.cnf\tSAT\nother/b.cnf\tSAT\n");
        let part = expected.unmatched(&files, &[dir.path().join("set")]);
        assert_eq!((part.under_paths().len(), part.num_outside()), (0, 1));
        assert_eq!(part.warning("e.tsv"), None);
        let elsewhere = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
        let elsewhere = std::slice::from_ref(&elsewhere);
        let none = expected.unmatched(elsewhere, elsewhere);
        assert_eq!(
            none.warning("e.tsv").unwrap(),
            "no instance matched any of the 2 rows of the expectations file"
        );
    }

    #[test]
    fn one_row_under_the_paths_is_named_in_the_singular() {
        let (dir, files, expected) = setup("set/a.cnf\tSAT\nset/typo.cnf\tSAT\n");
        let one = expected.unmatched(&files, &[dir.path().to_path_buf()]);
        assert_eq!(
            one.warning("e.tsv").unwrap(),
            "e.tsv: 1 row matches no instance under the bench's paths: line 2 `set/typo.cnf`"
        );
    }
}
