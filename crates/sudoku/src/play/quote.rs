//! A word of the player's input as messages quote it.

/// `word` in single quotes, control and other unprintable characters
/// escaped (`'\u{7}'`, `'\u{1b}[31m'`), so a message never sends the
/// terminal a raw control character or escape sequence.
pub fn quoted(word: &str) -> String {
    let mut out = String::from("'");
    for c in word.chars() {
        match c {
            '"' | '\'' => out.push(c),
            c => out.extend(c.escape_debug()),
        }
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(quoted("bogus"), "'bogus'");
        assert_eq!(quoted("\u{7}"), "'\\u{7}'");
        assert_eq!(quoted("bo\u{1b}[31mgus"), "'bo\\u{1b}[31mgus'");
        assert_eq!(quoted("\0"), "'\\0'");
        assert_eq!(quoted("é"), "'é'");
        assert_eq!(quoted("it's"), "'it's'");
    }
}
