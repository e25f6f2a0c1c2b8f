//! The clause loop of the parser: literals, `0` terminators and comments
//! after the header, up to the end of the input or `%`, pausing where the
//! caller asks ([`read_clauses`]'s `stop`) so that a parse can run a slice
//! at a time (`sliced.rs`).

use std::io::Read;

use satoku_formula::{Cnf, Lit};

use crate::error::{show_token, Error, ErrorKind, Warning, WarningKind};
use crate::header::{bad_token, Header};
use crate::limits::Budget;
use crate::scan::{int_prefix, is_space, Scanner, MARGIN};

/// The state of one parse besides the scanner and the formula.
pub(crate) struct Ctx {
    pub(crate) name: String,
    pub(crate) strict: bool,
    pub(crate) budget: Budget,
    pub(crate) warnings: Vec<Warning>,
}

impl Ctx {
    pub(crate) fn error(&self, (line, col): (u64, u64), kind: ErrorKind) -> Error {
        Error::new(&self.name, line, col, kind)
    }

    pub(crate) fn warn(&mut self, (line, col): (u64, u64), kind: WarningKind) {
        let path = self.name.clone();
        self.warnings.push(Warning {
            path,
            line,
            col,
            kind,
        });
    }
}

/// Where [`read_clauses`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// At the end of the input or at `%`: the formula is complete.
    Input,
    /// At a token at or past the `stop` offset: call again to go on.
    Paused,
}

/// The clause loop: literals, `0` terminators, comments, up to the end or
/// `%`, or up to the first token that starts at or past the text offset
/// `stop` (`u64::MAX`: none). `open` is the clause being read, carried from
/// one call to the next.
pub(crate) fn read_clauses<R: Read>(
    sc: &mut Scanner<R>,
    ctx: &mut Ctx,
    header: &Header,
    cnf: &mut Cnf,
    open: &mut OpenClause,
    stop: u64,
) -> Result<Ended, Error> {
    while let Some(first) = sc.skip_ws() {
        if sc.offset() >= stop {
            return Ok(Ended::Paused);
        }
        if first.is_ascii_digit() || first == b'-' {
            if let Some((negative, value, len)) = int_prefix(sc.rest()) {
                let next = sc.rest().get(len).copied();
                let glued_comment = next == Some(b'c');
                if glued_comment || next.is_none_or(is_space) {
                    if len >= MARGIN {
                        // No valid literal is this long; the scanner may not hold all of it.
                        let found = show_token(sc.peek_token());
                        return Err(ctx.error(sc.position(), ErrorKind::BadToken { found }));
                    }
                    read_integer(sc, ctx, header.vars, cnf, (negative, value), open)?;
                    sc.pos += len;
                    if glued_comment {
                        sc.skip_line();
                    }
                    continue;
                }
            }
        }
        match first {
            b'c' => {
                sc.skip_line();
                check_budget(sc, ctx, cnf)?;
            }
            b'%' => break,
            b'p' if sc.peek_token() == b"p" => {
                let first_line = header.line;
                return Err(ctx.error(sc.position(), ErrorKind::SecondHeader { first_line }));
            }
            _ => return Err(ctx.error(sc.position(), bad_token(sc.peek_token()))),
        }
    }
    if open.len > 0 {
        cnf.close_clause();
        ctx.warn(open.at, WarningKind::UnterminatedClause);
    }
    let checked = ctx.budget.check(sc.offset(), cnf);
    checked.map_err(|kind| ctx.error(sc.position(), kind))?;
    Ok(Ended::Input)
}

/// The clause being read: its length so far and where it starts.
#[derive(Default)]
pub(crate) struct OpenClause {
    len: usize,
    at: (u64, u64),
}

/// Literals of one clause between two checks of the limits, for a clause
/// that never ends.
const CHECK_EVERY_LITS: usize = 1 << 16;

/// Checks the limits when the text has reached the next check. Called at
/// clause ends and comments, not per token: the hot loop stays tight.
#[inline(always)]
fn check_budget<R: Read>(sc: &Scanner<R>, ctx: &mut Ctx, cnf: &Cnf) -> Result<(), Error> {
    if ctx.budget.due(sc.offset()) {
        return check_budget_now(sc, ctx, cnf);
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn check_budget_now<R: Read>(sc: &Scanner<R>, ctx: &mut Ctx, cnf: &Cnf) -> Result<(), Error> {
    let checked = ctx.budget.check(sc.offset(), cnf);
    checked.map_err(|kind| ctx.error(sc.position(), kind))
}

/// Adds the integer at the scanner's position to `cnf`: a literal, or a
/// `0` (or `-0`) ending the clause `open`.
#[inline(always)]
fn read_integer<R: Read>(
    sc: &Scanner<R>,
    ctx: &mut Ctx,
    max_var: u64,
    cnf: &mut Cnf,
    (negative, value): (bool, u64),
    open: &mut OpenClause,
) -> Result<(), Error> {
    if value == 0 {
        if negative {
            if ctx.strict {
                return Err(ctx.error(sc.position(), ErrorKind::NegativeZero));
            }
            if !ctx
                .warnings
                .iter()
                .any(|w| w.kind == WarningKind::NegativeZero)
            {
                ctx.warn(sc.position(), WarningKind::NegativeZero);
            }
        }
        cnf.close_clause();
        open.len = 0;
        check_budget(sc, ctx, cnf)?;
    } else if value <= max_var {
        if open.len == 0 {
            open.at = sc.position();
        }
        open.len += 1;
        if open.len.is_multiple_of(CHECK_EVERY_LITS) {
            check_budget(sc, ctx, cnf)?;
        }
        // value <= max_var <= Var::MAX_DIMACS, so the code fits a u32.
        cnf.push_lit(Lit::from_code(((value as u32 - 1) << 1) | negative as u32));
    } else {
        let found = show_token(sc.peek_token());
        let kind = ErrorKind::LiteralTooLarge {
            found,
            declared: max_var,
        };
        return Err(ctx.error(sc.position(), kind));
    }
    Ok(())
}
