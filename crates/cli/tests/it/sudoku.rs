//! `satoku sudoku` end to end: answers, counts, formats, the encode/decode
//! round trip and exit codes.

use std::io::Write;
use std::path::Path;
use std::process::Command;

use crate::support::{satoku, satoku_fed, spawn, stdout, HARD, ILLEGAL};
const HARD_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const NONE: &str =
    "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";
const TWO: &str =
    ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";

#[test]
fn solve_answers_one_line_per_puzzle_both_ways() {
    let input = format!("# a comment\r\n{HARD}\r\n{ILLEGAL} box duplicate\n{NONE}\n{TWO}\n");
    for via in ["sat", "direct"] {
        let out = satoku_fed(
            &["sudoku", "solve", "-", "--via", via, "--count", "5"],
            &input,
        );
        assert_eq!(out.status.code(), Some(0), "{via}");
        assert_eq!(
            stdout(&out),
            format!("{HARD_SOLUTION}\nillegal\nnone\nmultiple 2\n")
        );
        let summary = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            summary.contains("4 puzzles: 1 solved, 1 none, 1 illegal, 1 multiple"),
            "{summary}"
        );
    }
}

#[test]
fn answers_keep_the_input_alphabet_and_jobs_keep_the_order() {
    let zeros = HARD.replace('.', "0");
    let input = format!("{zeros}\n{HARD}\n").repeat(20);
    let out = satoku_fed(&["sudoku", "solve", "-", "--jobs", "2"], &input);
    assert_eq!(stdout(&out), format!("{HARD_SOLUTION}\n").repeat(40));
    let out = satoku_fed(
        &["sudoku", "solve", "-", "--pretty", "--via", "direct"],
        HARD,
    );
    assert!(stdout(&out).starts_with("4 1 7 | 3 6 9 | 8 2 5\n"));
}

#[test]
fn encode_then_decode_any_solver_output() {
    let out = satoku_fed(&["sudoku", "encode", "-", "--encoding", "minimal"], HARD);
    let cnf = stdout(&out);
    assert!(cnf.contains("p cnf 729 8846\n"), "{}", &cnf[..400]);
    // A model in MiniSat's format: the solution's variables true.
    let mut lits = Vec::new();
    for (i, ch) in HARD_SOLUTION.bytes().enumerate() {
        for d in 1..=9u8 {
            let v = 81 * (i / 9) + 9 * (i % 9) + usize::from(d);
            lits.push(if ch - b'0' == d {
                v as i64
            } else {
                -(v as i64)
            });
        }
    }
    let text: Vec<String> = lits.iter().map(i64::to_string).collect();
    let minisat = format!("SAT\n{} 0\n", text.join(" "));
    let out = satoku_fed(&["sudoku", "decode", "-"], &minisat);
    assert_eq!(stdout(&out), format!("{HARD_SOLUTION}\n"));
    assert_eq!(out.status.code(), Some(10));
    // With the CNF's comments before competition-format output.
    let comments: String = cnf
        .lines()
        .filter(|l| l.starts_with('c'))
        .map(|l| format!("{l}\n"))
        .collect();
    let competition = format!("{comments}s SATISFIABLE\nv {} 0\n", text.join(" "));
    assert_eq!(
        stdout(&satoku_fed(&["sudoku", "decode", "-"], &competition)),
        format!("{HARD_SOLUTION}\n")
    );
    assert_eq!(
        stdout(&satoku_fed(&["sudoku", "decode", "-"], "s UNSATISFIABLE\n")),
        "none\n"
    );
    // A model that breaks a given is refused.
    let wrong = minisat.replacen("SAT\n-1 -2 -3 4 ", "SAT\n1 -2 -3 -4 ", 1);
    assert_ne!(wrong, minisat);
    let out = satoku_fed(&["sudoku", "decode", "-"], format!("{comments}{wrong}"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_input_exits_2_and_names_the_line_and_cell() {
    let bad = format!("{HARD}\n{}x\n", &HARD[..80]);
    let out = satoku_fed(&["sudoku", "solve", "-"], &bad);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.contains("line 2: cell r9c9: 'x'"), "{err}");
    let mut latin1 = format!("{HARD}\n..").into_bytes();
    latin1.push(0xE9);
    let out = satoku_fed(&["sudoku", "solve", "-"], &latin1);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.contains("-:2:3: byte 0xE9 is not UTF-8 text"), "{err}");
    assert_eq!(
        satoku_fed(&["sudoku", "solve", "/no/such/file"], "")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn check_and_generate() {
    let input = format!("{HARD}\n{ILLEGAL}\n{NONE}\n{TWO}\n");
    let out = satoku_fed(&["sudoku", "check", "-"], &input);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let generate = ["sudoku", "generate", "--puzzles", "3", "--seed", "9"];
    let [a, b] = [(); 2].map(|_| satoku_fed(&[&generate[..], &["--minimal"]].concat(), ""));
    assert_eq!(stdout(&a), stdout(&b));
    let out = satoku_fed(&["sudoku", "solve", "-", "--count", "2"], stdout(&a));
    assert_eq!(stdout(&out).lines().count(), 3);
    assert!(!stdout(&out).contains("multiple"));
    // The seed defaults to 1, as in `satoku gen`; -n is --puzzles.
    let default_seed = satoku_fed(&["sudoku", "generate", "-n", "2"], "");
    let seed_one = satoku_fed(&["sudoku", "generate", "--puzzles", "2", "--seed", "1"], "");
    assert_eq!(stdout(&default_seed), stdout(&seed_one));
}

#[test]
fn one_puzzle_exits_with_its_answer_and_many_with_0() {
    for via in ["sat", "DIRECT"] {
        let code = |input: &str| {
            satoku_fed(
                &["sudoku", "solve", "-", "--via", via, "--count", "2"],
                input,
            )
            .status
            .code()
        };
        assert_eq!(code(HARD), Some(10), "{via}");
        assert_eq!(code(TWO), Some(10), "{via}");
        assert_eq!(code(NONE), Some(20), "{via}");
        assert_eq!(code(ILLEGAL), Some(2), "{via}");
        assert_eq!(code(&format!("{NONE}\n{ILLEGAL}\n")), Some(0), "{via}");
    }
    let out = satoku_fed(&["sudoku", "solve", "-"], ILLEGAL);
    assert_eq!(stdout(&out), "illegal\n");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.contains("-: line 1: illegal givens: "), "{err}");
}

#[test]
fn decode_exits_with_the_answer() {
    let unsat = satoku_fed(&["sudoku", "decode", "-"], "s UNSATISFIABLE\n");
    assert_eq!(unsat.status.code(), Some(20));
    let unknown = satoku_fed(&["sudoku", "decode", "-"], "s UNKNOWN\n");
    assert_eq!(
        (stdout(&unknown).as_str(), unknown.status.code()),
        ("unknown\n", Some(0))
    );
    let no_model = satoku_fed(&["sudoku", "decode", "-"], "s SATISFIABLE\n");
    assert_eq!(no_model.status.code(), Some(2));
    let huge = satoku_fed(
        &["sudoku", "decode", "-"],
        "s SATISFIABLE\nv 2147483647 0\n",
    );
    assert_eq!(huge.status.code(), Some(2));
    let err = String::from_utf8_lossy(&huge.stderr).into_owned();
    assert!(
        err.contains("a model of 2147483647 variables is not a sudoku"),
        "{err}"
    );
    let garbled = satoku_fed(&["sudoku", "decode", "-"], "s SATISFIABLE\nv 1 x 0\n");
    let err = String::from_utf8_lossy(&garbled.stderr).into_owned();
    assert!(err.contains("-:2:5: expected an integer literal"), "{err}");
}

#[test]
fn generate_names_the_flags_to_change_when_a_level_is_out_of_reach() {
    let out = satoku_fed(
        &[
            "sudoku",
            "generate",
            "--size",
            "4",
            "--difficulty",
            "Expert",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    for flag in ["--difficulty hard", "--minimal", "--size 9", "--seed 2"] {
        assert!(err.contains(flag), "{flag}: {err}");
    }
}

/// The 16x16 sample of `cnf/sudoku/puzzles.txt` with no `G` left (its
/// rows that held one blanked), written with `0` blanks.
fn sixteen_with_zero_blanks() -> (String, String) {
    let sample =
        std::fs::read_to_string(crate::support::repo_path("cnf/sudoku/puzzles.txt")).unwrap();
    let line = sample.lines().find(|l| l.len() == 256).unwrap();
    let dots: String = line
        .as_bytes()
        .chunks(16)
        .map(|row| match row.contains(&b'G') {
            true => ".".repeat(16),
            false => String::from_utf8(row.to_vec()).unwrap(),
        })
        .collect();
    (dots.replace('.', "0"), dots)
}

#[test]
fn a_sixteen_by_sixteen_puzzle_with_zero_blanks_solves_as_with_dots() {
    let (zeros, dots) = sixteen_with_zero_blanks();
    let with_dots = satoku_fed(&["sudoku", "solve", "-"], &dots);
    let with_zeros = satoku_fed(&["sudoku", "solve", "-"], &zeros);
    assert_eq!(with_zeros.status.code(), Some(10));
    assert_eq!(stdout(&with_zeros), stdout(&with_dots));
    assert_eq!(stdout(&with_zeros).trim().len(), 256);
    // Read as hexadecimal on request: `0` is then the digit 1, many times.
    let hex = satoku_fed(&["sudoku", "solve", "-", "--alphabet", "hex"], &zeros);
    assert_eq!(stdout(&hex), "illegal\n");
}

/// Reads `satoku`'s stdout lines on a thread, so a test can wait for them
/// with a deadline while stdin stays open.
fn line_reader(out: std::process::ChildStdout) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

fn spawn_solve(args: &[&str]) -> std::process::Child {
    spawn(&[&["sudoku", "solve", "-"], args].concat(), Path::new("."))
}

#[test]
fn solve_prints_answers_while_the_input_is_still_open_and_an_interrupt_keeps_them() {
    const PUZZLES: usize = 20_000;
    let mut child = spawn_solve(&["--via", "sat"]);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Fails once satoku has stopped reading: that is the point.
        let _ = stdin.write_all(format!("{HARD}\n").repeat(PUZZLES).as_bytes());
    });
    let lines = line_reader(child.stdout.take().unwrap());
    for i in 0..100 {
        let line = lines.recv_timeout(std::time::Duration::from_secs(30));
        assert_eq!(line.as_deref(), Ok(HARD_SOLUTION), "answer {}", i + 1);
    }
    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let printed = 100
        + lines
            .iter()
            .inspect(|l| assert_eq!(l, HARD_SOLUTION))
            .count();
    assert!(printed < PUZZLES, "the interrupt stopped nothing");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let summary = format!("{printed} puzzles (interrupted): {printed} solved");
    assert!(err.contains(&summary), "{summary:?} not in {err}");
}

/// The peak resident memory of a running process, in bytes.
fn peak_memory(pid: u32) -> Option<usize> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[test]
fn solve_memory_follows_the_chunk_not_the_file() {
    const PUZZLES: usize = 200_000;
    let mut child = spawn_solve(&["--via", "direct", "--jobs", "2"]);
    let mut stdin = child.stdin.take().unwrap();
    let input = format!("{HARD}\n").repeat(PUZZLES);
    let size = input.len();
    let writer = std::thread::spawn(move || {
        stdin.write_all(input.as_bytes()).unwrap();
        stdin
    });
    let lines = line_reader(child.stdout.take().unwrap());
    for _ in 0..PUZZLES {
        let line = lines.recv_timeout(std::time::Duration::from_secs(60));
        assert_eq!(line.as_deref(), Ok(HARD_SOLUTION));
    }
    // Every answer is out and stdin still open: the process is alive.
    let peak = peak_memory(child.id());
    drop(writer.join().unwrap());
    assert!(child.wait().unwrap().success());
    match peak {
        Some(peak) => assert!(
            peak < size,
            "peak {peak} bytes for a {size}-byte input: not streamed"
        ),
        None => eprintln!(
            "solve_memory_follows_the_chunk_not_the_file: no /proc here; memory not measured"
        ),
    }
}

#[test]
fn the_readme_quick_start_file_has_unique_puzzles_and_plays() {
    let file = crate::support::repo_path("examples/sudoku.txt");
    let file = file.to_str().unwrap();
    let out = satoku_fed(&["sudoku", "solve", file, "--count", "2"], "");
    assert_eq!(out.status.code(), Some(0));
    let answers = stdout(&out);
    assert_eq!(answers.lines().count(), 5, "{answers}");
    assert!(
        answers.lines().all(|l| l.len() == 81 || l.len() == 256),
        "{answers}"
    );
    // One puzzle of each grade, as the README says.
    use satoku_sudoku::Difficulty::{Easy, Expert, Hard, Medium};
    let text = std::fs::read_to_string(file).unwrap();
    let puzzles = satoku_sudoku::parse_puzzles(&text).unwrap();
    let grades: Vec<_> = puzzles[..4]
        .iter()
        .map(|p| satoku_sudoku::rate(&p.grid).grade())
        .collect();
    assert_eq!(grades, [Easy, Medium, Hard, Expert]);
    let out = satoku_fed(
        &["sudoku", "play", file, "--index", "5", "--plain"],
        "solve\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Verified"), "{}", stdout(&out));
}

#[test]
fn summaries_count_one_puzzle_in_the_singular() {
    let check = satoku_fed(&["sudoku", "check", "-"], format!("{HARD}\n"));
    let stderr = String::from_utf8_lossy(&check.stderr).into_owned();
    assert!(stderr.contains("check: 1 puzzle, 1 agree"), "{stderr}");
    let solve = satoku_fed(&["sudoku", "solve", "-"], format!("{HARD}\n"));
    let stderr = String::from_utf8_lossy(&solve.stderr).into_owned();
    assert!(stderr.contains("sudoku: 1 puzzle: 1 solved"), "{stderr}");
    let none = satoku_fed(&["sudoku", "generate", "-n", "0"], "");
    let stderr = String::from_utf8_lossy(&none.stderr).into_owned();
    assert_eq!(
        stderr.trim_end(),
        "satoku sudoku generate: 0 puzzles (seed 1)"
    );
}

#[test]
fn a_puzzle_given_as_the_argument_gets_a_tip_to_pipe_it() {
    let out = satoku(&["sudoku", "solve", HARD]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.contains("No such file or directory"), "{err}");
    assert!(
        err.contains(
            "; to solve a puzzle given as text, pipe it: echo 'PUZZLE' | satoku sudoku solve -"
        ),
        "{err}"
    );
    let out = satoku(&["sudoku", "solve", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("pipe it"), "{err}");
}

#[test]
fn a_cnf_file_is_named_as_one_with_the_command_that_solves_it() {
    let file = crate::support::repo_path("cnf/sat/queens-4.cnf");
    let file = file.to_str().unwrap();
    for (name, out) in [
        (file, satoku(&["sudoku", "solve", file])),
        (
            "-",
            satoku_fed(
                &["sudoku", "solve", "-"],
                "c a comment\np cnf 2 1\n1 -2 0\n",
            ),
        ),
    ] {
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(err.contains("a CNF file"), "{err}");
        assert!(err.contains(&format!("satoku solve {name}")), "{err}");
    }
}

#[test]
fn count_one_says_once_that_uniqueness_was_not_checked() {
    let out = satoku_fed(&["sudoku", "solve", "-"], format!("{TWO}\n{HARD}\n"));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.matches("--count 2").count(), 1, "{err}");
    assert!(
        err.contains("2 solved puzzles not checked for uniqueness"),
        "{err}"
    );
    let out = satoku_fed(&["sudoku", "solve", "-", "--count", "2"], TWO);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("uniqueness"), "{err}");
}

#[test]
fn pretty_grids_of_several_puzzles_carry_their_line_numbers() {
    let input = format!("# two puzzles\n{HARD}\n\n{NONE}\n");
    let out = satoku_fed(&["sudoku", "solve", "-", "--pretty"], input);
    let text = stdout(&out);
    assert!(
        text.starts_with("line 2\n4 1 7 | 3 6 9 | 8 2 5\n"),
        "{text}"
    );
    assert!(text.ends_with("\nline 4\nnone\n"), "{text}");
}
