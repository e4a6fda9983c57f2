//! Perft cases kept as EPD text (tests' data files): one position a line, the FEN, then
//! `;D1 <count>`, `;D2 <count>` ..., and an optional `;name <what it tests>`; lines
//! starting with `#` are comments.

/// One position with its perft counts from depth 1.
pub struct PerftCase {
    pub fen: String,
    pub counts: Vec<u64>,
    pub name: String,
}

/// The cases of an EPD text; panics on a malformed line.
pub fn perft_cases(text: &str) -> Vec<PerftCase> {
    let lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    lines
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().expect("a FEN").trim().to_string();
            let mut counts = Vec::new();
            let mut name = String::new();
            for field in fields {
                match field.trim().split_once(' ') {
                    Some(("name", n)) => name = n.to_string(),
                    Some((depth, n)) => {
                        assert_eq!(depth, format!("D{}", counts.len() + 1), "{line}");
                        counts.push(n.parse::<u64>().expect("a count"));
                    }
                    None => panic!("bad field {field:?} in {line}"),
                }
            }
            PerftCase { fen, counts, name }
        })
        .collect()
}

/// The value of the EPD operation `op` in `line` (`FEN ; ce 12; acd 10; c0 "..."`).
pub fn operation<'a>(line: &'a str, op: &str) -> Option<&'a str> {
    line.split(';')
        .skip(1)
        .map(str::trim)
        .find_map(|o| o.strip_prefix(op)?.strip_prefix(' '))
}
