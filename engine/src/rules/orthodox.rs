//! The orthodox rules shared by the chess family: piece attacks, a fully legal move
//! generator (check evasion and pins, no make-and-test except for en passant) and
//! move application. Knightmate uses it unchanged: its royal piece leaps like a knight
//! and its commoners step like kings (`Variant::royal_is_knight`). Knightrelay reuses
//! the generator through an `Overlay` that changes who attacks what.

use crate::bitboard::Bitboard;
use crate::fen_error::FenError;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind, MoveList, Sink};
use crate::piece::{Color, Role};
use crate::position::{castle_side, castle_sides, Position};

/// Pieces of `by` that leap like a knight, and those that step like a king.
#[inline]
fn leapers(pos: &Position, by: Color) -> (Bitboard, Bitboard) {
    let royal = pos.pieces(by, Role::King);
    let commoners = pos.pieces(by, Role::Commoner);
    if pos.variant.royal_is_knight() {
        (pos.pieces(by, Role::Knight) | royal, commoners)
    } else {
        (pos.pieces(by, Role::Knight), commoners | royal)
    }
}

/// Pieces of `by` that attack `sq`, with `occ` as the blockers.
#[inline]
pub fn attackers_to(pos: &Position, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
    let t = pos.tables;
    let (knights, kings) = leapers(pos, by);
    let queens = pos.pieces(by, Role::Queen);
    let diag = pos.pieces(by, Role::Bishop) | queens;
    let orth = pos.pieces(by, Role::Rook) | queens;
    let mut att = (t.pawn_attacks[by.other().idx()][sq.idx()] & pos.pieces(by, Role::Pawn))
        | (t.knight[sq.idx()] & knights)
        | (t.king[sq.idx()] & kings);
    if diag.any() {
        att |= t.bishop_attacks(sq, occ) & diag;
    }
    if orth.any() {
        att |= t.rook_attacks(sq, occ) & orth;
    }
    att
}

/// What a piece of `color` attacks from `sq` under the orthodox movement: a pawn its
/// forward diagonals, the other roles `piece_attacks`. Read backwards from a royal
/// piece's square (with the royal's colour), the squares from which a piece of the
/// other side would attack it.
#[inline]
pub fn attacks(pos: &Position, color: Color, role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    if role == Role::Pawn {
        pos.tables.pawn_attacks[color.idx()][sq.idx()]
    } else {
        piece_attacks(pos, role, sq, occ)
    }
}

/// The squares a non-pawn piece of this role attacks from `sq`.
#[inline(always)]
pub fn piece_attacks(pos: &Position, role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    let t = pos.tables;
    match role {
        Role::Knight => t.knight[sq.idx()],
        Role::Bishop => t.bishop_attacks(sq, occ),
        Role::Rook => t.rook_attacks(sq, occ),
        Role::Queen => t.queen_attacks(sq, occ),
        Role::King if pos.variant.royal_is_knight() => t.knight[sq.idx()],
        Role::King | Role::Commoner => t.king[sq.idx()],
        Role::Elephant => t.ferz[sq.idx()] | t.alfil[sq.idx()],
        Role::Dabbaba => t.wazir[sq.idx()] | t.dabbaba[sq.idx()],
        Role::Pawn | Role::Power => Bitboard::EMPTY,
    }
}

/// Own pieces that stand alone between the royal piece and an enemy slider.
#[inline]
pub fn pinned(pos: &Position, us: Color, ksq: Square) -> Bitboard {
    pins(pos, us, ksq).0
}

/// `pinned`, and the enemy sliders that pin them (Stockfish's `blockersForKing` and
/// `pinners`, own pieces only).
pub fn pins(pos: &Position, us: Color, ksq: Square) -> (Bitboard, Bitboard) {
    let t = pos.tables;
    let them = us.other();
    let queens = pos.pieces(them, Role::Queen);
    let snipers = (t.rook_attacks(ksq, Bitboard::EMPTY) & (pos.pieces(them, Role::Rook) | queens))
        | (t.bishop_attacks(ksq, Bitboard::EMPTY) & (pos.pieces(them, Role::Bishop) | queens));
    let occ = pos.occupied();
    let (mut pinned, mut pinners) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for s in snipers {
        let between = t.between(ksq, s) & occ;
        if between.any() && !between.more_than_one() && (between & pos.color_bb(us)).any() {
            pinned |= between;
            pinners.set(s);
        }
    }
    (pinned, pinners)
}

/// A pawn's move to `to`, once per promotion role if `to` is in `promo`.
#[inline]
pub fn push_pawn_move(
    pos: &Position,
    list: &mut impl Sink,
    from: Square,
    to: Square,
    promo: Bitboard,
) {
    if promo.has(to) {
        for &role in pos.variant.promotion_roles() {
            list.add(Move::promote(from, to, role));
        }
    } else {
        list.add(Move::new(from, to));
    }
}

/// What a variant built on these rules changes in them, as seen by the generator:
/// who attacks a square, which enemy pieces are immune, and the extra moves of the
/// side to move. The legality reasoning of `generate_with` (checks, pins, castling
/// through attacked squares) stays valid as long as the changed attacks of the enemy
/// do not depend on the mover's pieces except through slider lines and captures.
/// `generate_with` is monomorphized, so `Plain` costs the chess family nothing.
pub trait Overlay {
    // Each hook's default is the orthodox rule, so `Plain` is the trait with nothing
    // changed and a variant names only what it changes. (The constant ones need no
    // `inline` hint: `generate_with` is monomorphized, and they fold away.)
    /// Pieces of `by` that attack `sq`, with `occ` as the blockers.
    #[inline(always)]
    fn attackers(&self, pos: &Position, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        attackers_to(pos, sq, by, occ)
    }
    /// Enemy pieces that may not be captured.
    fn immune(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    /// Destinations of a non-pawn, non-royal piece of the side to move (own pieces and
    /// immune ones are masked out afterwards).
    #[inline(always)]
    fn piece_moves(&self, pos: &Position, role: Role, from: Square, occ: Bitboard) -> Bitboard {
        piece_attacks(pos, role, from, occ)
    }
    /// Pawns of the side to move that have moves besides their orthodox ones.
    fn extra_pawns(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    /// Destinations a pawn of the side to move has besides its orthodox ones; they
    /// never promote and are masked like the other moves.
    fn pawn_extra(&self, _from: Square) -> Bitboard {
        Bitboard::EMPTY
    }
}

/// The orthodox rules themselves.
pub struct Plain;

impl Overlay for Plain {}

/// Every legal move of the side to move.
pub fn generate(pos: &Position, list: &mut impl Sink) {
    generate_with(pos, list, &Plain);
}

/// Every legal move of the side to move under the rules changed by `o`.
#[inline]
pub fn generate_with<O: Overlay>(pos: &Position, list: &mut impl Sink, o: &O) {
    let t = pos.tables;
    let us = pos.side;
    let them = us.other();
    let occ = pos.occupied();
    let own = pos.us();
    let enemy = pos.them();
    let ksq = pos.royal(us);
    let kbb = Bitboard::from_square(ksq);
    let checkers = o.attackers(pos, ksq, them, occ);
    let open = !own & !o.immune();

    // The royal piece: every destination must be safe with it gone from its square,
    // so that a slider's line through it is seen.
    let occ_without_royal = occ ^ kbb;
    for to in piece_attacks(pos, Role::King, ksq, occ) & open {
        if o.attackers(pos, to, them, occ_without_royal).is_empty() {
            list.add(Move::new(ksq, to));
        }
    }
    if checkers.more_than_one() {
        return;
    }
    // Out of check, others must capture the checker or block its line.
    let target = match checkers.single() {
        Some(c) => t.between(ksq, c) | Bitboard::from_square(c),
        None => t.all,
    } & open;
    let pinned = pinned(pos, us, ksq);

    // Each role's attacks spelled out, so the compiler sees one kind of move per loop.
    let mut emit = |from: Square, targets: Bitboard| {
        let targets = if pinned.has(from) {
            targets & t.line(ksq, from)
        } else {
            targets
        };
        for to in targets {
            list.add(Move::new(from, to));
        }
    };
    // A pinned knight can never move along the pin.
    for from in pos.pieces(us, Role::Knight) & !pinned {
        emit(from, o.piece_moves(pos, Role::Knight, from, occ) & target);
    }
    // One loop per role (not a loop over roles) so that each sees a constant role.
    for from in pos.pieces(us, Role::Bishop) {
        emit(from, o.piece_moves(pos, Role::Bishop, from, occ) & target);
    }
    for from in pos.pieces(us, Role::Rook) {
        emit(from, o.piece_moves(pos, Role::Rook, from, occ) & target);
    }
    for from in pos.pieces(us, Role::Queen) {
        emit(from, o.piece_moves(pos, Role::Queen, from, occ) & target);
    }
    for from in pos.pieces(us, Role::Commoner) {
        emit(from, o.piece_moves(pos, Role::Commoner, from, occ) & target);
    }

    // Pawns: unpinned ones set-wise, pinned ones one by one along their pin.
    let pawns = pos.pieces(us, Role::Pawn);
    let empty = t.all & !occ;
    let promo = t.promotion_rank(us);
    let double_rank = match us {
        Color::White => t.ranks[2],
        Color::Black => t.ranks[t.height as usize - 3],
    };
    let w = t.width as i32;
    let forward = if us == Color::White { w } else { -w };
    let shift = |bb: Bitboard, by: i32| {
        if by >= 0 {
            bb.shl(by as u32) & t.all
        } else {
            bb.shr((-by) as u32)
        }
    };
    let from_of = |to: Square, by: i32| Square((to.0 as i32 - by) as u8);
    let mut emit_pawns = |targets: Bitboard, by: i32, kind: MoveKind| {
        for to in targets & !promo {
            list.add(Move::with_kind(from_of(to, by), to, kind));
        }
        for to in targets & promo {
            for &role in pos.variant.promotion_roles() {
                list.add(Move::promote(from_of(to, by), to, role));
            }
        }
    };
    let free = pawns & !pinned;
    let singles = shift(free, forward) & empty;
    emit_pawns(singles & target, forward, MoveKind::Normal);
    emit_pawns(
        shift(singles & double_rank, forward) & empty & target,
        2 * forward,
        MoveKind::DoublePush,
    );
    // Diagonal captures towards the east (file + 1) and the west (file - 1): the file
    // masks stop a capture from wrapping around the board's edge.
    let not_first_file = t.all & !t.files[0];
    let not_last_file = t.all & !t.files[t.width as usize - 1];
    let capturable = enemy & target;
    emit_pawns(
        shift(free, forward + 1) & not_first_file & capturable,
        forward + 1,
        MoveKind::Normal,
    );
    emit_pawns(
        shift(free, forward - 1) & not_last_file & capturable,
        forward - 1,
        MoveKind::Normal,
    );
    for from in pawns & pinned {
        let pin_line = t.line(ksq, from);
        let one = t.push(us, Bitboard::from_square(from)) & empty;
        for to in one & target & pin_line {
            push_pawn_move(pos, list, from, to, promo);
        }
        for to in t.push(us, one & double_rank) & empty & target & pin_line {
            list.add(Move::with_kind(from, to, MoveKind::DoublePush));
        }
        for to in t.pawn_attacks[us.idx()][from.idx()] & capturable & pin_line {
            push_pawn_move(pos, list, from, to, promo);
        }
    }
    for from in pawns & o.extra_pawns() {
        let pin_line = if pinned.has(from) {
            t.line(ksq, from)
        } else {
            t.all
        };
        for to in o.pawn_extra(from) & target & pin_line {
            list.add(Move::new(from, to));
        }
    }
    for to in pos.ep {
        for from in t.pawn_attacks[them.idx()][to.idx()] & pawns {
            // En passant removes two pieces from their squares at once: check it by
            // playing it.
            let m = Move::with_kind(from, to, MoveKind::EnPassant);
            if !in_check(&pos.play(m), us) {
                list.add(m);
            }
        }
    }

    if checkers.is_empty() {
        castling_moves(pos, list, o);
    }
}

/// The castling moves of the side to move, which must not be in check: the squares
/// between royal piece and rook empty, none it crosses or reaches attacked.
pub fn castling_moves<O: Overlay>(pos: &Position, list: &mut impl Sink, o: &O) {
    if pos.castling == 0 {
        return;
    }
    let t = pos.tables;
    let us = pos.side;
    let them = us.other();
    let occ = pos.occupied();
    let ksq = pos.royal(us);
    let rank = t.back_rank(us);
    for side in castle_sides(us) {
        if pos.castling & side.right == 0 {
            continue;
        }
        let rook = t.square(side.rook_file, rank);
        let dest = t.square(side.king_to, rank);
        if (t.between(ksq, rook) & occ).any() {
            continue;
        }
        let path = t.between(ksq, dest) | Bitboard::from_square(dest);
        if { path }.all(|sq| o.attackers(pos, sq, them, occ).is_empty()) {
            list.add(Move::with_kind(ksq, dest, MoveKind::Castle));
        }
    }
}

/// The pieces that attack `color`'s royal piece.
#[inline]
pub fn checkers(pos: &Position, color: Color) -> Bitboard {
    attackers_to(pos, pos.royal(color), color.other(), pos.occupied())
}

/// Whether `color`'s royal piece is attacked.
#[inline]
pub fn in_check(pos: &Position, color: Color) -> bool {
    checkers(pos, color).any()
}

/// The mover's side after a move, told without playing it, as far as its attacks go
/// (`gives_check`): which squares are occupied, where its pieces no longer stand as they
/// did, and what the move put where. Cheaper than playing the move, which copies the
/// position and keeps its hash.
#[derive(Clone, Copy)]
pub struct After {
    pub us: Color,
    /// Every occupied square after the move.
    pub occ: Bitboard,
    /// The squares where the mover's pieces stood and no longer stand as they were:
    /// the move's start (and a castling rook's), and its target (where its own
    /// component of a Knightmare may have stood).
    pub left: Bitboard,
    /// Where the moved piece lands, and as what (a pawn as its promotion).
    pub to: Square,
    pub role: Role,
    /// Where a castling rook lands.
    pub rook: Option<Square>,
}

impl After {
    /// A piece moving from `from` to `to` as `role`, taking what stands on `to` and
    /// the piece on `victim` (en passant).
    #[inline]
    pub fn step(
        pos: &Position,
        from: Square,
        to: Square,
        role: Role,
        victim: Option<Square>,
    ) -> After {
        let mut occ = pos.occupied() & !Bitboard::from_square(from);
        if let Some(v) = victim {
            occ &= !Bitboard::from_square(v);
        }
        occ.set(to);
        After {
            us: pos.side,
            occ,
            left: Bitboard::from_square(from) | Bitboard::from_square(to),
            to,
            role,
            rook: None,
        }
    }

    /// Castling: the royal piece from `king` to `king_to`, the rook from `rook` to
    /// `rook_to`.
    #[inline]
    pub fn castle(
        pos: &Position,
        king: Square,
        king_to: Square,
        rook: Square,
        rook_to: Square,
    ) -> After {
        let left = Bitboard::from_square(king) | Bitboard::from_square(rook);
        After {
            us: pos.side,
            occ: (pos.occupied() & !left)
                | Bitboard::from_square(king_to)
                | Bitboard::from_square(rook_to),
            left,
            to: king_to,
            role: Role::King,
            rook: Some(rook_to),
        }
    }

    /// The mover's pieces of `role` after the move.
    #[inline]
    pub fn pieces(&self, pos: &Position, role: Role) -> Bitboard {
        let mut bb = pos.pieces(self.us, role) & !self.left;
        if role == self.role {
            bb.set(self.to);
        }
        if let (Role::Rook, Some(r)) = (role, self.rook) {
            bb.set(r);
        }
        bb
    }

    /// All the mover's pieces after the move.
    #[inline]
    pub fn all(&self, pos: &Position) -> Bitboard {
        let mut bb = pos.color_bb(self.us) & !self.left;
        bb.set(self.to);
        if let Some(r) = self.rook {
            bb.set(r);
        }
        bb
    }

    /// Whether the pieces the move put down attack `sq` (orthodox movement).
    #[inline]
    pub fn moved_attack(&self, pos: &Position, sq: Square) -> bool {
        attacks(pos, self.us, self.role, self.to, self.occ).has(sq)
            || self
                .rook
                .is_some_and(|r| pos.tables.rook_attacks(r, self.occ).has(sq))
    }
}

/// `After` a legal move of the chess family (combiningknightmare's too: a Knightmare's
/// component is one of its side's pieces, and what it carries along is the other's).
#[inline]
pub fn after(pos: &Position, m: Move) -> After {
    let t = pos.tables;
    let us = pos.side;
    let role = pos.role_at(us, m.from).unwrap_or(Role::Pawn);
    match m.kind {
        MoveKind::Castle => {
            let rank = t.back_rank(us);
            let side = castle_side(us, t.file_of(m.to) > t.file_of(m.from));
            let rook = t.square(side.rook_file, rank);
            After::castle(pos, m.from, m.to, rook, t.square(side.rook_to, rank))
        }
        MoveKind::EnPassant => {
            let victim = match us {
                Color::White => Square(m.to.0 - t.width),
                Color::Black => Square(m.to.0 + t.width),
            };
            After::step(pos, m.from, m.to, role, Some(victim))
        }
        _ => After::step(pos, m.from, m.to, m.promotion.unwrap_or(role), None),
    }
}

/// Whether the legal move `m` checks the enemy royal piece, told from the move and
/// the position (`Rules::gives_check`): after it, a piece of the mover that stayed
/// attacks it through the new occupancy (a discovered check), or a piece the move put
/// down does (the moved piece, as its promotion; a castling rook).
#[inline]
pub fn gives_check(pos: &Position, m: Move) -> bool {
    let a = after(pos, m);
    let ksq = pos.royal(a.us.other());
    (attackers_to(pos, ksq, a.us, a.occ) & !a.left).any() || a.moved_attack(pos, ksq)
}

/// Plays a legal move of the chess family.
pub fn apply(pos: &mut Position, m: Move) {
    let us = pos.side;
    let Some(role) = pos.role_at(us, m.from) else {
        debug_assert!(false, "no piece to move on {:?}", m.from);
        return;
    };
    let captured = match m.kind {
        MoveKind::EnPassant | MoveKind::Castle => apply_special(pos, m),
        _ => pos.remove(us.other(), m.to).is_some(),
    };
    pos.remove(us, m.from);
    pos.put(us, m.promotion.unwrap_or(role), m.to);
    finish_move(pos, m, role == Role::Pawn || captured);
}

/// The side effect of an en-passant capture (the pawn that passed leaves) or of
/// castling (the rook jumps over); true if something was captured.
pub fn apply_special(pos: &mut Position, m: Move) -> bool {
    let t = pos.tables;
    let us = pos.side;
    match m.kind {
        MoveKind::EnPassant => {
            let victim = match us {
                Color::White => Square(m.to.0 - t.width),
                Color::Black => Square(m.to.0 + t.width),
            };
            pos.remove(us.other(), victim).is_some()
        }
        MoveKind::Castle => {
            let rank = t.back_rank(us);
            let side = castle_side(us, t.file_of(m.to) > t.file_of(m.from));
            pos.remove(us, t.square(side.rook_file, rank));
            pos.put(us, Role::Rook, t.square(side.rook_to, rank));
            false
        }
        _ => false,
    }
}

/// What every move ends with once the pieces stand: castling rights lost from or
/// to its squares, the new en-passant square, the 50-move clock (reset by an
/// irreversible move) and the turn passing.
pub fn finish_move(pos: &mut Position, m: Move, irreversible: bool) {
    let t = pos.tables;
    let us = pos.side;
    let them = us.other();
    let rights = pos.castling & pos.castling_mask(m.from) & pos.castling_mask(m.to);
    if rights != pos.castling {
        pos.set_castling(rights);
    }
    // An en-passant square is kept only when an enemy pawn could take there, so that
    // positions that differ in nothing else hash alike.
    let mut ep = Bitboard::EMPTY;
    if m.kind == MoveKind::DoublePush && pos.variant.has_en_passant() {
        let mid = t.between(m.from, m.to);
        if let Some(sq) = mid.single() {
            if (t.pawn_attacks[us.idx()][sq.idx()] & pos.pieces(them, Role::Pawn)).any() {
                ep = mid;
            }
        }
    }
    if ep != pos.ep {
        pos.set_ep(ep);
    }
    pos.halfmove = if irreversible {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    pos.switch_side();
}

/// Orthodox chess.
pub struct Chess;

impl super::Rules for Chess {
    crate::rules::moves_from_module!(into any sink);
    /// Only kings, or kings and one knight or bishop.
    fn insufficient_material(pos: &Position) -> bool {
        let rest = super::pieces_besides_royals(pos);
        let minors = pos.pieces(Color::White, Role::Knight)
            | pos.pieces(Color::Black, Role::Knight)
            | pos.pieces(Color::White, Role::Bishop)
            | pos.pieces(Color::Black, Role::Bishop);
        rest.is_empty() || (rest == minors && !rest.more_than_one())
    }
}

/// Knightmate: the orthodox rules with a royal knight and commoners
/// (`VariantFacts::royal_is_knight`).
pub struct Knightmate;

impl super::Rules for Knightmate {
    crate::rules::moves_from_module!(into any sink);
}

/// `Rules::check_en_passant` for the orthodox family: one square, which a pawn of the
/// side not to move has just passed over with a double step: empty, on the third rank
/// from that side, that pawn in front of it.
pub(crate) fn check_en_passant(pos: &Position, ep: Bitboard) -> Result<(), FenError> {
    let t = pos.tables;
    if ep.count() > 1 {
        return Err(FenError(format!(
            "{} en-passant squares, a {} move leaves one",
            ep.count(),
            pos.variant
        )));
    }
    let mover = pos.side.other();
    // The pawn's start square is not checked: the capture does not need it, and a
    // bench position (combiningknightmare, queen on d7 after ...d7-d5) has it filled.
    let (passed, to) = match mover {
        Color::White => (2, 3),
        Color::Black => (t.height - 3, t.height - 4),
    };
    let occupied = pos.color_bb(Color::White) | pos.color_bb(Color::Black);
    for sq in ep {
        let file = t.file_of(sq);
        let why = if occupied.has(sq) {
            "holds a piece"
        } else if t.rank_of(sq) != passed {
            "is not on the rank a double step passes over"
        } else if pos.role_at(mover, t.square(file, to)) != Some(Role::Pawn) {
            "has no pawn of the side that just moved in front of it"
        } else {
            continue;
        };
        return Err(FenError(format!(
            "en-passant square {} {why}",
            t.square_name(sq)
        )));
    }
    Ok(())
}
