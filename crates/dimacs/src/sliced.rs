//! Parsing a slice at a time: [`SlicedParser`] reads the header when it is
//! made, then each [`SlicedParser::step`] parses about as much text as
//! asked and hands the parser back, so that a caller with no threads (a
//! browser's worker) can report progress and take a cancel between slices.
//! Every `parse_*` function runs one to the end: the dialect, the messages,
//! the warnings and the [`Limits`] are the same whichever way the text is
//! cut.

use std::cell::Cell;
use std::io::Read;
use std::rc::Rc;

use satoku_formula::Cnf;

use crate::clauses::{read_clauses, Ctx, Ended, OpenClause};
use crate::error::{ClauseCountMismatch, Error, ErrorKind, WarningKind};
use crate::header::{read_header, Header};
use crate::limits::{Budget, Limits};
use crate::parse::{open, ParseOptions, Parsed, Source};
use crate::scan::{read_error_first, Scanner};

/// A parse in progress, between two slices.
///
/// ```
/// use satoku_dimacs::{Limits, ParseOptions, SlicedParser, Step};
///
/// let text = "p cnf 3 2\n1 -2 0\n-3 2 1 0\n";
/// let mut parser = SlicedParser::new(text.as_bytes(), "f.cnf", &ParseOptions::default(), &Limits::default())?;
/// assert_eq!(parser.declared_clauses(), 2);
/// let parsed = loop {
///     // Four bytes of text a slice; a real caller asks for a megabyte or so.
///     match parser.step(4)? {
///         Step::More(more) => {
///             assert!(more.text_bytes() <= text.len() as u64);
///             parser = more;
///         }
///         Step::Done(parsed) => break parsed,
///     }
/// };
/// assert_eq!(parsed.cnf.num_clauses(), 2);
/// # Ok::<(), satoku_dimacs::Error>(())
/// ```
pub struct SlicedParser<'a> {
    sc: Scanner<Box<dyn Read + 'a>>,
    ctx: Ctx,
    header: Header,
    cnf: Cnf,
    open: OpenClause,
}

/// What a [`SlicedParser::step`] ended with.
// The parser is not boxed: it moves once a slice.
#[allow(clippy::large_enum_variant)]
pub enum Step<'a> {
    /// Text is left: the parser, to step again (or drop, to give up).
    More(SlicedParser<'a>),
    /// The whole input is parsed.
    Done(Parsed),
}

impl<'a> SlicedParser<'a> {
    /// Starts parsing `reader` (plain text, or gzip, xz, bzip2 or lzma as
    /// [`parse_reader`](crate::parse_reader) reads them; `name` labels
    /// messages) within `limits`: reads up to the end of the header line.
    /// Errors: everything up to there (binary data, an unsupported
    /// compression, a bad or missing header) as `parse_reader` reports it.
    pub fn new<R: Read + 'a>(
        reader: R,
        name: &str,
        opts: &ParseOptions,
        limits: &Limits,
    ) -> Result<SlicedParser<'a>, Error> {
        let source = Source {
            name,
            size: None,
            opts,
            limits,
        };
        open(Box::new(reader), &source)
    }

    /// Starts on DIMACS text (`reader`, already decompressed): the header.
    /// `size` bounds what the input can hold; `compressed` counts the
    /// compressed bytes read, for compressed input.
    pub(crate) fn start_text(
        reader: Box<dyn Read + 'a>,
        source: &Source,
        size: Option<u64>,
        compressed: Option<Rc<Cell<u64>>>,
    ) -> Result<SlicedParser<'a>, Error> {
        let name = source.name;
        let mut sc = Scanner::new(reader);
        sc.skip_bom();
        let ctx = Ctx {
            name: name.to_owned(),
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
        Ok(SlicedParser {
            sc,
            ctx,
            header,
            cnf,
            open: OpenClause::default(),
        })
    }

    /// Parses on until at least `text_bytes` more bytes of text are read
    /// (it stops before the next token; at least one token is read unless
    /// blanks come first) or the input ends. Errors as
    /// [`parse_reader`](crate::parse_reader) reports them, with their line
    /// and column in the whole text; an error ends the parse.
    pub fn step(mut self, text_bytes: u64) -> Result<Step<'a>, Error> {
        let stop = self.sc.offset().saturating_add(text_bytes.max(1));
        let SlicedParser {
            sc,
            ctx,
            header,
            cnf,
            open,
        } = &mut self;
        let ended = read_clauses(sc, ctx, header, cnf, open, stop)
            .map_err(|e| read_error_first(sc, &ctx.name, e))?;
        match ended {
            Ended::Paused => Ok(Step::More(self)),
            Ended::Input => self.end().map(Step::Done),
        }
    }

    /// Parses the rest of the input in one go.
    pub fn finish(self) -> Result<Parsed, Error> {
        match self.step(u64::MAX)? {
            Step::Done(parsed) => Ok(parsed),
            Step::More(_) => unreachable!("a step of u64::MAX bytes reads the whole input"),
        }
    }

    /// The checks at the end of the input, and the result.
    fn end(mut self) -> Result<Parsed, Error> {
        let (sc, ctx, header, cnf) = (&mut self.sc, &mut self.ctx, &self.header, self.cnf);
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
        let mut warnings = std::mem::take(&mut ctx.warnings);
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

    /// Bytes of text parsed so far (after decompression).
    pub fn text_bytes(&self) -> u64 {
        self.sc.offset()
    }

    /// Clauses read so far (the one being read not counted).
    pub fn num_clauses(&self) -> usize {
        self.cnf.num_clauses()
    }

    /// The header's clause count (a file may hold another number: never
    /// allocate by it).
    pub fn declared_clauses(&self) -> u64 {
        self.header.clauses
    }

    /// The header's variable count.
    pub fn declared_vars(&self) -> u64 {
        self.header.vars
    }
}

#[cfg(test)]
#[path = "sliced_tests.rs"]
mod tests;
