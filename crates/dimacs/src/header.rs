//! The header phase of the parser: comments up to `p cnf <vars> <clauses>`,
//! and the header line itself.

use std::io::Read;

use satoku_formula::Var;

use crate::error::{show_token, Error, ErrorKind};
use crate::scan::{int_token, Scanner};

/// What the header said, and where.
pub(crate) struct Header {
    pub(crate) vars: u64,
    pub(crate) clauses: u64,
    /// The clause count as written.
    pub(crate) clauses_text: String,
    pub(crate) line: u64,
    pub(crate) col: u64,
}

/// The error for a token that is neither an integer, a comment nor a
/// header: a XOR clause (`x` then a literal) is named as such.
pub(crate) fn bad_token(token: &[u8]) -> ErrorKind {
    let found = show_token(token);
    let literal = token
        .strip_prefix(b"x")
        .map(|rest| rest.strip_prefix(b"-").unwrap_or(rest));
    let xor = literal.is_some_and(|digits| digits.first().is_some_and(u8::is_ascii_digit));
    if xor {
        ErrorKind::XorClause { found }
    } else {
        ErrorKind::BadToken { found }
    }
}

/// Skips comments up to the `p cnf` line and parses it.
pub(crate) fn read_header<R: Read>(sc: &mut Scanner<R>, name: &str) -> Result<Header, Error> {
    loop {
        let next = sc.skip_ws();
        let (line, col) = sc.position();
        let fail = |kind| Err(Error::new(name, line, col, kind));
        match next {
            None | Some(b'%') => return fail(ErrorKind::MissingHeader),
            Some(b'c') => sc.skip_line(),
            Some(b'p') if sc.peek_token() == b"p" => {
                sc.take_token();
                return read_header_fields(sc, name, line, col);
            }
            Some(_) => {
                let token = sc.peek_token();
                return if int_token(token).is_some() {
                    fail(ErrorKind::ClauseBeforeHeader)
                } else {
                    fail(bad_token(token))
                };
            }
        }
    }
}

/// Parses `cnf <vars> <clauses>` after the `p` at (`line`, `col`), up to the end of the line.
fn read_header_fields<R: Read>(
    sc: &mut Scanner<R>,
    name: &str,
    line: u64,
    col: u64,
) -> Result<Header, Error> {
    let format = header_token(sc);
    match &format {
        Some((_, _, token)) if token == b"cnf" => {}
        Some((l, c, token)) => {
            let found = format!("`{}`", show_token(token));
            return Err(Error::new(name, *l, *c, ErrorKind::NotCnf { found }));
        }
        None => {
            let (l, c) = sc.position();
            let found = "end of line".to_owned();
            return Err(Error::new(name, l, c, ErrorKind::NotCnf { found }));
        }
    }
    let (vars, l, c, found) = header_count(sc, name, "variable")?;
    if vars > u64::from(Var::MAX_DIMACS) {
        return Err(Error::new(
            name,
            l,
            c,
            ErrorKind::TooManyVars {
                found,
                max: Var::MAX_DIMACS,
            },
        ));
    }
    let (clauses, _, _, clauses_text) = header_count(sc, name, "clause")?;
    if let Some((l, c, token)) = header_token(sc) {
        let found = show_token(&token);
        return Err(Error::new(name, l, c, ErrorKind::HeaderTrailer { found }));
    }
    Ok(Header {
        vars,
        clauses,
        clauses_text,
        line,
        col,
    })
}

/// The next token on the header line with its position, or `None` at the end of the line.
fn header_token<R: Read>(sc: &mut Scanner<R>) -> Option<(u64, u64, Vec<u8>)> {
    match sc.skip_blanks() {
        None | Some(b'\n') => None,
        Some(_) => {
            let (line, col) = sc.position();
            Some((line, col, sc.take_token()))
        }
    }
}

/// A non-negative count on the header line (saturating at `u64::MAX`), with
/// its line, column and text.
fn header_count<R: Read>(
    sc: &mut Scanner<R>,
    name: &str,
    what: &'static str,
) -> Result<(u64, u64, u64, String), Error> {
    let Some((line, col, token)) = header_token(sc) else {
        let (line, col) = sc.position();
        return Err(Error::new(
            name,
            line,
            col,
            ErrorKind::MissingCount { what },
        ));
    };
    let found = show_token(&token);
    match int_token(&token) {
        Some((false, value, _)) => Ok((value, line, col, found)),
        Some((true, _, _)) => Err(Error::new(
            name,
            line,
            col,
            ErrorKind::NegativeCount { what, found },
        )),
        None => Err(Error::new(
            name,
            line,
            col,
            ErrorKind::BadCount { what, found },
        )),
    }
}
