//! Writing output files safely. Compression follows the name given: `.gz`
//! is gzip, `.xz` is xz; `-` and `/dev/stdout` are stdout (never
//! compressed).
//!
//! A regular file (new or old) is written to a temporary file in its
//! folder, then renamed over it, so a failure or a signal never leaves a
//! half-written file (the temporary file is removed on every signal). An
//! existing file keeps its mode (and, where allowed, its owner); a new one
//! gets the mode the umask gives. A symbolic link is followed and its
//! target written that way; a device, FIFO or socket is written in place,
//! never replaced. [`check_outputs`] keeps outputs off the inputs (and out of
//! missing or unwritable places) before any work.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use flate2::write::GzEncoder;
use xz2::write::XzEncoder;

use crate::exit::BadInput;
pub use crate::same_file::check_outputs;
use crate::signals::TempGuard;
use crate::stdout;

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

/// Links followed at most, as the kernel's own limit (`ELOOP`).
const MAX_LINKS: usize = 40;

/// Writes through `write` to `path`, compressed by its extension: see the
/// module documentation for how each kind of path is written.
pub fn write_file<F>(path: &Path, write: F) -> anyhow::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    if path.as_os_str() == "-" || names_stdout(path) {
        return match write(&mut stdout::Product) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            other => Ok(other?),
        };
    }
    let fail = || format!("cannot write {}", path.display());
    let compression = Compression::for_path(path);
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            Err(BadInput(format!("{}: is a directory", path.display())).into())
        }
        Ok(meta) if !meta.is_file() => in_place(path, compression, write).with_context(fail),
        Ok(meta) => {
            let target = follow_links(path).with_context(fail)?;
            if names_file(&target, &meta) {
                // Refused as the shell's `>` refuses it: the rename would
                // replace a file the user may not write.
                OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .with_context(fail)?;
                replace(&target, Some(&meta), compression, write).with_context(fail)
            } else {
                // A link the kernel resolves by itself (`/dev/stdout`).
                in_place(path, compression, write).with_context(fail)
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let target = follow_links(path).with_context(fail)?;
            replace(&target, None, compression, write).with_context(fail)
        }
        Err(e) => Err(e).with_context(fail),
    }
}

/// Whether `path` is a name of this process's stdout: written through the
/// stdout writer, so `>>` keeps appending and a pipe is written in order.
fn names_stdout(path: &Path) -> bool {
    matches!(
        path.to_str(),
        Some("/dev/stdout" | "/dev/fd/1" | "/proc/self/fd/1")
    )
}

/// Writes into the file `path` opens, truncated (a device or FIFO ignores that).
fn in_place<F>(path: &Path, compression: Compression, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let file = OpenOptions::new().write(true).truncate(true).open(path)?;
    encode(BufWriter::new(file), compression, write)
}

/// Whether `path` names the file `meta` describes.
fn names_file(path: &Path, meta: &Metadata) -> bool {
    let Ok(other) = fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (other.dev(), other.ino()) == (meta.dev(), meta.ino())
    }
    #[cfg(not(unix))]
    {
        other.is_file() && meta.is_file()
    }
}

/// The path that symbolic links starting at `path` lead to (which need not
/// exist yet); an error after [`MAX_LINKS`] links (a loop).
pub(crate) fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Writes a temporary file beside `target` and renames it over `target`,
/// giving it the mode and owner of `old` (the file replaced, if any).
fn replace<F>(
    target: &Path,
    old: Option<&Metadata>,
    compression: Compression,
    write: F,
) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".satoku-").suffix(".tmp");
    #[cfg(unix)]
    {
        // Created with mode 0666: the kernel takes the umask off.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let (mut tmp, _guard) = match TempGuard::create(|| builder.tempfile_in(dir), |t| t.path()) {
        Ok(created) => created,
        // A folder we may not write in, holding a file we may: in place.
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied && old.is_some() => {
            return in_place(target, compression, write);
        }
        Err(e) => return Err(without_temp_path(e)),
    };
    encode(
        BufWriter::with_capacity(1 << 16, tmp.as_file_mut()),
        compression,
        write,
    )?;
    tmp.as_file().sync_all()?;
    if let Some(old) = old {
        keep_mode_and_owner(tmp.as_file(), old)?;
    }
    tmp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// The system's reason alone for a temporary file that could not be made,
/// as the shell's `>` says it: the `tempfile` crate appends the temporary
/// file's own path (` at path ".../.satoku-XXXX.tmp"`), a name the user never
/// gave. The kind and the system's text (`(os error N)`) are kept.
pub(crate) fn without_temp_path(err: io::Error) -> io::Error {
    if err.get_ref().is_none() {
        return err;
    }
    let text = err.to_string();
    match text.split_once(" at path ") {
        Some((cause, _)) => io::Error::new(err.kind(), cause.to_owned()),
        None => err,
    }
}

/// Gives `file` the permissions of `old` and, where the process may, its owner.
fn keep_mode_and_owner(file: &File, old: &Metadata) -> io::Result<()> {
    file.set_permissions(old.permissions())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let new = file.metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            // Only root may give a file away: elsewhere it stays the writer's.
            let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
        }
    }
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
#[path = "output_tests.rs"]
mod tests;
