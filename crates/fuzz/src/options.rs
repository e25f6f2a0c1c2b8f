//! Solver options picked at random, written to and read back from a
//! regression file's `c options:` line.
//!
//! The line looks like
//! `c options: algorithm=cdcl heuristic=vsids pure=1 breasons=1 shrink=1 restart=luby rfloor=1 lean=1 reduce=0 phase=true target=always rephase=1 walk=0 vivify=1 probe=1 subst=0 congru=1 gauss=1 subsume=1 elim=0 etrial=1 proof=text`;
//! an option left out takes its default, which is how the shrinker "drops" one.

use std::fmt;

use rand::Rng;
use satoku_solver::{Algorithm, Heuristic, ProofFormat, RestartPolicy, SolverConfig, TargetPhases};

/// The options one fuzz case is solved with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// CDCL or DPLL.
    pub algorithm: Algorithm,
    /// Decision heuristic.
    pub heuristic: Heuristic,
    /// Pure-literal elimination (DPLL).
    pub pure_literals: bool,
    /// Reason-side bumping (CDCL).
    pub bump_reasons: bool,
    /// Shrinking of learnt clauses (CDCL).
    pub shrink: bool,
    /// Restart policy (CDCL).
    pub restart: RestartPolicy,
    /// The restart floor of `Modes` (CDCL).
    pub restart_floor: bool,
    /// Lean reduction on uniform random formulas (CDCL).
    pub lean_reduce: bool,
    /// Learnt-clause deletion (CDCL).
    pub reduce: bool,
    /// VSIDS phases: `(initial_phase, phase_saving)`.
    pub phase: (bool, bool),
    /// When decisions take target phases (CDCL).
    pub target_phases: TargetPhases,
    /// Rephasing (CDCL).
    pub rephase: bool,
    /// Local search at rephases (CDCL).
    pub walk: bool,
    /// Vivification of learnt clauses (CDCL).
    pub vivify: bool,
    /// Failed-literal probing (CDCL).
    pub probe: bool,
    /// Equivalent-literal substitution (CDCL).
    pub substitute: bool,
    /// Congruence closure on AND gates (CDCL).
    pub congruence: bool,
    /// Gaussian elimination of the XORs (CDCL).
    pub gauss: bool,
    /// Subsumption and strengthening (CDCL).
    pub subsume: bool,
    /// Bounded variable elimination (CDCL).
    pub eliminate: bool,
    /// The elimination trial (CDCL, with `subsume` and `eliminate` off).
    pub elim_trial: bool,
    /// Log a DRAT proof (CDCL) and check it on UNSAT.
    pub proof: Option<ProofFormat>,
}

impl Default for Options {
    /// The solver's defaults, with no proof.
    fn default() -> Options {
        let config = SolverConfig::default();
        Options {
            algorithm: config.algorithm,
            heuristic: config.heuristic,
            pure_literals: config.pure_literals,
            bump_reasons: config.bump_reasons,
            shrink: config.shrink,
            restart: config.restart,
            restart_floor: config.restart_floor,
            lean_reduce: config.lean_reduce,
            reduce: config.reduce,
            phase: (config.initial_phase, config.phase_saving),
            target_phases: config.target_phases,
            rephase: config.rephase,
            walk: config.walk,
            vivify: config.vivify,
            probe: config.probe,
            substitute: config.substitute,
            congruence: config.congruence,
            gauss: config.gauss,
            subsume: config.subsume,
            eliminate: config.eliminate,
            elim_trial: config.elim_trial,
            proof: None,
        }
    }
}

const ALGORITHMS: [(Algorithm, &str); 2] = [(Algorithm::Cdcl, "cdcl"), (Algorithm::Dpll, "dpll")];
const HEURISTICS: [(Heuristic, &str); 5] = [
    (Heuristic::First, "first"),
    (Heuristic::Moms, "moms"),
    (Heuristic::JeroslowWang, "jw"),
    (Heuristic::Dlis, "dlis"),
    (Heuristic::Vsids, "vsids"),
];
const RESTARTS: [(RestartPolicy, &str); 4] = [
    (RestartPolicy::Glucose, "glucose"),
    (RestartPolicy::Luby, "luby"),
    (RestartPolicy::Modes, "modes"),
    (RestartPolicy::Never, "never"),
];
/// `saved` is the default (phase saving, false at first).
const PHASES: [((bool, bool), &str); 4] = [
    ((false, true), "saved"),
    ((true, true), "saved-true"),
    ((true, false), "true"),
    ((false, false), "false"),
];
const TARGETS: [(TargetPhases, &str); 3] = [
    (TargetPhases::Off, "off"),
    (TargetPhases::Stable, "stable"),
    (TargetPhases::Always, "always"),
];
const PROOFS: [(Option<ProofFormat>, &str); 3] = [
    (None, "none"),
    (Some(ProofFormat::Text), "text"),
    (Some(ProofFormat::Binary), "binary"),
];

fn name_of<T: PartialEq + Copy>(table: &[(T, &'static str)], value: T) -> &'static str {
    table
        .iter()
        .find(|(v, _)| *v == value)
        .map_or("?", |(_, n)| n)
}

fn value_of<T: Copy>(table: &[(T, &'static str)], name: &str) -> Option<T> {
    table.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
}

impl Options {
    /// Uniformly random options. A proof is asked for on most CDCL runs;
    /// DPLL logs nothing, so it never gets one.
    pub fn random(rng: &mut impl Rng) -> Options {
        let algorithm = ALGORITHMS[rng.gen_range(0..ALGORITHMS.len())].0;
        let proof = match algorithm {
            Algorithm::Cdcl => PROOFS[rng.gen_range(0..PROOFS.len())].0,
            Algorithm::Dpll => None,
        };
        Options {
            algorithm,
            heuristic: HEURISTICS[rng.gen_range(0..HEURISTICS.len())].0,
            pure_literals: rng.gen(),
            restart: RESTARTS[rng.gen_range(0..RESTARTS.len())].0,
            restart_floor: rng.gen(),
            lean_reduce: rng.gen(),
            reduce: rng.gen(),
            phase: PHASES[rng.gen_range(0..PHASES.len())].0,
            target_phases: TARGETS[rng.gen_range(0..TARGETS.len())].0,
            rephase: rng.gen(),
            walk: rng.gen(),
            vivify: rng.gen(),
            probe: rng.gen(),
            substitute: rng.gen(),
            congruence: rng.gen(),
            gauss: rng.gen(),
            subsume: rng.gen(),
            eliminate: rng.gen(),
            elim_trial: rng.gen(),
            bump_reasons: rng.gen(),
            shrink: rng.gen(),
            proof,
        }
    }

    /// The engine configuration: models are checked here, not by a panic
    /// inside the solver, so a bad model is a finding, not a crash.
    pub fn config(&self) -> SolverConfig {
        SolverConfig {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
            pure_literals: self.pure_literals,
            bump_reasons: self.bump_reasons,
            shrink: self.shrink,
            restart: self.restart,
            restart_floor: self.restart_floor,
            lean_reduce: self.lean_reduce,
            reduce: self.reduce,
            initial_phase: self.phase.0,
            phase_saving: self.phase.1,
            target_phases: self.target_phases,
            rephase: self.rephase,
            walk: self.walk,
            vivify: self.vivify,
            probe: self.probe,
            substitute: self.substitute,
            congruence: self.congruence,
            gauss: self.gauss,
            subsume: self.subsume,
            eliminate: self.eliminate,
            elim_trial: self.elim_trial,
            check_models: false,
            ..SolverConfig::default()
        }
    }

    /// A short key for the statistics table (the combination of options).
    pub fn key(&self) -> String {
        self.to_string()
    }

    /// The same options with one option set back to its default, for each
    /// option that is not at its default already, or one root technique
    /// (vivification, probing, substitution, congruence, Gaussian
    /// elimination, subsumption, elimination, the elimination trial) switched off: fewer moving parts
    /// (the shrinker's moves).
    pub fn simpler(&self) -> Vec<Options> {
        let d = Options::default();
        let mut out = Vec::new();
        let mut push = |o: Options| {
            if o != *self {
                out.push(o);
            }
        };
        push(Options {
            proof: None,
            ..*self
        });
        push(Options {
            heuristic: d.heuristic,
            ..*self
        });
        push(Options {
            pure_literals: d.pure_literals,
            ..*self
        });
        push(Options {
            bump_reasons: d.bump_reasons,
            ..*self
        });
        push(Options {
            shrink: d.shrink,
            ..*self
        });
        push(Options {
            restart: d.restart,
            ..*self
        });
        push(Options {
            restart_floor: d.restart_floor,
            ..*self
        });
        push(Options {
            lean_reduce: d.lean_reduce,
            ..*self
        });
        push(Options {
            reduce: d.reduce,
            ..*self
        });
        push(Options {
            phase: d.phase,
            ..*self
        });
        push(Options {
            target_phases: d.target_phases,
            ..*self
        });
        push(Options {
            rephase: d.rephase,
            ..*self
        });
        push(Options {
            walk: d.walk,
            ..*self
        });
        if self.algorithm != d.algorithm {
            push(Options {
                algorithm: d.algorithm,
                ..*self
            });
        }
        out.extend(self.without_one_root_technique());
        out
    }

    /// The same options with one root technique on switched off (a
    /// shrinker's move of `simpler`).
    fn without_one_root_technique(&self) -> Vec<Options> {
        let switches: [fn(&mut Options) -> &mut bool; 8] = [
            |o| &mut o.vivify,
            |o| &mut o.probe,
            |o| &mut o.substitute,
            |o| &mut o.congruence,
            |o| &mut o.gauss,
            |o| &mut o.subsume,
            |o| &mut o.eliminate,
            |o| &mut o.elim_trial,
        ];
        let off = |switch: &fn(&mut Options) -> &mut bool| {
            let mut o = *self;
            *switch(&mut o) = false;
            o
        };
        switches.iter().map(off).filter(|o| o != self).collect()
    }

    /// Parses the words of a `c options:` line (unknown words are errors).
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut o = Options::default();
        for word in text.split_whitespace() {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("`{word}` is not key=value"))?;
            let bad = || format!("bad value in `{word}`");
            match key {
                "algorithm" => o.algorithm = value_of(&ALGORITHMS, value).ok_or_else(bad)?,
                "heuristic" => o.heuristic = value_of(&HEURISTICS, value).ok_or_else(bad)?,
                "restart" => o.restart = value_of(&RESTARTS, value).ok_or_else(bad)?,
                "phase" => o.phase = value_of(&PHASES, value).ok_or_else(bad)?,
                "proof" => o.proof = value_of(&PROOFS, value).ok_or_else(bad)?,
                "target" => o.target_phases = value_of(&TARGETS, value).ok_or_else(bad)?,
                "rephase" => o.rephase = parse_bool(value).ok_or_else(bad)?,
                "walk" => o.walk = parse_bool(value).ok_or_else(bad)?,
                "vivify" => o.vivify = parse_bool(value).ok_or_else(bad)?,
                "probe" => o.probe = parse_bool(value).ok_or_else(bad)?,
                "subst" => o.substitute = parse_bool(value).ok_or_else(bad)?,
                "congru" => o.congruence = parse_bool(value).ok_or_else(bad)?,
                "gauss" => o.gauss = parse_bool(value).ok_or_else(bad)?,
                "subsume" => o.subsume = parse_bool(value).ok_or_else(bad)?,
                "elim" => o.eliminate = parse_bool(value).ok_or_else(bad)?,
                "etrial" => o.elim_trial = parse_bool(value).ok_or_else(bad)?,
                "pure" => o.pure_literals = parse_bool(value).ok_or_else(bad)?,
                "breasons" => o.bump_reasons = parse_bool(value).ok_or_else(bad)?,
                "shrink" => o.shrink = parse_bool(value).ok_or_else(bad)?,
                "rfloor" => o.restart_floor = parse_bool(value).ok_or_else(bad)?,
                "lean" => o.lean_reduce = parse_bool(value).ok_or_else(bad)?,
                "reduce" => o.reduce = parse_bool(value).ok_or_else(bad)?,
                _ => return Err(format!("unknown option `{key}`")),
            }
        }
        Ok(o)
    }
}

fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "algorithm={} heuristic={} pure={} breasons={} shrink={} restart={} rfloor={} lean={} reduce={} phase={} target={} rephase={} \
             walk={} vivify={} probe={} subst={} congru={} gauss={} subsume={} elim={} etrial={} proof={}",
            name_of(&ALGORITHMS, self.algorithm),
            name_of(&HEURISTICS, self.heuristic),
            u8::from(self.pure_literals),
            u8::from(self.bump_reasons),
            u8::from(self.shrink),
            name_of(&RESTARTS, self.restart),
            u8::from(self.restart_floor),
            u8::from(self.lean_reduce),
            u8::from(self.reduce),
            name_of(&PHASES, self.phase),
            name_of(&TARGETS, self.target_phases),
            u8::from(self.rephase),
            u8::from(self.walk),
            u8::from(self.vivify),
            u8::from(self.probe),
            u8::from(self.substitute),
            u8::from(self.congruence),
            u8::from(self.gauss),
            u8::from(self.subsume),
            u8::from(self.eliminate),
            u8::from(self.elim_trial),
            name_of(&PROOFS, self.proof),
        )
    }
}

#[cfg(test)]
#[path = "options_tests.rs"]
mod tests;
