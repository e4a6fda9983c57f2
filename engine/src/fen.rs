//! Reading and writing FEN as docs/protocol.md defines it, for every variant.

use crate::bitboard::Bitboard;
use crate::piece::{Color, Neutral, Role};
use crate::position::{
    castle_side, Position, BLACK_KINGSIDE, BLACK_QUEENSIDE, CASTLING_KING_FILE, WHITE_KINGSIDE,
    WHITE_QUEENSIDE,
};
use crate::variant::Variant;

pub use crate::fen_error::FenError;

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// The variants whose FEN carries a 7th field.
fn has_extra_field(variant: Variant) -> bool {
    variant.has_extra_fen_field()
}

fn is_stones(variant: Variant) -> bool {
    variant.has_neutral_pieces()
}

impl Position {
    /// The variant's start position.
    pub fn startpos(variant: Variant) -> Position {
        Position::from_fen(variant, variant.start_fen()).expect("start FEN is valid")
    }

    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return err("empty FEN");
        }
        let max_fields = if has_extra_field(variant) { 7 } else { 6 };
        if fields.len() > max_fields {
            return err(format!(
                "{} fields, a {variant} FEN has at most {max_fields}",
                fields.len()
            ));
        }
        let mut pos = Position::empty(variant);
        parse_board(&mut pos, fields[0])?;

        pos.side = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => return err(format!("side to move '{other}' is neither 'w' nor 'b'")),
        };
        pos.castling = parse_castling(&pos, fields.get(2).copied().unwrap_or("-"))?;
        pos.ep = parse_ep(&pos, fields.get(3).copied().unwrap_or("-"))?;
        pos.halfmove = parse_number(fields.get(4).copied().unwrap_or("0"), "halfmove clock")?;
        pos.fullmove =
            parse_number(fields.get(5).copied().unwrap_or("1"), "fullmove number")?.max(1);
        parse_extra(&mut pos, fields.get(6).copied().unwrap_or("-"))?;
        validate(&pos)?;
        pos.refresh_hash();
        Ok(pos)
    }

    pub fn fen(&self) -> String {
        let t = self.tables;
        let v = self.variant;
        let mut out = String::new();
        for rank in (0..t.height).rev() {
            let mut empty = 0;
            for file in 0..t.width {
                let sq = t.square(file, rank);
                let white = self.role_at(Color::White, sq);
                let black = self.role_at(Color::Black, sq);
                let text = match (white, black, self.neutral_at(sq)) {
                    (Some(w), Some(b), _) => format!(
                        "({}{})",
                        v.role_letter(w),
                        v.role_letter(b).to_ascii_lowercase()
                    ),
                    (Some(w), None, _) => v.role_letter(w).to_string(),
                    (None, Some(b), _) => v.role_letter(b).to_ascii_lowercase().to_string(),
                    (None, None, Some(n)) => n.char().to_string(),
                    (None, None, None) => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                if self.capture_state().has(sq) {
                    out.push('+');
                }
                out += &text;
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        if self.castling == 0 {
            out.push('-');
        }
        for (bit, c) in [
            (WHITE_KINGSIDE, 'K'),
            (WHITE_QUEENSIDE, 'Q'),
            (BLACK_KINGSIDE, 'k'),
            (BLACK_QUEENSIDE, 'q'),
        ] {
            if self.castling & bit != 0 {
                out.push(c);
            }
        }
        out.push(' ');
        if self.ep.is_empty() {
            out.push('-');
        }
        for sq in self.ep {
            out += &t.square_name(sq);
        }
        out += &format!(" {} {}", self.halfmove, self.fullmove);
        if has_extra_field(v) {
            out.push(' ');
            match (self.frozen, self.ko) {
                (Some(sq), _) => out += &t.square_name(sq),
                (None, Some((a, b))) => out += &(t.square_name(a) + &t.square_name(b)),
                (None, None) => out.push('-'),
            }
        }
        out
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let t = pos.tables;
    let v = pos.variant;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != t.height as usize {
        return err(format!(
            "{} ranks in the board field, a {v} board has {}",
            ranks.len(),
            t.height
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = t.height - 1 - i as u8;
        let rank_name = rank + 1;
        let chars: Vec<char> = text.chars().collect();
        let mut file: u32 = 0;
        let mut k = 0;
        let mut capture_state = false;
        let mut place = |file: &mut u32, what: &dyn Fn(&mut Position, crate::geometry::Square)| {
            if *file >= t.width as u32 {
                return err(format!(
                    "rank {rank_name} has more than {} squares",
                    t.width
                ));
            }
            let sq = t.square(*file as u8, rank);
            what(pos, sq);
            *file += 1;
            Ok(())
        };
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                if c == '0' {
                    return err(format!(
                        "empty-square count on rank {rank_name} starts with '0'"
                    ));
                }
                let mut n = c.to_digit(10).unwrap_or(0);
                if k + 1 < chars.len() && chars[k + 1].is_ascii_digit() {
                    n = n * 10 + chars[k + 1].to_digit(10).unwrap_or(0);
                    k += 1;
                }
                if n == 0 || capture_state {
                    return err(format!("bad empty-square count on rank {rank_name}"));
                }
                file += n;
                if file > t.width as u32 {
                    return err(format!(
                        "rank {rank_name} has more than {} squares",
                        t.width
                    ));
                }
            } else if c == '+' {
                if !v.facts().piece_states || capture_state {
                    return err(format!("unexpected '+' on rank {rank_name}"));
                }
                capture_state = true;
            } else if c == '(' {
                if !v.facts().shared_pieces || k + 3 >= chars.len() || chars[k + 3] != ')' {
                    return err(format!("bad Knightmare on rank {rank_name}"));
                }
                let (w, b) = (chars[k + 1], chars[k + 2]);
                let regular = |c: char| {
                    v.role_from_letter(c).filter(|r| {
                        matches!(r, Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
                    })
                };
                let (Some(wr), Some(br)) = (regular(w), regular(b)) else {
                    return err(format!("bad Knightmare '({w}{b})' on rank {rank_name}"));
                };
                if !w.is_ascii_uppercase() || !b.is_ascii_lowercase() {
                    return err(format!(
                        "Knightmare '({w}{b})' must name white (upper case) then black"
                    ));
                }
                place(&mut file, &|p, sq| {
                    p.put(Color::White, wr, sq);
                    p.put(Color::Black, br, sq);
                })?;
                k += 3;
            } else if let Some(n) = Neutral::ALL
                .into_iter()
                .find(|n| n.char() == c && is_stones(v))
            {
                if capture_state {
                    return err(format!("'+' before a neutral piece on rank {rank_name}"));
                }
                if n == Neutral::Gate && !v.facts().tunnel {
                    return err("gates belong to stonesrelays-tunnel only");
                }
                place(&mut file, &|p, sq| p.put_neutral(n, sq))?;
            } else if let Some(role) = v.role_from_letter(c) {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if capture_state && role == Role::Power {
                    return err(format!(
                        "'+' before a power on rank {rank_name}: it has no state"
                    ));
                }
                let cs = capture_state;
                place(&mut file, &|p, sq| {
                    p.put(color, role, sq);
                    if cs {
                        p.set_capture_state(sq, true);
                    }
                })?;
                capture_state = false;
            } else {
                return err(format!("unknown piece letter '{c}' for {v}"));
            }
            k += 1;
        }
        if capture_state {
            return err(format!("'+' with no piece after it on rank {rank_name}"));
        }
        if file != t.width as u32 {
            return err(format!(
                "rank {rank_name} has {file} squares, a {v} board is {} wide",
                t.width
            ));
        }
    }
    Ok(())
}

fn parse_castling(pos: &Position, text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    let mut seen = String::new();
    for c in text.chars() {
        if seen.contains(c) {
            return err(format!("castling field '{text}' repeats '{c}'"));
        }
        seen.push(c);
        let (color, kingside) = match c {
            'K' => (Color::White, true),
            'Q' => (Color::White, false),
            'k' => (Color::Black, true),
            'q' => (Color::Black, false),
            _ => return err(format!("castling field '{text}' has '{c}'")),
        };
        let side = castle_side(color, kingside);
        // A right whose king or rook is not at home is meaningless: drop it.
        rights |= castling_that_holds(pos, side.right);
    }
    Ok(rights)
}

/// The castling rights of `rights` that can hold in `pos`: the variant castles, and
/// the right's king and rook stand at home (a rook alone on its square, not in a
/// Knightmare). The one statement of it, for the FEN reader and `data`'s decoder.
pub(crate) fn castling_that_holds(pos: &Position, rights: u8) -> u8 {
    if !pos.variant.has_castling() {
        return 0;
    }
    let t = pos.tables;
    let mut holds = 0;
    for color in Color::BOTH {
        let rank = t.back_rank(color);
        for side in crate::position::castle_sides(color) {
            if rights & side.right == 0 {
                continue;
            }
            let king_home =
                pos.role_at(color, t.square(CASTLING_KING_FILE, rank)) == Some(Role::King);
            let rook_sq = t.square(side.rook_file, rank);
            let rook_home = pos.role_at(color, rook_sq) == Some(Role::Rook)
                && pos.role_at(color.other(), rook_sq).is_none();
            if king_home && rook_home {
                holds |= side.right;
            }
        }
    }
    holds
}

/// The en-passant field. A variant without en passant ignores it (knightrelay, whose
/// field docs/protocol.md fixes as `-`, and the flip variants): another program's FEN after a
/// double step still reads. Elsewhere the variant's rules check the squares
/// (`Rules::check_en_passant`).
fn parse_ep(pos: &Position, text: &str) -> Result<Bitboard, FenError> {
    let mut ep = Bitboard::EMPTY;
    if text == "-" {
        return Ok(ep);
    }
    let t = pos.tables;
    let bytes = text.as_bytes();
    let mut k = 0;
    while k < bytes.len() {
        let mut end = k + 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        let Some(sq) = text.get(k..end).and_then(|s| t.parse_square(s)) else {
            return err(format!(
                "en-passant field '{text}' is not a list of squares"
            ));
        };
        if ep.has(sq) {
            return err(format!("en-passant field '{text}' repeats a square"));
        }
        ep.set(sq);
        k = end;
    }
    if !pos.variant.has_en_passant() {
        return Ok(Bitboard::EMPTY);
    }
    crate::rules::check_en_passant(pos, ep)?;
    Ok(ep)
}

/// The largest clock or move number a FEN may give: far beyond any game, and far enough
/// below `u32::MAX` that counting on from it never wraps.
pub(crate) const MOST_MOVES: u32 = 1_000_000;

/// A clock or move number: digits only (no sign), at most `MOST_MOVES`.
fn parse_number(text: &str, what: &str) -> Result<u32, FenError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return err(format!("{what} '{text}' is not a number"));
    }
    match text.parse::<u32>() {
        Ok(n) if n <= MOST_MOVES => Ok(n),
        _ => err(format!("{what} '{text}' is beyond {MOST_MOVES}")),
    }
}

/// The 7th field, read by the variant's rules (`Rules::parse_extra_field`).
fn parse_extra(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    crate::rules::parse_extra_field(pos, text)
}

pub(crate) fn validate(pos: &Position) -> Result<(), FenError> {
    let v = pos.variant;
    let royal_name = if v.royal_is_knight() {
        "royal knight"
    } else {
        "king"
    };
    for color in Color::BOTH {
        let name = color.name();
        let n = pos.royals(color).count();
        if n == 0 {
            return err(format!("{name} has no {royal_name}"));
        }
        if n > v.royal_count() {
            return err(format!("{name} has {n} {royal_name}s"));
        }
        let back = pos.tables.ranks[0] | pos.tables.promotion_rank(Color::White);
        if (pos.pieces(color, Role::Pawn) & back).any() {
            return err(format!("{name} has a pawn on its first or last rank"));
        }
    }
    crate::rules::validate(pos)?;
    if v.has_check() && crate::rules::in_check(pos, pos.side.other()) {
        return err("the side not to move is in check");
    }
    Ok(())
}
