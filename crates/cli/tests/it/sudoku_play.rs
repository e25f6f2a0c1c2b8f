//! `satoku sudoku play` as a person plays it: the full-screen game in a
//! real pseudo-terminal (keys typed, the screen read back through a
//! terminal emulator), and the line menu through stdin.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};

use crate::support::{repo_path, spawn, HARD};

fn puzzles() -> PathBuf {
    repo_path("cnf/sudoku/puzzles.txt")
}

/// The third sample puzzle and its solution's first row.
const FIRST_ROW: &str = "4 · · | · · · | 8 · 5";
const SOLVED_ROW: &str = "4 1 7 | 3 6 9 | 8 2 5";

/// `satoku` running in a pseudo-terminal, its screen kept by vt100.
struct Game {
    screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
}

impl Game {
    fn start(args: &[&str], dir: &Path) -> Game {
        Game::start_sized(args, dir, 36, 120)
    }

    /// `satoku ARGS` in a terminal of `rows` x `cols`.
    fn start_sized(args: &[&str], dir: &Path, rows: u16, cols: u16) -> Game {
        let mut command = CommandBuilder::new(crate::support::SATOKU);
        command.args(args);
        Game::spawn(command, dir, rows, cols)
    }

    fn spawn(mut command: CommandBuilder, dir: &Path, rows: u16, cols: u16) -> Game {
        let size = PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        };
        let pair = native_pty_system()
            .openpty(size)
            .expect("a pseudo-terminal");
        command.cwd(dir);
        command.env("TERM", "xterm-256color");
        let child = pair.slave.spawn_command(command).expect("satoku starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (screen2, raw2) = (Arc::clone(&screen), Arc::clone(&raw));
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                screen2.lock().unwrap().process(&buf[..n]);
                raw2.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Game {
            screen,
            raw,
            writer: pair.master.take_writer().unwrap(),
            child,
            _master: pair.master,
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `text`; returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.contents();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "no {text:?} on the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn keys(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits for the process to end; whether it succeeded, and whether it
    /// left the alternate screen after entering it.
    fn wait_exit(&mut self) -> (bool, bool) {
        let (code, restored) = self.wait_code();
        (code == 0, restored)
    }

    /// Waits for the process to end; its exit code, and whether it left
    /// the alternate screen after entering it.
    fn wait_code(&mut self) -> (u32, bool) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "satoku did not end:\n{}",
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        std::thread::sleep(Duration::from_millis(200));
        let raw = String::from_utf8_lossy(&self.raw.lock().unwrap()).into_owned();
        let entered = raw.find("\x1b[?1049h");
        let left = raw.rfind("\x1b[?1049l");
        (status.exit_code(), entered.is_some() && left > entered)
    }
}

const RIGHT: &str = "\x1b[C";
const LEFT: &str = "\x1b[D";

#[test]
fn the_terminal_game_takes_moves_a_hint_undo_and_a_full_solve() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.save");
    let args = [
        "sudoku",
        "play",
        "cnf/sudoku/puzzles.txt",
        "--index",
        "3",
        "--save",
        save.to_str().unwrap(),
    ];
    let mut game = Game::start(&args, &repo_path(""));
    game.wait_for(FIRST_ROW);
    // r1c2 = 1 (an arrow, then a digit); r1c3 = 4 repeats r1c1's given.
    game.keys(&format!("{RIGHT}1"));
    game.wait_for("4 1 · | · · · | 8 · 5");
    game.keys("l4");
    game.wait_for("conflict: row 1 has 4 twice, at r1c1 and r1c3");
    game.keys("u");
    game.wait_for("4 1 · | · · · | 8 · 5");
    // A given cannot change.
    game.keys(&format!("{LEFT}{LEFT}7"));
    game.wait_for("r1c1 is a given and cannot change");
    // `h` is the hint.
    game.keys("h");
    let hint = game.wait_for("Hidden single:");
    eprintln!("the screen after a hint:\n{hint}");
    // Pencil mode toggles marks; `a` fills in every candidate; undo, redo.
    game.keys("llp7p");
    game.wait_for("r1c3 marks: 7");
    game.keys("a");
    game.wait_for("r1c3 marks: 2 6 7 9");
    game.keys("u");
    let undone = game.wait_for("undone");
    assert!(
        undone.lines().any(|l| l.trim_end() == "r1c3 marks: 7"),
        "{undone}"
    );
    game.keys("r");
    game.wait_for("r1c3 marks: 2 6 7 9");
    // The marks view draws each cell's marks as a square (r1c3: 2 6 7 9).
    game.keys("m");
    let view = game.wait_for("marks view: every cell");
    assert!(view.contains("\n 4   1  ··6 | "), "{view}");
    assert!(view.contains("\n        7·9 | "), "{view}");
    game.keys("m");
    game.wait_for("4 1 · | · · · | 8 · 5");
    game.keys("v");
    game.wait_for("no mistake so far; 63 cells to go");
    game.keys("s");
    game.wait_for("solved through SAT in");
    let solved = game.wait_for("Verified: every row, column and block");
    assert!(solved.contains(SOLVED_ROW), "{solved}");
    game.keys("p5p");
    game.wait_for("r1c3 holds a digit: clear it to pencil in marks");
    game.keys("w");
    game.wait_for("saved to ");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(
        saved.starts_with("# satoku sudoku play: a saved game\n"),
        "{saved}"
    );
    game.keys("q");
    assert_eq!(game.wait_exit(), (true, true));
}

/// A signal ends the game with the terminal given back and exit code 128
/// + the signal's number, as every command's (docs/cli.md).
#[test]
fn a_signalled_game_gives_the_terminal_back_and_exits_128_plus_the_signal() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    for (signal, code) in [("TERM", 143), ("INT", 130), ("HUP", 129)] {
        let mut game = Game::start(&["sudoku", "play", file.to_str().unwrap()], dir.path());
        game.wait_for("· · 3 | · 2 · | 6 · ·");
        let pid = game.child.process_id().expect("a process id");
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        assert_eq!(game.wait_code(), (code, true), "SIG{signal}");
    }
}

/// The full-screen game draws on stdout and reads keys from the terminal:
/// `--save -` would make `o` read the terminal as a game. It is refused
/// before the game starts.
#[test]
fn the_full_screen_game_refuses_to_save_to_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    let args = ["sudoku", "play", file.to_str().unwrap(), "--save", "-"];
    let mut game = Game::start(&args, dir.path());
    let (code, _) = game.wait_code();
    assert_eq!(code, 2, "{}", game.contents());
    let screen = game.wait_for("a game is saved to a file, not to `-`");
    let raw = String::from_utf8_lossy(&game.raw.lock().unwrap()).into_owned();
    assert!(!raw.contains("\x1b[?1049h"), "the game started:\n{screen}");
}

/// A terminal window closed: the pseudo-terminal goes away (no reader
/// left on it) and the game gets SIGHUP. crossterm's poll spins on the
/// closed terminal without returning; the game still ends.
#[test]
fn a_game_whose_terminal_closes_ends() {
    let dir = tempfile::tempdir().unwrap();
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 36,
            cols: 120,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new(crate::support::SATOKU);
    command.args(["sudoku", "play", puzzles().to_str().unwrap()]);
    command.cwd(dir.path());
    command.env("TERM", "xterm-256color");
    let mut child = pair.slave.spawn_command(command).expect("satoku starts");
    drop(pair.slave);
    // The game draws into the terminal; nothing reads it, and its first
    // screen fits the terminal's buffer.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(child.try_wait().unwrap().is_none(), "the game runs");
    drop(pair.master);
    let pid = child.process_id().expect("a process id");
    let hung_up = Command::new("kill")
        .args(["-HUP", &pid.to_string()])
        .status()
        .unwrap();
    assert!(hung_up.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the game outlived its terminal");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn ctrl_letters_are_no_commands() {
    let args = ["sudoku", "play", "cnf/sudoku/puzzles.txt", "--index", "3"];
    let mut game = Game::start(&args, &repo_path(""));
    game.wait_for(FIRST_ROW);
    // Ctrl-S, Ctrl-A, Ctrl-V: neither solve, pencil every mark nor check.
    game.keys("\x13\x01\x16v");
    let screen = game.wait_for("no mistake so far; 64 cells to go");
    assert!(!screen.contains("solved through SAT"), "{screen}");
    assert!(
        screen.lines().any(|l| l.trim_end() == "r1c1 marks:"),
        "{screen}"
    );
    game.keys("q");
    assert_eq!(game.wait_exit(), (true, true));
}

#[test]
fn piped_stdin_on_a_terminal_plays_the_line_menu() {
    // stdout is the terminal, stdin a pipe: the line menu reads the pipe.
    let satoku = crate::support::SATOKU;
    let script = format!(
        "printf 'fill 1 2 1\\nhint\\n' | '{satoku}' sudoku play cnf/sudoku/puzzles.txt --index 3"
    );
    let mut command = CommandBuilder::new("sh");
    command.args(["-c", &script]);
    let mut game = Game::spawn(command, &repo_path(""), 30, 120);
    game.wait_for("Hidden single:");
    let (ok, _) = game.wait_exit();
    assert!(ok, "{}", game.contents());
    let raw = String::from_utf8_lossy(&game.raw.lock().unwrap()).into_owned();
    assert!(!raw.contains("\x1b[?1049h"), "the full-screen game started");
}

#[test]
fn a_small_terminal_gets_a_compact_layout_or_the_size_it_needs() {
    // 40x12 holds no 9x9 grid: the screen says what it needs.
    let args = ["sudoku", "play", "cnf/sudoku/puzzles.txt", "--index", "3"];
    let mut game = Game::start_sized(&args, &repo_path(""), 12, 40);
    let screen = game.wait_for("terminal too small: need 21x15");
    assert!(!screen.contains("4 · ·"), "{screen}");
    game.keys("q");
    assert_eq!(game.wait_exit(), (true, true));
    // 80x24: all 16 rows of a 16x16 grid (compact), then the 9x9 marks
    // view, which needs more lines, names its size.
    let args = ["sudoku", "play", "cnf/sudoku/puzzles.txt", "--index", "8"];
    let mut game = Game::start_sized(&args, &repo_path(""), 24, 80);
    let screen = game.wait_for("h hint · v check");
    let last_row = "· · · · | 8 F D · | 3 · · · | · 9 · E";
    assert!(screen.contains(last_row), "no 16th row:\n{screen}");
    game.keys("q");
    assert_eq!(game.wait_exit(), (true, true));
    let args = ["sudoku", "play", "cnf/sudoku/puzzles.txt", "--index", "3"];
    let mut game = Game::start_sized(&args, &repo_path(""), 24, 80);
    game.wait_for(FIRST_ROW);
    game.keys("m");
    game.wait_for("terminal too small: need 39x33, have 80x24");
    game.keys("m");
    game.wait_for(FIRST_ROW);
    game.keys("q");
    assert_eq!(game.wait_exit(), (true, true));
}

/// A 16x16 puzzle in hexadecimal, `0` for 1 and `.` blank.
const HEX: &str = "0.C....3.947.....D.........B...F.1.65.FAE..3....28E.09.C6........3.5.20...A.47.B7B6D.58..E.....C...C..........1...9.F7B....6D.0315.F3....46E.9...A..........7...E.....A..29.31D09.3B.4...D5.6.2........2C.B4.6A1....8..0FA.52.3.B...1.........5.....7EC.2....8.D";

#[test]
fn the_keys_line_names_a_hexadecimal_grid_s_own_digit_keys() {
    // On a hexadecimal grid `0` is a digit: the line of keys says `.` clears.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hex.txt"), format!("{HEX}\n")).unwrap();
    let args = ["sudoku", "play", "hex.txt"];
    let mut game = Game::start_sized(&args, dir.path(), 40, 120);
    let screen = game.wait_for("q quit");
    assert!(screen.contains("0-9 A-F fill · ./Del clear"), "{screen}");
    assert!(!screen.contains("0/Del clear"), "{screen}");
    game.keys("q");
    assert_eq!(game.wait_exit(), (true, true));
}

/// The time in the title, `m:ss`, in seconds.
fn title_seconds(screen: &str) -> u64 {
    let title = screen.lines().next().unwrap_or("");
    let time = title.split(" · ").nth(1).unwrap_or("");
    let (m, s) = time.split_once(':').expect("m:ss in the title");
    m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
}

#[test]
fn the_clock_stops_while_the_grid_is_full() {
    let args = ["sudoku", "play", "cnf/sudoku/puzzles.txt", "--index", "3"];
    let mut game = Game::start(&args, &repo_path(""));
    game.wait_for(FIRST_ROW);
    game.keys("s");
    // Two messages of one move are set apart.
    let solved = game.wait_for("the only solution · Solved in ");
    let at_solve = title_seconds(&solved);
    std::thread::sleep(Duration::from_millis(2500));
    game.keys("u");
    let undone = game.wait_for("undone");
    let after = title_seconds(&undone);
    assert!(
        after <= at_solve + 1,
        "the clock ran while the grid was full: {at_solve} s at the solve, {after} s after undo"
    );
    game.keys("q");
    assert_eq!(game.wait_exit(), (true, true));
}

#[test]
fn the_line_menus_clock_stops_while_the_grid_is_full() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = puzzles();
    let args = [puzzles.to_str().unwrap(), "--index", "3"];
    // The grid stands full for 2.5 s, then a cell is emptied and refilled.
    let (first, pause) = ("solve\n", Duration::from_millis(2500));
    let out = play_paused(
        &args,
        (first, pause),
        "undo\nredo\nsave game.save\n",
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let solved: Vec<&str> = (stdout.lines())
        .filter_map(|l| l.strip_prefix("Solved in "))
        .collect();
    assert_eq!(solved.len(), 2, "{stdout}");
    assert!(
        solved
            .iter()
            .all(|l| l.starts_with("0:00!") || l.starts_with("0:01!")),
        "the clock ran while the grid was full:\n{stdout}"
    );
    let saved = std::fs::read_to_string(dir.path().join("game.save")).unwrap();
    let seconds = saved.lines().find_map(|l| l.strip_prefix("seconds "));
    assert!(matches!(seconds, Some("0" | "1")), "{saved}");
}

/// `satoku sudoku play ARGS` fed `first`, then after `pause` the `rest`.
fn play_paused(args: &[&str], (first, pause): (&str, Duration), rest: &str, dir: &Path) -> Output {
    let mut child = spawn(&[&["sudoku", "play"], args].concat(), dir);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(first.as_bytes()).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(pause);
    stdin.write_all(rest.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// `satoku sudoku play ARGS` fed `script`; what it did, given 30 seconds
/// to end (a menu that hangs on its input fails the test, killed).
fn play_plain(args: &[&str], script: &str, dir: &Path) -> Output {
    let mut child = spawn(&[&["sudoku", "play"], args].concat(), dir);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let pid = child.id().to_string();
    let (done, output) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output().unwrap()));
    output
        .recv_timeout(Duration::from_secs(30))
        .unwrap_or_else(|_| {
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
            panic!("satoku did not end on {script:?}")
        })
}

#[test]
fn the_line_menu_plays_from_stdin_and_names_each_bad_command() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    let file = file.to_str().unwrap();
    let script = "fill 1 2 1\nfill 1 1 5\nfill 1 3 4\nundo\nbogus 1\nfill 1 x 3\nhint\n\
                  check\nfill 1 3 9\ncheck\ncount\nsolve\nsave game.save\n";
    let out = play_plain(
        &[file, "--index", "3"],
        &format!("{script}save {file}\n"),
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for expected in [
        "puzzle 3 of",
        "4 1 · | · · · | 8 · 5",
        "conflict: row 1 has 4 twice, at r1c1 and r1c3",
        "Hidden single:",
        "no mistake so far; 63 cells to go",
        "not in the solution: r1c3",
        "no solution from here",
        "solved through SAT in",
        SOLVED_ROW,
        "Verified: every row, column and block holds 1..9 once",
        "saved to game.save",
    ] {
        assert!(stdout.contains(expected), "{expected:?} not in:\n{stdout}");
    }
    for expected in [
        "stdin line 2: r1c1 is a given and cannot change",
        "stdin line 5: unknown command 'bogus'",
        "stdin line 6: 'x' is not a row or column number",
        "stdin line 14: ",
        "is the puzzle file: save the game under another name",
    ] {
        assert!(stderr.contains(expected), "{expected:?} not in:\n{stderr}");
    }
    // The saved game loads back, solved.
    let out = play_plain(&["game.save"], "check\nquit\nprint\n", dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("saved game game.save: 9x9, 17 givens\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("no mistake so far; 0 cells to go"),
        "{stdout}"
    );
    assert_eq!(
        stdout.matches(SOLVED_ROW).count(),
        2,
        "quit ends before print:\n{stdout}"
    );
}

#[test]
fn the_line_menu_tells_load_and_save_failures_in_its_own_words() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    let file = file.to_str().unwrap();
    let script = format!("load {file} 0\nsave gone/game.save\nquit\n");
    let out = play_plain(&[file], &script, dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // The menu has no --index flag, and the temporary file's name is no
    // name the player gave.
    assert!(
        stderr.contains("stdin line 1: puzzles are numbered from 1\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("stdin line 2: cannot write gone/game.save: "),
        "{stderr}"
    );
    assert!(!stderr.contains("--index"), "{stderr}");
    assert!(!stderr.contains(".satoku-"), "{stderr}");
}

#[test]
fn hints_and_conflicts_name_digits_in_the_grids_symbols() {
    // The 16x16 sample is written 1-9A-G: the first hint places an A, a
    // repeated D is named D, and the finished grid holds 1..G.
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    let script = "hint\nfill 1 2 D\nundo\nsolve\n";
    let out = play_plain(
        &[file.to_str().unwrap(), "--index", "8"],
        script,
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    for expected in [
        "Hidden single: in box 1, A fits only r2c4, so r2c4 = A",
        "conflict: row 1 has D twice, at r1c2 and r1c3",
        "holds 1..G once",
    ] {
        assert!(stdout.contains(expected), "{expected:?} not in:\n{stdout}");
    }
}

/// The menu reads its commands from stdin, so `load -` cannot read a
/// puzzle from there too: it is refused and the game goes on.
#[test]
fn the_line_menu_refuses_to_load_from_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    let args = ["--plain", file.to_str().unwrap()];
    let out = play_plain(&args, "load -\nload - 2\nfill 1 2 1\n", dir.path());
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    for line in [1, 2] {
        let expected = format!("stdin line {line}: the menu reads its commands from stdin");
        assert!(err.contains(&expected), "{expected:?} not in:\n{err}");
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("· 1 3 | · 2 · | 6 · ·"), "{stdout}");
}

#[test]
fn the_line_menu_ends_cleanly_at_the_end_of_input_and_refuses_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    let file = file.to_str().unwrap();
    let out = play_plain(&[file], "", dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("· · 3 | · 2 · | 6 · ·"));
    let out = play_plain(&[file, "--index", "7"], "", dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 7: illegal givens"), "{err}");
    for index in ["0", "9"] {
        let out = play_plain(&[file, "--index", index], "", dir.path());
        assert_eq!(out.status.code(), Some(2), "--index {index}");
    }
    let out = play_plain(
        &["--difficulty", "easy", "--seed", "3"],
        "hint\n",
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("a generated easy puzzle (--seed 3): 9x9"),
        "{stdout}"
    );
}

#[test]
fn a_damaged_saved_game_is_named_once_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x";
    let text = format!("# satoku sudoku play: a saved game\npuzzle {puzzle}\n");
    std::fs::write(dir.path().join("bad.save"), text).unwrap();
    let message = "bad.save:2:88: cell r9c9: 'x' is not a digit or a blank of a 9x9 grid";
    let out = play_plain(&["bad.save"], "", dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr, format!("satoku: error: {message}\n"));
    // The menu's `load` says it the same way, after the command's own line.
    let file = puzzles();
    let out = play_plain(&[file.to_str().unwrap()], "load bad.save\n", dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, format!("satoku: stdin line 1: {message}\n"));
}

#[test]
fn the_line_menu_escapes_control_characters_it_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzles();
    let script = "fill 1 \u{7} 3\nbo\u{1b}[31mgus\nfill 1 2 \u{1}\n";
    let out = play_plain(
        &[file.to_str().unwrap(), "--index", "3"],
        script,
        dir.path(),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr,
        "satoku: stdin line 1: '\\u{7}' is not a row or column number (1, 2, ...)\n\
         satoku: stdin line 2: unknown command 'bo\\u{1b}[31mgus' (`help` lists them)\n\
         satoku: stdin line 3: '\\u{1}' is not a digit of this 9x9 grid\n"
    );
}

#[test]
fn a_hint_the_player_applied_to_the_pencil_marks_gives_way_to_the_next() {
    // A sample puzzle played on by singles up to its first elimination.
    let dir = tempfile::tempdir().unwrap();
    let puzzle =
        ".2.437968..82...75...5.8.21.839261..4197532862.68...398..3756.23..68....6..1..8.3";
    std::fs::write(dir.path().join("locked.txt"), format!("{puzzle}\n")).unwrap();
    let script = "marks\nhint\nmark 2 1 1\nhint\n";
    let out = play_plain(&["locked.txt"], script, dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let elimination = "Locked candidates (pointing): in box 2, 1 lies only in row 2 \
                       (r2c5, r2c6), which removes 1 from r2c1\n";
    let (_, after) = stdout.split_once(elimination).expect("the first hint");
    let (_, after) = after
        .split_once("r2c1 marks: 9\n")
        .expect("the mark removed");
    let next = "Hidden single: in column 1, 1 fits only r1c1, so r1c1 = 1\n";
    assert!(after.contains(next), "{stdout}");
    assert_eq!(stdout.matches("Locked candidates").count(), 1, "{stdout}");
}

/// A saved game of the hard sample puzzle, untouched, with `seconds`.
fn saved_game(seconds: &str) -> String {
    format!("# satoku sudoku play: a saved game\npuzzle {HARD}\ngrid   {HARD}\nseconds {seconds}\n")
}

#[test]
fn a_saved_game_older_than_a_century_is_refused_and_the_clock_runs_on() {
    let dir = tempfile::tempdir().unwrap();
    let forever = saved_game("18446744073709551615");
    std::fs::write(dir.path().join("forever.save"), forever).unwrap();
    let puzzles = puzzles();
    let args = ["--plain", puzzles.to_str().unwrap()];
    // A clock started at the largest count overflowed after one second.
    let first = ("load forever.save\n", Duration::from_millis(1200));
    let out = play_paused(&args, first, "check\nquit\n", dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr,
        "satoku: stdin line 1: forever.save:4:9: seconds 18446744073709551615: \
         more than 100 years (3155760000 seconds), which no game has lasted\n"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("no mistake so far"), "{stdout}");
}

#[test]
fn a_saved_game_with_illegal_givens_is_refused_like_a_puzzle_file() {
    let dir = tempfile::tempdir().unwrap();
    // A second given 4 in row 1.
    let twice = saved_game("0").replace(HARD, &HARD.replacen('.', "4", 1));
    std::fs::write(dir.path().join("twice.save"), twice).unwrap();
    let out = play_plain(&["twice.save"], "", dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "satoku: error: twice.save:2:9: illegal givens: row 1 has 4 twice, at r1c1 and r1c2\n"
    );
}

#[test]
fn a_saved_game_after_a_byte_order_mark_loads() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("\u{feff}{}", saved_game("95"));
    std::fs::write(dir.path().join("bom.save"), text).unwrap();
    let out = play_plain(&["bom.save"], "quit\n", dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.starts_with("saved game bom.save: 9x9, 17 givens\n"),
        "{stdout}"
    );
}
