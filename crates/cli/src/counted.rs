//! Counts in words: "1 puzzle", "2 puzzles".

/// `n` and `noun`, plural (`noun` + "s") unless `n` is 1.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u32, "puzzle"), "1 puzzle");
        assert_eq!(counted(0u32, "puzzle"), "0 puzzles");
        assert_eq!(counted(2u64, "RAT check"), "2 RAT checks");
    }
}
