//! Every command's `--help` opens with the line its parent's command list
//! shows for it, at every depth (`satoku solve`, `satoku sudoku solve`,
//! `satoku gen ksat`). Subcommands are built only when run (clap's
//! `defer`), and a doc comment on an `Args` struct, or on what it
//! flattens, would then replace that line.

use crate::support;

/// `satoku ARGS --help`: its stdout, after checking it succeeded.
fn help(args: &[&str]) -> String {
    let args = [args, &["--help"]].concat();
    let out = support::satoku_fed(&args, "");
    assert!(out.status.success(), "{args:?}: {:?}", out.status);
    String::from_utf8(out.stdout).unwrap()
}

/// The `Commands:` list of a help page: each name and its one line.
fn commands(page: &str) -> Vec<(String, String)> {
    page.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| {
            let (name, about) = line.trim().split_once(' ')?;
            (name != "help").then(|| (name.to_string(), about.trim().to_string()))
        })
        .collect()
}

/// Checks each subcommand of `path` against its line, and theirs in turn;
/// returns how many pages were checked.
fn check_below(path: &[&str]) -> usize {
    let mut checked = 0;
    for (name, about) in commands(&help(path)) {
        let mut sub = path.to_vec();
        sub.push(&name);
        let page = help(&sub);
        let first = page.lines().next().unwrap_or("");
        assert_eq!(first, about, "the first line of `satoku {}`", sub.join(" "));
        checked += 1 + check_below(&sub);
    }
    checked
}

#[test]
fn every_help_page_opens_with_the_line_its_parent_lists() {
    let checked = check_below(&[]);
    // solve, check, check-proof, info, convert, gen and its families,
    // bench, bench-plot, sudoku and its subcommands.
    assert!(checked >= 20, "only {checked} help pages found");
}

/// The line the top-level list shows for `command`.
fn listed(command: &str) -> String {
    let all = commands(&help(&[]));
    let found = all.into_iter().find(|(name, _)| name == command);
    found.map(|(_, about)| about).unwrap_or_default()
}

#[test]
fn family_lines_name_every_member() {
    let sudoku = listed("sudoku");
    for (name, _) in commands(&help(&["sudoku"])) {
        assert!(
            sudoku.contains(&name),
            "`satoku --help` lists sudoku as {sudoku:?}, without {name}"
        );
    }
    let gen = listed("gen");
    let families = commands(&help(&["gen"]));
    assert_eq!(families.len(), 5, "{families:?}");
    for family in ["k-SAT", "pigeonhole", "queens", "colouring", "Tseitin"] {
        assert!(
            gen.contains(family),
            "`satoku --help` lists gen as {gen:?}, without {family}"
        );
    }
}
