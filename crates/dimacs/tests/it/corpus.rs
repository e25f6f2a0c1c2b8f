//! Walks the project's own instances in `cnf/`: every file of `cnf/sat` and
//! `cnf/unsat` parses (strictly), every file of `cnf/malformed` fails with
//! the message recorded in `cnf/malformed/EXPECTED.tsv`. Dropping a file into
//! a folder adds it to these tests. Each file parses the same a slice at a
//! time ([`SlicedParser`]) as in one go.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use satoku_dimacs::{parse_path, Limits, ParseOptions, Parsed, SlicedParser, Step};

fn cnf_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cnf")
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn is_cnf(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    name.ends_with(".cnf") || name.ends_with(".cnf.gz") || name.ends_with(".cnf.xz")
}

/// `file -> (strict_only, expected text after "path:")` from EXPECTED.tsv.
fn expected_errors() -> BTreeMap<String, (bool, String)> {
    let tsv = std::fs::read_to_string(cnf_dir().join("malformed/EXPECTED.tsv")).unwrap();
    tsv.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "bad EXPECTED.tsv row: {line}");
            let strict_only = match fields[1] {
                "strict" => true,
                "default" => false,
                other => panic!("bad mode {other} in EXPECTED.tsv"),
            };
            (fields[0].to_owned(), (strict_only, fields[2].to_owned()))
        })
        .collect()
}

#[test]
fn sat_and_unsat_instances_parse_strictly() {
    let strict = ParseOptions { strict: true };
    for folder in ["sat", "unsat"] {
        let files: Vec<_> = files_in(&cnf_dir().join(folder))
            .into_iter()
            .filter(|p| is_cnf(p))
            .collect();
        assert!(files.len() >= 10, "{folder}: only {} files", files.len());
        for path in files {
            let parsed = parse_path(&path, &strict).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(parsed.cnf.num_clauses(), parsed.declared_clauses);
            assert!(
                std::fs::metadata(&path).unwrap().len() < 200_000,
                "{} is too big for cnf/",
                path.display()
            );
        }
    }
}

#[test]
fn malformed_instances_fail_with_the_recorded_message() {
    let expected = expected_errors();
    let files: Vec<_> = files_in(&cnf_dir().join("malformed"))
        .into_iter()
        .filter(|p| p.file_name().unwrap() != "EXPECTED.tsv")
        .collect();
    let names: Vec<String> = files
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let listed: Vec<&String> = expected.keys().collect();
    assert_eq!(
        names.iter().collect::<Vec<_>>(),
        listed,
        "EXPECTED.tsv must list every file"
    );
    assert!(files.len() >= 20);
    for (path, name) in files.iter().zip(&names) {
        let (strict_only, message) = &expected[name];
        if *strict_only {
            let lenient = parse_path(path, &ParseOptions::default());
            let parsed = lenient.unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(parsed.warnings.len(), 1, "{name}");
        }
        let err = parse_path(path, &ParseOptions { strict: true }).expect_err(name);
        assert_eq!(err.to_string(), format!("{}:{message}", path.display()));
    }
}

/// `path` parsed by a [`SlicedParser`] in steps of `bytes` bytes of text.
fn parse_sliced(path: &Path, opts: &ParseOptions, bytes: u64) -> Result<Parsed, String> {
    let file = std::fs::File::open(path).unwrap();
    let name = path.display().to_string();
    let mut parser =
        SlicedParser::new(file, &name, opts, &Limits::default()).map_err(|e| e.to_string())?;
    loop {
        match parser.step(bytes).map_err(|e| e.to_string())? {
            Step::More(more) => parser = more,
            Step::Done(parsed) => return Ok(parsed),
        }
    }
}

#[test]
fn every_instance_parses_the_same_in_slices() {
    let mut count = 0;
    for folder in ["sat", "unsat", "malformed"] {
        for path in files_in(&cnf_dir().join(folder)) {
            let listed = if folder == "malformed" {
                !path.ends_with("EXPECTED.tsv")
            } else {
                is_cnf(&path)
            };
            if !listed {
                continue;
            }
            for strict in [false, true] {
                let opts = ParseOptions { strict };
                let whole = parse_path(&path, &opts).map_err(|e| e.to_string());
                for bytes in [1, 13, 4096] {
                    let sliced = parse_sliced(&path, &opts, bytes);
                    assert_eq!(sliced, whole, "{} in steps of {bytes}", path.display());
                }
            }
            count += 1;
        }
    }
    assert!(count >= 40, "only {count} files");
}
