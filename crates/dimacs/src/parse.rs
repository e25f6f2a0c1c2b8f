//! The DIMACS CNF parser: header phase, then the clause loop.
//!
//! The dialect (what is accepted, what each mode rejects, every message) is
//! specified in `docs/dimacs.md`; the tests at the bottom of this file pin
//! each rule.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use flate2::read::MultiGzDecoder;
use satoku_formula::{Cnf, Lit, Var};
use xz2::read::XzDecoder;

use crate::error::{show_token, ClauseCountMismatch, Error, ErrorKind, Warning, WarningKind};
use crate::scan::{int_token, Scanner, MARGIN};

/// How strictly to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Turn the warnings (clause count differs from the header, last clause
    /// not terminated by `0`) into errors.
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

const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
const XZ_MAGIC: &[u8] = &[0xfd, b'7', b'z', b'X', b'Z', 0x00];

/// Parses the file at `path`, or standard input when `path` is `-`.
///
/// gzip and xz input is recognised by its magic bytes, whatever the name.
pub fn parse_path(path: &Path, opts: &ParseOptions) -> Result<Parsed, Error> {
    if path.as_os_str() == "-" {
        return parse_reader(io::stdin().lock(), STDIN_NAME, opts);
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
    let size = meta.len();
    parse_any(file, &name, Some(size), opts)
}

/// Parses DIMACS text (plain, gzip or xz) from `reader`; `name` labels messages.
pub fn parse_reader<R: Read>(reader: R, name: &str, opts: &ParseOptions) -> Result<Parsed, Error> {
    parse_any(reader, name, None, opts)
}

/// Parses DIMACS text held in a string (for tests and small inputs).
pub fn parse_str(text: &str, opts: &ParseOptions) -> Result<Parsed, Error> {
    parse_any(text.as_bytes(), "<string>", Some(text.len() as u64), opts)
}

/// Sniffs the compression, then parses. `size` is the input's size if known,
/// used only to cap pre-reservation.
fn parse_any<R: Read>(
    mut reader: R,
    name: &str,
    size: Option<u64>,
    opts: &ParseOptions,
) -> Result<Parsed, Error> {
    let mut magic = [0u8; 6];
    let mut len = 0;
    while len < magic.len() {
        match reader.read(&mut magic[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(Error::new(name, 0, 0, ErrorKind::Io(err))),
        }
    }
    let head = &magic[..len];
    let whole = head.chain(reader);
    if head.starts_with(GZIP_MAGIC) {
        let expanded = size.map(|s| s.saturating_mul(8));
        parse_text(MultiGzDecoder::new(whole), name, expanded, opts)
    } else if head.starts_with(XZ_MAGIC) {
        let expanded = size.map(|s| s.saturating_mul(8));
        parse_text(XzDecoder::new_multi_decoder(whole), name, expanded, opts)
    } else {
        parse_text(whole, name, size, opts)
    }
}

/// What the header said, and where.
struct Header {
    vars: u64,
    clauses: u64,
    line: u64,
    col: u64,
}

/// Parses DIMACS text from `reader` (already decompressed).
fn parse_text<R: Read>(
    reader: R,
    name: &str,
    size: Option<u64>,
    opts: &ParseOptions,
) -> Result<Parsed, Error> {
    let mut sc = Scanner::new(reader);
    sc.skip_bom();
    let header = read_header(&mut sc, name).map_err(|e| read_error_first(&mut sc, name, e))?;
    // Reserve by the header, capped by what the input can hold: each clause
    // and each literal takes at least two bytes.
    let room = size.unwrap_or(1 << 20) / 2;
    let clauses = header.clauses.min(room) as usize;
    let lits = header.clauses.saturating_mul(3).min(room) as usize;
    let mut cnf = Cnf::with_capacity(clauses, lits);
    cnf.ensure_vars(header.vars as usize);
    let mut warnings = Vec::new();
    read_clauses(&mut sc, name, &header, &mut cnf, &mut warnings)
        .map_err(|e| read_error_first(&mut sc, name, e))?;
    if let Some(err) = sc.take_io_error() {
        let (line, col) = sc.position();
        return Err(Error::new(name, line, col, ErrorKind::Io(err)));
    }
    if cnf.num_clauses() as u64 != header.clauses {
        warnings.push(Warning {
            path: name.to_owned(),
            line: header.line,
            col: header.col,
            kind: WarningKind::ClauseCount(ClauseCountMismatch {
                declared: header.clauses,
                found: cnf.num_clauses() as u64,
            }),
        });
    }
    if opts.strict {
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

/// A read error (truncated or corrupt compressed data) explains any syntax
/// error found at the point where the input stopped, so it wins over `err`.
fn read_error_first<R: Read>(sc: &mut Scanner<R>, name: &str, err: Error) -> Error {
    match sc.take_io_error() {
        Some(io) => {
            let (line, col) = sc.position();
            Error::new(name, line, col, ErrorKind::Io(io))
        }
        None => err,
    }
}

/// Skips comments up to the `p cnf` line and parses it.
fn read_header<R: Read>(sc: &mut Scanner<R>, name: &str) -> Result<Header, Error> {
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
                    fail(ErrorKind::BadToken {
                        found: show_token(token),
                    })
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
    let (clauses, ..) = header_count(sc, name, "clause")?;
    if let Some((l, c, token)) = header_token(sc) {
        let found = show_token(&token);
        return Err(Error::new(name, l, c, ErrorKind::HeaderTrailer { found }));
    }
    Ok(Header {
        vars,
        clauses,
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

/// The clause loop: literals, `0` terminators, comments, up to the end or `%`.
fn read_clauses<R: Read>(
    sc: &mut Scanner<R>,
    name: &str,
    header: &Header,
    cnf: &mut Cnf,
    warnings: &mut Vec<Warning>,
) -> Result<(), Error> {
    let max_var = header.vars;
    let mut open_len = 0usize;
    let mut open_at = (0, 0);
    while let Some(first) = sc.skip_ws() {
        if first.is_ascii_digit() || first == b'-' {
            if let Some((negative, value, len)) = int_token(sc.rest()) {
                if len >= MARGIN {
                    // No valid literal is this long; the scanner may not hold all of it.
                    let (line, col) = sc.position();
                    let found = show_token(sc.peek_token());
                    return Err(Error::new(name, line, col, ErrorKind::BadToken { found }));
                }
                if value == 0 {
                    cnf.close_clause();
                    open_len = 0;
                } else if value <= max_var {
                    if open_len == 0 {
                        open_at = sc.position();
                    }
                    open_len += 1;
                    // value <= max_var <= Var::MAX_DIMACS, so the code fits a u32.
                    cnf.push_lit(Lit::from_code(((value as u32 - 1) << 1) | negative as u32));
                } else {
                    let (line, col) = sc.position();
                    let found = show_token(sc.peek_token());
                    let declared = max_var;
                    let kind = ErrorKind::LiteralTooLarge { found, declared };
                    return Err(Error::new(name, line, col, kind));
                }
                sc.pos += len;
                continue;
            }
        }
        let (line, col) = sc.position();
        match first {
            b'c' => sc.skip_line(),
            b'%' => break,
            b'p' if sc.peek_token() == b"p" => {
                let first_line = header.line;
                return Err(Error::new(
                    name,
                    line,
                    col,
                    ErrorKind::SecondHeader { first_line },
                ));
            }
            _ => {
                let found = show_token(sc.peek_token());
                return Err(Error::new(name, line, col, ErrorKind::BadToken { found }));
            }
        }
    }
    if open_len > 0 {
        cnf.close_clause();
        warnings.push(Warning {
            path: name.to_owned(),
            line: open_at.0,
            col: open_at.1,
            kind: WarningKind::UnterminatedClause,
        });
    }
    Ok(())
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
