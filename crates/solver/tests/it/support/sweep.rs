//! The harness of every "technique on and off" test: many seeded random
//! formulas, each solved under every configuration of a list (a
//! technique's switch on and off, alone or with others), and every answer
//! checked by an independent oracle: each model against the formula; the
//! answer against brute force when the formula has at most
//! [`SWEEP_BRUTE_FORCE_VARS`] variables, else against the other
//! configurations' answers; with proofs on, each UNSAT answer's DRAT proof
//! with the checker.
//!
//! Self-contained (external crates and `oracle.rs` only): the cross-crate
//! tests of `crates/guide` include this file too.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satoku_drat::CheckOptions;
use satoku_formula::Cnf;
use satoku_solver::{ProofFormat, SolveResult, Solver, SolverConfig, Stats};

use super::oracle::{assert_proof_checks_with, brute_force_sat, solve_with_proof};

/// The most variables of a formula whose answer a sweep takes from brute
/// force (four million assignments at most); larger ones are checked
/// against the answers of the other configurations.
pub const SWEEP_BRUTE_FORCE_VARS: usize = 22;

/// A technique's switch in [`SolverConfig`]: sets it on or off.
pub type Switch = fn(&mut SolverConfig, bool);

/// Probing for failed literals.
pub const PROBE: Switch = |c, on| c.probe = on;
/// Equivalent-literal substitution.
pub const SUBSTITUTE: Switch = |c, on| c.substitute = on;
/// Gaussian elimination of XORs.
pub const GAUSS: Switch = |c, on| c.gauss = on;
/// Subsumption and strengthening.
pub const SUBSUME: Switch = |c, on| c.subsume = on;
/// Bounded variable elimination.
pub const ELIMINATE: Switch = |c, on| c.eliminate = on;
/// Congruence closure of gates.
pub const CONGRUENCE: Switch = |c, on| c.congruence = on;
/// The elimination trial.
pub const ELIM_TRIAL: Switch = |c, on| c.elim_trial = on;
/// Lean reduction of learnt clauses.
pub const LEAN_REDUCE: Switch = |c, on| c.lean_reduce = on;
/// The restart floor of `Modes`.
pub const RESTART_FLOOR: Switch = |c, on| c.restart_floor = on;
/// Vivification of learnt clauses.
pub const VIVIFY: Switch = |c, on| c.vivify = on;

/// The default configuration with subsumption and elimination as given and
/// the elimination trial off (on, it would run them once by itself).
pub fn elim_config(subsume: bool, eliminate: bool) -> SolverConfig {
    SolverConfig {
        subsume,
        eliminate,
        elim_trial: false,
        ..SolverConfig::default()
    }
}

/// `base` under every combination of `switches`: configuration `i` has
/// switch `j` on when bit `j` of `i` is set, so the first has all of them
/// off and the last all of them on.
pub fn on_and_off(base: &SolverConfig, switches: &[Switch]) -> Vec<SolverConfig> {
    (0..1usize << switches.len())
        .map(|i| {
            let mut config = base.clone();
            for (j, switch) in switches.iter().enumerate() {
                switch(&mut config, i >> j & 1 == 1);
            }
            config
        })
        .collect()
}

/// One sweep: `cases` formulas drawn from one seeded generator, each solved
/// under every configuration of `configs`.
pub struct Sweep {
    seed: u64,
    cases: usize,
    configs: Vec<SolverConfig>,
    proofs: Option<CheckOptions>,
}

/// One solve of a sweep, as its observer sees it (all checks passed).
pub struct Run<'a> {
    /// The formula's number, from 0.
    pub case: usize,
    /// The configuration's index in the sweep's list.
    pub config: usize,
    /// Whether the answer was SAT.
    pub sat: bool,
    /// The solver's statistics after the solve.
    pub stats: &'a Stats,
}

impl Sweep {
    /// `cases` formulas from a generator seeded with `seed`, each solved
    /// under every one of `configs`, without proofs.
    pub fn new(seed: u64, cases: usize, configs: Vec<SolverConfig>) -> Sweep {
        assert!(!configs.is_empty(), "a sweep needs a configuration");
        Sweep {
            seed,
            cases,
            configs,
            proofs: None,
        }
    }

    /// Every solve writes a DRAT proof (text in even cases, binary in odd
    /// ones), and every UNSAT answer's proof must pass the checker under
    /// `options`.
    pub fn with_proofs(self, options: CheckOptions) -> Sweep {
        Sweep {
            proofs: Some(options),
            ..self
        }
    }

    /// Runs the sweep: `formula` draws each case from the seeded generator,
    /// `observe` sees every checked solve. Returns how many cases were
    /// UNSAT and how many SAT.
    pub fn run(
        &self,
        mut formula: impl FnMut(&mut ChaCha8Rng) -> Cnf,
        mut observe: impl FnMut(&Run<'_>),
    ) -> [usize; 2] {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut answers = [0; 2];
        for case in 0..self.cases {
            let cnf = formula(&mut rng);
            let mut reference =
                (cnf.num_vars() <= SWEEP_BRUTE_FORCE_VARS).then(|| brute_force_sat(&cnf, &[]));
            for (i, config) in self.configs.iter().enumerate() {
                let what = format!("seed {:#x} case {case}, {config:?}", self.seed);
                let (result, stats) = self.solve(&cnf, config, case, &what);
                let sat = checked_sat(&cnf, &result, &what);
                let expected = *reference.get_or_insert(sat);
                assert_eq!(sat, expected, "{what}: a wrong answer\n{cnf:?}");
                let run = Run {
                    case,
                    config: i,
                    sat,
                    stats: &stats,
                };
                observe(&run);
            }
            answers[usize::from(reference.expect("one configuration at least"))] += 1;
        }
        answers
    }

    /// Solves `cnf` under `config`, checking the proof of an UNSAT answer
    /// when the sweep writes proofs.
    fn solve(
        &self,
        cnf: &Cnf,
        config: &SolverConfig,
        case: usize,
        what: &str,
    ) -> (SolveResult, Stats) {
        let Some(options) = &self.proofs else {
            let mut solver = Solver::from_cnf(cnf, config.clone());
            let result = solver.solve();
            return (result, solver.stats().clone());
        };
        let format = [ProofFormat::Text, ProofFormat::Binary][case % 2];
        let (result, proof, stats) = solve_with_proof(cnf, config.clone(), format);
        if result == SolveResult::Unsat {
            assert_proof_checks_with(cnf, &proof, options, what);
        }
        (result, stats)
    }
}

/// Whether `result` is SAT, after checking its model: it satisfies `cnf`
/// and covers every variable `cnf` uses. Unknown fails (a sweep sets no
/// limits).
fn checked_sat(cnf: &Cnf, result: &SolveResult, what: &str) -> bool {
    match result {
        SolveResult::Sat(model) => {
            assert!(model.satisfies(cnf), "{what}: bad model\n{cnf:?}");
            assert!(
                (cnf.used_vars()..=cnf.num_vars()).contains(&model.num_vars()),
                "{what}: the model must cover every used variable"
            );
            true
        }
        SolveResult::Unsat => false,
        SolveResult::Unknown => panic!("{what}: unknown without limits"),
    }
}
