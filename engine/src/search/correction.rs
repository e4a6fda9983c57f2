//! Correction history (after Stockfish 16.1 and 17, and Ethereal): what the searches
//! of this game found the static evaluation to miss, kept in three tables: by both
//! sides' pawns, by White's other pieces and by Black's. A node whose search settles
//! its score away from its corrected static score moves the position's entry in each
//! table by a share of the difference; later nodes that share a pawn structure or one
//! side's pieces start from the static score plus those entries. The evaluation's
//! blind spots are then paid for once per structure, not at every node the pruning
//! trusts the static score.

use crate::position::Position;

/// Entries per side: a power of two.
const ENTRIES: usize = 1 << 14;
/// An entry holds centipawns times this, so that small steps count.
const GRAIN: i32 = 256;
/// The most an entry corrects, in centipawns: the pawn table's entry counts whole and
/// each piece table's half, so the whole correction is at most twice this.
const MAX_CP: i32 = 64;
/// A search of depth d moves an entry by min(d + 1, `MAX_WEIGHT`) out of `WEIGHTS` of
/// what the correction missed.
const MAX_WEIGHT: i32 = 16;
const WEIGHTS: i32 = 256;

/// Per-thread: each table holds one half per side to move.
pub struct Correction {
    /// By both sides' pawns.
    pawns: Vec<i32>,
    /// By White's pieces other than pawns, then by Black's.
    pieces: [Vec<i32>; 2],
}

/// A position's entry in each table.
struct Slots {
    pawns: usize,
    pieces: [usize; 2],
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

/// A board folded to 64 bits (the 8x9 and 10x10 boards' squares reach past bit 64).
/// The upper half is multiplied, not rotated, so that no two squares share a bit.
fn fold(x: u128) -> u64 {
    (x as u64) ^ ((x >> 64) as u64).wrapping_mul(FINISH)
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
const FINISH: u64 = 0xC2B2_AE3D_27D4_EB4F;

impl Correction {
    pub fn new() -> Correction {
        Correction {
            pawns: vec![0; 2 * ENTRIES],
            pieces: [vec![0; 2 * ENTRIES], vec![0; 2 * ENTRIES]],
        }
    }

    /// The position's entry in each table, in the side to move's half.
    fn slots(pos: &Position) -> Slots {
        use crate::piece::{Color, Role};
        // Each board multiplied before the next joins it and all of them once more at
        // the end: a multiply carries only upwards, so a board that joined last
        // without a multiply after it would reach the index's top bits through its
        // low squares alone.
        let slot = |h: u64| {
            pos.side.idx() * ENTRIES
                + (h.wrapping_mul(FINISH) >> (64 - ENTRIES.trailing_zeros())) as usize
        };
        let w = fold(pos.pieces(Color::White, Role::Pawn).0);
        let b = fold(pos.pieces(Color::Black, Role::Pawn).0);
        // Every role's board joins the chain, empty or not, so that a role is known
        // by its place in it (a piece of one role never hashes as another's).
        let pieces = |color: Color| {
            Role::ALL[1..].iter().fold(MIX, |h, &role| {
                (h ^ fold(pos.pieces(color, role).0)).wrapping_mul(MIX)
            })
        };
        Slots {
            pawns: slot(w.wrapping_mul(MIX) ^ b),
            pieces: [slot(pieces(Color::White)), slot(pieces(Color::Black))],
        }
    }

    /// The static score `eval` of `pos`, corrected: the pawn table's entry plus half
    /// of each side's piece table's.
    #[inline]
    pub fn apply(&self, pos: &Position, eval: i32) -> i32 {
        let s = Self::slots(pos);
        let pieces = self.pieces[0][s.pieces[0]] + self.pieces[1][s.pieces[1]];
        eval + (2 * self.pawns[s.pawns] + pieces) / (2 * GRAIN)
    }

    /// Records that a search of `depth` found `score` where the corrected static
    /// score was `eval`: every table's entry moves by a share of the difference, the
    /// larger the deeper the search (after Stockfish, which learns what the
    /// correction still misses rather than what the static score missed).
    pub fn update(&mut self, pos: &Position, depth: i32, eval: i32, score: i32) {
        let s = Self::slots(pos);
        let weight = (depth + 1).min(MAX_WEIGHT);
        let step = (score - eval).clamp(-MAX_CP, MAX_CP) * GRAIN * weight / WEIGHTS;
        let bound = MAX_CP * GRAIN;
        let learn = |entry: &mut i32| *entry = (*entry + step).clamp(-bound, bound);
        learn(&mut self.pawns[s.pawns]);
        learn(&mut self.pieces[0][s.pieces[0]]);
        learn(&mut self.pieces[1][s.pieces[1]]);
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
        // A search of depth 10 moves each of the three entries by 11/256 of what the
        // correction still misses, the sum by twice that: ten of them close more
        // than half of the way.
        for _ in 0..10 {
            let eval = c.apply(&pos, 10);
            c.update(&pos, 10, eval, 40);
        }
        let some = c.apply(&pos, 10);
        assert!(some > 20 && some < 40, "{some}");
        for _ in 0..1000 {
            let eval = c.apply(&pos, 10);
            c.update(&pos, 10, eval, 500);
        }
        // Never past the bound: each entry stops at it.
        assert_eq!(c.apply(&pos, 10), 10 + 2 * MAX_CP);
    }

    /// The slots of a position of `variant`; `None` if the FEN is no position.
    fn slots_of_fen(variant: Variant, fen: &str) -> Option<Slots> {
        Position::from_fen(variant, fen)
            .ok()
            .map(|p| Correction::slots(&p))
    }

    /// The slots of the knightmate position whose ranks (FEN order, rank 8 first) are
    /// `ranks`, White to move.
    fn slots_of(ranks: &[String; 8]) -> Option<Slots> {
        slots_of_fen(
            Variant::Knightmate,
            &format!("{} w - - 0 1", ranks.join("/")),
        )
    }

    /// Ranks holding only the royal pieces, on rank 1 (`low`) or rank 8.
    fn royals_only(low: bool) -> [String; 8] {
        let mut ranks = ["8"; 8].map(String::from);
        ranks[if low { 7 } else { 0 }] = "K6k".into();
        ranks
    }

    /// A rank of FEN with `piece` alone on `file`.
    fn alone(piece: char, file: usize) -> String {
        let gap = |n: usize| if n > 0 { n.to_string() } else { String::new() };
        format!("{}{piece}{}", gap(file), gap(7 - file))
    }

    #[test]
    fn a_pawn_of_either_side_anywhere_changes_the_pawn_entry_alone() {
        let mut ranks = royals_only(false);
        let bare = slots_of(&ranks).expect("FEN");
        let mut seen = Vec::new();
        for piece in ['p', 'P'] {
            // Ranks 7 to 2: no pawn stands on the first or last rank.
            for rank in 1..7 {
                for file in 0..8 {
                    ranks[rank] = alone(piece, file);
                    // A pawn that leaves the side not to move in check is no position.
                    if let Some(s) = slots_of(&ranks) {
                        assert_ne!(s.pawns, bare.pawns, "{piece} {rank} {file}");
                        assert_eq!(s.pieces, bare.pieces, "{piece} {rank} {file}");
                        seen.push(s.pawns);
                    }
                }
                ranks[rank] = "8".into();
            }
        }
        // And each pawn's entry its own, colour and square (bar a rare collision of
        // the 16,384 slots).
        let tried = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert!(
            tried > 90 && seen.len() + 2 >= tried,
            "{} of {tried}",
            seen.len()
        );
    }

    #[test]
    fn a_piece_of_one_side_changes_that_sides_piece_entry_alone() {
        // Knightmate's commoners, then chess's knights (chess uses the tables too):
        // White's from b1 to c3, then Black's from g8 to f6.
        for (variant, [start, white, black]) in [
            (
                Variant::Knightmate,
                [
                    "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                    "rmbqkbmr/pppppppp/8/8/8/2M5/PPPPPPPP/R1BQKBMR w KQkq - 0 1",
                    "rmbqkb1r/pppppppp/5m2/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                ],
            ),
            (
                Variant::Chess,
                [
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
                    "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                ],
            ),
        ] {
            let slots = |fen: &str| slots_of_fen(variant, fen).expect("FEN");
            let (start, white, black) = (slots(start), slots(white), slots(black));
            assert_eq!(white.pawns, start.pawns, "{variant:?}");
            assert_ne!(white.pieces[0], start.pieces[0], "{variant:?}");
            assert_eq!(white.pieces[1], start.pieces[1], "{variant:?}");
            assert_eq!(black.pieces[0], start.pieces[0], "{variant:?}");
            assert_ne!(black.pieces[1], start.pieces[1], "{variant:?}");
        }
    }

    #[test]
    fn any_piece_of_either_side_on_any_square_changes_that_sides_piece_entry() {
        use crate::piece::Color;
        let mut tried = 0;
        for piece in ['m', 'b', 'r', 'q', 'M', 'B', 'R', 'Q'] {
            let color = if piece.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            for rank in 0..8 {
                // FEN lists rank 8 first: `rank` counts from there. The royal pieces
                // stand on a rank of their own, away from the piece tried.
                let mut ranks = royals_only(rank < 4);
                let bare = slots_of(&ranks).expect("FEN");
                for file in 0..8 {
                    ranks[rank] = alone(piece, file);
                    // A piece that leaves the side not to move in check is no position.
                    let Some(s) = slots_of(&ranks) else {
                        continue;
                    };
                    let (ours, theirs) = (color.idx(), color.other().idx());
                    assert_ne!(s.pieces[ours], bare.pieces[ours], "{piece} {rank} {file}");
                    assert_eq!(s.pieces[theirs], bare.pieces[theirs]);
                    tried += 1;
                }
            }
        }
        assert!(tried > 400, "{tried}");
    }
}
