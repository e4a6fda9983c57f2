//! A learned evaluation that is the whole evaluation (`Evaluation=nnue`), as the NNUE
//! nets of Stockfish and Fairy-Stockfish are, for any variant on any board.
//!
//! Inputs (`eval::inputs`): one per piece and square, "mine" or "theirs", seen from each
//! side (the board turned for Black), and one per neutral piece and square, per half of
//! a Knightmare and the frozen square, and per piece in the capture state. No king
//! buckets: with the few hundred thousand to few million
//! positions a session can make, the 896 inputs of an 8x8 board (1,224 on the stones'
//! 8x9, 1,856 in combiningknightmare, 1,408 and 2,200 on the flip boards) are already
//! many to fit, and a
//! bucketed net splits the same positions over many times more weights. Each side's
//! view goes through the same first layer into `hidden` numbers (an `Accumulator`; the
//! width is the file's, `Header`); both, clipped to 0..1 and squared (SCReLU), the side
//! to move's first, are weighed into one output, centipawns from the side to move's
//! point of view.
//!
//! Integers throughout: the first layer in i16 (floats times `QA`), the output weights
//! in i16 (times the file's `qb`), the output's sum in i64; the loops are `simd::Kernel`'s (AVX2 or plain
//! Rust, the same numbers). The trainer (`baton train`) works in f32 and writes this
//! file, rounding; it shares `features` with the search, so the two cannot disagree on
//! what an input means.
//!
//! The accumulator (`eval::accumulator`, shared with the learned correction) is updated
//! against the position the thread evaluated last, by the pieces that differ.

pub mod simd;

use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;

use super::accumulator::FirstLayer;
use super::header::{word, Format, Shape};
use super::{EvalProfile, PerVariant};
use simd::{Kernel, MAX_OUTPUT_WEIGHT};

pub use super::inputs::{features, Inputs, ROLES};

/// Hidden numbers per view: the file says how many (`Header`), any multiple of the
/// `LANES` numbers of an AVX2 register up to `MAX_HIDDEN`. 128 was the only width
/// before; the loops run over the width the net has, so one code path serves all.
pub const LANES: usize = 16;
/// The widest net this build reads: an accumulator holds this many numbers per view
/// whatever the net's width (it uses the first `hidden`), so that one type serves
/// every width.
pub const MAX_HIDDEN: usize = 512;
/// A hidden number of 1.0 is `QA` in the accumulator.
pub const QA: i32 = 255;
/// An output weight of 1.0 is the file's `qb` (`Header`), at most `MAX_QB` (the output
/// bias, in units of `QA * qb`, then still fits an i32 far beyond any score). A wider net
/// has smaller output weights, which the steps of 1/64 the first nets were written in
/// round too coarsely (a 256-wide knightmate net lost 0.0009 of held-out loss to them, 0
/// at steps of 1/128): the file says its steps.
pub const MAX_QB: u32 = 512;
/// What `baton train` writes unless told otherwise; the embedded 128-wide nets were
/// written at 64.
pub const QB: i32 = 128;
/// The output times `SCALE` is centipawns: the trainer fits the output as the logit of
/// the side to move's expected score (base 10, the Elo scale's 400).
pub const SCALE: i32 = 400;
/// Far from any mate score: the search's mate bounds stay the mates'.
const BOUND: i32 = 5_000;

const FORMAT: Format = Format {
    magic: b"BATONNUE",
    version: 1,
    noun: "net",
    any_board: true,
};

/// What a net file says it was made for (`FORMAT`'s start, `Shape`: its width among
/// it), then the quantization (`QA`, its own `qb`, `SCALE`), each a little-endian u32.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub shape: Shape,
    pub qa: u32,
    pub qb: u32,
    pub scale: u32,
}

impl Header {
    /// What this build writes for a net of `variant` `hidden` numbers wide whose output
    /// weights are in steps of `1 / qb`.
    pub fn of(variant: Variant, hidden: usize, qb: u32) -> Header {
        Header {
            shape: Shape::of(variant, hidden),
            qa: QA as u32,
            qb,
            scale: SCALE as u32,
        }
    }

    /// Whether this build can have a net for `variant` at all: its pieces.
    pub fn supports(variant: Variant) -> Result<(), String> {
        FORMAT.supports(variant)
    }

    /// `Err` names the first thing in which a file's header (`self`) and this build for
    /// `variant` disagree: the board, the roles, a width it does not read, the
    /// quantization (`QA` and `SCALE` are the build's, `qb` from 1 to `MAX_QB`).
    pub fn check(&self, variant: Variant) -> Result<(), String> {
        FORMAT.check_board(&self.shape, variant)?;
        let hidden = usize::try_from(self.shape.hidden).unwrap_or(usize::MAX);
        supported_width(hidden)?;
        let build = Header::of(variant, hidden, self.qb);
        if (self.qa, self.scale) != (build.qa, build.scale) || !(1..=MAX_QB).contains(&self.qb) {
            return Err(format!(
                "a net quantized as QA {} QB {} scale {}; this build reads QA {} QB 1 to \
                 {MAX_QB} scale {}",
                self.qa, self.qb, self.scale, build.qa, build.scale
            ));
        }
        Ok(())
    }
}

/// `Err` unless this build reads nets `hidden` numbers wide: a multiple of `LANES` (the
/// vector loops take whole registers) from `LANES` to `MAX_HIDDEN`.
pub fn supported_width(hidden: usize) -> Result<(), String> {
    if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(LANES) {
        return Err(format!(
            "a net of {hidden} hidden numbers; this build reads {LANES} to {MAX_HIDDEN} \
             in steps of {LANES}"
        ));
    }
    Ok(())
}

/// The variant's net (`Profile::nnue`), read on first use; `None` where it has none. A
/// test reads every built-in net, so a file that does not fit the build stops the
/// tests, not a game (the search then keeps the hand-made evaluation).
pub fn of(variant: Variant) -> Option<&'static Network> {
    static NETS: PerVariant<Option<Network>> = PerVariant::new();
    let bytes = variant.nnue()?;
    NETS.get_or_init(variant, || Network::read(bytes, variant).ok())
        .as_ref()
}

/// One view's sums, as many as the widest net has: a net uses the first `hidden` (the
/// rest stay at zero). One type for every width, so that a search thread keeps one
/// accumulator whatever net it meets.
pub type Sums = [i16; MAX_HIDDEN];

/// A net as the search computes it (integers, `QA` and `QB`).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// Where its inputs are (the board and planes of the variant it was made for).
    inputs: Inputs,
    /// Hidden numbers per view (`supported_width`).
    hidden: usize,
    /// One column of `hidden` numbers per input, one after the other.
    input: Vec<i16>,
    /// The first `hidden` numbers, then zeros (a view's sums start as a copy).
    bias: Sums,
    /// The side to move's hidden numbers weigh `output[0]`, the other side's `output[1]`.
    output: [Vec<i16>; 2],
    /// An output weight of 1.0 (the file's, `Header::qb`).
    qb: i32,
    /// In units of `QA * qb`.
    output_bias: i32,
    kernel: Kernel,
}

impl Network {
    /// A net from its quantized numbers (the trainer's rounding) for `inputs`, in the
    /// file's order: `input[f * hidden + h]` from input `f` to hidden number `h`, the biases (their
    /// count is the width), the output weights (side to move first, in steps of
    /// `1 / qb`), the output bias. `Err` if the width or `qb` is not one this build
    /// reads, a count is wrong, or an output weight is beyond `MAX_OUTPUT_WEIGHT`.
    pub fn from_parts(
        inputs: Inputs,
        input: &[i16],
        bias: &[i16],
        output: &[i16],
        qb: u32,
        output_bias: i32,
    ) -> Result<Network, String> {
        let hidden = bias.len();
        supported_width(hidden)?;
        if !(1..=MAX_QB).contains(&qb) {
            return Err(format!(
                "output weights in steps of 1/{qb}; this build reads 1/1 to 1/{MAX_QB}"
            ));
        }
        let columns = inputs.count() * hidden;
        if input.len() != columns || output.len() != 2 * hidden {
            return Err(format!(
                "a net of {} + {hidden} + {} weights; {hidden} hidden numbers take {} + \
                 {hidden} + {}",
                input.len(),
                output.len(),
                columns,
                2 * hidden
            ));
        }
        if let Some(w) = output.iter().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return Err(format!(
                "an output weight of {w}, beyond the {MAX_OUTPUT_WEIGHT} the inference's \
                 16-bit products hold"
            ));
        }
        let mut padded = [0; MAX_HIDDEN];
        padded[..hidden].copy_from_slice(bias);
        Ok(Network {
            inputs,
            hidden,
            input: input.to_vec(),
            bias: padded,
            output: [output[..hidden].to_vec(), output[hidden..].to_vec()],
            qb: qb as i32,
            output_bias,
            kernel: Kernel::best(),
        })
    }

    /// Hidden numbers per view.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The same net computed by another kernel (the tests compare them).
    pub fn with_kernel(mut self, kernel: Kernel) -> Network {
        self.kernel = kernel;
        self
    }

    /// Input `f`'s column.
    #[inline]
    fn column(&self, f: usize) -> &[i16] {
        &self.input[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The net as a file for `variant`: the magic, the version, the header (`Header`,
    /// the width among it), then every weight as a little-endian i16 in `from_parts`'
    /// order, and the output bias as an i32.
    pub fn to_bytes(&self, variant: Variant) -> Vec<u8> {
        debug_assert_eq!(Inputs::of(variant), self.inputs, "a net of another board");
        let h = Header::of(variant, self.hidden, self.qb as u32);
        let mut out = FORMAT.write(&h.shape);
        for word in [h.qa, h.qb, h.scale] {
            out.extend(word.to_le_bytes());
        }
        let weights = self.input.iter().chain(&self.bias[..self.hidden]);
        for w in weights.chain(self.output.iter().flatten()) {
            out.extend(w.to_le_bytes());
        }
        out.extend(self.output_bias.to_le_bytes());
        out
    }

    /// Reads what `to_bytes` wrote for `variant`; `Err` says why the bytes are not such
    /// a net, or in what their header disagrees with this build.
    pub fn read(bytes: &[u8], variant: Variant) -> Result<Network, String> {
        let (header, rest) = Network::header(bytes)?;
        header.check(variant)?;
        // `check` let through only widths up to `MAX_HIDDEN`.
        let hidden = header.shape.hidden as usize;
        let inputs = Inputs::of(variant);
        let count = (inputs.count() + 1 + 2) * hidden;
        if rest.len() != 2 * count + 4 {
            return Err(format!(
                "{} bytes of weights where {} were expected",
                rest.len(),
                2 * count + 4
            ));
        }
        let (words, bias) = rest.split_at(2 * count);
        let w: Vec<i16> = words
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let (input, rest) = w.split_at(inputs.count() * hidden);
        let (hidden_bias, output) = rest.split_at(hidden);
        let output_bias = i32::from_le_bytes([bias[0], bias[1], bias[2], bias[3]]);
        Network::from_parts(inputs, input, hidden_bias, output, header.qb, output_bias)
    }

    /// The header of a net file and the bytes after it.
    pub fn header(bytes: &[u8]) -> Result<(Header, &[u8]), String> {
        let (shape, mut rest) = FORMAT.read(bytes)?;
        let header = Header {
            shape,
            qa: word(&mut rest)?,
            qb: word(&mut rest)?,
            scale: word(&mut rest)?,
        };
        Ok((header, rest))
    }

    /// Centipawns from the side to move's point of view, from the two views' sums
    /// (White's first).
    fn output_of(&self, views: &[Sums; 2], us: Color) -> i32 {
        let h = self.hidden;
        let mine = self
            .kernel
            .screlu_dot(&views[us.idx()][..h], &self.output[0]);
        let theirs = self
            .kernel
            .screlu_dot(&views[us.other().idx()][..h], &self.output[1]);
        // The products are in QA * QA * qb; one QA off brings them to the bias's units.
        let sum = (mine + theirs) / i64::from(QA) + i64::from(self.output_bias);
        let cp = sum * i64::from(SCALE) / (i64::from(QA) * i64::from(self.qb));
        cp.clamp(-i64::from(BOUND), i64::from(BOUND)) as i32
    }

    /// The evaluation in centipawns from the side to move's point of view, computed
    /// afresh.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output_of(&self.fresh(pos), pos.side())
    }

    /// `evaluate`, with `acc` brought from the position it last saw to `pos`
    /// (`Accumulator::update`): the same number, for a few additions.
    pub fn evaluate_from(&self, pos: &Position, acc: &mut Accumulator) -> i32 {
        debug_assert_eq!(
            Inputs::of(pos.variant()),
            self.inputs,
            "a net of another board"
        );
        self.output_of(acc.update(self, pos), pos.side())
    }
}

impl FirstLayer for Network {
    type Sums = Sums;

    #[inline]
    fn bias(&self) -> &Sums {
        &self.bias
    }

    #[inline]
    fn add(&self, sums: &mut Sums, input: usize) {
        self.kernel
            .add(&mut sums[..self.hidden], self.column(input));
    }

    #[inline]
    fn sub(&self, sums: &mut Sums, input: usize) {
        self.kernel
            .sub(&mut sums[..self.hidden], self.column(input));
    }
}

/// One search thread's first layer as of the position it evaluated last
/// (`accumulator`).
pub type Accumulator = super::accumulator::Accumulator<Sums>;

#[cfg(test)]
mod tests;
