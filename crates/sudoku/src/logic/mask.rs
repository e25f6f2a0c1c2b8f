//! Digit sets as bitmasks: bit `d - 1` stands for digit `d`, so a `u32`
//! holds the 25 digits of the largest grid.

/// A set of digits, bit `d - 1` for digit `d`.
pub(crate) type Mask = u32;

/// The mask of one digit.
#[inline]
pub(crate) fn bit(digit: u8) -> Mask {
    1 << (digit - 1)
}

/// Every digit of a grid of `side` digits.
#[inline]
pub(crate) fn full(side: usize) -> Mask {
    if side >= 32 {
        Mask::MAX
    } else {
        (1 << side) - 1
    }
}

/// The digits of a mask, smallest first.
pub(crate) fn digits(mut mask: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

/// The single digit of a one-digit mask.
#[inline]
pub(crate) fn only_digit(mask: Mask) -> u8 {
    debug_assert_eq!(mask.count_ones(), 1);
    mask.trailing_zeros() as u8 + 1
}

/// Every subset of `0..n` with exactly `k` members, as bitmasks of
/// positions, in increasing order (`k <= n <= 32`).
pub(crate) fn subsets(n: usize, k: usize) -> impl Iterator<Item = u32> {
    // Gosper's hack: the next larger integer with the same number of ones.
    let limit: u64 = 1 << n;
    let mut next: u64 = if k == 0 || k > n { limit } else { (1 << k) - 1 };
    std::iter::from_fn(move || {
        (next < limit).then(|| {
            let current = next;
            let low = current & current.wrapping_neg();
            let ripple = current + low;
            next = (((ripple ^ current) >> 2) / low) | ripple;
            current as u32
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_come_back_in_order() {
        let m = bit(1) | bit(5) | bit(25);
        assert_eq!(digits(m).collect::<Vec<_>>(), vec![1, 5, 25]);
        assert_eq!(only_digit(bit(9)), 9);
        assert_eq!(full(9), 0x1ff);
        assert_eq!(full(25).count_ones(), 25);
    }

    #[test]
    fn subsets_are_all_k_combinations() {
        let all: Vec<u32> = subsets(5, 2).collect();
        assert_eq!(all.len(), 10);
        assert!(all.iter().all(|s| s.count_ones() == 2 && *s < 32));
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(subsets(25, 4).count(), 12_650);
        assert_eq!(subsets(3, 4).count(), 0);
    }
}
