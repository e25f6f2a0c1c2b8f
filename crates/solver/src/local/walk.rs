//! Local search: ProbSAT (Balint and Schöning, "Choosing probability
//! distributions for stochastic local search and the role of make versus
//! break", SAT 2012), run from the current phases at some rephases.
//!
//! The walker works on a compact copy of the irredundant clauses made at
//! the root: clauses satisfied there are left out, literals false there
//! are dropped, so root-assigned variables never flip. The copy is sized
//! by what the formula holds (its literals, twice: clauses and occurrence
//! lists) and dropped after the walk. Each step picks a falsified clause at
//! random and flips one of its variables with probability proportional to
//! `f(break)`, where `break` counts the clauses the flip would falsify:
//! `(1 + break)^-2.38` on 3-SAT-like formulas, `cb^-break` with `cb` from
//! 3.7 (5-SAT) to 5.4 (7-SAT) on longer clauses (the paper's best
//! settings). Break counts are kept up to date by the flips rather than
//! counted at each pick (the paper's caching variant): each clause keeps
//! the exclusive or of its true literals' variables, which is its only
//! true variable when it has one, so a flip adjusts the counts of the
//! variables it makes or unmakes critical, and a pick reads one count per
//! literal instead of scanning each literal's occurrences (on 7-SAT, a few
//! hundred clauses each). The assignment with the fewest falsified clauses is kept; it
//! becomes the saved phases (`rephase.rs`). When no clause is falsified the
//! assignment is a model: the phases then lead the next descent straight
//! to it, and it is returned through the model check of `take_model`.
//!
//! When a walk runs and for how long: `rephase_walk.rs`.

use satoku_formula::{Lit, Var};

use crate::api::config::{WALK_CLOSE, WALK_MAX_BINARY_PER_MILLE};

/// Break counts beyond this score as this one.
const MAX_BREAK: usize = 64;
/// Flips between two looks at the interrupt flag and the deadline.
const FLIPS_PER_CHECK: u64 = 1 << 12;

/// A ProbSAT walker over a compact copy of the clauses.
pub(crate) struct Walker {
    /// The literals of each clause, one clause after the other.
    lits: Vec<Lit>,
    /// Where each clause starts in `lits`, and where the last one ends.
    starts: Vec<u32>,
    /// The clauses of literal code `l` are `occ[occ_start[l]..occ_start[l + 1]]`.
    occ_start: Vec<u32>,
    occ: Vec<u32>,
    /// The current assignment, one value per variable.
    values: Vec<bool>,
    /// Per clause: its true literals (module docs).
    clauses: Vec<TrueLits>,
    /// Per variable: the clauses whose only true literal is the variable's
    /// (those a flip of it would falsify). Sized to the next power of two
    /// past the variables, so any exclusive or of variable indices is an
    /// index (`flip` updates it without a branch).
    breaks: Vec<u32>,
    /// Falsified clauses.
    unsat: Falsified,
    /// The assignment with the fewest falsified clauses, and that number.
    best: Vec<bool>,
    best_unsat: usize,
    /// Variables flipped since `best` was last brought up to date
    /// (`None` once more than the variables: then it is copied whole).
    since_best: Option<Vec<Var>>,
    /// `score[b]`: the weight of a flip that breaks `b` clauses.
    score: Vec<f64>,
    rng: u64,
    flips: u64,
    /// Occurrences the flips visited: a flip costs as many, which on dense
    /// formulas is hundreds.
    ticks: u64,
}

/// How long a walk may go: flips, and occurrences visited by them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WalkBudget {
    pub flips: u64,
    pub ticks: u64,
}

/// What a clause's true literals are, for the break counts: how many, and
/// the exclusive or of their variables' indices (the critical variable
/// when exactly one is true). Side by side, as a flip reads both.
#[derive(Clone, Copy, Default)]
struct TrueLits {
    count: u32,
    xor: u32,
}

/// Not in the falsified list.
const NOT_LISTED: u32 = u32::MAX;

impl Walker {
    /// A walker over the clauses `lits[starts[i]..starts[i + 1]]` (each of
    /// two literals or more, over variables below `values.len()`),
    /// starting from `values`; `seed` picks the random sequence.
    pub fn new(lits: Vec<Lit>, starts: Vec<u32>, values: Vec<bool>, seed: u64) -> Walker {
        let (occ_start, occ) = occurrences(&lits, &starts, values.len());
        let num_clauses = starts.len() - 1;
        let average = lits.len() as f64 / num_clauses.max(1) as f64;
        let mut walker = Walker {
            lits,
            starts,
            occ_start,
            occ,
            best: values.clone(),
            values,
            clauses: vec![TrueLits::default(); num_clauses],
            breaks: Vec::new(),
            unsat: Falsified {
                list: Vec::new(),
                pos: vec![NOT_LISTED; num_clauses],
            },
            best_unsat: 0,
            since_best: Some(Vec::new()),
            score: score_table(average),
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            flips: 0,
            ticks: 0,
        };
        walker.count_true_literals();
        walker
    }

    fn count_true_literals(&mut self) {
        self.breaks = vec![0; self.values.len().next_power_of_two()];
        for c in 0..self.clauses.len() {
            let (start, end) = (self.starts[c] as usize, self.starts[c + 1] as usize);
            let values = &self.values;
            let (mut n, mut xor) = (0, 0);
            for l in &self.lits[start..end] {
                if values[l.var().index()] == l.is_positive() {
                    n += 1;
                    xor ^= l.var().index() as u32;
                }
            }
            self.clauses[c] = TrueLits { count: n, xor };
            match n {
                0 => self.unsat.add(c as u32),
                1 => self.breaks[xor as usize] += 1,
                _ => {}
            }
        }
        self.best_unsat = self.unsat.len();
    }

    /// Flips until no clause is falsified (true: `best` is a model), or
    /// the flips or the occurrences they visit reach `budget`, or `stop()`
    /// says so.
    pub fn walk(&mut self, budget: WalkBudget, mut stop: impl FnMut() -> bool) -> bool {
        let max_flips = self.flips.saturating_add(budget.flips);
        let max_ticks = self.ticks.saturating_add(budget.ticks);
        while self.unsat.len() > 0 && self.flips < max_flips && self.ticks < max_ticks {
            if self.flips.is_multiple_of(FLIPS_PER_CHECK) && stop() {
                break;
            }
            let pick = self.random_below(self.unsat.len());
            let c = self.unsat.list[pick];
            let v = self.pick_var(c as usize);
            self.flip(v);
            if self.unsat.len() < self.best_unsat {
                self.save_best();
            }
        }
        self.best_unsat == 0
    }

    /// The assignment with the fewest falsified clauses met.
    pub fn best(&self) -> &[bool] {
        &self.best
    }

    /// Whether the best assignment falsifies at most `WALK_CLOSE` clauses
    /// of a formula of long clauses (`mostly_long`): close to a model.
    pub fn came_close(&self) -> bool {
        self.best_unsat <= WALK_CLOSE && self.mostly_long()
    }

    /// Whether at most `WALK_MAX_BINARY_PER_MILLE` per mille of the
    /// clauses are binary: uniform random k-SAT is, structured formulas
    /// are not.
    pub fn mostly_long(&self) -> bool {
        let binary = self.starts.windows(2).filter(|w| w[1] - w[0] == 2).count();
        binary * 1000 <= self.clauses.len() * WALK_MAX_BINARY_PER_MILLE
    }

    /// Flips made.
    pub fn flips(&self) -> u64 {
        self.flips
    }

    /// The variable to flip in falsified clause `c`: ProbSAT's choice.
    fn pick_var(&mut self, c: usize) -> Var {
        let (start, end) = (self.starts[c] as usize, self.starts[c + 1] as usize);
        let total = self.lits[start..end]
            .iter()
            .fold(0.0, |total, &l| total + self.weight(l));
        let mut dart = self.random_unit() * total;
        let lits = &self.lits[start..end];
        for &l in lits {
            let w = self.weight(l);
            if dart < w {
                return l.var();
            }
            dart -= w;
        }
        lits[lits.len() - 1].var()
    }

    /// The weight of flipping `l`'s variable, by its break count.
    #[inline]
    fn weight(&self, l: Lit) -> f64 {
        let breaks = self.breaks[l.var().index()] as usize;
        self.score[breaks.min(MAX_BREAK)]
    }

    /// Flips `v`, keeping the true-literal counts, the falsified list and
    /// the break counts (module docs) up to date.
    fn flip(&mut self, v: Var) {
        self.flips += 1;
        let value = !self.values[v.index()];
        self.values[v.index()] = value;
        let index = v.index() as u32;
        let made = v.lit(value);
        let Walker {
            occ_start,
            occ,
            clauses,
            breaks,
            unsat,
            ticks,
            ..
        } = self;
        let made_in = occ_start[made.code()] as usize..occ_start[made.code() + 1] as usize;
        let broken = !made;
        let broken_in = occ_start[broken.code()] as usize..occ_start[broken.code() + 1] as usize;
        *ticks += (made_in.len() + broken_in.len()) as u64;
        for &c in &occ[made_in] {
            let clause = &mut clauses[c as usize];
            let critical = clause.xor;
            clause.xor = critical ^ index;
            clause.count += 1;
            // Without a branch: whether the clause had one true literal
            // is as likely as not (`breaks` covers every xor value).
            breaks[critical as usize] -= u32::from(clause.count == 2);
            if clause.count == 1 {
                unsat.remove(c);
                breaks[index as usize] += 1;
            }
        }
        for &c in &occ[broken_in] {
            let clause = &mut clauses[c as usize];
            clause.xor ^= index;
            clause.count -= 1;
            breaks[clause.xor as usize] += u32::from(clause.count == 1);
            if clause.count == 0 {
                unsat.add(c);
                breaks[index as usize] -= 1;
            }
        }
        if let Some(log) = &mut self.since_best {
            log.push(v);
            if log.len() > self.values.len() {
                self.since_best = None;
            }
        }
    }

    /// Brings `best` up to the current assignment, at a new minimum.
    fn save_best(&mut self) {
        self.best_unsat = self.unsat.len();
        match &mut self.since_best {
            Some(log) => {
                for v in log.drain(..) {
                    self.best[v.index()] = self.values[v.index()];
                }
            }
            None => {
                self.best.copy_from_slice(&self.values);
                self.since_best = Some(Vec::new());
            }
        }
    }

    /// The next number of a xorshift64* sequence (Vigna 2016).
    fn random(&mut self) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn random_below(&mut self, n: usize) -> usize {
        (((self.random() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in [0, 1).
    fn random_unit(&mut self) -> f64 {
        (self.random() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The falsified clauses, and each clause's place in that list
/// (`NOT_LISTED` when it is not falsified).
struct Falsified {
    list: Vec<u32>,
    pos: Vec<u32>,
}

impl Falsified {
    fn len(&self) -> usize {
        self.list.len()
    }

    fn add(&mut self, c: u32) {
        self.pos[c as usize] = self.list.len() as u32;
        self.list.push(c);
    }

    fn remove(&mut self, c: u32) {
        let pos = self.pos[c as usize] as usize;
        let last = self.list.pop().expect("a listed clause");
        if last != c {
            self.list[pos] = last;
            self.pos[last as usize] = pos as u32;
        }
        self.pos[c as usize] = NOT_LISTED;
    }
}

/// Occurrence lists of the clauses (`starts` delimits them in `lits`) over
/// `num_vars` variables, in compressed form: offsets per literal code, and
/// the clause indices.
fn occurrences(lits: &[Lit], starts: &[u32], num_vars: usize) -> (Vec<u32>, Vec<u32>) {
    let mut occ_start = vec![0u32; 2 * num_vars + 1];
    for l in lits {
        occ_start[l.code() + 1] += 1;
    }
    for i in 1..occ_start.len() {
        occ_start[i] += occ_start[i - 1];
    }
    let mut fill = occ_start.clone();
    let mut occ = vec![0u32; lits.len()];
    for c in 0..starts.len() - 1 {
        for l in &lits[starts[c] as usize..starts[c + 1] as usize] {
            occ[fill[l.code()] as usize] = c as u32;
            fill[l.code()] += 1;
        }
    }
    (occ_start, occ)
}

/// ProbSAT's weights by break count for clauses of `average` length:
/// polynomial for 3-SAT-like formulas, exponential with a base growing
/// with the length beyond (3.7 at 5, 5.4 at 7).
fn score_table(average: f64) -> Vec<f64> {
    if average <= 4.0 {
        return (0..=MAX_BREAK)
            .map(|b| (1.0 + b as f64).powf(-2.38))
            .collect();
    }
    let base = if average <= 5.0 {
        3.7
    } else {
        (3.7 + (average - 5.0) * 0.85).min(5.4)
    };
    (0..=MAX_BREAK).map(|b| base.powi(-(b as i32))).collect()
}

#[cfg(test)]
#[path = "walk_tests.rs"]
mod tests;
