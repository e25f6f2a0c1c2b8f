//! Shrinking a failing trace while it keeps failing the same way.

use super::{Step, Trace};
use crate::check::Finding;
use crate::options::Options;

/// Shrinks a failing trace: options (the initial ones and those of `o`
/// steps) to defaults, steps dropped, literals dropped, keeping the same
/// [`FindingKind`](crate::FindingKind).
pub fn shrink_trace(trace: &Trace, finding: &Finding) -> (Trace, Finding) {
    let mut best = (trace.clone(), finding.clone());
    let deadline = std::time::Instant::now() + crate::shrink::SHRINK_TIME;
    let try_trace = |t: &Trace, best: &mut (Trace, Finding)| {
        if std::time::Instant::now() > deadline {
            return false;
        }
        match t.run() {
            Err(f) if f.kind == finding.kind => {
                *best = (t.clone(), f);
                true
            }
            _ => false,
        }
    };
    loop {
        let before = best.0.clone();
        simplify_options(best.0.options, |simpler| {
            let t = Trace {
                options: simpler,
                ..best.0.clone()
            };
            try_trace(&t, &mut best)
        });
        let options = best.0.options;
        let steps = crate::shrink::shrink_list(best.0.steps.clone(), |s| {
            try_trace(
                &Trace {
                    options,
                    steps: s.to_vec(),
                },
                &mut best,
            )
        });
        best.0.steps = steps;
        for i in 0..best.0.steps.len() {
            if let Step::Options(o) = best.0.steps[i] {
                simplify_options(o, |simpler| {
                    let mut t = best.0.clone();
                    t.steps[i] = Step::Options(simpler);
                    try_trace(&t, &mut best)
                });
            }
        }
        for i in 0..best.0.steps.len() {
            let mut j = 0;
            while j < step_len(&best.0.steps[i]) {
                let mut t = best.0.clone();
                if let Step::Add(l) | Step::Solve(l) | Step::SolveScoped(l) = &mut t.steps[i] {
                    l.remove(j);
                }
                if !try_trace(&t, &mut best) {
                    j += 1;
                }
            }
        }
        if best.0 == before {
            return best;
        }
    }
}

/// Sets options back to their defaults one at a time while `still_fails`.
/// Each move starts from the last one kept, so none undoes another.
pub(super) fn simplify_options(
    mut o: Options,
    mut still_fails: impl FnMut(Options) -> bool,
) -> Options {
    'moves: loop {
        for simpler in o.simpler() {
            if still_fails(simpler) {
                o = simpler;
                continue 'moves;
            }
        }
        return o;
    }
}

fn step_len(step: &Step) -> usize {
    match step {
        Step::Add(l) | Step::Solve(l) | Step::SolveScoped(l) => l.len(),
        Step::Options(_) | Step::Forget => 0,
    }
}
