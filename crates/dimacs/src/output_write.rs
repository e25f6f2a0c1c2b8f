//! The writers of a solver's answer: the competition's `s` and `v` lines,
//! and the course-design `.res` file.

use std::fmt::Write as _;
use std::io::{self, Write};

use satoku_formula::Model;

use crate::Status;

/// Longest `v` line, in characters (SAT-competition rules).
pub const MAX_V_LINE: usize = 4096;

/// Most declared variables a printed model may list beyond those the
/// clauses use (2^26: about 700 MB of `v` lines). A header such as
/// `p cnf 2000000000 0` would otherwise print 23 GB; `satoku` refuses such
/// a formula unless no model is printed. The writers here stream and do not
/// enforce it.
pub const MAX_UNUSED_MODEL_VARS: usize = 1 << 26;

/// The `v` lines of `model` over variables `1..=num_vars` (a variable beyond
/// the model is false), each at most [`MAX_V_LINE`] characters, the last
/// ending in `0`. Lazy: one line is built at a time.
///
/// ```
/// use satoku_formula::Model;
///
/// let lines: Vec<String> = satoku_dimacs::v_lines(&Model::from_dimacs(&[1, -2]), 3).collect();
/// assert_eq!(lines, ["v 1 -2 -3 0"]);
/// ```
pub fn v_lines(model: &Model, num_vars: usize) -> impl Iterator<Item = String> + '_ {
    let mut lits = model.lits_up_to(num_vars).map(|l| l.to_dimacs()).peekable();
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let mut line = String::from("v");
        while let Some(&lit) = lits.peek() {
            if line.len() + 1 + decimal_len(lit) > MAX_V_LINE {
                return Some(line);
            }
            write!(line, " {lit}").expect("writing to a String cannot fail");
            lits.next();
        }
        if line.len() + 2 > MAX_V_LINE {
            return Some(line);
        }
        line.push_str(" 0");
        done = true;
        Some(line)
    })
}

/// The number of characters of `n` in decimal, sign included.
fn decimal_len(n: i64) -> usize {
    let mut len = usize::from(n < 0) + 1;
    let mut rest = n.unsigned_abs();
    while rest >= 10 {
        rest /= 10;
        len += 1;
    }
    len
}

/// Writes the `s` line of `status` and, when `model` is given, its `v`
/// lines over variables `1..=num_vars` (see [`v_lines`]).
pub fn write_solver_output<W: Write>(
    status: Status,
    model: Option<&Model>,
    num_vars: usize,
    mut w: W,
) -> io::Result<()> {
    writeln!(w, "s {status}")?;
    if let Some(model) = model {
        for line in v_lines(model, num_vars) {
            writeln!(w, "{line}")?;
        }
    }
    w.flush()
}

/// Writes the course-design result file: `s 1|0|-1`, one `v` line of the
/// model's literals over `1..=num_vars` (empty without a model, no `0`),
/// and `t` with the solving time in milliseconds.
///
/// ```
/// use satoku_dimacs::{write_res, Status};
/// use satoku_formula::Model;
///
/// let mut out = Vec::new();
/// write_res(Status::Sat, Some(&Model::from_dimacs(&[-1, 2])), 2, 15, &mut out)?;
/// assert_eq!(out, b"s 1\nv -1 2\nt 15\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_res<W: Write>(
    status: Status,
    model: Option<&Model>,
    num_vars: usize,
    millis: u128,
    mut w: W,
) -> io::Result<()> {
    write!(w, "s {}\nv", status.res_code())?;
    if let Some(model) = model {
        for lit in model.lits_up_to(num_vars) {
            write!(w, " {}", lit.to_dimacs())?;
        }
    }
    writeln!(w, "\nt {millis}")?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read_solver_output, OutputOptions};
    use proptest::prelude::*;

    #[test]
    fn long_models_wrap_below_the_limit_and_end_in_zero() {
        let model = Model::new((0..5000).map(|i| i % 3 == 0).collect());
        let lines: Vec<String> = v_lines(&model, 5000).collect();
        assert!(lines.len() > 1);
        assert!(lines
            .iter()
            .all(|l| l.len() <= MAX_V_LINE && l.starts_with("v ")));
        assert!(lines.last().unwrap().ends_with(" 0"));
        let count: usize = lines.iter().map(|l| l.split(' ').count() - 1).sum();
        assert_eq!(count, 5001);
    }

    #[test]
    fn decimal_lengths_count_the_sign() {
        for n in [0i64, 7, -7, 10, -99, 2_147_483_647, -2_147_483_647] {
            assert_eq!(decimal_len(n), n.to_string().len(), "{n}");
        }
    }

    #[test]
    fn no_variables_is_a_lone_zero() {
        let lines: Vec<String> = v_lines(&Model::default(), 0).collect();
        assert_eq!(lines, ["v 0"]);
    }

    #[test]
    fn unsat_res_file_has_an_empty_v_line() {
        let mut out = Vec::new();
        write_res(Status::Unsat, None, 3, 7, &mut out).unwrap();
        assert_eq!(out, b"s 0\nv\nt 7\n");
    }

    proptest! {
        #[test]
        fn write_then_read_gives_the_same_answer(
            values in proptest::collection::vec(any::<bool>(), 0..3000),
            status in prop_oneof![Just(Status::Sat), Just(Status::Unsat), Just(Status::Unknown)],
        ) {
            let model = Model::new(values);
            let n = model.num_vars();
            let shown = (status == Status::Sat).then_some(&model);
            let mut out = Vec::new();
            write_solver_output(status, shown, n, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let read = read_solver_output(&text, "out", OutputOptions::default()).unwrap();
            prop_assert_eq!(read.status(), status);
            let back = read.model().map(|m| m.to_model(n).unwrap());
            prop_assert_eq!(back.as_ref(), shown);
        }
    }
}
