//! Unit tests of the puzzle reader: each accepted layout, each error.

use super::*;

const P: &str = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

#[test]
fn reads_one_line_puzzles_with_every_blank_and_extra_columns() {
    let dots = P.replace('0', ".");
    let text = format!(
        "puzzle,solution\r\n{P},x\r\n{dots} a description\n# c\n\n{}\n",
        P.replace('0', "*")
    );
    let puzzles = parse_puzzles(&text).unwrap();
    assert_eq!(puzzles.len(), 3);
    assert!(puzzles.iter().all(|p| p.grid == puzzles[0].grid));
    assert_eq!(puzzles[0].alphabet, Alphabet::OneBased { blank: b'0' });
    assert_eq!(puzzles[1].alphabet, Alphabet::OneBased { blank: b'.' });
    assert_eq!(
        puzzles.iter().map(|p| p.line).collect::<Vec<_>>(),
        [2, 3, 6]
    );
    assert_eq!(puzzles[0].grid.get(0, 2), 3);
}

#[test]
fn skips_a_byte_order_mark_and_reads_quoted_csv_fields() {
    let text = format!("\u{feff}\"quizzes\",\"solutions\"\r\n\"{P}\",\"x\"\r\n");
    let puzzles = parse_puzzles(&text).unwrap();
    assert_eq!(puzzles.len(), 1);
    assert_eq!((puzzles[0].line, puzzles[0].grid.get(0, 2)), (2, 3));
    let grid = "\u{feff}..3.\n3...\n...4\n.2..\n";
    assert_eq!(parse_grid(grid).unwrap().get(0, 2), 3);
    // A lone quote is a symbol like any other, and an error.
    assert!(parse_puzzles("\"\n").is_err());
}

#[test]
fn reads_pretty_and_numeric_block_grids() {
    let pretty = "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n------+-------+------\n\
                  . 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n------+-------+------\n\
                  . . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .\n";
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let a = parse_grid(pretty).unwrap();
    assert_eq!(a, parse_grid(line).unwrap());
    let numbers = "{{1,0,0,0},\n{0,0,3,0},\n{0,4,0,0},\n{0,0,0,2}}\n";
    let p = &parse_puzzles(numbers).unwrap()[0];
    assert_eq!(p.alphabet, Alphabet::Numbers);
    assert_eq!(
        (p.grid.box_size(), p.grid.get(1, 2), p.grid.get(3, 3)),
        (2, 3, 2)
    );
}

#[test]
fn sixteen_by_sixteen_alphabets() {
    let one_based = "G".to_string() + &".".repeat(255);
    let p = &parse_puzzles(&one_based).unwrap()[0];
    assert_eq!(p.grid.get(0, 0), 16);
    let zero_based = "0F".to_string() + &".".repeat(254);
    let p = &parse_puzzles(&zero_based).unwrap()[0];
    assert_eq!((p.grid.get(0, 0), p.grid.get(0, 1)), (1, 16));
    // With a G, `0` can only be a blank.
    let both = "0G".to_string() + &".".repeat(254);
    let p = &parse_puzzles(&both).unwrap()[0];
    assert_eq!((p.grid.get(0, 0), p.grid.get(0, 1)), (0, 16));
}

/// The 16x16 sample of `cnf/sudoku/puzzles.txt` (`1-9A-G`, `.` blank).
const SIXTEEN: &str = "1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C8C7E.69..F.....D...D..........2...A.G8C....7E.1426.G4....57F.A...B..........8...F.....B..3A.42E1A.4C.5...E6.7.3........3D.C5.7B2....9..1GB.63.4.C...2.........6.....8FD.3....9.E";

/// `SIXTEEN` with its Gs replaced by another digit and the rows that held
/// them blanked, so that no G is left: a 1-9A-F puzzle.
fn sixteen_without_g() -> String {
    SIXTEEN
        .as_bytes()
        .chunks(16)
        .map(|row| match row.contains(&b'G') {
            true => ".".repeat(16),
            false => String::from_utf8(row.to_vec()).unwrap(),
        })
        .collect()
}

#[test]
fn a_sixteen_by_sixteen_puzzle_with_zero_blanks_and_no_g_reads_as_one_based() {
    let dots = sixteen_without_g();
    let zeros = dots.replace('.', "0");
    let with_dots = &parse_puzzles(&dots).unwrap()[0];
    let with_zeros = &parse_puzzles(&zeros).unwrap()[0];
    assert_eq!(with_zeros.grid, with_dots.grid);
    assert!(with_zeros.grid.is_legal());
    assert_eq!(with_zeros.alphabet, Alphabet::OneBased { blank: b'0' });
    // Asked for, the hexadecimal reading is taken (and is illegal here).
    let hex = &parse_puzzles_with(&zeros, SixteenAlphabet::Hex).unwrap()[0];
    assert_eq!(hex.alphabet, Alphabet::ZeroBased { blank: b'.' });
    assert!(!hex.grid.is_legal());
}

#[test]
fn a_hexadecimal_puzzle_keeps_its_reading() {
    // 1-9A-G written one lower: hexadecimal 0-F with `.` blanks.
    let one_based = &parse_puzzles(SIXTEEN).unwrap()[0];
    let hex_text = Alphabet::ZeroBased { blank: b'.' }.write_line(&one_based.grid);
    assert!(hex_text.contains('0') && !hex_text.contains('G'));
    let hex = &parse_puzzles(&hex_text).unwrap()[0];
    assert_eq!(hex.grid, one_based.grid);
    assert_eq!(hex.alphabet, Alphabet::ZeroBased { blank: b'.' });
    let forced = &parse_puzzles_with(SIXTEEN, SixteenAlphabet::OneBased).unwrap()[0];
    assert_eq!(forced.grid, one_based.grid);
}

#[test]
fn a_reader_fed_line_by_line_gives_what_the_whole_text_gives() {
    let text = format!(
        "\u{feff}puzzle\n{P}\n1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 4\n{SIXTEEN}\n"
    );
    let whole = parse_puzzles(&text).unwrap();
    let mut reader = PuzzleReader::new(SixteenAlphabet::Auto);
    let mut fed = Vec::new();
    for line in text.split_inclusive('\n') {
        fed.extend(reader.push_line(line).unwrap());
    }
    reader.finish().unwrap();
    assert_eq!(fed, whole);
    assert_eq!(whole.iter().map(|p| p.line).collect::<Vec<_>>(), [2, 3, 8]);
    let mut unfinished = PuzzleReader::new(SixteenAlphabet::Auto);
    unfinished.push_line("1 2 3 4").unwrap();
    assert!(matches!(unfinished.finish(), Err(Error::Incomplete { .. })));
}

#[test]
fn errors_name_the_line_and_the_cell() {
    let bad = format!("{P}\n{}x{}\n", &P[..10], &P[11..]);
    assert_eq!(
        parse_puzzles(&bad),
        Err(Error::Symbol {
            line: 2,
            row: 2,
            col: 2,
            symbol: "x".into(),
            side: 9
        })
    );
    assert!(matches!(
        parse_puzzles("12345\n"),
        Err(Error::Length { line: 1, cells: 5 })
    ));
    assert!(matches!(
        parse_puzzles("1 2 3 4\n1 2 3\n"),
        Err(Error::RowWidth {
            line: 2,
            row: 2,
            cells: 3,
            expected: 4
        })
    ));
    assert!(matches!(
        parse_puzzles("1 2 3 4\n1 2 3 4\n"),
        Err(Error::Incomplete {
            line: 1,
            rows: 2,
            expected: 4
        })
    ));
    assert!(matches!(
        parse_puzzles("1 2 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 9\n"),
        Err(Error::Symbol {
            line: 4,
            row: 4,
            col: 4,
            ..
        })
    ));
}

#[test]
fn random_text_never_panics() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let alphabet = b"sv cSATUN-0123456789\n.#,|{}xG";
    for len in 0..400 {
        let text: Vec<u8> = (0..len)
            .map(|_| {
                if rng.gen_bool(0.9) {
                    alphabet[rng.gen_range(0..alphabet.len())]
                } else {
                    rng.gen()
                }
            })
            .collect();
        let _ = parse_puzzles(&String::from_utf8_lossy(&text));
    }
    for len in [16, 81, 256, 625] {
        for _ in 0..50 {
            let line: String = (0..len)
                .map(|_| char::from(rng.gen_range(32u8..127)))
                .collect();
            let _ = parse_puzzles(&line);
        }
    }
}

#[test]
fn a_control_character_is_escaped_in_the_message() {
    for (symbol, shown) in [
        ('\0', "'\\0'"),
        ('\u{7}', "'\\u{7}'"),
        ('\u{1b}', "'\\u{1b}'"),
    ] {
        let bad = format!("{}{symbol}", &P[..80]);
        let message = parse_puzzles(&bad).unwrap_err().to_string();
        assert_eq!(
            message,
            format!("line 1: cell r9c9: {shown} is not a digit or a blank of a 9x9 grid")
        );
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }
}

#[test]
fn a_cell_is_a_character_not_a_byte() {
    let line = format!("{}é", &P[..80]);
    assert_eq!(
        parse_puzzles(&line),
        Err(Error::Symbol {
            line: 1,
            row: 9,
            col: 9,
            symbol: "é".into(),
            side: 9
        })
    );
    assert_eq!(
        parse_puzzles("12é45\n"),
        Err(Error::Length { line: 1, cells: 5 })
    );
    let grid = "12é456789\n".repeat(9);
    assert_eq!(
        parse_puzzles(&grid).unwrap_err().to_string(),
        "line 1: cell r1c3: 'é' is not a digit or a blank of a 9x9 grid"
    );
    assert_eq!(
        parse_puzzles("1 2 3 4\n1 2 é 4 5\n"),
        Err(Error::RowWidth {
            line: 2,
            row: 2,
            cells: 5,
            expected: 4
        })
    );
}
