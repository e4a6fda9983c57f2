//! What XBoard needs to know about our boards: rank numbering and the `setup` command
//! for variants it does not know.

use baton_engine::rules::legal_move_list;
use baton_engine::{MoveKind, Neutral, Position, Role, Variant};

use crate::xboard_names;

/// XBoard numbers the ranks of a 10-rank board 0-9; we (and UCI) number them 1-10.
pub fn zero_based_ranks(v: Variant) -> bool {
    v.geometry().height() == 10
}

/// Adds `delta` to every rank number (every run of digits) of a move text.
fn shift_ranks(text: &str, delta: i32) -> Option<String> {
    let mut out = String::with_capacity(text.len() + 2);
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| -> Option<()> {
        if !digits.is_empty() {
            let n: i32 = digits.parse().ok()?;
            let shifted = n + delta;
            if shifted < 0 {
                return None;
            }
            out.push_str(&shifted.to_string());
            digits.clear();
        }
        Some(())
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out)?;
            out.push(c);
        }
    }
    flush(&mut digits, &mut out)?;
    Some(out)
}

/// Our move text as XBoard writes it (`c9c10d,c10c10` -> `c8c9d,c9c9` on 10 ranks).
pub fn move_to_xboard(v: Variant, text: &str) -> String {
    if zero_based_ranks(v) {
        shift_ranks(text, -1).unwrap_or_else(|| text.to_string())
    } else {
        text.to_string()
    }
}

/// XBoard's move text in our numbering; `None` if it cannot be a move (a too-long
/// digit run).
pub fn move_from_xboard(v: Variant, text: &str) -> Option<String> {
    if zero_based_ranks(v) {
        shift_ranks(text, 1)
    } else {
        Some(text.to_string())
    }
}

/// Whether XBoard plays the variant itself (then no `setup` is sent).
pub fn known_to_xboard(v: Variant) -> bool {
    xboard_names::of(v).builtin
}

/// The variant XBoard names `name`: its XBoard-side name, or the docs/protocol.md name.
/// Whether XBoard's SAN is Baton's in this variant: where XBoard plays the rules
/// itself (chess, knightmate). In knightrelay XBoard, told only the pieces, writes a
/// relayed move as the piece's own (docs/san.md); the neutral and flip variants have
/// turns its SAN cannot write.
pub fn san_in_xboard(v: Variant) -> bool {
    known_to_xboard(v)
}

pub fn variant_from_xboard(name: &str) -> Option<Variant> {
    let lower = name.trim().to_ascii_lowercase();
    Variant::ALL
        .into_iter()
        .find(|v| xboard_names::of(*v).name == lower)
        .or_else(|| Variant::from_name(&lower))
}

/// XBoard's piece slots in its fixed order (the order of its default piece-to-char
/// table `PNBRQFEACWMOHIJGDVLSUK`); the last slot is the royal piece.
const SLOTS: usize = 22;

fn role_slot(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::Elephant => 6, // the alfil's slot: both leap two squares diagonally
        Role::Power => 9,
        Role::Commoner => 10,
        Role::Dabbaba => 16,
        Role::King => 21,
    }
}

/// Neutral pieces have no place in XBoard: they are shown as white pieces.
fn neutral_slot(n: Neutral) -> usize {
    match n {
        Neutral::Relay => 11,
        Neutral::Gate => 15,
        Neutral::Stone => 19,
    }
}

/// The piece-to-char table: our letter in each slot we use, `.` elsewhere; the white
/// half upper case, then the black half lower case.
pub fn piece_to_char(v: Variant) -> String {
    let mut white = ['.'; SLOTS];
    let mut black = ['.'; SLOTS];
    for &(letter, role) in v.piece_letters() {
        white[role_slot(role)] = letter.to_ascii_uppercase();
        black[role_slot(role)] = letter.to_ascii_lowercase();
    }
    if v.has_neutral_pieces() {
        for n in Neutral::ALL {
            white[neutral_slot(n)] = n.char();
        }
    }
    white.iter().chain(black.iter()).collect()
}

/// `setup (TABLE) WxH+0_fairy FEN` for a variant XBoard does not know.
pub fn setup_line(v: Variant) -> Option<String> {
    if known_to_xboard(v) {
        return None;
    }
    let g = v.geometry();
    Some(format!(
        "setup ({}) {}x{}+0_fairy {}",
        piece_to_char(v),
        g.width(),
        g.height(),
        v.start_fen()
    ))
}

/// The variant names of `feature variants`: the XBoard-side names.
pub fn variant_names() -> String {
    Variant::ALL
        .iter()
        .map(|v| xboard_names::of(*v).name)
        .collect::<Vec<_>>()
        .join(",")
}

/// XBoard's square name (`lift e2`, zero-based ranks on 10-rank boards) as a square of
/// `pos`'s board.
pub fn square_from_xboard(pos: &Position, text: &str) -> Option<baton_engine::Square> {
    let ours = move_from_xboard(pos.variant(), text)?;
    pos.tables().parse_square(&ours)
}

/// The answer to `lift SQUARE`: `highlight COLORFEN` marking where the piece on `from`
/// can go by the rules (the engine's legal moves; the first part of a two-part turn):
/// red a capture, magenta a promotion (XBoard then offers the pieces), yellow any other
/// move. XBoard treats unmarked squares as illegal even with legality testing off, so
/// a person can only drop the piece where Baton's rules allow.
pub fn highlight_line(pos: &Position, from: baton_engine::Square) -> String {
    let t = pos.tables();
    let (width, height) = (t.width, t.height);
    let mut marks = vec![None; width as usize * height as usize];
    let theirs = pos.color_bb(pos.side().other());
    let ours = pos.color_bb(pos.side());
    for m in legal_move_list(pos).iter().filter(|m| m.from == from) {
        let mark = if m.promotion.is_some() {
            'M'
        } else if m.kind == MoveKind::EnPassant || (theirs.has(m.to) && !ours.has(m.to)) {
            'R'
        } else {
            'Y'
        };
        let at = t.rank_of(m.to) as usize * width as usize + t.file_of(m.to) as usize;
        // A square reached both ways keeps the strongest mark (promotion, capture).
        let rank = |c: Option<char>| match c {
            Some('M') => 3,
            Some('R') => 2,
            Some(_) => 1,
            None => 0,
        };
        if rank(Some(mark)) > rank(marks[at]) {
            marks[at] = Some(mark);
        }
    }
    let mut rows = Vec::with_capacity(height as usize);
    for rank in (0..height as usize).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..width as usize {
            match marks[rank * width as usize + file] {
                Some(c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!("highlight {}", rows.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_rank_moves_translate_both_ways() {
        let v = Variant::FlipShatranj;
        assert_eq!(move_to_xboard(v, "c9c10d,c10c10"), "c8c9d,c9c9");
        assert_eq!(move_to_xboard(v, "a1a2,a2a2"), "a0a1,a1a1");
        assert_eq!(
            move_from_xboard(v, "a0a1,a1a1").as_deref(),
            Some("a1a2,a2a2")
        );
        assert_eq!(move_from_xboard(v, "j9j8").as_deref(), Some("j10j9"));
        for text in ["e2e4,e4e4", "j10j9,j9j9", "c9c10d,c10c10"] {
            let x = move_to_xboard(v, text);
            assert_eq!(move_from_xboard(v, &x).as_deref(), Some(text));
        }
        assert_eq!(move_from_xboard(v, "a99999999999999999999a1"), None);
    }

    #[test]
    fn other_boards_are_not_translated() {
        for v in [
            Variant::Chess,
            Variant::StonesRelays,
            Variant::FlipShatranj8,
        ] {
            assert_eq!(move_to_xboard(v, "a1h9,d5d6"), "a1h9,d5d6");
            assert_eq!(move_from_xboard(v, "a1h9").as_deref(), Some("a1h9"));
        }
    }

    #[test]
    fn setup_lines() {
        assert_eq!(setup_line(Variant::Chess), None);
        assert_eq!(setup_line(Variant::Knightmate), None);
        assert_eq!(
            setup_line(Variant::KnightRelay).as_deref(),
            Some(
                "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy \
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            )
        );
        let flip = setup_line(Variant::FlipShatranj).expect("unknown to xboard");
        assert!(flip.starts_with(
            "setup (PN....E..X......D....Kpn....e..x......d....k) 10x10+0_fairy dnexkkxend/"
        ));
        let stones = setup_line(Variant::StonesRelays).expect("unknown to xboard");
        assert!(
            stones.contains(" 8x9+0_fairy rnbqkbnr/pppppppp/8/1S6/"),
            "{stones}"
        );
        for v in Variant::ALL {
            assert_eq!(piece_to_char(v).len(), 2 * SLOTS);
        }
    }

    #[test]
    fn lift_highlights_the_legal_targets() {
        let pos = Position::startpos(Variant::KnightRelay);
        let b1 = square_from_xboard(&pos, "b1").expect("square");
        assert_eq!(highlight_line(&pos, b1), "highlight 8/8/8/8/8/Y1Y5/8/8");
        // Nothing to move: an empty highlight.
        let e4 = square_from_xboard(&pos, "e4").expect("square");
        assert_eq!(highlight_line(&pos, e4), "highlight 8/8/8/8/8/8/8/8");
        // A capture in red, a promotion in magenta.
        let pos = Position::from_fen(Variant::KnightRelay, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
            .expect("fen");
        let a7 = square_from_xboard(&pos, "a7").expect("square");
        assert_eq!(highlight_line(&pos, a7), "highlight MM6/8/8/8/8/8/8/8");
        // Ten ranks: XBoard's a1 is our a2.
        let pos = Position::startpos(Variant::FlipShatranj);
        let sq = square_from_xboard(&pos, "a1").expect("square");
        assert_eq!(pos.tables().square_name(sq), "a2");
    }

    #[test]
    fn feature_variants() {
        assert_eq!(
            variant_names(),
            "normal,knightmate,knightrelay,combiningknightmare,stonesrelays,\
             stonesrelays-tunnel,flipten,flipeight"
        );
    }
}
