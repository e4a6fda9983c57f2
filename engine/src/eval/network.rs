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
//! The search computes it as `Quantized`: the first layer in integers, kept per search
//! thread in an `Accumulator` that is updated by the pieces that changed since the last
//! evaluation (as NNUE does, though here against whatever position was evaluated last
//! rather than the parent: in a depth-first search the last one is a near relative).
//! Computed afresh in f32 at each evaluation, the network added 24% to the instructions
//! a node of knightmate's bench costs (cachegrind); updated in integers, 9%. Integers
//! also make the updated sums exactly the fresh ones.
//!
//! The trainer (`baton tune --net`) builds on `features` and `Network`'s layout, so the
//! two cannot disagree on what an input means.

use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;

use super::accumulator::FirstLayer;
use super::header::{take, Format, Shape};
use super::{EvalProfile, PerVariant};

pub use super::inputs::{features, FILES, INPUTS, RANKS, ROLES, SQUARES};

/// The hidden numbers per view. 64 fitted knightmate's 378,723 positions worse than 32
/// (held-out loss 0.02337 against 0.02312) and 599,388 barely better (0.02223 against
/// 0.02235), level at depth 7: not worth twice the first layer's work.
pub const HIDDEN: usize = 32;
/// How many numbers a network holds: input weights, input biases, output weights,
/// output bias.
pub const WEIGHTS: usize = INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1;
/// The output times this is centipawns: the output is trained as a win expectancy's
/// logit in base 10, times 400 as the Elo scale has it.
pub const SCALE: f32 = 400.0;

/// What a network file starts with (the version 1 files had neither the version nor
/// the header).
const FORMAT: Format = Format {
    magic: b"BATONNN",
    version: 2,
    noun: "network",
    any_board: false,
};

/// What a network file says it was made for (`FORMAT`'s start, `Shape`), then the
/// fingerprint (a little-endian u64) of the hand-made weights it was trained against
/// (`Weights::fingerprint`): a network learns what those weights miss, so new weights
/// want a new network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub shape: Shape,
    pub weights: u64,
}

impl Header {
    /// What this build reads for `variant`: its board, `ROLES`, `HIDDEN` and its weights.
    pub fn of(variant: Variant) -> Header {
        Header {
            shape: Shape::of(variant, HIDDEN),
            weights: super::weights(variant).fingerprint(),
        }
    }

    /// Whether this build can have a network for `variant` at all: an 8x8 board and
    /// inputs of the roles pawn to commoner only (no Knightmares, no flip states).
    pub fn supports(variant: Variant) -> Result<(), String> {
        FORMAT.supports(variant)
    }

    /// `Err` names the first thing in which a file's header (`self`) and this build
    /// for `variant` disagree.
    pub fn check(&self, variant: Variant) -> Result<(), String> {
        FORMAT.check(&self.shape, variant, HIDDEN)?;
        let build = Header::of(variant);
        if self.weights != build.weights {
            return Err(format!(
                "a network trained against other hand-made weights (fingerprint {:016x}) \
                 than {}'s (engine/weights, fingerprint {:016x}): train it again \
                 (baton tune --net)",
                self.weights,
                variant.name(),
                build.weights
            ));
        }
        Ok(())
    }
}

/// The variant's learned evaluation (`Profile::network`), read on first use;
/// `None` where it has none (or its file does not fit this build, `Network::read`,
/// which a test rules out: the search then keeps the hand-made evaluation rather than
/// stop).
pub fn of(variant: Variant) -> Option<&'static Quantized> {
    static NETWORKS: PerVariant<Option<Quantized>> = PerVariant::new();
    // Every evaluation asks: a variant without a network answers from its facts alone.
    let bytes = variant.network()?;
    NETWORKS
        .get_or_init(variant, || {
            Network::read(bytes, variant)
                .ok()
                .map(|n| Quantized::new(&n))
        })
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

    /// The network as a file for `variant`, trained against its weights of this
    /// build: the magic, the version, the header (`Header`), then every weight as a
    /// little-endian f32 (`weights`).
    pub fn to_bytes(&self, variant: Variant) -> Vec<u8> {
        let h = Header::of(variant);
        let mut out = FORMAT.write(&h.shape);
        out.extend(h.weights.to_le_bytes());
        for w in self.weights() {
            out.extend(w.to_le_bytes());
        }
        out
    }

    /// Reads what `to_bytes` wrote for `variant`; `Err` says why the bytes are not
    /// such a network, or in what their header disagrees with this build.
    pub fn read(bytes: &[u8], variant: Variant) -> Result<Network, String> {
        let (header, rest) = Network::header(bytes)?;
        header.check(variant)?;
        Network::weights_from(rest)
    }

    /// The header of a network file and the bytes after it.
    pub fn header(bytes: &[u8]) -> Result<(Header, &[u8]), String> {
        let (shape, mut rest) = FORMAT.read(bytes)?;
        let w = take(&mut rest, 8)?;
        let weights = u64::from_le_bytes(w.try_into().expect("eight bytes"));
        Ok((Header { shape, weights }, rest))
    }

    /// The weights after the header.
    fn weights_from(rest: &[u8]) -> Result<Network, String> {
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

/// The first layer's weights and biases times this, rounded, in `Quantized`: a step of
/// 1/4096 in a hidden number moves the output by well under a centipawn.
const Q: i32 = 4096;

/// A network as the search computes it: the first layer in integers (times `Q`), the
/// output weights divided by `Q` squared, so that a clipped hidden number `c` in
/// `0..=Q` weighs `c * c` times its weight.
#[derive(Clone, Debug)]
pub struct Quantized {
    /// One column of `HIDDEN` weights per input.
    input: Vec<[i32; HIDDEN]>,
    input_bias: [i32; HIDDEN],
    output: [f32; 2 * HIDDEN],
    output_bias: f32,
}

/// One search thread's first layer as of the position it evaluated last
/// (`accumulator`).
pub type Accumulator = super::accumulator::Accumulator<[i32; HIDDEN]>;

impl FirstLayer for Quantized {
    type Sums = [i32; HIDDEN];

    #[inline]
    fn bias(&self) -> &[i32; HIDDEN] {
        &self.input_bias
    }

    #[inline]
    fn add(&self, sums: &mut [i32; HIDDEN], input: usize) {
        for (s, w) in sums.iter_mut().zip(&self.input[input]) {
            *s += w;
        }
    }

    #[inline]
    fn sub(&self, sums: &mut [i32; HIDDEN], input: usize) {
        for (s, w) in sums.iter_mut().zip(&self.input[input]) {
            *s -= w;
        }
    }
}

impl Quantized {
    pub fn new(net: &Network) -> Quantized {
        let q = |w: f32| (w * Q as f32).round() as i32;
        Quantized {
            input: net
                .input
                .chunks_exact(HIDDEN)
                .map(|column| std::array::from_fn(|h| q(column[h])))
                .collect(),
            input_bias: std::array::from_fn(|h| q(net.input_bias[h])),
            output: std::array::from_fn(|i| net.output[i] / (Q as f32 * Q as f32)),
            output_bias: net.output_bias,
        }
    }

    /// The correction in centipawns from the side to move's point of view, from the
    /// two views' sums.
    fn output_of(&self, views: &[[i32; HIDDEN]; 2], us: Color) -> i32 {
        let (mine, theirs) = (&views[us.idx()], &views[us.other().idx()]);
        let weigh = |x: i32| {
            let c = x.clamp(0, Q) as f32;
            c * c
        };
        // Each hidden number's part first, then their sum: the products vectorise.
        let terms: [f32; HIDDEN] = std::array::from_fn(|h| {
            self.output[h] * weigh(mine[h]) + self.output[HIDDEN + h] * weigh(theirs[h])
        });
        let sum = self.output_bias + terms.iter().sum::<f32>();
        // Far from any mate score: the search's mate bounds stay the mates'.
        (sum * SCALE).clamp(-5_000.0, 5_000.0) as i32
    }

    /// The correction to the hand-made evaluation in centipawns, from the side to
    /// move's point of view, computed afresh.
    pub fn correction(&self, pos: &Position) -> i32 {
        self.output_of(&self.fresh(pos), pos.side())
    }

    /// `correction`, with `acc` updated from the position it last saw to `pos` (or
    /// computed afresh where too much changed): the same number, for a few additions.
    pub fn correction_from(&self, pos: &Position, acc: &mut Accumulator) -> i32 {
        self.output_of(acc.update(self, pos), pos.side())
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
    fn the_search_s_integer_network_agrees_with_the_trained_one_within_a_centipawn() {
        let n = sample_network();
        let q = Quantized::new(&n);
        for fen in [
            "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
            "rmbqkbmr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RMBQKBMR w KQkq - 0 2",
            "r1b1kbm1/pp1p1pp1/2m5/4p2r/3P4/2M2Q2/PPP2PPP/R1B1KBM1 b - - 3 9",
        ] {
            let pos = Position::from_fen(Variant::Knightmate, fen).unwrap();
            assert!(
                (q.correction(&pos) - n.correction(&pos)).abs() <= 1,
                "{fen}: {} against {}",
                q.correction(&pos),
                n.correction(&pos)
            );
        }
    }

    /// Along random games, the updated accumulator gives exactly the fresh number.
    #[test]
    fn an_updated_accumulator_gives_the_correction_computed_afresh() {
        let q = Quantized::new(&sample_network());
        let mut acc = Accumulator::default();
        crate::eval::accumulator::tests::along_random_games(|pos| {
            assert_eq!(q.correction_from(pos, &mut acc), q.correction(pos));
        });
    }

    /// A network file whose header disagrees with the build in any part is refused,
    /// in words that name the part.
    #[test]
    fn a_doctored_network_header_is_refused() {
        use crate::eval::header::tests::{a_doctored_start_is_refused, refused};
        let v = Variant::Knightmate;
        let good = sample_network().to_bytes(v);
        let read = |bytes: &[u8], v| Network::read(bytes, v).map(|_| ());
        let wide = format!(
            "a network of {} hidden numbers; this build reads {HIDDEN}",
            2 * HIDDEN
        );
        let fingerprint =
            a_doctored_start_is_refused(&FORMAT, &good, (2 * HIDDEN as u32, &wide), read);
        refused(
            &good,
            fingerprint,
            &[0xff],
            "trained against other hand-made weights",
            |bytes| read(bytes, v),
        );
        // Weights retuned since the network was trained: the fingerprint differs.
        let w = crate::eval::weights(v);
        let moved: Vec<i32> = w.tunable().into_iter().map(|(_, x)| x + 1).collect();
        assert_ne!(w.with_tunable(&moved).fingerprint(), w.fingerprint());
    }

    #[test]
    fn a_network_reads_back_what_it_wrote_and_refuses_other_bytes() {
        let n = sample_network();
        let v = Variant::Knightmate;
        assert_eq!(Network::read(&n.to_bytes(v), v), Ok(n.clone()));
        assert!(Network::read(b"nonsense", v).is_err());
        let mut cut = n.to_bytes(v);
        cut.pop();
        assert!(Network::read(&cut, v)
            .unwrap_err()
            .contains("bytes of weights"));
    }

    #[test]
    fn the_evaluation_is_the_same_for_a_position_and_its_colours_swapped() {
        let n = sample_network();
        let (a, b) = crate::eval::inputs::tests::colours_swapped();
        assert_eq!(n.correction(&a), n.correction(&b));
        assert_ne!(n.correction(&a), 0);
    }
}
