//! The constant masks and lookup tables of the 9x9 band solver, built at
//! compile time by `const fn`s (see the parent module for the layout).

pub(super) const ALL: u32 = (1 << 27) - 1;
pub(super) const ROW_MASK: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
pub(super) const BOX_MASK: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];
pub(super) const COL_MASK: u32 = 1 | 1 << 9 | 1 << 18;

/// `SEGMENTS[row9]`: which of the three boxes a 9-bit row touches (3 bits).
pub(super) static SEGMENTS: [u8; 512] = segments_table();
/// `SHRINK[pattern]`: the cells (27 bits) of the segments that belong to a
/// permutation of non-empty segments; `pattern` bit `3 * row + box` tells
/// whether segment (row, box) is non-empty. 0 means no permutation fits.
pub(super) static SHRINK: [u32; 512] = shrink_table();
/// `ROW_LOCKED[pattern]`: the cells (27 bits) of the rows left with exactly
/// one segment by `SHRINK[pattern]`.
pub(super) static ROW_LOCKED: [u32; 512] = row_locked_table();
/// `COL_KEEP[cols]`: for the 9-bit set of columns a digit may use in a band,
/// the cells of the other bands outside every column that is the digit's
/// only column within its box (that column's place is in this band).
pub(super) static COL_KEEP: [u32; 512] = col_keep_table();
/// `INSERT_KEEP[p]`: the band's cells outside the row and box of bit `p`, and `p`.
pub(super) static INSERT_KEEP: [u32; 27] = insert_keep_table();

const fn segments_table() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 7 != 0) as u8)
            | (((x >> 3) & 7 != 0) as u8) << 1
            | (((x >> 6) & 7 != 0) as u8) << 2;
        x += 1;
    }
    t
}

const fn shrink_table() -> [u32; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut allowed = 0u32;
        let mut k = 0;
        while k < 6 {
            let p = PERMS[k];
            let segs = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
            if pattern & segs == segs {
                allowed |= segs;
            }
            k += 1;
        }
        let mut cells = 0u32;
        let mut s = 0;
        while s < 9 {
            if allowed & (1 << s) != 0 {
                cells |= 7 << (9 * (s / 3) + 3 * (s % 3));
            }
            s += 1;
        }
        t[pattern as usize] = cells;
        pattern += 1;
    }
    t
}

const fn row_locked_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let cells = SHRINK[pattern];
        let mut row = 0;
        while row < 3 {
            let segs = SEGMENTS[((cells >> (9 * row)) & 0x1FF) as usize];
            if segs.count_ones() == 1 {
                t[pattern] |= ROW_MASK[row];
            }
            row += 1;
        }
        pattern += 1;
    }
    t
}

const fn col_keep_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut locked = 0u32;
        let mut x = 0;
        while x < 3 {
            let seg = ((cols >> (3 * x)) & 7) as u32;
            if seg.count_ones() == 1 {
                locked |= seg << (3 * x);
            }
            x += 1;
        }
        t[cols] = ALL & !(locked | locked << 9 | locked << 18);
        cols += 1;
    }
    t
}

const fn insert_keep_table() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (ALL & !(ROW_MASK[p / 9] | BOX_MASK[(p % 9) / 3])) | 1 << p;
        p += 1;
    }
    t
}
