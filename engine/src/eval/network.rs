//! A learned correction to the hand-made evaluation, for the 8x8 variants of the chess
//! family: a network with one hidden layer, as the first NNUE nets were. Its input is
//! the board as seen by each side (which piece stands on which square, "mine" or
//! "theirs", the board turned for Black); each side's view goes through the same
//! weights into `HIDDEN` numbers; both, clipped and squared, the side to move's first,
//! are weighed into one number that is added to the hand-made evaluation.
//!
//! Why a correction and not a whole evaluation: a network that must learn material and
//! every positional term from nothing needs millions of labelled positions; one that
//! learns only what the hand-made evaluation misses starts from that evaluation's
//! judgement and, with few positions, stays near it (the trainer starts from a zero
//! output and decays every weight towards zero).
//!
//! The whole sum is computed for every evaluation: at ~30 pieces and 32 hidden numbers
//! it costs about two thousand additions, little beside the hand-made evaluation's
//! attack maps, so the incremental update that made NNUE fast is not needed yet.
//!
//! The trainer (`baton tune --net`) builds on `features` and `Network`'s layout, so the
//! two cannot disagree on what an input means.

use std::sync::OnceLock;

use crate::piece::{Color, Role};
use crate::position::Position;
use crate::variant::Variant;

/// The roles an input can name: pawn to commoner (knightmate's `M`), the royal piece
/// among them.
pub const ROLES: usize = 7;
/// Inputs per view: mine and theirs, each role, each of 64 squares.
pub const INPUTS: usize = 2 * ROLES * 64;
/// The hidden numbers per view.
pub const HIDDEN: usize = 32;
/// How many numbers a network holds: input weights, input biases, output weights,
/// output bias.
pub const WEIGHTS: usize = INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1;
/// The output times this is centipawns: the output is trained as a win expectancy's
/// logit in base 10, times 400 as the Elo scale has it.
pub const SCALE: f32 = 400.0;

/// What a weights file starts with.
const MAGIC: &[u8; 8] = b"BATONNN1";

/// The variant's learned evaluation (`VariantFacts::network`), read on first use;
/// `None` where it has none (or its bytes are not a network, which a test rules out:
/// the search then keeps the hand-made evaluation rather than stop).
pub fn of(variant: Variant) -> Option<&'static Network> {
    static NETWORKS: [OnceLock<Option<Network>>; Variant::ALL.len()] =
        [const { OnceLock::new() }; Variant::ALL.len()];
    // Every evaluation asks: a variant without a network answers from its facts alone.
    let bytes = variant.facts().network?;
    let index = Variant::ALL.iter().position(|&v| v == variant)?;
    NETWORKS[index]
        .get_or_init(|| Network::from_bytes(bytes).ok())
        .as_ref()
}

/// The weights: `input[f * HIDDEN + h]` from input `f` to hidden number `h`.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub input: Vec<f32>,
    pub input_bias: Vec<f32>,
    /// The side to move's hidden numbers weigh `output[..HIDDEN]`, the other's the rest.
    pub output: Vec<f32>,
    pub output_bias: f32,
}

/// The inputs of `pos` as `view` sees it: one per piece (pawn to commoner).
pub fn features(pos: &Position, view: Color) -> impl Iterator<Item = usize> + '_ {
    let turn = if view == Color::White { 0 } else { 56 };
    Color::BOTH.into_iter().flat_map(move |color| {
        let side = usize::from(color != view) * ROLES * 64;
        Role::ALL[..ROLES].iter().flat_map(move |&role| {
            pos.pieces(color, role)
                .into_iter()
                .map(move |sq| side + role.idx() * 64 + (usize::from(sq.0) ^ turn))
        })
    })
}

/// The hidden layer's activation: clipped to 0..1, then squared.
#[inline]
pub fn activate(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl Network {
    /// A network of zeros (the trainer's start, before its random weights).
    pub fn zeros() -> Network {
        Network {
            input: vec![0.0; INPUTS * HIDDEN],
            input_bias: vec![0.0; HIDDEN],
            output: vec![0.0; 2 * HIDDEN],
            output_bias: 0.0,
        }
    }

    /// The hidden numbers of one view: the bias plus the weights of every input.
    pub fn accumulate(&self, inputs: impl Iterator<Item = usize>) -> [f32; HIDDEN] {
        let mut acc = [0.0f32; HIDDEN];
        acc.copy_from_slice(&self.input_bias);
        for f in inputs {
            let column = &self.input[f * HIDDEN..(f + 1) * HIDDEN];
            for (a, w) in acc.iter_mut().zip(column) {
                *a += w;
            }
        }
        acc
    }

    /// The output (a logit) from the two views' hidden numbers, the side to move's first.
    pub fn output_of(&self, mine: &[f32; HIDDEN], theirs: &[f32; HIDDEN]) -> f32 {
        let (om, ot) = self.output.split_at(HIDDEN);
        let mut sum = self.output_bias;
        for h in 0..HIDDEN {
            sum += om[h] * activate(mine[h]) + ot[h] * activate(theirs[h]);
        }
        sum
    }

    /// The correction to the hand-made evaluation in centipawns, from the side to
    /// move's point of view.
    pub fn correction(&self, pos: &Position) -> i32 {
        let us = pos.side();
        let mine = self.accumulate(features(pos, us));
        let theirs = self.accumulate(features(pos, us.other()));
        // Far from any mate score: the search's mate bounds stay the mates'.
        (self.output_of(&mine, &theirs) * SCALE).clamp(-5_000.0, 5_000.0) as i32
    }

    /// Every weight, in the order of the fields (the file's and the trainer's order).
    pub fn weights(&self) -> impl Iterator<Item = &f32> {
        self.input
            .iter()
            .chain(&self.input_bias)
            .chain(&self.output)
            .chain(std::iter::once(&self.output_bias))
    }

    /// Every weight to change, in the order of `weights`.
    pub fn weights_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.input
            .iter_mut()
            .chain(self.input_bias.iter_mut())
            .chain(self.output.iter_mut())
            .chain(std::iter::once(&mut self.output_bias))
    }

    /// The weights as a file: the magic, the hidden size, then every weight as a
    /// little-endian f32 (`weights`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((HIDDEN as u32).to_le_bytes());
        for w in self.weights() {
            out.extend(w.to_le_bytes());
        }
        out
    }

    /// Reads what `to_bytes` wrote; `Err` says why the bytes are not such a network.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a Baton network (it must begin with BATONNN1)")?;
        let (size, rest) = rest.split_at_checked(4).ok_or("cut off after its magic")?;
        let hidden = u32::from_le_bytes([size[0], size[1], size[2], size[3]]) as usize;
        if hidden != HIDDEN {
            return Err(format!(
                "a network of {hidden} hidden numbers; this build reads {HIDDEN}"
            ));
        }
        if rest.len() != 4 * WEIGHTS {
            return Err(format!(
                "{} bytes of weights where {} were expected",
                rest.len(),
                4 * WEIGHTS
            ));
        }
        let mut w = rest
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |n: usize| w.by_ref().take(n).collect::<Vec<f32>>();
        Ok(Network {
            input: take(INPUTS * HIDDEN),
            input_bias: take(HIDDEN),
            output: take(2 * HIDDEN),
            output_bias: take(1)[0],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn sample_network() -> Network {
        let mut n = Network::zeros();
        for (i, w) in n.input.iter_mut().enumerate() {
            *w = ((i * 7919) % 1000) as f32 / 20_000.0;
        }
        for (i, w) in n.output.iter_mut().enumerate() {
            *w = ((i * 31) % 17) as f32 / 100.0 - 0.08;
        }
        n.output_bias = 0.01;
        n
    }

    #[test]
    fn every_variants_network_reads() {
        for v in Variant::ALL {
            if let Some(bytes) = v.facts().network {
                assert!(Network::from_bytes(bytes).is_ok(), "{}", v.name());
                assert!(of(v).is_some());
            }
        }
    }

    #[test]
    fn every_piece_is_one_input_of_each_view_and_black_sees_the_board_turned() {
        let pos = Position::startpos(Variant::Knightmate);
        let white: Vec<usize> = features(&pos, Color::White).collect();
        let mut black: Vec<usize> = features(&pos, Color::Black).collect();
        assert_eq!(white.len(), 32);
        // The start is symmetric: each side sees the same board.
        let mut sorted = white.clone();
        sorted.sort();
        black.sort();
        assert_eq!(sorted, black);
        assert!(white.iter().all(|&f| f < INPUTS));
    }

    #[test]
    fn a_network_reads_back_what_it_wrote_and_refuses_other_bytes() {
        let n = sample_network();
        assert_eq!(Network::from_bytes(&n.to_bytes()), Ok(n.clone()));
        assert!(Network::from_bytes(b"nonsense").is_err());
        let mut cut = n.to_bytes();
        cut.pop();
        assert!(Network::from_bytes(&cut)
            .unwrap_err()
            .contains("bytes of weights"));
    }

    #[test]
    fn the_evaluation_is_the_same_for_a_position_and_its_colours_swapped() {
        let n = sample_network();
        let a = Position::from_fen(
            Variant::Knightmate,
            "rmbqkbmr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RMBQKBMR w KQkq - 0 2",
        )
        .unwrap();
        let b = Position::from_fen(
            Variant::Knightmate,
            "rmbqkbmr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 2",
        )
        .unwrap();
        assert_eq!(n.correction(&a), n.correction(&b));
        assert_ne!(n.correction(&a), 0);
    }
}
