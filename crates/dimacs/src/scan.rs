//! A byte scanner over a reader: big chunks, whitespace skipping, positions.
//!
//! Invariant: after [`Scanner::skip_ws`] returns `Some`, the buffer holds at
//! least [`MARGIN`] bytes from `pos` on, or everything up to the end of the
//! input. Any token of interest (an integer, a header word) is shorter than
//! that, so token parsers look at one slice and never refill mid-token.

use std::io::{self, Read};

use crate::error::{Error, ErrorKind};

/// Bytes read from the underlying reader per refill (at most).
const BUF_SIZE: usize = 1 << 20;
/// Bytes guaranteed in the buffer at the start of a token (unless at EOF).
pub(crate) const MARGIN: usize = 64;

/// Whether `b` separates tokens. `\n` is one too, but also ends a line.
#[inline(always)]
pub(crate) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// Whether `b` separates tokens (blank or newline).
#[inline(always)]
pub(crate) fn is_space(b: u8) -> bool {
    is_blank(b) || b == b'\n'
}

pub(crate) struct Scanner<R> {
    reader: R,
    buf: Vec<u8>,
    /// Next unread byte in `buf`.
    pub(crate) pos: usize,
    /// End of valid data in `buf`.
    end: usize,
    /// The reader is exhausted (or failed, see `io_error`).
    eof: bool,
    io_error: Option<io::Error>,
    /// Absolute input offset of `buf[0]`.
    base: u64,
    /// 1-based line of `pos`.
    line: u64,
    /// Absolute input offset of the first byte of the current line.
    line_start: u64,
}

impl<R: Read> Scanner<R> {
    pub(crate) fn new(reader: R) -> Scanner<R> {
        Scanner {
            reader,
            buf: vec![0; BUF_SIZE],
            pos: 0,
            end: 0,
            eof: false,
            io_error: None,
            base: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Skips a UTF-8 byte-order mark at the very start of the input, as
    /// Windows editors write one; columns on line 1 count from after it.
    pub(crate) fn skip_bom(&mut self) {
        const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];
        if self.offset() == 0 && !self.eof {
            self.refill();
        }
        if self.offset() == 0 && self.buf[self.pos..self.end].starts_with(&BOM) {
            self.pos += BOM.len();
            self.line_start = BOM.len() as u64;
        }
    }

    /// Moves the unread bytes to the front and reads until at least
    /// [`MARGIN`] bytes are buffered or the input ends. A read error ends the
    /// input and is kept for [`Scanner::take_io_error`].
    #[cold]
    fn refill(&mut self) {
        self.buf.copy_within(self.pos..self.end, 0);
        self.base += self.pos as u64;
        self.end -= self.pos;
        self.pos = 0;
        while self.end < MARGIN && !self.eof {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => {
                    self.io_error = Some(err);
                    self.eof = true;
                }
            }
        }
    }

    /// Skips blanks and newlines; returns the next byte without consuming it,
    /// or `None` at the end of the input.
    #[inline]
    pub(crate) fn skip_ws(&mut self) -> Option<u8> {
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                if b == b'\n' {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.base + self.pos as u64;
                } else if is_blank(b) {
                    self.pos += 1;
                } else {
                    if self.end - self.pos < MARGIN && !self.eof {
                        self.refill();
                    }
                    return Some(self.buf[self.pos]);
                }
            }
            if self.eof {
                return None;
            }
            self.refill();
        }
    }

    /// Skips blanks but not newlines; returns the next byte without consuming
    /// it (`\n` included), or `None` at the end of the input.
    pub(crate) fn skip_blanks(&mut self) -> Option<u8> {
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                if !is_blank(b) {
                    if self.end - self.pos < MARGIN && !self.eof {
                        self.refill();
                    }
                    return Some(self.buf[self.pos]);
                }
                self.pos += 1;
            }
            if self.eof {
                return None;
            }
            self.refill();
        }
    }

    /// Consumes everything up to and including the next newline.
    pub(crate) fn skip_line(&mut self) {
        loop {
            let rest = &self.buf[self.pos..self.end];
            if let Some(i) = rest.iter().position(|&b| b == b'\n') {
                self.pos += i + 1;
                self.line += 1;
                self.line_start = self.base + self.pos as u64;
                return;
            }
            self.pos = self.end;
            if self.eof {
                return;
            }
            self.refill();
        }
    }

    /// The buffered bytes from `pos` on: at least [`MARGIN`] after
    /// `skip_ws`/`skip_blanks` returned `Some`, unless the input ends sooner.
    #[inline(always)]
    pub(crate) fn rest(&self) -> &[u8] {
        &self.buf[self.pos..self.end]
    }

    /// The token at `pos` (up to the next space; at most the buffered bytes),
    /// without consuming it.
    pub(crate) fn peek_token(&self) -> &[u8] {
        let rest = self.rest();
        let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        &rest[..len]
    }

    /// Consumes the token at `pos` (however long), returning up to its first
    /// [`MARGIN`] bytes.
    pub(crate) fn take_token(&mut self) -> Vec<u8> {
        let token = self.peek_token().to_vec();
        loop {
            let rest = self.rest();
            match rest.iter().position(|&b| is_space(b)) {
                Some(i) => {
                    self.pos += i;
                    return token;
                }
                None => {
                    self.pos = self.end;
                    if self.eof {
                        return token;
                    }
                    self.refill();
                }
            }
        }
    }

    /// 1-based line and byte column of `pos`.
    #[inline]
    pub(crate) fn position(&self) -> (u64, u64) {
        (self.line, self.base + self.pos as u64 - self.line_start + 1)
    }

    /// Input bytes consumed so far.
    pub(crate) fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// The read error that ended the input early, if any.
    pub(crate) fn take_io_error(&mut self) -> Option<io::Error> {
        self.io_error.take()
    }
}

/// An integer at the start of `bytes`: optional `-`, then decimal digits,
/// whatever follows them. Returns `(negative, magnitude, length)`; the
/// magnitude saturates at `u64::MAX`.
#[inline(always)]
pub(crate) fn int_prefix(bytes: &[u8]) -> Option<(bool, u64, usize)> {
    let negative = bytes.first() == Some(&b'-');
    let start = negative as usize;
    let mut i = start;
    let mut value: u64 = 0;
    while i < bytes.len() {
        let digit = bytes[i].wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value.saturating_mul(10).saturating_add(u64::from(digit));
        i += 1;
    }
    (i > start).then_some((negative, value, i))
}

/// An integer token at the start of `bytes`: [`int_prefix`] followed by a
/// space or the end of `bytes`.
#[inline(always)]
pub(crate) fn int_token(bytes: &[u8]) -> Option<(bool, u64, usize)> {
    let (negative, value, len) = int_prefix(bytes)?;
    match bytes.get(len) {
        Some(&b) if !is_space(b) => None,
        _ => Some((negative, value, len)),
    }
}

/// A read error (truncated or corrupt compressed data) explains any syntax
/// error found at the point where the input stopped, so it wins over `err`.
pub(crate) fn read_error_first<R: Read>(sc: &mut Scanner<R>, name: &str, err: Error) -> Error {
    match sc.take_io_error() {
        Some(io) => {
            let (line, col) = sc.position();
            Error::new(name, line, col, ErrorKind::from_io(io))
        }
        None => err,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_tokens() {
        assert_eq!(int_token(b"12 "), Some((false, 12, 2)));
        assert_eq!(int_token(b"-7\n"), Some((true, 7, 2)));
        assert_eq!(int_token(b"0"), Some((false, 0, 1)));
        assert_eq!(int_token(b"007\t"), Some((false, 7, 3)));
        assert_eq!(
            int_token(b"99999999999999999999999"),
            Some((false, u64::MAX, 23))
        );
        assert_eq!(int_token(b"-"), None);
        assert_eq!(int_token(b"- 1"), None);
        assert_eq!(int_token(b"1x"), None);
        assert_eq!(int_token(b"x1"), None);
        assert_eq!(int_token(b"--1"), None);
        assert_eq!(int_token(b"1.5"), None);
        assert_eq!(int_prefix(b"0c x"), Some((false, 0, 1)));
        assert_eq!(int_prefix(b"-12a"), Some((true, 12, 3)));
        assert_eq!(int_prefix(b"-a"), None);
    }

    /// A reader that returns one byte per call, to cross every chunk boundary.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            match self.0.split_first() {
                Some((&b, rest)) if !out.is_empty() => {
                    out[0] = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn tracks_lines_and_columns_across_tiny_reads() {
        let mut sc = Scanner::new(Trickle(b"  ab\n\t cd\r\n"));
        assert_eq!(sc.skip_ws(), Some(b'a'));
        assert_eq!(sc.position(), (1, 3));
        assert_eq!(sc.take_token(), b"ab");
        assert_eq!(sc.skip_ws(), Some(b'c'));
        assert_eq!(sc.position(), (2, 3));
        sc.skip_line();
        assert_eq!(sc.skip_ws(), None);
        assert_eq!(sc.position(), (3, 1));
        assert_eq!(sc.offset(), 11);
    }
}
