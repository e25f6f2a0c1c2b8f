//! The one entry point: a method name and its parameters as JSON, the
//! result as JSON (the table of methods is in `web/README.md`).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::{codec, hint, puzzle, solve, trace};

/// The answer of `version`.
#[derive(Serialize)]
struct Version {
    version: &'static str,
}

/// The parameters of `parsePuzzle`.
#[derive(Deserialize)]
struct TextParams {
    text: String,
}

/// Runs `method` on `params` (a JSON object) and returns its result as JSON.
pub fn call(method: &str, params: &str) -> Result<String> {
    match method {
        "version" => with(method, params, |_: &serde_json::Value| {
            Ok(Version {
                version: env!("CARGO_PKG_VERSION"),
            })
        }),
        "parsePuzzle" => with(method, params, |p: &TextParams| {
            puzzle::parse_puzzle(&p.text)
        }),
        "solveSat" => with(method, params, solve::solve_sat),
        "solveDirect" => with(method, params, solve::solve_direct_grid),
        "countSolutions" => with(method, params, solve::count_solutions),
        "hint" => with(method, params, hint::hint),
        "rate" => with(method, params, puzzle::rate),
        "generate" => with(method, params, puzzle::generate),
        "encode" => with(method, params, codec::encode_grid),
        "decode" => with(method, params, codec::decode_model),
        "trace" => with(method, params, trace::trace),
        "benchSat" => with(method, params, solve::bench_sat),
        _ => Err(Error::UnknownMethod(method.to_owned())),
    }
}

/// Reads `params` as `P`, runs `f`, writes its result.
fn with<P: DeserializeOwned, R: Serialize>(
    method: &str,
    params: &str,
    f: impl FnOnce(&P) -> Result<R>,
) -> Result<String> {
    let bad = |e: serde_json::Error| Error::BadParams {
        method: method.to_owned(),
        message: e.to_string(),
    };
    let params: P = serde_json::from_str(params).map_err(bad)?;
    serde_json::to_string(&f(&params)?).map_err(bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::JsGrid;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn grid_json() -> String {
        let grid = JsGrid::of(&PUZZLE.parse().unwrap());
        serde_json::to_string(&grid).unwrap()
    }

    #[test]
    fn every_method_answers_json() {
        let grid = grid_json();
        let with_limit = grid.replacen('{', "{\"limit\":2,", 1);
        let calls = [
            ("version", "{}".to_owned(), "\"version\":\"0.1.0\""),
            (
                "parsePuzzle",
                format!("{{\"text\":\"{PUZZLE}\"}}"),
                "\"count\":1",
            ),
            ("solveSat", grid.clone(), "\"status\":\"solved\""),
            ("solveDirect", grid.clone(), "\"status\":\"solved\""),
            (
                "countSolutions",
                with_limit,
                "\"count\":1,\"complete\":true",
            ),
            ("hint", grid.clone(), "\"kind\":\"step\""),
            ("rate", grid.clone(), "\"grade\":"),
            (
                "generate",
                "{\"difficulty\":\"easy\",\"seed\":3}".into(),
                "\"grade\":\"easy\"",
            ),
            ("encode", grid.clone(), "\"vars\":729"),
            (
                "benchSat",
                format!("{{\"text\":\"{PUZZLE}\",\"limit\":1}}"),
                "\"count\":1",
            ),
        ];
        for (method, params, expected) in calls {
            let out = call(method, &params).unwrap();
            assert!(out.contains(expected), "{method}: {out}");
        }
    }

    #[test]
    fn bad_calls_are_errors_with_a_message() {
        let err = call("solveSAT", "{}").unwrap_err().to_string();
        assert_eq!(err, "unknown method `solveSAT`");
        let err = call("solveSat", "{\"size\":9}").unwrap_err().to_string();
        assert!(
            err.starts_with("bad parameters for `solveSat`: missing field `cells`"),
            "{err}"
        );
        let err = call("solveSat", "{\"size\":9,\"cells\":[300]}")
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad parameters"), "{err}");
        let err = call("solveSat", "not json").unwrap_err().to_string();
        assert!(err.contains("bad parameters"), "{err}");
        let huge = "{\"size\":4294967296,\"cells\":[]}";
        let err = call("solveDirect", huge).unwrap_err().to_string();
        assert!(err.contains("4, 9, 16 or 25"), "{err}");
    }
}
