use std::io::Cursor;

use super::*;
use satoku_dimacs::{parse_str, ParseOptions};
use satoku_formula::Model;

/// A job on `text`, started.
fn job(text: &str, name: &str, options: CnfOptions) -> Result<CnfJob> {
    let bytes = text.as_bytes().to_vec();
    CnfJob::start(Cursor::new(bytes), text.len() as u64, name, options)
}

/// Loads the job a step at a time; the progress reports.
fn load(job: &mut CnfJob) -> Result<Vec<Loading>> {
    let mut reports = Vec::new();
    loop {
        let report = job.load(Duration::ZERO)?;
        let loaded = matches!(report, Loading::Loaded { .. });
        reports.push(report);
        if loaded {
            return Ok(reports);
        }
    }
}

fn solve(text: &str, options: CnfOptions) -> Result<Answer> {
    let mut job = job(text, "f.cnf", options)?;
    load(&mut job)?;
    loop {
        if let Slice::Done(answer) = job.run(10)? {
            return Ok(answer);
        }
    }
}

/// The pigeonhole formula: `holes + 1` pigeons in `holes` holes (UNSAT).
fn pigeonhole(holes: i64) -> String {
    let var = |p: i64, h: i64| p * holes + h + 1;
    let mut clauses = Vec::new();
    for p in 0..=holes {
        clauses.push(
            (0..holes)
                .map(|h| var(p, h).to_string())
                .collect::<Vec<_>>(),
        );
    }
    for h in 0..holes {
        for p in 0..=holes {
            for q in p + 1..=holes {
                clauses.push(vec![(-var(p, h)).to_string(), (-var(q, h)).to_string()]);
            }
        }
    }
    let mut text = format!("p cnf {} {}\n", (holes + 1) * holes, clauses.len());
    for c in clauses {
        text += &format!("{} 0\n", c.join(" "));
    }
    text
}

#[test]
fn sat_answers_print_and_check_the_model() {
    let text = "c x\np cnf 4 3\n1 -2 0\n2 3 0\n-1 -3 0\n";
    let answer = solve(text, CnfOptions::default()).unwrap();
    assert_eq!(answer.status, "SATISFIABLE");
    assert!(answer.checked);
    let model = answer.model.clone().unwrap();
    assert_eq!(model.len(), 4);
    let cnf = parse_str(text, &ParseOptions::default()).unwrap().cnf;
    assert!(Model::from_dimacs(&model).satisfies(&cnf));
    let v: Vec<String> = model.iter().map(|l| l.to_string()).collect();
    assert_eq!(
        answer.output,
        format!("s SATISFIABLE\nv {} 0\n", v.join(" "))
    );
}

#[test]
fn unsat_takes_several_slices_and_reports_progress() {
    let mut job = job(&pigeonhole(6), "php", CnfOptions::default()).unwrap();
    load(&mut job).unwrap();
    let mut slices = 0;
    let answer = loop {
        match job.run(20).unwrap() {
            Slice::Running(progress) => {
                assert!(progress.conflicts >= 20 * (slices + 1));
                slices += 1;
            }
            Slice::Done(answer) => break answer,
        }
    };
    assert!(slices > 1, "{slices}");
    assert_eq!(answer.status, "UNSATISFIABLE");
    assert_eq!(answer.output, "s UNSATISFIABLE\n");
    assert_eq!((answer.model, answer.checked), (None, false));
}

#[test]
fn the_conflict_limit_gives_unknown() {
    let options = CnfOptions {
        conflict_limit: Some(30),
        time_limit_ms: None,
    };
    let answer = solve(&pigeonhole(7), options).unwrap();
    assert_eq!(answer.status, "UNKNOWN");
    assert_eq!(answer.output, "s UNKNOWN\n");
    assert!(answer.stats.conflicts >= 30 && answer.stats.conflicts < 40);
}

#[test]
fn broken_dimacs_names_line_and_column() {
    let err = solve("p cnf 2 1\n1 x 0\n", CnfOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "f.cnf:2:3: expected an integer literal, found `x`"
    );
    let err = solve("p cnf 2 1\n1 3 0\n", CnfOptions::default()).unwrap_err();
    assert!(err.to_string().starts_with("f.cnf:2:3:"), "{err}");
}

#[test]
fn huge_headers_allocate_nothing_and_are_refused() {
    let err = solve("p cnf 2000000000 1\n1 2 0\n", CnfOptions::default()).unwrap_err();
    assert!(err.to_string().contains("at most 1048576 unused"), "{err}");
    let err = solve("p cnf 536870912 1\n536870912 0\n", CnfOptions::default()).unwrap_err();
    assert!(err.to_string().contains("renumber"), "{err}");
    let err = solve("p cnf 99999999999 1\n1 0\n", CnfOptions::default()).unwrap_err();
    assert!(err.to_string().contains("at most"), "{err}");
}

#[test]
fn compressed_input_the_browser_does_not_inflate_is_named() {
    // zstd is never decoded; xz, bzip2 and lzma are not in a build
    // without the dimacs crate's `compression` feature (the wasm build).
    let zstd = b"\x28\xb5\x2f\xfd\x24\x00";
    let err = CnfJob::start(&zstd[..], 6, "f.cnf.zst", CnfOptions::default())
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "f.cnf.zst: zstd-compressed input is not supported in the browser; decompress it first (unzstd), or use gzip"
    );
}

/// Random 3-SAT text: `clauses` clauses over 20,000 variables (about 20
/// bytes a clause), satisfiable at ratios this low.
fn ksat(clauses: usize) -> String {
    let mut text = format!("p cnf 20000 {clauses}\n");
    let mut x: u64 = 7;
    for _ in 0..clauses {
        for sign in ["", "-", ""] {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            text += &format!("{sign}{} ", (x >> 33) % 20_000 + 1);
        }
        text += "0\n";
    }
    text
}

#[test]
fn loading_reports_reading_then_adding_then_loaded() {
    // Over 2^18 bytes and 2^14 clauses several times: several steps of each phase.
    let text = ksat(80_000);
    let mut job = job(&text, "k.cnf", CnfOptions::default()).unwrap();
    assert!(matches!(job.run(10), Err(Error::Invalid(_))));
    let reports = load(&mut job).unwrap();
    let reading: Vec<_> = reports
        .iter()
        .filter_map(|r| match r {
            Loading::Reading {
                text_bytes,
                total_bytes,
                clauses,
                declared_clauses,
                ..
            } => {
                assert_eq!(
                    (*total_bytes, *declared_clauses),
                    (text.len() as u64, 80_000)
                );
                Some((*text_bytes, *clauses))
            }
            _ => None,
        })
        .collect();
    let added: Vec<_> = reports
        .iter()
        .filter_map(|r| match r {
            Loading::Adding { added, clauses, .. } => Some((*added, *clauses)),
            _ => None,
        })
        .collect();
    assert!(reading.len() >= 3 && added.len() >= 2, "{reports:?}");
    assert!(reading
        .windows(2)
        .all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1));
    assert!(added.iter().all(|&(a, n)| a < n && n == 80_000));
    assert!(added.windows(2).all(|w| w[0].0 < w[1].0));
    let Some(Loading::Loaded {
        clauses,
        elapsed_ms,
    }) = reports.last()
    else {
        panic!("{reports:?}")
    };
    assert_eq!(*clauses, 80_000);
    assert!(*elapsed_ms >= 0.0);
    // Loaded stays loaded; the search answers as for the whole formula.
    assert!(matches!(
        job.load(Duration::ZERO),
        Ok(Loading::Loaded { .. })
    ));
    let answer = loop {
        if let Slice::Done(answer) = job.run(1000).unwrap() {
            break answer;
        }
    };
    assert_eq!(answer.status, "SATISFIABLE");
    let cnf = parse_str(&text, &ParseOptions::default()).unwrap().cnf;
    assert!(Model::from_dimacs(&answer.model.unwrap()).satisfies(&cnf));
}

#[test]
fn an_error_deep_in_the_file_ends_the_load_with_its_place() {
    let mut text = ksat(30_000);
    let lines = text.lines().count();
    text += "1 2 y3 0\n";
    let mut job = job(&text, "k.cnf", CnfOptions::default()).unwrap();
    let err = load(&mut job).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "k.cnf:{}:5: expected an integer literal, found `y3`",
            lines + 1
        )
    );
    let again = job.load(Duration::ZERO).unwrap_err();
    assert!(again.to_string().contains("load has ended"), "{again}");
}

#[test]
fn progress_serializes_with_its_phase() {
    let reading = Loading::Reading {
        text_bytes: 10,
        total_bytes: 20,
        clauses: 1,
        declared_clauses: 3,
        elapsed_ms: 1.5,
    };
    assert_eq!(
        serde_json::to_string(&reading).unwrap(),
        r#"{"phase":"reading","textBytes":10,"totalBytes":20,"clauses":1,"declaredClauses":3,"elapsedMs":1.5}"#
    );
    let running = Slice::Running(Progress {
        conflicts: 1,
        decisions: 2,
        propagations: 3,
        elapsed_ms: 4.0,
    });
    assert_eq!(
        serde_json::to_string(&running).unwrap(),
        r#"{"state":"running","phase":"search","conflicts":1,"decisions":2,"propagations":3,"elapsedMs":4.0}"#
    );
}
