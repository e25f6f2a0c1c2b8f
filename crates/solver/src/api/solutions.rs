//! Enumerating models: [`Solver::solutions`].
//!
//! Each model found is blocked before the next search by a clause through
//! the incremental API: by default the negation of the model on every
//! variable the solver had when the enumeration started, on a projection
//! ([`Solutions::project`]) the negation on those variables only (so each
//! projected assignment comes once), or a clause the caller builds
//! ([`Solutions::block_with`]). An empty blocking clause ends the
//! enumeration: nothing is left to tell models apart.
//!
//! Under assumptions, or when asked for ([`Solutions::guarded`]), the
//! blocking clauses are guarded by a fresh activation literal, assumed for
//! the enumeration and set false when the iterator is dropped: they are
//! switched off for good, and the solver answers for its clauses as before.
//! Otherwise they are ordinary clauses and stay (the solver then has the
//! models not yet enumerated left). The activation
//! variable is the last of the solver; models are cut back to the variables
//! before it.

use satoku_formula::{Lit, Model, Var};

use crate::solver::Solver;
use crate::SolveResult;

/// A limit or an interrupt stopped the search before it found the next
/// model or proved there is none (as [`SolveResult::Unknown`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search stopped at a limit before the enumeration was complete")]
pub struct Unknown;

/// Builds the blocking clause of a model (see [`Solutions::block_with`]).
type Blocker<'a> = Box<dyn FnMut(&Model, &mut Vec<Lit>) + 'a>;

/// An iterator over the models of a solver's clauses (module docs). Yields
/// `Ok(model)` for each model, `Err(Unknown)` once if a limit stops the
/// search, then nothing.
pub struct Solutions<'a> {
    solver: &'a mut Solver,
    assumptions: Vec<Lit>,
    scoped: bool,
    guarded: bool,
    projection: Option<Vec<Var>>,
    block: Option<Blocker<'a>>,
    /// Variables of the models handed out (set by the first search).
    num_vars: Option<usize>,
    activation: Option<Lit>,
    /// The blocking clause of the last model, added before the next search.
    pending: Vec<Lit>,
    done: bool,
}

impl Solver {
    /// Enumerates the models of the clauses added so far (module docs of
    /// `solutions.rs`); set it up with [`Solutions::assuming`],
    /// [`Solutions::scoped`], [`Solutions::project`] and
    /// [`Solutions::block_with`].
    ///
    /// ```
    /// use satoku_formula::{Lit, Var};
    /// use satoku_solver::{Solver, SolverConfig};
    ///
    /// let mut solver = Solver::new(SolverConfig::default());
    /// solver.add_clause(&[1, 2, 3]);
    /// // All seven models of (x1 | x2 | x3).
    /// assert_eq!(solver.solutions().count(), 7);
    ///
    /// let mut solver = Solver::new(SolverConfig::default());
    /// solver.add_clause(&[1, 2, 3]);
    /// // Under x3 false: x1 | x2, seen on x1 alone (true, then false).
    /// let x1 = Var::new(0);
    /// let models: Vec<_> = solver
    ///     .solutions()
    ///     .assuming(&[Lit::from_dimacs(-3)])
    ///     .project([x1])
    ///     .collect::<Result<_, _>>()
    ///     .unwrap();
    /// assert_eq!(models.len(), 2);
    /// // The blocking clauses were switched off: every model is back.
    /// assert_eq!(solver.solutions().count(), 7);
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions {
            solver: self,
            assumptions: Vec::new(),
            scoped: false,
            guarded: false,
            projection: None,
            block: None,
            num_vars: None,
            activation: None,
            pending: Vec::new(),
            done: false,
        }
    }
}

impl<'a> Solutions<'a> {
    /// Enumerates the models under `assumptions` only.
    pub fn assuming(mut self, assumptions: &[Lit]) -> Self {
        self.assumptions.clear();
        self.assumptions.extend_from_slice(assumptions);
        self.solver.ensure_vars_of(assumptions);
        self
    }

    /// Searches with [`Solver::solve_scoped`]: what a search learns under
    /// the assumptions is forgotten after it.
    pub fn scoped(mut self) -> Self {
        self.scoped = true;
        self
    }

    /// Guards the blocking clauses by an activation literal even without
    /// assumptions, so that once the iterator is dropped the solver has
    /// every model again (as it always does after an enumeration under
    /// assumptions). For a solver that answers many queries.
    pub fn guarded(mut self) -> Self {
        self.guarded = true;
        self
    }

    /// Blocks each model on `vars` only: each assignment of them is
    /// yielded once, whatever the other variables are.
    pub fn project(mut self, vars: impl IntoIterator<Item = Var>) -> Self {
        let vars: Vec<Var> = vars.into_iter().collect();
        let lits: Vec<Lit> = vars.iter().map(|v| v.positive()).collect();
        self.solver.ensure_vars_of(&lits);
        self.projection = Some(vars);
        self
    }

    /// Builds each blocking clause with `block`, which pushes its literals
    /// for a model onto the (empty) vector; pushing none ends the
    /// enumeration. The clause must be false under the model.
    pub fn block_with(mut self, block: impl FnMut(&Model, &mut Vec<Lit>) + 'a) -> Self {
        self.block = Some(Box::new(block));
        self
    }

    /// Adds the blocking clause of the last model, guarded under assumptions.
    fn block_last(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if self.guarded || !self.assumptions.is_empty() {
            let act = match self.activation {
                Some(act) => act,
                None => {
                    let act = self.solver.new_lit();
                    self.assumptions.push(act);
                    self.activation = Some(act);
                    act
                }
            };
            self.pending.push(!act);
        }
        self.solver.add_clause(&self.pending);
        self.pending.clear();
    }

    /// Fills `pending` with the blocking clause of `model`.
    fn blocking_clause(&mut self, model: &Model) {
        self.pending.clear();
        if let Some(block) = self.block.as_mut() {
            block(model, &mut self.pending);
            return;
        }
        let negation = |v: Var| v.lit(!model.value(v));
        match &self.projection {
            Some(vars) => self.pending.extend(vars.iter().map(|&v| negation(v))),
            None => self
                .pending
                .extend((0..model.num_vars() as u32).map(|v| negation(Var::new(v)))),
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = Result<Model, Unknown>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.block_last();
        let num_vars = *self.num_vars.get_or_insert_with(|| self.solver.num_vars());
        let result = if self.scoped {
            self.solver.solve_scoped(&self.assumptions)
        } else {
            self.solver.solve_with_assumptions(&self.assumptions)
        };
        match result {
            SolveResult::Sat(mut model) => {
                model.resize(num_vars);
                self.blocking_clause(&model);
                self.done = self.pending.is_empty();
                Some(Ok(model))
            }
            SolveResult::Unsat => {
                self.done = true;
                None
            }
            SolveResult::Unknown => {
                self.done = true;
                Some(Err(Unknown))
            }
        }
    }
}

impl Drop for Solutions<'_> {
    /// Switches the guarded blocking clauses off for good.
    fn drop(&mut self) {
        if let Some(act) = self.activation {
            self.solver.add_clause(&[!act]);
        }
    }
}
