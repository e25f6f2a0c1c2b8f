//! `satoku solve --trace`: the search events as JSON lines.
//!
//! One object a line, DIMACS literals as integers, fixed keys (the schema
//! is in `docs/solver.md`, "Search events"):
//! `{"e":"decide","lit":-12,"level":3}`,
//! `{"e":"propagate","lit":5,"level":3,"reason":[5,-12,7]}`,
//! `{"e":"learn","clause":[-12,4],"lbd":2}`, `{"e":"restart"}` ... After
//! `limit` events the next one is replaced by `{"e":"truncated","limit":N}`
//! and tracing stops; the search goes on.
//!
//! Lines are gathered in a buffer of whole lines and written to the file
//! a buffer at a time, so the file only ever receives whole lines. The
//! trace is streamed in place (a FIFO, `/dev/stderr` work), not through a
//! temporary file: it may be long. The first write error stops tracing
//! and is kept for [`Trace::finish`]; a pipe whose reader went away takes
//! the rest silently, as stdout does.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use satoku_formula::Lit;
use satoku_io::lock_within;
use satoku_solver::{Event, Observer};

/// Bytes gathered before they are written.
const CHUNK: usize = 1 << 16;

struct Writer {
    out: Box<dyn Write + Send>,
    /// Whole lines not written yet.
    buf: Vec<u8>,
    /// Events written so far.
    count: u64,
    limit: u64,
    /// The limit was reached or a write failed: events are dropped.
    done: bool,
    /// The first write error.
    error: Option<io::Error>,
}

impl Writer {
    /// Appends `event`'s line, or the truncation line once past the limit.
    fn record(&mut self, event: &Event<'_>) {
        if self.done {
            return;
        }
        if self.count == self.limit {
            push_truncated(&mut self.buf, self.limit);
            self.done = true;
            return self.write_out();
        }
        if !push_event(&mut self.buf, event) {
            return;
        }
        self.count += 1;
        if self.buf.len() >= CHUNK {
            self.write_out();
        }
    }

    /// Writes the buffered lines; on an error keeps it and stops tracing.
    fn write_out(&mut self) {
        if self.error.is_some() {
            return;
        }
        let written = self
            .out
            .write_all(&self.buf)
            .and_then(|()| self.out.flush());
        self.buf.clear();
        match written {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => self.done = true,
            Err(e) => {
                self.done = true;
                self.error = Some(e);
            }
        }
    }
}

/// A trace being written, shared by the solver (its observer) and the
/// command (which finishes it).
#[derive(Clone)]
pub struct Trace(Arc<Mutex<Writer>>);

impl Trace {
    /// A trace to `path` (`-`: stderr) of at most `limit` events.
    pub fn create(path: &Path, limit: u64) -> io::Result<Trace> {
        let out: Box<dyn Write + Send> = if path.as_os_str() == "-" {
            Box::new(io::stderr())
        } else {
            Box::new(File::create(path)?)
        };
        Ok(Trace::to_writer(out, limit))
    }

    /// A trace to `out`.
    fn to_writer(out: Box<dyn Write + Send>, limit: u64) -> Trace {
        Trace(Arc::new(Mutex::new(Writer {
            out,
            buf: Vec::with_capacity(CHUNK + 256),
            count: 0,
            limit,
            done: false,
            error: None,
        })))
    }

    /// Writes what is buffered; the first write error, if any.
    pub fn finish(&self) -> io::Result<()> {
        let mut writer = self.lock();
        writer.write_out();
        writer.done = true;
        writer.error.take().map_or(Ok(()), Err)
    }

    /// For a run the watchdog ends: waits up to `patience` for a write in
    /// progress, writes the whole lines buffered, and keeps the lock, so
    /// nothing is written after (the process is about to exit). A trace
    /// locked longer than that is left as it is.
    pub fn seal(&self, patience: Duration) {
        if let Some(mut writer) = lock_within(&self.0, patience) {
            writer.write_out();
            std::mem::forget(writer);
        }
    }

    fn lock(&self) -> MutexGuard<'_, Writer> {
        satoku_io::lock(&self.0)
    }
}

impl Observer for Trace {
    fn on_event(&mut self, event: &Event<'_>) {
        self.lock().record(event);
    }
}

/// Appends `event`'s JSON line; false for an event this schema lacks.
fn push_event(buf: &mut Vec<u8>, event: &Event<'_>) -> bool {
    match *event {
        Event::Decide { lit, level } => push_lit_level(buf, "decide", lit, level),
        Event::Flip { lit, level } => push_lit_level(buf, "flip", lit, level),
        Event::Pure { lit, level } => push_lit_level(buf, "pure", lit, level),
        Event::Propagate { lit, level, reason } => {
            push_lit_level(buf, "propagate", lit, level);
            push_clause(buf, "reason", reason);
        }
        Event::Conflict { clause, level } => {
            push_name(buf, "conflict");
            push_clause(buf, "clause", clause);
            push_key(buf, "level", level);
        }
        Event::Learn { clause, lbd } => {
            push_name(buf, "learn");
            push_clause(buf, "clause", clause);
            push_key(buf, "lbd", lbd);
        }
        Event::Backjump { from, to } => {
            push_name(buf, "backjump");
            push_key(buf, "from", from);
            push_key(buf, "to", to);
        }
        Event::Restart => push_name(buf, "restart"),
        _ => return false,
    }
    buf.extend_from_slice(b"}\n");
    true
}

/// Appends the line that ends a trace cut at `limit` events.
fn push_truncated(buf: &mut Vec<u8>, limit: u64) {
    push_name(buf, "truncated");
    push_key(buf, "limit", limit);
    buf.extend_from_slice(b"}\n");
}

/// `{"e":"NAME"`: the start of every line.
fn push_name(buf: &mut Vec<u8>, name: &str) {
    buf.extend_from_slice(b"{\"e\":\"");
    buf.extend_from_slice(name.as_bytes());
    buf.push(b'"');
}

/// `{"e":"NAME","lit":L,"level":D`.
fn push_lit_level(buf: &mut Vec<u8>, name: &str, lit: Lit, level: u32) {
    push_name(buf, name);
    push_key(buf, "lit", lit.to_dimacs());
    push_key(buf, "level", level);
}

/// `,"KEY":VALUE`.
fn push_key(buf: &mut Vec<u8>, key: &str, value: impl itoa::Integer) {
    buf.extend_from_slice(b",\"");
    buf.extend_from_slice(key.as_bytes());
    buf.extend_from_slice(b"\":");
    buf.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// `,"KEY":[L,L,...]`.
fn push_clause(buf: &mut Vec<u8>, key: &str, clause: &[Lit]) {
    buf.extend_from_slice(b",\"");
    buf.extend_from_slice(key.as_bytes());
    buf.extend_from_slice(b"\":[");
    let mut itoa = itoa::Buffer::new();
    for (i, lit) in clause.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        buf.extend_from_slice(itoa.format(lit.to_dimacs()).as_bytes());
    }
    buf.push(b']');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(event: Event<'_>) -> String {
        let mut buf = Vec::new();
        assert!(push_event(&mut buf, &event));
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn each_event_is_one_json_line_of_dimacs_literals() {
        let [a, b, c] = [5, -12, 7].map(Lit::from_dimacs);
        let cases = [
            (
                Event::Decide { lit: b, level: 3 },
                r#"{"e":"decide","lit":-12,"level":3}"#,
            ),
            (
                Event::Flip { lit: a, level: 1 },
                r#"{"e":"flip","lit":5,"level":1}"#,
            ),
            (
                Event::Pure { lit: c, level: 0 },
                r#"{"e":"pure","lit":7,"level":0}"#,
            ),
            (
                Event::Propagate {
                    lit: a,
                    level: 3,
                    reason: &[a, b, c],
                },
                r#"{"e":"propagate","lit":5,"level":3,"reason":[5,-12,7]}"#,
            ),
            (
                Event::Conflict {
                    clause: &[b, c],
                    level: 2,
                },
                r#"{"e":"conflict","clause":[-12,7],"level":2}"#,
            ),
            (
                Event::Learn {
                    clause: &[b],
                    lbd: 1,
                },
                r#"{"e":"learn","clause":[-12],"lbd":1}"#,
            ),
            (
                Event::Backjump { from: 5, to: 2 },
                r#"{"e":"backjump","from":5,"to":2}"#,
            ),
            (Event::Restart, r#"{"e":"restart"}"#),
        ];
        for (event, expected) in cases {
            assert_eq!(line(event), format!("{expected}\n"));
        }
    }

    /// A writer whose bytes the test can read, failing once `fail_after`
    /// bytes were taken.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>, Option<usize>);

    impl Write for Sink {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            let mut taken = self.0.lock().unwrap();
            if self.1.is_some_and(|max| taken.len() + bytes.len() > max) {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "full"));
            }
            taken.extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn past_the_limit_one_truncated_line_ends_the_trace() {
        let sink = Sink::default();
        let mut trace = Trace::to_writer(Box::new(sink.clone()), 2);
        for _ in 0..5 {
            trace.on_event(&Event::Restart);
        }
        trace.finish().unwrap();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text,
            "{\"e\":\"restart\"}\n{\"e\":\"restart\"}\n{\"e\":\"truncated\",\"limit\":2}\n"
        );
    }

    #[test]
    fn sealing_writes_the_whole_lines_buffered_and_keeps_the_lock() {
        let sink = Sink::default();
        let mut trace = Trace::to_writer(Box::new(sink.clone()), 100);
        for _ in 0..3 {
            trace.on_event(&Event::Restart);
        }
        assert!(sink.0.lock().unwrap().is_empty(), "still buffered");
        trace.seal(Duration::from_millis(10));
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text, "{\"e\":\"restart\"}\n".repeat(3));
        assert!(
            trace.0.try_lock().is_err(),
            "nothing is written after the seal"
        );
    }

    #[test]
    fn a_write_error_stops_the_trace_and_is_kept_for_finish() {
        let sink = Sink(Arc::default(), Some(10));
        let mut trace = Trace::to_writer(Box::new(sink.clone()), 1_000_000);
        for _ in 0..(CHUNK / 16 + 10) {
            trace.on_event(&Event::Backjump { from: 1, to: 0 });
        }
        let err = trace.finish().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert!(sink.0.lock().unwrap().is_empty());
        assert!(trace.finish().is_ok(), "the error is reported once");
    }
}
