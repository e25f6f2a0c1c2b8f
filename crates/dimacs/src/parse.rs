//! The DIMACS CNF parser: header phase, then the clause loop.
//!
//! The dialect (what is accepted, what each mode rejects, every message) is
//! specified in `docs/dimacs.md`; the tests at the bottom of this file pin
//! each rule.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::rc::Rc;

use satoku_formula::{Cnf, Lit};

use crate::decompress::parse_compressed;
use crate::error::{
    show_hex, show_token, ClauseCountMismatch, Error, ErrorKind, Warning, WarningKind,
};
use crate::header::{bad_token, read_header, Header};
use crate::limits::{Budget, Limits};
use crate::scan::{int_prefix, is_space, read_error_first, Scanner, MARGIN};
use crate::sniff::{sniff, Sniffed, HEAD_LEN};

/// How strictly to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Turn the warnings (clause count differs from the header, last clause
    /// not terminated by `0`, `-0`) into errors.
    pub strict: bool,
}

/// A parsed DIMACS file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The clauses, as read (duplicate literals and tautologies kept). Its
    /// `num_vars()` is the header's variable count.
    pub cnf: Cnf,
    /// Variables declared by the header.
    pub declared_vars: usize,
    /// Clauses declared by the header (may differ from `cnf.num_clauses()`
    /// outside strict mode).
    pub declared_clauses: usize,
    /// Tolerated oddities, in input order (always empty in strict mode).
    pub warnings: Vec<Warning>,
    /// Bytes of DIMACS text parsed (after decompression; up to a `%` marker).
    pub text_bytes: u64,
}

/// The name used for standard input in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Parses the file at `path`, or standard input when `path` is `-`.
///
/// gzip, xz, bzip2 and lzma input is recognised by its magic bytes,
/// whatever the name (and decoded with the `compression` feature; an
/// [`ErrorKind::UnsupportedCompression`] without it).
pub fn parse_path(path: &Path, opts: &ParseOptions) -> Result<Parsed, Error> {
    parse_path_with(path, opts, &Limits::default())
}

/// [`parse_path`] within `limits`.
pub fn parse_path_with(path: &Path, opts: &ParseOptions, limits: &Limits) -> Result<Parsed, Error> {
    if path.as_os_str() == "-" {
        return parse_reader_with(io::stdin().lock(), STDIN_NAME, opts, limits);
    }
    let name = path.display().to_string();
    let io_error = |err| Error::new(&name, 0, 0, ErrorKind::Io(err));
    let file = File::open(path).map_err(io_error)?;
    let meta = file.metadata().map_err(io_error)?;
    if meta.is_dir() {
        return Err(io_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a directory",
        )));
    }
    let source = Source {
        name: &name,
        size: Some(meta.len()),
        opts,
        limits,
    };
    parse_any(file, &source)
}

/// Parses DIMACS text (plain, gzip, xz, bzip2 or lzma) from `reader`; `name` labels messages.
pub fn parse_reader<R: Read>(reader: R, name: &str, opts: &ParseOptions) -> Result<Parsed, Error> {
    parse_reader_with(reader, name, opts, &Limits::default())
}

/// [`parse_reader`] within `limits`.
pub fn parse_reader_with<R: Read>(
    reader: R,
    name: &str,
    opts: &ParseOptions,
    limits: &Limits,
) -> Result<Parsed, Error> {
    let source = Source {
        name,
        size: None,
        opts,
        limits,
    };
    parse_any(reader, &source)
}

/// Parses DIMACS text held in a string (for tests and small inputs).
pub fn parse_str(text: &str, opts: &ParseOptions) -> Result<Parsed, Error> {
    let source = Source {
        name: "<string>",
        size: Some(text.len() as u64),
        opts,
        limits: &Limits::default(),
    };
    parse_any(text.as_bytes(), &source)
}

/// An input's name, size (if known, used only to cap pre-reservation),
/// options and limits.
pub(crate) struct Source<'a> {
    pub(crate) name: &'a str,
    pub(crate) size: Option<u64>,
    pub(crate) opts: &'a ParseOptions,
    pub(crate) limits: &'a Limits,
}

/// Sniffs the first bytes (compression, binary data), then parses.
fn parse_any<R: Read>(mut reader: R, source: &Source) -> Result<Parsed, Error> {
    let name = source.name;
    let mut head = [0u8; HEAD_LEN];
    let mut len = 0;
    while len < head.len() {
        match reader.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(Error::new(name, 0, 0, ErrorKind::Io(err))),
        }
    }
    let head = &head[..len];
    let whole = head.chain(reader);
    match sniff(head) {
        Sniffed::Text => parse_text(whole, source, source.size, None),
        kind @ (Sniffed::Gzip | Sniffed::Xz | Sniffed::Bzip2 | Sniffed::Lzma) => {
            parse_compressed(kind, whole, source)
        }
        Sniffed::Unsupported(format, tool) => Err(Error::new(
            name,
            1,
            1,
            ErrorKind::UnsupportedCompression { format, tool },
        )),
        Sniffed::Binary => {
            let start = show_hex(&head[..head.len().min(8)]);
            Err(Error::new(name, 1, 1, ErrorKind::NotDimacs { start }))
        }
    }
}

/// The state of one parse besides the scanner and the formula.
struct Ctx<'a> {
    name: &'a str,
    strict: bool,
    budget: Budget,
    warnings: Vec<Warning>,
}

impl Ctx<'_> {
    fn error(&self, (line, col): (u64, u64), kind: ErrorKind) -> Error {
        Error::new(self.name, line, col, kind)
    }

    fn warn(&mut self, (line, col): (u64, u64), kind: WarningKind) {
        let path = self.name.to_owned();
        self.warnings.push(Warning {
            path,
            line,
            col,
            kind,
        });
    }
}

/// Parses DIMACS text from `reader` (already decompressed); `compressed`
/// counts the compressed bytes read, for compressed input.
pub(crate) fn parse_text<R: Read>(
    reader: R,
    source: &Source,
    size: Option<u64>,
    compressed: Option<Rc<Cell<u64>>>,
) -> Result<Parsed, Error> {
    let name = source.name;
    let mut sc = Scanner::new(reader);
    sc.skip_bom();
    let mut ctx = Ctx {
        name,
        strict: source.opts.strict,
        budget: Budget::new(*source.limits, compressed),
        warnings: Vec::new(),
    };
    let header = read_header(&mut sc, name).map_err(|e| read_error_first(&mut sc, name, e))?;
    // Reserve by the header, capped by what the input can hold: each clause
    // and each literal takes at least two bytes.
    let room = size.unwrap_or(1 << 20) / 2;
    let clauses = header.clauses.min(room) as usize;
    let lits = header.clauses.saturating_mul(3).min(room) as usize;
    let mut cnf = Cnf::with_capacity(clauses, lits);
    cnf.ensure_vars(header.vars as usize);
    read_clauses(&mut sc, &mut ctx, &header, &mut cnf)
        .map_err(|e| read_error_first(&mut sc, name, e))?;
    if let Some(err) = sc.take_io_error() {
        return Err(ctx.error(sc.position(), ErrorKind::from_io(err)));
    }
    if cnf.num_clauses() as u64 != header.clauses {
        let mismatch = ClauseCountMismatch {
            declared: header.clauses,
            declared_text: header.clauses_text.clone(),
            found: cnf.num_clauses() as u64,
        };
        ctx.warn(
            (header.line, header.col),
            WarningKind::ClauseCount(mismatch),
        );
    }
    let mut warnings = ctx.warnings;
    if ctx.strict {
        if let Some(warning) = warnings.into_iter().next() {
            return Err(warning.into_error());
        }
        warnings = Vec::new();
    }
    Ok(Parsed {
        cnf,
        declared_vars: header.vars as usize,
        declared_clauses: header.clauses.try_into().unwrap_or(usize::MAX),
        warnings,
        text_bytes: sc.offset(),
    })
}

/// The clause loop: literals, `0` terminators, comments, up to the end or `%`.
fn read_clauses<R: Read>(
    sc: &mut Scanner<R>,
    ctx: &mut Ctx,
    header: &Header,
    cnf: &mut Cnf,
) -> Result<(), Error> {
    let mut open = OpenClause::default();
    while let Some(first) = sc.skip_ws() {
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
                    read_integer(sc, ctx, header.vars, cnf, (negative, value), &mut open)?;
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
    checked.map_err(|kind| ctx.error(sc.position(), kind))
}

/// The clause being read: its length so far and where it starts.
#[derive(Default)]
struct OpenClause {
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

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
