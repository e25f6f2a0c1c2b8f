//! Campaigns: many cases from one seed, each case reproducible on its own.
//!
//! Case `i` of a run with seed `s` draws from ChaCha8 seeded with `s` on
//! stream `i`, so `--seed s --first i --count 1` replays exactly that case.
//! A campaign stops at its count or time, or at its first finding (unless
//! asked to keep going). A finding is shrunk and written to the output
//! folder; with `keep_going`, only the first [`SHRINK_PER_KIND`] of each
//! kind are, the rest are counted.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::check::{check_formula, Finding};
use crate::generate::generate;
use crate::options::Options;
use crate::parsers;
use crate::regress;
use crate::shrink::{shrink_formula, shrink_list};
use crate::trace::{shrink_trace, Trace};

/// With `keep_going`, findings of one kind shrunk and written; later ones are only counted.
pub const SHRINK_PER_KIND: usize = 3;

/// When a campaign stops, besides at a finding.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The run's seed.
    pub seed: u64,
    /// First case index.
    pub first: u64,
    /// Most cases to run.
    pub count: Option<u64>,
    /// Most wall-clock time.
    pub time: Option<Duration>,
    /// Where a shrunk finding is written (none: not written).
    pub out_dir: Option<PathBuf>,
    /// Print progress to stderr every this often.
    pub progress: Option<Duration>,
    /// Print every case (family, size, options, time) to stderr.
    pub verbose: bool,
    /// Go on after a finding.
    pub keep_going: bool,
}

/// The random source of case `index` of run `seed`.
pub fn case_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// A finding, shrunk and (maybe) written.
#[derive(Clone, Debug)]
pub struct Report {
    /// The case that failed.
    pub case: u64,
    /// How it failed, before shrinking.
    pub original: Finding,
    /// How the shrunk case fails.
    pub shrunk: Finding,
    /// Size of the shrunk case: clauses, trace steps or input bytes.
    pub size: usize,
    /// Size before shrinking.
    pub original_size: usize,
    /// The regression file, if written.
    pub path: Option<PathBuf>,
    /// When it was found, from the campaign's start.
    pub found_after: Duration,
    /// Time spent shrinking.
    pub shrink_time: Duration,
}

/// What a campaign did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Cases run.
    pub cases: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Cases per family (formulas) or per outcome (traces, parsers).
    pub counts: BTreeMap<String, u64>,
    /// Cases per option combination (formulas and traces).
    pub options: BTreeMap<String, u64>,
    /// The findings (only the first, unless keeping going).
    pub findings: Vec<Report>,
}

impl Summary {
    /// Whether enough findings of this kind were shrunk already.
    fn enough(&self, finding: &Finding) -> bool {
        let same = self
            .findings
            .iter()
            .filter(|r| r.original.kind == finding.kind);
        same.filter(|r| r.path.is_some() || r.size != r.original_size)
            .count()
            >= SHRINK_PER_KIND
    }

    fn bump(map: &mut BTreeMap<String, u64>, key: &str) {
        *map.entry(key.to_string()).or_default() += 1;
    }
}

struct Clock {
    start: Instant,
    last_progress: Instant,
}

impl Clock {
    fn done(&self, limits: &Limits, cases: u64) -> bool {
        limits.count.is_some_and(|c| cases >= c)
            || limits.time.is_some_and(|t| self.start.elapsed() >= t)
    }

    fn progress(&mut self, limits: &Limits, what: &str, cases: u64) {
        let Some(every) = limits.progress else { return };
        if self.last_progress.elapsed() >= every {
            self.last_progress = Instant::now();
            let secs = self.start.elapsed().as_secs_f64();
            eprintln!(
                "satoku-fuzz {what}: {cases} cases in {secs:.0} s ({:.0}/s)",
                cases as f64 / secs
            );
        }
    }
}

/// A finding reported as found, without shrinking.
fn unshrunk(case: u64, finding: Finding, size: usize, found_after: Duration) -> Report {
    Report {
        case,
        shrunk: finding.clone(),
        original: finding,
        size,
        original_size: size,
        path: None,
        found_after,
        shrink_time: Duration::ZERO,
    }
}

fn about(command: &str, seed: u64, case: u64, finding: &Finding) -> Vec<String> {
    vec![
        format!("found by: satoku-fuzz {command} --seed {seed} --first {case} --count 1"),
        format!("finding: {finding}"),
    ]
}

fn with_clock(
    limits: &Limits,
    what: &str,
    mut step: impl FnMut(u64, &mut Summary, Instant) -> Option<Report>,
) -> Summary {
    let start = Instant::now();
    let mut clock = Clock {
        start,
        last_progress: start,
    };
    let mut summary = Summary::default();
    while !clock.done(limits, summary.cases) {
        let case = limits.first + summary.cases;
        summary.cases += 1;
        if let Some(report) = step(case, &mut summary, start) {
            summary.findings.push(report);
            if !limits.keep_going {
                break;
            }
        }
        clock.progress(limits, what, summary.cases);
    }
    summary.elapsed = start.elapsed();
    summary
}

/// Fuzzes the solver with generated formulas and random options.
pub fn formulas(limits: &Limits) -> Summary {
    with_clock(limits, "formulas", |case, summary, start| {
        let mut rng = case_rng(limits.seed, case);
        let generated = generate(&mut rng);
        let options = Options::random(&mut rng);
        Summary::bump(&mut summary.counts, generated.family);
        Summary::bump(&mut summary.options, &options.key());
        let case_start = Instant::now();
        let checked = check_formula(&generated.cnf, &options, generated.expected);
        if limits.verbose {
            let cnf = &generated.cnf;
            eprintln!(
                "case {case}: {} {} vars {} clauses, {options}: {:?} in {:.3} s",
                generated.family,
                cnf.num_vars(),
                cnf.num_clauses(),
                checked.as_ref().map(|c| c.sat),
                case_start.elapsed().as_secs_f64()
            );
        }
        match checked {
            Ok(c) if c.timed_out => {
                Summary::bump(&mut summary.counts, "dpll timeouts over 64 vars");
                None
            }
            Ok(c) => {
                Summary::bump(&mut summary.counts, if c.sat { "sat" } else { "unsat" });
                if c.proof_checked {
                    Summary::bump(&mut summary.counts, "proofs checked");
                }
                if c.compared {
                    Summary::bump(&mut summary.counts, "compared with an oracle");
                }
                None
            }
            Err(finding) => {
                let found_after = start.elapsed();
                if summary.enough(&finding) {
                    let size = generated.cnf.num_clauses();
                    return Some(unshrunk(case, finding, size, found_after));
                }
                let shrink_start = Instant::now();
                let shrunk = shrink_formula(&generated.cnf, &options, &finding);
                let name = format!("{}-s{}-c{case}", finding.kind.name(), limits.seed);
                let path = limits.out_dir.as_deref().and_then(|dir| {
                    let about = about("formulas", limits.seed, case, &finding);
                    regress::write_formula(dir, &name, &shrunk.cnf, &shrunk.options, &about).ok()
                });
                Some(Report {
                    case,
                    original: finding,
                    shrunk: shrunk.finding,
                    size: shrunk.cnf.num_clauses(),
                    original_size: generated.cnf.num_clauses(),
                    path,
                    found_after,
                    shrink_time: shrink_start.elapsed(),
                })
            }
        }
    })
}

/// Fuzzes the incremental API with random traces.
pub fn traces(limits: &Limits) -> Summary {
    with_clock(limits, "traces", |case, summary, start| {
        let trace = Trace::random(&mut case_rng(limits.seed, case));
        Summary::bump(&mut summary.options, &trace.options.key());
        match trace.run() {
            Ok(stats) => {
                *summary.counts.entry("solves".into()).or_default() += stats.num_solves;
                *summary.counts.entry("sat".into()).or_default() += stats.num_sat;
                *summary
                    .counts
                    .entry("failed sets checked".into())
                    .or_default() += stats.num_failed_checked;
                *summary.counts.entry("forgets".into()).or_default() += stats.num_forgets;
                *summary
                    .counts
                    .entry("learnts forgotten".into())
                    .or_default() += stats.num_forgotten;
                *summary.counts.entry("reductions".into()).or_default() += stats.num_reductions;
                None
            }
            Err(finding) => {
                let found_after = start.elapsed();
                if summary.enough(&finding) {
                    return Some(unshrunk(case, finding, trace.steps.len(), found_after));
                }
                let shrink_start = Instant::now();
                let (shrunk, shrunk_finding) = shrink_trace(&trace, &finding);
                let name = format!("trace-{}-s{}-c{case}", finding.kind.name(), limits.seed);
                let path = limits.out_dir.as_deref().and_then(|dir| {
                    let about = about("traces", limits.seed, case, &finding);
                    regress::write_trace(dir, &name, &shrunk, &about).ok()
                });
                Some(Report {
                    case,
                    original: finding,
                    shrunk: shrunk_finding,
                    size: shrunk.steps.len(),
                    original_size: trace.steps.len(),
                    path,
                    found_after,
                    shrink_time: shrink_start.elapsed(),
                })
            }
        }
    })
}

/// Fuzzes the parsers with mutants of the files under `corpus`.
pub fn parsers(limits: &Limits, corpus: &[&Path]) -> Summary {
    let seeds = parsers::seeds(corpus);
    with_clock(limits, "parsers", |case, summary, start| {
        let input = parsers::mutate(&mut case_rng(limits.seed, case), &seeds);
        match parsers::check_input(&input) {
            Ok(0) => {
                Summary::bump(&mut summary.counts, "rejected by every parser");
                None
            }
            Ok(_) => {
                Summary::bump(&mut summary.counts, "accepted by some parser");
                None
            }
            Err(finding) => {
                let found_after = start.elapsed();
                if summary.enough(&finding) {
                    return Some(unshrunk(case, finding, input.len(), found_after));
                }
                let shrink_start = Instant::now();
                let kind = finding.kind;
                let shrunk = shrink_list(input.clone(), |b| {
                    parsers::check_input(b).is_err_and(|f| f.kind == kind)
                });
                let shrunk_finding = parsers::check_input(&shrunk)
                    .err()
                    .unwrap_or(finding.clone());
                let name = format!("parser-{}-s{}-c{case}", kind.name(), limits.seed);
                let path = limits
                    .out_dir
                    .as_deref()
                    .and_then(|dir| regress::write_input(dir, &name, &shrunk).ok());
                Some(Report {
                    case,
                    original: finding,
                    shrunk: shrunk_finding,
                    size: shrunk.len(),
                    original_size: input.len(),
                    path,
                    found_after,
                    shrink_time: shrink_start.elapsed(),
                })
            }
        }
    })
}
