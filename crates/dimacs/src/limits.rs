//! Ceilings on what reading a formula may cost: the memory its clauses take,
//! and how far compressed input may expand.
//!
//! A header's counts are never trusted for allocation (see `parse.rs`), but
//! the clauses themselves can still be huge: a 10 MB gzip of repeated
//! clauses expands to gigabytes. [`Limits`] stops such a read with an error
//! instead of letting the allocator abort the process. Both ceilings are
//! checked once per [`CHECK_EVERY`] bytes of text, so their cost is one
//! comparison per token.

use std::cell::Cell;
use std::io::{self, Read};
use std::rc::Rc;

use satoku_formula::Cnf;

use crate::error::ErrorKind;

/// Text bytes read between two checks of the limits.
pub(crate) const CHECK_EVERY: u64 = 1 << 20;

/// Text below this many bytes is never refused for its expansion: small
/// regular files compress very well and cost little.
pub const EXPANSION_FLOOR: u64 = 64 << 20;

/// The default of [`Limits::max_expansion`] in [`Limits::for_this_machine`]:
/// real CNF compresses 3 to 20 times; gzip's most is about 1,000.
pub const DEFAULT_MAX_EXPANSION: u64 = 100;

/// The share of physical memory [`Limits::for_this_machine`] allows, in percent.
pub const DEFAULT_MEMORY_PERCENT: u64 = 75;

/// The memory ceiling of [`Limits::for_this_machine`] in a build without
/// the `system-limits` feature, which cannot read the machine's memory:
/// 1 GiB, a quarter of what a 32-bit WebAssembly instance can address.
pub const FIXED_MAX_MEMORY: u64 = 1 << 30;

/// Clauses below this many bytes never look the machine's memory up for
/// [`MaxMemory::MachineShare`]: [`DEFAULT_MEMORY_PERCENT`] of any machine
/// satoku runs on is more, and the lookup (system files read) costs as
/// much as reading a small formula whole.
pub const MACHINE_LOOKUP_FLOOR: u64 = 16 << 20;

/// Limits on reading one formula; the default sets none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Most bytes the formula's clauses may take (its literal and clause
    /// arrays, as allocated): [`ErrorKind::MemoryLimit`] beyond.
    pub max_memory: MaxMemory,
    /// Most bytes of text per byte of compressed input, once the text
    /// passes [`EXPANSION_FLOOR`]: [`ErrorKind::ExpansionLimit`] beyond.
    /// Plain text input is never limited by it.
    pub max_expansion: Option<u64>,
}

/// The most memory a formula's clauses may take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MaxMemory {
    /// No ceiling.
    #[default]
    Unlimited,
    /// At most this many bytes.
    Bytes(u64),
    /// [`DEFAULT_MEMORY_PERCENT`] of this machine's physical memory (none
    /// where it cannot be read; [`FIXED_MAX_MEMORY`] without the
    /// `system-limits` feature), looked up once the clauses pass
    /// [`MACHINE_LOOKUP_FLOOR`].
    MachineShare,
}

impl MaxMemory {
    /// The ceiling in bytes (`None`: none); looks the machine up for
    /// [`MaxMemory::MachineShare`].
    pub fn bytes(self) -> Option<u64> {
        match self {
            MaxMemory::Unlimited => None,
            MaxMemory::Bytes(bytes) => Some(bytes),
            MaxMemory::MachineShare => machine_memory_limit(),
        }
    }
}

impl Limits {
    /// [`MaxMemory::MachineShare`] and [`DEFAULT_MAX_EXPANSION`].
    pub fn for_this_machine() -> Limits {
        Limits {
            max_memory: MaxMemory::MachineShare,
            max_expansion: Some(DEFAULT_MAX_EXPANSION),
        }
    }
}

#[cfg(feature = "system-limits")]
fn machine_memory_limit() -> Option<u64> {
    physical_memory().map(|bytes| bytes / 100 * DEFAULT_MEMORY_PERCENT)
}

#[cfg(not(feature = "system-limits"))]
fn machine_memory_limit() -> Option<u64> {
    Some(FIXED_MAX_MEMORY)
}

/// This machine's physical memory in bytes, or a container's memory limit
/// (Linux cgroups) when lower: what the kernel lets the process use. Read
/// through the `sysinfo` crate (Linux, macOS, Windows, FreeBSD); `None`
/// where the system does not tell. Feature `system-limits`.
#[cfg(feature = "system-limits")]
pub fn physical_memory() -> Option<u64> {
    let mut system = sysinfo::System::new();
    system.refresh_memory_specifics(sysinfo::MemoryRefreshKind::nothing().with_ram());
    let total = system.total_memory();
    if total == 0 {
        // `cgroup_limits` needs the total; without it there is nothing to tell.
        return None;
    }
    let limit = system.cgroup_limits().map(|c| c.total_memory);
    Some(limit.map_or(total, |limit| limit.min(total)))
}

/// A reader that counts the bytes it hands out (the compressed input's).
/// Unused in a build without the `compression` feature (nothing is decoded).
#[cfg_attr(not(feature = "compression"), allow(dead_code))]
pub(crate) struct Counted<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

#[cfg_attr(not(feature = "compression"), allow(dead_code))]
impl<R> Counted<R> {
    /// Wraps `inner`; the returned cell follows the bytes read.
    pub(crate) fn new(inner: R) -> (Counted<R>, Rc<Cell<u64>>) {
        let count = Rc::new(Cell::new(0));
        let reader = Counted {
            inner,
            count: Rc::clone(&count),
        };
        (reader, count)
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// Decompressed text, checked against [`Limits::max_expansion`] once per
/// [`CHECK_EVERY`] bytes past [`EXPANSION_FLOOR`] whatever the text holds
/// (the parser's own checks come at tokens, and a run of blanks or one
/// long comment has none). Past the ratio a read fails with an I/O error
/// carrying [`ErrorKind::ExpansionLimit`] (see [`ErrorKind::from_io`]).
#[cfg_attr(not(feature = "compression"), allow(dead_code))]
pub(crate) struct Expanding<R> {
    inner: R,
    compressed: Rc<Cell<u64>>,
    ratio: Option<u64>,
    text: u64,
    next_check: u64,
}

#[cfg_attr(not(feature = "compression"), allow(dead_code))]
impl<R> Expanding<R> {
    /// Wraps the decoder `inner`, whose input `compressed` counts.
    pub(crate) fn new(inner: R, compressed: Rc<Cell<u64>>, limits: &Limits) -> Expanding<R> {
        Expanding {
            inner,
            compressed,
            ratio: limits.max_expansion,
            text: 0,
            next_check: EXPANSION_FLOOR,
        }
    }

    #[cold]
    fn check(&mut self) -> io::Result<()> {
        self.next_check = self.text.saturating_add(CHECK_EVERY);
        let (Some(ratio), compressed) = (self.ratio, self.compressed.get()) else {
            return Ok(());
        };
        if self.text > EXPANSION_FLOOR && self.text > compressed.saturating_mul(ratio) {
            let kind = ErrorKind::ExpansionLimit {
                ratio,
                compressed,
                text: self.text,
            };
            return Err(io::Error::other(kind));
        }
        Ok(())
    }
}

impl<R: Read> Read for Expanding<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.text += n as u64;
        if self.text >= self.next_check {
            self.check()?;
        }
        Ok(n)
    }
}

/// The limits of one read in progress, and when to check them next.
pub(crate) struct Budget {
    limits: Limits,
    /// Compressed bytes read so far, for compressed input.
    compressed: Option<Rc<Cell<u64>>>,
    /// The text offset of the next check (`u64::MAX`: nothing to check).
    next_check: u64,
}

impl Budget {
    pub(crate) fn new(limits: Limits, compressed: Option<Rc<Cell<u64>>>) -> Budget {
        let expansion = limits.max_expansion.is_some() && compressed.is_some();
        let memory = limits.max_memory != MaxMemory::Unlimited;
        let next_check = if memory || expansion {
            CHECK_EVERY
        } else {
            u64::MAX
        };
        Budget {
            limits,
            compressed,
            next_check,
        }
    }

    /// Whether the text has reached the next check.
    #[inline(always)]
    pub(crate) fn due(&self, text_bytes: u64) -> bool {
        text_bytes >= self.next_check
    }

    /// Checks both limits after `text_bytes` of text gave `cnf`.
    #[cold]
    pub(crate) fn check(&mut self, text_bytes: u64, cnf: &Cnf) -> Result<(), ErrorKind> {
        self.next_check = text_bytes.saturating_add(CHECK_EVERY);
        let bytes = cnf.heap_bytes() as u64;
        if let Some(limit) = self.memory_limit(bytes) {
            if bytes > limit {
                return Err(ErrorKind::MemoryLimit { limit });
            }
        }
        if let (Some(ratio), Some(count)) = (self.limits.max_expansion, &self.compressed) {
            let compressed = count.get();
            if text_bytes > EXPANSION_FLOOR && text_bytes > compressed.saturating_mul(ratio) {
                return Err(ErrorKind::ExpansionLimit {
                    ratio,
                    compressed,
                    text: text_bytes,
                });
            }
        }
        Ok(())
    }

    /// The memory ceiling for clauses of `bytes`: the machine's share is
    /// looked up the first time they pass [`MACHINE_LOOKUP_FLOOR`].
    fn memory_limit(&mut self, bytes: u64) -> Option<u64> {
        let max = &mut self.limits.max_memory;
        if *max == MaxMemory::MachineShare {
            if bytes < MACHINE_LOOKUP_FLOOR {
                return None;
            }
            *max = max.bytes().map_or(MaxMemory::Unlimited, MaxMemory::Bytes);
        }
        max.bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::Lit;

    #[test]
    fn no_limits_are_never_due() {
        let budget = Budget::new(Limits::default(), None);
        assert!(!budget.due(u64::MAX - 1));
        let plain = Limits {
            max_memory: MaxMemory::Unlimited,
            max_expansion: Some(2),
        };
        assert!(!Budget::new(plain, None).due(u64::MAX - 1));
    }

    #[test]
    fn memory_counts_the_clause_arrays() {
        let limits = Limits {
            max_memory: MaxMemory::Bytes(1000),
            max_expansion: None,
        };
        let mut budget = Budget::new(limits, None);
        let mut cnf = Cnf::new();
        assert!(budget.due(CHECK_EVERY));
        assert!(budget.check(CHECK_EVERY, &cnf).is_ok());
        assert!(!budget.due(CHECK_EVERY + 1));
        for _ in 0..300 {
            cnf.push_lit(Lit::from_dimacs(1));
        }
        let err = budget.check(2 * CHECK_EVERY, &cnf).unwrap_err();
        assert!(matches!(err, ErrorKind::MemoryLimit { limit: 1000 }));
    }

    #[test]
    fn the_machine_share_is_looked_up_past_its_floor_only() {
        let mut budget = Budget::new(Limits::for_this_machine(), None);
        assert!(budget.due(CHECK_EVERY));
        assert_eq!(budget.memory_limit(MACHINE_LOOKUP_FLOOR - 1), None);
        assert_eq!(budget.limits.max_memory, MaxMemory::MachineShare);
        let limit = budget.memory_limit(MACHINE_LOOKUP_FLOOR);
        assert_eq!(limit, MaxMemory::MachineShare.bytes());
        assert_eq!(budget.limits.max_memory.bytes(), limit);
        assert_ne!(budget.limits.max_memory, MaxMemory::MachineShare);
    }

    #[test]
    fn expansion_is_measured_past_the_floor_only() {
        let limits = Limits {
            max_memory: MaxMemory::Unlimited,
            max_expansion: Some(10),
        };
        let (_, count) = Counted::new(io::empty());
        count.set(1000);
        let mut budget = Budget::new(limits, Some(Rc::clone(&count)));
        let cnf = Cnf::new();
        assert!(budget.check(EXPANSION_FLOOR, &cnf).is_ok());
        let err = budget.check(EXPANSION_FLOOR + 1, &cnf).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the compressed input expands more than 10 times (1000 bytes compressed gave 64.0 MiB of text)"
        );
    }

    #[test]
    fn counted_reader_counts() {
        let (mut reader, count) = Counted::new(&b"hello"[..]);
        let mut out = Vec::new();
        reader.read_to_end(&mut out).unwrap();
        assert_eq!(count.get(), 5);
    }

    #[test]
    #[cfg(feature = "system-limits")]
    fn this_machine_has_memory() {
        let limits = Limits::for_this_machine();
        if let Some(bytes) = physical_memory() {
            assert!(bytes >= 1 << 20, "{bytes}");
            assert_eq!(
                limits.max_memory.bytes(),
                Some(bytes / 100 * DEFAULT_MEMORY_PERCENT)
            );
        }
        assert_eq!(limits.max_expansion, Some(DEFAULT_MAX_EXPANSION));
    }

    #[test]
    #[cfg(not(feature = "system-limits"))]
    fn without_system_limits_the_memory_ceiling_is_fixed() {
        let limits = Limits::for_this_machine();
        assert_eq!(limits.max_memory.bytes(), Some(FIXED_MAX_MEMORY));
        assert_eq!(limits.max_expansion, Some(DEFAULT_MAX_EXPANSION));
    }
}
