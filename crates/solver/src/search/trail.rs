//! The assignment: values, levels, reasons and the trail.
//!
//! Values are kept per literal (`vals[lit] = 1` true, `-1` false, `0` open),
//! so reading a literal's value is one load, as in CaDiCaL. The trail lists
//! assigned literals in order; `trail_lim[d]` is where decision level `d + 1`
//! starts; `qhead` is the next trail literal to propagate. A variable's
//! level and reason sit side by side (MiniSat's `vardata`): assigning writes
//! both and conflict analysis reads both, so one cache line serves each.
//!
//! Only [`Trail::backtrack_to`] unassigns; it hands every unassigned literal
//! to a callback (phase saving and the decision heap), which inlines to the
//! loop a caller would write.

use satoku_formula::{Lit, Var};

use crate::search::reason::Reason;
use crate::search::unchecked::{at, set};

/// Value of an open literal.
pub const OPEN: i8 = 0;
/// Value of a true literal.
pub const TRUE: i8 = 1;
/// Value of a false literal.
pub const FALSE: i8 = -1;

/// Where an assigned variable got its value.
#[derive(Clone, Copy)]
struct VarData {
    level: u32,
    reason: Reason,
}

/// The current partial assignment.
#[derive(Default)]
pub struct Trail {
    /// Per-literal values.
    vals: Vec<i8>,
    /// Level and reason of each assigned variable.
    var_data: Vec<VarData>,
    /// Assigned literals in assignment order.
    trail: Vec<Lit>,
    /// Trail positions where each decision level begins.
    trail_lim: Vec<usize>,
    /// Next trail position to propagate.
    qhead: usize,
}

impl Trail {
    /// Makes room for variables `0..n`.
    pub fn grow(&mut self, n: usize) {
        if self.var_data.len() < n {
            self.vals.resize(2 * n, OPEN);
            self.var_data.resize(
                n,
                VarData {
                    level: 0,
                    reason: Reason::NONE,
                },
            );
            self.trail.reserve(n - self.trail.len().min(n));
        }
    }

    /// The value of `lit`.
    #[inline]
    pub fn value(&self, lit: Lit) -> i8 {
        self.vals[lit.code()]
    }

    /// The value of `lit` at the root: its value if it was assigned at
    /// level 0, else open (also in the middle of the search).
    #[inline]
    pub fn root_value(&self, lit: Lit) -> i8 {
        match self.value(lit) {
            OPEN => OPEN,
            value if self.level_of(lit.var()) == 0 => value,
            _ => OPEN,
        }
    }

    /// Whether `var` is unassigned.
    #[inline]
    pub fn is_open(&self, var: Var) -> bool {
        self.vals[var.positive().code()] == OPEN
    }

    /// The current decision level.
    #[inline]
    pub fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Opens a new decision level.
    #[inline]
    pub fn new_decision_level(&mut self) {
        self.trail_lim.push(self.trail.len());
    }

    /// Closes the current level, which must hold no assignment.
    pub fn drop_empty_level(&mut self) {
        debug_assert_eq!(self.trail_lim.last(), Some(&self.trail.len()));
        self.trail_lim.pop();
    }

    /// Makes `lit` true at the current level with `reason`.
    #[inline]
    pub fn assign(&mut self, lit: Lit, reason: Reason) {
        debug_assert_eq!(self.value(lit), OPEN);
        self.vals[lit.code()] = TRUE;
        self.vals[(!lit).code()] = FALSE;
        let level = self.decision_level();
        self.var_data[lit.var().index()] = VarData { level, reason };
        self.trail.push(lit);
    }

    /// Undoes every assignment above `level`, latest first, handing each
    /// unassigned literal to `on_unassign`. Returns the new trail length.
    #[inline]
    pub fn backtrack_to(&mut self, level: u32, mut on_unassign: impl FnMut(Lit)) -> usize {
        let lim = self.trail_lim[level as usize];
        for i in (lim..self.trail.len()).rev() {
            let lit = self.trail[i];
            self.vals[lit.code()] = OPEN;
            self.vals[(!lit).code()] = OPEN;
            on_unassign(lit);
        }
        self.trail.truncate(lim);
        self.trail_lim.truncate(level as usize);
        self.qhead = self.qhead.min(lim);
        lim
    }

    /// Level of an assigned variable. Unchecked in release builds
    /// (`unchecked.rs`): `var` is one of the solver's, as every variable of
    /// a clause, the trail or the assumptions is (`ensure_vars_of`).
    #[inline]
    pub fn level_of(&self, var: Var) -> u32 {
        crate::search::unchecked::at(&self.var_data, var.index()).level
    }

    /// Reason of an assigned variable (unchecked as [`Trail::level_of`]).
    #[inline]
    pub fn reason_of(&self, var: Var) -> Reason {
        crate::search::unchecked::at(&self.var_data, var.index()).reason
    }

    /// The decision literal of level `d` (1-based).
    pub fn decision_at(&self, d: u32) -> Lit {
        self.trail[self.trail_lim[d as usize - 1]]
    }

    /// The assigned literals in assignment order.
    #[inline]
    pub fn lits(&self) -> &[Lit] {
        &self.trail
    }

    /// Number of assigned literals.
    #[inline]
    pub fn len(&self) -> usize {
        self.trail.len()
    }

    /// Where decision level `d` (1-based) starts on the trail: every
    /// literal before it has a lower level.
    pub fn level_start(&self, d: u32) -> usize {
        self.trail_lim[d as usize - 1]
    }

    /// Where level 1 starts on the trail (the end of the root level).
    pub fn root_end(&self) -> usize {
        self.trail_lim.first().copied().unwrap_or(self.trail.len())
    }

    /// Takes the next literal to propagate, if any; `peek` is then the one
    /// after it (to prefetch its watch list).
    #[inline(always)]
    pub fn next_to_propagate(&mut self) -> Option<(Lit, Option<Lit>)> {
        let p = *self.trail.get(self.qhead)?;
        self.qhead += 1;
        Some((p, self.trail.get(self.qhead).copied()))
    }

    /// Marks the whole trail propagated (after a conflict).
    #[inline]
    pub fn skip_propagation(&mut self) {
        self.qhead = self.trail.len();
    }

    /// The value array and the trail borrowed apart, for propagation's
    /// inner loop ([`Assigning`]).
    #[inline(always)]
    pub fn assigning(&mut self) -> Assigning<'_> {
        Assigning {
            level: self.trail_lim.len() as u32,
            vals: &mut self.vals,
            var_data: &mut self.var_data,
            trail: &mut self.trail,
        }
    }

    /// Rewrites the reason of every assigned variable with `f`.
    pub fn map_reasons(&mut self, mut f: impl FnMut(Reason) -> Reason) {
        for &lit in &self.trail {
            let data = &mut self.var_data[lit.var().index()];
            data.reason = f(data.reason);
        }
    }
}

/// Reads and assignments at the current level, for propagation's inner
/// loop: the slices' pointers and lengths are locals, kept in registers,
/// where through `Trail` every store to a watch list or clause could have
/// changed them and they would be loaded again.
pub struct Assigning<'a> {
    level: u32,
    vals: &'a mut [i8],
    var_data: &'a mut [VarData],
    trail: &'a mut Vec<Lit>,
}

impl Assigning<'_> {
    /// The value of `lit`, a literal of an allocated variable, without a
    /// bounds check in release builds (`unchecked.rs`).
    #[inline(always)]
    pub fn value(&self, lit: Lit) -> i8 {
        at(self.vals, lit.code())
    }

    /// Assigns `lit` true, as [`Trail::assign`].
    #[inline(always)]
    pub fn assign(&mut self, lit: Lit, reason: Reason) {
        debug_assert_eq!(self.value(lit), OPEN);
        set(self.vals, lit.code(), TRUE);
        set(self.vals, (!lit).code(), FALSE);
        let level = self.level;
        set(self.var_data, lit.var().index(), VarData { level, reason });
        self.trail.push(lit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backtrack_unassigns_latest_first() {
        let mut t = Trail::default();
        t.grow(3);
        let [a, b, c] = [1, -2, 3].map(Lit::from_dimacs);
        t.assign(a, Reason::NONE);
        t.new_decision_level();
        t.assign(b, Reason::NONE);
        t.assign(c, Reason::binary(!b));
        assert_eq!(
            (t.level_of(c.var()), t.reason_of(c.var())),
            (1, Reason::binary(!b))
        );
        let mut undone = Vec::new();
        assert_eq!(t.backtrack_to(0, |l| undone.push(l)), 1);
        assert_eq!(undone, vec![c, b]);
        assert_eq!(
            (t.value(b), t.value(a), t.decision_level()),
            (OPEN, TRUE, 0)
        );
        assert_eq!(t.next_to_propagate(), Some((a, None)));
        assert_eq!(t.next_to_propagate(), None);
    }
}
