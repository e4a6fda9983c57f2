//! Evaluation of flip shatranj. A piece threatens only what it may capture next turn,
//! and that is decided by its state and its neighbours (`rules::flip::Reach`): its
//! own captures in capture state or next to a power, and the captures its neighbours
//! in capture state lend it. The terms: material, placement, what each piece may do
//! next turn (moves and captures, borrowed ones included), powers' freed neighbours,
//! threats, hanging pieces of the side to move, and king safety, which decides the
//! game: a king the side to move can capture is a won game, one it must save costs
//! tempo, two at once are usually lost, and enemy pieces one flip away from a king
//! weigh more than linearly.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::bitboard::Bitboard;
use crate::eval::{centre_distance, OwnTerms, Weights};
use crate::geometry::Square;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::flip::Reach;
use crate::rules::orthodox::piece_attacks;

/// The terms only flip shatranj has (`[own.flip]` in its weights files), in centipawns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlipTerms {
    /// Per square a piece may move to or capture on next turn (natural or borrowed).
    pub mobility_move: i32,
    pub mobility_capture: i32,
    /// Per friendly piece next to a power (its natural moves ignore its state).
    pub power_neighbour: i32,
    /// Per enemy piece a piece could capture next turn.
    pub threat: i32,
    /// A king the side to move can capture: the game is won.
    pub king_en_prise: i32,
    /// The side to move must save a king attacked by this many pieces...
    pub king_attacked: i32,
    pub king_attacker_more: i32,
    /// ...or two kings at once (10x10).
    pub kings_forked: i32,
    /// Enemy pieces that need only a flip to attack a king, and enemy captures on the
    /// squares around it: attack units, whose square times `royal_attack / 4` is
    /// the danger, up to `max_danger`.
    pub latent_units: i32,
    pub zone_units: i32,
    pub max_danger: i32,
    /// Per square a king could step to that no enemy could capture on.
    pub king_escape: i32,
    /// Hanging pieces of the side to move: the largest is lost by a fraction (it may
    /// be saved), the others by a larger one.
    pub hanging_first_div: i32,
    pub hanging_rest_div: i32,
}

impl OwnTerms for FlipTerms {
    const NAME: &'static str = "flip";
    /// The won-king score, the danger's cap and the hanging pieces' divisors: bounds
    /// and fractions, not weights.
    const FIXED: &'static [&'static str] = &[
        "king_en_prise",
        "max_danger",
        "hanging_first_div",
        "hanging_rest_div",
    ];
}

/// Pieces per side the threat terms look at (a game has at most 20; a composed
/// position with more still gets its material and mobility counted).
const MAX_PIECES: usize = 32;

/// One piece as the evaluation sees it.
struct Piece {
    role: Role,
    sq: Square,
    /// Where it may capture next turn.
    captures: Bitboard,
    /// Where its natural pattern reaches, though its state forbids captures now:
    /// a flip away from threatening.
    latent: Bitboard,
}

/// Everything one side threatens.
struct Side {
    pieces: ArrayVec<Piece, MAX_PIECES>,
    /// Squares it may capture on next turn.
    attacks: Bitboard,
    /// The same, with the state of every piece ignored (what a flip could add).
    latent: Bitboard,
    score: i32,
}

fn side(pos: &Position, w: &Weights, ft: &FlipTerms, us: Color) -> Side {
    let t = pos.tables;
    let reach = Reach::new(pos, us);
    let empty = t.all & !pos.occupied();
    let enemy = pos.color_bb(us.other());
    let max_dist = (t.width.max(t.height) as i32) / 2 - 1;
    let mut s = Side {
        pieces: ArrayVec::new(),
        attacks: Bitboard::EMPTY,
        latent: Bitboard::EMPTY,
        score: 0,
    };
    for sq in pos.color_bb(us) {
        let Some(role) = pos.role_at(us, sq) else {
            continue;
        };
        s.score += w.material[role.idx()].0;
        let central = max_dist - centre_distance(t, sq);
        let (moves, captures, natural) = if role == Role::Pawn {
            s.score += (t.relative_rank(us, sq) as i32 - 1) * w.pawn_advance.0;
            let natural = t.pawn_attacks[us.idx()][sq.idx()];
            let pushes = if reach.natural_states(sq).0 {
                t.push(us, Bitboard::from_square(sq))
            } else {
                Bitboard::EMPTY
            };
            (pushes, reach.pawn_captures(pos, us, sq), natural)
        } else {
            if role == Role::King {
                s.score -= central * w.royal_shelter;
            } else {
                s.score += central * w.centre[role.idx()].0;
            }
            let (moves, captures) = reach.leaps(pos, role, sq);
            (
                moves,
                captures,
                piece_attacks(pos, role, sq, Bitboard::EMPTY),
            )
        };
        s.score += (moves & empty).count() as i32 * ft.mobility_move
            + (captures & enemy).count() as i32 * (ft.mobility_capture + ft.threat);
        if role == Role::Power {
            let freed = t.king[sq.idx()] & pos.color_bb(us) & !pos.pieces(us, Role::Power);
            s.score += freed.count() as i32 * ft.power_neighbour;
        }
        let latent = natural & !captures;
        s.attacks |= captures;
        s.latent |= latent;
        let _ = s.pieces.try_push(Piece {
            role,
            sq,
            captures,
            latent,
        });
    }
    s
}

/// The danger to `us`'s kings from `them` (positive = bad for `us`); `to_move` tells
/// whether `us` moves next.
fn king_danger(
    pos: &Position,
    w: &Weights,
    ft: &FlipTerms,
    us: Color,
    them: &Side,
    to_move: bool,
) -> i32 {
    let t = pos.tables;
    let own = pos.color_bb(us);
    let mut danger = 0;
    let mut kings_attacked = 0;
    for k in pos.royals(us) {
        let attackers = them.pieces.iter().filter(|p| p.captures.has(k)).count() as i32;
        if attackers > 0 {
            if !to_move {
                return ft.king_en_prise;
            }
            kings_attacked += 1;
            danger += ft.king_attacked + ft.king_attacker_more * (attackers - 1);
        }
        let zone = t.king[k.idx()];
        let latent = them.pieces.iter().filter(|p| p.latent.has(k)).count() as i32;
        let zone_hits: i32 = them
            .pieces
            .iter()
            .map(|p| (p.captures & zone).count() as i32)
            .sum();
        let units = latent * ft.latent_units + zone_hits * ft.zone_units;
        danger += (units * units * w.royal_attack / 4).min(ft.max_danger);
        let escapes = zone & !own & !them.attacks & !them.latent;
        danger -= escapes.count() as i32 * ft.king_escape;
    }
    if kings_attacked >= 2 {
        danger += ft.kings_forked;
    }
    danger
}

/// Value lost to the pieces of the side to move that the opponent could take next
/// turn and it cannot retake (or that a cheaper piece attacks).
fn hanging(w: &Weights, ft: &FlipTerms, us: &Side, them: &Side) -> i32 {
    let mut values: ArrayVec<i32, MAX_PIECES> = ArrayVec::new();
    for p in &us.pieces {
        if p.role == Role::King || !them.attacks.has(p.sq) {
            continue;
        }
        // The evaluation's own material (the search's exchange values may differ).
        let v = w.material[p.role.idx()].0;
        let cheapest = them
            .pieces
            .iter()
            .filter(|a| a.captures.has(p.sq))
            .map(|a| match a.role {
                Role::King => 0,
                r => w.material[r.idx()].0,
            })
            .min()
            .unwrap_or(v);
        let loss = if us.attacks.has(p.sq) {
            (v - cheapest).max(0)
        } else {
            v
        };
        if loss > 0 {
            values.push(loss);
        }
    }
    let max = values.iter().copied().max().unwrap_or(0);
    let sum: i32 = values.iter().sum();
    max / ft.hanging_first_div + (sum - max) / ft.hanging_rest_div
}

/// The evaluation under weights `w`, whose own terms are `ft` (the variant's own:
/// `eval::evaluate`), from the side to move's point of view.
pub fn evaluate(pos: &Position, w: &Weights, ft: &FlipTerms) -> i32 {
    let us = pos.side;
    let mine = side(pos, w, ft, us);
    let theirs = side(pos, w, ft, us.other());
    // The opponent's king that we may take now ends the game.
    let their_danger = king_danger(pos, w, ft, us.other(), &mine, false);
    if their_danger >= ft.king_en_prise {
        return ft.king_en_prise;
    }
    let my_danger = king_danger(pos, w, ft, us, &theirs, true);
    mine.score - theirs.score - my_danger + their_danger - hanging(w, ft, &mine, &theirs) + w.tempo
}
