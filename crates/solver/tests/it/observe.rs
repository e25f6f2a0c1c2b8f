//! The search events replayed against the formula: every step an observer
//! is told must be one the formula allows, in an order that keeps levels
//! consistent. On seeded random formulas, both engines:
//!
//! - a propagation's reason holds its literal, every other literal false;
//! - a conflict clause is all false; a learnt clause is all false when
//!   learnt, its LBD is its number of levels, and it is implied by the
//!   formula (a fresh solver refutes the formula under its negation);
//! - decisions open the next level, backjumps undo exactly the levels
//!   above their target, a flip negates the decision it undid, a pure
//!   literal's negation is in no open clause;
//! - event counts match the statistics, and a solver with an observer
//!   searches exactly as one without (same answer, same statistics).

use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satoku_formula::{Cnf, Lit};
use satoku_solver::{
    Algorithm, Event, Heuristic, RestartPolicy, SolveResult, Solver, SolverConfig, Stats,
};

use crate::support::random::random_cnf;

/// An [`Event`] owned, to keep after the call.
#[derive(Clone, Debug, PartialEq)]
enum Ev {
    Decide(Lit, u32),
    Flip(Lit, u32),
    Propagate(Lit, u32, Vec<Lit>),
    Pure(Lit, u32),
    Conflict(Vec<Lit>, u32),
    Learn(Vec<Lit>, u32),
    Backjump(u32, u32),
    Restart,
}

impl Ev {
    fn of(event: &Event<'_>) -> Ev {
        match *event {
            Event::Decide { lit, level } => Ev::Decide(lit, level),
            Event::Flip { lit, level } => Ev::Flip(lit, level),
            Event::Propagate { lit, level, reason } => Ev::Propagate(lit, level, reason.to_vec()),
            Event::Pure { lit, level } => Ev::Pure(lit, level),
            Event::Conflict { clause, level } => Ev::Conflict(clause.to_vec(), level),
            Event::Learn { clause, lbd } => Ev::Learn(clause.to_vec(), lbd),
            Event::Backjump { from, to } => Ev::Backjump(from, to),
            Event::Restart => Ev::Restart,
            ref other => panic!("an event this test does not know: {other:?}"),
        }
    }
}

type Log = Arc<Mutex<Vec<Ev>>>;

/// Attaches an observer that records every event.
fn record(solver: &mut Solver) -> Log {
    let log = Log::default();
    let sink = Arc::clone(&log);
    solver.set_observer(Some(Box::new(move |e: &Event<'_>| {
        sink.lock().unwrap().push(Ev::of(e))
    })));
    log
}

/// A random 3-SAT formula with some binary and unit clauses, near the
/// threshold, so that both answers come up.
fn random_formula(rng: &mut ChaCha8Rng, num_vars: i64) -> Cnf {
    let num_clauses = (num_vars as f64 * rng.gen_range(3.4..4.4)) as usize;
    random_cnf(
        rng,
        num_vars as usize,
        num_clauses,
        &[(1, 1), (2, 6), (3, 33)],
    )
}

/// Whether `clause` follows from `cnf`: `cnf` is refuted under its negation.
fn implied(cnf: &Cnf, clause: &[Lit]) -> bool {
    let mut solver = Solver::from_cnf(cnf, SolverConfig::default());
    let negated: Vec<Lit> = clause.iter().map(|&l| !l).collect();
    solver.solve_with_assumptions(&negated) == SolveResult::Unsat
}

/// The assignment rebuilt from the events, checked at each one.
struct Replay<'a> {
    cnf: &'a Cnf,
    /// Per variable: value and level.
    vars: Vec<Option<(bool, u32)>>,
    level: u32,
    /// Per level (index `level - 1`): its decision, if it has one.
    decisions: Vec<Option<Lit>>,
    /// The decision of the level just above the last backjump's target.
    undone: Option<Lit>,
    /// After a restart: the next event is the backjump to the root.
    restarting: bool,
    /// Learnt clauses still to check for implication (each takes a solve).
    implied_checks: usize,
    /// Under assumptions: an assumption already true opens a level with no
    /// event, so a decision may skip levels and a backjump start above.
    assumptions: bool,
}

impl<'a> Replay<'a> {
    fn new(cnf: &'a Cnf) -> Replay<'a> {
        Replay {
            cnf,
            vars: vec![None; cnf.num_vars()],
            level: 0,
            decisions: Vec::new(),
            undone: None,
            restarting: false,
            implied_checks: usize::MAX,
            assumptions: false,
        }
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        self.vars[lit.var().index()].map(|(v, _)| v == lit.is_positive())
    }

    fn assign(&mut self, lit: Lit, level: u32) {
        assert_eq!(self.value(lit), None, "{lit:?} assigned twice");
        assert_eq!(level, self.level, "{lit:?} assigned at level {level}");
        self.vars[lit.var().index()] = Some((lit.is_positive(), level));
    }

    fn all_false(&self, clause: &[Lit]) -> bool {
        clause.iter().all(|&l| self.value(l) == Some(false))
    }

    fn open_level(&mut self, level: u32, decision: Option<Lit>) {
        while self.assumptions && self.level + 1 < level {
            self.level += 1;
            self.decisions.push(None);
        }
        assert_eq!(level, self.level + 1, "a level opens above the current one");
        self.level = level;
        self.decisions.push(decision);
    }

    /// Checks `event` against the assignment so far, then applies it.
    fn step(&mut self, event: &Ev) {
        assert!(
            !self.restarting || matches!(event, Ev::Backjump(_, 0)),
            "a restart goes back to the root: {event:?}"
        );
        self.restarting = false;
        match event {
            &Ev::Decide(lit, level) => {
                self.open_level(level, Some(lit));
                self.assign(lit, level);
            }
            &Ev::Flip(lit, level) => {
                assert_eq!(
                    self.undone,
                    Some(!lit),
                    "a flip negates the decision undone"
                );
                self.open_level(level, Some(lit));
                self.assign(lit, level);
            }
            Ev::Propagate(lit, level, reason) => {
                assert!(reason.contains(lit), "{lit:?} not in its reason {reason:?}");
                let others: Vec<Lit> = reason.iter().copied().filter(|l| l != lit).collect();
                assert!(
                    self.all_false(&others),
                    "reason {reason:?} of {lit:?} not unit"
                );
                self.assign(*lit, *level);
            }
            &Ev::Pure(lit, level) => {
                if level == self.level + 1 {
                    self.open_level(level, None); // the root's pure level
                }
                assert!(self.is_pure(lit), "{lit:?} is not pure");
                self.assign(lit, level);
            }
            Ev::Conflict(clause, level) => {
                assert_eq!(*level, self.level);
                assert!(self.all_false(clause), "conflict {clause:?} not false");
            }
            Ev::Learn(clause, lbd) => self.check_learnt(clause, *lbd),
            &Ev::Backjump(from, to) => self.backjump(from, to),
            Ev::Restart => self.restarting = self.level > 0,
        }
    }

    /// No open clause of the formula holds `!lit`.
    fn is_pure(&self, lit: Lit) -> bool {
        self.cnf
            .clauses()
            .all(|c| !c.contains(&!lit) || c.iter().any(|&l| self.value(l) == Some(true)))
    }

    fn check_learnt(&mut self, clause: &[Lit], lbd: u32) {
        assert!(self.all_false(clause), "learnt {clause:?} not false");
        let level = |l: &Lit| self.vars[l.var().index()].unwrap().1;
        assert_eq!(level(&clause[0]), self.level, "asserting literal first");
        assert!(clause[1..].iter().all(|l| level(l) < self.level));
        let mut levels: Vec<u32> = clause.iter().map(level).collect();
        levels.sort_unstable();
        levels.dedup();
        assert_eq!(levels.len() as u32, lbd, "LBD of {clause:?}");
        if self.implied_checks > 0 {
            self.implied_checks -= 1;
            assert!(implied(self.cnf, clause), "learnt {clause:?} not implied");
        }
    }

    fn backjump(&mut self, from: u32, to: u32) {
        if self.assumptions {
            assert!(
                from >= self.level,
                "a backjump starts at the current level or above"
            );
            self.decisions.resize(from as usize, None);
        } else {
            assert_eq!(from, self.level, "a backjump starts at the current level");
        }
        assert!(to < from);
        for slot in &mut self.vars {
            if slot.is_some_and(|(_, level)| level > to) {
                *slot = None;
            }
        }
        self.undone = self.decisions[to as usize];
        self.decisions.truncate(to as usize);
        self.level = to;
    }
}

/// Solves `cnf` with `config`, with and without an observer: the same
/// answer and statistics; the events replayed. Returns the events.
fn observed_solve(
    cnf: &Cnf,
    config: &SolverConfig,
    implied_checks: usize,
) -> (SolveResult, Vec<Ev>) {
    let mut plain = Solver::from_cnf(cnf, config.clone());
    let plain_result = plain.solve();
    let mut solver = Solver::new(config.clone());
    let log = record(&mut solver);
    solver.add_cnf(cnf);
    let result = solver.solve();
    assert_eq!(result, plain_result);
    assert_eq!(counters(solver.stats()), counters(plain.stats()));
    let events = log.lock().unwrap().clone();
    let mut replay = Replay::new(cnf);
    replay.implied_checks = implied_checks;
    for event in &events {
        replay.step(event);
    }
    assert_eq!(replay.level, 0, "a call ends at the root");
    check_counts(&events, solver.stats());
    (result, events)
}

/// The statistics but the time.
fn counters(s: &Stats) -> [u64; 10] {
    [
        s.decisions,
        s.propagations,
        s.conflicts,
        s.backtracks,
        s.pure_literals,
        s.restarts,
        s.learnt_clauses,
        s.minimized_literals,
        s.reductions,
        s.deleted_clauses,
    ]
}

/// Events of each kind as many as the statistics count (no assumptions).
fn check_counts(events: &[Ev], stats: &Stats) {
    let count = |f: fn(&Ev) -> bool| events.iter().filter(|e| f(e)).count() as u64;
    assert_eq!(count(|e| matches!(e, Ev::Decide(..))), stats.decisions);
    assert_eq!(count(|e| matches!(e, Ev::Conflict(..))), stats.conflicts);
    assert_eq!(count(|e| matches!(e, Ev::Pure(..))), stats.pure_literals);
    assert_eq!(count(|e| matches!(e, Ev::Learn(..))), stats.learnt_clauses);
    assert_eq!(count(|e| matches!(e, Ev::Restart)), stats.restarts);
}

/// The options of the replays: no failed-literal probing, which refutes
/// most of these small formulas before the search learns anything
/// (`tests/it/probe.rs` covers it).
fn config(algorithm: Algorithm, heuristic: Heuristic) -> SolverConfig {
    SolverConfig {
        algorithm,
        heuristic,
        // Elimination solves many of these small formulas with few
        // conflicts: the search events asked for would not all be seen.
        subsume: false,
        eliminate: false,
        probe: false,
        ..SolverConfig::default()
    }
}

#[test]
fn cdcl_events_replay_on_random_formulas() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let (mut learnt, mut sat, mut unsat) = (0, 0, 0);
    for _ in 0..150 {
        let num_vars = rng.gen_range(10..=40);
        let cnf = random_formula(&mut rng, num_vars);
        let (result, events) =
            observed_solve(&cnf, &config(Algorithm::Cdcl, Heuristic::Vsids), usize::MAX);
        learnt += events.iter().filter(|e| matches!(e, Ev::Learn(..))).count();
        match result {
            SolveResult::Sat(_) => sat += 1,
            _ => unsat += 1,
        }
    }
    assert!(
        learnt > 100 && sat > 10 && unsat > 10,
        "{learnt} {sat} {unsat}"
    );
}

#[test]
fn dpll_events_replay_with_pure_literals_and_flips() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let (mut pure, mut flips) = (0, 0);
    for i in 0..150 {
        let heuristic = [Heuristic::Vsids, Heuristic::First, Heuristic::Dlis][i % 3];
        let num_vars = rng.gen_range(8..=24);
        let cnf = random_formula(&mut rng, num_vars);
        let (_, events) = observed_solve(&cnf, &config(Algorithm::Dpll, heuristic), 0);
        pure += events.iter().filter(|e| matches!(e, Ev::Pure(..))).count();
        flips += events.iter().filter(|e| matches!(e, Ev::Flip(..))).count();
        assert!(!events.iter().any(|e| matches!(e, Ev::Learn(..))));
    }
    assert!(pure > 20 && flips > 100, "pure {pure}, flips {flips}");
}

#[test]
fn restarts_and_clause_deletion_keep_the_events_consistent() {
    // Big enough for Luby restarts (every 100 conflicts at first) and
    // database reductions; the first 300 learnt clauses are checked.
    let cnf = satoku_gen::random_ksat(200, 852, 3, 7);
    let config = SolverConfig {
        restart: RestartPolicy::Luby,
        ..SolverConfig::default()
    };
    let (_, events) = observed_solve(&cnf, &config, 300);
    let restarts = events.iter().filter(|e| matches!(e, Ev::Restart)).count();
    assert!(restarts >= 3, "{restarts} restarts");
}

#[test]
fn assumptions_are_decisions_of_the_first_levels_in_scoped_calls_too() {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    for i in 0..100 {
        let num_vars = rng.gen_range(10..=30);
        let cnf = random_formula(&mut rng, num_vars);
        let assumptions: Vec<Lit> = (0..rng.gen_range(1..=4))
            .map(|_| {
                Lit::new(
                    satoku_formula::Var::new(rng.gen_range(0..num_vars as u32)),
                    rng.gen_bool(0.5),
                )
            })
            .collect();
        let mut solver = Solver::new(SolverConfig::default());
        let log = record(&mut solver);
        solver.add_cnf(&cnf);
        let result = if i % 2 == 0 {
            solver.solve_scoped(&assumptions)
        } else {
            solver.solve_with_assumptions(&assumptions)
        };
        let events = log.lock().unwrap().clone();
        let mut replay = Replay::new(&cnf);
        replay.assumptions = true;
        // Scoped clauses hold under the assumptions only: not checked here.
        replay.implied_checks = 0;
        for event in &events {
            replay.step(event);
        }
        assert_eq!(replay.level, 0);
        if let SolveResult::Sat(model) = result {
            assert!(assumptions
                .iter()
                .all(|&a| model.value(a.var()) == a.is_positive()));
        }
    }
}

#[test]
fn root_facts_come_first_and_later_calls_go_on_from_them() {
    let cnf = satoku_gen::random_ksat(20, 60, 3, 17);
    let mut more = cnf.clone();
    // Fresh variables: facts no earlier call can have fixed.
    more.add_clause(&Lit::vec_from_dimacs(&[21]));
    more.add_clause(&Lit::vec_from_dimacs(&[-21, 22]));
    let mut solver = Solver::new(SolverConfig::default());
    let log = record(&mut solver);
    solver.add_cnf(&cnf);
    assert!(matches!(solver.solve(), SolveResult::Sat(_)));
    let first_call = log.lock().unwrap().len();
    solver.add_clause(&[-21, 22]);
    solver.add_clause(&[21]);
    assert_eq!(
        log.lock().unwrap().len(),
        first_call,
        "adding reports nothing"
    );
    assert!(matches!(solver.solve(), SolveResult::Sat(_)));
    let events = log.lock().unwrap().clone();
    let mut replay = Replay::new(&more);
    for event in &events {
        replay.step(event);
    }
    let [a, b] = [21, 22].map(Lit::from_dimacs);
    assert_eq!(
        events[first_call..first_call + 2],
        [
            Ev::Propagate(a, 0, vec![a]),
            Ev::Propagate(b, 0, vec![b, !a])
        ],
        "the second call starts with the new root facts"
    );
}
