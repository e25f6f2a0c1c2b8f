//! The canonical DIMACS writer: comments, header, one clause per line.

use std::io::{self, Write};

use satoku_formula::Cnf;

/// Bytes gathered before each `write_all`.
const CHUNK: usize = 1 << 16;

/// Writes `cnf` as canonical DIMACS: `p cnf <num_vars> <num_clauses>`, then
/// each clause on its own line, literals separated by one space, ending in `0`.
pub fn write_cnf<W: Write>(cnf: &Cnf, w: W) -> io::Result<()> {
    write_cnf_with_comments(cnf, std::iter::empty::<&str>(), w)
}

/// Like [`write_cnf`], preceded by one `c ` line per line of `comments`
/// (a comment holding newlines gives several lines).
pub fn write_cnf_with_comments<W, I>(cnf: &Cnf, comments: I, mut w: W) -> io::Result<()>
where
    W: Write,
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let mut out = Vec::with_capacity(CHUNK + 64);
    for comment in comments {
        for line in comment.as_ref().lines() {
            out.extend_from_slice(b"c ");
            out.extend_from_slice(line.trim_end().as_bytes());
            out.push(b'\n');
        }
    }
    let mut num = itoa::Buffer::new();
    out.extend_from_slice(b"p cnf ");
    out.extend_from_slice(num.format(cnf.num_vars()).as_bytes());
    out.push(b' ');
    out.extend_from_slice(num.format(cnf.num_clauses()).as_bytes());
    out.push(b'\n');
    for clause in cnf {
        for &lit in clause {
            out.extend_from_slice(num.format(lit.to_dimacs()).as_bytes());
            out.push(b' ');
            if out.len() >= CHUNK {
                w.write_all(&out)?;
                out.clear();
            }
        }
        out.extend_from_slice(b"0\n");
    }
    w.write_all(&out)?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_canonical_text() {
        let mut out = Vec::new();
        write_cnf(&Cnf::from_dimacs(&[&[1, -20], &[], &[3]]), &mut out).unwrap();
        assert_eq!(out, b"p cnf 20 3\n1 -20 0\n0\n3 0\n");
    }

    #[test]
    fn writes_comment_lines_first() {
        let mut out = Vec::new();
        let comments = ["made by a test", "two\nlines"];
        write_cnf_with_comments(&Cnf::from_dimacs(&[&[1]]), comments, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "c made by a test\nc two\nc lines\np cnf 1 1\n1 0\n"
        );
    }

    #[test]
    fn writes_large_numbers_and_long_formulas() {
        let big = i64::from(satoku_formula::Var::MAX_DIMACS);
        let clauses: Vec<Vec<i64>> = (0..10_000).map(|i| vec![-big, i + 1]).collect();
        let refs: Vec<&[i64]> = clauses.iter().map(|c| &c[..]).collect();
        let mut out = Vec::new();
        write_cnf(&Cnf::from_dimacs(&refs), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with(&format!("p cnf {big} 10000\n-{big} 1 0\n")));
        assert_eq!(text.lines().count(), 10_001);
    }
}
