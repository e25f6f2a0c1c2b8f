//! The `--proof` file, written whole lemmas at a time.
//!
//! The solver buffers its proof and hands it over in chunks that may end
//! inside a lemma. This writer passes on everything up to the last lemma
//! end seen (`\n` in text DRAT, the byte 0 in binary DRAT, where a literal's
//! varint never holds a zero byte) and keeps the rest until its end comes.
//! A run ended by a signal or its deadline [`ProofFile::seal`]s the file:
//! it then holds whole lemmas only, a well-formed proof. The file is
//! written in place (a FIFO or `/dev/stdout` works), so a new one gets the
//! umask's mode and an existing one keeps its own. A pipe whose reader went
//! away takes the rest of the proof silently, as stdout does.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use satoku_io::{lock, lock_within};
use satoku_solver::ProofFormat;

struct Aligned {
    file: File,
    /// Bytes after the last lemma end passed on.
    pending: Vec<u8>,
    /// The byte that ends a lemma.
    end: u8,
    /// The file is a pipe whose reader went away: writes are dropped.
    closed: bool,
}

impl Aligned {
    /// Writes `bytes` to the file, dropping them once its reader is gone.
    fn pass_on(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.file.write_all(bytes) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// A proof file shared by the solver (which writes it) and the thread that
/// may end the run (which seals it).
#[derive(Clone)]
pub struct ProofFile(Arc<Mutex<Aligned>>);

impl ProofFile {
    /// Creates (or truncates) the proof file at `path`.
    pub fn create(path: &Path, format: ProofFormat) -> io::Result<ProofFile> {
        let end = match format {
            ProofFormat::Text => b'\n',
            ProofFormat::Binary => 0,
        };
        Ok(ProofFile(Arc::new(Mutex::new(Aligned {
            file: File::create(path)?,
            pending: Vec::new(),
            end,
            closed: false,
        }))))
    }

    /// Stops every later write, leaving the whole lemmas written so far:
    /// for a thread about to end the process. Waits at most `patience` for
    /// a write in progress.
    pub fn seal(&self, patience: Duration) {
        if let Some(guard) = lock_within(&self.0, patience) {
            std::mem::forget(guard);
        }
    }
}

impl Write for ProofFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut inner = lock(&self.0);
        let end = inner.end;
        match bytes.iter().rposition(|&b| b == end) {
            None => inner.pending.extend_from_slice(bytes),
            Some(last) => {
                let pending = std::mem::take(&mut inner.pending);
                inner.pass_on(&pending)?;
                inner.pass_on(&bytes[..=last])?;
                inner.pending = pending;
                inner.pending.clear();
                inner.pending.extend_from_slice(&bytes[last + 1..]);
            }
        }
        Ok(bytes.len())
    }

    /// Flushes the file; an unfinished lemma stays pending.
    fn flush(&mut self) -> io::Result<()> {
        lock(&self.0).file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_lemmas_reach_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.drat");
        let mut proof = ProofFile::create(&path, ProofFormat::Text).unwrap();
        proof.write_all(b"1 -2 0\nd 3").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"1 -2 0\n");
        proof.write_all(b" 4 0\n-5").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"1 -2 0\nd 3 4 0\n");
        proof.seal(Duration::from_millis(10));
        assert_eq!(std::fs::read(&path).unwrap(), b"1 -2 0\nd 3 4 0\n");
    }

    #[test]
    fn binary_lemmas_end_at_a_zero_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.bin");
        let mut proof = ProofFile::create(&path, ProofFormat::Binary).unwrap();
        proof.write_all(&[b'a', 2, 0x83, 1, 0, b'd', 4]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), [b'a', 2, 0x83, 1, 0]);
    }
}
