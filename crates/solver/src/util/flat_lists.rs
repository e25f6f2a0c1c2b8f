//! Lists of items per key (a literal's code, a variable's index) in one
//! array, each list in the order its items were placed ("compressed
//! rows"). They are built in two passes over the same items: `count` each
//! item's key, then `place` each item. A `Vec` per key would allocate for
//! most keys of a formula with millions of literals, and the allocations
//! cost more than the passes.

/// Per key, a list of items.
pub(crate) struct FlatLists<T> {
    /// Key `k`'s items are `items[start[k]..start[k + 1]]`; while
    /// counting, `start[k + 1]` is key `k`'s count.
    start: Vec<u32>,
    /// While placing, per key: where its next item goes.
    next: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy + Default> FlatLists<T> {
    /// Counting for keys `0..keys`.
    pub(crate) fn counting(keys: usize) -> FlatLists<T> {
        FlatLists {
            start: vec![0; keys + 1],
            next: Vec::new(),
            items: Vec::new(),
        }
    }

    /// Counts one item of key `k`.
    #[inline]
    pub(crate) fn count(&mut self, k: usize) {
        self.start[k + 1] += 1;
    }

    /// Ends counting: the lists get their room.
    pub(crate) fn placing(&mut self) {
        for k in 1..self.start.len() {
            self.start[k] += self.start[k - 1];
        }
        self.next = self.start.clone();
        self.items = vec![T::default(); *self.start.last().unwrap_or(&0) as usize];
    }

    /// Places `item` last in key `k`'s list (counted before).
    #[inline]
    pub(crate) fn place(&mut self, k: usize, item: T) {
        self.items[self.next[k] as usize] = item;
        self.next[k] += 1;
    }

    pub(crate) fn keys(&self) -> usize {
        self.start.len() - 1
    }

    pub(crate) fn get(&self, k: usize) -> &[T] {
        &self.items[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::FlatLists;

    #[test]
    fn lists_keep_the_order_their_items_were_placed_in() {
        let placed = [(2, 7u32), (0, 5), (2, 1), (0, 9), (2, 4)];
        let mut lists = FlatLists::counting(3);
        placed.iter().for_each(|&(k, _)| lists.count(k));
        lists.placing();
        placed.iter().for_each(|&(k, item)| lists.place(k, item));
        assert_eq!(lists.keys(), 3);
        assert_eq!(lists.get(0), &[5, 9]);
        assert!(lists.get(1).is_empty());
        assert_eq!(lists.get(2), &[7, 1, 4]);
    }
}
