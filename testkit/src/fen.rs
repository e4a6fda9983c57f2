//! FEN text helpers: a board from pieces on squares, and the mirror image of a
//! position (colors swapped, ranks reversed) for tests run for both colors.

use baton_engine::Variant;

/// The FEN board field of `variant`'s board with `piece` on each named square
/// (pieces as FEN writes them: `K`, `n`, `+N`, `(Nb)` ...).
pub fn board_fen(variant: Variant, pieces: &[(&str, &str)]) -> String {
    let t = variant.geometry().tables();
    let mut grid = vec![vec![String::new(); t.width as usize]; t.height as usize];
    for &(square, piece) in pieces {
        let s = t
            .parse_square(square)
            .unwrap_or_else(|| panic!("no square {square}"));
        grid[t.rank_of(s) as usize][t.file_of(s) as usize] = piece.to_string();
    }
    let ranks: Vec<String> = grid
        .iter()
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in rank {
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text += &empty.to_string();
                    empty = 0;
                }
                text += cell;
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    ranks.join("/")
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// One rank of a FEN board with the colors swapped. A two-color piece `(Xy)` (white
/// component first) becomes `(Yx)`.
fn swap_rank(rank: &str) -> String {
    let c: Vec<char> = rank.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        if c[i] == '(' && i + 3 < c.len() {
            out.push('(');
            out.push(c[i + 2].to_ascii_uppercase());
            out.push(c[i + 1].to_ascii_lowercase());
            out.push(')');
            i += 4;
            continue;
        }
        out.push(swap_case(c[i]));
        i += 1;
    }
    out
}

/// The same position seen from the other side, on a board of `height` ranks: ranks
/// reversed, colors swapped, the other side to move, castling rights swapped, and
/// every square named in the later fields (en passant, a frozen square) mirrored.
pub fn mirror_fen(fen: &str, height: u32) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = f[0].split('/').rev().map(swap_rank).collect();
    let mut out = vec![board.join("/")];
    out.push(if f.get(1) == Some(&"b") { "w" } else { "b" }.to_string());
    if let Some(&rights) = f.get(2) {
        if rights != "-" && rights.chars().all(|c| "KQkq".contains(c)) {
            let swapped: String = rights.chars().map(swap_case).collect();
            out.push("KQkq".chars().filter(|c| swapped.contains(*c)).collect());
        } else {
            out.push(rights.to_string());
        }
    }
    out.extend(f.iter().skip(3).map(|x| mirror_text(x, height)));
    out.join(" ")
}

/// A move text (or a square) mirrored on a board of `height` ranks: rank r of every
/// square becomes rank `height + 1 - r`; the rest is kept.
pub fn mirror_text(text: &str, height: u32) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let digits: String = b[i + 1..j].iter().collect();
            let rank: u32 = digits.parse().expect("a rank");
            out.push(c);
            out += &(height + 1 - rank).to_string();
            i = j;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}
