//! The net as the trainer holds it: `eval::nnue`'s layout in f32, its loss and gradient,
//! Adam, and the rounding into the integers the search reads (`quantize`). The weights
//! are kept within what the integers hold (`clip`), so that rounding loses only the
//! rounding.
//!
//! Factorized inputs (as Stockfish's trainer has them): besides its own column, each
//! piece-square input adds a column shared by every input of its plane (its side and
//! role, a Knightmare's half of a role, the capture state, or a shared kind: its
//! "piece" column). A piece's worth is then learnt from every position it stands in,
//! not square by square, and a square no position showed a piece on is worth what the
//! piece is elsewhere instead of its random start. `quantize` adds each piece column
//! into its inputs' columns, so the search's net is unchanged in form and cost.

use baton_engine::eval::nnue::{self, Inputs, Network, QA};
use baton_engine::rng::Rng;
use baton_engine::{Color, Position, Square};

/// Where each part of the trainer's weights begins in a net `hidden` numbers wide for
/// `inputs`: the net's, in `Network::from_parts`' order (the input columns, the hidden
/// biases (`bias`), the output weights (`output`, side to move first), the output bias
/// (`output_bias`)), then the piece columns (`factor`, one per plane, `piece`), up to
/// `weights`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub inputs: Inputs,
    pub hidden: usize,
    bias: usize,
    output: usize,
    output_bias: usize,
    factor: usize,
    pub weights: usize,
}

impl Layout {
    pub fn new(inputs: Inputs, hidden: usize) -> Layout {
        let bias = inputs.count() * hidden;
        let output = bias + hidden;
        let output_bias = output + 2 * hidden;
        let factor = output_bias + 1;
        Layout {
            inputs,
            hidden,
            bias,
            output,
            output_bias,
            factor,
            weights: factor + inputs.planes() * hidden,
        }
    }

    /// The piece column an input shares: its plane (`eval::inputs`' planes),
    /// its square left out (inputs are numbered plane, square: `Inputs::feature`).
    fn piece(&self, f: usize) -> usize {
        f / self.inputs.squares()
    }
}

/// The bound of the input weights where the board's inputs leave room: the 32 pieces of
/// a chess start, or the 40 or so inputs of a stones one, summed in i16 hold it (40 x
/// 2.0 x `QA` = 20,400; it was the output weights' bound too when they were always in
/// steps of 1/64).
const LIMIT: f32 = 2.0;

/// The bound of the input weights for `inputs`: `LIMIT`, or less where as many inputs
/// as can be on at once (`Inputs::most_on`), and the bias, could sum past what i16
/// holds (the flip boards: each piece in the capture state is a second input; 10x10 has
/// 40 pieces).
pub fn input_limit(inputs: Inputs) -> f32 {
    // In the integers' steps (1/QA), rounded down: the rounded weight times the inputs
    // must fit, not the float.
    let steps = i32::from(i16::MAX) / (inputs.most_on() as i32 + 1);
    LIMIT.min(steps as f32 / QA as f32)
}

/// The largest output weight the integers hold in steps of `1 / qb`
/// (`simd::MAX_OUTPUT_WEIGHT` of them).
fn output_limit(qb: u32) -> f32 {
    f32::from(nnue::simd::MAX_OUTPUT_WEIGHT) / qb as f32
}

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

/// An input of White's view as Black sees it (mine and theirs swapped, the ranks
/// turned), read off `Inputs::feature` itself so that the trainer and the search cannot
/// disagree on it: White's view numbers an input by its plane and its square unturned.
fn turned(inputs: Inputs, f: u16) -> u16 {
    let f = usize::from(f);
    let square = Square((f % inputs.squares()) as u8);
    inputs.feature(Color::Black, f / inputs.squares(), square) as u16
}

impl Example {
    /// The position mirrored left to right (the first and last files swapped), the same
    /// target.
    pub fn mirrored(&self, inputs: Inputs) -> Example {
        let files = inputs.files;
        let mirror = |f: u16| {
            let f = usize::from(f);
            let file = f % files;
            (f - file + files - 1 - file) as u16
        };
        Example {
            white: self.white.iter().map(|&f| mirror(f)).collect(),
            ..self.clone()
        }
    }
}

/// The side to move's inputs and the other side's.
fn views(e: &Example, inputs: Inputs) -> (Vec<usize>, Vec<usize>) {
    let white: Vec<usize> = e.white.iter().map(|&f| usize::from(f)).collect();
    let black: Vec<usize> = e
        .white
        .iter()
        .map(|&f| usize::from(turned(inputs, f)))
        .collect();
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

/// The net's weights in f32 (`layout.weights` of them), and the steps its output
/// weights are rounded to (`1 / qb`, `quantize`), which bound them (`clip`).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub layout: Layout,
    pub qb: u32,
    pub w: Vec<f32>,
}

impl Model {
    /// A net `hidden` numbers wide for `inputs`, every weight zero.
    pub fn zeros(inputs: Inputs, hidden: usize, qb: u32) -> Model {
        let layout = Layout::new(inputs, hidden);
        Model {
            layout,
            qb,
            w: vec![0.0; layout.weights],
        }
    }

    /// Small random piece columns and zero square columns (a square starts at its
    /// piece's worth): about 30 to 80 inputs are on in each view, so a hidden number starts
    /// within a few tenths of its bias.
    pub fn random(inputs: Inputs, seed: u64, hidden: usize, qb: u32) -> Model {
        let mut rng = Rng::new(seed);
        let mut m = Model::zeros(inputs, hidden, qb);
        let l = m.layout;
        for w in &mut m.w[l.factor..] {
            *w = rng.uniform(0.1);
        }
        for w in &mut m.w[l.bias..l.output] {
            *w = 0.25;
        }
        for w in &mut m.w[l.output..l.output_bias] {
            *w = rng.uniform(1.0 / (2.0 * hidden as f32).sqrt());
        }
        m
    }

    fn accumulate(&self, inputs: &[usize]) -> Vec<f32> {
        let l = self.layout;
        let mut acc = self.w[l.bias..l.output].to_vec();
        for &f in inputs {
            for (a, (w, p)) in acc.iter_mut().zip(self.column(f).zip(self.piece_column(f))) {
                *a += w + p;
            }
        }
        acc
    }

    fn column(&self, f: usize) -> std::slice::Iter<'_, f32> {
        let h = self.layout.hidden;
        self.w[f * h..(f + 1) * h].iter()
    }

    /// Where input `f`'s piece column begins.
    fn piece_start(&self, f: usize) -> usize {
        self.layout.factor + self.layout.piece(f) * self.layout.hidden
    }

    fn piece_column(&self, f: usize) -> std::slice::Iter<'_, f32> {
        let start = self.piece_start(f);
        self.w[start..start + self.layout.hidden].iter()
    }

    /// The output (a logit; times `nnue::SCALE`, centipawns) for the side to move.
    #[cfg(test)]
    pub fn output(&self, e: &Example) -> f32 {
        let (mine, theirs) = views(e, self.layout.inputs);
        let (m, t) = (self.accumulate(&mine), self.accumulate(&theirs));
        self.output_of(&m, &t)
    }

    fn output_of(&self, mine: &[f32], theirs: &[f32]) -> f32 {
        let l = self.layout;
        let (out_mine, out_theirs) = self.w[l.output..l.output_bias].split_at(l.hidden);
        let mut sum = self.w[l.output_bias];
        for h in 0..l.hidden {
            sum += out_mine[h] * screlu(mine[h]) + out_theirs[h] * screlu(theirs[h]);
        }
        sum
    }

    /// The example's loss (squared error of the expected score) and, with `grad`, its
    /// gradient added there (laid out as `w`).
    pub fn step(&self, e: &Example, grad: Option<&mut [f32]>) -> f32 {
        let (mine, theirs) = views(e, self.layout.inputs);
        let (m, t) = (self.accumulate(&mine), self.accumulate(&theirs));
        let p = expected(self.output_of(&m, &t));
        let err = p - e.target;
        let Some(g) = grad else {
            return err * err;
        };
        // d loss / d logit: 2 err p (1 - p) ln 10.
        let d = 2.0 * err * p * (1.0 - p) * std::f32::consts::LN_10;
        let l = self.layout;
        let hidden = l.hidden;
        g[l.output_bias] += d;
        let mut d_acc = vec![0.0f32; hidden];
        for (acc, inputs, half) in [(&m, &mine, 0), (&t, &theirs, hidden)] {
            for h in 0..hidden {
                let x = acc[h];
                g[l.output + half + h] += d * screlu(x);
                d_acc[h] = if x > 0.0 && x < 1.0 {
                    d * self.w[l.output + half + h] * 2.0 * x
                } else {
                    0.0
                };
            }
            for (gb, da) in g[l.bias..l.output].iter_mut().zip(&d_acc) {
                *gb += da;
            }
            for &f in inputs {
                for (gw, da) in g[f * hidden..(f + 1) * hidden].iter_mut().zip(&d_acc) {
                    *gw += da;
                }
                let p = self.piece_start(f);
                for (gw, da) in g[p..p + hidden].iter_mut().zip(&d_acc) {
                    *gw += da;
                }
            }
        }
        err * err
    }

    /// Holds every weight within what the integers hold (a square's and its piece's
    /// column each; `quantize` clamps their sum).
    pub fn clip(&mut self) {
        let l = self.layout;
        let out = output_limit(self.qb);
        let limit = input_limit(l.inputs);
        let (net, pieces) = self.w.split_at_mut(l.factor);
        let (inputs, output) = net[..l.output_bias].split_at_mut(l.output);
        for w in inputs.iter_mut().chain(pieces) {
            *w = w.clamp(-limit, limit);
        }
        for w in output {
            *w = w.clamp(-out, out);
        }
    }

    /// The input columns as the search reads them: each with its piece column added.
    fn merged_inputs(&self) -> Vec<f32> {
        (0..self.layout.inputs.count())
            .flat_map(|f| self.column(f).zip(self.piece_column(f)).map(|(w, p)| w + p))
            .collect()
    }

    /// The net the search reads: each weight rounded to its integer scale.
    pub fn quantize(&self) -> Network {
        let l = self.layout;
        let round =
            |w: f32, scale: i32, bound: f32| (w.clamp(-bound, bound) * scale as f32).round();
        let limit = input_limit(l.inputs);
        let input: Vec<i16> = self
            .merged_inputs()
            .iter()
            .chain(&self.w[l.bias..l.output])
            .map(|&w| round(w, QA, limit) as i16)
            .collect();
        let output: Vec<i16> = self.w[l.output..l.output_bias]
            .iter()
            .map(|&w| round(w, self.qb as i32, output_limit(self.qb)) as i16)
            .collect();
        let bias = round(self.w[l.output_bias], QA * self.qb as i32, 1e4) as i32;
        let (columns, biases) = input.split_at(l.bias);
        Network::from_parts(l.inputs, columns, biases, &output, self.qb, bias)
            .expect("a width `baton train` checked, weights clipped to what the integers hold")
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

impl Adam {
    /// No steps yet, for `weights` weights.
    pub fn new(weights: usize) -> Adam {
        Adam {
            m: vec![0.0; weights],
            v: vec![0.0; weights],
            t: 0,
        }
    }

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
            for w in &mut model.w[..model.layout.bias] {
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

    /// As many inputs as can be on, each at the bound, and the bias sum within i16 on
    /// every board; only the flip boards (every piece in the capture state too) need a
    /// lower bound than `LIMIT`.
    #[test]
    fn the_input_weights_bound_keeps_the_sums_in_i16() {
        for v in Variant::ALL {
            let inputs = Inputs::of(v);
            let limit = input_limit(inputs);
            let most = (limit * QA as f32).round() * (inputs.most_on() + 1) as f32;
            assert!(most <= f32::from(i16::MAX), "{v:?}: {most}");
            let lower = matches!(v, Variant::FlipShatranj | Variant::FlipShatranj8);
            assert_eq!(limit < LIMIT, lower, "{v:?}: {limit}");
        }
    }

    /// The turned inputs are the ones the search computes for Black.
    #[test]
    fn blacks_inputs_are_whites_turned() {
        let stones = Variant::StonesRelaysTunnel;
        let positions = FENS
            .iter()
            .map(|fen| Position::from_fen(Variant::Knightmate, fen).unwrap())
            .chain([
                Position::startpos(stones),
                Position::from_fen(stones, "4k3/2p5/1S6/8/3X2G1/1S6/6G1/4P3/4K3 b - - 0 1")
                    .unwrap(),
                Position::from_fen(
                    Variant::CombiningKnightmare,
                    "4k3/8/8/1(Rq)6/8/3K4/8/8 w - - 0 1 b5",
                )
                .unwrap(),
                Position::from_fen(
                    Variant::FlipShatranj,
                    "4kk4/10/6+e3/10/2+D7/10/10/10/10/4KK4 w - - 0 1",
                )
                .unwrap(),
            ]);
        for pos in positions {
            let inputs = Inputs::of(pos.variant());
            let mut turned_white: Vec<u16> = nnue::features(&pos, Color::White)
                .map(|f| turned(inputs, f as u16))
                .collect();
            let mut black: Vec<u16> = nnue::features(&pos, Color::Black)
                .map(|f| f as u16)
                .collect();
            turned_white.sort();
            black.sort();
            assert_eq!(turned_white, black, "{}", pos.fen());
        }
    }

    /// The search's integer net computes what this one does: with output weights on the
    /// integers' grid (steps of 1/qb, which rounding a trained net moves by up to half a
    /// step: a few centipawns over 256 hidden numbers), within 3 centipawns (the first
    /// layer's rounding to 1/QA and the divisions' truncation). The square columns are
    /// random, as a trained net's are, and the piece columns, which every piece of a
    /// kind shares (their rounding would not average out), on the grid of 1/QA: the
    /// rounding adds each piece column into its squares' columns. At each width the
    /// trainer writes, the net read back from its file is the rounded one, scoring the
    /// same to the centipawn.
    #[test]
    fn the_rounded_net_scores_as_the_trained_one() {
        let v = Variant::Knightmate;
        for (hidden, qb) in [(128, 64), (256, 128)] {
            let mut model = Model::random(Inputs::of(v), 5, hidden, qb);
            let l = model.layout;
            let mut rng = Rng::new(7);
            for w in &mut model.w[..l.bias] {
                *w = rng.uniform(0.1);
            }
            for w in &mut model.w[l.factor..] {
                *w = (*w * QA as f32).round() / QA as f32;
            }
            for w in &mut model.w[l.output..l.output_bias] {
                *w = (*w * 4.0 * qb as f32).round() / qb as f32;
            }
            let net = model.quantize();
            assert_eq!(net.hidden(), hidden);
            let read = Network::read(&net.to_bytes(v), v).unwrap();
            assert_eq!(read, net);
            for fen in FENS {
                let pos = Position::from_fen(v, fen).unwrap();
                let float = model.output(&example(fen, 0.5)) * nnue::SCALE as f32;
                let int = net.evaluate(&pos);
                assert!(
                    (float - int as f32).abs() <= 3.0,
                    "{hidden}, {fen}: {float} against {int}"
                );
                assert_eq!(read.evaluate(&pos), int);
            }
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
            let mut ours = example(fen, 0.25).mirrored(Inputs::of(Variant::Knightmate));
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
        let mut model = Model::random(Inputs::of(Variant::Knightmate), 6, 128, 64);
        let l = model.layout;
        for w in &mut model.w[l.output..l.output_bias] {
            *w *= 4.0;
        }
        let e = example(FENS[2], 0.9);
        let mut g = vec![0.0; l.weights];
        model.step(&e, Some(&mut g));
        let (mine, _) = views(&e, l.inputs);
        for i in [
            mine[0] * l.hidden + 3,
            model.piece_start(mine[1]) + 4,
            l.bias + 5,
            l.output + 7,
            l.output + l.hidden + 9,
            l.output_bias,
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
