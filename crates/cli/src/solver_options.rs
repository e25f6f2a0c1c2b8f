//! The engine flags shared by `satoku solve` and `satoku bench`, and the
//! parser of `--timeout` seconds.

use std::time::Duration;

use clap::ValueEnum;
use satoku_solver::{Algorithm, Heuristic, RestartPolicy, SolverConfig, TargetPhases};

// Engine options shared by `satoku solve` and `satoku bench`.
#[derive(clap::Args, Debug)]
pub struct SolverOptions {
    /// Search algorithm.
    #[arg(long, value_enum, ignore_case = true, default_value_t = AlgorithmArg::Cdcl)]
    pub algorithm: AlgorithmArg,
    /// Decision heuristic.
    #[arg(long, value_enum, ignore_case = true, default_value_t = HeuristicArg::Vsids)]
    pub heuristic: HeuristicArg,
    /// Turn off pure-literal elimination (DPLL).
    #[arg(long)]
    pub no_pure_literals: bool,
    /// Bump only the variables resolved on, not also those of the learnt
    /// clause's reasons (CDCL).
    #[arg(long)]
    pub no_bump_reasons: bool,
    /// Shrink learnt clauses: replace their literals of one lower level by
    /// that level's implication point, where it has one (CDCL; it hurts
    /// badly on pigeonhole formulas, so it is off by default).
    #[arg(long)]
    pub shrink: bool,
    /// Restart policy (CDCL).
    #[arg(long, value_enum, ignore_case = true, default_value_t = RestartArg::Modes)]
    pub restart: RestartArg,
    /// No restart floor: in the first focused phase of `--restart modes`,
    /// restart only by the LBD averages, not also after 25 * luby(i)
    /// conflicts without a restart (CDCL).
    #[arg(long)]
    pub no_restart_floor: bool,
    /// Reduce every formula the same way: without this, where at most 1
    /// clause in 100 is binary (uniform random k-SAT), there is no tier 2
    /// and reductions come every 500 + 100k conflicts instead of
    /// 2000 + 300k (CDCL).
    #[arg(long)]
    pub no_lean_reduce: bool,
    /// Keep every learnt clause (CDCL).
    #[arg(long)]
    pub no_reduce: bool,
    /// When decisions take the target phase, the values of the longest
    /// conflict-free trail since the last rephase (CDCL).
    #[arg(long, value_enum, ignore_case = true, default_value_t = TargetPhasesArg::Off)]
    pub target_phases: TargetPhasesArg,
    /// Never reset the saved phases (original, inverted, best, walk,
    /// flipped) (CDCL).
    #[arg(long)]
    pub no_rephase: bool,
    /// No ProbSAT local search at rephases (CDCL).
    #[arg(long)]
    pub no_walk: bool,
    /// No vivification of learnt clauses after reductions (CDCL).
    #[arg(long)]
    pub no_vivify: bool,
    /// Subsumption and self-subsuming strengthening of the irredundant
    /// clauses at the root (CDCL; off by default).
    #[arg(long)]
    pub subsume: bool,
    /// Bounded variable elimination at the root (CDCL; off by default).
    #[arg(long)]
    pub elim: bool,
    /// No elimination trial: without this (and without --elim and
    /// --subsume), one round of subsumption and elimination runs after
    /// the first conflict when congruence closure found no AND gate and a
    /// sample and a dry run say it removes at least half of the variables
    /// (CDCL).
    #[arg(long)]
    pub no_elim_trial: bool,
    /// No failed-literal probing (CDCL).
    #[arg(long)]
    pub no_probe: bool,
    /// No equivalent-literal substitution (CDCL).
    #[arg(long)]
    pub no_substitute: bool,
    /// No congruence closure on AND gates (CDCL).
    #[arg(long)]
    pub no_congruence: bool,
    /// No Gaussian elimination of the XOR constraints the clauses state
    /// (CDCL; it never runs while --proof is written).
    #[arg(long)]
    pub no_gauss: bool,
    /// Give up after this many conflicts: `s UNKNOWN`.
    #[arg(long)]
    pub conflicts: Option<u64>,
    /// Give up after this many decisions: `s UNKNOWN`.
    #[arg(long)]
    pub decisions: Option<u64>,
}

/// `--algorithm` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AlgorithmArg {
    /// Conflict-driven clause learning (default).
    Cdcl,
    /// Davis-Putnam-Logemann-Loveland with chronological backtracking.
    Dpll,
}

/// `--heuristic` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum HeuristicArg {
    /// Lowest-numbered unassigned variable, true first.
    First,
    /// Maximum occurrences in clauses of minimum size.
    Moms,
    /// Two-sided Jeroslow-Wang.
    Jw,
    /// Dynamic largest individual sum.
    Dlis,
    /// Conflict-driven activity (VSIDS) with phase saving (default).
    Vsids,
}

/// `--restart` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RestartArg {
    /// Glucose-style LBD averages.
    Glucose,
    /// Luby sequence, unit 100 conflicts.
    Luby,
    /// Focused (Glucose) and stable (Luby x 1024) phases in turn (default).
    Modes,
    /// No restarts.
    Never,
}

/// `--target-phases` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TargetPhasesArg {
    /// Never: decisions take the saved phase (default).
    Off,
    /// In the stable mode of `--restart modes`.
    Stable,
    /// In every mode.
    Always,
}

/// A number of seconds between 0 and 1e9, decimals allowed.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !secs.is_finite() || !(0.0..=1e9).contains(&secs) {
        return Err(format!(
            "`{text}` is not a number of seconds between 0 and 1e9"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

impl SolverOptions {
    /// The engine configuration these flags ask for.
    pub fn config(&self) -> SolverConfig {
        SolverConfig {
            algorithm: match self.algorithm {
                AlgorithmArg::Cdcl => Algorithm::Cdcl,
                AlgorithmArg::Dpll => Algorithm::Dpll,
            },
            heuristic: match self.heuristic {
                HeuristicArg::First => Heuristic::First,
                HeuristicArg::Moms => Heuristic::Moms,
                HeuristicArg::Jw => Heuristic::JeroslowWang,
                HeuristicArg::Dlis => Heuristic::Dlis,
                HeuristicArg::Vsids => Heuristic::Vsids,
            },
            pure_literals: !self.no_pure_literals,
            bump_reasons: !self.no_bump_reasons,
            shrink: self.shrink,
            restart: match self.restart {
                RestartArg::Glucose => RestartPolicy::Glucose,
                RestartArg::Luby => RestartPolicy::Luby,
                RestartArg::Modes => RestartPolicy::Modes,
                RestartArg::Never => RestartPolicy::Never,
            },
            restart_floor: !self.no_restart_floor,
            lean_reduce: !self.no_lean_reduce,
            reduce: !self.no_reduce,
            target_phases: match self.target_phases {
                TargetPhasesArg::Off => TargetPhases::Off,
                TargetPhasesArg::Stable => TargetPhases::Stable,
                TargetPhasesArg::Always => TargetPhases::Always,
            },
            rephase: !self.no_rephase,
            walk: !self.no_walk,
            vivify: !self.no_vivify,
            subsume: self.subsume,
            eliminate: self.elim,
            elim_trial: !self.no_elim_trial,
            probe: !self.no_probe,
            substitute: !self.no_substitute,
            congruence: !self.no_congruence,
            gauss: !self.no_gauss,
            conflict_limit: self.conflicts,
            decision_limit: self.decisions,
            ..SolverConfig::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_validated() {
        assert_eq!(parse_seconds("1.5").unwrap(), Duration::from_millis(1500));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("nan").is_err());
        assert!(parse_seconds("inf").is_err());
        assert!(parse_seconds("abc").is_err());
    }
}
