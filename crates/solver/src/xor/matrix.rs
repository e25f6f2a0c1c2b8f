//! One system of XOR constraints kept in reduced form while the search
//! assigns its variables, so that every unit and every conflict the system
//! implies under the assignment shows in a single row (Han and Jiang,
//! "When Boolean satisfiability meets Gaussian elimination in a simplex
//! way", CAV 2012; CryptoMiniSat's matrices).
//!
//! Each row has a basic column: a variable that occurs in no other row.
//! Invariant: a row with an unassigned variable has an unassigned basic
//! variable. Then a sum of `m` rows holds at least `m` unassigned
//! variables (their basic ones), so a unit or a conflict that the rows
//! imply together is stated by one row alone. When a basic variable is
//! assigned and its row still has an unassigned variable, that variable
//! becomes the row's basic one: it is eliminated from the other rows by
//! adding the row to them (a pivot). The rows stay equivalent to the XORs
//! they came from, so nothing is undone on backtracking. Nor does the
//! invariant need repair then: a row's basic variable is assigned only as
//! the last of its row (else it would have been replaced), so the search,
//! which unassigns the latest assignments first, unassigns it first.
//!
//! "Assigned" here means seen by [`XorMatrix::assign`]: the search hands
//! over its trail in order, later than it assigns.

use crate::xor::gauss::Echelon;

const NONE: u32 = u32::MAX;

/// What a row says after an assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// All but `column` are assigned: it must take `value`.
    Unit { row: u32, column: u32, value: bool },
    /// All are assigned, and their sum is wrong.
    Conflict { row: u32 },
}

/// The rows of one system, with the assignment as seen (module docs).
pub(crate) struct XorMatrix {
    /// `rows` rows of `words` words: one bit per column, then the parity.
    bits: Vec<u64>,
    rows: usize,
    words: usize,
    vars: Vec<u32>,
    /// Per row: its basic column.
    basic: Vec<u32>,
    /// Per column: the row it is basic in, or `NONE`.
    basic_row: Vec<u32>,
    /// Columns assigned, and those assigned true; the parity column is
    /// set in both, so a row's sum under the assignment is the parity of
    /// its bits in `values`.
    assigned: Vec<u64>,
    values: Vec<u64>,
    /// Assignments seen so far, and how many of the units and conflicts
    /// the rows said assigned a variable or stopped the search.
    seen: u64,
    useful: u64,
}

impl XorMatrix {
    /// The system of reduced rows `echelon`, nothing assigned.
    pub fn new(echelon: Echelon) -> XorMatrix {
        let Echelon {
            vars,
            bits,
            rank,
            words,
        } = echelon;
        let parity = vars.len();
        let mut m = XorMatrix {
            bits,
            rows: rank,
            words,
            basic: Vec::with_capacity(rank),
            basic_row: vec![NONE; parity],
            assigned: vec![0; words],
            values: vec![0; words],
            vars,
            seen: 0,
            useful: 0,
        };
        for r in 0..rank {
            let first = m.columns(r).next().expect("a nonzero row");
            m.basic.push(first as u32);
            m.basic_row[first] = r as u32;
        }
        set(&mut m.assigned, parity);
        set(&mut m.values, parity);
        m
    }

    /// The variables, by column.
    pub fn vars(&self) -> &[u32] {
        &self.vars
    }

    fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    /// What rows of one variable state outright: (column, value).
    pub fn facts(&self) -> Vec<(usize, bool)> {
        let parity = self.vars.len();
        (0..self.rows)
            .filter(|&r| self.columns(r).nth(1).is_none())
            .map(|r| (self.basic[r] as usize, bit(self.row(r), parity)))
            .collect()
    }

    /// The variables' columns set in row `r`.
    pub fn columns(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        let parity = self.vars.len();
        self.row(r).iter().enumerate().flat_map(move |(k, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + bit
                })
            })
            .filter(move |&c| c < parity)
        })
    }

    /// Sees `column` assigned `value`, pivots if it was basic, and pushes
    /// what the rows holding it now say.
    pub fn assign(&mut self, column: usize, value: bool, found: &mut Vec<Found>) {
        self.seen += 1;
        set(&mut self.assigned, column);
        if value {
            set(&mut self.values, column);
        }
        let r = self.basic_row[column];
        if r != NONE {
            if let Some(u) = self.first_unassigned(r as usize) {
                self.pivot(r as usize, u);
            }
        }
        for r in 0..self.rows {
            if bit(self.row(r), column) {
                self.check(r, found);
            }
        }
    }

    /// Assignments seen so far.
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// Units and conflicts said that assigned a variable or stopped the
    /// search (the search counts them with [`XorMatrix::was_useful`]).
    pub fn useful(&self) -> u64 {
        self.useful
    }

    pub fn was_useful(&mut self) {
        self.useful += 1;
    }

    /// Sees `column` unassigned again.
    pub fn unassign(&mut self, column: usize) {
        let k = column / 64;
        let mask = !(1u64 << (column % 64));
        self.assigned[k] &= mask;
        self.values[k] &= mask;
    }

    /// Pushes what row `r` says: a unit if one variable is unassigned, a
    /// conflict if none is and its sum is wrong.
    fn check(&self, r: usize, found: &mut Vec<Found>) {
        let row = self.row(r);
        let (mut open, mut at) = (0, 0);
        for (k, (&w, &a)) in row.iter().zip(&self.assigned).enumerate() {
            let free = w & !a;
            if free != 0 {
                open += free.count_ones();
                at = k * 64 + free.trailing_zeros() as usize;
                if open > 1 {
                    return;
                }
            }
        }
        let odd = row
            .iter()
            .zip(&self.values)
            .fold(0, |n, (&w, &v)| n ^ (w & v).count_ones())
            & 1
            == 1;
        let row = r as u32;
        if open == 1 {
            found.push(Found::Unit {
                row,
                column: at as u32,
                value: odd,
            });
        } else if odd {
            found.push(Found::Conflict { row });
        }
    }

    fn first_unassigned(&self, r: usize) -> Option<usize> {
        let row = self.row(r);
        (0..self.words).find_map(|k| {
            let free = row[k] & !self.assigned[k];
            (free != 0).then(|| k * 64 + free.trailing_zeros() as usize)
        })
    }

    /// Makes column `u` of row `r` its basic one, eliminating it from the
    /// other rows.
    fn pivot(&mut self, r: usize, u: usize) {
        let w = self.words;
        for other in 0..self.rows {
            if other != r && bit(self.row(other), u) {
                for k in 0..w {
                    let s = self.bits[r * w + k];
                    self.bits[other * w + k] ^= s;
                }
            }
        }
        self.basic_row[self.basic[r] as usize] = NONE;
        self.basic[r] = u as u32;
        self.basic_row[u] = r as u32;
    }
}

fn bit(words: &[u64], c: usize) -> bool {
    words[c / 64] >> (c % 64) & 1 == 1
}

fn set(words: &mut [u64], c: usize) {
    words[c / 64] |= 1 << (c % 64);
}

#[cfg(test)]
#[path = "matrix_tests.rs"]
mod tests;
