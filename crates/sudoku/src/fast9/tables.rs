//! The constant masks and lookup tables of the 9x9 band solver, built at
//! compile time by `const fn`s (see the parent module for the layout).

pub(super) const ALL: u32 = (1 << 27) - 1;
pub(super) const ROW_MASK: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
pub(super) const BOX_MASK: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];
pub(super) const COL_MASK: u32 = 1 | 1 << 9 | 1 << 18;

/// `PATTERN[row9][row]`: which of the three boxes a 9-bit row touches, at
/// the place of `row` in a pattern (bits `3 * row..3 * row + 3`). One table
/// for the three rows, so that one base address serves them.
pub(super) static PATTERN: [[u16; 4]; 512] = pattern_table();
/// `SHRINK[pattern]`, where `pattern` bit `3 * row + box` tells whether
/// segment (row, box) is non-empty: `[0]` the cells (27 bits) of the segments
/// that belong to a permutation of non-empty segments (0 when none fits),
/// `[1]` the cells of the rows that keep exactly one segment. Side by side
/// because every update reads both.
pub(super) static SHRINK: [[u32; 2]; 512] = shrink_table();
/// `COL_KEEP[cols]`: for the 9-bit set of columns a digit may use in a band,
/// the cells of the other bands outside every column that is the digit's
/// only column within its box (that column's place is in this band).
pub(super) static COL_KEEP: [u32; 512] = col_keep_table();
/// `INSERT_KEEP[p]`: the band's cells outside the row and box of bit `p`, and `p`.
pub(super) static INSERT_KEEP: [u32; 27] = insert_keep_table();

/// `SEGMENTS[row9]`: which of the three boxes a 9-bit row touches (3 bits).
const SEGMENTS: [u8; 512] = segments_table();

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

const fn pattern_table() -> [[u16; 4]; 512] {
    let mut t = [[0u16; 4]; 512];
    let mut x = 0;
    while x < 512 {
        let segs = SEGMENTS[x] as u16;
        t[x] = [segs, segs << 3, segs << 6, 0];
        x += 1;
    }
    t
}

const fn shrink_table() -> [[u32; 2]; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [[0u32; 2]; 512];
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
        let mut locked = 0u32;
        let mut row = 0;
        while row < 3 {
            if SEGMENTS[((cells >> (9 * row)) & 0x1FF) as usize].count_ones() == 1 {
                locked |= ROW_MASK[row];
            }
            row += 1;
        }
        t[pattern as usize] = [cells, locked];
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
