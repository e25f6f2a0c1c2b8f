//! Writing output files safely: to a temporary file in the same folder, then
//! renamed over the target, so a failure never leaves a half-written file.
//! Compression follows the name: `.gz` is gzip, `.xz` is xz.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::Context;
use flate2::write::GzEncoder;
use xz2::write::XzEncoder;

/// Compression chosen by an output file's extension.
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
    /// The compression for `path`'s extension.
    pub fn for_path(path: &Path) -> Compression {
        match path.extension().and_then(|e| e.to_str()) {
            Some("gz") => Compression::Gzip,
            Some("xz") => Compression::Xz,
            _ => Compression::None,
        }
    }
}

/// Writes through `write` to `path` (`-` is stdout, never compressed),
/// compressed by extension, via a temporary file renamed into place.
pub fn write_file<F>(path: &Path, write: F) -> anyhow::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    if path.as_os_str() == "-" {
        let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
        write(&mut out).and_then(|()| out.flush())?;
        return Ok(());
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let fail = || format!("cannot write {}", path.display());
    let mut tmp = tempfile::Builder::new()
        .prefix(".satoku-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .with_context(fail)?;
    {
        let file = BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
        encode(file, Compression::for_path(path), write).with_context(fail)?;
    }
    tmp.as_file().sync_all().with_context(fail)?;
    #[cfg(unix)]
    {
        use std::fs;
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o644)).with_context(fail)?;
    }
    tmp.persist(path).map_err(|e| e.error).with_context(fail)?;
    Ok(())
}

fn encode<W, F>(out: W, compression: Compression, write: F) -> io::Result<()>
where
    W: Write,
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    match compression {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn compression_follows_the_extension() {
        assert_eq!(
            Compression::for_path(Path::new("a.cnf.gz")),
            Compression::Gzip
        );
        assert_eq!(Compression::for_path(Path::new("a.xz")), Compression::Xz);
        assert_eq!(Compression::for_path(Path::new("a.cnf")), Compression::None);
    }

    #[test]
    fn a_failed_write_leaves_neither_output_nor_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.cnf");
        fs::write(&target, "old\n").unwrap();
        let result = write_file(&target, |w| {
            w.write_all(b"p cnf 1 1\n")?;
            Err(io::Error::other("disk on fire"))
        });
        assert!(result.is_err());
        assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn writes_plain_gzip_and_xz() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["a.cnf", "a.cnf.gz", "a.cnf.xz"] {
            let target = dir.path().join(name);
            write_file(&target, |w| w.write_all(b"p cnf 0 0\n")).unwrap();
            let parsed = satoku_dimacs::parse_path(&target, &Default::default()).unwrap();
            assert_eq!(parsed.cnf.num_clauses(), 0);
        }
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 3);
    }
}
