//! `satoku gen`: write a generated formula whose `c` lines say how to
//! regenerate it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use satoku_dimacs::write_cnf_with_comments;
use satoku_formula::Cnf;
use satoku_gen::Size;

use crate::exit::BadInput;
use crate::output::write_file;

// Generate a formula: random k-SAT, pigeonhole, n-queens or graph colouring.
//
// Sizes are checked before anything is generated: a formula whose clauses
// would take more than 2 GiB of DIMACS text (`--clauses 1000000000000`,
// `queens -n 5000`), or that has more than 2^31 - 1 variables, is refused
// with exit 2. Each family is generated in time linear in its output.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub family: Family,
    /// Seed of the random families (ksat, color, tseitin).
    #[arg(long, global = true, default_value_t = 1)]
    pub seed: u64,
    /// Output file (`-` for stdout; `.gz`/`.xz` compress).
    #[arg(short, long, global = true, default_value = "-")]
    pub output: PathBuf,
}

// The formula families.
#[derive(Subcommand, Debug)]
pub enum Family {
    /// Uniform random k-SAT.
    Ksat {
        /// Number of variables.
        #[arg(long)]
        vars: usize,
        /// Number of clauses.
        #[arg(long)]
        clauses: usize,
        /// Literals per clause (distinct variables).
        #[arg(short, long, default_value_t = 3)]
        k: usize,
    },
    /// Pigeonhole PHP(holes+1, holes): always unsatisfiable.
    Php {
        /// Number of holes.
        #[arg(long)]
        holes: usize,
    },
    /// n non-attacking queens (unsatisfiable for n = 2, 3).
    Queens {
        /// Board size.
        #[arg(short, long)]
        n: usize,
    },
    /// Colouring of a seeded random graph.
    Color {
        /// Number of vertices.
        #[arg(long)]
        vertices: usize,
        /// Number of edges (capped at all possible edges).
        #[arg(long)]
        edges: usize,
        /// Number of colours.
        #[arg(long)]
        colors: usize,
    },
    /// Tseitin parity constraints on a random cubic graph (Urquhart's
    /// formulas): unsatisfiable unless --sat, hard for resolution.
    Tseitin {
        /// Number of vertices (at least 4, rounded up to an even number);
        /// one variable per edge, 1.5 per vertex.
        #[arg(long)]
        vertices: usize,
        /// Charges of a hidden assignment: satisfiable.
        #[arg(long)]
        sat: bool,
    },
}

/// Formulas whose clauses would take more DIMACS text than this (2 GiB)
/// are refused.
pub const MAX_DIMACS_BYTES: u64 = 1 << 31;

/// Refuses a formula of `size` that a literal cannot number or whose text
/// would exceed [`MAX_DIMACS_BYTES`].
fn check_size(size: Size) -> anyhow::Result<()> {
    if size.num_vars() > satoku_formula::Var::MAX_DIMACS as u64 {
        return Err(BadInput(format!(
            "{} variables: too many for a DIMACS formula (at most {})",
            size.num_vars(),
            satoku_formula::Var::MAX_DIMACS
        ))
        .into());
    }
    if size.dimacs_bytes() > MAX_DIMACS_BYTES {
        return Err(BadInput(format!(
            "the formula would have {} clauses and {} literals, up to {} bytes of DIMACS: \
             over the {MAX_DIMACS_BYTES}-byte (2 GiB) limit of `satoku gen`; choose smaller sizes",
            size.num_clauses(),
            size.num_lits(),
            size.dimacs_bytes()
        ))
        .into());
    }
    Ok(())
}

/// The formula of `family`, the arguments that regenerate it, and what it is;
/// refused before anything is built when its size is out of bounds.
fn build(family: Family, seed: u64) -> anyhow::Result<(Cnf, String, String)> {
    Ok(match family {
        Family::Ksat { vars, clauses, k } => {
            if k == 0 || k > vars {
                return Err(BadInput(format!("-k {k} must be between 1 and --vars {vars}")).into());
            }
            check_size(satoku_gen::ksat_size(vars, clauses, k))?;
            (
                satoku_gen::random_ksat(vars, clauses, k, seed),
                format!("ksat --vars {vars} --clauses {clauses} -k {k} --seed {seed}"),
                format!("uniform random {k}-SAT, {vars} variables, {clauses} clauses"),
            )
        }
        Family::Php { holes } => {
            check_size(satoku_gen::pigeonhole_size(holes))?;
            (
                satoku_gen::pigeonhole(holes),
                format!("php --holes {holes}"),
                format!("pigeonhole PHP({}, {holes}): unsatisfiable", holes + 1),
            )
        }
        Family::Queens { n } => {
            check_size(satoku_gen::queens_size(n))?;
            (
                satoku_gen::queens(n),
                format!("queens -n {n}"),
                format!("{n} non-attacking queens on a {n}x{n} board"),
            )
        }
        Family::Color {
            vertices,
            edges,
            colors,
        } => {
            check_size(satoku_gen::coloring_size(vertices, edges, colors))?;
            (
                satoku_gen::coloring(vertices, edges, colors, seed),
                format!(
                    "color --vertices {vertices} --edges {edges} --colors {colors} --seed {seed}"
                ),
                color_description(vertices, edges, colors),
            )
        }
        Family::Tseitin { vertices, sat } => {
            check_size(satoku_gen::tseitin_size(vertices))?;
            let flag = if sat { " --sat" } else { "" };
            let answer = if sat { "satisfiable" } else { "unsatisfiable" };
            let cnf = satoku_gen::tseitin(vertices, !sat, seed);
            let made = cnf.num_vars() * 2 / 3;
            (
                cnf,
                format!("tseitin --vertices {vertices}{flag} --seed {seed}"),
                format!("Tseitin formula of a random cubic graph, {made} vertices: {answer}"),
            )
        }
    })
}

/// What `gen color` made: the edges the graph has, which are fewer than
/// `--edges` asked for when that is more than all the pairs of vertices.
fn color_description(vertices: usize, edges: usize, colors: usize) -> String {
    let made = satoku_gen::graph_edges(vertices, edges);
    let capped = match made < edges {
        true => format!(" (all there are; --edges {edges} asked for more)"),
        false => String::new(),
    };
    format!("{colors}-colouring of a random graph, {vertices} vertices, {made} edges{capped}")
}

/// Runs `satoku gen`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::output::check_outputs(&[], &[&args.output])?;
    let (cnf, command, what) = build(args.family, args.seed)?;
    let comments = [
        what,
        format!(
            "generated by satoku {} (satoku-gen); regenerate with:",
            env!("CARGO_PKG_VERSION")
        ),
        format!("satoku gen {command}"),
    ];
    write_file(&args.output, |w| {
        write_cnf_with_comments(&cnf, &comments, w)
    })?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(family: Family) -> String {
        let err = build(family, 1).unwrap_err();
        assert!(err.is::<BadInput>(), "{err:#}");
        err.to_string()
    }

    #[test]
    fn absurd_sizes_are_refused_before_generating() {
        let message = refused(Family::Ksat {
            vars: 100,
            clauses: 1_000_000_000_000,
            k: 3,
        });
        assert!(message.contains("2 GiB"), "{message}");
        assert!(refused(Family::Queens { n: 5000 }).contains("2 GiB"));
        assert!(refused(Family::Php { holes: 3000 }).contains("2 GiB"));
        assert!(refused(Family::Queens { n: 1 << 20 }).contains("too many"));
        assert!(refused(Family::Color {
            vertices: 1 << 40,
            edges: 0,
            colors: 1,
        })
        .contains("too many"));
        assert!(refused(Family::Ksat {
            vars: 3,
            clauses: 1,
            k: 4,
        })
        .contains("-k 4"));
        let tseitin = |vertices| Family::Tseitin {
            vertices,
            sat: false,
        };
        assert!(refused(tseitin(1 << 40)).contains("too many"));
        assert!(refused(tseitin(1 << 30)).contains("2 GiB"));
    }

    #[test]
    fn sizes_within_the_limit_are_generated() {
        let (cnf, command, _) = build(
            Family::Ksat {
                vars: 50,
                clauses: 20,
                k: 49,
            },
            7,
        )
        .unwrap();
        assert_eq!((cnf.num_clauses(), cnf.num_lits()), (20, 20 * 49));
        assert_eq!(command, "ksat --vars 50 --clauses 20 -k 49 --seed 7");
        let (cnf, _, _) = build(Family::Queens { n: 8 }, 1).unwrap();
        assert_eq!(cnf.num_vars(), 64);
        let tseitin = Family::Tseitin {
            vertices: 7,
            sat: true,
        };
        let (cnf, command, what) = build(tseitin, 3).unwrap();
        assert_eq!((cnf.num_vars(), cnf.num_clauses()), (12, 32));
        assert_eq!(command, "tseitin --vertices 7 --sat --seed 3");
        assert!(what.contains("8 vertices: satisfiable"), "{what}");
    }

    #[test]
    fn the_colouring_comment_counts_the_edges_made() {
        let color = |edges| Family::Color {
            vertices: 5,
            edges,
            colors: 3,
        };
        // 5 at-least-one clauses, 5 * 3 at-most-one, 3 per edge.
        let (cnf, command, what) = build(color(100), 1).unwrap();
        assert_eq!(cnf.num_clauses(), 5 + 15 + 3 * 10);
        assert_eq!(
            what,
            "3-colouring of a random graph, 5 vertices, 10 edges \
             (all there are; --edges 100 asked for more)"
        );
        assert!(command.contains("--edges 100"), "{command}");
        let (cnf, _, what) = build(color(7), 1).unwrap();
        assert_eq!(cnf.num_clauses(), 5 + 15 + 3 * 7);
        assert_eq!(what, "3-colouring of a random graph, 5 vertices, 7 edges");
    }
}
