//! Writing output files safely. `-` and the names of this process's
//! stdout (`/dev/stdout`) are written through the one stdout writer
//! ([`stdout`](crate::stdout)).
//!
//! A regular file (new or old) is written to a temporary file in its
//! folder, then renamed over it, so a failure or a signal never leaves a
//! half-written file (the temporary file is removed on every signal). An
//! existing file keeps its mode (and, where allowed, its owner); a new one
//! gets the mode the umask gives. A symbolic link is followed and its
//! target written that way; a device, FIFO or socket is written in place,
//! never replaced. [`check_outputs`](crate::check_outputs) keeps outputs
//! off the inputs (and out of missing or unwritable places) before any work.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::signals::TempGuard;
use crate::{stdout, Error};

/// Links followed at most, as the kernel's own limit (`ELOOP`).
const MAX_LINKS: usize = 40;

/// Writes through `write` to `path`: see the module documentation for how
/// each kind of path is written. A reader of stdout that went away is no
/// error: `write` then fails with `BrokenPipe`, and so stops early.
pub fn write_file<F>(path: &Path, write: F) -> Result<(), Error>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    if path.as_os_str() == "-" || names_stdout(path) {
        return match write(&mut stdout::Product) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            other => other.map_err(Error::Stdout),
        };
    }
    let fail = |cause| Error::Write {
        path: path.to_path_buf(),
        cause,
    };
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(Error::IsADirectory {
            path: path.to_path_buf(),
        }),
        Ok(meta) if !meta.is_file() => in_place(path, write).map_err(fail),
        Ok(meta) => over_file(path, &meta, write).map_err(fail),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let target = follow_links(path).map_err(fail)?;
            replace(&target, None, write).map_err(fail)
        }
        Err(e) => Err(fail(e)),
    }
}

/// Writes over the regular file `path` names (`meta` is its metadata,
/// symbolic links followed).
fn over_file<F>(path: &Path, meta: &Metadata, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let target = follow_links(path)?;
    if names_file(&target, meta) {
        // Refused as the shell's `>` refuses it: the rename would
        // replace a file the user may not write.
        OpenOptions::new().write(true).open(&target)?;
        replace(&target, Some(meta), write)
    } else {
        // A link the kernel resolves by itself (`/dev/stdout`).
        in_place(path, write)
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
fn in_place<F>(path: &Path, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let file = OpenOptions::new().write(true).truncate(true).open(path)?;
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    out.flush()
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
fn replace<F>(target: &Path, old: Option<&Metadata>, write: F) -> io::Result<()>
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
            return in_place(target, write);
        }
        Err(e) => return Err(without_temp_path(e)),
    };
    let mut out = BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
    write(&mut out)?;
    out.flush()?;
    drop(out);
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

#[cfg(test)]
#[path = "output_file_tests.rs"]
mod tests;
