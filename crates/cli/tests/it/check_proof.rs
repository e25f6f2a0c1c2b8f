//! Runs `satoku check-proof` on a pigeonhole formula from `cnf/unsat` with
//! DRAT proofs from the library solver: valid ones (text, binary) exit 0,
//! broken ones exit 1 with the reason, malformed ones exit 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use satoku_dimacs::ParseOptions;
use satoku_formula::Cnf;
use satoku_solver::{ProofBuffer, ProofFormat, SolveResult, Solver, SolverConfig};

/// `cnf/unsat/php-6-5.cnf`, or the same formula generated into `dir` when
/// the corpus is absent.
fn formula(dir: &Path) -> (PathBuf, Cnf) {
    let corpus = crate::support::repo_path("cnf/unsat/php-6-5.cnf");
    let path = if corpus.exists() {
        corpus
    } else {
        let path = dir.join("php-6-5.cnf");
        let mut out = Vec::new();
        satoku_dimacs::write_cnf(&satoku_gen::pigeonhole(5), &mut out).unwrap();
        std::fs::write(&path, out).unwrap();
        path
    };
    let cnf = satoku_dimacs::parse_path(&path, &ParseOptions::default())
        .unwrap()
        .cnf;
    (path, cnf)
}

fn proof(cnf: &Cnf, format: ProofFormat) -> Vec<u8> {
    let out = ProofBuffer::default();
    let mut solver = Solver::new(SolverConfig::default())
        .with_proof(Box::new(out.clone()), format)
        .unwrap();
    solver.add_cnf(cnf);
    assert_eq!(solver.solve(), SolveResult::Unsat);
    solver.finish_proof().unwrap();
    out.bytes()
}

fn check_proof(cnf_path: &Path, proof: &[u8], dir: &Path, extra: &[&str]) -> Output {
    let proof_path = dir.join("proof.drat");
    std::fs::write(&proof_path, proof).unwrap();
    Command::new(crate::support::SATOKU)
        .arg("check-proof")
        .arg(cnf_path)
        .arg(&proof_path)
        .args(extra)
        .output()
        .expect("runs satoku")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn valid_proofs_are_verified() {
    let dir = tempfile::tempdir().unwrap();
    let (path, cnf) = formula(dir.path());
    for format in [ProofFormat::Text, ProofFormat::Binary] {
        let out = check_proof(&path, &proof(&cnf, format), dir.path(), &[]);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format:?}: {stdout}{}",
            text(&out.stderr)
        );
        assert!(stdout.ends_with("s VERIFIED\n"), "{stdout}");
        assert!(stdout.contains(" lemmas, "), "{stdout}");
    }
}

#[test]
fn broken_proofs_are_not_verified() {
    let dir = tempfile::tempdir().unwrap();
    let (path, cnf) = formula(dir.path());
    let good = text(&proof(&cnf, ProofFormat::Text));
    let lemma_lines: Vec<usize> = good
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('d'))
        .map(|(i, _)| i)
        .collect();
    let half = lemma_lines[lemma_lines.len() / 2];

    // A lemma in the middle replaced by the empty clause.
    let mut lines: Vec<&str> = good.lines().collect();
    lines[half] = "0";
    let out = check_proof(&path, lines.join("\n").as_bytes(), dir.path(), &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.ends_with("s NOT VERIFIED\n"), "{stdout}");
    let reason = format!("at line {} is neither RUP nor RAT: 0", half + 1);
    assert!(stdout.contains(&reason), "{stdout}");

    // The proof cut short.
    let cut = good.lines().take(half).collect::<Vec<_>>().join("\n");
    let out = check_proof(&path, cut.as_bytes(), dir.path(), &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("does not derive the empty clause"),
        "{stdout}"
    );
}

#[test]
fn malformed_proofs_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = formula(dir.path());
    let out = check_proof(&path, b"c a comment\n1 x 0\n", dir.path(), &[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("satoku: error: "), "{stderr}");
    assert!(stderr.contains("line 2: unexpected `x`"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    // A deletion of a missing clause: a warning, or under --strict an error.
    let out = check_proof(&path, b"d 1 2 3 4 0\n", dir.path(), &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("ignored 1 deletions"));
    let out = check_proof(&path, b"d 1 2 3 4 0\n", dir.path(), &["--strict"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));

    let missing = Command::new(crate::support::SATOKU)
        .arg("check-proof")
        .arg(&path)
        .arg(dir.path().join("no-such-proof"))
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn a_malformed_proof_is_quoted_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = formula(dir.path());
    let range = "out of range (variables are 1 to 2^31 - 1)";
    let cases: [(&[u8], String); 5] = [
        (
            b"c first\n3 12x 0\n",
            "line 2: unexpected `12x` in a text DRAT proof".into(),
        ),
        (
            b"delete 1 0\n",
            "line 1: unexpected `delete` in a text DRAT proof".into(),
        ),
        (
            b"1 -4294967296 0\n",
            format!("line 1: literal -4294967296 {range}"),
        ),
        (
            b"c\n99999999999 0\n",
            format!("line 2: literal 99999999999 {range}"),
        ),
        (
            b"a\x04\x01\x00",
            format!("byte 2: literal 0x01 (code 1: variable 0) {range}"),
        ),
    ];
    for (proof, message) in cases {
        let out = check_proof(&path, proof, dir.path(), &[]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        let shown = dir.path().join("proof.drat");
        assert_eq!(
            stderr,
            format!("satoku: error: {}: {message}\n", shown.display())
        );
    }
}

#[test]
fn the_proof_of_a_formula_its_units_refute_is_still_read() {
    // `1` and `-1` refute the formula at once; the proof must still be a
    // readable, well-formed proof.
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("d6.cnf");
    std::fs::write(&cnf, "p cnf 1 2\n1 0\n-1 0\n").unwrap();
    let run = |proof: &Path| {
        Command::new(crate::support::SATOKU)
            .arg("check-proof")
            .arg(&cnf)
            .arg(proof)
            .output()
            .unwrap()
    };
    let mut bad = vec![dir.path().to_path_buf()];
    if cfg!(unix) {
        bad.push("/dev/zero".into());
    }
    for proof in bad {
        let out = run(&proof);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{proof:?}: {stderr}");
        assert!(!text(&out.stdout).contains("s VERIFIED"), "{proof:?}");
    }
    let empty = dir.path().join("empty.drat");
    std::fs::write(&empty, "").unwrap();
    let out = run(&empty);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("s VERIFIED"));
}

#[test]
fn a_proof_of_one_lemma_is_told_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two-vars.cnf");
    std::fs::write(&path, "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n").unwrap();
    let out = check_proof(&path, b"1 0\n", dir.path(), &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("c 1 lemma, 0 deletions ("), "{stdout}");
}
