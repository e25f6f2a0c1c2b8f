//! An external solver's command line: a template split at whitespace (no
//! shell) in which `{}` stands for the instance and `{out}` for a result
//! file the solver writes (MiniSat: `minisat -verb=0 {} {out}`).

use std::path::Path;
use std::process::Command;

use crate::BenchError;

/// A solver command template such as `minisat -verb=0 {} {out}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverCmd {
    words: Vec<String>,
}

impl SolverCmd {
    /// Splits `template` at whitespace; it must name the input as `{}`.
    pub fn parse(template: &str) -> Result<SolverCmd, BenchError> {
        let words: Vec<String> = template.split_whitespace().map(String::from).collect();
        if !words.iter().any(|w| w.contains("{}")) {
            return Err(BenchError::BadSolverCommand(template.to_owned()));
        }
        Ok(SolverCmd { words })
    }

    /// The program as written in the template.
    pub fn program(&self) -> &str {
        &self.words[0]
    }

    /// The program's file name, a default label for its results.
    pub fn program_name(&self) -> String {
        Path::new(self.program()).file_name().map_or_else(
            || self.program().to_owned(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Whether the template names a result file (`{out}`).
    pub fn wants_result_file(&self) -> bool {
        self.words.iter().any(|w| w.contains("{out}"))
    }

    /// The command with `{}` replaced by `input` and `{out}` by `out`.
    pub fn command(&self, input: &Path, out: &Path) -> Command {
        let fill = |w: &String| {
            w.replace("{out}", &out.to_string_lossy())
                .replace("{}", &input.to_string_lossy())
        };
        let mut command = Command::new(fill(&self.words[0]));
        command.args(self.words[1..].iter().map(fill));
        command
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates() {
        assert!(matches!(
            SolverCmd::parse("minisat"),
            Err(BenchError::BadSolverCommand(t)) if t == "minisat"
        ));
        assert!(SolverCmd::parse("  ").is_err());
        let cmd = SolverCmd::parse("/usr/bin/minisat -verb=0 {} {out}").unwrap();
        assert_eq!(cmd.program_name(), "minisat");
        assert!(cmd.wants_result_file());
        let c = cmd.command(Path::new("/t/in.cnf"), Path::new("/t/r.txt"));
        let args: Vec<_> = c.get_args().map(|a| a.to_str().unwrap()).collect();
        assert_eq!(args, ["-verb=0", "/t/in.cnf", "/t/r.txt"]);
        assert!(!SolverCmd::parse("cadical {}").unwrap().wants_result_file());
    }
}
