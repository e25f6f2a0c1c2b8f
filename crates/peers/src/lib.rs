//! Peer solvers inside satoku's harness: Kissat and CaDiCaL, as bundled by
//! the crates `rustsat-kissat` and `rustsat-cadical`, run on a [`Cnf`].
//!
//! The binary `satoku-peer SOLVER FILE` answers in the competition format
//! (`s` and `v` lines, exit 10, 20 or 0), so `satoku bench --solver-cmd
//! 'satoku-peer kissat {}'` measures a peer on the same files and machine
//! as satoku. The peers are compiled only with the feature `kissat` or
//! `cadical` (their C and C++ take minutes to build, and bindgen needs
//! libclang), one per build: both crates bundle Kissat's `kitten.c`, whose
//! symbols clash when the two are linked into one binary.
//!
//! ```text
//! cargo build --release -p satoku-peers --features kissat
//! ```
//!
//! | item | what it is |
//! |---|---|
//! | [`Peer`] | which solver, its bundled version, whether this build has it |
//! | [`solve`] | the answer of a peer on a formula: [`Answer`] |
//! | [`Error`] | a peer this build lacks, an unknown name, a solver failure |
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;
use std::str::FromStr;

use satoku_dimacs::Status;
use satoku_formula::{Cnf, Model};

/// A peer solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    /// Kissat, from `rustsat-kissat`.
    Kissat,
    /// CaDiCaL, from `rustsat-cadical`.
    Cadical,
}

impl Peer {
    /// Every peer.
    pub const ALL: [Peer; 2] = [Peer::Kissat, Peer::Cadical];

    /// The solver's name, as given on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Peer::Kissat => "kissat",
            Peer::Cadical => "cadical",
        }
    }

    /// The solver version the rustsat crate bundles (its default version,
    /// compiled from the sources shipped in the crate).
    pub fn version(self) -> &'static str {
        match self {
            Peer::Kissat => "4.0.4 (rustsat-kissat 0.7.5)",
            Peer::Cadical => "2.2.1 (rustsat-cadical 0.7.5)",
        }
    }

    /// Whether this build includes the solver (features `kissat`, `cadical`).
    pub fn is_built(self) -> bool {
        match self {
            Peer::Kissat => cfg!(feature = "kissat"),
            Peer::Cadical => cfg!(feature = "cadical"),
        }
    }
}

impl fmt::Display for Peer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Peer {
    type Err = Error;

    fn from_str(name: &str) -> Result<Peer, Error> {
        Peer::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| Error::UnknownPeer(name.to_string()))
    }
}

/// What went wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No peer has this name.
    #[error("unknown solver `{0}`: expected kissat or cadical")]
    UnknownPeer(String),
    /// The peer was not compiled into this build.
    #[error(
        "this build has no {0}: build with `cargo build --release -p satoku-peers \
         --features {0}` (needs a C/C++ compiler and libclang)"
    )]
    NotBuilt(Peer),
    /// The solver reported an error.
    #[error("{0} failed: {1}")]
    Solver(Peer, String),
}

/// A peer's answer: the status, and the model (over every variable of the
/// formula) when satisfiable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Satisfiable, unsatisfiable or unknown.
    pub status: Status,
    /// The model of a satisfiable answer.
    pub model: Option<Model>,
}

/// Runs `peer` on `cnf`.
///
/// # Errors
/// [`Error::NotBuilt`] when this build lacks the peer; [`Error::Solver`]
/// when the solver fails.
pub fn solve(peer: Peer, cnf: &Cnf) -> Result<Answer, Error> {
    match peer {
        #[cfg(feature = "kissat")]
        Peer::Kissat => run::solve_with(peer, rustsat_kissat::Kissat::default(), cnf),
        #[cfg(feature = "cadical")]
        Peer::Cadical => run::solve_with(peer, rustsat_cadical::CaDiCaL::default(), cnf),
        #[allow(unreachable_patterns)]
        _ => {
            let _ = cnf;
            Err(Error::NotBuilt(peer))
        }
    }
}

#[cfg(any(feature = "kissat", feature = "cadical"))]
mod run;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_errors() {
        for peer in Peer::ALL {
            assert_eq!(peer.name().parse::<Peer>().unwrap(), peer);
        }
        let err = "minisat".parse::<Peer>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown solver `minisat`: expected kissat or cadical"
        );
    }

    #[test]
    fn every_peer_answers_or_says_it_is_not_built() {
        let sat = Cnf::from_dimacs(&[&[1, 2], &[-1, 2], &[-2, 3]]);
        let unsat = Cnf::from_dimacs(&[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2]]);
        for peer in Peer::ALL {
            match solve(peer, &sat) {
                Ok(answer) => {
                    assert!(peer.is_built());
                    assert_eq!(answer.status, Status::Sat);
                    let model = answer.model.expect("a model");
                    assert_eq!(model.first_falsified(&sat), None);
                    assert_eq!(solve(peer, &unsat).unwrap().status, Status::Unsat);
                }
                Err(Error::NotBuilt(p)) => assert!(p == peer && !peer.is_built()),
                Err(other) => panic!("{peer}: {other}"),
            }
        }
    }
}
