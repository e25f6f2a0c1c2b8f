//! A binary max-heap of variables ordered by activity (MiniSat's `order_heap`).
//!
//! `indices[v]` is the position of `v` in `heap`, or `ABSENT`. Activities live
//! outside the heap so the solver can bump them and then call [`VarHeap::increased`].
//! Sifting indexes without bounds checks in release builds (`unchecked.rs`):
//! the caller's activity array covers every variable the heap was grown for.

use satoku_formula::Var;

use crate::search::unchecked::{at, set};

const ABSENT: u32 = u32::MAX;

/// Variables keyed by an external activity array.
#[derive(Default)]
pub struct VarHeap {
    heap: Vec<Var>,
    indices: Vec<u32>,
}

impl VarHeap {
    /// Makes room for variables `0..n`.
    pub fn grow(&mut self, n: usize) {
        if self.indices.len() < n {
            self.indices.resize(n, ABSENT);
        }
    }

    /// Whether `v` is in the heap.
    #[inline]
    pub fn contains(&self, v: Var) -> bool {
        self.indices[v.index()] != ABSENT
    }

    /// Whether the heap is empty.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Inserts `v` if absent.
    pub fn insert(&mut self, v: Var, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.indices[v.index()] = self.heap.len() as u32;
        self.heap.push(v);
        self.sift_up(self.heap.len() - 1, act);
    }

    /// Restores the order after `act[v]` grew.
    #[inline]
    pub fn increased(&mut self, v: Var, act: &[f64]) {
        if self.contains(v) {
            self.sift_up(self.indices[v.index()] as usize, act);
        }
    }

    /// Removes and returns the variable of largest activity.
    pub fn pop(&mut self, act: &[f64]) -> Option<Var> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        self.indices[top.index()] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.indices[last.index()] = 0;
            self.sift_down(0, act);
        }
        Some(top)
    }

    fn sift_up(&mut self, mut i: usize, act: &[f64]) {
        // Slices, not the `Vec`s: their pointers stay in registers across
        // the stores (as in `propagate.rs`). Unchecked (module docs):
        // positions are below the heap's length, and its variables below
        // the lengths of `indices` and `act`.
        let (heap, indices) = (&mut self.heap[..], &mut self.indices[..]);
        let v = at(heap, i);
        let key = at(act, v.index());
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = at(heap, parent);
            if at(act, p.index()) >= key {
                break;
            }
            set(heap, i, p);
            set(indices, p.index(), i as u32);
            i = parent;
        }
        set(heap, i, v);
        set(indices, v.index(), i as u32);
    }

    fn sift_down(&mut self, mut i: usize, act: &[f64]) {
        let (heap, indices) = (&mut self.heap[..], &mut self.indices[..]);
        let v = at(heap, i);
        let key = at(act, v.index());
        let n = heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let activity = |j: usize| at(act, at(heap, j).index());
            let child = if right < n && activity(right) > activity(left) {
                right
            } else {
                left
            };
            let c = at(heap, child);
            if at(act, c.index()) <= key {
                break;
            }
            set(heap, i, c);
            set(indices, c.index(), i as u32);
            i = child;
        }
        set(heap, i, v);
        set(indices, v.index(), i as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_activity_order() {
        let mut act = vec![0.5, 3.0, 1.0, 2.0, 0.0];
        let mut heap = VarHeap::default();
        heap.grow(5);
        for i in 0..5 {
            heap.insert(Var::new(i), &act);
        }
        act[4] = 10.0;
        heap.increased(Var::new(4), &act);
        let order: Vec<usize> = std::iter::from_fn(|| heap.pop(&act))
            .map(|v| v.index())
            .collect();
        assert_eq!(order, vec![4, 1, 3, 2, 0]);
        assert!(heap.is_empty());
    }
}
