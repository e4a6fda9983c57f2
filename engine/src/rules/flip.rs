//! Insane Flip Relay Shatranj (`flipshatranj` 10x10, `flipshatranj8` 8x8).
//!
//! Every piece but the power is in move state (non-captures only) or capture state
//! (captures only). A piece next to a friendly power ignores its own state for its
//! natural moves; a non-pawn piece next to a friendly non-pawn lender also moves as
//! the lender does, with the lender's state deciding whether those borrowed moves are
//! non-captures or captures. A turn is a move followed by the mandatory flip of one
//! own non-power piece, so each move is multiplied by every possible flip. There is no
//! check: kings are captured.
//!
//! All pieces are leapers (one- or two-square steps, knight jumps) except the pawn's
//! two-square push, so a target set depends on occupancy only at the target square.
//! That lets the generator work with whole sets: for each lending role and state, the
//! squares next to such a lender are computed once, and a mover's targets are the union
//! of its natural set and the sets of the roles it can borrow — the union removes the
//! duplicates of a move reachable by several routes.
//!
//! Worst case of the move list (a legal army's bound is `MAX_MOVES`): a side has at most 18
//! flippable pieces (2 kings, 6 officers, 10 pawns or promoted pieces; 8x8: 15). A
//! mover's targets are the union of king, elephant, knight and dababba patterns, 24
//! squares; to reach more than the 16 of two patterns it needs two lenders next to it,
//! which stand on two of those squares (an officer mover: 22), and a king or power
//! needs three (21). Pawns make at most 9 moves counting promotions. So a turn has at
//! most (16·22 + 2·21 + 2·21)·18 = 7848 moves on 10x10, below 8192.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::orthodox::{self, piece_attacks};

/// The roles that lend their moves (pawns do not; the power has no move to lend).
const LENDERS: [Role; 4] = [Role::King, Role::Elephant, Role::Knight, Role::Dabbaba];

/// The squares next to any square of `bb`.
#[inline]
fn neighbours(pos: &Position, bb: Bitboard) -> Bitboard {
    let mut n = Bitboard::EMPTY;
    for sq in bb {
        n |= pos.tables.king[sq.idx()];
    }
    n
}

/// Whether a side has lost a king: the game ended with its capture.
#[inline]
pub fn king_captured(pos: &Position) -> bool {
    crate::rules::royal_lost(pos, pos.side) || crate::rules::royal_lost(pos, pos.side.other())
}

/// Pushes `m` once per possible flip of a piece of `flippable` (squares after the move).
#[inline]
fn push_with_flips(list: &mut MoveList, m: Move, flippable: Bitboard) {
    for f in flippable {
        list.push(Move {
            extra: Some((f, f)),
            ..m
        });
    }
}

/// What one side's pieces may do on its next turn, as far as states and neighbours
/// decide it: the squares next to a power (natural moves freed from their state) and,
/// per lending role and state, the squares next to such a lender. The generator, the
/// evaluation and the move ordering all read the game's adjacency structure from here.
pub struct Reach {
    freed: Bitboard,
    capture_state: Bitboard,
    /// Per role of `LENDERS`: (next to one in move state, next to one in capture state).
    lent: [(Bitboard, Bitboard); 4],
}

impl Reach {
    pub fn new(pos: &Position, color: Color) -> Reach {
        let mut lent = [(Bitboard::EMPTY, Bitboard::EMPTY); 4];
        let capture_state = pos.capture_state() & pos.color_bb(color);
        for (slot, &role) in lent.iter_mut().zip(LENDERS.iter()) {
            let lenders = pos.pieces(color, role);
            *slot = (
                neighbours(pos, lenders & !capture_state),
                neighbours(pos, lenders & capture_state),
            );
        }
        Reach {
            freed: neighbours(pos, pos.pieces(color, Role::Power)),
            capture_state,
            lent,
        }
    }

    /// Whether the piece on `sq` may make its natural non-captures / captures.
    #[inline]
    pub fn natural_states(&self, sq: Square) -> (bool, bool) {
        if self.freed.has(sq) {
            (true, true)
        } else {
            let cap = self.capture_state.has(sq);
            (!cap, cap)
        }
    }

    /// Whether a power stands next to `sq` (its natural moves ignore its state).
    #[inline]
    pub fn is_freed(&self, sq: Square) -> bool {
        self.freed.has(sq)
    }

    /// For a non-pawn piece of `role` on `sq`: the squares it may move to if empty and
    /// those it may capture on if an enemy stands there, natural and borrowed moves
    /// together (all pieces are leapers: what stands between does not matter).
    #[inline]
    pub fn leaps(&self, pos: &Position, role: Role, sq: Square) -> (Bitboard, Bitboard) {
        let natural = piece_attacks(pos, role, sq, Bitboard::EMPTY);
        let (may_move, may_capture) = self.natural_states(sq);
        let mut moves = if may_move { natural } else { Bitboard::EMPTY };
        let mut captures = if may_capture {
            natural
        } else {
            Bitboard::EMPTY
        };
        for (&(near_move, near_capture), &lender) in self.lent.iter().zip(LENDERS.iter()) {
            if near_move.has(sq) {
                moves |= piece_attacks(pos, lender, sq, Bitboard::EMPTY);
            }
            if near_capture.has(sq) {
                captures |= piece_attacks(pos, lender, sq, Bitboard::EMPTY);
            }
        }
        (moves, captures)
    }

    /// The squares a pawn of `color` on `sq` may capture on (pawns borrow nothing).
    #[inline]
    pub fn pawn_captures(&self, pos: &Position, color: Color, sq: Square) -> Bitboard {
        if self.natural_states(sq).1 {
            pos.tables.pawn_attacks[color.idx()][sq.idx()]
        } else {
            Bitboard::EMPTY
        }
    }

    /// The squares where a piece of `color` on `sq` may capture next turn.
    #[inline]
    pub fn captures_from(&self, pos: &Position, color: Color, sq: Square) -> Bitboard {
        match pos.role_at(color, sq) {
            Some(Role::Pawn) => self.pawn_captures(pos, color, sq),
            Some(role) => self.leaps(pos, role, sq).1,
            None => Bitboard::EMPTY,
        }
    }
}

/// The pieces of `by` among `occ` that may capture on `sq` next turn, by their states,
/// powers and relays as they stand (the exchange estimate's attackers: all pieces are
/// leapers, so `occ` only drops the pieces an exchange has used up).
pub fn attackers_to(pos: &Position, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
    let reach = Reach::new(pos, by);
    let mut attackers = Bitboard::EMPTY;
    for from in pos.color_bb(by) & occ {
        if reach.captures_from(pos, by, from).has(sq) {
            attackers.set(from);
        }
    }
    attackers
}

/// Whether a king of the side to move stands where the opponent could capture it on
/// its next turn: the side to move must answer, or lose.
pub fn king_threatened(pos: &Position) -> bool {
    let them = pos.side.other();
    let reach = Reach::new(pos, them);
    let kings = pos.royals(pos.side);
    for from in pos.color_bb(them) {
        if (reach.captures_from(pos, them, from) & kings).any() {
            return true;
        }
    }
    false
}

/// Every legal turn of the side to move; none once a king has been captured.
pub fn generate(pos: &Position, list: &mut MoveList) {
    generate_filtered(pos, list, None::<fn(Role) -> i32>);
}

/// The moves quiescence search looks at: captures and promotions, each with one flip
/// (the one `flip_gain` likes best, by the pieces' `value`) instead of every flip.
pub fn generate_tactical(pos: &Position, list: &mut MoveList, value: impl Fn(Role) -> i32 + Copy) {
    generate_filtered(pos, list, Some(value));
}

/// Every legal turn, or (given the pieces' values) the tactical ones.
fn generate_filtered(
    pos: &Position,
    list: &mut MoveList,
    tactical_by: Option<impl Fn(Role) -> i32 + Copy>,
) {
    let tactical = tactical_by.is_some();
    if king_captured(pos) {
        return;
    }
    let t = pos.tables;
    let us = pos.side;
    let own = pos.us();
    let enemy = pos.them();
    let empty = t.all & !pos.occupied();
    let powers = pos.pieces(us, Role::Power);
    let pawns = pos.pieces(us, Role::Pawn);
    let flippable = own & !powers;
    let reach = Reach::new(pos, us);
    // Computed on the first tactical move only: most quiescence nodes have none.
    let mut hints: Option<FlipHints> = None;
    // Pushes `m` with every flip, or (tactical) with the best one.
    let mut emit = |list: &mut MoveList, m: Move, moved_role: Role, flips: Bitboard| {
        if let Some(value) = tactical_by {
            let h = hints.get_or_insert_with(|| FlipHints::new(pos, value));
            let mut best = None;
            let mut best_gain = i32::MIN;
            for f in flips {
                let g = h.gain(pos, value, m, moved_role, f);
                if g > best_gain {
                    best_gain = g;
                    best = Some(f);
                }
            }
            if let Some(f) = best {
                list.push(Move {
                    extra: Some((f, f)),
                    ..m
                });
            }
        } else {
            push_with_flips(list, m, flips);
        }
    };

    for from in own & !pawns {
        let role = pos.role_at(us, from).unwrap_or(Role::Power);
        let (moves, captures) = reach.leaps(pos, role, from);
        let targets = if tactical {
            captures & enemy
        } else {
            (moves & empty) | (captures & enemy)
        };
        // The moved piece is flipped on its new square; a power is never flipped.
        let stay = if role == Role::Power {
            flippable
        } else {
            flippable & !Bitboard::from_square(from)
        };
        for to in targets {
            let flips = if role == Role::Power {
                stay
            } else {
                stay | Bitboard::from_square(to)
            };
            emit(list, Move::new(from, to), role, flips);
        }
    }

    // Pawns: natural moves only. One or two squares forward from any rank, the second
    // only over an empty first; captures diagonally forward.
    let promo = t.promotion_rank(us);
    for from in pawns {
        let (may_move, _) = reach.natural_states(from);
        let mut targets = reach.pawn_captures(pos, us, from) & enemy;
        if may_move {
            let one = t.push(us, Bitboard::from_square(from)) & empty;
            let pushes = one | (t.push(us, one) & empty);
            targets |= if tactical { pushes & promo } else { pushes };
        }
        let stay = flippable & !Bitboard::from_square(from);
        for to in targets {
            let flips = stay | Bitboard::from_square(to);
            if promo.has(to) {
                for &role in pos.variant.promotion_roles() {
                    emit(list, Move::promote(from, to, role), Role::Pawn, flips);
                }
            } else {
                emit(list, Move::new(from, to), Role::Pawn, flips);
            }
        }
    }
}

/// Plays a turn: the move as in chess (captures and pawn moves reset the 50-move
/// clock; no castling or en passant arise here), the moved piece keeping its state on
/// its new square (a promoted pawn too), then the flip.
pub fn apply(pos: &mut Position, m: Move) {
    let carried = pos.capture_state().has(m.from);
    orthodox::apply(pos, Move { extra: None, ..m });
    pos.set_capture_state(m.to, carried);
    if let Some((f, _)) = m.extra {
        let on = !pos.capture_state().has(f);
        pos.set_capture_state(f, on);
    }
}

/// What a threat on an enemy king is worth to the flip ordering (above any piece).
const KING_THREAT: i32 = 1000;

/// The most valuable enemy piece on `targets` by `value` (0 if none; kings count
/// `KING_THREAT`).
#[inline]
fn best_victim(pos: &Position, value: impl Fn(Role) -> i32, them: Color, targets: Bitboard) -> i32 {
    let mut best = 0;
    for sq in targets & pos.color_bb(them) {
        let v = match pos.role_at(them, sq) {
            Some(Role::King) => KING_THREAT,
            Some(role) => value(role),
            None => 0,
        };
        best = best.max(v);
    }
    best
}

/// How much flipping the piece of the side to move (`role` on `sq`, in capture state
/// or not) changes what it threatens: turned to capture state it threatens the enemy
/// pieces in its pattern, and lends those captures to its non-pawn neighbours; turned
/// to move state it gives them up. Next to a power its own moves ignore the flip.
/// A flip that changes nothing useful scores slightly below zero. What a piece is
/// worth is `value`'s answer: the search's exchange values, since the rules know none.
pub fn flip_gain(
    pos: &Position,
    value: impl Fn(Role) -> i32 + Copy,
    role: Role,
    sq: Square,
    to_capture: bool,
    freed: bool,
) -> i32 {
    let t = pos.tables;
    let us = pos.side;
    let them = us.other();
    let natural = if role == Role::Pawn {
        t.pawn_attacks[us.idx()][sq.idx()]
    } else {
        piece_attacks(pos, role, sq, Bitboard::EMPTY)
    };
    let mut threat = if freed {
        0
    } else {
        best_victim(pos, value, them, natural)
    };
    if LENDERS.contains(&role) {
        let borrowers = t.king[sq.idx()] & pos.us() & !pos.pieces(us, Role::Pawn);
        for n in borrowers {
            let lent = piece_attacks(pos, role, n, Bitboard::EMPTY);
            threat = threat.max(best_victim(pos, value, them, lent) / 2);
        }
    }
    match (threat, to_capture) {
        (0, true) => -2,
        (0, false) => -1,
        (v, true) => v,
        (v, false) => -v,
    }
}

/// Flip gains of the side to move's pieces where they stand, computed once per node:
/// what a flip changes, which the search's ordering (`search::movepick`) and the
/// tactical generator's choice of one flip per capture both read.
pub struct FlipHints {
    gain: [i32; 128],
    freed: Bitboard,
}

impl FlipHints {
    pub fn new(pos: &Position, value: impl Fn(Role) -> i32 + Copy) -> FlipHints {
        let us = pos.side;
        let freed = neighbours(pos, pos.pieces(us, Role::Power));
        let mut gain = [0; 128];
        let cap = pos.capture_state();
        for sq in pos.us() & !pos.pieces(us, Role::Power) {
            if let Some(role) = pos.role_at(us, sq) {
                gain[sq.idx()] = flip_gain(pos, value, role, sq, !cap.has(sq), freed.has(sq));
            }
        }
        FlipHints { gain, freed }
    }

    /// The gain of turn `m` flipping the piece on `f` (after the move); the moved piece
    /// (`moved_role`) is judged on its new square, as what it becomes.
    #[inline]
    pub fn gain(
        &self,
        pos: &Position,
        value: impl Fn(Role) -> i32 + Copy,
        m: Move,
        moved_role: Role,
        f: Square,
    ) -> i32 {
        if f == m.to {
            let role = m.promotion.unwrap_or(moved_role);
            let bonus = 1; // the moved piece's flip is the natural one to try first
            flip_gain(
                pos,
                value,
                role,
                f,
                !pos.capture_state().has(m.from),
                self.freed.has(f),
            ) + bonus
        } else {
            self.gain[f.idx()]
        }
    }
}

/// Insane Flip Relay Shatranj, 10x10 and 8x8 (`FILES`: one type per variant, the same
/// rules code; the board is the position's): no check (kings are captured), a flip
/// every turn.
pub struct Flip<const FILES: u8>;
pub type FlipShatranj = Flip<10>;
pub type FlipShatranj8 = Flip<8>;

impl<const FILES: u8> super::Rules for Flip<FILES> {
    crate::rules::moves_from_module!();
    /// A turn is a move and a flip: bounded by the army's size (`MOST_PIECES`).
    const MAX_MOVES: usize = MAX_MOVES;
    /// Kings are captured, never checked.
    fn in_check(_pos: &Position, _color: Color) -> bool {
        false
    }
    fn checkers(_pos: &Position, _color: Color) -> Option<crate::bitboard::Bitboard> {
        None
    }
    fn gives_check(_pos: &Position, _m: Move) -> bool {
        false
    }
    /// A lone king can still capture the other: the game never ends for material.
    fn insufficient_material(_pos: &Position) -> bool {
        false
    }
    fn royal_threatened(pos: &Position) -> bool {
        king_threatened(pos)
    }
    /// Whoever makes a position appear the third time loses.
    const REPETITION_LOSES: bool = true;
    fn validate(pos: &Position) -> Result<(), crate::fen_error::FenError> {
        validate_army(pos)
    }
}

/// The most pieces a side may have. A turn is a move and a flip of any own piece, so
/// the turns grow with the square of the army: 30 pieces with at most 24 moves each
/// (a power lent every move) and 30 flips each make 21,600 turns, inside the move list
/// (`MAX_MOVES`). A side starts with 20 (16 on 8x8); positions no game reaches
/// but the edge-case tests use (21 pieces, three powers) stay legal.
const MOST_PIECES: u32 = 30;
const _: () = assert!((MOST_PIECES * 24 * MOST_PIECES) as usize <= MAX_MOVES);

/// The room of a flip shatranj move list (`Rules::MAX_MOVES`).
const MAX_MOVES: usize = 24576;

/// A board crowded beyond `MOST_PIECES` is refused: its turns would not fit.
fn validate_army(pos: &Position) -> Result<(), crate::fen_error::FenError> {
    for color in Color::BOTH {
        let n = pos.color_bb(color).count();
        if n > MOST_PIECES {
            return Err(crate::fen_error::FenError(format!(
                "{n} {} pieces: at most {MOST_PIECES} a side (their turns must fit the move list)",
                color.name()
            )));
        }
    }
    Ok(())
}
