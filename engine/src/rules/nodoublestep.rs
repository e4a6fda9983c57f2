//! A variant that exists only in the test suite, added by ARCHITECTURE.md's checklist
//! ("Adding a variant") to prove it: orthodox chess whose pawns may not step two
//! squares (so there is no en passant either). Its rules record is its row in
//! `variant.rs`, its engine profile `profile/nodoublestep.rs`.

use super::orthodox;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;

/// Chess without the pawns' double step.
pub struct NoDoubleStep;

impl super::Rules for NoDoubleStep {
    fn generate(pos: &Position, list: &mut MoveList) {
        orthodox::generate(pos, list);
        list.retain(|m| m.kind != MoveKind::DoublePush);
    }
    fn apply(pos: &mut Position, m: Move) {
        orthodox::apply(pos, m);
    }
}

#[cfg(test)]
mod tests {
    use crate::perft::perft;
    use crate::position::Position;
    use crate::variant::Variant;
    use shakmaty::{fen::Fen, CastlingMode, Chess, Position as _, Role};

    /// Perft by shakmaty's chess with the pawns' double steps left out: a count made
    /// without Baton's rules code.
    fn oracle_perft(pos: &Chess, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves()
            .iter()
            .filter(|m| {
                let double = m.role() == Role::Pawn
                    && m.from().is_some_and(|from| from.distance(m.to()) == 2);
                !double
            })
            .map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(*m);
                oracle_perft(&next, depth - 1)
            })
            .sum()
    }

    #[test]
    fn perft_agrees_with_shakmaty_without_double_steps() {
        for (fen, depth) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                4,
            ),
            // Kiwipete: castling both ways, pins, promotions near.
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
        ] {
            let pos = Position::from_fen(Variant::NoDoubleStep, fen).unwrap();
            let oracle: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            assert_eq!(perft(&pos, depth), oracle_perft(&oracle, depth), "{fen}");
        }
    }

    #[test]
    fn the_start_has_eight_pawn_moves_fewer_than_chess() {
        let counts = |v| perft(&Position::startpos(v), 1);
        assert_eq!(counts(Variant::Chess) - counts(Variant::NoDoubleStep), 8);
    }
}
