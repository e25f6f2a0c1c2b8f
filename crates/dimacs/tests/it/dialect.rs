//! The peers' parser tests, as a table: each file of `tests/dialect/` has
//! the shape of one case of Kissat's `test/parse` or `test/file`, or of
//! CaDiCaL's `test/usage` (our own files, not copies), and
//! `tests/dialect/EXPECTED.tsv` records what satoku does with it by default
//! and under `--strict`, next to what Kissat's normal mode does. Every
//! difference from Kissat is a documented choice in `docs/dimacs.md`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use satoku_dimacs::{parse_path, Error, ParseOptions, Parsed};

fn dialect_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dialect")
}

/// One row of the table.
struct Case {
    default: String,
    strict: String,
    kissat: String,
}

fn table() -> BTreeMap<String, Case> {
    let tsv = std::fs::read_to_string(dialect_dir().join("EXPECTED.tsv")).unwrap();
    tsv.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "bad EXPECTED.tsv row: {line}");
            let case = Case {
                default: fields[1].to_owned(),
                strict: fields[2].to_owned(),
                kissat: fields[3].to_owned(),
            };
            (fields[0].to_owned(), case)
        })
        .collect()
}

/// The outcome of a parse in the table's words: `ok N`, `warn N` or
/// `error TEXT`.
fn outcome(result: Result<Parsed, Error>, path: &Path) -> String {
    match result {
        Ok(p) if p.warnings.is_empty() => format!("ok {}", p.cnf.num_clauses()),
        Ok(p) => format!("warn {}", p.cnf.num_clauses()),
        Err(e) => {
            let text = e.to_string();
            let prefix = format!("{}:", path.display());
            let rest = text.strip_prefix(&prefix).unwrap_or(&text);
            format!("error {rest}")
        }
    }
}

#[test]
fn every_peer_case_gives_the_recorded_outcome_in_both_modes() {
    let table = table();
    let mut files: Vec<String> = std::fs::read_dir(dialect_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "EXPECTED.tsv")
        .collect();
    files.sort();
    let listed: Vec<&String> = table.keys().collect();
    assert_eq!(
        files.iter().collect::<Vec<_>>(),
        listed,
        "EXPECTED.tsv must list every file"
    );
    assert!(files.len() >= 60);
    for (name, case) in &table {
        let path = dialect_dir().join(name);
        let lenient = parse_path(&path, &ParseOptions::default());
        assert_eq!(outcome(lenient, &path), case.default, "{name} by default");
        let strict = parse_path(&path, &ParseOptions { strict: true });
        assert_eq!(outcome(strict, &path), case.strict, "{name} under --strict");
        assert!(
            matches!(case.kissat.as_str(), "ok" | "error"),
            "{name}: Kissat column"
        );
    }
}

#[test]
fn strict_mode_never_accepts_what_the_default_refuses() {
    for (name, case) in table() {
        if case.default.starts_with("error") {
            assert_eq!(case.strict, case.default, "{name}");
        }
        if case.strict.starts_with("ok") {
            assert_eq!(case.default, case.strict, "{name}");
        }
    }
}

#[test]
fn differences_from_kissat_are_few_and_documented() {
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/dimacs.md"))
            .unwrap();
    for (name, case) in table() {
        let accepted = !case.default.starts_with("error");
        if accepted != (case.kissat == "ok") {
            let row = docs
                .lines()
                .find(|line| line.starts_with(&format!("| `{name}` |")))
                .unwrap_or_else(|| panic!("{name}: no row in docs/dimacs.md"));
            assert!(
                row.contains("**"),
                "{name}: the difference needs a stated choice: {row}"
            );
        }
    }
}
