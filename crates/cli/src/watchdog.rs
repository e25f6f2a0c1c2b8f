//! The limits of a whole `satoku solve` run: `--timeout` and the signals
//! (SIGINT, SIGTERM, SIGHUP) cover parsing, loading, the search and the
//! teardown, not only the search.
//!
//! A run goes through three phases: loading (reading the file, building
//! the solver), searching, reporting. The signals thread ([`signals`])
//! watches the deadline and the signals for it; when either comes it raises
//! the solver's interrupt flag. In the search the solver then stops and the
//! run reports `s UNKNOWN` with its statistics as usual. While loading, or
//! when the search has not stopped [`GRACE`] later (a pass that does not
//! look at the flag), the watchdog ends the run itself: it seals the proof
//! (whole lemmas only) and the trace (whole lines), prints `s UNKNOWN`,
//! writes the side files an UNKNOWN answer has (`--res`), removes temporary
//! files and exits with code 0 without freeing the formula. Once reporting
//! has begun the answer is printed whole; a second signal then ends the
//! process at once.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use satoku_dimacs::{write_solver_output, Status};
use satoku_io::lock;

use crate::proof_file::ProofFile;
use crate::signals::{self, Signal};
use crate::stdout;
use crate::trace::Trace;

/// How long the search may take to stop after its interrupt flag is raised.
pub const GRACE: Duration = Duration::from_millis(100);

// The phases of a run, in order, kept in an `AtomicU8` that the main
// thread and the watchdog move forward by compare-and-swap, so exactly one
// of them prints the `s` line.
/// Reading the file and building the solver.
const LOADING: u8 = 0;
/// In `Solver::solve`.
const SEARCHING: u8 = 1;
/// Printing the answer (or ending with an error): the watchdog stands down.
const REPORTING: u8 = 2;
/// Taken over by the watchdog, which is ending the process.
const ABORTED: u8 = 3;

/// Why the run is stopped.
#[derive(Clone, Copy, Debug)]
enum Reason {
    Timeout,
    // Signals arrive on Unix only.
    #[cfg_attr(not(unix), allow(dead_code))]
    Signal(Signal),
}

/// What the main thread and the signals thread share.
struct Shared {
    phase: AtomicU8,
    interrupt: Arc<AtomicBool>,
    start: Instant,
    quiet: bool,
    proof: Mutex<Option<ProofFile>>,
    trace: Mutex<Option<Trace>>,
    /// Writes the side files of an UNKNOWN answer, given the time taken.
    side_files: Mutex<Option<SideFiles>>,
}

/// The watchdog's side on the signals thread.
struct Watcher {
    shared: Arc<Shared>,
    /// The run's deadline (`--timeout`).
    deadline: Option<Instant>,
    /// Once the run is asked to stop: why, and when its grace ends.
    stopping: Option<(Reason, Instant)>,
}

type SideFiles = Box<dyn FnOnce(Duration) + Send>;

/// The watchdog of one `solve` run; see the module documentation.
pub struct Watchdog {
    shared: Arc<Shared>,
}

impl Watchdog {
    /// Starts watching a run that began at `start`, allowed `timeout` in
    /// all; the `c` lines it may print are left out when `quiet`.
    pub fn start(
        start: Instant,
        timeout: Option<Duration>,
        quiet: bool,
    ) -> std::io::Result<Watchdog> {
        let shared = Arc::new(Shared {
            phase: AtomicU8::new(LOADING),
            interrupt: Arc::default(),
            start,
            quiet,
            proof: Mutex::new(None),
            trace: Mutex::new(None),
            side_files: Mutex::new(None),
        });
        let watcher = Watcher {
            shared: Arc::clone(&shared),
            // Past what an Instant holds: never.
            deadline: timeout.and_then(|t| start.checked_add(t)),
            stopping: None,
        };
        if !signals::set_handler(watcher) && timeout.is_some() {
            return Err(std::io::Error::other(
                "no thread could be started to keep --timeout",
            ));
        }
        Ok(Watchdog { shared })
    }

    /// The flag the solver must poll (`SolverConfig::interrupt`).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.shared.interrupt)
    }

    /// The proof to seal if the watchdog ends the run.
    pub fn guard_proof(&self, proof: ProofFile) {
        *lock(&self.shared.proof) = Some(proof);
    }

    /// The trace to seal (whole lines written) if the watchdog ends the run.
    pub fn guard_trace(&self, trace: Trace) {
        *lock(&self.shared.trace) = Some(trace);
    }

    /// What writes the side files of an UNKNOWN answer, should the
    /// watchdog end the run; it gets the time the run took.
    pub fn on_unknown(&self, side_files: impl FnOnce(Duration) + Send + 'static) {
        *lock(&self.shared.side_files) = Some(Box::new(side_files));
    }

    /// Loading is over: the search starts. If the watchdog is ending the
    /// run, this thread waits for the end instead.
    pub fn searching(&self) {
        self.advance(LOADING, SEARCHING);
    }

    /// The search is over: the answer is printed whole from here on.
    pub fn reporting(&self) {
        self.advance(SEARCHING, REPORTING);
    }

    fn advance(&self, from: u8, to: u8) {
        let phase = &self.shared.phase;
        if phase
            .compare_exchange(from, to, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            // The watchdog took the run over and is ending the process.
            loop {
                std::thread::park();
            }
        }
    }
}

impl Drop for Watchdog {
    /// The run ends (an answer, or an error on the way): the watchdog
    /// stands down, unless it is ending the run already.
    fn drop(&mut self) {
        let phase = &self.shared.phase;
        let mut now = phase.load(Ordering::SeqCst);
        while now < REPORTING {
            match phase.compare_exchange(now, REPORTING, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => break,
                Err(actual) => now = actual,
            }
        }
        if now == ABORTED {
            loop {
                std::thread::park();
            }
        }
    }
}

impl Shared {
    fn phase(&self) -> u8 {
        self.phase.load(Ordering::SeqCst)
    }

    /// Whether the watchdog took the run over from phase `from`.
    fn take_over(&self, from: u8) -> bool {
        self.phase
            .compare_exchange(from, ABORTED, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }

    /// Ends the run, taken over in `phase`, for `reason`.
    fn end_run(&self, reason: Reason, phase: u8) -> ! {
        if let Some(proof) = lock(&self.proof).as_ref() {
            proof.seal(Duration::from_millis(500));
        }
        if let Some(trace) = lock(&self.trace).as_ref() {
            trace.seal(Duration::from_millis(500));
        }
        let what = match reason {
            Reason::Timeout => "timeout".to_string(),
            Reason::Signal(s) => format!("interrupted by {}", s.name()),
        };
        let during = if phase == LOADING {
            "loading the formula"
        } else {
            "searching"
        };
        let seconds = self.start.elapsed().as_secs_f64();
        let quiet = self.quiet;
        // On the signals thread, not in a signal handler (signal-hook hands
        // the signals over through a pipe): the `s` line is written as every
        // other `s` line is.
        stdout::finish_within(Duration::from_millis(200), |out| {
            if !quiet {
                let _ = writeln!(out, "c {what} while {during}, after {seconds:.3} s");
            }
            let _ = write_solver_output(Status::Unknown, None, 0, out);
        });
        if let Some(side_files) = lock(&self.side_files).take() {
            side_files(self.start.elapsed());
        }
        signals::remove_temps();
        std::process::exit(0);
    }
}

impl signals::Handler for Watcher {
    fn on_signal(&mut self, signal: Signal) {
        match self.shared.phase() {
            REPORTING if signal.count() >= 2 => signals::exit_now(signal),
            REPORTING | ABORTED => {}
            _ if self.stopping.is_none() => self.stop(Reason::Signal(signal)),
            // A second signal cuts the search's grace short.
            _ if signal.count() >= 2 => self.force(Reason::Signal(signal)),
            _ => {}
        }
    }

    fn deadline(&self) -> Option<Instant> {
        if self.shared.phase() >= REPORTING {
            return None;
        }
        match self.stopping {
            Some((_, grace_end)) => Some(grace_end),
            None => self.deadline,
        }
    }

    fn on_deadline(&mut self) {
        match self.deadline() {
            Some(at) if Instant::now() >= at => {}
            _ => return,
        }
        match self.stopping {
            Some((reason, _)) => self.force(reason),
            None => self.stop(Reason::Timeout),
        }
    }
}

impl Watcher {
    /// Asks the run to stop for `reason`: ends it at once while loading;
    /// while searching, the solver has [`GRACE`] to stop.
    fn stop(&mut self, reason: Reason) {
        self.shared.interrupt.store(true, Ordering::SeqCst);
        if self.shared.take_over(LOADING) {
            self.shared.end_run(reason, LOADING);
        }
        self.stopping = Some((reason, Instant::now() + GRACE));
    }

    /// Ends a search that has not stopped (unless it is reporting now).
    fn force(&mut self, reason: Reason) {
        if self.shared.take_over(SEARCHING) {
            self.shared.end_run(reason, SEARCHING);
        }
    }
}
