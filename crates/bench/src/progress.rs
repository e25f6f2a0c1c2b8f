//! Progress on stderr: a bar on a terminal, one plain line per finished
//! instance otherwise (logs, CI, pipes).
//!
//! The one part of this crate that writes to the terminal, and only when a
//! program creates a [`Progress`] and calls [`Progress::finished`] from the
//! callback of [`Bench::run`](crate::Bench::run).

use std::io::IsTerminal;
use std::io::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::report::one_line;
use crate::{Outcome, Verdict};

/// Reports each finished instance on stderr; shared by the worker threads.
pub struct Progress {
    style: Style,
}

enum Style {
    /// An indicatif bar (stderr is a terminal).
    Bar(ProgressBar),
    /// `[k/n] file answer verdict seconds` lines, `done` of `total` so far.
    Plain { total: usize, done: AtomicUsize },
}

impl Progress {
    /// A bar when stderr is a terminal, plain lines otherwise.
    pub fn new(total: usize) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::plain(total);
        }
        let bar = ProgressBar::new(total as u64);
        let style =
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress {
            style: Style::Bar(bar),
        }
    }

    /// Plain lines, one per finished instance, whatever stderr is.
    pub fn plain(total: usize) -> Progress {
        Progress {
            style: Style::Plain {
                total,
                done: AtomicUsize::new(0),
            },
        }
    }

    /// Records one finished instance: a line, or a step of the bar (with a
    /// line above it for a wrong answer, a bad model or an error).
    pub fn finished(&self, outcome: &Outcome) {
        let verdict = outcome.verdict();
        let name = outcome.path.display().to_string();
        match &self.style {
            Style::Bar(bar) => {
                if matches!(verdict, Verdict::Wrong | Verdict::BadModel | Verdict::Error) {
                    bar.println(format!("{}: {}", one_line(&name), verdict.name()));
                }
                bar.set_message(one_line(&name));
                bar.inc(1);
            }
            Style::Plain { total, done } => {
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                // A stderr that cannot be written loses the line, nothing else.
                let _ = writeln!(
                    std::io::stderr(),
                    "[{k}/{total}] {} {} {} {:.3} s",
                    one_line(&name),
                    outcome.answer.name(),
                    verdict.name(),
                    outcome.seconds
                );
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Style::Bar(bar) = &self.style {
            bar.finish_and_clear();
        }
    }
}
