//! Reading DRAT proofs, text or binary, one step at a time.
//!
//! Text DRAT is whitespace-separated integers: `1 -2 0` adds a lemma,
//! `d 1 -2 0` deletes a clause, and `c` starts a comment that runs to the end
//! of the line. Binary DRAT is `a` (0x61) or `d` (0x64), then each literal as
//! the variable-length unsigned integer `2 * var + negated` (`var` 1-based,
//! seven bits per byte, low bits first, high bit set on all but the last
//! byte), then a zero byte.
//!
//! [`ProofReader`] decodes by hand from a big buffer, with no allocation per
//! step: the caller passes the literal vector to fill.

use std::io::{ErrorKind, Read};

use satoku_formula::{Lit, Var};

use crate::error::{Error, Position};

/// The two DRAT encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text DRAT: `1 -2 0`, `d 1 -2 0`, `c comment`.
    Text,
    /// Binary DRAT: `a`/`d`, varint literal codes, `0`.
    Binary,
}

/// How many leading bytes [`detect`] looks at.
const DETECT_WINDOW: usize = 64;

/// Guesses the format from the proof's first bytes, as drat-trim does:
/// binary if any of the first 64 bytes is neither printable ASCII nor
/// whitespace, or if the proof starts with `a` followed by a non-space.
/// Anything else (including an empty proof) is text.
pub fn detect(head: &[u8]) -> Format {
    let head = &head[..head.len().min(DETECT_WINDOW)];
    let textual = |b: u8| (0x20..0x7f).contains(&b) || (b'\t'..=b'\r').contains(&b);
    if !head.iter().all(|&b| textual(b)) {
        return Format::Binary;
    }
    match head {
        [b'a', next, ..] if !next.is_ascii_whitespace() => Format::Binary,
        _ => Format::Text,
    }
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A lemma to check and add.
    Add,
    /// A clause to delete.
    Delete,
}

/// One proof step; its literals are in the vector given to [`ProofReader::next_step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Lemma or deletion.
    pub kind: StepKind,
    /// Where the step starts.
    pub position: Position,
}

/// A streaming reader of DRAT steps.
pub struct ProofReader<R> {
    input: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// Bytes consumed before `buf[0]`.
    base: u64,
    /// Current 1-based line (text only).
    line: u64,
    format: Format,
}

impl<R: Read> ProofReader<R> {
    /// A reader of `input`; `format` forces an encoding, `None` detects it.
    pub fn new(input: R, format: Option<Format>) -> Result<ProofReader<R>, Error> {
        let mut reader = ProofReader {
            input,
            buf: vec![0; 1 << 16].into_boxed_slice(),
            pos: 0,
            len: 0,
            base: 0,
            line: 1,
            format: Format::Text,
        };
        while reader.len < DETECT_WINDOW && reader.read_more()? {}
        reader.format = format.unwrap_or_else(|| detect(&reader.buf[..reader.len]));
        Ok(reader)
    }

    /// The encoding being read.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Reads the next step into `lits` (cleared first); `None` at the end.
    pub fn next_step(&mut self, lits: &mut Vec<Lit>) -> Result<Option<Step>, Error> {
        lits.clear();
        match self.format {
            Format::Text => self.next_text(lits),
            Format::Binary => self.next_binary(lits),
        }
    }

    /// Appends bytes to the buffer (moving the unread tail to the front when
    /// the buffer is full); false at the end of the input.
    fn read_more(&mut self) -> Result<bool, Error> {
        if self.len == self.buf.len() {
            self.buf.copy_within(self.pos..self.len, 0);
            self.base += self.pos as u64;
            self.len -= self.pos;
            self.pos = 0;
        }
        loop {
            match self.input.read(&mut self.buf[self.len..]) {
                Ok(n) => {
                    self.len += n;
                    return Ok(n > 0);
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::Io(e)),
            }
        }
    }

    #[inline]
    fn peek(&mut self) -> Result<Option<u8>, Error> {
        if self.pos == self.len && !self.read_more()? {
            return Ok(None);
        }
        Ok(Some(self.buf[self.pos]))
    }

    fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    fn next_text(&mut self, lits: &mut Vec<Lit>) -> Result<Option<Step>, Error> {
        let mut step: Option<Step> = None;
        loop {
            let Some(byte) = self.peek()? else {
                return match step {
                    Some(step) => Err(Error::Unterminated {
                        position: step.position,
                    }),
                    None => Ok(None),
                };
            };
            let position = Position::Line(self.line);
            match byte {
                b'\n' => {
                    self.line += 1;
                    self.pos += 1;
                }
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => self.pos += 1,
                b'c' => self.skip_line()?,
                b'd' => {
                    if step.is_some() {
                        return Err(Error::MisplacedDelete { position });
                    }
                    self.pos += 1;
                    self.end_of_token(position, "d")?;
                    step = Some(Step {
                        kind: StepKind::Delete,
                        position,
                    });
                }
                b'-' | b'0'..=b'9' => {
                    let step = *step.get_or_insert(Step {
                        kind: StepKind::Add,
                        position,
                    });
                    match self.text_literal(position)? {
                        Some(lit) => lits.push(lit),
                        None => return Ok(Some(step)),
                    }
                }
                other => {
                    return Err(Error::BadToken {
                        position,
                        found: describe(other),
                    })
                }
            }
        }
    }

    /// Skips a comment up to (not including) the end of its line.
    fn skip_line(&mut self) -> Result<(), Error> {
        while let Some(byte) = self.peek()? {
            if byte == b'\n' {
                break;
            }
            self.pos += 1;
        }
        Ok(())
    }

    /// Errors unless the next byte ends a token (whitespace or the end).
    fn end_of_token(&mut self, position: Position, token: &str) -> Result<(), Error> {
        match self.peek()? {
            None => Ok(()),
            Some(b) if b.is_ascii_whitespace() || b == b'\x0b' => Ok(()),
            Some(b) => Err(Error::BadToken {
                position,
                found: format!("`{token}` followed by {}", describe(b)),
            }),
        }
    }

    /// Reads a signed integer; `None` for 0 (the end of the clause).
    fn text_literal(&mut self, position: Position) -> Result<Option<Lit>, Error> {
        let negative = self.peek()? == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let (mut value, mut digits) = (0u64, 0usize);
        while let Some(b @ b'0'..=b'9') = self.peek()? {
            value = (value * 10 + u64::from(b - b'0')).min(u64::from(u32::MAX) + 1);
            digits += 1;
            self.pos += 1;
        }
        let sign = if negative { "-" } else { "" };
        if digits == 0 {
            return Err(Error::BadToken {
                position,
                found: "`-` without digits".to_owned(),
            });
        }
        self.end_of_token(position, "integer")?;
        if value == 0 {
            return Ok(None);
        }
        let var = u32::try_from(value).ok().and_then(Var::from_dimacs);
        match var {
            Some(var) => Ok(Some(Lit::new(var, negative))),
            None => Err(Error::LiteralOutOfRange {
                position,
                value: if value > u64::from(u32::MAX) {
                    format!("{sign}{}...", u32::MAX)
                } else {
                    format!("{sign}{value}")
                },
            }),
        }
    }

    fn next_binary(&mut self, lits: &mut Vec<Lit>) -> Result<Option<Step>, Error> {
        let position = Position::Byte(self.offset());
        let kind = match self.peek()? {
            None => return Ok(None),
            Some(b'a') => StepKind::Add,
            Some(b'd') => StepKind::Delete,
            Some(byte) => return Err(Error::BadStep { position, byte }),
        };
        self.pos += 1;
        loop {
            let at = Position::Byte(self.offset());
            let code = self.varint(position, at)?;
            if code == 0 {
                return Ok(Some(Step { kind, position }));
            }
            let var = u32::try_from(code >> 1).ok().and_then(Var::from_dimacs);
            match var {
                Some(var) => lits.push(Lit::new(var, code & 1 == 1)),
                None => {
                    return Err(Error::LiteralOutOfRange {
                        position: at,
                        value: format!("code {code}"),
                    })
                }
            }
        }
    }

    /// Reads one varint of at most five bytes (enough for every code
    /// `2 * var + 1` with `var < 2^31`); `step` is where the step began.
    fn varint(&mut self, step: Position, at: Position) -> Result<u64, Error> {
        let mut code = 0u64;
        for shift in (0..35).step_by(7) {
            let Some(byte) = self.peek()? else {
                return Err(Error::Unterminated { position: step });
            };
            self.pos += 1;
            code |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(code);
            }
        }
        Err(Error::LiteralOutOfRange {
            position: at,
            value: "a varint longer than five bytes".to_owned(),
        })
    }
}

/// A byte for an error message: the character in backquotes when printable,
/// else its hex value.
fn describe(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("`{}`", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}
