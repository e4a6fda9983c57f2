//! Whole turns: every piece move, each alone and followed by every neutral move,
//! kept when the mover's king is safe after the whole turn.
//!
//! Most check tests are skipped (`Field::watch`). Before the turn the king is safe
//! or not; a piece move that empties no square in sight keeps it safe (filling a
//! square or taking a piece only removes attacks). After the piece move, a neutral
//! move changes the answer only if
//! - a stone leaves or enters a square in sight,
//! - a relay lands on, or leaves, a square of the zone (relays never block, so they
//!   change nothing else), or
//! - a gate does either, or the tunnel may matter.
//!
//! Otherwise the answer stands (`Watch::may_change`); `tests.rs` checks this against
//! full tests.

use crate::bitboard::Bitboard;
use crate::geometry::{Square, DIAGONAL, ORTHOGONAL};
use crate::moves::{Move, MoveKind, Sink};
use crate::piece::{Color, Role};
use crate::position::castle_sides;
use crate::position::Position;

use super::field::{Army, Field, Watch, ALL_DIRECTIONS};
use super::neutral::{movers, Movers, NeutralMoves};
use super::pawns;

pub(crate) fn generate(pos: &Position, list: &mut impl Sink) {
    generate_some(pos, Forms::All, Pieces::All, list);
}

/// Which forms of each piece move to keep (the legal ones only, always).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Forms {
    /// Every legal form: the piece move alone and with each neutral move.
    All,
    /// The piece move alone.
    Plain,
    /// The piece move with a neutral move (the complement of `Plain`).
    Neutral,
    /// One form per piece move: the plain one where legal, else the first legal
    /// neutral form. Enough to see what the piece move does, at the price of one test
    /// per neutral move only where the plain form leaves the king attacked.
    First,
}

/// Which piece moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pieces {
    All,
    /// Captures (en passant too) and promotions.
    Tactical,
}

/// The legal turns of the chosen piece moves, in the chosen forms.
pub(crate) fn generate_some(pos: &Position, forms: Forms, pieces: Pieces, list: &mut impl Sink) {
    let Some(mut turns) = Turns::new(pos) else {
        return;
    };
    turns.forms = forms;
    turns.tactical = pieces == Pieces::Tactical;
    turns.pieces(list);
    turns.pawns(list);
    if !turns.tactical {
        turns.castling(list);
    }
}

/// The legal turns whose piece moves from `from` (reading a move's text).
pub(crate) fn generate_from(pos: &Position, from: Square, list: &mut impl Sink) {
    generate_with(pos, list, |turns| turns.from = Bitboard::from_square(from));
}

/// Every form of every turn, legal or not (castling conditions judged before the
/// turn still apply): the tests check the shortcuts above against playing each one.
#[cfg(test)]
pub(crate) fn generate_all_forms(pos: &Position, list: &mut impl Sink) {
    generate_with(pos, list, |turns| turns.all_forms = true);
}

/// The legal turns, every neutral move checked by the full attack test.
#[cfg(test)]
pub(crate) fn generate_exact(pos: &Position, list: &mut impl Sink) {
    generate_with(pos, list, |turns| turns.exact = true);
}

/// Every turn of the pieces, pawns and castlings, with the settings `set` makes.
fn generate_with(pos: &Position, list: &mut impl Sink, set: impl FnOnce(&mut Turns)) {
    let Some(mut turns) = Turns::new(pos) else {
        return;
    };
    set(&mut turns);
    turns.pieces(list);
    turns.pawns(list);
    turns.castling(list);
}

struct Turns<'a> {
    pos: &'a Position,
    field: Field,
    us: Color,
    enemy: Bitboard,
    /// The opponent's pieces, as attackers.
    army: Army,
    king: Square,
    check: bool,
    /// What can change an attack on the king before the turn.
    watch: Watch,
    movers: Movers,
    forms: Forms,
    /// Captures and promotions only.
    tactical: bool,
    /// Tests only: keep the forms that leave the king attacked too.
    all_forms: bool,
    /// Tests only: no shortcuts after the neutral move.
    exact: bool,
    /// The squares whose pieces move (all of them, but when a move text is read).
    from: Bitboard,
}

impl<'a> Turns<'a> {
    fn new(pos: &'a Position) -> Option<Turns<'a>> {
        let us = pos.side;
        let king = pos.royals(us).single()?;
        let field = Field::of(pos);
        let army = Army::of(pos, us.other());
        Some(Turns {
            pos,
            field,
            us,
            enemy: pos.them(),
            army,
            king,
            check: field.attacked(king, &army),
            watch: field.watch(king),
            movers: movers(pos),
            forms: Forms::All,
            tactical: false,
            all_forms: false,
            exact: false,
            from: pos.tables.all,
        })
    }

    /// Knights, sliders and the king, through relays (and the tunnel for sliders).
    fn pieces(&self, list: &mut impl Sink) {
        let t = self.pos.tables;
        for role in Role::ORTHODOX_PIECES {
            for from in self.pos.pieces(self.us, role) & self.from {
                let mut f = self.field;
                f.occ.clear(from);
                let reach = match role {
                    Role::Knight => f.leaper_reach(from, &t.knight),
                    Role::Bishop => f.slider_reach(from, &DIAGONAL),
                    Role::Rook => f.slider_reach(from, &ORTHOGONAL),
                    Role::Queen => f.slider_reach(from, &ALL_DIRECTIONS),
                    _ => f.leaper_reach(from, &t.king),
                };
                // Empty squares (the start square too: a null move) and captures.
                let targets = if self.tactical {
                    self.enemy
                } else {
                    !f.occ | self.enemy
                };
                for to in reach & targets & t.all {
                    let king = if role == Role::King { to } else { self.king };
                    let victim = self.enemy.has(to).then_some(to);
                    self.turn(list, Move::new(from, to), from, to, victim, king);
                }
            }
        }
    }

    fn pawns(&self, list: &mut impl Sink) {
        let t = self.pos.tables;
        let start = pawns::start_rank(&self.field, self.us);
        let promo = t.promotion_rank(self.us);
        for from in self.pos.pieces(self.us, Role::Pawn) & self.from {
            let mut f = self.field;
            f.occ.clear(from);
            let r = pawns::reach(&f, self.us, from, start.has(from));
            let here = Bitboard::from_square(from);
            let en_passant = r.diagonal & self.pos.ep & !f.occ;
            // Quiescence keeps only the pushes that promote.
            let pushes = if self.tactical { promo } else { t.all };
            let quiet = r.quiet & !here & !en_passant & pushes;
            let tunnel = r.tunnel & !quiet & !here & !en_passant & pushes;
            for to in r.diagonal & self.enemy {
                self.pawn_turns(list, Move::new(from, to), Some(to), promo);
            }
            for to in quiet {
                // Squares passed over (not relays) become en-passant squares.
                let kind = if (t.between(from, to) & !self.field.relays).any() {
                    MoveKind::DoublePush
                } else {
                    MoveKind::Normal
                };
                self.pawn_turns(list, Move::with_kind(from, to, kind), None, promo);
            }
            for to in tunnel {
                self.pawn_turns(list, Move::new(from, to), None, promo);
            }
            for to in en_passant {
                if let Some(victim) = passed_pawn(self.pos, self.us, to) {
                    let m = Move::with_kind(from, to, MoveKind::EnPassant);
                    self.turn_with(
                        list,
                        m,
                        here | Bitboard::from_square(victim),
                        Bitboard::from_square(to),
                        Some(victim),
                        self.king,
                    );
                }
            }
        }
    }

    fn pawn_turns(&self, list: &mut impl Sink, m: Move, victim: Option<Square>, promo: Bitboard) {
        if promo.has(m.to) {
            for &role in self.pos.variant.promotion_roles() {
                let p = Move::promote(m.from, m.to, role);
                self.turn(list, p, m.from, m.to, victim, self.king);
            }
        } else {
            self.turn(list, m, m.from, m.to, victim, self.king);
        }
    }

    /// Castling, written king-takes-rook: not out of check nor across an attacked
    /// square, judged before the turn; the landing square is judged after it.
    fn castling(&self, list: &mut impl Sink) {
        let pos = self.pos;
        let t = pos.tables;
        if self.check || pos.castling == 0 || !self.from.has(self.king) {
            return;
        }
        let rank = t.back_rank(self.us);
        for side in castle_sides(self.us) {
            if pos.castling & side.right == 0 {
                continue;
            }
            let rook = t.square(side.rook_file, rank);
            let dest = t.square(side.king_to, rank);
            if pos.role_at(self.us, rook) != Some(Role::Rook)
                || (t.between(self.king, rook) & self.field.occ).any()
            {
                continue;
            }
            let mut crossed = t.between(self.king, dest);
            if Iterator::any(&mut crossed, |sq| self.field.attacked(sq, &self.army)) {
                continue;
            }
            let rook_to = t.square(side.rook_to, rank);
            let m = Move::with_kind(self.king, rook, MoveKind::Castle);
            let vacated = Bitboard::from_square(self.king) | Bitboard::from_square(rook);
            let filled = Bitboard::from_square(dest) | Bitboard::from_square(rook_to);
            self.turn_with(list, m, vacated, filled, None, dest);
        }
    }

    #[inline]
    fn turn(
        &self,
        list: &mut impl Sink,
        m: Move,
        from: Square,
        to: Square,
        victim: Option<Square>,
        king: Square,
    ) {
        if from == to {
            self.neutral_moves(list, m, self.field, &self.army, self.check, king);
        } else {
            let vacated = Bitboard::from_square(from);
            let filled = Bitboard::from_square(to);
            self.turn_with(list, m, vacated, filled, victim, king);
        }
    }

    /// A piece move that empties `vacated` and fills `filled`, taking `victim`.
    fn turn_with(
        &self,
        list: &mut impl Sink,
        m: Move,
        vacated: Bitboard,
        filled: Bitboard,
        victim: Option<Square>,
        king: Square,
    ) {
        let mut f = self.field;
        f.occ = (f.occ & !vacated) | filled;
        let army = match victim {
            Some(v) => self.army.without(v),
            None => self.army,
        };
        let check = if king != self.king || self.check || (vacated & self.watch.sight).any() {
            f.attacked(king, &army)
        } else {
            false
        };
        self.neutral_moves(list, m, f, &army, check, king);
    }

    /// The piece move alone, then with each neutral move, where the king is safe.
    fn neutral_moves(
        &self,
        list: &mut impl Sink,
        m: Move,
        f: Field,
        army: &Army,
        check: bool,
        king: Square,
    ) {
        let plain = !check || self.all_forms;
        if plain && self.forms != Forms::Neutral {
            list.add(m);
        }
        if self.forms == Forms::Plain || (plain && self.forms == Forms::First) {
            return;
        }
        let mut watch: Option<Watch> = None;
        let empty = !f.occ;
        for mover in &self.movers {
            let a = mover.from;
            for b in mover.targets & empty {
                let full = || !f.after_neutral(mover.kind, a, b).attacked(king, army);
                let safe = match mover.kind {
                    _ if self.exact => full(),
                    kind => {
                        let w = *watch.get_or_insert_with(|| f.watch(king));
                        if w.may_change(kind, a, b, check) {
                            full()
                        } else {
                            !check
                        }
                    }
                };
                if safe || self.all_forms {
                    list.add(Move {
                        extra: Some((a, b)),
                        ..m
                    });
                    if self.forms == Forms::First {
                        return;
                    }
                }
            }
        }
    }
}

/// The pawn an en-passant capture on `to` by `us` removes: the nearest enemy piece
/// beyond `to` on its file (only the squares the pawn passed lie between), if it is
/// a pawn.
pub(crate) fn passed_pawn(pos: &Position, us: Color, to: Square) -> Option<Square> {
    let t = pos.tables;
    let them = us.other();
    let beyond = match us {
        Color::White => t.rays[4][to.idx()],
        Color::Black => t.rays[0][to.idx()],
    } & pos.color_bb(them);
    if beyond.is_empty() {
        return None;
    }
    let sq = match us {
        Color::White => beyond.msb(),
        Color::Black => beyond.lsb(),
    };
    (pos.role_at(them, sq) == Some(Role::Pawn)).then_some(sq)
}

/// The neutral moves that, made alone now, would put the enemy king in check: a stone
/// or gate stepping off a line, a relay or gate stepping to where a path bends onto
/// the king. The turn's piece move can still spoil such a check (by blocking the
/// line, or by being the piece that gives it) or make one; this only names candidates.
pub(crate) fn neutral_checks(pos: &Position) -> NeutralMoves {
    let us = pos.side;
    let mut out = Movers::new();
    let Some(king) = pos.royals(us.other()).single() else {
        return NeutralMoves(out);
    };
    let field = Field::of(pos);
    let army = Army::of(pos, us);
    let w = field.watch(king);
    let empty = !field.occ;
    for mut mover in movers(pos) {
        let a = mover.from;
        let mut checks = Bitboard::EMPTY;
        for b in mover.targets & empty {
            // The king is not attacked now (the opponent is not in check).
            if w.may_change(mover.kind, a, b, false)
                && field.after_neutral(mover.kind, a, b).attacked(king, &army)
            {
                checks.set(b);
            }
        }
        if checks.any() {
            mover.targets = checks;
            out.push(mover);
        }
    }
    NeutralMoves(out)
}

/// The legal turns that end with one of the neutral moves `only`.
pub(crate) fn generate_with_neutral(pos: &Position, only: &NeutralMoves, list: &mut impl Sink) {
    let Some(mut turns) = Turns::new(pos) else {
        return;
    };
    turns.movers = only.0.clone();
    turns.forms = Forms::Neutral;
    turns.pieces(list);
    turns.pawns(list);
    turns.castling(list);
}
