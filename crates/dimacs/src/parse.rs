//! The DIMACS CNF parser's entry points: a path, a reader or a string,
//! sniffed for compression and binary data, then parsed to the end by a
//! [`SlicedParser`] (`sliced.rs`: the header phase, then the clause loop of
//! `clauses.rs`).
//!
//! The dialect (what is accepted, what each mode rejects, every message) is
//! specified in `docs/dimacs.md`; the tests in `parse_tests.rs` pin each
//! rule.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use satoku_formula::Cnf;

use crate::decompress::open_compressed;
use crate::error::{show_hex, Error, ErrorKind, Warning};
use crate::limits::Limits;
use crate::sliced::SlicedParser;
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

/// Sniffs the first bytes (compression, binary data), then parses to the end.
fn parse_any<'a, R: Read + 'a>(reader: R, source: &Source) -> Result<Parsed, Error> {
    open(Box::new(reader), source)?.finish()
}

/// Sniffs the first bytes (compression, binary data), then reads the header.
pub(crate) fn open<'a>(
    mut reader: Box<dyn Read + 'a>,
    source: &Source,
) -> Result<SlicedParser<'a>, Error> {
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
    let kind = sniff(&head[..len]);
    let whole = Box::new(io::Cursor::new(head).take(len as u64).chain(reader));
    match kind {
        Sniffed::Text => SlicedParser::start_text(whole, source, source.size, None),
        kind @ (Sniffed::Gzip | Sniffed::Xz | Sniffed::Bzip2 | Sniffed::Lzma) => {
            open_compressed(kind, whole, source)
        }
        Sniffed::Unsupported(format, tool) => Err(Error::new(
            name,
            1,
            1,
            ErrorKind::UnsupportedCompression { format, tool },
        )),
        Sniffed::Binary => {
            let start = show_hex(&head[..len.min(8)]);
            Err(Error::new(name, 1, 1, ErrorKind::NotDimacs { start }))
        }
    }
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
