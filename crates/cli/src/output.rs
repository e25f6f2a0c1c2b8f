//! Output files: written by [`satoku_io::write_file`] (through a temporary
//! file renamed into place; `-` and `/dev/stdout` are stdout), compressed
//! by their name as [`Compression::for_path`] chooses: `.gz` is gzip, `.xz`
//! is xz, anything else (stdout included) plain text.

use std::io::{self, Write};
use std::path::Path;

use satoku_dimacs::Compression;
pub use satoku_io::check_outputs;

/// Writes through `write` to `path`, compressed by its extension.
pub fn write_file<F>(path: &Path, write: F) -> anyhow::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let compression = Compression::for_path(path);
    satoku_io::write_file(path, |out| compression.encode(out, write))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_plain_gzip_and_xz() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["a.cnf", "a.cnf.gz", "a.cnf.xz"] {
            let target = dir.path().join(name);
            write_file(&target, |w| w.write_all(b"p cnf 0 0\n")).unwrap();
            let parsed = satoku_dimacs::parse_path(&target, &Default::default()).unwrap();
            assert_eq!(parsed.cnf.num_clauses(), 0);
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }
}
