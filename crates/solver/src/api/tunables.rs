//! The fixed tunables of the search, re-exported by `config.rs`. Each is
//! used in one place only (named in its doc); changing one changes the
//! search.

/// `decide.rs`: variable activities are scaled down by this once one
/// exceeds it, before `f64` overflows (MiniSat 2.2: 1e100).
pub(crate) const VAR_RESCALE_LIMIT: f64 = 1e100;

/// `analyze/reason_side.rs`: the most variables reason-side bumping may
/// bump per literal of the learnt clause; past it, none are bumped.
pub(crate) const REASON_SIDE_LIMIT: usize = 4;

/// `analyze/reason_side.rs`: no reason-side bumping while conflicts come
/// more decisions apart than this on average (Kissat's `bumpreasonsrate`).
pub(crate) const REASON_SIDE_MAX_DECISION_RATE: f64 = 10.0;

/// `analyze/reason_side.rs`: the weight of each conflict in that average.
pub(crate) const REASON_SIDE_RATE_ALPHA: f64 = 0.05;

/// `analyze/reason_side.rs`: the most conflicts skipped after a learnt
/// clause whose reasons held too many variables.
pub(crate) const REASON_SIDE_MAX_DELAY: u32 = 256;

/// `scan.rs`: MOMs scores a variable `(f(x) + f(-x)) * 2^k + f(x) * f(-x)`
/// over the shortest open clauses (Freeman 1995, k = 10).
pub(crate) const MOMS_WEIGHT: f64 = 1024.0;

/// `restart.rs`: weight of a new LBD in the fast moving average (Glucose's
/// queue of the last 50 LBDs as an EMA, after Biere and Fröhlich 2015;
/// CaDiCaL's `emagluefast` is 0.03).
pub(crate) const FAST_LBD_ALPHA: f64 = 1.0 / 32.0;
/// `restart.rs`: weight of a new LBD in the slow moving average (Glucose
/// averages over all conflicts; CaDiCaL's `emaglueslow` is 1e-5).
pub(crate) const SLOW_LBD_ALPHA: f64 = 1.0 / 16384.0;
/// `restart.rs`: weight of a new trail length in its moving average
/// (Glucose's queue of the last 5000 trail lengths: 1/5000).
pub(crate) const TRAIL_ALPHA: f64 = 1.0 / 5000.0;
/// `restart.rs`: restart when the fast LBD average exceeds the slow one
/// times this (Glucose's 1/K with K = 0.8).
pub(crate) const RESTART_MARGIN: f64 = 1.25;
/// `restart.rs`: postpone restarts when the trail exceeds its average by
/// this factor (Glucose's R = 1.4).
pub(crate) const RESTART_BLOCK_FACTOR: f64 = 1.4;
/// `restart.rs`: restarts are postponed only after this many conflicts
/// (Glucose's `lowerBoundForBlockingRestart` = 10000).
pub(crate) const RESTART_BLOCK_AFTER: u64 = 10_000;
/// `restart.rs`: conflicts at least between two Glucose restarts (Glucose:
/// the 50 of its LBD queue).
pub(crate) const RESTART_MIN_INTERVAL: u64 = 50;
/// `restart.rs`: Luby unit in conflicts (MiniSat 2.2: 100).
pub(crate) const LUBY_UNIT: u64 = 100;
/// `restart.rs`: Luby unit in the stable phase of `Modes` (Kissat's
/// `reluctant` = 1024).
pub(crate) const STABLE_LUBY_UNIT: u64 = 1024;
/// `restart.rs`: conflicts in the first focused phase of `Modes`; each
/// phase pair then doubles (after Kissat's mode switching, whose
/// `modeinit` is 1000).
pub(crate) const FIRST_MODE_LENGTH: u64 = 2000;

/// `restart.rs`: the restart floor's Luby unit: in the first focused
/// phase, a restart comes at the latest `RESTART_FLOOR_UNIT * luby(i)`
/// conflicts after the one before (MiniSat 2.2 restarts on a unit of 100
/// throughout).
pub(crate) const RESTART_FLOOR_UNIT: u64 = 25;

/// `rephase.rs`: conflicts before the first rephase; the n-th rephase
/// comes `REPHASE_INTERVAL * n * log10(n + 9)^3` conflicts after the one
/// before (Kissat's `rephaseint` = 1000 and its `NLOG3N` growth).
pub(crate) const REPHASE_INTERVAL: u64 = 1000;
/// `rephase_walk.rs`: flips a walk may make, per mille of the literals propagated
/// since the last walk (after Kissat's `walkeffort`, which counts ticks).
pub(crate) const WALK_EFFORT_PER_MILLE: u64 = 1000;
/// `rephase_walk.rs`: flips a walk may make at most per conflict since the last
/// walk. Uniform random formulas propagate fewer literals than this per
/// conflict, so the cap leaves their walks alone; on large structured
/// formulas (thousands of literals per conflict, long occurrence lists)
/// it keeps walks, which rarely find their models, cheap.
pub(crate) const WALK_MAX_FLIPS_PER_CONFLICT: u64 = 100;
/// `walk.rs`: a walk whose best assignment falsifies at most this many
/// clauses, on a formula of long clauses (`WALK_MAX_BINARY_PER_MILLE`),
/// came close to a model and doubles the next walk's effort. On uniform
/// random formulas near the threshold walks end one or two clauses short,
/// satisfiable or not, and local search finds most of their models; on
/// formulas of binary clauses (structured ones, which propagation handles
/// well) walks end as close yet rarely find the model.
pub(crate) const WALK_CLOSE: usize = 2;
/// `walk.rs`: binary clauses, per mille of the clauses walked, a formula
/// may have for its walks to grow. Uniform random k-SAT has none, apart
/// from clauses shortened by root units; structured formulas have many.
pub(crate) const WALK_MAX_BINARY_PER_MILLE: usize = 10;
/// `rephase.rs`: how many times the first walk's effort a walk may take
/// after walks that came close: at this bound up to 10 flips per literal
/// propagated since the last walk, and 1,000 per conflict.
pub(crate) const WALK_MAX_GROWTH: u64 = 10;
/// `rephase_walk.rs`: flips a walk may make at least.
pub(crate) const WALK_MIN_FLIPS: u64 = 10_000;
/// `clause_db.rs`: a formula is taken for uniform random k-SAT
/// (`ClauseDb::looks_uniform_random`) when at most this many per mille of
/// its input clauses are binary (uniform random k-SAT has none; the same
/// share as `WALK_MAX_BINARY_PER_MILLE`) ...
pub(crate) const UNIFORM_MAX_BINARY_PER_MILLE: usize = 10;
/// ... and at least this many per mille of its input clauses (two
/// literals or more) have one length: one whose clauses spread over many
/// lengths (a circuit, 2 to 16 literals) is searched as a structured one
/// (walks, reason-side bumping, the restart floor, reduction).
pub(crate) const UNIFORM_MIN_ONE_LENGTH_PER_MILLE: usize = 900;
/// `rephase_walk.rs`: on a formula with more binary clauses than
/// `WALK_MAX_BINARY_PER_MILLE` (a structured one) a walk gets this many
/// times fewer flips. Propagation there finds much of what a walk would,
/// walks rarely find the model, and a flip over long occurrence lists
/// costs far more than a propagation.
pub(crate) const WALK_STRUCTURED_DIVISOR: u64 = 10;
/// `rephase_walk.rs`: on a structured formula (as for
/// `WALK_STRUCTURED_DIVISOR`) a walk's flips may visit this many
/// occurrences each on average: a flip costs one visit per clause its
/// variable occurs in, which on most formulas is under this (its flips
/// then run out first) and on dense ones (hundreds of clauses per
/// variable) is many times a propagation's cost.
pub(crate) const WALK_STRUCTURED_TICKS_PER_FLIP: u64 = 64;

/// `equiv/probe.rs`: conflicts between the first probing round (before the
/// first decision) and the second; the `k`-th round comes `k` times this
/// after the one before.
pub(crate) const PROBE_INTERVAL: u64 = 2000;
/// `equiv/probe.rs`: propagations a probing round may spend, per mille of the
/// propagations the search made since the last round.
pub(crate) const PROBE_EFFORT_PER_MILLE: u64 = 50;
/// `equiv/probe.rs`: propagations a probing round may spend at least (the first
/// round, before any search, spends this).
pub(crate) const PROBE_MIN_EFFORT: u64 = 100_000;

/// `reduce.rs`: learnt-clause activities fade by this per conflict
/// (MiniSat 2.2's `clause_decay` = 0.999).
pub(crate) const CLAUSE_DECAY: f32 = 0.999;
/// `reduce.rs`: clause activities are scaled down by this once one exceeds
/// it (MiniSat 2.2: 1e20).
pub(crate) const CLAUSE_RESCALE_LIMIT: f32 = 1e20;
/// `reduce.rs`: conflicts before the first reduction, and the base gap
/// between two (Glucose's `firstReduceDB` = 2000).
pub(crate) const FIRST_REDUCE: u64 = 2000;
/// `reduce.rs`: how much the gap between reductions grows each time
/// (Glucose's `incReduceDB` = 300).
pub(crate) const REDUCE_INC: u64 = 300;
/// `reduce.rs`: learnt clauses of LBD up to this ("glue") are kept forever
/// (Glucose, Audemard and Simon 2009).
pub(crate) const CORE_LBD: u32 = 2;
/// `reduce.rs`: learnt clauses of LBD up to this are kept while they take
/// part in conflicts (Oh 2015; CaDiCaL's `reducetier2glue` = 6).
pub(crate) const TIER2_LBD: u32 = 6;
/// `reduce.rs`: the lean schedule's first gap and its growth. On formulas
/// of a few hundred variables whose learnt clauses are long, a smaller
/// database pays in propagation speed more than it costs in conflicts.
pub(crate) const LEAN_FIRST_REDUCE: u64 = 500;
pub(crate) const LEAN_REDUCE_INC: u64 = 100;
/// `vivify/mod.rs`: a vivification round propagates at most this many
/// literals per mille of those the search propagated since the round
/// before. Kissat's `vivifyeffort` is 100 per mille of its ticks (watch
/// and clause visits); counted in propagated literals the share is set
/// lower, since a literal propagated near the root, as vivification's
/// are, visits more watches than one deep in the search (the measurement
/// is in `docs/solver.md`, "Vivification").
pub(crate) const VIVIFY_EFFORT_PER_MILLE: u64 = 30;
/// `vivify/mod.rs`: at most this many reductions pass without a round after
/// rounds that shortened nothing (one more after each such round).
pub(crate) const VIVIFY_MAX_DELAY: u32 = 8;
/// `clause_db.rs`: the arena is compacted once more than 1 word in this
/// many is dead (MiniSat 2.2's `garbage_frac` = 0.20).
pub(crate) const GARBAGE_FRACTION_INV: usize = 5;

/// `elim/eliminate.rs`: conflicts before the second elimination round; the n-th
/// later round waits `ELIM_INTERVAL * n` conflicts (CaDiCaL's `elimint` =
/// 2e3, whose interval also grows with the rounds).
pub(crate) const ELIM_INTERVAL: u64 = 2000;
/// `elim/eliminate.rs`: steps (clauses and literals visited) a round may take, per
/// mille of the literals propagated since the last round (Kissat's
/// `eliminateeffort` = 100, of its search ticks). A step is a visit to a
/// clause or literal of the working copy, often a cache miss: about what
/// a propagation costs, so rounds take a tenth of the search at most.
pub(crate) const ELIM_EFFORT_PER_MILLE: u64 = 100;
/// `elim/eliminate.rs`: steps a round may take at least (a tenth of CaDiCaL's
/// `elimmineff` = 1e7, which counts cheaper ticks): on a formula that the
/// search solves in a tenth of a second, a round must not take longer.
pub(crate) const ELIM_MIN_EFFORT: u64 = 1_000_000;
/// `elim/eliminate.rs`: the first round (preprocessing) may take this many steps
/// more per literal of the irredundant clauses.
pub(crate) const ELIM_FIRST_EFFORT_PER_LITERAL: u64 = 2;
/// `elim/eliminate.rs`: the same for the elimination trial's dry run and its round
/// (`elim/trial.rs`), which run only where a sample says half of the
/// variables go on their own: there elimination decides the formula, so
/// it gets the effort to finish (MiniSat's preprocessing has no cap).
pub(crate) const ELIM_TRIAL_EFFORT_PER_LITERAL: u64 = 32;
/// `elim/eliminate.rs`: a variable with more clauses than this on either side is
/// not eliminated (CaDiCaL's `elimocclim` = 1e2): the resolution count
/// grows with the product of the two sides.
pub(crate) const ELIM_OCC_LIMIT: usize = 100;
/// `elim/eliminate.rs`: a variable whose elimination would make a resolvent longer
/// than this is kept (CaDiCaL's `elimclslim` = 1e2).
pub(crate) const ELIM_CLAUSE_LIMIT: usize = 100;
/// `elim/eliminate.rs`: the largest number of clauses an elimination may add beyond
/// those it removes. The bound starts at 0 and doubles (0, 1, 2, 4 ...)
/// after each round that tried every candidate (CaDiCaL's `elimboundmax`
/// = 16).
pub(crate) const ELIM_BOUND_MAX: usize = 16;
/// `elim/trial.rs`: the elimination trial keeps its round when a dry run
/// removes at least this many percent of the open variables.
pub(crate) const ELIM_TRIAL_MIN_PERCENT: usize = 50;
/// `elim/trial.rs`: variables tried one by one before the dry run.
pub(crate) const ELIM_TRIAL_SAMPLE: usize = 256;
/// `eliminate.rs`: passes over the candidates per round, each over the
/// variables touched before it (CaDiCaL's `elimrounds` = 2).
pub(crate) const ELIM_PASSES: usize = 2;
/// `subsume.rs`: clauses longer than this are not tried as subsuming
/// clauses (MiniSat 2.2's `subsumption_lim` = 1000).
pub(crate) const SUBSUME_CLAUSE_LIMIT: usize = 1000;
