//! Gauss-Jordan elimination over GF(2): what a system of XOR constraints
//! implies on its own. The system is split into its connected components
//! (XORs that share no variable, directly or through others, are solved
//! apart), and each component is brought to reduced row echelon form in a
//! dense bit matrix. A row `0 = 1` refutes the system; a row of one
//! variable fixes it; a row of two variables makes them equal or
//! complementary. Rows of more variables imply nothing a clause of one or
//! two literals can say, and are dropped.
//!
//! Elimination is cubic, so the word operations of a call are bounded: a
//! component that would take the call past the bound is left out, and
//! what the others imply holds whatever that one implies.

/// One XOR constraint: the sum of `vars` (indices, distinct) is `parity`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Xor {
    pub vars: Vec<u32>,
    pub parity: bool,
}

/// What a consistent system implies in clauses of one or two literals.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Implied {
    /// `(v, value)`: the variable is fixed to `value`.
    pub units: Vec<(u32, bool)>,
    /// `(a, b, differ)`: `a ⊕ b = differ`, so `a ≡ b` or `a ≡ ¬b`.
    pub equal: Vec<(u32, u32, bool)>,
    /// Components left out for their size.
    pub skipped: usize,
}

/// Eliminates `xors` over variables `0..num_vars` component by component;
/// `None` when the system has no solution. A component is eliminated only
/// if its `rows × words × min(rows, columns)` keeps the sum over the
/// components eliminated within `max_work`.
pub(crate) fn eliminate(xors: &[Xor], num_vars: usize, max_work: u64) -> Option<Implied> {
    let mut implied = Implied::default();
    let mut spent = 0u64;
    for component in components(xors, num_vars) {
        let work = Matrix::work_of(component.rows.len(), component.vars.len());
        if spent.saturating_add(work) > max_work {
            implied.skipped += 1;
            continue;
        }
        spent += work;
        let matrix = Matrix::of(xors, &component);
        matrix.reduce().read_into(&mut implied)?;
    }
    Some(implied)
}

/// A component in reduced row echelon form, for the search
/// (`xor/search.rs`): its variables by column and its `rank` nonzero rows
/// of `words` words each, the parity in the column after the variables.
pub(crate) struct Echelon {
    pub vars: Vec<u32>,
    pub bits: Vec<u64>,
    pub rank: usize,
    pub words: usize,
}

/// The consistent components of `xors` whose XOR count lies in `rows` and
/// whose variables are at most `max_vars`, each reduced.
pub(crate) fn echelons(
    xors: &[Xor],
    num_vars: usize,
    rows: std::ops::RangeInclusive<usize>,
    max_vars: usize,
) -> Vec<Echelon> {
    components(xors, num_vars)
        .into_iter()
        .filter(|c| rows.contains(&c.rows.len()) && c.vars.len() <= max_vars)
        .filter_map(|c| Matrix::of(xors, &c).reduce().into_echelon())
        .collect()
}

/// The XORs (indices into `xors`) of one connected component, with the
/// variables they use.
struct Component {
    rows: Vec<usize>,
    vars: Vec<u32>,
}

/// Splits the XORs into components of shared variables (union-find).
fn components(xors: &[Xor], num_vars: usize) -> Vec<Component> {
    let mut parent: Vec<u32> = (0..num_vars as u32).collect();
    for xor in xors {
        if let Some((&first, rest)) = xor.vars.split_first() {
            for &v in rest {
                let (a, b) = (find(&mut parent, first), find(&mut parent, v));
                parent[a as usize] = b;
            }
        }
    }
    let mut index_of_root = vec![u32::MAX; num_vars];
    let mut out: Vec<Component> = Vec::new();
    let mut seen = vec![false; num_vars];
    for (i, xor) in xors.iter().enumerate() {
        let Some(&first) = xor.vars.first() else {
            // An empty XOR touches no variable: a component of its own.
            out.push(Component {
                rows: vec![i],
                vars: Vec::new(),
            });
            continue;
        };
        let root = find(&mut parent, first) as usize;
        if index_of_root[root] == u32::MAX {
            index_of_root[root] = out.len() as u32;
            out.push(Component {
                rows: Vec::new(),
                vars: Vec::new(),
            });
        }
        let component = &mut out[index_of_root[root] as usize];
        component.rows.push(i);
        for &v in &xor.vars {
            if !seen[v as usize] {
                seen[v as usize] = true;
                component.vars.push(v);
            }
        }
    }
    out
}

fn find(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        let up = parent[parent[v as usize] as usize];
        parent[v as usize] = up;
        v = up;
    }
    v
}

/// A dense bit matrix: one row per XOR, one column per variable of the
/// component, and a last column for the parity.
struct Matrix {
    bits: Vec<u64>,
    rows: usize,
    /// 64-bit words per row.
    words: usize,
    /// The component's variables, by column.
    vars: Vec<u32>,
}

impl Matrix {
    fn of(xors: &[Xor], component: &Component) -> Matrix {
        let columns = component.vars.len();
        let words = (columns + 1).div_ceil(64);
        let mut column_of = std::collections::HashMap::with_capacity(columns);
        for (c, &v) in component.vars.iter().enumerate() {
            column_of.insert(v, c);
        }
        let mut matrix = Matrix {
            bits: vec![0; component.rows.len() * words],
            rows: component.rows.len(),
            words,
            vars: component.vars.clone(),
        };
        for (r, &x) in component.rows.iter().enumerate() {
            for v in &xors[x].vars {
                matrix.flip(r, column_of[v]);
            }
            if xors[x].parity {
                matrix.flip(r, columns);
            }
        }
        matrix
    }

    /// The word operations a full elimination of `rows` XORs over
    /// `columns` variables may take (module docs); also a bound on the
    /// matrix's words.
    fn work_of(rows: usize, columns: usize) -> u64 {
        let words = (columns as u64 + 1).div_ceil(64);
        rows as u64 * words * (rows.min(columns) as u64).max(1)
    }

    fn bit(&self, r: usize, c: usize) -> bool {
        self.bits[r * self.words + c / 64] >> (c % 64) & 1 == 1
    }

    fn flip(&mut self, r: usize, c: usize) {
        self.bits[r * self.words + c / 64] ^= 1 << (c % 64);
    }

    /// Row `target` ^= row `source`.
    fn add_row(&mut self, target: usize, source: usize) {
        let w = self.words;
        for k in 0..w {
            let s = self.bits[source * w + k];
            self.bits[target * w + k] ^= s;
        }
    }

    fn swap_rows(&mut self, a: usize, b: usize) {
        let w = self.words;
        for k in 0..w {
            self.bits.swap(a * w + k, b * w + k);
        }
    }

    /// Reduced row echelon form: each pivot column is 1 in its row only.
    fn reduce(mut self) -> Reduced {
        let mut rank = 0;
        for c in 0..self.vars.len() {
            let Some(p) = (rank..self.rows).find(|&r| self.bit(r, c)) else {
                continue;
            };
            self.swap_rows(rank, p);
            for r in 0..self.rows {
                if r != rank && self.bit(r, c) {
                    self.add_row(r, rank);
                }
            }
            rank += 1;
            if rank == self.rows {
                break;
            }
        }
        Reduced { matrix: self, rank }
    }
}

/// A matrix in reduced row echelon form, its first `rank` rows nonzero
/// in the variables' columns.
struct Reduced {
    matrix: Matrix,
    rank: usize,
}

impl Reduced {
    /// The nonzero rows; `None` when one of the others says `0 = 1`.
    fn into_echelon(mut self) -> Option<Echelon> {
        let m = &mut self.matrix;
        let parity_column = m.vars.len();
        if (self.rank..m.rows).any(|r| m.bit(r, parity_column)) {
            return None;
        }
        m.bits.truncate(self.rank * m.words);
        Some(Echelon {
            vars: std::mem::take(&mut m.vars),
            bits: std::mem::take(&mut m.bits),
            rank: self.rank,
            words: m.words,
        })
    }

    /// Adds the units and equivalences its rows state; `None` when a row
    /// below the rank says `0 = 1`.
    fn read_into(&self, implied: &mut Implied) -> Option<()> {
        let m = &self.matrix;
        let parity_column = m.vars.len();
        if (self.rank..m.rows).any(|r| m.bit(r, parity_column)) {
            return None;
        }
        for r in 0..self.rank {
            let mut ones = (0..parity_column).filter(|&c| m.bit(r, c));
            let parity = m.bit(r, parity_column);
            match (ones.next(), ones.next(), ones.next()) {
                (Some(a), None, _) => implied.units.push((m.vars[a], parity)),
                (Some(a), Some(b), None) => implied.equal.push((m.vars[a], m.vars[b], parity)),
                _ => {}
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xor(vars: &[u32], parity: bool) -> Xor {
        Xor {
            vars: vars.to_vec(),
            parity,
        }
    }

    /// Every assignment of `n` variables that satisfies all of `xors`.
    fn solutions(xors: &[Xor], n: u32) -> Vec<u32> {
        (0..1u32 << n)
            .filter(|a| {
                xors.iter().all(|x| {
                    let ones = x.vars.iter().filter(|&&v| a >> v & 1 == 1).count();
                    (ones % 2 == 1) == x.parity
                })
            })
            .collect()
    }

    #[test]
    fn a_system_whose_sum_is_odd_against_an_even_sum_is_refuted() {
        // x0+x1 = 1, x1+x2 = 1, x0+x2 = 1: the three sum to 0 = 1.
        let xors = [xor(&[0, 1], true), xor(&[1, 2], true), xor(&[0, 2], true)];
        assert_eq!(eliminate(&xors, 3, u64::MAX), None);
    }

    #[test]
    fn units_and_equivalences_are_read_off_the_reduced_rows() {
        // x0+x1+x2 = 1, x1+x2 = 0 and x2+x3 = 1 reduce to x0 = 1,
        // x1+x3 = 1 and x2+x3 = 1.
        let xors = [
            xor(&[0, 1, 2], true),
            xor(&[1, 2], false),
            xor(&[2, 3], true),
        ];
        let implied = eliminate(&xors, 4, u64::MAX).unwrap();
        assert_eq!(implied.units, vec![(0, true)]);
        assert_eq!(implied.equal, vec![(1, 3, true), (2, 3, true)]);
    }

    #[test]
    fn what_is_implied_holds_in_every_solution_of_random_systems() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |bound: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % u64::from(bound)) as u32
        };
        let (mut refuted, mut units, mut equal) = (0, 0, 0);
        for _ in 0..3000 {
            let n = 1 + next(10);
            let xors: Vec<Xor> = (0..1 + next(8))
                .map(|_| {
                    let mut vars: Vec<u32> = (0..1 + next(4)).map(|_| next(n)).collect();
                    vars.sort_unstable();
                    vars.dedup();
                    xor(&vars, next(2) == 1)
                })
                .collect();
            let all = solutions(&xors, n);
            let Some(implied) = eliminate(&xors, n as usize, u64::MAX) else {
                assert!(all.is_empty(), "refuted a satisfiable system {xors:?}");
                refuted += 1;
                continue;
            };
            assert!(!all.is_empty(), "missed the refutation of {xors:?}");
            for &(v, value) in &implied.units {
                assert!(all.iter().all(|a| (a >> v & 1 == 1) == value), "{xors:?}");
                units += 1;
            }
            for &(a, b, differ) in &implied.equal {
                let holds = |s: &u32| ((s >> a ^ s >> b) & 1 == 1) == differ;
                assert!(all.iter().all(holds), "{xors:?}");
                equal += 1;
            }
        }
        assert!(
            refuted > 100 && units > 100 && equal > 100,
            "{refuted} {units} {equal}"
        );
    }

    #[test]
    fn components_too_large_for_the_bound_are_left_out() {
        let xors = [xor(&[0, 1], true), xor(&[1, 2], true), xor(&[0, 2], true)];
        let implied = eliminate(&xors, 3, 2).unwrap();
        assert_eq!(implied.skipped, 1);
        assert!(implied.units.is_empty() && implied.equal.is_empty());
        // Apart from it, a small component is still solved.
        let more = [xors.to_vec(), vec![xor(&[5], true)]].concat();
        let implied = eliminate(&more, 6, 2).unwrap();
        assert_eq!(
            (implied.skipped, implied.units.clone()),
            (1, vec![(5, true)])
        );
        // The bound is shared: two components of 9 word operations each
        // within 10, the second is left out, whatever it says.
        let two = [
            xor(&[0, 1], false),
            xor(&[1, 2], false),
            xor(&[0], true),
            xor(&[3, 4], false),
            xor(&[4, 5], false),
            xor(&[3], true),
        ];
        let implied = eliminate(&two, 6, 10).unwrap();
        assert_eq!(implied.skipped, 1);
        assert_eq!(implied.units, vec![(0, true), (1, true), (2, true)]);
    }

    #[test]
    fn rows_wider_than_one_word_are_reduced_across_words() {
        // A chain x0+x1 = 0, x1+x2 = 0, ..., x99+x100 = 1 over 101
        // columns: x0 + x100 = 1 after elimination across the words.
        let mut xors: Vec<Xor> = (0..100).map(|v| xor(&[v, v + 1], v == 99)).collect();
        xors.push(xor(&[0], false));
        let implied = eliminate(&xors, 101, u64::MAX).unwrap();
        assert!(implied.units.contains(&(100, true)), "{implied:?}");
        assert_eq!(implied.units.len(), 101);
    }
}
