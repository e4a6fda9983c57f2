//! How the engine plays each variant: one file per variant, beside the record of its
//! rules (`variant::VariantFacts`) and its rules type (`rules::dispatch!`). Each file
//! implements, for the variant's type, its engine profile (`VariantProfile`: the search
//! switches its rules allow, how exchanges are estimated and the pieces' values for
//! them and for move ordering, the evaluation's weights and learned correction, the
//! bench positions and the opening suite), its search policy
//! (`search::movepick::MovePolicy`) and its evaluation (`eval::Evaluate`); chess and
//! knightmate share one policy and evaluation (`chess::Orthodox`). It sits
//! above the evaluation and the search: they say what they read of a variant as traits
//! (`eval::EvalProfile`, `search::SearchProfile`, and those two), which this module
//! implements, so that neither names a module above it.

mod chess;
mod combining;
mod flip;
mod knightmate;
mod knightrelay;
#[cfg(test)]
mod nodoublestep;
mod stones;

use crate::eval::{EvalProfile, Style};
use crate::piece::{Role, NROLES};
use crate::search::movepick::see::Exchanges;
use crate::search::skill::Calibration;
use crate::search::{Features, SearchProfile};
use crate::variant::Variant;

/// A variant's engine profile, implemented by its type (`rules::dispatch!`) in its
/// file here. The records are alike in shape only: data, one per variant, each
/// naming what differs from chess's (`..CHESS`) or from a relative's
/// (`..FLIP_SHATRANJ`, `..STONES_RELAYS`).
pub trait VariantProfile {
    const PROFILE: &'static Profile;
}

/// The engine's side of a variant, as data.
#[derive(Debug)]
pub struct Profile {
    /// How the search estimates exchanges (`search::movepick::see`).
    pub exchanges: Exchanges,
    /// The search techniques the variant's rules allow (`search::Features`).
    pub search: Features,
    /// What a piece is worth to the search's exchange estimates and move ordering, by
    /// `Role` (middlegame centipawns; the royal piece's is never read, `piece_value`
    /// answers for it). The search's own numbers, not the evaluation's: a retune of
    /// `weights` must not change what the search prunes. Set to the material the
    /// weights had when the two were split.
    pub exchange_values: [i32; NROLES],
    /// The evaluation's numbers: the text of its file in `engine/weights/` (read by
    /// `eval::weights`, written by `baton tune`).
    pub weights: &'static str,
    /// The learned correction (`eval::network`, written by `baton tune --net`), where
    /// one has beaten the hand-made evaluation alone in a match: the search adds it to
    /// the evaluation that `weights` give.
    pub network: Option<&'static [u8]>,
    /// The learned evaluation (`eval::nnue`, written by `baton train`), which the search
    /// uses instead of the hand-made one under `Evaluation=nnue`.
    pub nnue: Option<&'static [u8]>,
    /// The evaluation searched with unless `Evaluation` says otherwise
    /// (`eval::Style::Auto`): `Classical`, or `Nnue` where the variant's net has
    /// beaten the hand-made evaluation in matches at a clock (knightmate's and
    /// knightrelay's at fixed nodes too).
    pub evaluation: Style,
    /// The positions `baton bench` searches, and its default depth. The bench's node
    /// total is the search's signature: it changes only when the search or the
    /// evaluation does.
    pub bench: (&'static [&'static str], u32),
    /// The opening suite `baton match` plays from unless told otherwise (EPD lines made
    /// by `baton openings`, kept in `benches/openings/`), and the depth its positions
    /// are judged at: 10 where that takes under a second a position, less where the
    /// two-part turns or flips make depth 10 a matter of minutes.
    pub openings: (&'static str, u32),
    /// How the playing levels are tuned in this variant (`search::skill::Calibration`),
    /// so that a level scores about the same against the same anchor in every variant:
    /// chosen by the matches of docs/levels.md.
    pub levels: Calibration,
}

impl Profile {
    /// The variant's engine profile (`VariantProfile`, through the one dispatch).
    pub const fn of(variant: Variant) -> &'static Profile {
        crate::rules::dispatch!(variant, R => <R as VariantProfile>::PROFILE)
    }

    /// What a piece of `role` is worth to move ordering and exchange estimates
    /// (`exchange_values`, not the tuned weights); the king is worth more than
    /// everything else together.
    pub fn piece_value(&self, role: Role) -> i32 {
        if role == Role::King {
            return 20_000;
        }
        self.exchange_values[role.idx()]
    }
}

impl SearchProfile for Variant {
    #[inline]
    fn features(self) -> Features {
        Profile::of(self).search
    }

    #[inline]
    fn exchanges(self) -> Exchanges {
        Profile::of(self).exchanges
    }

    #[inline]
    fn piece_value(self, role: Role) -> i32 {
        Profile::of(self).piece_value(role)
    }
}

impl EvalProfile for Variant {
    #[inline]
    fn weights_file(self) -> &'static str {
        Profile::of(self).weights
    }

    #[inline]
    fn network(self) -> Option<&'static [u8]> {
        Profile::of(self).network
    }

    #[inline]
    fn nnue(self) -> Option<&'static [u8]> {
        Profile::of(self).nnue
    }

    #[inline]
    fn evaluation(self) -> Style {
        Profile::of(self).evaluation
    }
}
