//! Drawing `k` distinct values of `0..n` in expected O(k) time.
//!
//! Values are drawn uniformly and repeats rejected, the stream the
//! generator always used, so its files stay the same for a seed. With `m`
//! of the `n` values still undrawn a draw is new with probability `m / n`,
//! so a sample costs about `n ln(n / (n - k))` draws: at most about `4k`
//! while `n - k >= n / 50`. Membership is a scan of the values drawn for
//! small `k` (three literals: faster than hashing) and a hash set beyond.
//! Only when more than 16 values and all but a fiftieth of `0..n` are
//! wanted would rejection cost about `n ln n` draws; there Floyd's
//! algorithm (Bentley and Floyd, "Programming pearls: a sample of
//! brilliance", CACM 1987) takes exactly `k`, and a Fisher–Yates shuffle
//! makes every order equally likely. That path gives a different stream.

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::Rng;

/// Up to this many values, membership is a scan of the values drawn.
const SCAN_LIMIT: usize = 16;

/// Reusable scratch for [`Sampler::distinct`].
#[derive(Default)]
pub struct Sampler {
    seen: HashSet<u32>,
    /// Per value, whether drawn: Floyd's path, where `n` is under `1.03 k`.
    marked: Vec<bool>,
}

impl Sampler {
    /// Fills `out` with `k` distinct values of `0..n`, uniformly among all
    /// ordered samples. Requires `k <= n` (below 2^32).
    pub fn distinct(&mut self, rng: &mut impl Rng, n: u32, k: usize, out: &mut Vec<u32>) {
        debug_assert!(k <= n as usize);
        out.clear();
        self.seen.clear();
        let nearly_all = k > SCAN_LIMIT && 50 * (n as usize - k) < n as usize;
        if !nearly_all {
            self.by_rejection(rng, n, k, out);
        } else {
            self.by_floyd(rng, n, k, out);
        }
    }

    fn by_rejection(&mut self, rng: &mut impl Rng, n: u32, k: usize, out: &mut Vec<u32>) {
        while out.len() < k {
            let v = rng.gen_range(0..n);
            let new = if k <= SCAN_LIMIT {
                !out.contains(&v)
            } else {
                self.seen.insert(v)
            };
            if new {
                out.push(v);
            }
        }
    }

    fn by_floyd(&mut self, rng: &mut impl Rng, n: u32, k: usize, out: &mut Vec<u32>) {
        self.marked.resize(self.marked.len().max(n as usize), false);
        for j in n - k as u32..n {
            let t = rng.gen_range(0..=j);
            let v = if self.marked[t as usize] { j } else { t };
            self.marked[v as usize] = true;
            out.push(v);
        }
        for &v in out.iter() {
            self.marked[v as usize] = false;
        }
        out.shuffle(rng);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    fn check_distinct(n: u32, k: usize) {
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64 * 31 + k as u64);
        let mut sampler = Sampler::default();
        let mut out = Vec::new();
        for _ in 0..50 {
            sampler.distinct(&mut rng, n, k, &mut out);
            assert_eq!(out.len(), k);
            assert!(out.iter().all(|&v| v < n));
            let set: HashSet<u32> = out.iter().copied().collect();
            assert_eq!(set.len(), k, "n = {n}, k = {k}: {out:?}");
        }
    }

    #[test]
    fn samples_are_distinct_and_in_range_on_both_paths() {
        for (n, k) in [
            (1, 1),
            (2, 2),
            (5, 3),
            (16, 16),
            (40, 20),
            (40, 40),
            (1000, 980),
            (1000, 981),
        ] {
            check_distinct(n, k);
        }
    }

    #[test]
    fn near_full_samples_are_fast() {
        // Rejection would take about n ln n draws a sample here.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut out = Vec::new();
        let mut sampler = Sampler::default();
        for _ in 0..5 {
            sampler.distinct(&mut rng, 50_000, 49_999, &mut out);
        }
        assert_eq!(out.len(), 49_999);
    }

    #[test]
    fn every_value_is_drawn_about_equally_often() {
        // 50 of 51 (Floyd's path): each value is left out of 1/51 of the
        // samples, and comes first in 1/51 of them.
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut left_out, mut firsts) = ([0u32; 51], [0u32; 51]);
        let mut out = Vec::new();
        let mut sampler = Sampler::default();
        for _ in 0..51_000 {
            sampler.distinct(&mut rng, 51, 50, &mut out);
            let sum: u32 = out.iter().sum();
            left_out[(51 * 50 / 2 - sum) as usize] += 1;
            firsts[out[0] as usize] += 1;
        }
        assert!(
            left_out.iter().all(|&c| (850..1150).contains(&c)),
            "{left_out:?}"
        );
        assert!(
            firsts.iter().all(|&c| (850..1150).contains(&c)),
            "{firsts:?}"
        );
    }
}
