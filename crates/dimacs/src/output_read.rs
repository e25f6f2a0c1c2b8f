//! The reader of a solver's output: SAT-competition `s`/`v`/`c` lines, or
//! MiniSat's result file (`SAT`, `UNSAT` or `INDET`, then literal lines).
//!
//! One status line at most; literals come from `v` lines, or from bare
//! literal lines after MiniSat's `SAT`; a `0` ends a model and is otherwise
//! skipped. A model after an unsatisfiable answer, a variable given both
//! values, or a token that is not a literal is an [`Error`] at its
//! `path:line:col`. The memory used is what the text gave: a literal's
//! number never sizes an allocation.

use std::collections::HashMap;

use satoku_formula::{Lit, Var};

use crate::error::{show_token, Error, ErrorKind};
use crate::{PartialModel, Status};

/// The most `c` lines a [`SolverOutput`] keeps; later ones are read and dropped.
pub const MAX_COMMENTS: usize = 10_000;

/// The largest solver output read beyond what its model needs: room for
/// status, comment and statistics lines (see [`max_solver_output`]).
pub const SOLVER_OUTPUT_SLACK: u64 = 64 << 20;

/// The largest solver output (stdout or result file) worth reading for a
/// formula of `num_vars` variables: a model names each at most once, in at
/// most 12 bytes (`-2147483647 `), with `v ` line starts on top; plus the
/// slack. A reader stops there, so that a solver writing without end
/// (`yes`, a link to `/dev/zero`) cannot fill memory.
pub fn max_solver_output(num_vars: usize) -> u64 {
    SOLVER_OUTPUT_SLACK.saturating_add(16u64.saturating_mul(num_vars as u64))
}

/// What a solver's output says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverOutput {
    status: Status,
    model: Option<PartialModel>,
    comments: Vec<String>,
}

impl SolverOutput {
    /// The answer; [`Status::Unknown`] when no status line was read.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The model, when the output has `v` lines (or MiniSat's literal line).
    pub fn model(&self) -> Option<&PartialModel> {
        self.model.as_ref()
    }

    /// Takes the model out.
    pub fn into_model(self) -> Option<PartialModel> {
        self.model
    }

    /// The text of each `c` line, after `c `, in input order: the first
    /// [`MAX_COMMENTS`] only (a long run's statistics need not fill memory).
    pub fn comments(&self) -> &[String] {
        &self.comments
    }
}

/// How to treat lines that are neither `c`, `s`, `v` nor a MiniSat result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutputOptions {
    /// Skip them (a solver's chatty stdout) instead of failing (a file that
    /// should hold only the answer).
    pub skip_other_lines: bool,
}

/// Reads a solver's output; `name` (a path, `<stdin>`) names it in errors.
///
/// ```
/// use satoku_dimacs::{read_solver_output, OutputOptions, Status};
/// use satoku_formula::Var;
///
/// let out = read_solver_output("c hi\ns SATISFIABLE\nv 1 -3 0\n", "out", OutputOptions::default())?;
/// assert_eq!(out.status(), Status::Sat);
/// let model = out.model().unwrap();
/// assert_eq!(model.value(Var::new(2)), Some(false));
/// assert_eq!(model.value(Var::new(1)), None);
/// let minisat = read_solver_output("SAT\n-1 2 0\n", "res", OutputOptions::default())?;
/// assert_eq!(minisat.model().unwrap().len(), 2);
/// let err = read_solver_output("s SATISFIABLE\nv 1 x 0\n", "out", OutputOptions::default());
/// assert_eq!(err.unwrap_err().to_string(), "out:2:5: expected an integer literal, found `x`");
/// # Ok::<(), satoku_dimacs::Error>(())
/// ```
pub fn read_solver_output(
    text: &str,
    name: &str,
    options: OutputOptions,
) -> Result<SolverOutput, Error> {
    Ok(Reader::read_all(text, name, options)?.finish())
}

/// Reads a solver's answer: [`read_solver_output`], and the output must
/// hold a status line ([`ErrorKind::MissingStatus`], with no position),
/// with a model only when it says SATISFIABLE ([`ErrorKind::ModelOfUnknown`]
/// at the status line; a model with UNSATISFIABLE is refused by the read).
///
/// ```
/// use satoku_dimacs::{read_solver_answer, OutputOptions};
///
/// let opts = OutputOptions::default();
/// assert!(read_solver_answer("s SATISFIABLE\nv 1 0\n", "out", opts).is_ok());
/// let err = read_solver_answer("c no answer\n", "out", opts).unwrap_err();
/// assert!(err.to_string().starts_with("out: no status line"));
/// ```
pub fn read_solver_answer(
    text: &str,
    name: &str,
    options: OutputOptions,
) -> Result<SolverOutput, Error> {
    let reader = Reader::read_all(text, name, options)?;
    match reader.status {
        None => return Err(Error::new(name, 0, 0, ErrorKind::MissingStatus)),
        Some((Status::Unknown, line)) if reader.values.is_some() => {
            return Err(Error::new(name, line, 1, ErrorKind::ModelOfUnknown));
        }
        Some(_) => {}
    }
    Ok(reader.finish())
}

/// The state of a read in progress.
struct Reader<'a> {
    name: &'a str,
    options: OutputOptions,
    /// The status and the line it was read on.
    status: Option<(Status, u64)>,
    /// After MiniSat's `SAT`: bare lines of literals are the model.
    minisat_literals: bool,
    /// The values read, once a model line was seen.
    values: Option<HashMap<Var, bool>>,
    comments: Vec<String>,
}

impl<'a> Reader<'a> {
    /// Reads every line of `text` (a byte-order mark first is skipped).
    fn read_all(text: &str, name: &'a str, options: OutputOptions) -> Result<Reader<'a>, Error> {
        let mut reader = Reader {
            name,
            options,
            status: None,
            minisat_literals: false,
            values: None,
            comments: Vec::new(),
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, line) in text.lines().enumerate() {
            reader.read_line(i as u64 + 1, line)?;
        }
        Ok(reader)
    }

    fn read_line(&mut self, line_no: u64, line: &str) -> Result<(), Error> {
        let mut words = tokens(line);
        let Some((col, first)) = words.next() else {
            return Ok(());
        };
        let fail = |col: usize, kind| Err(Error::new(self.name, line_no, col as u64 + 1, kind));
        match first {
            "c" => {
                if self.comments.len() < MAX_COMMENTS {
                    let text = line[col + 1..].strip_prefix([' ', '\t']);
                    let text = text.unwrap_or(&line[col + 1..]).trim_end();
                    self.comments.push(text.to_owned());
                }
                Ok(())
            }
            "s" => {
                let Some((word_col, word)) = words.next() else {
                    return fail(
                        col,
                        ErrorKind::BadStatus {
                            found: "end of line".into(),
                        },
                    );
                };
                let Some(status) = Status::from_word(word) else {
                    let found = format!("`{}`", show_token(word.as_bytes()));
                    return fail(word_col, ErrorKind::BadStatus { found });
                };
                self.set_status(status, line_no, col)
            }
            "v" => self.read_literals(line_no, words),
            _ if Status::from_minisat_word(first).is_some() && self.status.is_none() => {
                let status = Status::from_minisat_word(first).expect("checked");
                self.minisat_literals = status == Status::Sat;
                self.set_status(status, line_no, col)
            }
            _ if self.minisat_literals => {
                self.read_literals(line_no, std::iter::once((col, first)).chain(words))
            }
            _ if self.options.skip_other_lines => Ok(()),
            _ => {
                let found = show_token(first.as_bytes());
                fail(col, ErrorKind::UnexpectedLine { found })
            }
        }
    }

    fn set_status(&mut self, status: Status, line_no: u64, col: usize) -> Result<(), Error> {
        let at = |kind| Err(Error::new(self.name, line_no, col as u64 + 1, kind));
        if let Some((_, first_line)) = self.status {
            return at(ErrorKind::SecondStatus { first_line });
        }
        if status == Status::Unsat && self.values.is_some() {
            return at(ErrorKind::ModelOfUnsat);
        }
        self.status = Some((status, line_no));
        Ok(())
    }

    fn read_literals<'t>(
        &mut self,
        line_no: u64,
        tokens: impl Iterator<Item = (usize, &'t str)>,
    ) -> Result<(), Error> {
        let name = self.name;
        let at = |col: usize, kind| Error::new(name, line_no, col as u64 + 1, kind);
        if matches!(self.status, Some((Status::Unsat, _))) {
            return Err(at(0, ErrorKind::ModelOfUnsat));
        }
        let values = self.values.get_or_insert_with(HashMap::new);
        for (col, token) in tokens {
            let found = || show_token(token.as_bytes());
            let n: i64 = token
                .parse()
                .map_err(|_| at(col, ErrorKind::BadToken { found: found() }))?;
            if n == 0 {
                continue;
            }
            let lit = Lit::try_from_dimacs(n)
                .ok_or_else(|| at(col, ErrorKind::LiteralOutOfRange { found: found() }))?;
            if values.insert(lit.var(), lit.is_positive()) == Some(lit.is_negated()) {
                let var = u64::from(lit.var().to_dimacs());
                return Err(at(col, ErrorKind::BothValues { var }));
            }
        }
        Ok(())
    }

    fn finish(self) -> SolverOutput {
        let model = self.values.map(|values| {
            PartialModel::from_lits(values.into_iter().map(|(var, value)| var.lit(value)))
                .expect("one value per variable")
        });
        SolverOutput {
            status: self.status.map_or(Status::Unknown, |(s, _)| s),
            model,
            comments: self.comments,
        }
    }
}

/// The whitespace-separated tokens of `line` with their byte columns (0-based).
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(|c: char| c.is_ascii_whitespace())
        .scan(0, |start, token| {
            let col = *start;
            *start += token.len() + 1;
            Some((col, token))
        })
        .filter(|(_, token)| !token.is_empty())
}

#[cfg(test)]
#[path = "output_read_tests.rs"]
mod tests;
