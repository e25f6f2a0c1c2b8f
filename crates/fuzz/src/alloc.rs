//! A counting global allocator, so the parser fuzzer can check that no
//! input makes a parser allocate far beyond the input's size.
//!
//! The `satoku-fuzz` binary installs [`CountingAlloc`] as its
//! `#[global_allocator]`; it forwards to the system allocator and keeps the
//! bytes live now and their peak since [`reset_peak`]. Where it is not
//! installed (a library user, a test), [`is_counting`] is false and the
//! memory check is skipped.
//!
//! `unsafe` is unavoidable here: `GlobalAlloc` is an unsafe trait. Every
//! method only forwards to `System` with the caller's own arguments.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting live and peak bytes.
pub struct CountingAlloc;

fn grew(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Relaxed) + bytes;
    PEAK.fetch_max(live, Relaxed);
}

// SAFETY: every method forwards to `System` with the same layout and
// pointer it was given; the counters never influence the allocation.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Relaxed);
            grew(new_size);
        }
        p
    }
}

/// Whether the counting allocator is the global one (anything allocated yet).
pub fn is_counting() -> bool {
    PEAK.load(Relaxed) > 0
}

/// Starts a new peak at the bytes live now, and returns them.
pub fn reset_peak() -> usize {
    let live = LIVE.load(Relaxed);
    PEAK.store(live, Relaxed);
    live
}

/// The most bytes live at once since [`reset_peak`].
pub fn peak() -> usize {
    PEAK.load(Relaxed)
}
