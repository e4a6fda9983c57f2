//! Pawns among relays and gates. A pawn's path is a walk over states (square, what it
//! may do next); it only ever goes forward, so no relay is met twice.
//!
//! - Moving forward (from its square, or after a push ended on a relay): one square,
//!   or two if it stood on its start rank (and, after such a pawn reached a relay,
//!   again two). A push ending on a relay goes on from it; a two-square push over a
//!   relay is the same as a push onto it and on. A two-square push whose middle
//!   square is a gate emerges from the other gate and ends one square beyond it (on
//!   a relay it goes on as after a two-square push), once per move.
//! - Diagonally: a capture, an en-passant capture, or a step onto a relay, from which
//!   only diagonal steps follow.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::piece::Color;

use super::field::{Army, Field};

/// Forward state flags: the tunnel is still unused, two-square pushes allowed.
const TUNNEL: usize = 1;
const DOUBLE: usize = 2;
/// After a diagonal step onto a relay.
const DIAG: usize = 4;

/// Where one pawn's paths lead.
#[derive(Clone, Copy, Default)]
pub(crate) struct PawnReach {
    /// Empty squares reached by pushes that did not use the tunnel.
    pub quiet: Bitboard,
    /// Empty squares reached only by pushes through the tunnel.
    pub tunnel: Bitboard,
    /// Every square a diagonal step reaches (captures, en passant, anything else).
    pub diagonal: Bitboard,
}

#[inline]
fn step(f: &Field, color: Color, sq: Square) -> Option<Square> {
    f.t.push(color, Bitboard::from_square(sq)).single()
}

/// The paths of a `color` pawn on `from`, which stands on its start rank if
/// `double`. For moves, the field must have `from` vacated.
pub(crate) fn reach(f: &Field, color: Color, from: Square, double: bool) -> PawnReach {
    let mut out = PawnReach::default();
    let mut pending = [Bitboard::EMPTY; 5];
    let mut done = [Bitboard::EMPTY; 5];
    let start = TUNNEL | if double { DOUBLE } else { 0 };
    visit(f, color, from, start, &mut out, &mut pending);
    loop {
        let Some(mode) = (0..5).find(|&m| (pending[m] & !done[m]).any()) else {
            return out;
        };
        let sq = (pending[mode] & !done[mode]).lsb();
        done[mode].set(sq);
        visit(f, color, sq, mode, &mut out, &mut pending);
    }
}

fn visit(
    f: &Field,
    color: Color,
    sq: Square,
    mode: usize,
    out: &mut PawnReach,
    pending: &mut [Bitboard; 5],
) {
    let diagonal = f.t.pawn_attacks[color.idx()][sq.idx()];
    out.diagonal |= diagonal;
    pending[DIAG] |= diagonal & f.relays;
    if mode == DIAG {
        return;
    }
    let land = |to: Square, mode: usize, out: &mut PawnReach, pending: &mut [Bitboard; 5]| {
        if f.relays.has(to) {
            pending[mode].set(to);
        } else if f.is_empty(to) {
            if mode & TUNNEL != 0 {
                out.quiet.set(to);
            } else {
                out.tunnel.set(to);
            }
        }
    };
    let Some(one) = step(f, color, sq) else {
        return;
    };
    land(one, mode, out, pending);
    if mode & DOUBLE == 0 {
        return;
    }
    if f.is_empty(one) {
        if let Some(two) = step(f, color, one) {
            land(two, mode, out, pending);
        }
    } else if mode & TUNNEL != 0 && f.tunnel && f.gates.has(one) {
        let exit = (f.gates & !Bitboard::from_square(one)).lsb();
        if let Some(beyond) = step(f, color, exit) {
            land(beyond, DOUBLE, out, pending);
        }
    }
    // A two-square push over a relay is the push onto the relay, then on.
}

/// The way a `color` pawn on `from` (on its start rank if `double`) goes to `to`, for
/// showing it: the squares where it starts, turns (each relay it lands on, both gates of
/// the tunnel) and ends, by the same walk as `reach`, the fewest steps first; `None`
/// where the walk does not get there. The field must have `from` vacated.
pub(crate) fn route(
    f: &Field,
    color: Color,
    from: Square,
    double: bool,
    to: Square,
) -> Option<Vec<Square>> {
    let start = TUNNEL | if double { DOUBLE } else { 0 };
    let mut queue = std::collections::VecDeque::from([(from, start, vec![from])]);
    let mut seen = vec![(from, start)];
    while let Some((sq, mode, path)) = queue.pop_front() {
        // Each step: the squares it adds to the way (its last the square it lands
        // on), and the mode it goes on in from a relay there.
        let mut steps: Vec<(Vec<Square>, usize)> = Vec::new();
        for d in f.t.pawn_attacks[color.idx()][sq.idx()] {
            steps.push((vec![d], DIAG));
        }
        if mode != DIAG {
            if let Some(one) = step(f, color, sq) {
                steps.push((vec![one], mode));
                if mode & DOUBLE != 0 {
                    if f.is_empty(one) {
                        if let Some(two) = step(f, color, one) {
                            steps.push((vec![two], mode));
                        }
                    } else if mode & TUNNEL != 0 && f.tunnel && f.gates.has(one) {
                        let exit = (f.gates & !Bitboard::from_square(one)).lsb();
                        if let Some(beyond) = step(f, color, exit) {
                            steps.push((vec![one, exit, beyond], DOUBLE));
                        }
                    }
                }
            }
        }
        for (squares, next) in steps {
            let Some(&land) = squares.last() else {
                continue;
            };
            let mut way = path.clone();
            way.extend(&squares);
            if land == to && !f.relays.has(land) {
                return Some(way);
            }
            if f.relays.has(land) && !seen.contains(&(land, next)) {
                seen.push((land, next));
                queue.push_back((land, next, way));
            }
        }
    }
    None
}

/// Whether some pawn of `army` captures on `target` by a path through a relay (the
/// plain diagonal capture is tested by the caller).
pub(crate) fn attack_through_relays(f: &Field, army: &Army, target: Square) -> bool {
    let t = f.t;
    let color = army.color;
    let back = color.other();
    // Only pawns that can step onto a relay or into the tunnel at all.
    let mut near = Bitboard::EMPTY;
    for r in f.relays {
        let b = Bitboard::from_square(r);
        let one = t.push(back, b);
        near |= one | t.push(back, one) | t.pawn_attacks[back.idx()][r.idx()];
    }
    if f.tunnel {
        near |= t.push(back, f.gates);
    }
    let start_rank = start_rank(f, color);
    for p in army.pawns & near {
        if reach(f, color, p, start_rank.has(p)).diagonal.has(target) {
            return true;
        }
    }
    false
}

/// The rank from which a `color` pawn may push two squares.
#[inline]
pub(crate) fn start_rank(f: &Field, color: Color) -> Bitboard {
    match color {
        Color::White => f.t.ranks[1],
        Color::Black => f.t.ranks[f.t.height as usize - 2],
    }
}
