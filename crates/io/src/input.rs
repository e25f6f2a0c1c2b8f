//! Opening the inputs named on a command line, told alike in every
//! command: `-` is stdin, a path that cannot be opened or is a directory
//! is an [`Error`] naming it (`PATH: is a directory`, as the DIMACS reader
//! tells it).

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::Error;

/// Opens the input file `path` to be read: one that cannot be opened, or a
/// directory (which opens on Unix and fails at the first read), is an error.
pub fn open_file(path: &Path) -> Result<File, Error> {
    let file = File::open(path).map_err(|cause| Error::Open {
        path: path.to_path_buf(),
        cause,
    })?;
    match file.metadata() {
        Ok(meta) if meta.is_dir() => Err(Error::IsADirectory {
            path: path.to_path_buf(),
        }),
        _ => Ok(file),
    }
}

/// Opens the input `path` (`-` is stdin) to be read, as [`open_file`].
pub fn open_input(path: &Path) -> Result<Box<dyn Read>, Error> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    Ok(Box::new(open_file(path)?))
}

/// Refuses two inputs of one command both named `-`: the first would read
/// stdin to its end and the second an empty stream, and the command would
/// answer about an empty file (`check-proof - -`: `s NOT VERIFIED`).
/// `inputs` are (how the usage names it, path) pairs.
pub fn stdin_once(inputs: &[(&str, &Path)]) -> Result<(), Error> {
    let mut dashes = inputs
        .iter()
        .filter(|(_, path)| path.as_os_str() == "-")
        .map(|(name, _)| *name);
    match (dashes.next(), dashes.next()) {
        (Some(first), Some(second)) => Err(Error::StdinTwice {
            first: first.to_owned(),
            second: second.to_owned(),
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdin_feeds_one_input_only() {
        let (dash, file) = (Path::new("-"), Path::new("f.cnf"));
        assert!(stdin_once(&[("FILE", dash), ("MODEL", file)]).is_ok());
        assert!(stdin_once(&[("FILE", file), ("MODEL", file)]).is_ok());
        let err = stdin_once(&[("FILE", dash), ("MODEL", dash)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "FILE and MODEL are both `-`: stdin can be only one of them"
        );
    }

    #[test]
    fn a_directory_or_a_missing_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let err = open_file(dir.path()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{}: is a directory", dir.path().display())
        );
        let missing = dir.path().join("missing.cnf");
        let Err(Error::Open { path, cause }) = open_input(&missing) else {
            panic!("a missing file opened");
        };
        assert_eq!(
            (path, cause.kind()),
            (missing, std::io::ErrorKind::NotFound)
        );
    }
}
