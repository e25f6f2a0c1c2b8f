//! Progress on stderr: a bar on a terminal, one plain line per finished
//! instance otherwise (logs, CI, pipes).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use super::outcome::{Outcome, Verdict};

/// Reports each finished instance; shared by the worker threads.
pub enum Progress {
    /// An indicatif bar (stderr is a terminal).
    Bar(ProgressBar),
    /// `[k/n] file answer verdict seconds` lines.
    Plain {
        /// Instances in the run.
        total: usize,
        /// Instances finished so far.
        done: AtomicUsize,
    },
}

impl Progress {
    /// A bar when stderr is a terminal, plain lines otherwise.
    pub fn new(total: usize) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::Plain {
                total,
                done: AtomicUsize::new(0),
            };
        }
        let bar = ProgressBar::new(total as u64);
        let style =
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress::Bar(bar)
    }

    /// Records one finished instance.
    pub fn finished(&self, outcome: &Outcome) {
        let verdict = outcome.verdict();
        match self {
            Progress::Bar(bar) => {
                if matches!(verdict, Verdict::Wrong | Verdict::BadModel | Verdict::Error) {
                    bar.println(format!("{}: {}", outcome.path.display(), verdict.name()));
                }
                bar.set_message(outcome.path.display().to_string());
                bar.inc(1);
            }
            Progress::Plain { total, done } => {
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                eprintln!(
                    "[{k}/{total}] {} {} {} {:.3} s",
                    outcome.path.display(),
                    outcome.answer.name(),
                    verdict.name(),
                    outcome.seconds
                );
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Progress::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}
