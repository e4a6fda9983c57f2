//! A search thread's first layer of a learned evaluation, kept from one evaluation to
//! the next, as NNUE does, for both nets (`network`'s correction, `nnue`'s net).
//!
//! It is updated against the position the thread evaluated last, not per ply on the
//! search's stack: the search plays moves by copy (`Position::play`) and keeps no per-ply
//! evaluation state to hang it on, and in a depth-first search the position evaluated
//! last is the parent or a sibling, a few pieces away. The update is by the pieces that
//! differ (bitboards compared), so it is exact whatever path led there; it falls back to
//! a fresh sum where many differ, or where another net computed the sums.

use crate::piece::Color;
use crate::position::Position;

use super::inputs::{features, planes, Inputs, Planes};

/// A net's first layer as the accumulator uses it: the sums of one view start at the
/// biases, and each input that is on adds its column.
pub trait FirstLayer {
    /// One view's sums.
    type Sums: Copy;
    fn bias(&self) -> &Self::Sums;
    /// `sums += input's column`.
    fn add(&self, sums: &mut Self::Sums, input: usize);
    /// `sums -= input's column`.
    fn sub(&self, sums: &mut Self::Sums, input: usize);

    /// `view`'s sums for `pos`, computed afresh.
    #[inline]
    fn sums(&self, pos: &Position, view: Color) -> Self::Sums {
        let mut sums = *self.bias();
        for f in features(pos, view) {
            self.add(&mut sums, f);
        }
        sums
    }

    /// Both views' sums for `pos` (White's first), computed afresh.
    #[inline]
    fn fresh(&self, pos: &Position) -> [Self::Sums; 2] {
        [self.sums(pos, Color::White), self.sums(pos, Color::Black)]
    }
}

/// How many pieces stand elsewhere in `now` than in `before` (each square that gained
/// or lost one), over the first `n` planes.
fn changes(before: &Planes, now: &Planes, n: usize) -> u32 {
    before[..n]
        .iter()
        .zip(&now[..n])
        .map(|(&a, &b)| (a ^ b).count())
        .sum()
}

/// Above this many changed squares the views are summed afresh: about 30 inputs each,
/// against one a change to update them, so the bound need not be exact.
const MOST_CHANGES: u32 = 12;

/// One search thread's first layer as of the position it evaluated last: its pieces
/// (`inputs::planes`), each colour's view (White's first), and which net computed them.
#[derive(Clone, Debug)]
pub struct Accumulator<S> {
    pieces: Option<Planes>,
    views: [S; 2],
    owner: usize,
}

// By hand: the standard library implements `Default` only for arrays of at most 32.
impl<T: Copy + Default, const N: usize> Default for Accumulator<[T; N]> {
    fn default() -> Self {
        Accumulator {
            pieces: None,
            views: [[T::default(); N]; 2],
            owner: 0,
        }
    }
}

impl<S: Copy> Accumulator<S> {
    /// Both views' sums for `pos` by `layer` (White's first): the accumulator brought
    /// from the position it last saw by the pieces that differ, or summed afresh. The
    /// same numbers as `layer.fresh(pos)`, for a few additions.
    #[inline]
    pub fn update<L: FirstLayer<Sums = S>>(&mut self, layer: &L, pos: &Position) -> &[S; 2] {
        // A net is for one variant, so a net's positions have one board (`owner`).
        let inputs = Inputs::of(pos.variant());
        let now = planes(pos, inputs);
        let n = inputs.planes();
        let owner = layer as *const L as usize;
        match self.pieces {
            Some(before) if self.owner == owner && changes(&before, &now, n) <= MOST_CHANGES => {
                for (plane, (&was, &is)) in before[..n].iter().zip(&now[..n]).enumerate() {
                    for sq in was & !is {
                        for (f, sums) in inputs.both(plane, sq).into_iter().zip(&mut self.views) {
                            layer.sub(sums, f);
                        }
                    }
                    for sq in is & !was {
                        for (f, sums) in inputs.both(plane, sq).into_iter().zip(&mut self.views) {
                            layer.add(sums, f);
                        }
                    }
                }
            }
            _ => self.views = layer.fresh(pos),
        }
        self.pieces = Some(now);
        self.owner = owner;
        &self.views
    }
}

/// What the nets' accumulator tests share.
#[cfg(test)]
pub(crate) mod tests {
    use crate::position::Position;
    use crate::rng::Rng;
    use crate::variant::Variant;

    /// Calls `each` on every position of random games (captures, promotions from the
    /// second start, castling in chess, relayed moves in knightrelay) on the 8x8
    /// boards whose inputs are the plain pieces, one after the other, so that an
    /// accumulator also jumps from one game to the next; how many positions it saw.
    pub fn along_random_games(each: impl FnMut(&Position)) -> usize {
        along_random_games_of(
            &[
                (
                    Variant::Knightmate,
                    "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                    7,
                ),
                (
                    Variant::Knightmate,
                    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
                    11,
                ),
                (
                    Variant::Chess,
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    13,
                ),
                (
                    Variant::KnightRelay,
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    17,
                ),
            ],
            each,
        )
    }

    /// `along_random_games` in combiningknightmare: Knightmares made, moved whole and
    /// taken whole, frozen and thawed.
    pub fn along_random_knightmare_games(each: impl FnMut(&Position)) -> usize {
        let v = Variant::CombiningKnightmare;
        along_random_games_of(
            &[
                // Three Knightmares, one of them frozen (the 7th field).
                (
                    v,
                    "r1b1k2r/ppp2ppp/2(Nq)1(Bn)3/3p4/1b1P4/2(Rb)1P3/PP3PPP/R3K1NR w KQkq - 0 10 c3",
                    19,
                ),
                (v, v.start_fen(), 37),
                (v, v.start_fen(), 39),
            ],
            each,
        )
    }

    /// `along_random_games` on the 8x9 stones boards: stones and relays moved, relayed
    /// moves, and in the tunnel's games pieces through the gates.
    pub fn along_random_stones_games(each: impl FnMut(&Position)) -> usize {
        along_random_games_of(
            &[
                (Variant::StonesRelays, Variant::StonesRelays.start_fen(), 23),
                (Variant::StonesRelays, Variant::StonesRelays.start_fen(), 29),
                (
                    Variant::StonesRelaysTunnel,
                    Variant::StonesRelaysTunnel.start_fen(),
                    31,
                ),
            ],
            each,
        )
    }

    /// Calls `each` on every position of random games of 120 plies from each start
    /// (variant, FEN, seed); how many positions it saw.
    pub fn along_random_games_of(
        games: &[(Variant, &str, u64)],
        mut each: impl FnMut(&Position),
    ) -> usize {
        let mut seen = 0;
        for &(variant, start, seed) in games {
            let mut list = crate::rules::move_list(variant);
            let mut pos = Position::from_fen(variant, start).expect("a good FEN");
            let mut rng = Rng::new(seed);
            for _ in 0..120 {
                each(&pos);
                seen += 1;
                list.clear();
                crate::rules::legal_moves(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                pos = pos.play(list[rng.below(list.len())]);
            }
        }
        assert!(seen > 200, "{seen}");
        seen
    }
}
