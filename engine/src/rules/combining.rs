//! Combining Knightmare chess: FIDE chess in which a knight, bishop, rook or queen
//! moving onto an opposing one of those fuses with it into a Knightmare, a square
//! holding a white and a black component at once. Each side moves a Knightmare as its
//! own component, and each king is attacked by the other side's component.
//!
//! Because `Position` keeps pieces per color, a Knightmare's white component is simply
//! one of White's pieces, so `orthodox::attackers_to` and `orthodox::in_check` already
//! see each component attacking for its own color, frozen or not. What changes is what
//! a move does on arrival (fuse, capture one piece, or capture both components), that
//! a moving Knightmare carries the opponent's component along, and the Knightmare
//! frozen for one ply after it moved or formed. Legality is tested by playing the move
//! only where a cheaper test is not known to be exact (see `generate`).

use crate::bitboard::Bitboard;
use crate::fen_error::FenError;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::orthodox;

/// Knights, bishops, rooks and queens: the pieces that fuse instead of capturing.
#[inline]
pub fn is_regular(role: Role) -> bool {
    matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
}

/// Whether `m` fuses two regular pieces (a plain regular piece onto a plain enemy
/// regular piece) rather than capturing.
#[inline]
pub fn is_fusion(pos: &Position, m: Move) -> bool {
    let shared = pos.shared();
    !shared.has(m.from)
        && !shared.has(m.to)
        && pos.role_at(pos.side, m.from).is_some_and(is_regular)
        && pos.role_at(pos.side.other(), m.to).is_some_and(is_regular)
}

/// Squares the side to move may move a piece to: empty, an enemy piece (the king
/// aside, which is never taken) or any Knightmare. Never a square of its own alone.
#[inline]
fn destinations(pos: &Position) -> Bitboard {
    let us = pos.side;
    let own_alone = pos.us() & !pos.shared();
    pos.tables.all & !own_alone & !pos.pieces(us.other(), Role::King)
}

/// Moves that follow the pieces' movement and the arrival rules but may leave the
/// mover's own king attacked. Castling is left out (it is generated legal).
pub fn pseudo_legal(pos: &Position, list: &mut MoveList) {
    let t = pos.tables;
    let us = pos.side;
    let occ = pos.occupied();
    let targets = destinations(pos);
    let movable = match pos.frozen {
        Some(sq) => !Bitboard::from_square(sq),
        None => t.all,
    };
    for role in Role::ORTHODOX_PIECES {
        for from in pos.pieces(us, role) & movable {
            for to in orthodox::piece_attacks(pos, role, from, occ) & targets {
                list.push(Move::new(from, to));
            }
        }
    }

    // Pawns push as in FIDE and take diagonally whatever a piece may take.
    let empty = t.all & !occ;
    let promo = t.promotion_rank(us);
    let double_rank = match us {
        Color::White => t.ranks[2],
        Color::Black => t.ranks[t.height as usize - 3],
    };
    for from in pos.pieces(us, Role::Pawn) {
        let one = t.push(us, Bitboard::from_square(from)) & empty;
        for to in one {
            orthodox::push_pawn_move(pos, list, from, to, promo);
        }
        for to in t.push(us, one & double_rank) & empty {
            list.push(Move::with_kind(from, to, MoveKind::DoublePush));
        }
        let attacks = t.pawn_attacks[us.idx()][from.idx()];
        for to in attacks & pos.them() & targets {
            orthodox::push_pawn_move(pos, list, from, to, promo);
        }
        for to in attacks & pos.ep {
            list.push(Move::with_kind(from, to, MoveKind::EnPassant));
        }
    }
}

/// Every legal move of the side to move.
pub fn generate(pos: &Position, list: &mut MoveList) {
    let us = pos.side;
    let them = us.other();
    let ksq = pos.royal(us);
    let in_check = orthodox::in_check(pos, us);
    let shared = pos.shared();
    let pinned = if in_check {
        Bitboard::EMPTY
    } else {
        orthodox::pinned(pos, us, ksq)
    };
    let occ_without_king = pos.occupied() & !Bitboard::from_square(ksq);
    // Generated into `list` and filtered in place: a second list would be a large
    // array to set up and move.
    let start = list.len();
    pseudo_legal(pos, list);
    let mut kept = start;
    for i in start..list.len() {
        let m = list[i];
        let legal = if in_check
            || shared.has(m.from)
            || pinned.has(m.from)
            || m.kind == MoveKind::EnPassant
        {
            // Rare cases (evasions, a Knightmare carrying the enemy component along,
            // a pinned piece, en passant's two vacated squares): play and look.
            !orthodox::in_check(&pos.play(m), us)
        } else if m.from == ksq {
            // The king is safe where nothing attacks it once it left its square
            // (whatever it takes on arrival stops attacking).
            orthodox::attackers_to(pos, m.to, them, occ_without_king).is_empty()
        } else {
            // An unpinned plain piece, out of check, cannot expose the king: it
            // uncovers no line to it, and a fusion keeps the enemy piece's attacks
            // where they were.
            true
        };
        if legal {
            list[kept] = m;
            kept += 1;
        }
    }
    list.truncate(kept);
    if !in_check {
        orthodox::castling_moves(pos, list, &orthodox::Plain);
    }
}

/// Plays a legal move: a fusion leaves both pieces on the target square, a moving
/// Knightmare takes both its components along, and a Knightmare that moved or formed
/// becomes the frozen one.
pub fn apply(pos: &mut Position, m: Move) {
    let us = pos.side;
    let them = us.other();
    let Some(role) = pos.role_at(us, m.from) else {
        debug_assert!(false, "no piece to move on {:?}", m.from);
        return;
    };
    let shared = pos.shared();
    let knightmare = shared.has(m.from);
    let mut fused = false;
    let captured = match m.kind {
        MoveKind::EnPassant | MoveKind::Castle => orthodox::apply_special(pos, m),
        _ => match pos.role_at(them, m.to) {
            // A Knightmare on the target: both components leave.
            Some(_) if shared.has(m.to) => {
                pos.remove(us, m.to);
                pos.remove(them, m.to);
                true
            }
            Some(victim) => {
                fused = !knightmare && is_regular(role) && is_regular(victim);
                if !fused {
                    pos.remove(them, m.to);
                }
                true
            }
            None => false,
        },
    };
    let partner = if knightmare {
        pos.remove(them, m.from)
    } else {
        None
    };
    pos.remove(us, m.from);
    pos.put(us, m.promotion.unwrap_or(role), m.to);
    if let Some(partner) = partner {
        pos.put(them, partner, m.to);
    }
    // A fusion changes the board for good, like a capture (50-move rule).
    orthodox::finish_move(pos, m, role == Role::Pawn || captured);
    let frozen = (knightmare || fused).then_some(m.to);
    if frozen != pos.frozen {
        pos.set_frozen(frozen);
    }
}

/// Combining Knightmare Chess: its own generator (fusions, shared pieces).
pub struct CombiningKnightmare;

impl super::Rules for CombiningKnightmare {
    crate::rules::moves_from_module!();
    // `MAX_MOVES` is the orthodox bound: a side's pieces stand on at most 63 squares
    // (a Knightmare holds one of each side's, and the enemy king is never shared),
    // and each moves as its orthodox role, onto each target once.
    // A Knightmare's components are ordinary pieces of their colors, so the orthodox
    // attack test (the default `in_check`) sees each one attack the other side's king.
    #[inline]
    fn is_fusion(pos: &Position, m: Move) -> bool {
        is_fusion(pos, m)
    }
    /// The frozen Knightmare's square: it may not move this turn.
    fn parse_extra_field(pos: &mut Position, text: &str) -> Result<(), FenError> {
        let sq = pos
            .tables
            .parse_square(text)
            .ok_or_else(|| FenError(format!("frozen-square field '{text}' is not a square")))?;
        if !pos.shared().has(sq) {
            return Err(FenError(format!(
                "frozen square {text} holds no Knightmare"
            )));
        }
        pos.frozen = Some(sq);
        Ok(())
    }
}
