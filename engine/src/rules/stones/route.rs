//! The way a piece went in a turn, for showing it: the rules only need the squares a
//! piece reaches (`field`'s closures), a person needs to see how a move through two
//! relays got there rather than a jump. The route is found leg by leg, as the reach
//! is: a slider's line (through the tunnel) or a leaper's step, continued from each
//! relay it lands on, each relay at most once; the fewest legs win.

use std::collections::VecDeque;

use super::field::{Field, ALL_DIRECTIONS};
use crate::geometry::{Square, DIAGONAL, ORTHOGONAL};
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::Position;

/// The squares where the piece move of the legal turn `m` starts, turns (each relay
/// crossed, the tunnel's two gates) and ends: `[from, to]` for a move straight there.
/// Castling is shown straight; a pawn's way is its walk's (`pawns::route`).
pub fn route(pos: &Position, m: Move) -> Vec<Square> {
    let straight = vec![m.from, m.to];
    if m.kind == MoveKind::Castle {
        return straight;
    }
    let Some(role) = pos.role_at(pos.side(), m.from) else {
        return straight;
    };
    let mut f = Field::of(pos);
    f.occ.clear(m.from);
    let t = f.t;
    if role == Role::Pawn {
        let color = pos.side();
        let double = super::pawns::start_rank(&f, color).has(m.from);
        return super::pawns::route(&f, color, m.from, double, m.to).unwrap_or(straight);
    }
    let dirs: &[usize] = match role {
        Role::Bishop => &DIAGONAL,
        Role::Rook => &ORTHOGONAL,
        Role::Queen => &ALL_DIRECTIONS,
        Role::Knight | Role::King => &[],
        _ => return straight,
    };
    // Breadth first over (square, tunnel used), each with the turns that led there.
    let mut queue = VecDeque::from([(m.from, false, vec![m.from])]);
    let mut seen = vec![(m.from, false)];
    while let Some((at, used, path)) = queue.pop_front() {
        // Each leg: the squares it touches, and the gates it went through.
        let mut legs = Vec::new();
        if dirs.is_empty() {
            let table = if role == Role::Knight {
                &t.knight
            } else {
                &t.king
            };
            legs.push((table[at.idx()], Vec::new(), used));
        } else {
            for &d in dirs {
                let (before, after) = f.slider_leg(at, &[d], !used);
                legs.push((before, Vec::new(), used));
                if let Some(gate) = (before & f.gates).single() {
                    if after.any() {
                        let other = (f.gates & !crate::bitboard::Bitboard::from_square(gate)).lsb();
                        legs.push((after, vec![gate, other], true));
                    }
                }
            }
        }
        for (squares, gates, used) in legs {
            let mut way = path.clone();
            way.extend(gates);
            if squares.has(m.to) && !f.relays.has(m.to) {
                way.push(m.to);
                return way;
            }
            for r in squares & f.relays {
                if !seen.contains(&(r, used)) && !path.contains(&r) {
                    seen.push((r, used));
                    let mut next = way.clone();
                    next.push(r);
                    queue.push_back((r, used, next));
                }
            }
        }
    }
    straight
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn way(fen: &str, text: &str) -> Vec<String> {
        way_in(Variant::StonesRelays, fen, text)
    }

    fn way_in(v: Variant, fen: &str, text: &str) -> Vec<String> {
        let pos = Position::from_fen(v, fen).expect("fen");
        let m = crate::parse_move(&pos, text).expect("legal");
        route(&pos, m)
            .into_iter()
            .map(|s| pos.tables.square_name(s))
            .collect()
    }

    #[test]
    fn a_rook_through_two_relays_turns_on_each() {
        let fen = "7k/8/8/8/X3X3/8/8/7K/RN6 w - - 0 1";
        assert_eq!(way(fen, "a1e7"), ["a1", "a5", "e5", "e7"]);
        // Straight where no relay is crossed.
        assert_eq!(way(fen, "a1a3"), ["a1", "a3"]);
    }

    #[test]
    fn a_knight_leaps_on_from_a_relay_and_a_null_move_comes_back() {
        let fen = "7k/8/8/8/3X4/8/2N5/7K/8 w - - 0 1";
        // c3-d5 lands on the relay, then leaps on to f6.
        assert_eq!(way(fen, "c3f6"), ["c3", "d5", "f6"]);
        assert_eq!(way(fen, "c3c3"), ["c3", "d5", "c3"]);
    }

    #[test]
    fn a_pawn_turns_on_the_relays_it_lands_on() {
        // c2 steps onto the relay on c3, then captures on d4 from it; or pushes on.
        let fen = "7k/8/8/8/8/3n4/2X5/2P5/7K w - - 0 1";
        assert_eq!(way(fen, "c2d4"), ["c2", "c3", "d4"]);
        assert_eq!(way(fen, "c2c5"), ["c2", "c3", "c5"]);
        // Straight where no relay is met.
        let open = "7k/8/8/8/8/8/8/2P5/7K w - - 0 1";
        assert_eq!(way(open, "c2c4"), ["c2", "c4"]);
    }

    #[test]
    fn a_rook_through_the_tunnel_turns_at_both_gates() {
        let fen = "7k/8/8/6G1/8/6G1/8/7K/6R1 w - - 0 1";
        assert_eq!(
            way_in(Variant::StonesRelaysTunnel, fen, "g1g8"),
            ["g1", "g4", "g6", "g8"]
        );
    }
}
