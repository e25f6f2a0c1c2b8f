//! The size of a formula a generator would make, computed in closed form
//! without making it, so a caller can refuse absurd sizes up front.

/// Variables, clauses and literals of a formula, and a bound on its DIMACS
/// text. Counts saturate at `u64::MAX` instead of overflowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    num_vars: u64,
    num_clauses: u64,
    num_lits: u64,
}

/// `n` choose 2, in 128 bits.
fn pairs(n: u128) -> u128 {
    n.saturating_mul(n.saturating_sub(1)) / 2
}

/// `n` choose 3, saturating.
fn triples(n: u128) -> u128 {
    n.saturating_mul(n.saturating_sub(1))
        .saturating_mul(n.saturating_sub(2))
        / 6
}

/// `a * b`, saturating.
fn mul(a: u128, b: u128) -> u128 {
    a.saturating_mul(b)
}

fn saturate(x: u128) -> u64 {
    u64::try_from(x).unwrap_or(u64::MAX)
}

impl Size {
    fn new(num_vars: u128, num_clauses: u128, num_lits: u128) -> Size {
        Size {
            num_vars: saturate(num_vars),
            num_clauses: saturate(num_clauses),
            num_lits: saturate(num_lits),
        }
    }

    /// Variables declared.
    pub fn num_vars(&self) -> u64 {
        self.num_vars
    }

    /// Clauses.
    pub fn num_clauses(&self) -> u64 {
        self.num_clauses
    }

    /// Literal occurrences.
    pub fn num_lits(&self) -> u64 {
        self.num_lits
    }

    /// An upper bound on the bytes of the clauses in DIMACS (header and
    /// comments not counted): each literal at most a sign, the digits of the
    /// largest variable and a space; each clause `0` and a newline.
    pub fn dimacs_bytes(&self) -> u64 {
        let digits = u128::from(self.num_vars.max(1).ilog10() + 1);
        let lits = mul(u128::from(self.num_lits), digits + 2);
        saturate(lits.saturating_add(2 * u128::from(self.num_clauses)))
    }
}

/// The size of [`random_ksat`](crate::random_ksat)`(num_vars, num_clauses, k, _)`.
pub fn ksat_size(num_vars: usize, num_clauses: usize, k: usize) -> Size {
    let clauses = num_clauses as u128;
    Size::new(num_vars as u128, clauses, mul(clauses, k as u128))
}

/// The size of [`pigeonhole`](crate::pigeonhole)`(holes)`.
pub fn pigeonhole_size(holes: usize) -> Size {
    let h = holes as u128;
    let at_most_one = mul(h, pairs(h + 1));
    let vars = mul(h + 1, h);
    Size::new(
        vars,
        at_most_one.saturating_add(h + 1),
        vars.saturating_add(mul(2, at_most_one)),
    )
}

/// The size of [`queens`](crate::queens)`(n)`: a clause per row, and one
/// per attacking pair of squares (same row, column or diagonal).
pub fn queens_size(n: usize) -> Size {
    let n = n as u128;
    // Diagonals in one direction: two of each length 1..n-1, one of length
    // n; the pairs within the first sum to n choose 3.
    let diagonal = mul(2, triples(n)).saturating_add(pairs(n));
    let attacks = mul(mul(2, n), pairs(n)).saturating_add(mul(2, diagonal));
    let squares = mul(n, n);
    Size::new(
        squares,
        attacks.saturating_add(n),
        squares.saturating_add(mul(2, attacks)),
    )
}

/// The size of [`coloring`](crate::coloring)`(vertices, edges, colors, _)`.
pub fn coloring_size(vertices: usize, edges: usize, colors: usize) -> Size {
    let (v, c) = (vertices as u128, colors as u128);
    let edges = (edges as u128).min(pairs(v));
    let (vars, at_most_one, edge_clauses) = (mul(v, c), mul(v, pairs(c)), mul(edges, c));
    let clauses = v.saturating_add(at_most_one).saturating_add(edge_clauses);
    let lits = mul(2, at_most_one.saturating_add(edge_clauses)).saturating_add(vars);
    Size::new(vars, clauses, lits)
}

/// The vertices [`tseitin`](crate::tseitin)`(vertices, _, _)` uses: the
/// number asked for, at least 4, rounded up to an even number.
pub(crate) fn tseitin_vertices(vertices: usize) -> usize {
    vertices.max(4).saturating_add(1) & !1
}

/// The size of [`tseitin`](crate::tseitin)`(vertices, _, _)`: one variable
/// per edge of a cubic graph, four clauses of three literals per vertex.
pub fn tseitin_size(vertices: usize) -> Size {
    let n = tseitin_vertices(vertices) as u128;
    Size::new(mul(3, n) / 2, mul(4, n), mul(12, n))
}

#[cfg(test)]
mod tests {
    use satoku_formula::Cnf;

    use super::*;
    use crate::{coloring, pigeonhole, queens, random_ksat, tseitin};

    fn actual(cnf: &Cnf) -> Size {
        Size::new(
            cnf.num_vars() as u128,
            cnf.num_clauses() as u128,
            cnf.num_lits() as u128,
        )
    }

    /// The DIMACS text of the clauses, as the writer prints them.
    fn text_len(cnf: &Cnf) -> u64 {
        let body: usize = cnf
            .clauses()
            .map(|c| {
                c.iter()
                    .map(|l| l.to_dimacs().to_string().len() + 1)
                    .sum::<usize>()
                    + 2
            })
            .sum();
        body as u64
    }

    #[test]
    fn sizes_match_the_generated_formulas() {
        for n in 0..9 {
            let cnf = queens(n);
            assert_eq!(queens_size(n), actual(&cnf), "queens {n}");
            assert!(queens_size(n).dimacs_bytes() >= text_len(&cnf));
        }
        for holes in 0..6 {
            let cnf = pigeonhole(holes);
            assert_eq!(pigeonhole_size(holes), actual(&cnf), "php {holes}");
            assert!(pigeonhole_size(holes).dimacs_bytes() >= text_len(&cnf));
        }
        for (v, e, c) in [(5, 3, 3), (6, 100, 2), (30, 40, 4), (4, 0, 0)] {
            let cnf = coloring(v, e, c, 7);
            assert_eq!(coloring_size(v, e, c), actual(&cnf), "color {v} {e} {c}");
        }
        for v in [0, 5, 6, 99] {
            let cnf = tseitin(v, true, 3);
            assert_eq!(tseitin_size(v), actual(&cnf), "tseitin {v}");
            assert!(tseitin_size(v).dimacs_bytes() >= text_len(&cnf));
        }
        assert_eq!(tseitin_size(usize::MAX).num_lits(), u64::MAX);
        let cnf = random_ksat(120, 500, 3, 5);
        assert_eq!(ksat_size(120, 500, 3), actual(&cnf));
        assert!(ksat_size(120, 500, 3).dimacs_bytes() >= text_len(&cnf));
    }

    #[test]
    fn absurd_sizes_saturate_instead_of_overflowing() {
        let huge = ksat_size(usize::MAX, usize::MAX, usize::MAX);
        assert_eq!(huge.num_lits(), u64::MAX);
        assert_eq!(huge.dimacs_bytes(), u64::MAX);
        assert!(queens_size(5000).num_clauses() > 100_000_000_000);
        assert_eq!(
            ksat_size(10, 1_000_000_000_000, 3).num_lits(),
            3_000_000_000_000
        );
    }
}
