//! Compressed output (feature `compression`), the writing side of
//! `decompress.rs`: gzip or xz chosen by a file name's extension, as
//! `satoku convert in.cnf out.cnf.xz` writes it.

use std::io::{self, Write};
use std::path::Path;

use flate2::write::GzEncoder;
use xz2::write::XzEncoder;

/// Compression chosen by an output file's extension.
///
/// ```
/// use std::io::Write;
/// use std::path::Path;
/// use satoku_dimacs::{parse_reader, Compression, ParseOptions};
///
/// let compression = Compression::for_path(Path::new("out.cnf.gz"));
/// assert_eq!(compression, Compression::Gzip);
/// let mut gz = Vec::new();
/// compression.encode(&mut gz, |w| w.write_all(b"p cnf 1 1\n1 0\n"))?;
/// let parsed = parse_reader(&gz[..], "out.cnf.gz", &ParseOptions::default())?;
/// assert_eq!(parsed.cnf.num_clauses(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// gzip (`.gz`).
    Gzip,
    /// xz (`.xz`).
    Xz,
}

impl Compression {
    /// The compression for `path`'s extension (`-` has none).
    pub fn for_path(path: &Path) -> Compression {
        match path.extension().and_then(|e| e.to_str()) {
            Some("gz") => Compression::Gzip,
            Some("xz") => Compression::Xz,
            _ => Compression::None,
        }
    }

    /// Writes through `write` to `out`, compressed, and flushes `out`.
    pub fn encode<W, F>(self, out: W, write: F) -> io::Result<()>
    where
        W: Write,
        F: FnOnce(&mut dyn Write) -> io::Result<()>,
    {
        match self {
            Compression::None => {
                let mut out = out;
                write(&mut out)?;
                out.flush()
            }
            Compression::Gzip => {
                let mut enc = GzEncoder::new(out, flate2::Compression::default());
                write(&mut enc)?;
                enc.finish()?.flush()
            }
            Compression::Xz => {
                let mut enc = XzEncoder::new(out, 6);
                write(&mut enc)?;
                enc.finish()?.flush()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compression_follows_the_extension() {
        let of = |name: &str| Compression::for_path(Path::new(name));
        assert_eq!(of("a.cnf.gz"), Compression::Gzip);
        assert_eq!(of("a.xz"), Compression::Xz);
        assert_eq!(of("a.cnf"), Compression::None);
        assert_eq!(of("-"), Compression::None);
    }

    #[test]
    fn each_compression_reads_back() {
        for compression in [Compression::None, Compression::Gzip, Compression::Xz] {
            let mut out = Vec::new();
            let text = b"p cnf 2 1\n1 -2 0\n";
            compression.encode(&mut out, |w| w.write_all(text)).unwrap();
            let parsed = crate::parse_reader(&out[..], "x", &Default::default()).unwrap();
            assert_eq!(parsed.cnf.num_clauses(), 1, "{compression:?}");
        }
    }
}
