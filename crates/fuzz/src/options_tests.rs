//! Unit tests of `options.rs`.

use super::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn display_parses_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..200 {
        let o = Options::random(&mut rng);
        assert_eq!(Options::parse(&o.to_string()), Ok(o));
    }
    assert_eq!(Options::parse(""), Ok(Options::default()));
    assert!(Options::parse("algorithm=magic").is_err());
    assert!(Options::parse("speed=3").is_err());
}

#[test]
fn simpler_moves_towards_the_default_and_fewer_root_techniques() {
    let off = "vivify=0 probe=0 subst=0 congru=0 gauss=0 subsume=0 elim=0 etrial=0";
    let bare = Options::parse(off).unwrap();
    assert!(bare.simpler().is_empty());
    let techniques = |o: &Options| {
        [
            o.vivify,
            o.probe,
            o.substitute,
            o.congruence,
            o.gauss,
            o.subsume,
            o.eliminate,
            o.elim_trial,
        ]
        .iter()
        .filter(|&&on| on)
        .count()
    };
    let all_on =
        Options::parse("vivify=1 probe=1 subst=1 congru=1 gauss=1 subsume=1 elim=1 etrial=1")
            .unwrap();
    let moves = all_on.simpler();
    assert_eq!(moves.len(), 8, "one root technique off each");
    assert!(moves.iter().all(|m| techniques(m) == 7));
    let o = Options::parse(&format!("algorithm=dpll heuristic=first pure=0 {off}")).unwrap();
    let moves = o.simpler();
    assert_eq!(moves.len(), 3);
    assert!(moves.iter().all(|m| *m != o));
}
