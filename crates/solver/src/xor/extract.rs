//! XOR constraints read off the irredundant clauses, and what Gaussian
//! elimination (`gauss.rs`) says they imply together, at the root.
//!
//! An XOR `x_1 ⊕ … ⊕ x_k = p` is the 2^(k-1) clauses over the same `k`
//! variables that each forbid one assignment of the wrong parity: a
//! clause forbids the assignment that makes all its literals false, so
//! its negative literals name the variables that assignment sets. The
//! clauses are grouped by their variables (bucketed by the smallest, then
//! by a hash of the set, and sorted only in groups large enough for an
//! XOR), and a group that holds every clause of one parity is an XOR.
//!
//! A refuted system refutes the formula. Otherwise each variable the
//! system fixes becomes a root unit, and each pair it makes equal or
//! complementary is added as two binary clauses (irredundant, watched),
//! which substitution (`substitute.rs`), next in the same round, replaces.
//! Pure parity formulas (Urquhart's, `x1_*`, `dubois*`, `pret*`) are
//! refuted before the first decision, where resolution needs exponential
//! proofs (Urquhart 1987).
//!
//! A sum of XORs is no RUP step, and a DRAT proof of it needs many
//! clauses (Philipp and Rebola-Pardo 2016), so nothing is done while a
//! proof is written (as CryptoMiniSat turns Gauss off for FRAT/DRAT).
//!
//! Cost: one pass over the clauses of at most `MAX_XOR_LEN` literals per
//! round, only in rounds after which the irredundant clauses or the root
//! changed; once a round finds no XOR, no later round looks again.
//! Elimination is bounded per round (`GAUSS_MAX_WORK`).

use std::collections::HashSet;

use satoku_formula::{Lit, Var};

use crate::search::clause_db::ClauseRef;
use crate::search::trail::OPEN;
use crate::solver::Solver;
use crate::util::flat_lists::FlatLists;
use crate::xor::gauss::{self, Xor};
use crate::xor::search::XorSearch;

/// Clauses longer than this are not read as parts of XORs: an XOR of `k`
/// variables takes 2^(k-1) clauses.
const MAX_XOR_LEN: usize = 6;

/// Word operations a round's elimination may take in all (`gauss.rs`).
const GAUSS_MAX_WORK: u64 = 1 << 27;

/// What the XORs are read from: the root units, the irredundant clauses,
/// and the variables substituted and eliminated so far. Reading twice at
/// one stamp gives the same XORs.
type Stamp = (usize, usize, u64, u64);

/// When the XORs were last read and whether they are worth reading again.
#[derive(Default)]
pub(crate) struct XorRounds {
    /// Root units and irredundant clauses when a round last ran.
    last_seen: Option<(usize, usize)>,
    /// A round found no XOR: the formula has none to find.
    pub no_xors: bool,
    /// The XORs the round's elimination read, with their stamp, until the
    /// search's matrices take them: on a large formula a read costs as
    /// much as the elimination.
    read: Option<(Stamp, Vec<Xor>)>,
    /// The matrices of the search (`xor/search.rs`).
    pub search: XorSearch,
}

/// One clause's variables in increasing order (unused slots `u32::MAX`),
/// its length, and the set of its negative literals by position.
type Signature = ([u32; MAX_XOR_LEN], usize, u32);

impl Solver {
    /// Reads the XORs, eliminates, and adds what they imply (module docs),
    /// at the root with the trail propagated. False when the formula is
    /// refuted.
    pub(crate) fn gauss(&mut self) -> bool {
        debug_assert_eq!(self.trail.decision_level(), 0);
        let seen = (self.trail.len(), self.db.originals().len());
        let rounds = &self.probing.xors;
        if self.proof.is_on() || rounds.no_xors || rounds.last_seen == Some(seen) {
            return true;
        }
        let stamp = self.xor_stamp();
        let xors = self.extract_xors();
        self.probing.xors.no_xors = xors.is_empty();
        self.stats.xors += xors.len() as u64;
        let Some(implied) = gauss::eliminate(&xors, self.num_vars(), GAUSS_MAX_WORK) else {
            return false;
        };
        let stated: HashSet<(u32, u32)> = xors
            .iter()
            .filter(|x| x.vars.len() == 2)
            .map(|x| (x.vars[0], x.vars[1]))
            .collect();
        for &(a, b, differ) in &implied.equal {
            if !stated.contains(&(a.min(b), a.max(b))) {
                self.stats.xor_equivalences += 1;
                let b = Var::new(b).lit(!differ);
                self.add_equivalence(Var::new(a).positive(), b);
            }
        }
        let units: Vec<Lit> = implied
            .units
            .iter()
            .map(|&(v, value)| Var::new(v).lit(value))
            .collect();
        self.stats.xor_units += units.len() as u64;
        let ok = self.assign_root_units(&units);
        self.probing.xors.last_seen = Some((self.trail.len(), self.db.originals().len()));
        self.probing.xors.read = Some((stamp, xors));
        ok
    }

    fn xor_stamp(&self) -> Stamp {
        (
            self.trail.len(),
            self.db.originals().len(),
            self.stats.substituted_vars,
            self.stats.eliminated_vars,
        )
    }

    /// The XORs as [`Solver::extract_xors`] reads them now: those the
    /// round's elimination read if nothing has changed since (it added no
    /// unit or equivalence, and substitution found nothing), else a new
    /// read.
    pub(crate) fn take_xors(&mut self) -> Vec<Xor> {
        let now = self.xor_stamp();
        match self.probing.xors.read.take() {
            Some((stamp, xors)) if stamp == now => xors,
            _ => self.extract_xors(),
        }
    }

    /// The XORs of the irredundant clauses whose literals are all open
    /// (module docs), each with its variables in increasing order, in
    /// increasing order of their variables.
    pub(crate) fn extract_xors(&self) -> Vec<Xor> {
        let buckets = self.xor_clauses();
        let mut xors = Vec::new();
        let mut keyed: Vec<(u64, u32)> = Vec::new();
        let mut group: Vec<Signature> = Vec::new();
        for v in 0..buckets.keys() {
            let bucket = buckets.get(v);
            if bucket.len() < 2 {
                continue;
            }
            let first = xors.len();
            keyed.clear();
            keyed.extend(
                bucket
                    .iter()
                    .map(|&c| (var_set_key(self.clause_lits(c)), c)),
            );
            keyed.sort_unstable();
            for same_key in keyed.chunk_by(|x, y| x.0 == y.0) {
                if same_key.len() < clauses_of_an_xor(same_key[0].0) {
                    continue;
                }
                group.clear();
                group.extend(
                    same_key
                        .iter()
                        .filter_map(|&(_, c)| signature(self.clause_lits(c))),
                );
                group.sort_unstable();
                for same in group.chunk_by(|x, y| (x.0, x.1) == (y.0, y.1)) {
                    read_xors(same, &mut xors);
                }
            }
            // Keys are hashes: the bucket's XORs in the order of their
            // variables, as the rest of the round expects (stable: the
            // parity-1 XOR of a group stays first).
            xors[first..].sort_by_key(padded_vars);
        }
        xors
    }

    fn clause_lits(&self, offset: u32) -> &[Lit] {
        self.db.lits(ClauseRef::from_offset(offset))
    }

    /// The irredundant clauses of 2 to `MAX_XOR_LEN` literals, all open
    /// and active (arena offsets), bucketed by their smallest variable.
    fn xor_clauses(&self) -> FlatLists<u32> {
        let db = &self.db;
        let open = |l: &Lit| self.trail.value(*l) == OPEN && self.vars.is_active(l.var());
        let usable: Vec<(u32, u32)> = db
            .originals()
            .iter()
            .copied()
            .filter(|&c| !db.is_deleted(c) && (2..=MAX_XOR_LEN).contains(&db.len(c)))
            .filter(|&c| db.lits(c).iter().all(open))
            .map(|c| {
                let smallest = db.lits(c).iter().map(|l| l.var().index()).min();
                (smallest.unwrap_or(0) as u32, c.offset())
            })
            .collect();
        let mut buckets = FlatLists::counting(self.num_vars());
        for &(v, _) in &usable {
            buckets.count(v as usize);
        }
        buckets.placing();
        for &(v, c) in &usable {
            buckets.place(v as usize, c);
        }
        buckets
    }
}

/// A hash of a clause's length and set of variables, whatever the order
/// and signs of its literals: clauses over the same variables have the
/// same key. The length is kept whole in the top bits.
fn var_set_key(lits: &[Lit]) -> u64 {
    let sum = lits.iter().fold(0u64, |sum, l| {
        let v = u64::from(l.var().index() as u32) + 1;
        sum.wrapping_add(v.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29))
    });
    (lits.len() as u64) << 60 | sum >> 4
}

/// How many clauses an XOR over the clauses of `key` needs: 2^(len-1).
fn clauses_of_an_xor(key: u64) -> usize {
    1 << ((key >> 60) as usize - 1)
}

/// An XOR's variables as a signature holds them: the order XORs are read in.
fn padded_vars(xor: &Xor) -> [u32; MAX_XOR_LEN] {
    let mut vars = [u32::MAX; MAX_XOR_LEN];
    vars[..xor.vars.len()].copy_from_slice(&xor.vars);
    vars
}

/// A clause's signature; `None` if a variable occurs twice.
fn signature(lits: &[Lit]) -> Option<Signature> {
    let mut buffer = [Lit::from_code(0); MAX_XOR_LEN];
    let sorted = &mut buffer[..lits.len()];
    sorted.copy_from_slice(lits);
    sorted.sort_unstable_by_key(|l| l.var());
    let mut vars = [u32::MAX; MAX_XOR_LEN];
    let mut negative = 0;
    for (i, l) in sorted.iter().enumerate() {
        if i > 0 && sorted[i - 1].var() == l.var() {
            return None;
        }
        vars[i] = l.var().index() as u32;
        negative |= u32::from(l.is_negated()) << i;
    }
    Some((vars, sorted.len(), negative))
}

/// The XORs a group of clauses over the same variables states: parity 1
/// if it holds every clause with an even number of negative literals
/// (they forbid the even assignments), parity 0 if every odd one.
fn read_xors(group: &[Signature], xors: &mut Vec<Xor>) {
    let (vars, len, _) = group[0];
    if group.len() < 1 << (len - 1) {
        return;
    }
    let present = group.iter().fold(0u64, |set, s| set | 1 << s.2);
    for parity in [true, false] {
        let needed = masks_of_parity(len, !parity);
        if present & needed == needed {
            xors.push(Xor {
                vars: vars[..len].to_vec(),
                parity,
            });
        }
    }
}

/// The set of `len`-bit masks with an odd (`odd`) or even number of ones.
fn masks_of_parity(len: usize, odd: bool) -> u64 {
    (0..1u32 << len)
        .filter(|m| (m.count_ones() % 2 == 1) == odd)
        .fold(0, |set, m| set | 1 << m)
}

#[cfg(test)]
#[path = "extract_tests.rs"]
mod tests;
