//! Parsers of numeric flags shared by several commands: `--jobs` (threads
//! or solver processes at once) and the counts that start at 1
//! (`--index`, `--count`). A value out of range is a usage error (exit 2),
//! never silently replaced by 1.

/// Jobs allowed per available processor: more only wait for a core.
pub const JOBS_PER_CPU: usize = 4;

/// The most `--jobs` this machine takes: [`JOBS_PER_CPU`] per processor.
pub fn max_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()) * JOBS_PER_CPU
}

/// `--jobs N`: 1 to [`max_jobs`].
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    let max = max_jobs();
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{text}` is not a number of jobs between 1 and {max} \
             ({JOBS_PER_CPU} per available processor)"
        )),
    }
}

/// A count or a 1-based position: 1 to `usize::MAX`; a whole number past
/// that is told as too large, not as no number.
pub fn parse_positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => {
            Err(format!("`{text}` is too large: at most {}", usize::MAX))
        }
        _ => Err(format!("`{text}` is not a whole number of 1 or more")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_between_one_and_the_cap() {
        assert_eq!(parse_jobs("1"), Ok(1));
        assert_eq!(parse_jobs(&max_jobs().to_string()), Ok(max_jobs()));
        for bad in ["0", "-1", "x", "", &(max_jobs() + 1).to_string()] {
            assert!(parse_jobs(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn positions_and_counts_start_at_one() {
        assert_eq!(parse_positive("3"), Ok(3));
        assert!(parse_positive("0").is_err());
        assert!(parse_positive("-2").is_err());
        let huge = "18446744073709551616000";
        let err = parse_positive(huge).unwrap_err();
        assert_eq!(
            err,
            format!("`{huge}` is too large: at most {}", usize::MAX)
        );
    }
}
