//! The SAT encoding: one variable per (row, col, digit).
//!
//! With `N = side` and 1-based row `r`, column `c` and digit `d`, the DIMACS
//! variable is `v(r, c, d) = N*N*(r-1) + N*(c-1) + d`: 729 variables for 9x9,
//! `N^3` in general (64, 729, 4096, 15625). Clause families are listed in
//! `docs/sudoku-encoding.md` and [`clause_counts`].

use satoku_formula::{Cnf, Lit, Var};

use crate::grid::MAX_BOX_SIZE;
use crate::Grid;

/// Which clauses encode the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Encoding {
    /// Every cell has at least one and at most one digit; every row, column
    /// and block has each digit at least once and at most once.
    #[default]
    Extended,
    /// Every cell has at least one digit; every row, column and block has each
    /// digit at most once (enough: the two imply the rest).
    Minimal,
}

impl Encoding {
    /// `"extended"` or `"minimal"`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Extended => "extended",
            Encoding::Minimal => "minimal",
        }
    }
}

/// The variable of (row, col, digit): rows and columns 0-based, digit 1-based.
/// Its DIMACS number is `side*side*row + side*col + digit`.
///
/// # Panics
/// If `side` is larger than 25, `row` or `col` is not below `side`, or
/// `digit` is not in `1..=side` (any of these would name another cell's
/// variable, or none).
#[inline]
pub fn cell_var(side: usize, row: usize, col: usize, digit: u8) -> Var {
    let max_side = MAX_BOX_SIZE * MAX_BOX_SIZE;
    assert!(
        side <= max_side && row < side && col < side && digit >= 1 && usize::from(digit) <= side,
        "cell_var: row {row}, column {col}, digit {digit} is not a cell and digit of a \
         {side}x{side} grid (rows and columns 0-based, digits 1-based, sides up to {max_side})"
    );
    var_of(side, row, col, digit)
}

/// [`cell_var`] without the check, for loops whose arguments are a grid's
/// cells and digits by construction.
#[inline]
pub(crate) fn var_of(side: usize, row: usize, col: usize, digit: u8) -> Var {
    debug_assert!(row < side && col < side && digit >= 1 && usize::from(digit) <= side);
    Var::new((side * side * row + side * col + usize::from(digit) - 1) as u32)
}

/// Clause counts of the rule families, in the order they are emitted:
/// `(name, count)`. Givens add one unit clause each, after these.
pub fn clause_counts(side: usize, encoding: Encoding) -> Vec<(&'static str, usize)> {
    let pairs = side * side * (side * (side - 1) / 2);
    let alo = side * side;
    let mut counts = vec![("cell at least one digit", alo)];
    if encoding == Encoding::Extended {
        counts.push(("cell at most one digit", pairs));
    }
    for (unit_alo, unit_amo) in [
        (
            "row has each digit at least once",
            "row has each digit at most once",
        ),
        (
            "column has each digit at least once",
            "column has each digit at most once",
        ),
        (
            "block has each digit at least once",
            "block has each digit at most once",
        ),
    ] {
        if encoding == Encoding::Extended {
            counts.push((unit_alo, alo));
        }
        counts.push((unit_amo, pairs));
    }
    counts
}

/// The CNF of `puzzle`: rule clauses (see [`clause_counts`]) then one unit
/// clause per given, in reading order. It has exactly `side^3` variables.
pub fn encode(puzzle: &Grid, encoding: Encoding) -> Cnf {
    let side = puzzle.side();
    let total: usize = clause_counts(side, encoding).iter().map(|c| c.1).sum();
    let mut cnf = Cnf::with_capacity(total + puzzle.num_givens(), total * 3);
    cnf.ensure_vars(side * side * side);
    for_each_rule_clause(puzzle.box_size(), encoding, true, |clause| {
        cnf.add_clause(clause)
    });
    for_each_given(puzzle, |unit| cnf.add_clause(&[unit]));
    cnf
}

/// Calls `f` with each given's unit literal, in reading order.
pub(crate) fn for_each_given(puzzle: &Grid, mut f: impl FnMut(Lit)) {
    let side = puzzle.side();
    for (i, &d) in puzzle.cells().iter().enumerate() {
        if d != 0 {
            f(var_of(side, i / side, i % side, d).positive());
        }
    }
}

/// Calls `f` with each rule clause, in the order of [`clause_counts`].
///
/// With `repeats` false, the block family leaves out the pairs of cells that
/// share a row or a column: the row and column families have those binary
/// clauses already (a solver gains nothing from the second copy but watch
/// visits). [`encode`] keeps them, so its counts are the documented ones.
pub(crate) fn for_each_rule_clause(
    box_size: usize,
    encoding: Encoding,
    repeats: bool,
    mut f: impl FnMut(&[Lit]),
) {
    let n = box_size;
    let side = n * n;
    let mut lits: Vec<Lit> = Vec::with_capacity(side);
    let at_most_one = |lits: &[Lit], f: &mut dyn FnMut(&[Lit])| {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                f(&[!a, !b]);
            }
        }
    };
    let cell_lits = |lits: &mut Vec<Lit>, cell: usize| {
        lits.clear();
        lits.extend((1..=side as u8).map(|d| var_of(side, cell / side, cell % side, d).positive()));
    };
    for cell in 0..side * side {
        cell_lits(&mut lits, cell);
        f(&lits);
    }
    if encoding == Encoding::Extended {
        for cell in 0..side * side {
            cell_lits(&mut lits, cell);
            at_most_one(&lits, &mut f);
        }
    }
    // Units: rows (kind 0), columns (1), blocks (2); cell `i` of unit `u`.
    let cell_of = |kind: usize, u: usize, i: usize| match kind {
        0 => (u, i),
        1 => (i, u),
        _ => ((u / n) * n + i / n, (u % n) * n + i % n),
    };
    let unit_lits = |lits: &mut Vec<Lit>, kind: usize, u: usize, d: u8| {
        lits.clear();
        lits.extend((0..side).map(|i| {
            let (row, col) = cell_of(kind, u, i);
            var_of(side, row, col, d).positive()
        }));
    };
    for kind in 0..3 {
        if encoding == Encoding::Extended {
            for u in 0..side {
                for d in 1..=side as u8 {
                    unit_lits(&mut lits, kind, u, d);
                    f(&lits);
                }
            }
        }
        for u in 0..side {
            for d in 1..=side as u8 {
                unit_lits(&mut lits, kind, u, d);
                if kind < 2 || repeats {
                    at_most_one(&lits, &mut f);
                    continue;
                }
                // Cells i and j of a block share a row when i / n == j / n,
                // a column when i % n == j % n.
                for i in 0..side {
                    for j in i + 1..side {
                        if i / n != j / n && i % n != j % n {
                            f(&[!lits[i], !lits[j]]);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satoku_formula::Model;

    #[test]
    fn variable_formula_is_the_documented_one() {
        assert_eq!(cell_var(9, 0, 0, 1).to_dimacs(), 1);
        assert_eq!(cell_var(9, 0, 1, 1).to_dimacs(), 10);
        assert_eq!(cell_var(9, 1, 0, 1).to_dimacs(), 82);
        assert_eq!(cell_var(9, 8, 8, 9).to_dimacs(), 729);
        assert_eq!(cell_var(25, 24, 24, 25).to_dimacs(), 15625);
    }

    #[test]
    fn cell_var_refuses_what_is_not_a_cell_and_digit() {
        for (side, row, col, digit) in [
            (9, 0, 0, 10),
            (9, 0, 0, 0),
            (9, 9, 0, 1),
            (9, 0, 9, 1),
            (36, 0, 0, 1),
        ] {
            let caught = std::panic::catch_unwind(|| cell_var(side, row, col, digit));
            let message = *caught
                .expect_err("should panic")
                .downcast::<String>()
                .unwrap();
            assert!(message.contains("is not a cell and digit"), "{message}");
        }
    }

    #[test]
    fn clause_counts_match_the_formula() {
        let puzzle = Grid::empty(3).unwrap();
        let cnf = encode(&puzzle, Encoding::Extended);
        assert_eq!((cnf.num_vars(), cnf.num_clauses()), (729, 11_988));
        let cnf = encode(&puzzle, Encoding::Minimal);
        assert_eq!(cnf.num_clauses(), 81 + 3 * 2916);
        for n in 2..=5 {
            let g = Grid::empty(n).unwrap();
            for e in [Encoding::Extended, Encoding::Minimal] {
                let total: usize = clause_counts(n * n, e).iter().map(|c| c.1).sum();
                assert_eq!(encode(&g, e).num_clauses(), total);
            }
        }
    }

    #[test]
    fn a_solution_satisfies_and_a_wrong_grid_falsifies() {
        let s = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let solution: Grid = s.parse().unwrap();
        let mut model = Model::new(vec![false; 729]);
        for row in 0..9 {
            for col in 0..9 {
                model.set(cell_var(9, row, col, solution.get(row, col)), true);
            }
        }
        for e in [Encoding::Extended, Encoding::Minimal] {
            assert!(model.satisfies(&encode(&solution, e)));
        }
        model.set(cell_var(9, 0, 0, 1), true);
        assert!(!model.satisfies(&encode(&Grid::empty(3).unwrap(), Encoding::Extended)));
    }
}
