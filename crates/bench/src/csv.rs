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

/// The records of CSV text (RFC 4180: a quoted field may hold commas,
/// doubled quotes and line breaks), each with the line it starts on;
/// `name` is used in the error of an unterminated quoted field.
fn records(text: &str, name: &str) -> Result<Vec<(usize, Vec<String>)>, BenchError> {
    let mut records = Vec::new();
    let (mut fields, mut field) = (Vec::new(), String::new());
    let (mut line, mut start, mut quoted) = (1, 1, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            ('\r', false) if chars.peek() == Some(&'\n') => {}
            ('\n', false) => {
                fields.push(std::mem::take(&mut field));
                records.push((start, std::mem::take(&mut fields)));
                line += 1;
                start = line;
            }
            (c, _) => {
                line += usize::from(c == '\n');
                field.push(c);
            }
        }
    }
    if quoted {
        return Err(BenchError::bad_line(
            name,
            start,
            "unterminated quoted field",
        ));
    }
    if !field.is_empty() || !fields.is_empty() {
        fields.push(field);
        records.push((start, fields));
    }
    Ok(records)
}

/// The most seconds a row may hold (some 31 years), so a plot's scale stays finite.
const MAX_SECONDS: f64 = 1e9;

/// A number of seconds from a CSV field: from 0 to [`MAX_SECONDS`].
fn parse_seconds(field: &str) -> Option<f64> {
    field
        .parse()
        .ok()
        .filter(|s: &f64| (0.0..=MAX_SECONDS).contains(s))
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

/// Parses a CSV written by [`Results::csv`](crate::Results::csv), after one
/// leading byte-order mark if any; `name` is used in error messages.
pub fn read_csv(text: &str, name: &str) -> Result<Vec<CsvRow>, BenchError> {
    let mut records = records(crate::without_bom(text), name)?.into_iter();
    let header = records.next().map(|(_, fields)| fields).unwrap_or_default();
    let column = |want: &str| {
        header
            .iter()
            .position(|h| h == want)
            .ok_or_else(|| BenchError::bad_line(name, 1, format!("no `{want}` column")))
    };
    let (solver, verdict, seconds) = (column("solver")?, column("verdict")?, column("seconds")?);
    let cpu = column("cpu").ok();
    let mut rows = Vec::new();
    for (line, fields) in records {
        if fields.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let fail = |msg: &str| BenchError::bad_line(name, line, msg);
        let get = |k: usize| fields.get(k).ok_or_else(|| fail("too few fields"));
        rows.push(CsvRow {
            solver: get(solver)?.clone(),
            verdict: Verdict::from_name(get(verdict)?).ok_or_else(|| fail("unknown verdict"))?,
            seconds: parse_seconds(get(seconds)?).ok_or_else(|| fail("bad seconds"))?,
            cpu: match cpu.map(get).transpose()?.map(String::as_str) {
                None | Some("") => None,
                Some(text) => Some(parse_seconds(text).ok_or_else(|| fail("bad cpu seconds"))?),
            },
        });
    }
    Ok(rows)
}

/// Reads the CSV file at `path`.
pub fn read_csv_file(path: &Path) -> Result<Vec<CsvRow>, BenchError> {
    let text = satoku_io::read_text(path, crate::MAX_TEXT_FILE)?;
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

    #[test]
    fn a_leading_byte_order_mark_is_skipped() {
        let text = to_csv("satoku", &sample(), 10.0);
        let rows = read_csv(&format!("\u{FEFF}{text}"), "r.csv").unwrap();
        assert_eq!(rows, rows_of("satoku", &sample()));
    }

    #[test]
    fn file_names_with_line_breaks_and_quotes_read_back() {
        let mut outcomes = sample();
        outcomes[0].path = "odd\nname,\"x\"\r\n.cnf".into();
        let text = to_csv("satoku", &outcomes, 10.0);
        let rows = read_csv(&text, "r.csv").unwrap();
        assert_eq!(rows, rows_of("satoku", &outcomes));
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(read_csv(&crlf, "r.csv").unwrap().len(), rows.len());
        let open = format!("{CSV_HEADER}\nsatoku,\"a.cnf,SAT\n");
        let err = read_csv(&open, "x.csv").unwrap_err();
        assert_eq!(err.to_string(), "x.csv:2: unterminated quoted field");
    }

    #[test]
    fn seconds_must_be_finite_and_not_negative() {
        for bad in ["NaN", "inf", "-1", "1e999"] {
            let text = format!("{CSV_HEADER}\nsatoku,a,SAT,SAT,solved,{bad}\n");
            let err = read_csv(&text, "x.csv").unwrap_err();
            assert_eq!(err.to_string(), "x.csv:2: bad seconds", "{bad}");
        }
        let text = format!("{CSV_HEADER}\nsatoku,a,SAT,SAT,solved,1,NaN\n");
        let err = read_csv(&text, "x.csv").unwrap_err();
        assert_eq!(err.to_string(), "x.csv:2: bad cpu seconds");
    }
}
