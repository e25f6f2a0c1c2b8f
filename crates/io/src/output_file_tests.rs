//! Unit tests of `output_file.rs`: what each kind of target becomes.

use super::*;
use crate::test_files::file_with;
use std::fs;

#[test]
fn a_failed_write_leaves_neither_output_nor_temporary() {
    let (dir, target) = file_with("out.cnf", "old\n");
    let result = write_file(&target, |w| {
        w.write_all(b"p cnf 1 1\n")?;
        Err(io::Error::other("disk on fire"))
    });
    assert!(result.is_err());
    assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_new_file_is_made_and_an_old_one_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("a.cnf");
    write_file(&target, |w| w.write_all(b"p cnf 0 0\n")).unwrap();
    assert_eq!(fs::read_to_string(&target).unwrap(), "p cnf 0 0\n");
    write_file(&target, |w| w.write_all(b"p cnf 1 0\n")).unwrap();
    assert_eq!(fs::read_to_string(&target).unwrap(), "p cnf 1 0\n");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_missing_folder_is_told_without_the_temporary_file_s_name() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("gone").join("game.save");
    let err = write_file(&target, |w| w.write_all(b"x\n")).unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("at path"), "{text}");
    assert!(!text.contains(".satoku-"), "{text}");
    assert!(
        text.starts_with(&format!("cannot write {}: ", target.display())),
        "{text}"
    );
    let Error::Write { cause, .. } = &err else {
        panic!("not a write error: {err}");
    };
    assert_eq!(cause.kind(), io::ErrorKind::NotFound);
    assert!(err.is_bad_input());
}

#[cfg(unix)]
mod unix {
    use super::*;
    use std::os::unix::fs::{symlink, PermissionsExt};

    fn mode(path: &Path) -> u32 {
        fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_symlink_stays_a_link_and_its_target_is_written() {
        let (dir, real) = file_with("real.cnf", "old\n");
        let link = dir.path().join("link.cnf");
        symlink("real.cnf", &link).unwrap();
        write_file(&link, |w| w.write_all(b"new\n")).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new\n");
        let dangling = dir.path().join("dangling.cnf");
        symlink("made.cnf", &dangling).unwrap();
        write_file(&dangling, |w| w.write_all(b"made\n")).unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("made.cnf")).unwrap(),
            "made\n"
        );
    }

    #[test]
    fn a_symlink_loop_is_an_error_not_a_hang() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        symlink(&b, &a).unwrap();
        symlink(&a, &b).unwrap();
        let err = write_file(&a, |w| w.write_all(b"x")).unwrap_err();
        assert!(err.to_string().contains("symbolic links"), "{err}");
    }

    #[test]
    fn an_existing_file_keeps_its_mode() {
        let (_dir, target) = file_with("private.cnf", "old\n");
        fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
        write_file(&target, |w| w.write_all(b"new\n")).unwrap();
        assert_eq!(mode(&target), 0o600);
        fs::set_permissions(&target, fs::Permissions::from_mode(0o751)).unwrap();
        write_file(&target, |w| w.write_all(b"newer\n")).unwrap();
        assert_eq!(mode(&target), 0o751);
    }

    #[test]
    fn a_device_is_written_in_place() {
        write_file(Path::new("/dev/null"), |w| w.write_all(b"gone\n")).unwrap();
        let meta = fs::metadata("/dev/null").unwrap();
        assert!(!meta.is_file(), "/dev/null was replaced");
    }

    #[test]
    fn a_directory_is_bad_input() {
        let dir = tempfile::tempdir().unwrap();
        let err = write_file(dir.path(), |w| w.write_all(b"x")).unwrap_err();
        assert!(matches!(err, Error::IsADirectory { .. }), "{err}");
    }
}
