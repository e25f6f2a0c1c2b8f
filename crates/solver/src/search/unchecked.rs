//! Slice access without bounds checks in release builds, for the inner
//! loops of propagation and conflict analysis.
//!
//! Builds with debug assertions keep the checks (every `cargo test` build);
//! `cargo test --release` runs the test suite over the unchecked path.
//! Callers guarantee `i < slice.len()`: propagation indexes watch lists
//! within their own length and value arrays by literals of allocated
//! variables only (`Solver::add_clause` grows the arrays first); analysis
//! indexes the trail below its length and per-variable arrays by variables
//! of clauses and of the trail.

/// `slice[i]`, unchecked in release builds (see the module docs).
#[inline(always)]
pub fn at<T: Copy>(slice: &[T], i: usize) -> T {
    #[cfg(debug_assertions)]
    {
        slice[i]
    }
    // SAFETY: callers pass `i < slice.len()` (module docs).
    #[cfg(not(debug_assertions))]
    unsafe {
        *slice.get_unchecked(i)
    }
}

/// `slice[i] = value`, unchecked in release builds (see the module docs).
#[inline(always)]
pub fn set<T>(slice: &mut [T], i: usize, value: T) {
    #[cfg(debug_assertions)]
    {
        slice[i] = value;
    }
    // SAFETY: callers pass `i < slice.len()` (module docs).
    #[cfg(not(debug_assertions))]
    unsafe {
        *slice.get_unchecked_mut(i) = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_in_bounds() {
        let mut v = vec![1u32, 2, 3];
        set(&mut v, 2, 7);
        assert_eq!((at(&v, 0), at(&v, 2)), (1, 7));
    }
}
