//! The bench CSV file: one row per instance, written by a bench run and
//! read back to draw cactus plots of several runs.

use std::fmt::Write as _;
use std::path::Path;

use crate::report::{expected_name, note};
use crate::{BenchError, Outcome, Verdict};

/// The CSV header.
pub const CSV_HEADER: &str =
    "solver,file,expected,answer,verdict,seconds,cpu,conflicts,timeout,note";

/// One CSV row per outcome, after [`CSV_HEADER`].
pub fn to_csv(solver: &str, outcomes: &[Outcome], timeout: f64) -> String {
    let mut text = format!("{CSV_HEADER}\n");
    for o in outcomes {
        let fields = [
            solver.to_string(),
            o.path.display().to_string(),
            expected_name(o.expected).to_string(),
            o.answer.name().to_string(),
            o.verdict().name().to_string(),
            format!("{:.6}", o.seconds),
            o.cpu_seconds.map_or(String::new(), |c| format!("{c:.6}")),
            o.conflicts.map_or(String::new(), |c| c.to_string()),
            timeout.to_string(),
            note(o),
        ];
        let row: Vec<String> = fields.iter().map(|f| quote(f)).collect();
        let _ = writeln!(text, "{}", row.join(","));
    }
    text
}

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// Splits one CSV line (RFC 4180 quoting, no line breaks inside fields).
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// One row read back from a bench CSV: enough for a cactus plot.
#[derive(Clone, Debug, PartialEq)]
pub struct CsvRow {
    /// The solver label.
    pub solver: String,
    /// The row's verdict.
    pub verdict: Verdict,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// CPU seconds, when the CSV has them.
    pub cpu: Option<f64>,
}

/// The rows [`to_csv`] writes for `outcomes`, without the text round trip.
pub fn rows_of(solver: &str, outcomes: &[Outcome]) -> Vec<CsvRow> {
    outcomes
        .iter()
        .map(|o| CsvRow {
            solver: solver.to_owned(),
            verdict: o.verdict(),
            seconds: o.seconds,
            cpu: o.cpu_seconds,
        })
        .collect()
}

/// Parses a CSV written by [`Results::csv`](crate::Results::csv); `name` is
/// used in error messages.
pub fn read_csv(text: &str, name: &str) -> Result<Vec<CsvRow>, BenchError> {
    let mut lines = text.lines().enumerate();
    let header = lines.next().map(|(_, l)| split_csv(l)).unwrap_or_default();
    let column = |want: &str| {
        header
            .iter()
            .position(|h| h == want)
            .ok_or_else(|| BenchError::bad_line(name, 1, format!("no `{want}` column")))
    };
    let (solver, verdict, seconds) = (column("solver")?, column("verdict")?, column("seconds")?);
    let cpu = column("cpu").ok();
    let mut rows = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let fail = |msg: &str| BenchError::bad_line(name, i + 1, msg);
        let fields = split_csv(line);
        let get = |k: usize| fields.get(k).ok_or_else(|| fail("too few fields"));
        rows.push(CsvRow {
            solver: get(solver)?.clone(),
            verdict: Verdict::from_name(get(verdict)?).ok_or_else(|| fail("unknown verdict"))?,
            seconds: get(seconds)?.parse().map_err(|_| fail("bad seconds"))?,
            cpu: match cpu.map(get).transpose()?.map(String::as_str) {
                None | Some("") => None,
                Some(text) => Some(text.parse().map_err(|_| fail("bad cpu seconds"))?),
            },
        });
    }
    Ok(rows)
}

/// Reads the CSV file at `path`.
pub fn read_csv_file(path: &Path) -> Result<Vec<CsvRow>, BenchError> {
    let text = std::fs::read_to_string(path).map_err(|source| BenchError::ReadFile {
        path: path.to_path_buf(),
        source,
    })?;
    read_csv(&text, &path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::sample;

    #[test]
    fn csv_round_trip() {
        let text = to_csv("satoku", &sample(), 10.0);
        assert!(text.contains("\"e,\"\"odd\"\".cnf\""));
        let rows = read_csv(&text, "r.csv").unwrap();
        assert_eq!(rows, rows_of("satoku", &sample()));
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[1].solver, "satoku");
        assert_eq!((rows[1].verdict, rows[1].seconds), (Verdict::Solved, 2.25));
        assert_eq!((rows[1].cpu, rows[5].cpu), (Some(1.125), None));
        assert_eq!(rows[4].verdict, Verdict::Wrong);
        let err = read_csv("a,b\n", "x.csv").unwrap_err();
        assert!(err.to_string().contains("solver"), "{err}");
        let err = read_csv(
            &format!("{CSV_HEADER}\nsatoku,a,SAT,SAT,maybe,1\n"),
            "x.csv",
        );
        assert_eq!(err.unwrap_err().to_string(), "x.csv:2: unknown verdict");
    }
}
