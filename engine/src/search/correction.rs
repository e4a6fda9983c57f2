//! Correction history (after Stockfish 16.1 and Ethereal): what the searches of this
//! game found the static evaluation to miss, by pawn structure. A node whose search
//! settles its score away from the static one records the difference under its pawn
//! structure; later nodes with the same pawns start from the static score plus the
//! average recorded there. The evaluation's blind spots are then paid for once per
//! structure, not at every node the pruning trusts the static score.

use crate::position::Position;

/// Entries per side: a power of two.
const ENTRIES: usize = 1 << 14;
/// An entry holds centipawns times this, so that small steps of the average count.
const GRAIN: i32 = 256;
/// The most an entry corrects, in centipawns.
const MAX_CP: i32 = 64;
/// A search of depth d weighs min(d + 1, `MAX_WEIGHT`) out of `WEIGHTS` in the average.
const MAX_WEIGHT: i32 = 16;
const WEIGHTS: i32 = 256;

/// Per-thread: one table per side to move.
pub struct Correction {
    table: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            table: vec![0; 2 * ENTRIES],
        }
    }

    /// The index of the position's pawn structure for the side to move.
    fn index(pos: &Position) -> usize {
        use crate::piece::{Color, Role};
        // Each board folded to 64 bits (the 10x10 board's squares reach past bit 64),
        // the first multiplied before the second joins it and then both together: a
        // multiply carries only upwards, so a board that joined last without a multiply
        // after it would reach the index's top bits through its low squares alone.
        let fold = |x: u128| (x as u64) ^ ((x >> 64) as u64).rotate_left(29);
        let w = fold(pos.pieces(Color::White, Role::Pawn).0);
        let b = fold(pos.pieces(Color::Black, Role::Pawn).0);
        let h = (w.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        pos.side.idx() * ENTRIES + (h >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// The static score `eval` of `pos`, corrected.
    #[inline]
    pub fn apply(&self, pos: &Position, eval: i32) -> i32 {
        eval + self.table[Self::index(pos)] / GRAIN
    }

    /// Records that a search of `depth` found `score` where the static score (before
    /// correction) was `raw_eval`: the entry moves towards the difference, the more
    /// the deeper the search.
    pub fn update(&mut self, pos: &Position, depth: i32, raw_eval: i32, score: i32) {
        let entry = &mut self.table[Self::index(pos)];
        let weight = (depth + 1).min(MAX_WEIGHT);
        let target = (score - raw_eval).clamp(-MAX_CP, MAX_CP) * GRAIN;
        *entry = (*entry * (WEIGHTS - weight) + target * weight) / WEIGHTS;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn a_structure_the_search_keeps_scoring_higher_is_corrected_upwards_within_bounds() {
        let pos = Position::startpos(Variant::Knightmate);
        let mut c = Correction::new();
        assert_eq!(c.apply(&pos, 10), 10);
        // A search of depth 10 weighs 11/256: ten of them move a third of the way.
        for _ in 0..10 {
            c.update(&pos, 10, 10, 40);
        }
        let some = c.apply(&pos, 10);
        assert!(some > 15 && some < 30, "{some}");
        for _ in 0..1000 {
            c.update(&pos, 10, 10, 500);
        }
        // Never past the bound (integer steps stop just short of it).
        let most = c.apply(&pos, 10);
        assert!((10 + MAX_CP - 1..=10 + MAX_CP).contains(&most), "{most}");
    }

    #[test]
    fn a_pawn_of_either_side_anywhere_changes_the_entry() {
        let index = |fen: &str| {
            Correction::index(&Position::from_fen(Variant::Knightmate, fen).expect("FEN"))
        };
        let start = "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1";
        let black_e6 = "rmbqkbmr/pppp1ppp/4p3/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 2";
        let white_e3 = "rmbqkbmr/pppppppp/8/8/8/4P3/PPPP1PPP/RMBQKBMR w KQkq - 0 1";
        let black_h6 = "rmbqkbmr/ppppppp1/7p/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 2";
        let all = [start, black_e6, white_e3, black_h6].map(index);
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| b != a), "{all:?}");
        }
    }
}
