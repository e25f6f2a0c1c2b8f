use super::*;
use satoku_dimacs::parse_str;
use satoku_formula::Model;

fn solve(text: &str, options: CnfOptions) -> Result<Answer> {
    let mut job = CnfJob::start(text.as_bytes(), "f.cnf", options)?;
    loop {
        if let Slice::Done(answer) = job.run(10) {
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
    let mut job = CnfJob::start(pigeonhole(6).as_bytes(), "php", CnfOptions::default()).unwrap();
    let mut slices = 0;
    let answer = loop {
        match job.run(20) {
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
    let err = CnfJob::start(zstd, "f.cnf.zst", CnfOptions::default())
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "f.cnf.zst: zstd-compressed input is not supported in the browser; decompress it first (unzstd), or use gzip"
    );
}
