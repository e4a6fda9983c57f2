//! A learned evaluation that is the whole evaluation (`Evaluation=nnue`), as the NNUE
//! nets of Stockfish and Fairy-Stockfish are, for the variants on an 8x8 board whose
//! pieces are pawn to commoner (knightmate first, chess next).
//!
//! Inputs: one per piece and square, "mine" or "theirs", seen from each side (the board
//! turned for Black). No king buckets: with the few hundred thousand to few million
//! positions a session can make, 768 or so inputs are already many to fit, and a
//! bucketed net splits the same positions over many times more weights. Each side's
//! view goes through the same first layer into `HIDDEN` numbers (an `Accumulator`);
//! both, clipped to 0..1 and squared (SCReLU), the side to move's first, are weighed
//! into one output, centipawns from the side to move's point of view.
//!
//! Integers throughout: the first layer in i16 (floats times `QA`), the output weights
//! in i16 (times `QB`), the sums in i32; the loops are `simd::Kernel`'s (AVX2 or plain
//! Rust, the same numbers). The trainer (`baton train`) works in f32 and writes this
//! file, rounding; it shares `features` with the search, so the two cannot disagree on
//! what an input means.
//!
//! The accumulator is updated against the position the thread evaluated last, not per
//! ply on the search's stack: the search plays moves by copy (`Position::play`) and
//! keeps no per-ply evaluation state to hang it on, and in a depth-first search the
//! position evaluated last is the parent or a sibling, a few pieces away. The update
//! is by the pieces that differ (bitboards compared), so it is exact whatever path led
//! there, and it falls back to a fresh sum when many differ.

pub mod simd;

use std::sync::OnceLock;

use crate::bitboard::Bitboard;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::variant::Variant;

use super::inputs::{take, word};
use super::EvalProfile;
use simd::{Kernel, MAX_OUTPUT_WEIGHT};

pub use super::inputs::{feature, features, FILES, INPUTS, RANKS, ROLES, SQUARES};

/// Hidden numbers per view: a multiple of the 16 lanes of an AVX2 register.
pub const HIDDEN: usize = 128;
/// A hidden number of 1.0 is `QA` in the accumulator; an output weight of 1.0 is `QB`.
pub const QA: i32 = 255;
pub const QB: i32 = 64;
/// The output times `SCALE` is centipawns: the trainer fits the output as the logit of
/// the side to move's expected score (base 10, the Elo scale's 400).
pub const SCALE: i32 = 400;
/// Far from any mate score: the search's mate bounds stay the mates'.
const BOUND: i32 = 5_000;

const MAGIC: &[u8; 8] = b"BATONNUE";
const VERSION: u32 = 1;

/// What a net file says it was made for, after the magic and the version (each a
/// little-endian u32): the board's files and ranks, the roles its inputs name (their
/// count, then each role's index in `Role` order, a byte each), the hidden size, and the
/// quantization (`QA`, `QB`, `SCALE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub files: u32,
    pub ranks: u32,
    pub roles: Vec<u8>,
    pub hidden: u32,
    pub qa: u32,
    pub qb: u32,
    pub scale: u32,
}

impl Header {
    /// What this build reads for `variant`.
    pub fn of(variant: Variant) -> Header {
        let g = variant.facts().geometry;
        Header {
            files: u32::from(g.width()),
            ranks: u32::from(g.height()),
            roles: (0..ROLES as u8).collect(),
            hidden: HIDDEN as u32,
            qa: QA as u32,
            qb: QB as u32,
            scale: SCALE as u32,
        }
    }

    /// Whether this build can have a net for `variant` at all: its board and roles.
    pub fn supports(variant: Variant) -> Result<(), String> {
        let g = variant.facts().geometry;
        let name = variant.name();
        if (usize::from(g.width()), usize::from(g.height())) != (FILES, RANKS) {
            return Err(format!(
                "the {name} board is {}x{}; nets read {FILES}x{RANKS}",
                g.width(),
                g.height()
            ));
        }
        if let Some((c, _)) = variant
            .facts()
            .pieces
            .iter()
            .find(|(_, r)| r.idx() >= ROLES)
        {
            return Err(format!("{name} has '{c}', a role no net input names"));
        }
        Ok(())
    }

    /// `Err` names the first thing in which a file's header (`self`) and this build for
    /// `variant` disagree.
    pub fn check(&self, variant: Variant) -> Result<(), String> {
        Header::supports(variant)?;
        let build = Header::of(variant);
        let name = variant.name();
        if (self.files, self.ranks) != (build.files, build.ranks) {
            return Err(format!(
                "a net for a {}x{} board; the {name} board is {}x{}",
                self.files, self.ranks, build.files, build.ranks
            ));
        }
        if self.roles != build.roles {
            return Err(format!(
                "a net whose inputs name the roles {:?}; this build's name {:?}",
                self.roles, build.roles
            ));
        }
        if self.hidden != build.hidden {
            return Err(format!(
                "a net of {} hidden numbers; this build reads {}",
                self.hidden, build.hidden
            ));
        }
        if (self.qa, self.qb, self.scale) != (build.qa, build.qb, build.scale) {
            return Err(format!(
                "a net quantized as QA {} QB {} scale {}; this build reads QA {} QB {} scale {}",
                self.qa, self.qb, self.scale, build.qa, build.qb, build.scale
            ));
        }
        Ok(())
    }
}

/// The variant's net (`Profile::nnue`), read on first use; `None` where it has none. A
/// test reads every built-in net, so a file that does not fit the build stops the
/// tests, not a game (the search then keeps the hand-made evaluation).
pub fn of(variant: Variant) -> Option<&'static Network> {
    static NETS: [OnceLock<Option<Network>>; Variant::ALL.len()] =
        [const { OnceLock::new() }; Variant::ALL.len()];
    let bytes = variant.nnue()?;
    NETS[variant.index()]
        .get_or_init(|| Network::read(bytes, variant).ok())
        .as_ref()
}

/// `HIDDEN` numbers (the vector loops read them unaligned).
pub type Column = [i16; HIDDEN];

/// A net as the search computes it (integers, `QA` and `QB`).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// One column per input.
    input: Vec<Column>,
    bias: Column,
    /// The side to move's hidden numbers weigh `output[0]`, the other side's `output[1]`.
    output: [Column; 2],
    /// In units of `QA * QB`.
    output_bias: i32,
    kernel: Kernel,
}

impl Network {
    /// A net from its quantized numbers (the trainer's rounding), in the file's order:
    /// `input[f * HIDDEN + h]` from input `f` to hidden number `h`, the biases, the
    /// output weights (side to move first), the output bias. `Err` if a count is wrong
    /// or an output weight is beyond `MAX_OUTPUT_WEIGHT`.
    pub fn from_parts(
        input: &[i16],
        bias: &[i16],
        output: &[i16],
        output_bias: i32,
    ) -> Result<Network, String> {
        if input.len() != INPUTS * HIDDEN || bias.len() != HIDDEN || output.len() != 2 * HIDDEN {
            return Err(format!(
                "a net of {} + {} + {} weights; this build reads {} + {HIDDEN} + {}",
                input.len(),
                bias.len(),
                output.len(),
                INPUTS * HIDDEN,
                2 * HIDDEN
            ));
        }
        if let Some(w) = output.iter().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return Err(format!(
                "an output weight of {w}, beyond the {MAX_OUTPUT_WEIGHT} the inference's \
                 16-bit products hold"
            ));
        }
        let column = |s: &[i16]| -> Column { s.try_into().expect("HIDDEN numbers") };
        Ok(Network {
            input: input.chunks_exact(HIDDEN).map(column).collect(),
            bias: column(bias),
            output: [column(&output[..HIDDEN]), column(&output[HIDDEN..])],
            output_bias,
            kernel: Kernel::best(),
        })
    }

    /// The same net computed by another kernel (the tests compare them).
    pub fn with_kernel(mut self, kernel: Kernel) -> Network {
        self.kernel = kernel;
        self
    }

    /// The net as a file for `variant`: the magic, the version, the header (`Header`),
    /// then every weight as a little-endian i16 in `from_parts`' order, and the output
    /// bias as an i32.
    pub fn to_bytes(&self, variant: Variant) -> Vec<u8> {
        let h = Header::of(variant);
        let mut out = MAGIC.to_vec();
        out.extend(VERSION.to_le_bytes());
        out.extend(h.files.to_le_bytes());
        out.extend(h.ranks.to_le_bytes());
        out.extend((h.roles.len() as u32).to_le_bytes());
        out.extend(&h.roles);
        for word in [h.hidden, h.qa, h.qb, h.scale] {
            out.extend(word.to_le_bytes());
        }
        let columns = self.input.iter().chain([&self.bias]).chain(&self.output);
        for w in columns.flatten() {
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
        let count = (INPUTS + 1 + 2) * HIDDEN;
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
        let (input, rest) = w.split_at(INPUTS * HIDDEN);
        let (hidden_bias, output) = rest.split_at(HIDDEN);
        let output_bias = i32::from_le_bytes([bias[0], bias[1], bias[2], bias[3]]);
        Network::from_parts(input, hidden_bias, output, output_bias)
    }

    /// The header of a net file and the bytes after it.
    pub fn header(bytes: &[u8]) -> Result<(Header, &[u8]), String> {
        let mut rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a Baton net (it must begin with BATONNUE)")?;
        let version = word(&mut rest)?;
        if version != VERSION {
            return Err(format!(
                "a net file of format version {version}; this build reads version {VERSION}"
            ));
        }
        let files = word(&mut rest)?;
        let ranks = word(&mut rest)?;
        let count = word(&mut rest)? as usize;
        if count > crate::piece::NROLES {
            return Err(format!("a net naming {count} roles"));
        }
        let roles = take(&mut rest, count)?.to_vec();
        let header = Header {
            files,
            ranks,
            roles,
            hidden: word(&mut rest)?,
            qa: word(&mut rest)?,
            qb: word(&mut rest)?,
            scale: word(&mut rest)?,
        };
        Ok((header, rest))
    }

    /// One view's sums, computed afresh.
    fn view(&self, pos: &Position, view: Color) -> Column {
        let mut sums = self.bias;
        for f in features(pos, view) {
            self.kernel.add(&mut sums, &self.input[f]);
        }
        sums
    }

    /// Centipawns from the side to move's point of view, from the two views' sums
    /// (White's first).
    fn output_of(&self, views: &[Column; 2], us: Color) -> i32 {
        let mine = self.kernel.screlu_dot(&views[us.idx()], &self.output[0]);
        let theirs = self
            .kernel
            .screlu_dot(&views[us.other().idx()], &self.output[1]);
        // The products are in QA * QA * QB; one QA off brings them to the bias's units.
        let sum =
            (i64::from(mine) + i64::from(theirs)) / i64::from(QA) + i64::from(self.output_bias);
        let cp = sum * i64::from(SCALE) / i64::from(QA * QB);
        cp.clamp(-i64::from(BOUND), i64::from(BOUND)) as i32
    }

    /// The evaluation in centipawns from the side to move's point of view, computed
    /// afresh.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let views = [self.view(pos, Color::White), self.view(pos, Color::Black)];
        self.output_of(&views, pos.side())
    }

    /// `evaluate`, with `acc` brought from the position it last saw to `pos` by the
    /// pieces that differ (or summed afresh where many differ, or where it last served
    /// another net): the same number, for a few additions.
    pub fn evaluate_from(&self, pos: &Position, acc: &mut Accumulator) -> i32 {
        let now: Pieces = Color::BOTH.map(|c| std::array::from_fn(|r| pos.pieces(c, Role::ALL[r])));
        let owner = self as *const Network as usize;
        match acc.pieces {
            Some(before) if acc.owner == owner && changes(&before, &now) <= MOST_CHANGES => {
                for (color, (was, is)) in Color::BOTH.into_iter().zip(before.iter().zip(&now)) {
                    for (r, (&was, &is)) in was.iter().zip(is).enumerate() {
                        let role = Role::ALL[r];
                        for view in Color::BOTH {
                            let sums = &mut acc.views[view.idx()];
                            for sq in was & !is {
                                self.kernel
                                    .sub(sums, &self.input[feature(view, color, role, sq)]);
                            }
                            for sq in is & !was {
                                self.kernel
                                    .add(sums, &self.input[feature(view, color, role, sq)]);
                            }
                        }
                    }
                }
            }
            _ => acc.views = [self.view(pos, Color::White), self.view(pos, Color::Black)],
        }
        acc.pieces = Some(now);
        acc.owner = owner;
        self.output_of(&acc.views, pos.side())
    }
}

/// Each colour's pieces by role (pawn to commoner).
type Pieces = [[Bitboard; ROLES]; 2];

/// How many pieces stand elsewhere in `now` than in `before` (each square that gained
/// or lost one).
fn changes(before: &Pieces, now: &Pieces) -> u32 {
    before
        .iter()
        .flatten()
        .zip(now.iter().flatten())
        .map(|(&a, &b)| (a ^ b).count())
        .sum()
}

/// Above this many changed squares the views are summed afresh: about 30 inputs each,
/// against one a change to update them, so the bound need not be exact.
const MOST_CHANGES: u32 = 12;

/// One search thread's first layer as of the position it evaluated last: its pieces,
/// each colour's view (White's first), and which net computed them.
#[derive(Clone, Debug)]
pub struct Accumulator {
    pieces: Option<Pieces>,
    views: [Column; 2],
    owner: usize,
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            pieces: None,
            views: [[0; HIDDEN]; 2],
            owner: 0,
        }
    }
}

#[cfg(test)]
mod tests;
