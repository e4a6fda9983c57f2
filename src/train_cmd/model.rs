//! The net as the trainer holds it: `eval::nnue`'s layout in f32, its loss and gradient,
//! Adam, and the rounding into the integers the search reads (`quantize`). The weights
//! are kept within what the integers hold (`clip`), so that rounding loses only the
//! rounding.
//!
//! Factorized inputs (as Stockfish's trainer has them): besides its own column, each
//! piece-square input adds a column shared by every input of its side and role (its
//! "piece" column). A piece's worth is then learnt from every position it stands in,
//! not square by square, and a square no position showed a piece on is worth what the
//! piece is elsewhere instead of its random start. `quantize` adds each piece column
//! into its inputs' columns, so the search's net is unchanged in form and cost.

use std::sync::LazyLock;

use baton_engine::eval::nnue::{self, Network, HIDDEN, INPUTS, QA, QB, ROLES, SQUARES};
use baton_engine::rng::Rng;
use baton_engine::{Color, Position, Role, Square};

/// Every weight the trainer holds: the net's, in `Network::from_parts`' order (the input
/// columns, the hidden biases, the output weights (side to move first), the output
/// bias), then the piece columns (`PIECES` of them, `piece`).
pub const WEIGHTS: usize = FACTOR + PIECES * HIDDEN;
const BIAS: usize = INPUTS * HIDDEN;
const OUTPUT: usize = BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT + 2 * HIDDEN;
const FACTOR: usize = OUTPUT_BIAS + 1;
/// Piece columns: one per side ("mine", "theirs") and role.
const PIECES: usize = INPUTS / SQUARES;

/// The piece column an input shares: its side and role, its square left out (inputs
/// are numbered side, role, square: `eval::inputs::feature`).
fn piece(f: usize) -> usize {
    f / SQUARES
}

/// The largest output weight the integers hold (`simd::MAX_OUTPUT_WEIGHT` over `QB`);
/// input weights are held to the same bound, far inside what 32 of them summed in i16
/// hold.
const LIMIT: f32 = nnue::simd::MAX_OUTPUT_WEIGHT as f32 / QB as f32;

/// One position as the trainer needs it: White's inputs (Black's are these turned,
/// `turned`), whether White is to move, and the target as the side to move's expected
/// score.
#[derive(Clone, Debug)]
pub struct Example {
    pub white: Vec<u16>,
    pub white_to_move: bool,
    pub target: f32,
}

impl Example {
    /// `pos` with its target: White's inputs as the search computes them.
    pub fn new(pos: &Position, target: f32) -> Example {
        Example {
            white: nnue::features(pos, Color::White)
                .map(|f| f as u16)
                .collect(),
            white_to_move: pos.side() == Color::White,
            target,
        }
    }
}

/// Each input of White's view as Black sees it (mine and theirs swapped, the ranks
/// turned), read off `nnue::feature` itself so that the trainer and the search cannot
/// disagree on it.
static TURNED: LazyLock<Vec<u16>> = LazyLock::new(|| {
    let mut table = vec![0; INPUTS];
    for color in Color::BOTH {
        for &role in &Role::ALL[..ROLES] {
            for sq in (0..SQUARES).map(|s| Square(s as u8)) {
                table[nnue::feature(Color::White, color, role, sq)] =
                    nnue::feature(Color::Black, color, role, sq) as u16;
            }
        }
    }
    table
});

/// An input of White's view as Black sees it (`TURNED`).
fn turned(f: u16) -> u16 {
    TURNED[usize::from(f)]
}

impl Example {
    /// The position mirrored left to right (files a and h swapped), the same target.
    pub fn mirrored(&self) -> Example {
        let mirror = |f: u16| {
            let f = usize::from(f);
            let (rest, sq) = (f - f % SQUARES, f % SQUARES);
            (rest + sq - sq % nnue::FILES + nnue::FILES - 1 - sq % nnue::FILES) as u16
        };
        Example {
            white: self.white.iter().map(|&f| mirror(f)).collect(),
            ..self.clone()
        }
    }
}

/// The side to move's inputs and the other side's.
fn views(e: &Example) -> (Vec<usize>, Vec<usize>) {
    let white: Vec<usize> = e.white.iter().map(|&f| usize::from(f)).collect();
    let black: Vec<usize> = e.white.iter().map(|&f| usize::from(turned(f))).collect();
    if e.white_to_move {
        (white, black)
    } else {
        (black, white)
    }
}

/// The logit (base 10) turned into an expected score.
pub fn expected(logit: f32) -> f32 {
    1.0 / (1.0 + 10f32.powf(-logit))
}

/// The net's weights in f32 (`WEIGHTS` of them).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub w: Vec<f32>,
}

impl Model {
    pub fn zeros() -> Model {
        Model {
            w: vec![0.0; WEIGHTS],
        }
    }

    /// Small random piece columns and zero square columns (a square starts at its
    /// piece's worth): about 30 inputs are on in each view, so a hidden number starts
    /// within a few tenths of its bias.
    pub fn random(seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let mut m = Model::zeros();
        for w in &mut m.w[FACTOR..] {
            *w = rng.uniform(0.1);
        }
        for w in &mut m.w[BIAS..OUTPUT] {
            *w = 0.25;
        }
        for w in &mut m.w[OUTPUT..OUTPUT_BIAS] {
            *w = rng.uniform(1.0 / (2.0 * HIDDEN as f32).sqrt());
        }
        m
    }

    fn accumulate(&self, inputs: &[usize]) -> [f32; HIDDEN] {
        let mut acc = [0.0f32; HIDDEN];
        acc.copy_from_slice(&self.w[BIAS..OUTPUT]);
        for &f in inputs {
            for (a, (w, p)) in acc.iter_mut().zip(self.column(f).zip(self.piece_column(f))) {
                *a += w + p;
            }
        }
        acc
    }

    fn column(&self, f: usize) -> std::slice::Iter<'_, f32> {
        self.w[f * HIDDEN..(f + 1) * HIDDEN].iter()
    }

    fn piece_column(&self, f: usize) -> std::slice::Iter<'_, f32> {
        let start = FACTOR + piece(f) * HIDDEN;
        self.w[start..start + HIDDEN].iter()
    }

    /// The output (a logit; times `nnue::SCALE`, centipawns) for the side to move.
    #[cfg(test)]
    pub fn output(&self, e: &Example) -> f32 {
        let (mine, theirs) = views(e);
        let (m, t) = (self.accumulate(&mine), self.accumulate(&theirs));
        self.output_of(&m, &t)
    }

    fn output_of(&self, mine: &[f32; HIDDEN], theirs: &[f32; HIDDEN]) -> f32 {
        let out = &self.w[OUTPUT..OUTPUT_BIAS];
        let mut sum = self.w[OUTPUT_BIAS];
        for h in 0..HIDDEN {
            sum += out[h] * screlu(mine[h]) + out[HIDDEN + h] * screlu(theirs[h]);
        }
        sum
    }

    /// The example's loss (squared error of the expected score) and, with `grad`, its
    /// gradient added there (laid out as `w`).
    pub fn step(&self, e: &Example, grad: Option<&mut [f32]>) -> f32 {
        let (mine, theirs) = views(e);
        let (m, t) = (self.accumulate(&mine), self.accumulate(&theirs));
        let p = expected(self.output_of(&m, &t));
        let err = p - e.target;
        let Some(g) = grad else {
            return err * err;
        };
        // d loss / d logit: 2 err p (1 - p) ln 10.
        let d = 2.0 * err * p * (1.0 - p) * std::f32::consts::LN_10;
        g[OUTPUT_BIAS] += d;
        for (acc, inputs, half) in [(&m, &mine, 0), (&t, &theirs, HIDDEN)] {
            let mut d_acc = [0.0f32; HIDDEN];
            for h in 0..HIDDEN {
                let x = acc[h];
                g[OUTPUT + half + h] += d * screlu(x);
                if x > 0.0 && x < 1.0 {
                    d_acc[h] = d * self.w[OUTPUT + half + h] * 2.0 * x;
                }
            }
            for (gb, da) in g[BIAS..OUTPUT].iter_mut().zip(&d_acc) {
                *gb += da;
            }
            for &f in inputs {
                for (gw, da) in g[f * HIDDEN..(f + 1) * HIDDEN].iter_mut().zip(&d_acc) {
                    *gw += da;
                }
                let p = FACTOR + piece(f) * HIDDEN;
                for (gw, da) in g[p..p + HIDDEN].iter_mut().zip(&d_acc) {
                    *gw += da;
                }
            }
        }
        err * err
    }

    /// Holds every weight within what the integers hold (a square's and its piece's
    /// column each; `quantize` clamps their sum).
    pub fn clip(&mut self) {
        let (net, pieces) = self.w.split_at_mut(FACTOR);
        for w in net[..OUTPUT_BIAS].iter_mut().chain(pieces) {
            *w = w.clamp(-LIMIT, LIMIT);
        }
    }

    /// The input columns as the search reads them: each with its piece column added.
    fn merged_inputs(&self) -> Vec<f32> {
        (0..INPUTS)
            .flat_map(|f| self.column(f).zip(self.piece_column(f)).map(|(w, p)| w + p))
            .collect()
    }

    /// The net the search reads: each weight rounded to its integer scale.
    pub fn quantize(&self) -> Network {
        let round =
            |w: f32, scale: i32, bound: f32| (w.clamp(-bound, bound) * scale as f32).round();
        let input: Vec<i16> = self
            .merged_inputs()
            .iter()
            .chain(&self.w[BIAS..OUTPUT])
            .map(|&w| round(w, QA, LIMIT) as i16)
            .collect();
        let output: Vec<i16> = self.w[OUTPUT..OUTPUT_BIAS]
            .iter()
            .map(|&w| round(w, QB, LIMIT) as i16)
            .collect();
        let bias = round(self.w[OUTPUT_BIAS], QA * QB, 1e4) as i32;
        Network::from_parts(&input[..BIAS], &input[BIAS..], &output, bias)
            .expect("weights clipped to what the integers hold")
    }
}

/// The hidden layer's activation: clipped to 0..1, then squared.
#[inline]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// Adam's running moments of every weight (AdamW's decay is not used: the clip bounds
/// the weights and the held-out loss picks the pass).
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub t: u32,
}

impl Default for Adam {
    fn default() -> Adam {
        Adam {
            m: vec![0.0; WEIGHTS],
            v: vec![0.0; WEIGHTS],
            t: 0,
        }
    }
}

impl Adam {
    /// One step down the gradient `grad` summed over `n` examples; the square columns
    /// decay by `rate * decay` towards zero (towards their piece column's worth).
    pub fn apply(&mut self, model: &mut Model, grad: &[f32], n: usize, rate: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t as i32);
        let c2 = 1.0 - B2.powi(self.t as i32);
        let scale = 1.0 / n as f32;
        for (((w, g), m), v) in model
            .w
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
        if decay > 0.0 {
            for w in &mut model.w[..BIAS] {
                *w -= rate * decay * *w;
            }
        }
        model.clip();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baton_engine::{Color, Position, Variant};

    fn example(fen: &str, target: f32) -> Example {
        Example::new(
            &Position::from_fen(Variant::Knightmate, fen).unwrap(),
            target,
        )
    }

    const FENS: [&str; 3] = [
        "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
        "rmbqkbmr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RMBQKBMR b KQkq - 0 2",
        "r1b1kbm1/pp1p1pp1/2m5/4p2r/3P4/2M2Q2/PPP2PPP/R1B1KBM1 b - - 3 9",
    ];

    /// The turned inputs are the ones the search computes for Black.
    #[test]
    fn blacks_inputs_are_whites_turned() {
        for fen in FENS {
            let pos = Position::from_fen(Variant::Knightmate, fen).unwrap();
            let mut turned_white: Vec<u16> = nnue::features(&pos, Color::White)
                .map(|f| turned(f as u16))
                .collect();
            let mut black: Vec<u16> = nnue::features(&pos, Color::Black)
                .map(|f| f as u16)
                .collect();
            turned_white.sort();
            black.sort();
            assert_eq!(turned_white, black, "{fen}");
        }
    }

    /// The search's integer net computes what this one does: with output weights on the
    /// integers' grid (steps of 1/QB, which rounding a trained net moves by up to half a
    /// step: a few centipawns over 256 hidden numbers), within 3 centipawns (the first
    /// layer's rounding to 1/QA and the divisions' truncation). The square columns are
    /// random, as a trained net's are, and the piece columns, which every piece of a
    /// kind shares (their rounding would not average out), on the grid of 1/QA: the
    /// rounding adds each piece column into its squares' columns.
    #[test]
    fn the_rounded_net_scores_as_the_trained_one() {
        let mut model = Model::random(5);
        let mut rng = Rng::new(7);
        for w in &mut model.w[..BIAS] {
            *w = rng.uniform(0.1);
        }
        for w in &mut model.w[FACTOR..] {
            *w = (*w * QA as f32).round() / QA as f32;
        }
        for w in &mut model.w[OUTPUT..OUTPUT_BIAS] {
            *w = (*w * 4.0 * QB as f32).round() / QB as f32;
        }
        let net = model.quantize();
        for fen in FENS {
            let pos = Position::from_fen(Variant::Knightmate, fen).unwrap();
            let float = model.output(&example(fen, 0.5)) * nnue::SCALE as f32;
            let int = net.evaluate(&pos) as f32;
            assert!((float - int).abs() <= 3.0, "{fen}: {float} against {int}");
        }
    }

    /// A mirrored example has the inputs of the position whose ranks are read right to
    /// left.
    #[test]
    fn a_mirrored_example_is_the_mirrored_position() {
        for fen in FENS {
            let (board, rest) = fen.split_once(' ').unwrap();
            let flipped: Vec<String> = board
                .split('/')
                .map(|rank| rank.chars().rev().collect())
                .collect();
            // Castling rights name the rooks' files: the mirrored position has none.
            let rest: Vec<&str> = rest.split(' ').collect();
            let mirrored = format!(
                "{} {} - - {} {}",
                flipped.join("/"),
                rest[0],
                rest[3],
                rest[4]
            );
            let mut ours = example(fen, 0.25).mirrored();
            let mut theirs = example(&mirrored, 0.25);
            ours.white.sort();
            theirs.white.sort();
            assert_eq!(ours.white, theirs.white, "{fen}");
            assert_eq!(
                (ours.white_to_move, ours.target),
                (theirs.white_to_move, 0.25)
            );
        }
    }

    /// The gradient agrees with the loss's change when one weight of each kind moves.
    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        let mut model = Model::random(6);
        for w in &mut model.w[OUTPUT..OUTPUT_BIAS] {
            *w *= 4.0;
        }
        let e = example(FENS[2], 0.9);
        let mut g = vec![0.0; WEIGHTS];
        model.step(&e, Some(&mut g));
        let (mine, _) = views(&e);
        for i in [
            mine[0] * HIDDEN + 3,
            FACTOR + piece(mine[1]) * HIDDEN + 4,
            BIAS + 5,
            OUTPUT + 7,
            OUTPUT + HIDDEN + 9,
            OUTPUT_BIAS,
        ] {
            let h = 1e-3;
            let mut up = model.clone();
            up.w[i] += h;
            let mut down = model.clone();
            down.w[i] -= h;
            let slope = (up.step(&e, None) - down.step(&e, None)) / (2.0 * h);
            assert!(
                (slope - g[i]).abs() <= 1e-3 + 0.05 * g[i].abs(),
                "weight {i}: {slope} against {}",
                g[i]
            );
        }
    }
}
