//! Test-only fault injection (cargo feature `fault-injection`, off by default).
//!
//! With the feature compiled in and [`ENABLED`] set, `propagate` skips one
//! kind of watch update: when a clause's replacement watch is found at
//! position 3, the clause is dropped from the old watch list and never added
//! to the new one. `satoku-fuzz` must catch and shrink this; its test
//! `crates/fuzz/tests/fault_injection.rs` proves it does. With [`ENABLED`]
//! false (its initial value) nothing changes.

use std::sync::atomic::{AtomicBool, Ordering};

/// Turns the injected fault on (for the whole process).
pub static ENABLED: AtomicBool = AtomicBool::new(false);

/// Whether to skip moving the watch to the literal at position `k`.
pub(crate) fn skip_watch_move(k: usize) -> bool {
    k == 3 && ENABLED.load(Ordering::Relaxed)
}
