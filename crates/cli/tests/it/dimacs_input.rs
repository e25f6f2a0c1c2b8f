//! Runs the `satoku` binary on bad input: the malformed corpus, random
//! binary junk and truncated files must give exit code 2 and a
//! `satoku: error: path:line:col: message` line, never a panic.

use std::io::Write;
use std::process::Output;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::support;
use crate::support::{cnf_dir, satoku, stderr};

/// Exit code 2, one error line, no panic.
fn assert_bad_input(out: &Output, what: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert!(err.starts_with("satoku: error: "), "{what}: {err}");
}

#[test]
fn malformed_corpus_exits_2_with_the_documented_message() {
    let dir = cnf_dir().join("malformed");
    let tsv = std::fs::read_to_string(dir.join("EXPECTED.tsv")).unwrap();
    let mut checked = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, mode, message) = (fields[0], fields[1], fields[2]);
        let path = dir.join(name);
        let path = path.to_str().unwrap();
        let out = if mode == "strict" {
            let lenient = satoku(&["info", path]);
            assert_eq!(
                lenient.status.code(),
                Some(0),
                "{name}: {}",
                stderr(&lenient)
            );
            assert!(stderr(&lenient).contains(": warning: "), "{name}");
            satoku(&["info", "--strict", path])
        } else {
            satoku(&["info", path])
        };
        assert_bad_input(&out, name);
        assert_eq!(stderr(&out), format!("satoku: error: {path}:{message}\n"));
        checked += 1;
    }
    assert!(checked >= 20);
}

#[test]
fn convert_rejects_malformed_input_and_leaves_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out.cnf");
    let input = cnf_dir().join("malformed/literal-too-large.cnf");
    let out = satoku(&[
        "convert",
        input.to_str().unwrap(),
        out_path.to_str().unwrap(),
    ]);
    assert_bad_input(&out, "convert");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn random_junk_exits_2_without_panicking() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for round in 0..40 {
        let len = rng.gen_range(0..300);
        // A leading byte that is no token start: otherwise junk may be valid
        // (a `%` ends the input, a `c` starts a comment).
        let mut junk: Vec<u8> = std::iter::once(0xff)
            .chain((0..len).map(|_| rng.gen()))
            .collect();
        if round % 2 == 1 {
            // Junk after a valid header reaches the clause loop.
            junk.splice(0..0, b"p cnf 5 3\n".iter().copied());
        }
        let out = support::satoku_fed(&["info", "-"], &junk);
        assert_bad_input(&out, &format!("junk round {round}"));
        assert!(stderr(&out).starts_with("satoku: error: <stdin>:"));
    }
}

#[test]
fn truncated_files_never_panic() {
    let text = std::fs::read(cnf_dir().join("sat/queens-8.cnf")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&text).unwrap();
    let gz = gz.finish().unwrap();
    let mut xz = xz2::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(&text).unwrap();
    let xz = xz.finish().unwrap();
    for data in [&text, &gz, &xz] {
        for cut in [1, 2, 5, 7, data.len() / 3, data.len() / 2, data.len() - 1] {
            let out = support::satoku_fed(&["info", "--strict", "-"], &data[..cut]);
            let err = stderr(&out);
            assert!(!err.contains("panicked"), "cut {cut}: {err}");
            assert!(
                matches!(out.status.code(), Some(0) | Some(2)),
                "cut {cut}: {err}"
            );
        }
    }
}

#[test]
fn reads_stdin_and_compressed_files() {
    let text = b"c via stdin\np cnf 3 2\n1 -2 0\n3 0\n";
    let out = support::satoku_fed(&["info", "-"], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let info = String::from_utf8_lossy(&out.stdout);
    assert!(
        info.contains("3 variables (3 used), 2 clauses, 3 literals"),
        "{info}"
    );

    // convert to .gz and .xz, read back, and compare canonical text.
    let dir = tempfile::tempdir().unwrap();
    let src = cnf_dir().join("sat/hand-layout.cnf");
    let plain = dir.path().join("a.cnf");
    satoku(&["convert", src.to_str().unwrap(), plain.to_str().unwrap()]);
    for ext in ["gz", "xz"] {
        let packed = dir.path().join(format!("a.cnf.{ext}"));
        let again = dir.path().join(format!("b-{ext}.cnf"));
        let out = satoku(&["convert", src.to_str().unwrap(), packed.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let out = satoku(&["convert", packed.to_str().unwrap(), again.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(
            std::fs::read(&plain).unwrap(),
            std::fs::read(&again).unwrap()
        );
    }
    assert_eq!(
        std::fs::read_to_string(&plain).unwrap(),
        "p cnf 4 4\n1 2 0\n-1 3 0\n-2 4 0\n-3 -4 1 0\n"
    );
}

#[test]
fn convert_shuffle_keeps_the_answer_and_is_seeded() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    for (file, code) in [("sat/ksat-v20-c60-s1.cnf", 10), ("unsat/php-5-4.cnf", 20)] {
        let src = cnf_dir().join(file);
        let src = src.to_str().unwrap();
        for (seed, out) in [("7", "a.cnf"), ("7", "b.cnf"), ("8", "c.cnf")] {
            let run = satoku(&["convert", "--shuffle", seed, src, &path(out)]);
            assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
        }
        let read = |name: &str| std::fs::read_to_string(path(name)).unwrap();
        assert_eq!(read("a.cnf"), read("b.cnf"), "{file}: same seed");
        assert_ne!(read("a.cnf"), read("c.cnf"), "{file}: other seed");
        let solved = satoku(&["solve", "--no-model", &path("c.cnf")]);
        assert_eq!(solved.status.code(), Some(code), "{file}");
    }
    // A huge variable number costs nothing: only occurring variables are renamed.
    let huge = dir.path().join("huge.cnf");
    std::fs::write(&huge, "p cnf 2000000000 2\n2000000000 -7 0\n7 0\n").unwrap();
    let run = satoku(&[
        "convert",
        "--shuffle",
        "1",
        huge.to_str().unwrap(),
        &path("h.cnf"),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let text = std::fs::read_to_string(path("h.cnf")).unwrap();
    assert!(text.starts_with("p cnf 2000000000 2\n"), "{text}");
}

#[test]
fn gen_output_says_how_to_regenerate_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.cnf");
    let out = satoku(
        &[
            "gen",
            "ksat",
            "--vars",
            "30",
            "--clauses",
            "90",
            "--seed",
            "5",
            "-o",
        ]
        .iter()
        .copied()
        .chain([path.to_str().unwrap()])
        .collect::<Vec<_>>(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).unwrap();
    let command = text
        .lines()
        .find_map(|l| l.strip_prefix("c satoku "))
        .expect("a regenerate line");
    let args: Vec<&str> = command.split_whitespace().collect();
    let again = satoku(&args);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn huge_declared_counts_are_cheap() {
    let out = support::satoku_fed(&["info", "-"], b"p cnf 2147483647 4000000000\n1 -2 0\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let info = String::from_utf8_lossy(&out.stdout);
    assert!(
        info.contains("2147483647 variables (2 used), 1 clauses"),
        "{info}"
    );
    assert!(stderr(&out).contains("header declares 4000000000 clauses but 1 was read"));
    // A count past u64::MAX is told as written, not as the saturated number.
    let out = support::satoku_fed(&["info", "-"], b"p cnf 5 99999999999999999999\n1 0\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let info = String::from_utf8_lossy(&out.stdout);
    assert!(
        info.contains("declared            5 variables, 99999999999999999999 clauses\n"),
        "{info}"
    );
}

#[test]
fn gen_rejects_impossible_sizes() {
    let out = satoku(&["gen", "ksat", "--vars", "2", "--clauses", "3", "-k", "3"]);
    assert_bad_input(&out, "k > vars");
}

#[test]
fn sparse_variable_indices_are_refused_not_allocated() {
    // One clause over variable 2,000,000,000: per-variable arrays would need
    // hundreds of gigabytes. solve, bench and check-proof refuse it at once.
    let cnf = b"p cnf 2000000000 2\n2000000000 0\n-2000000000 0\n";
    let out = support::satoku_fed(&["solve", "-"], cnf);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("renumber the variables"),
        "{}",
        stderr(&out)
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sparse.cnf");
    std::fs::write(&file, cnf).unwrap();
    let proof = dir.path().join("empty.drat");
    std::fs::write(&proof, "0\n").unwrap();
    let f = file.to_str().unwrap();
    let out = satoku(&["check-proof", f, proof.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = satoku(&["bench", f, "--timeout", "5"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("errors 1"));
}

#[test]
fn declared_but_unused_variables_cost_output_not_memory() {
    // A header may declare far more variables than the clauses use: the
    // model still covers every declared variable (the unused ones false).
    let out = support::satoku_fed(&["solve", "-"], b"p cnf 200000 1\n-3 0\n");
    assert_eq!(out.status.code(), Some(10), "{}", stderr(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let values: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(str::split_whitespace)
        .collect();
    assert_eq!(values.len(), 200_001);
    assert_eq!(
        (values[2], values[199_999], values[200_000]),
        ("-3", "-200000", "0")
    );
    let out = support::satoku_fed(&["solve", "--no-model", "-"], b"p cnf 2000000000 1\n1 0\n");
    assert_eq!(out.status.code(), Some(10), "{}", stderr(&out));
}

/// A gzip stream of `text`.
fn gzip(text: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(text).unwrap();
    gz.finish().unwrap()
}

#[test]
fn memory_limit_stops_a_decompression_bomb_with_exit_2() {
    // 12 MB of clauses in about 20 KB of gzip.
    let mut text = b"p cnf 2 2000000\n".to_vec();
    for _ in 0..2_000_000 {
        text.extend_from_slice(b"1 2 0\n");
    }
    let bomb = gzip(&text);
    assert!(bomb.len() < 100_000);
    let out = support::satoku_fed(&["info", "--max-memory", "4M", "-"], &bomb);
    assert_bad_input(&out, "memory bomb");
    let err = stderr(&out);
    assert!(
        err.contains("the formula needs more memory than the limit of 4.0 MiB; raise the limit with --max-memory SIZE"),
        "{err}"
    );
    let roomy = support::satoku_fed(&["info", "--max-memory", "1G", "-"], &bomb);
    assert_eq!(roomy.status.code(), Some(0), "{}", stderr(&roomy));
}

#[test]
fn expansion_limit_stops_a_decompression_bomb_with_exit_2() {
    // 70 MiB of comment lines: gzip members of 1 MiB each, about 1 KiB apiece.
    let mut lines = vec![b' '; 1 << 20];
    for line in lines.chunks_mut(1024) {
        line[0] = b'c';
        line[1023] = b'\n';
    }
    let member = gzip(&lines);
    let mut bomb = gzip(b"p cnf 1 0\n");
    for _ in 0..70 {
        bomb.extend_from_slice(&member);
    }
    let out = support::satoku_fed(&["info", "-"], &bomb);
    assert_bad_input(&out, "expansion bomb");
    let err = stderr(&out);
    assert!(
        err.contains("the compressed input expands more than 100 times ("),
        "{err}"
    );
    assert!(
        err.ends_with("; raise the limit with --max-expansion RATIO\n"),
        "{err}"
    );
    let unlimited = support::satoku_fed(&["info", "--max-expansion", "0", "-"], &bomb);
    assert_eq!(unlimited.status.code(), Some(0), "{}", stderr(&unlimited));
}

#[test]
fn a_model_of_too_many_unused_declared_variables_is_refused_unless_not_printed() {
    let cnf = b"p cnf 2000000000 0\n";
    let out = support::satoku_fed(&["solve", "-"], cnf);
    assert_bad_input(&out, "huge model");
    assert_eq!(
        stderr(&out).lines().last().unwrap(),
        "satoku: error: <stdin>: the header declares 2000000000 variables, 2000000000 more than \
         the clauses use; a model would list each of them, and at most 67108864 unused ones are \
         printed: pass --no-model (and no --res), or declare fewer variables"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("\nv "));
    let quiet = support::satoku_fed(&["solve", "--no-model", "-"], cnf);
    assert_eq!(quiet.status.code(), Some(10), "{}", stderr(&quiet));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wide.cnf");
    std::fs::write(&file, cnf).unwrap();
    let res = satoku(&["solve", "--no-model", "--res", file.to_str().unwrap()]);
    assert_bad_input(&res, "huge .res");
    assert!(!dir.path().join("wide.res").exists());
}

#[test]
fn info_on_a_sparse_formula_costs_what_the_clauses_hold() {
    let start = std::time::Instant::now();
    let out = support::satoku_fed(&["info", "-"], b"p cnf 2147483647 1\n2147483647 -1 0\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let info = String::from_utf8_lossy(&out.stdout);
    assert!(
        info.contains("2147483647 variables (2 used), 1 clauses"),
        "{info}"
    );
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}

#[test]
fn check_accepts_the_answer_of_solve_for_the_empty_formula() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("empty.cnf");
    std::fs::write(&cnf, "p cnf 0 0\n").unwrap();
    let solved = satoku(&["solve", cnf.to_str().unwrap()]);
    assert_eq!(solved.status.code(), Some(10));
    let out = support::satoku_fed(&["check", cnf.to_str().unwrap(), "-"], &solved.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("s MODEL VERIFIED"));
}

#[test]
fn check_and_decode_refuse_output_without_a_verdict_or_contradicting_itself() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("f.cnf");
    std::fs::write(&cnf, "p cnf 2 1\n1 2 0\n").unwrap();
    let cnf = cnf.to_str().unwrap();
    let cases: [(&[u8], &str); 4] = [
        (b"", "no status line"),
        (b"v 1 2 0\n", "no status line"),
        (
            b"v 1 2 0\ns UNSATISFIABLE\n",
            "a model in an UNSATISFIABLE answer",
        ),
        (b"s UNKNOWN\nv 1 0\n", "a model in an UNKNOWN answer"),
    ];
    for (text, message) in cases {
        for args in [&["check", cnf, "-"][..], &["sudoku", "decode", "-"]] {
            let out = support::satoku_fed(args, text);
            assert_bad_input(&out, message);
            assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        }
    }
    // A puzzle file, a README and /dev/null are not a solver's answer.
    let puzzle = dir.path().join("p.txt");
    std::fs::write(&puzzle, format!("{}\n", ".".repeat(81))).unwrap();
    let readme = cnf_dir().join("../README.md");
    for file in [puzzle.to_str().unwrap(), readme.to_str().unwrap()] {
        let out = satoku(&["sudoku", "decode", file]);
        assert_bad_input(&out, file);
        assert!(
            stderr(&out).contains("expected a `c`, `s` or `v` line"),
            "{}",
            stderr(&out)
        );
    }
    let out = satoku(&["sudoku", "decode", "/dev/null"]);
    assert_bad_input(&out, "/dev/null");
    assert!(stderr(&out).contains("no status line"), "{}", stderr(&out));
}

#[test]
fn check_costs_what_the_model_text_holds() {
    // A model naming variable 2^31 - 1 is one literal, not a 2 GB array.
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("f.cnf");
    std::fs::write(&cnf, "p cnf 1 1\n1 0\n").unwrap();
    let start = std::time::Instant::now();
    let out = support::satoku_fed(
        &["check", cnf.to_str().unwrap(), "-"],
        b"s SATISFIABLE\nv 1 2147483647 0\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("names variable 2147483647"),
        "{}",
        stderr(&out)
    );
    assert!(start.elapsed().as_secs() < 10);
}
