//! Total assignments and the check that every answer must pass.

use crate::{Cnf, Lit, Var};

/// A total assignment: one Boolean per variable.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Model {
    values: Vec<bool>,
}

impl Model {
    /// A model from one value per variable, index 0 first.
    pub fn new(values: Vec<bool>) -> Model {
        Model { values }
    }

    /// A model from signed DIMACS literals (`[1, -2]` sets x1 true, x2 false).
    /// Variables not mentioned are false; the model covers the largest variable named.
    ///
    /// # Panics
    /// If a literal is 0 or out of range.
    pub fn from_dimacs(lits: &[i64]) -> Model {
        let mut model = Model::default();
        for &n in lits {
            let lit = Lit::from_dimacs(n);
            model.set(lit.var(), lit.is_positive());
        }
        model
    }

    /// Number of variables covered.
    pub fn num_vars(&self) -> usize {
        self.values.len()
    }

    /// The value of `var`; variables beyond the model are false.
    #[inline]
    pub fn value(&self, var: Var) -> bool {
        self.values.get(var.index()).copied().unwrap_or(false)
    }

    /// Whether `lit` is true under this model.
    #[inline]
    pub fn lit_value(&self, lit: Lit) -> bool {
        self.value(lit.var()) != lit.is_negated()
    }

    /// Sets `var` to `value`, growing the model if needed.
    pub fn set(&mut self, var: Var, value: bool) {
        if var.index() >= self.values.len() {
            self.values.resize(var.index() + 1, false);
        }
        self.values[var.index()] = value;
    }

    /// Grows the model to cover `n` variables (new ones false).
    pub fn resize(&mut self, n: usize) {
        self.values.resize(n, false);
    }

    /// The literals true in the model over variables `0..n`, in order; a
    /// variable beyond the model is false. Lazy: a header declaring billions
    /// of unused variables costs output, not memory.
    pub fn lits_up_to(&self, n: usize) -> impl Iterator<Item = Lit> + '_ {
        (0..n).map(|v| {
            let var = Var::new(v as u32);
            var.lit(self.value(var))
        })
    }

    /// The values, index 0 first.
    pub fn values(&self) -> &[bool] {
        &self.values
    }

    /// The model as signed literals, one per variable, in variable order.
    pub fn lits(&self) -> impl Iterator<Item = Lit> + '_ {
        self.values
            .iter()
            .enumerate()
            .map(|(i, &v)| Var::new(i as u32).lit(v))
    }

    /// Whether every clause of `cnf` has a true literal.
    pub fn satisfies(&self, cnf: &Cnf) -> bool {
        self.first_falsified(cnf).is_none()
    }

    /// The index of the first clause with no true literal, if any.
    pub fn first_falsified(&self, cnf: &Cnf) -> Option<usize> {
        cnf.clauses()
            .position(|clause| !clause.iter().any(|&lit| self.lit_value(lit)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_every_clause() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(2)]);
        cnf.add_clause(&[Lit::from_dimacs(-1)]);
        assert!(Model::from_dimacs(&[-1, 2]).satisfies(&cnf));
        let bad = Model::from_dimacs(&[1, 2]);
        assert_eq!(bad.first_falsified(&cnf), Some(1));
    }

    #[test]
    fn empty_clause_is_never_satisfied() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[]);
        assert_eq!(Model::default().first_falsified(&cnf), Some(0));
    }

    #[test]
    fn lits_cover_every_variable() {
        let model = Model::from_dimacs(&[-1, 3]);
        let lits: Vec<i64> = model.lits().map(Lit::to_dimacs).collect();
        assert_eq!(lits, vec![-1, -2, 3]);
    }
}
