//! Stones & Relays, and its tunnel version (docs/rules.md, "stonesrelays and
//! stonesrelays-tunnel").
//!
//! A turn is a piece move (possibly a null move through relays) and optionally one
//! neutral move, sent as one `Move` whose `extra` holds the neutral move. Check is
//! judged after the whole turn.
//!
//! - `field`: what blocks, legs and reach through relays and the tunnel.
//! - `pawns`: pawn paths among relays and gates.
//! - `attack`: whether a side attacks a square (the field's reach and pawn paths).
//! - `neutral`: the squares neutral pieces can step to.
//! - `turns`: the legal turn generator.
//! - `route`: the way a piece went, for showing a move.

mod attack;
mod field;
mod neutral;
mod pawns;
mod route;
mod turns;

use crate::bitboard::Bitboard;
use crate::fen_error::FenError;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Neutral, Role};
use crate::position::{castle_side, Position};
use crate::rules::orthodox::After;

pub use neutral::{NeutralMoves, MAX_NEUTRALS};
pub use route::route;
pub use turns::{Forms, Pieces};

/// Every legal turn of the side to move.
pub fn generate(pos: &Position, list: &mut impl crate::moves::Sink) {
    turns::generate(pos, list);
}

/// The legal turns of the chosen piece moves in the chosen forms (the search's
/// stages and quiescence: see `Forms`).
pub fn generate_some(pos: &Position, forms: Forms, pieces: Pieces, list: &mut MoveList) {
    turns::generate_some(pos, forms, pieces, list);
}

/// The neutral moves that, made alone now, would check the enemy king (candidates:
/// the turn's piece move may spoil or make a check). The search tries the turns that
/// end with them where it tries few second-stage turns.
pub fn neutral_checks(pos: &Position) -> NeutralMoves {
    turns::neutral_checks(pos)
}

/// The neutral moves, legal now, that end on one of `squares`.
pub fn neutral_moves_to(pos: &Position, squares: Bitboard) -> NeutralMoves {
    neutral::moves_to(pos, squares)
}

/// The legal turns that end with one of the neutral moves `only`.
pub fn generate_with_neutral(pos: &Position, only: &NeutralMoves, list: &mut MoveList) {
    turns::generate_with_neutral(pos, only, list);
}

/// The number of legal turns, counted without a move list (however many there are).
pub fn count(pos: &Position) -> usize {
    let mut n = crate::moves::Count(0);
    turns::generate(pos, &mut n);
    n.0
}

/// Whether `color`'s king is attacked, through relays and the tunnel.
pub fn in_check(pos: &Position, color: Color) -> bool {
    match pos.royals(color).single() {
        Some(king) => field::Field::of(pos).attacked(king, &field::Army::of(pos, color.other())),
        None => false,
    }
}

/// Whether the legal turn `m` checks the enemy king (`Rules::gives_check`), told
/// without playing it: the mover's pieces after the piece move, through the field
/// after the whole turn (its neutral move may open or bend a line).
pub fn gives_check(pos: &Position, m: Move) -> bool {
    let t = pos.tables;
    let us = pos.side;
    let Some(king) = pos.royals(us.other()).single() else {
        return false;
    };
    let role = pos.role_at(us, m.from).unwrap_or(Role::Pawn);
    let after = match m.kind {
        // Written king-takes-rook: `to` is the rook's square.
        MoveKind::Castle => {
            let rank = t.back_rank(us);
            let side = castle_side(us, t.file_of(m.to) > t.file_of(m.from));
            let (king_to, rook_to) = (t.square(side.king_to, rank), t.square(side.rook_to, rank));
            After::castle(pos, m.from, king_to, m.to, rook_to)
        }
        MoveKind::EnPassant => {
            After::step(pos, m.from, m.to, role, turns::passed_pawn(pos, us, m.to))
        }
        _ => After::step(pos, m.from, m.to, m.promotion.unwrap_or(role), None),
    };
    let mut f = field::Field::of(pos);
    f.occ = after.occ;
    if let Some((a, b)) = m.extra {
        if let Some(kind) = pos.neutral_at(a) {
            f = f.after_neutral(kind, a, b);
        }
    }
    f.attacked(king, &field::Army::after(pos, &after))
}

/// Where pieces reach through relays and the tunnel: the attacks the evaluation
/// counts (orthodox attacks know nothing of stones and relays).
#[derive(Clone, Copy)]
pub struct Reach(field::Field);

impl Reach {
    pub fn of(pos: &Position) -> Reach {
        Reach(field::Field::of(pos))
    }

    /// The squares the `color` `role` on `sq` could capture on if an enemy piece stood
    /// there: empty squares and the first blocker of each path, through relays (the
    /// relays passed included) and the tunnel.
    pub fn attacks(&self, color: Color, role: Role, sq: Square) -> Bitboard {
        let t = self.0.t;
        let mut f = self.0;
        f.occ.clear(sq);
        match role {
            Role::Pawn => {
                let start = pawns::start_rank(&f, color).has(sq);
                pawns::reach(&f, color, sq, start).diagonal
            }
            Role::Knight => f.leaper_reach(sq, &t.knight),
            Role::Bishop => f.slider_reach(sq, &crate::geometry::DIAGONAL),
            Role::Rook => f.slider_reach(sq, &crate::geometry::ORTHOGONAL),
            Role::Queen => f.slider_reach(sq, &field::ALL_DIRECTIONS),
            _ => f.leaper_reach(sq, &t.king),
        }
    }
}

/// Plays a legal turn: the piece move, then the neutral move.
pub fn apply(pos: &mut Position, m: Move) {
    let t = pos.tables;
    let us = pos.side;
    let them = us.other();
    let Some(role) = pos.role_at(us, m.from) else {
        debug_assert!(false, "no piece to move on {:?}", m.from);
        return;
    };
    let mut irreversible = role == Role::Pawn;
    let mut ep = Bitboard::EMPTY;
    match m.kind {
        MoveKind::Castle => {
            // Written king-takes-rook: `to` is the rook's square.
            let rank = t.back_rank(us);
            let side = castle_side(us, t.file_of(m.to) > t.file_of(m.from));
            pos.remove(us, m.from);
            pos.remove(us, m.to);
            pos.put(us, Role::King, t.square(side.king_to, rank));
            pos.put(us, Role::Rook, t.square(side.rook_to, rank));
        }
        _ if m.from == m.to => {}
        _ => {
            if m.kind == MoveKind::EnPassant {
                if let Some(victim) = turns::passed_pawn(pos, us, m.to) {
                    pos.remove(them, victim);
                }
            } else if pos.remove(them, m.to).is_some() {
                irreversible = true;
            }
            if m.kind == MoveKind::DoublePush {
                // Every square passed over except relays (before the neutral move).
                ep = t.between(m.from, m.to) & !pos.neutral(Neutral::Relay);
            }
            pos.remove(us, m.from);
            pos.put(us, m.promotion.unwrap_or(role), m.to);
        }
    }
    let rights = pos.castling & pos.castling_mask(m.from) & pos.castling_mask(m.to);
    if rights != pos.castling {
        pos.set_castling(rights);
    }
    if ep != pos.ep {
        pos.set_ep(ep);
    }
    if let Some((a, b)) = m.extra {
        if let Some(kind) = pos.remove_neutral(a) {
            pos.put_neutral(kind, b);
        }
    }
    if m.extra != pos.ko {
        pos.set_ko(m.extra);
    }
    pos.halfmove = if irreversible {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    pos.switch_side();
}

/// Stones & Relays, with or without the tunnel (`TUNNEL`: one type per variant, the
/// same rules code; the tunnel is the position's): a turn is a piece move and,
/// optionally, a neutral move.
pub struct Stones<const TUNNEL: bool>;
pub type StonesRelays = Stones<false>;
pub type StonesRelaysTunnel = Stones<true>;

impl<const TUNNEL: bool> crate::rules::Rules for Stones<TUNNEL> {
    crate::rules::moves_from_module!(into any sink);
    /// A turn moves a piece and a neutral piece, so the turns multiply. No proof
    /// bounds them below the board's size: a hill-climbing search over valid
    /// positions (`examples/stones_widest.rs`) found 15,127 turns in one position,
    /// and the list keeps a third more than that (tests/stones.rs,
    /// `the_widest_turns_fit_the_move_list`). A wider position would panic, loudly.
    const MAX_MOVES: usize = 24576;
    /// Only the chosen piece's turns: a position has thousands.
    fn generate_from(pos: &Position, from: Square, list: &mut MoveList) {
        turns::generate_from(pos, from, list);
    }
    fn in_check(pos: &Position, color: Color) -> bool {
        in_check(pos, color)
    }
    fn gives_check(pos: &Position, m: Move) -> bool {
        gives_check(pos, m)
    }
    /// A stone's or relay's move checks without attacking: not told apart.
    fn checkers(_pos: &Position, _color: Color) -> Option<Bitboard> {
        None
    }
    /// The ko: the last neutral move's from and to squares.
    fn parse_extra_field(pos: &mut Position, text: &str) -> Result<(), FenError> {
        let t = pos.tables;
        let split = (2..text.len())
            .find(|&i| text.as_bytes()[i].is_ascii_lowercase())
            .unwrap_or(text.len());
        let (a, b) = text.split_at(split);
        match (t.parse_square(a), t.parse_square(b)) {
            (Some(a), Some(b)) if a == b => {
                return Err(FenError(format!(
                    "ko field '{text}' names one square twice: a neutral move goes somewhere"
                )))
            }
            // The neutral piece that moved stands on its target.
            (Some(a), Some(b)) if pos.neutral_at(b).is_some() => pos.ko = Some((a, b)),
            (Some(_), Some(_)) => {
                return Err(FenError(format!(
                    "ko field '{text}': no neutral piece stands on its second square"
                )))
            }
            _ => return Err(FenError(format!("ko field '{text}' is not two squares"))),
        }
        Ok(())
    }
    fn validate(pos: &Position) -> Result<(), FenError> {
        validate(pos)
    }
    /// Any number of squares (a pawn passing relays leaves several), each free of
    /// either side's pieces (the turn's neutral move may have filled it) with the pawn
    /// that passed beyond it on its file.
    fn check_en_passant(pos: &Position, ep: Bitboard) -> Result<(), FenError> {
        let occupied = pos.color_bb(Color::White) | pos.color_bb(Color::Black);
        for sq in ep {
            let why = if occupied.has(sq) {
                "holds a piece"
            } else if turns::passed_pawn(pos, pos.side, sq).is_none() {
                "has no pawn of the side that just moved beyond it"
            } else {
                continue;
            };
            return Err(FenError(format!(
                "en-passant square {} {why}",
                pos.tables.square_name(sq)
            )));
        }
        Ok(())
    }
}

/// No more neutral pieces than the start position has (they are never captured nor
/// added) and no more than a starting army with promotions per side. This bounds the
/// number of turns a position can have (see `turns`).
fn validate(pos: &Position) -> Result<(), FenError> {
    let gates = if pos.variant.facts().tunnel { 2 } else { 0 };
    for (kind, most) in [
        (Neutral::Stone, 4),
        (Neutral::Relay, 2),
        (Neutral::Gate, gates),
    ] {
        let n = pos.neutral(kind).count();
        if n > most {
            return Err(FenError(format!(
                "{n} '{}' pieces, {} allows at most {most}",
                kind.char(),
                pos.variant
            )));
        }
    }
    for color in Color::BOTH {
        let pawns = pos.pieces(color, Role::Pawn).count();
        // Pieces beyond the starting army come from promotions, one per missing pawn.
        let promoted: u32 = [
            (Role::Knight, 2),
            (Role::Bishop, 2),
            (Role::Rook, 2),
            (Role::Queen, 1),
        ]
        .into_iter()
        .map(|(role, start)| pos.pieces(color, role).count().saturating_sub(start))
        .sum();
        if pawns > 8 || promoted + pawns > 8 {
            return Err(FenError(
                "more pieces than a starting army and its promotions".into(),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
