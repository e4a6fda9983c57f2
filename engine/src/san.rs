//! Standard algebraic notation (SAN) for every variant: the one formatter and the one
//! reader that game records (PGN, the board's move list) use. `docs/san.md` describes
//! the notation with examples.
//!
//! A SAN text is read as a *pattern*: what it says about a move (the piece, perhaps its
//! file or rank, capture or fusion, the square it goes to, a promotion, the second part
//! of a two-part turn). A text names the one legal move its pattern fits, and the
//! formatter writes the shortest pattern, in the PGN standard's order (nothing, the
//! file, the rank, both), that fits only the move it writes. So every move's SAN reads
//! back to that move, by construction, and the same rule that disambiguates chess's
//! knights disambiguates a knightrelay pawn's relayed leap or a stonesrelays pawn
//! arriving through a relay.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::notation::{parse_move, MoveError};
use crate::piece::Role;
use crate::position::Position;
use crate::rules;
use crate::variant::Variant;

/// What the second part of a turn is, per variant.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SecondPart {
    /// One-part turns.
    Absent,
    /// stonesrelays: an optional neutral move, written `/Xd5d6` (letter, from, to).
    Neutral,
    /// The flip variants: the flipped piece, written `/Nc3` (letter, square).
    Flip,
}

fn second_part(v: Variant) -> SecondPart {
    match v {
        Variant::Chess | Variant::Knightmate | Variant::KnightRelay => SecondPart::Absent,
        Variant::CombiningKnightmare => SecondPart::Absent,
        Variant::StonesRelays | Variant::StonesRelaysTunnel => SecondPart::Neutral,
        Variant::FlipShatranj | Variant::FlipShatranj8 => SecondPart::Flip,
    }
}

/// How a move meets its target square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    /// Onto an empty square (or a stonesrelays null move).
    Quiet,
    /// Takes something (`x`), en passant included.
    Capture,
    /// combiningknightmare: fuses with the enemy piece of this letter (`~N`; a text
    /// may leave the letter out, `~c2`, since the square says which piece it is).
    Fusion(Option<char>),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Castle {
    Short,
    Long,
}

/// What a SAN text says about a move. `None` fields say nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Pattern {
    castle: Option<Castle>,
    /// The mover's letters: "" a pawn, "N", a Knightmare "QN".
    mover: String,
    file: Option<u8>,
    rank: Option<u8>,
    /// `None` when the text shows neither `x` nor `~`.
    mark: Option<Mark>,
    to: Option<Square>,
    promotion: Option<Role>,
    /// The second part's squares: stonesrelays (from, to), a flip (sq, sq).
    extra: Option<(Square, Square)>,
    /// The letter the second part names, if the text gives one.
    extra_letter: Option<char>,
    /// Written with a hyphen between the from square and the target (a pawn's quiet
    /// move that needs its square named: `d3-c5`, not `dc5`, which reads as a capture).
    hyphen: bool,
}

/// The order the seed page of combiningknightmare writes a Knightmare's letters in.
const KNIGHTMARE_ORDER: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

fn rank_order(role: Role) -> usize {
    KNIGHTMARE_ORDER
        .iter()
        .position(|r| *r == role)
        .unwrap_or(KNIGHTMARE_ORDER.len())
}

/// The letters naming the piece a move moves: none for a pawn, two for a Knightmare.
fn mover(pos: &Position, m: Move) -> String {
    let v = pos.variant;
    if pos.shared().has(m.from) {
        let mut roles: Vec<Role> = crate::piece::Color::BOTH
            .iter()
            .filter_map(|&c| pos.role_at(c, m.from))
            .collect();
        roles.sort_by_key(|&r| rank_order(r));
        return roles.into_iter().map(|r| v.role_letter(r)).collect();
    }
    match pos.role_at(pos.side, m.from) {
        Some(Role::Pawn) | None => String::new(),
        Some(role) => v.role_letter(role).to_string(),
    }
}

fn mark(pos: &Position, m: Move) -> Mark {
    if rules::is_capture(pos, m) {
        Mark::Capture
    } else if let Some(role) = pos.role_at(pos.side.other(), m.to) {
        Mark::Fusion(Some(pos.variant.role_letter(role)))
    } else {
        Mark::Quiet
    }
}

fn castle_side(pos: &Position, m: Move) -> Castle {
    let t = pos.tables;
    if t.file_of(m.to) > t.file_of(m.from) {
        Castle::Short
    } else {
        Castle::Long
    }
}

/// The letter of the second part's piece: the neutral piece moved, or the piece
/// flipped (as it stands after the turn's move, promoted or not).
fn extra_letter(pos: &Position, m: Move) -> Option<char> {
    let (a, _) = m.extra?;
    match second_part(pos.variant) {
        SecondPart::Absent => None,
        SecondPart::Neutral => pos.neutral_at(a).map(|n| n.char()),
        SecondPart::Flip => {
            let role = if a == m.to {
                m.promotion.or_else(|| pos.role_at(pos.side, m.from))
            } else {
                pos.role_at(pos.side, a)
            };
            role.map(|r| pos.variant.role_letter(r))
        }
    }
}

/// Whether a pattern fits a legal move. `strict`: a text without `x` or `~` means a
/// move onto an empty square; the tolerant reading (tried only when the strict one
/// fits nothing) lets a missing `x` or a fusion written as a capture pass.
fn fits(pos: &Position, p: &Pattern, m: Move, strict: bool) -> bool {
    if p.extra != m.extra {
        return false;
    }
    if p.extra_letter.is_some() && p.extra_letter != extra_letter(pos, m) {
        return false;
    }
    if let Some(side) = p.castle {
        return m.kind == MoveKind::Castle && castle_side(pos, m) == side;
    }
    // The tolerant reading takes a royal piece's move to the square castling lands it
    // on as that castling: XBoard writes knightmate's castling so (`Kg1`), and others
    // chess's, where no other move fits.
    if (m.kind == MoveKind::Castle && strict) || Some(m.to) != p.to || p.promotion != m.promotion {
        return false;
    }
    let t = pos.tables;
    if p.file.is_some_and(|f| f != t.file_of(m.from))
        || p.rank.is_some_and(|r| r != t.rank_of(m.from))
    {
        return false;
    }
    if mover(pos, m) != p.mover {
        return false;
    }
    let actual = mark(pos, m);
    match (p.mark, strict) {
        (None, true) => actual == Mark::Quiet,
        (None, false) => true,
        (Some(said), true) => said == actual,
        (Some(Mark::Capture), false) => actual != Mark::Quiet,
        (Some(Mark::Fusion(None)), _) => matches!(actual, Mark::Fusion(_)),
        (Some(said), false) => said == actual,
    }
}

/// The pattern the formatter writes for a move, disambiguated among `legal`.
fn pattern_of(pos: &Position, m: Move, legal: &[Move]) -> Pattern {
    let extra_letter = extra_letter(pos, m);
    if m.kind == MoveKind::Castle {
        return Pattern {
            castle: Some(castle_side(pos, m)),
            extra: m.extra,
            extra_letter,
            ..Pattern::default()
        };
    }
    let t = pos.tables;
    let mover = mover(pos, m);
    let mark = mark(pos, m);
    let base = Pattern {
        castle: None,
        // A pawn that takes is named by its file, as in the PGN standard.
        file: (mover.is_empty() && mark != Mark::Quiet).then(|| t.file_of(m.from)),
        mover,
        rank: None,
        mark: (mark != Mark::Quiet).then_some(mark),
        to: Some(m.to),
        promotion: m.promotion,
        extra: m.extra,
        extra_letter,
        hyphen: false,
    };
    // Only moves to the same square with the same second part can share a text.
    let rivals: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|o| o.to == m.to && o.extra == m.extra)
        .collect();
    let unique = |p: &Pattern| rivals.iter().filter(|&&o| fits(pos, p, o, true)).count() == 1;
    if unique(&base) {
        return base;
    }
    let (file, rank) = (Some(t.file_of(m.from)), Some(t.rank_of(m.from)));
    let mut tries = Vec::new();
    // A pawn's quiet move (never ambiguous in chess: a relayed leap in knightrelay, a
    // path through relays in stonesrelays) names its whole square.
    let pawn_quiet = base.mover.is_empty() && base.mark.is_none();
    if base.file.is_none() && !pawn_quiet {
        tries.push((file, None));
        tries.push((None, rank));
    }
    for (f, r) in tries {
        let p = Pattern {
            file: f,
            rank: r,
            ..base.clone()
        };
        if unique(&p) {
            return p;
        }
    }
    Pattern {
        file,
        rank,
        hyphen: pawn_quiet,
        ..base
    }
}

fn role_text(v: Variant, role: Role) -> char {
    v.role_letter(role)
}

fn write(pos: &Position, p: &Pattern) -> String {
    let t = pos.tables;
    let v = pos.variant;
    let mut s = String::new();
    match p.castle {
        Some(Castle::Short) => s.push_str("O-O"),
        Some(Castle::Long) => s.push_str("O-O-O"),
        None => {
            s.push_str(&p.mover);
            if let Some(f) = p.file {
                s.push((b'a' + f) as char);
            }
            if let Some(r) = p.rank {
                s += &(r + 1).to_string();
            }
            match p.mark {
                Some(Mark::Capture) => s.push('x'),
                Some(Mark::Fusion(letter)) => {
                    s.push('~');
                    s.extend(letter);
                }
                Some(Mark::Quiet) | None => {
                    if p.hyphen {
                        s.push('-');
                    }
                }
            }
            if let Some(to) = p.to {
                s += &t.square_name(to);
            }
            if let Some(role) = p.promotion {
                s.push('=');
                s.push(role_text(v, role));
            }
        }
    }
    if let Some((a, b)) = p.extra {
        s.push('/');
        if let Some(letter) = p.extra_letter {
            s.push(letter);
        }
        s += &t.square_name(a);
        if second_part(v) == SecondPart::Neutral {
            s += &t.square_name(b);
        }
    }
    s
}

/// The move's SAN, with `+` for check and `#` for mate where the variant has check.
/// `m` must be legal in `pos`.
pub fn format_san(pos: &Position, m: Move) -> String {
    format_san_among(pos, m, &rules::legal_move_list(pos))
}

/// `format_san` with `pos`'s legal moves given, for a caller that writes many of
/// them: a stonesrelays position has hundreds of turns, and generating them again
/// for each one's SAN made writing them all cost hundreds of generations.
pub fn format_san_among(pos: &Position, m: Move, legal: &[Move]) -> String {
    let mut s = write(pos, &pattern_of(pos, m, legal));
    if pos.variant.has_check() {
        let child = pos.play(m);
        if rules::in_check(&child, child.side) {
            let mut scratch = rules::move_list(child.variant);
            s.push(if rules::count_moves(&child, &mut scratch) == 0 {
                '#'
            } else {
                '+'
            });
        }
    }
    s
}

/// Reads `[letter]square[square]`: a second part.
fn read_squares(pos: &Position, s: &str) -> Option<(Option<char>, Vec<Square>)> {
    let mut rest = s;
    let mut letter = None;
    if let Some(c) = rest.chars().next().filter(char::is_ascii_uppercase) {
        letter = Some(c);
        rest = &rest[1..];
    }
    let mut squares = Vec::new();
    while !rest.is_empty() {
        let digits = rest.bytes().skip(1).take_while(u8::is_ascii_digit).count();
        squares.push(pos.tables.parse_square(rest.get(..1 + digits)?)?);
        rest = &rest[1 + digits..];
    }
    Some((letter, squares))
}

/// Strips what a PGN reader ignores at a move's end: check and mate marks, `!`/`?`
/// annotations, `e.p.`.
fn strip_suffixes(s: &str) -> &str {
    let mut s = s.trim();
    loop {
        let before = s;
        s = s.trim_end_matches(['+', '#', '!', '?']).trim_end();
        if let Some(x) = s.strip_suffix("e.p.") {
            s = x.trim_end();
        }
        if s == before {
            return s;
        }
    }
}

/// The pattern a text states, or None when it is not shaped like SAN at all.
fn read_pattern(pos: &Position, text: &str) -> Option<Pattern> {
    let v = pos.variant;
    let t = pos.tables;
    if !text.is_ascii() {
        return None;
    }
    let text = strip_suffixes(text);
    let (first, second) = match text.split_once('/') {
        Some((a, b)) => (strip_suffixes(a), Some(strip_suffixes(b))),
        None => (text, None),
    };
    let mut p = Pattern::default();
    if let Some(second) = second {
        let (letter, squares) = read_squares(pos, second)?;
        p.extra_letter = letter;
        p.extra = match (second_part(v), squares.as_slice()) {
            (SecondPart::Neutral, [a, b]) => Some((*a, *b)),
            (SecondPart::Flip, [a]) | (SecondPart::Flip, [a, _]) => Some((*a, *a)),
            _ => return None,
        };
    }
    p.castle = match first {
        "O-O" | "0-0" | "o-o" => Some(Castle::Short),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(Castle::Long),
        _ => None,
    };
    if p.castle.is_some() {
        return Some(p);
    }
    // The mover: leading capitals ("" or "P" a pawn, two for a Knightmare).
    let capitals = first.bytes().take_while(u8::is_ascii_uppercase).count();
    let (letters, mut rest) = first.split_at(capitals);
    let mut roles = Vec::new();
    for c in letters.chars() {
        roles.push(v.role_from_letter(c)?);
    }
    match roles.as_slice() {
        [] | [Role::Pawn] => {}
        [_] => p.mover = letters.to_string(),
        [a, b] => {
            let (a, b) = if rank_order(*a) <= rank_order(*b) {
                (*a, *b)
            } else {
                (*b, *a)
            };
            p.mover = [v.role_letter(a), v.role_letter(b)].iter().collect();
        }
        _ => return None,
    }
    // The promotion at the end: `=Q`, `Q`, `=q`, or `q` after the rank's digits.
    let b = rest.as_bytes();
    let n = b.len();
    if n >= 2
        && (b[n - 1].is_ascii_uppercase() || b[n - 2] == b'=' || b[n - 2].is_ascii_digit())
        && b[n - 1].is_ascii_alphabetic()
    {
        p.promotion = Some(v.role_from_letter(b[n - 1] as char)?);
        rest = rest[..n - 1].strip_suffix('=').unwrap_or(&rest[..n - 1]);
    }
    // The target square: a file letter and the rank's digits at the end.
    let digits = rest.bytes().rev().take_while(u8::is_ascii_digit).count();
    let at = rest.len().checked_sub(digits + 1)?;
    p.to = Some(t.parse_square(&rest[at..])?);
    rest = &rest[..at];
    // What joins the mover to its target: `x`/`:` a capture, `~L` a fusion, `-`.
    if let Some(r) = rest.strip_suffix(['x', ':']) {
        p.mark = Some(Mark::Capture);
        rest = r;
    } else if let Some(r) = rest.strip_suffix('-') {
        rest = r;
    } else if let Some(r) = rest.strip_suffix('~') {
        p.mark = Some(Mark::Fusion(None));
        rest = r;
    } else if rest.len() >= 2 && rest.as_bytes()[rest.len() - 2] == b'~' {
        let letter = rest.chars().last()?;
        v.role_from_letter(letter)?;
        p.mark = Some(Mark::Fusion(Some(letter.to_ascii_uppercase())));
        rest = &rest[..rest.len() - 2];
    }
    // The disambiguation: a file, a rank, or both.
    if let Some(c) = rest.chars().next().filter(char::is_ascii_lowercase) {
        let f = c as u8 - b'a';
        if f >= t.width {
            return None;
        }
        p.file = Some(f);
        rest = &rest[1..];
    }
    if !rest.is_empty() {
        let r: u8 = rest.parse().ok()?;
        if r == 0 || r > t.height {
            return None;
        }
        p.rank = Some(r - 1);
    }
    Some(p)
}

/// Reads a move in SAN (tolerantly, as PGN readers do: check marks and annotations
/// may be missing or present, `0-0` for `O-O`, `e8Q` for `e8=Q`, a missing `x`) or in
/// Baton's coordinate notation (`notation::parse_move`). A text that fits more than
/// one legal move is refused, never guessed.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    match san_candidates(pos, text)?.as_slice() {
        [m] => Ok(*m),
        _ => Err(MoveError::Ambiguous(text.trim().to_string())),
    }
}

/// Every legal move a text fits, read as `parse_san` reads it: one for a text that
/// names a move, several for one that `parse_san` refuses as ambiguous. Other
/// programs write such texts (cutechess-cli's knightrelay `b3`, a push or a relayed
/// leap alike); a PGN reader may look further into the game to choose
/// (`pgn::PgnGame::replay`).
pub fn san_candidates(pos: &Position, text: &str) -> Result<Vec<Move>, MoveError> {
    let text = text.trim();
    let coordinates = match parse_move(pos, text) {
        Ok(m) => return Ok(vec![m]),
        Err(e) => e,
    };
    let Some(pattern) = read_pattern(pos, text) else {
        return Err(coordinates);
    };
    let legal = rules::legal_move_list(pos);
    for strict in [true, false] {
        let fitting: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| fits(pos, &pattern, m, strict))
            .collect();
        if !fitting.is_empty() {
            return Ok(fitting);
        }
    }
    Err(MoveError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(v: Variant, fen: &str) -> Position {
        Position::from_fen(v, fen).expect("a test FEN")
    }

    #[test]
    fn chess_basics() {
        let p = pos(Variant::Chess, Variant::Chess.start_fen());
        let m = parse_san(&p, "Nf3").expect("Nf3");
        assert_eq!(format_san(&p, m), "Nf3");
        assert_eq!(parse_san(&p, "g1f3"), Ok(m));
        assert_eq!(parse_san(&p, "Ng1-f3"), Ok(m));
        assert_eq!(parse_san(&p, "Nf3!?"), Ok(m));
        assert!(matches!(parse_san(&p, "Nf4"), Err(MoveError::Illegal(_))));
        assert!(matches!(
            parse_san(&p, "hello"),
            Err(MoveError::Unparsable(_))
        ));
    }

    #[test]
    fn castling_written_as_the_royal_piece_move_reads_as_castling() {
        // XBoard 4.9 sends knightmate's O-O as `Kg1` (its royal piece is a knight).
        let p = pos(
            Variant::Knightmate,
            "r1bqk2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        );
        let m = parse_san(&p, "Kg1").expect("Kg1");
        assert_eq!(m.kind, MoveKind::Castle);
        assert_eq!(format_san(&p, m), "O-O");
        assert_eq!(parse_san(&p, "Kc1"), parse_san(&p, "O-O-O"));
        // A royal knight's own leap to that square stays the leap.
        let p = pos(Variant::Knightmate, "4k3/8/8/8/8/5K2/8/R6R w - - 0 1");
        let leap = parse_san(&p, "Kg1").expect("Kg1");
        assert_ne!(leap.kind, MoveKind::Castle);
    }
}
