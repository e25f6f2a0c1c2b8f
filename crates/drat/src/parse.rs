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
                    if !self.at_token_end()? {
                        return Err(self.bad_token(position, TokenText::from(b"d")));
                    }
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
                _ => return Err(self.bad_token(position, TokenText::default())),
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

    /// Whether the next byte ends a token (whitespace or the end).
    fn at_token_end(&mut self) -> Result<bool, Error> {
        Ok(self.peek()?.is_none_or(is_space))
    }

    /// The error for a malformed token whose first bytes, `read`, were
    /// consumed: the rest of it (up to whitespace) is read too, so the
    /// message quotes the token as the proof has it.
    fn bad_token(&mut self, position: Position, mut read: TokenText) -> Error {
        while !read.more {
            match self.peek() {
                Ok(Some(b)) if !is_space(b) => {
                    read.push(b);
                    self.pos += 1;
                }
                Ok(_) => break,
                Err(e) => return e,
            }
        }
        Error::BadToken {
            position,
            found: format!("`{}`", read.shown()),
        }
    }

    /// Reads a signed integer; `None` for 0 (the end of the clause).
    fn text_literal(&mut self, position: Position) -> Result<Option<Lit>, Error> {
        let mut text = TokenText::default();
        let negative = self.peek()? == Some(b'-');
        if negative {
            text.push(b'-');
            self.pos += 1;
        }
        let (mut value, mut digits) = (0u64, 0usize);
        while let Some(b @ b'0'..=b'9') = self.peek()? {
            value = (value * 10 + u64::from(b - b'0')).min(u64::from(u32::MAX) + 1);
            digits += 1;
            text.push(b);
            self.pos += 1;
        }
        if digits == 0 || !self.at_token_end()? {
            return Err(self.bad_token(position, text));
        }
        if value == 0 {
            return Ok(None);
        }
        let var = u32::try_from(value).ok().and_then(Var::from_dimacs);
        match var {
            Some(var) => Ok(Some(Lit::new(var, negative))),
            None => Err(Error::LiteralOutOfRange {
                position,
                value: text.shown(),
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
            let varint = self.varint(position, at)?;
            let code = varint.code;
            if code == 0 {
                return Ok(Some(Step { kind, position }));
            }
            let var = u32::try_from(code >> 1).ok().and_then(Var::from_dimacs);
            match var {
                Some(var) => lits.push(Lit::new(var, code & 1 == 1)),
                None => {
                    let (bytes, var) = (varint.shown(), code >> 1);
                    return Err(Error::LiteralOutOfRange {
                        position: at,
                        value: format!("{bytes} (code {code}: variable {var})"),
                    });
                }
            }
        }
    }

    /// Reads one varint of at most five bytes (enough for every code
    /// `2 * var + 1` with `var < 2^31`); `step` is where the step began.
    fn varint(&mut self, step: Position, at: Position) -> Result<Varint, Error> {
        let mut varint = Varint::default();
        for shift in (0..35).step_by(7) {
            let Some(byte) = self.peek()? else {
                return Err(Error::Unterminated { position: step });
            };
            self.pos += 1;
            varint.bytes[varint.len] = byte;
            varint.len += 1;
            varint.code |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(varint);
            }
        }
        Err(Error::LiteralOutOfRange {
            position: at,
            value: format!("{}... (a varint longer than five bytes)", varint.shown()),
        })
    }
}

/// One binary literal as read: its code and its bytes.
#[derive(Default)]
struct Varint {
    code: u64,
    bytes: [u8; 5],
    len: usize,
}

impl Varint {
    /// The bytes as the proof has them: `0x82 0x80 0x10`.
    fn shown(&self) -> String {
        let hex: Vec<String> = self.bytes[..self.len]
            .iter()
            .map(|b| format!("0x{b:02x}"))
            .collect();
        hex.join(" ")
    }
}

/// Whether `byte` separates text tokens.
fn is_space(byte: u8) -> bool {
    byte.is_ascii_whitespace() || byte == b'\x0b'
}

/// The bytes of a text token kept for a message: its first
/// [`TokenText::KEPT`], and whether more followed.
#[derive(Default)]
struct TokenText {
    bytes: [u8; TokenText::KEPT],
    len: usize,
    more: bool,
}

impl TokenText {
    /// Bytes of a token a message quotes.
    const KEPT: usize = 32;

    fn from(bytes: &[u8]) -> TokenText {
        let mut text = TokenText::default();
        bytes.iter().for_each(|&b| text.push(b));
        text
    }

    #[inline]
    fn push(&mut self, byte: u8) {
        match self.bytes.get_mut(self.len) {
            Some(slot) => {
                *slot = byte;
                self.len += 1;
            }
            None => self.more = true,
        }
    }

    /// The token as a message shows it: unprintable bytes escaped (`\x00`,
    /// `\xc3\xa9`), `...` after a cut.
    fn shown(&self) -> String {
        let mut shown = self.bytes[..self.len].escape_ascii().to_string();
        if self.more {
            shown.push_str("...");
        }
        shown
    }
}
