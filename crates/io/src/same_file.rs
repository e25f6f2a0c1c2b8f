//! Checking output paths before any work: none may be one of the inputs,
//! name the same file as another output, be a directory, be a file the
//! user may not write, or lie in a folder that does not exist or that the
//! user may not write in (an error before the work, rather than after a
//! long run). Paths are compared by the file they name (device and inode
//! on Unix), so `x`, `./x`, a hard link to `x` and a
//! symbolic link to `x` are all `x`. `-` is stdin among the inputs and
//! stdout among the outputs, compared by the file behind it
//! (`satoku convert - out.cnf < out.cnf`). Only regular files count: two
//! outputs to `/dev/null`, or a FIFO read and written, lose no data.

use std::fs::OpenOptions;
use std::path::Path;

use crate::output_file::{follow_links, without_temp_path};
use crate::signals::TempGuard;
use crate::Error;

/// A regular file's identity; for a file not there yet, its folder's
/// identity and its name (two outputs may name it).
#[derive(Clone, Debug, PartialEq, Eq)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(std::path::PathBuf),
    New(Box<FileId>, std::ffi::OsString),
}

/// Refuses (before any work) an output that is one of the inputs, that
/// another output names too, that is a directory, that cannot be written,
/// or whose folder does not exist or cannot take a file.
pub fn check_outputs(inputs: &[&Path], outputs: &[&Path]) -> Result<(), Error> {
    let inputs: Vec<(FileId, &Path)> = inputs
        .iter()
        .filter_map(|&p| identity(p, "/dev/stdin").map(|id| (id, p)))
        .collect();
    let mut earlier: Vec<(FileId, &Path)> = Vec::new();
    for &output in outputs {
        check_place(output)?;
        let Some(id) = identity(output, "/dev/stdout").or_else(|| new_file(output)) else {
            continue;
        };
        if let Some((_, input)) = inputs.iter().find(|(i, _)| *i == id) {
            return Err(Error::OverInput {
                output: shown(output, "stdout"),
                input: shown(input, "stdin"),
            });
        }
        if let Some((_, other)) = earlier.iter().find(|(o, _)| *o == id) {
            return Err(Error::SameOutput {
                output: shown(output, "stdout"),
                other: shown(other, "stdout"),
            });
        }
        earlier.push((id, output));
    }
    Ok(())
}

/// Whether both paths name one existing regular file (symbolic links
/// followed; by device and inode on Unix, so that a hard link counts too).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (identity(a, "/dev/stdin"), identity(b, "/dev/stdout")) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// Refuses a directory, a path that cannot be resolved (a loop of links),
/// a regular file the user may not write, and a new file (also one a
/// dangling symbolic link names) in a folder that does not exist or that
/// the user may not write in: the write after the work would fail.
fn check_place(output: &Path) -> Result<(), Error> {
    if output.as_os_str() == "-" {
        return Ok(());
    }
    let path = output.to_path_buf();
    match std::fs::metadata(output) {
        Ok(meta) if meta.is_dir() => Err(Error::IsADirectory { path }),
        // Opened without truncating, as the write will open it; a device
        // or FIFO is not opened before its time.
        Ok(meta) if meta.is_file() => match OpenOptions::new().write(true).open(output) {
            Ok(_) => Ok(()),
            Err(e) => Err(cannot_write(output, e)),
        },
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => check_new(output),
        Err(cause) => Err(Error::Open { path, cause }),
    }
}

/// Refuses a new file whose folder (that of the link's target, for a
/// dangling symbolic link) does not exist or cannot take a file: a
/// temporary file is created there and removed, as the write will create one.
fn check_new(output: &Path) -> Result<(), Error> {
    let target = follow_links(output).map_err(|cause| Error::Open {
        path: output.to_path_buf(),
        cause,
    })?;
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if !std::fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
        return Err(Error::NoFolder {
            path: output.to_path_buf(),
            folder: dir.to_path_buf(),
        });
    }
    let probe = || {
        tempfile::Builder::new()
            .prefix(".satoku-")
            .suffix(".tmp")
            .tempfile_in(dir)
    };
    match TempGuard::create(probe, |t| t.path()) {
        Ok(_) => Ok(()),
        Err(e) => Err(cannot_write(output, e)),
    }
}

/// `cannot write PATH: CAUSE`, as the shell's `>` says it: the system's
/// reason alone, not the path of the probe file that met it.
fn cannot_write(output: &Path, err: std::io::Error) -> Error {
    Error::Unwritable {
        path: output.to_path_buf(),
        cause: without_temp_path(err),
    }
}

/// How a path is named in a message: `-` as `dash`.
fn shown(path: &Path, dash: &str) -> String {
    if path.as_os_str() == "-" {
        dash.to_owned()
    } else {
        path.display().to_string()
    }
}

/// The identity of the regular file `path` names (symbolic links followed;
/// `-` is the file behind `dash`); `None` for anything else or nothing.
fn identity(path: &Path, dash: &str) -> Option<FileId> {
    let path = if path.as_os_str() == "-" {
        Path::new(dash)
    } else {
        path
    };
    let meta = std::fs::metadata(path).ok().filter(|m| m.is_file())?;
    id_of(path, &meta)
}

/// The identity of a file `path` would create: its folder's and its name.
fn new_file(path: &Path) -> Option<FileId> {
    if path.as_os_str() == "-" || std::fs::symlink_metadata(path).is_ok() {
        return None;
    }
    let name = path.file_name()?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let meta = std::fs::metadata(dir).ok()?;
    Some(FileId::New(Box::new(id_of(dir, &meta)?), name.to_owned()))
}

#[cfg(unix)]
fn id_of(_path: &Path, meta: &std::fs::Metadata) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    Some(FileId::Inode(meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn id_of(path: &Path, _meta: &std::fs::Metadata) -> Option<FileId> {
    std::fs::canonicalize(path).ok().map(FileId::Path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_files::file_with;

    #[cfg(unix)]
    #[test]
    fn links_and_spellings_of_an_input_are_the_input() {
        let (dir, input) = file_with("in.cnf", "p cnf 0 0\n");
        let hard = dir.path().join("hard.cnf");
        std::fs::hard_link(&input, &hard).unwrap();
        let soft = dir.path().join("soft.cnf");
        std::os::unix::fs::symlink(&input, &soft).unwrap();
        let dotted = dir.path().join(".").join("in.cnf");
        for output in [&input, &hard, &soft, &dotted] {
            let err = check_outputs(&[&input], &[output]).unwrap_err();
            assert!(
                err.to_string().contains("refusing to write over an input"),
                "{err}"
            );
        }
        let fresh = dir.path().join("new.cnf");
        check_outputs(&[&input], &[&fresh]).unwrap();
    }

    #[test]
    fn same_file_is_one_existing_regular_file_however_named() {
        let (dir, input) = file_with("in.cnf", "p cnf 0 0\n");
        let dotted = dir.path().join(".").join("in.cnf");
        assert!(same_file(&input, &dotted));
        let (_other_dir, other) = file_with("in.cnf", "p cnf 0 0\n");
        assert!(!same_file(&input, &other));
        assert!(!same_file(&input, &dir.path().join("missing.cnf")));
        assert!(!same_file(Path::new("/dev/null"), Path::new("/dev/null")));
    }

    #[test]
    fn two_outputs_to_one_file_are_refused_but_devices_are_not() {
        let (dir, out) = file_with("out.txt", "");
        let err = check_outputs(&[], &[&out, &out]).unwrap_err();
        assert!(err.to_string().contains("are the same file"), "{err}");
        let null = Path::new("/dev/null");
        check_outputs(&[null], &[null, null]).unwrap();
        let new = dir.path().join("new.txt");
        let spelled = dir.path().join(".").join("new.txt");
        let err = check_outputs(&[], &[&new, &spelled]).unwrap_err();
        assert!(err.to_string().contains("are the same file"), "{err}");
    }

    #[test]
    fn a_directory_or_a_missing_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = check_outputs(&[], &[dir.path()]).unwrap_err();
        assert!(err.to_string().ends_with("is a directory"), "{err}");
        let lost = dir.path().join("missing").join("out.csv");
        let err = check_outputs(&[], &[&lost]).unwrap_err();
        assert!(err.to_string().contains(": no folder "), "{err}");
        check_outputs(&[], &[Path::new("-"), Path::new("new-file-here.csv")]).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_probe_file_s_error_is_told_without_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let err = tempfile::Builder::new()
            .tempfile_in(dir.path().join("gone"))
            .unwrap_err();
        assert!(err.to_string().contains("at path"), "{err}");
        let enoent = std::io::Error::from_raw_os_error(2);
        assert_eq!(
            cannot_write(Path::new("x.res"), err).to_string(),
            format!("cannot write x.res: {enoent}")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_dangling_link_into_a_missing_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("out.res");
        std::os::unix::fs::symlink(dir.path().join("gone").join("x.res"), &link).unwrap();
        let err = check_outputs(&[], &[&link]).unwrap_err();
        assert!(err.to_string().contains(": no folder "), "{err}");
        assert!(err.to_string().ends_with("gone"), "{err}");
        let fine = dir.path().join("fine.res");
        std::os::unix::fs::symlink(dir.path().join("x.res"), &fine).unwrap();
        check_outputs(&[], &[&fine]).unwrap();
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 2, "the probe file is removed");
    }

    #[cfg(unix)]
    #[test]
    fn a_loop_of_links_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        let err = check_outputs(&[], &[&a]).unwrap_err();
        assert!(err.to_string().contains("symbolic links"), "{err}");
    }
}
