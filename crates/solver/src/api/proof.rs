//! DRAT proof output (Wetzler, Heule and Hunt 2014).
//!
//! Every learnt clause is written as a lemma when it is learnt, and every
//! deleted clause as a deletion when it is deleted, so each deletion comes
//! after the lemmas that needed it. Text lines are `1 -2 0` and `d 1 -2 0`;
//! the binary format writes `a`/`d` then each literal as the variable-length
//! unsigned integer `2 * var + negated` (var 1-based), then `0`.

use std::io::{self, BufWriter, Write};
use std::sync::{Arc, Mutex};

use satoku_formula::Lit;

/// A proof kept in memory, readable while the solver holds a clone:
/// `solver.set_proof(Box::new(buf.clone()), format)`, then, after
/// [`Solver::finish_proof`](crate::Solver::finish_proof), `buf.bytes()` (for
/// the DRAT checker, a test, or a page that shows the proof).
#[derive(Clone, Debug, Default)]
pub struct ProofBuffer(Arc<Mutex<Vec<u8>>>);

impl ProofBuffer {
    /// A copy of everything written so far.
    pub fn bytes(&self) -> Vec<u8> {
        self.lock().clone()
    }

    /// Everything written so far, leaving the buffer empty.
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.lock())
    }

    /// The bytes, also after a panic while another clone held them (the
    /// buffer is only ever appended to, so it is never left inconsistent).
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<u8>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Write for ProofBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.lock().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// DRAT flavour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ProofFormat {
    /// Text DRAT.
    #[default]
    Text,
    /// Binary DRAT.
    Binary,
}

/// Where the solver logs its proof: nowhere, or a [`Proof`].
#[derive(Default)]
pub struct ProofSink(Option<Proof>);

impl ProofSink {
    /// Starts writing a proof to `out`.
    pub fn start(&mut self, out: Box<dyn Write + Send>, format: ProofFormat) {
        self.0 = Some(Proof::new(out, format));
    }

    /// Whether a proof is being written.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// Logs a lemma, if a proof is being written.
    #[inline]
    pub fn add(&mut self, lits: &[Lit]) {
        if let Some(p) = self.0.as_mut() {
            p.add(lits);
        }
    }

    /// Logs a deletion, if a proof is being written.
    #[inline]
    pub fn delete(&mut self, lits: &[Lit]) {
        if let Some(p) = self.0.as_mut() {
            p.delete(lits);
        }
    }

    /// Flushes buffered output (errors are kept for `finish`).
    pub fn flush(&mut self) {
        if let Some(p) = self.0.as_mut() {
            p.flush();
        }
    }

    /// Flushes and returns the first write error, if any.
    pub fn finish(&mut self) -> io::Result<()> {
        self.0.as_mut().map_or(Ok(()), Proof::finish)
    }

    /// Stops writing: flushes and hands back the writer, or the first
    /// write error. `None` when no proof was being written.
    pub fn take(&mut self) -> Option<io::Result<Box<dyn Write + Send>>> {
        self.0.take().map(Proof::into_writer)
    }
}

/// A proof being written. Write errors are kept and reported by `finish`.
pub struct Proof {
    out: BufWriter<Box<dyn Write + Send>>,
    format: ProofFormat,
    error: Option<io::Error>,
}

impl Proof {
    /// A proof written to `out`.
    pub fn new(out: Box<dyn Write + Send>, format: ProofFormat) -> Proof {
        Proof {
            out: BufWriter::with_capacity(1 << 16, out),
            format,
            error: None,
        }
    }

    /// Logs a lemma.
    pub fn add(&mut self, lits: &[Lit]) {
        self.write(b'a', lits);
    }

    /// Logs a deletion.
    pub fn delete(&mut self, lits: &[Lit]) {
        self.write(b'd', lits);
    }

    fn write(&mut self, kind: u8, lits: &[Lit]) {
        if self.error.is_some() {
            return;
        }
        let result = match self.format {
            ProofFormat::Text => write_text(&mut self.out, kind, lits),
            ProofFormat::Binary => write_binary(&mut self.out, kind, lits),
        };
        if let Err(e) = result {
            self.error = Some(e);
        }
    }

    /// Flushes buffered output (errors are kept for `finish`).
    pub fn flush(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
        }
    }

    /// Flushes and returns the first write error, if any.
    pub fn finish(&mut self) -> io::Result<()> {
        self.flush();
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

impl Proof {
    /// Flushes and hands back the writer, or the first write error.
    pub fn into_writer(mut self) -> io::Result<Box<dyn Write + Send>> {
        self.finish()?;
        self.out.into_inner().map_err(|e| e.into_error())
    }
}

fn write_text(out: &mut impl Write, kind: u8, lits: &[Lit]) -> io::Result<()> {
    if kind == b'd' {
        out.write_all(b"d ")?;
    }
    let mut num = itoa::Buffer::new();
    for &lit in lits {
        out.write_all(num.format(lit.to_dimacs()).as_bytes())?;
        out.write_all(b" ")?;
    }
    out.write_all(b"0\n")
}

fn write_binary(out: &mut impl Write, kind: u8, lits: &[Lit]) -> io::Result<()> {
    out.write_all(&[kind])?;
    for &lit in lits {
        let mut x = 2 * u64::from(lit.var().to_dimacs()) + u64::from(lit.is_negated());
        while x > 127 {
            out.write_all(&[(x & 127) as u8 | 128])?;
            x >>= 7;
        }
        out.write_all(&[x as u8])?;
    }
    out.write_all(&[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_format() {
        let buf = ProofBuffer::default();
        let mut p = Proof::new(Box::new(buf.clone()), ProofFormat::Text);
        p.add(&Lit::vec_from_dimacs(&[1, -20]));
        p.delete(&Lit::vec_from_dimacs(&[3]));
        p.add(&[]);
        p.finish().unwrap();
        assert_eq!(
            String::from_utf8(buf.bytes()).unwrap(),
            "1 -20 0\nd 3 0\n0\n"
        );
    }

    #[test]
    fn the_writer_comes_back_after_a_flush() {
        let buf = ProofBuffer::default();
        let mut sink = ProofSink::default();
        assert!(sink.take().is_none());
        sink.start(Box::new(buf.clone()), ProofFormat::Text);
        sink.add(&Lit::vec_from_dimacs(&[2]));
        assert!(buf.bytes().is_empty());
        let mut out = sink.take().unwrap().unwrap();
        assert_eq!(buf.bytes(), b"2 0\n");
        out.write_all(b"c end\n").unwrap();
        assert!(!sink.is_on());
    }

    #[test]
    fn binary_format() {
        let buf = ProofBuffer::default();
        let mut p = Proof::new(Box::new(buf.clone()), ProofFormat::Binary);
        p.add(&Lit::vec_from_dimacs(&[1, -64]));
        p.delete(&Lit::vec_from_dimacs(&[2]));
        p.finish().unwrap();
        // 1 -> 2; -64 -> 129 = 0x81 0x01; 2 -> 4.
        assert_eq!(buf.bytes(), vec![b'a', 2, 0x81, 0x01, 0, b'd', 4, 0]);
    }
}
