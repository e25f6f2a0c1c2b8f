//! A possibly partial assignment, as a solver's `v` lines give it.
//!
//! Invariant: the literals are sorted by variable, one per variable, so a
//! lookup is a binary search and the memory is what the text gave, whatever
//! the variables' numbers.

use satoku_formula::{Cnf, Lit, Model, Var};

/// Values for some variables; a variable not mentioned has no value (and so
/// satisfies no literal), which is not the same as false.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartialModel {
    lits: Vec<Lit>,
}

impl PartialModel {
    /// The assignment making `lits` true; `Err(var)` when `var` is given
    /// both values. Repeated literals are kept once.
    pub fn from_lits(lits: impl IntoIterator<Item = Lit>) -> Result<PartialModel, Var> {
        let mut lits: Vec<Lit> = lits.into_iter().collect();
        lits.sort_unstable_by_key(|l| l.code());
        lits.dedup();
        if let Some(pair) = lits.windows(2).find(|w| w[0].var() == w[1].var()) {
            return Err(pair[0].var());
        }
        Ok(PartialModel { lits })
    }

    /// The value of `var`, `None` when the model does not mention it.
    pub fn value(&self, var: Var) -> Option<bool> {
        self.lits
            .binary_search_by_key(&var.index(), |l| l.var().index())
            .ok()
            .map(|i| self.lits[i].is_positive())
    }

    /// Whether `lit` is true, false, or unassigned (`None`).
    pub fn lit_value(&self, lit: Lit) -> Option<bool> {
        self.value(lit.var()).map(|v| v == lit.is_positive())
    }

    /// The number of variables given a value.
    pub fn len(&self) -> usize {
        self.lits.len()
    }

    /// Whether no variable is given a value.
    pub fn is_empty(&self) -> bool {
        self.lits.is_empty()
    }

    /// The largest variable given a value.
    pub fn max_var(&self) -> Option<Var> {
        self.lits.last().map(|l| l.var())
    }

    /// The true literals, by variable.
    pub fn lits(&self) -> impl Iterator<Item = Lit> + '_ {
        self.lits.iter().copied()
    }

    /// Index of the first clause of `cnf` with no true literal.
    pub fn first_falsified(&self, cnf: &Cnf) -> Option<usize> {
        cnf.clauses()
            .position(|c| !c.iter().any(|&l| self.lit_value(l) == Some(true)))
    }

    /// A total model over variables `0..num_vars`, unmentioned variables
    /// false; `None` when the model mentions a variable beyond them.
    pub fn to_model(&self, num_vars: usize) -> Option<Model> {
        if self.max_var().is_some_and(|v| v.index() >= num_vars) {
            return None;
        }
        let mut values = vec![false; num_vars];
        for lit in &self.lits {
            values[lit.var().index()] = lit.is_positive();
        }
        Some(Model::new(values))
    }
}

impl From<&Model> for PartialModel {
    /// Every variable of the model, with its value.
    fn from(model: &Model) -> PartialModel {
        PartialModel {
            lits: model.lits().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmentioned_is_not_false() {
        let m = PartialModel::from_lits(Lit::vec_from_dimacs(&[3, -1, 3])).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(m.value(Var::new(0)), Some(false));
        assert_eq!(m.value(Var::new(1)), None);
        assert_eq!(m.lit_value(Lit::from_dimacs(-3)), Some(false));
        assert_eq!(m.max_var(), Some(Var::new(2)));
        assert_eq!(
            m.to_model(4),
            Some(Model::new(vec![false, false, true, false]))
        );
        assert_eq!(m.to_model(2), None);
    }

    #[test]
    fn both_values_are_refused() {
        assert_eq!(
            PartialModel::from_lits(Lit::vec_from_dimacs(&[2, 1, -2])),
            Err(Var::new(1))
        );
    }

    #[test]
    fn a_clause_needs_a_true_literal() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&Lit::vec_from_dimacs(&[1, 2]));
        cnf.add_clause(&Lit::vec_from_dimacs(&[-3]));
        let named = PartialModel::from_lits(Lit::vec_from_dimacs(&[1])).unwrap();
        assert_eq!(named.first_falsified(&cnf), Some(1));
        let full = PartialModel::from_lits(Lit::vec_from_dimacs(&[-2, 1, -3])).unwrap();
        assert_eq!(full.first_falsified(&cnf), None);
    }

    #[test]
    fn a_huge_variable_costs_one_literal() {
        let big = i64::from(Var::MAX_DIMACS);
        let m = PartialModel::from_lits(Lit::vec_from_dimacs(&[big])).unwrap();
        assert_eq!(m.len(), 1);
        assert_eq!(
            m.value(Var::from_dimacs(Var::MAX_DIMACS).unwrap()),
            Some(true)
        );
    }
}
