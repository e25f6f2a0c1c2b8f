//! A solver's answer, in the words and exit codes of the SAT competition.

use std::fmt;

/// A solver's answer: satisfiable, unsatisfiable, or no answer.
///
/// Displays as the word of the competition's `s` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A model exists (`s SATISFIABLE`, exit code 10).
    Sat,
    /// No model exists (`s UNSATISFIABLE`, exit code 20).
    Unsat,
    /// No answer: a limit was reached or the solver gave up (`s UNKNOWN`, exit code 0).
    Unknown,
}

impl Status {
    /// The word after `s ` on a competition status line.
    pub fn word(self) -> &'static str {
        match self {
            Status::Sat => "SATISFIABLE",
            Status::Unsat => "UNSATISFIABLE",
            Status::Unknown => "UNKNOWN",
        }
    }

    /// The competition's exit code: 10, 20, or 0.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Sat => 10,
            Status::Unsat => 20,
            Status::Unknown => 0,
        }
    }

    /// The status of an `s` line's word; `INDETERMINATE` is read as unknown.
    pub fn from_word(word: &str) -> Option<Status> {
        match word {
            "SATISFIABLE" => Some(Status::Sat),
            "UNSATISFIABLE" => Some(Status::Unsat),
            "UNKNOWN" | "INDETERMINATE" => Some(Status::Unknown),
            _ => None,
        }
    }

    /// The status of MiniSat's result file's first line: `SAT`, `UNSAT`, `INDET`.
    pub fn from_minisat_word(word: &str) -> Option<Status> {
        match word {
            "SAT" => Some(Status::Sat),
            "UNSAT" => Some(Status::Unsat),
            "INDET" => Some(Status::Unknown),
            _ => None,
        }
    }

    /// The short name used by benchmark expectation files (`expected.tsv`)
    /// and tables: `SAT`, `UNSAT` or `UNKNOWN`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Sat => "SAT",
            Status::Unsat => "UNSAT",
            Status::Unknown => "UNKNOWN",
        }
    }

    /// The status of a name written by [`Status::name`]; case matters.
    pub fn from_name(name: &str) -> Option<Status> {
        match name {
            "SAT" => Some(Status::Sat),
            "UNSAT" => Some(Status::Unsat),
            "UNKNOWN" => Some(Status::Unknown),
            _ => None,
        }
    }

    /// The status a solver's exit code stands for under the competition's
    /// rules (the inverse of [`Status::exit_code`]); `None` for any other
    /// code, e.g. a crash's.
    pub fn from_exit_code(code: i32) -> Option<Status> {
        match code {
            10 => Some(Status::Sat),
            20 => Some(Status::Unsat),
            0 => Some(Status::Unknown),
            _ => None,
        }
    }

    /// The status code of the course-design `.res` file: `1`, `0`, `-1`.
    pub fn res_code(self) -> &'static str {
        match self {
            Status::Sat => "1",
            Status::Unsat => "0",
            Status::Unknown => "-1",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_codes_round_trip() {
        for status in [Status::Sat, Status::Unsat, Status::Unknown] {
            assert_eq!(Status::from_word(status.word()), Some(status));
            assert_eq!(status.to_string(), status.word());
        }
        assert_eq!(
            [Status::Sat, Status::Unsat, Status::Unknown].map(Status::exit_code),
            [10, 20, 0]
        );
        assert_eq!(Status::from_word("INDETERMINATE"), Some(Status::Unknown));
        assert_eq!(Status::from_word("SAT"), None);
        assert_eq!(Status::from_minisat_word("UNSAT"), Some(Status::Unsat));
        assert_eq!(Status::from_minisat_word("UNSATISFIABLE"), None);
        assert_eq!(Status::Unknown.res_code(), "-1");
    }

    #[test]
    fn names_and_exit_codes_read_back() {
        let all = [Status::Sat, Status::Unsat, Status::Unknown];
        assert_eq!(all.map(Status::name), ["SAT", "UNSAT", "UNKNOWN"]);
        for status in all {
            assert_eq!(Status::from_name(status.name()), Some(status));
            assert_eq!(
                Status::from_exit_code(i32::from(status.exit_code())),
                Some(status)
            );
        }
        assert_eq!(Status::from_name("sat"), None);
        assert_eq!(Status::from_name("SATISFIABLE"), None);
        assert_eq!(Status::from_exit_code(1), None);
        assert_eq!(Status::from_exit_code(-1), None);
    }
}
