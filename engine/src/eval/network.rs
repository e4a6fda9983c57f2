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

use std::sync::OnceLock;

use crate::bitboard::Bitboard;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::variant::Variant;

use super::inputs::{feature, take, word};
use super::EvalProfile;

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

/// What a network file starts with, then the format's version (`VERSION`, a
/// little-endian u32); the version 1 files had neither the version nor the header.
const MAGIC: &[u8; 7] = b"BATONNN";
const VERSION: u32 = 2;

/// What a network file says it was made for, after the magic and the version, each a
/// little-endian u32 but the last: the board's files and ranks, the roles its inputs
/// name (their count, then each role's index in `Role` order, a byte each), the hidden
/// size, and the fingerprint (u64) of the hand-made weights it was trained against
/// (`Weights::fingerprint`): a network learns what those weights miss, so new weights
/// want a new network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub files: u32,
    pub ranks: u32,
    pub roles: Vec<u8>,
    pub hidden: u32,
    pub weights: u64,
}

impl Header {
    /// What this build reads for `variant`: its board, `ROLES`, `HIDDEN` and its weights.
    pub fn of(variant: Variant) -> Header {
        let g = variant.facts().geometry;
        Header {
            files: u32::from(g.width()),
            ranks: u32::from(g.height()),
            roles: (0..ROLES as u8).collect(),
            hidden: HIDDEN as u32,
            weights: super::weights(variant).fingerprint(),
        }
    }

    /// `Err` names the first thing in which a file's header (`self`) and this build
    /// for `variant` disagree.
    pub fn check(&self, variant: Variant) -> Result<(), String> {
        let build = Header::of(variant);
        let name = variant.name();
        if (build.files, build.ranks) != (FILES as u32, RANKS as u32) {
            return Err(format!(
                "the {name} board is {}x{}; networks read {FILES}x{RANKS}",
                build.files, build.ranks
            ));
        }
        if (self.files, self.ranks) != (build.files, build.ranks) {
            return Err(format!(
                "a network for a {}x{} board; the {name} board is {}x{}",
                self.files, self.ranks, build.files, build.ranks
            ));
        }
        if self.roles != build.roles {
            return Err(format!(
                "a network whose inputs name the roles {:?}; this build's name {:?}",
                self.roles, build.roles
            ));
        }
        let pieces = variant.facts().pieces;
        if let Some((c, _)) = pieces.iter().find(|(_, r)| r.idx() >= ROLES) {
            return Err(format!("{name} has '{c}', a role no network input names"));
        }
        if self.hidden != build.hidden {
            return Err(format!(
                "a network of {} hidden numbers; this build reads {}",
                self.hidden, build.hidden
            ));
        }
        if self.weights != build.weights {
            return Err(format!(
                "a network trained against other hand-made weights (fingerprint {:016x}) \
                 than {name}'s (engine/weights, fingerprint {:016x}): train it again \
                 (baton tune --net)",
                self.weights, build.weights
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
    static NETWORKS: [OnceLock<Option<Quantized>>; Variant::ALL.len()] =
        [const { OnceLock::new() }; Variant::ALL.len()];
    // Every evaluation asks: a variant without a network answers from its facts alone.
    let bytes = variant.network()?;
    NETWORKS[variant.index()]
        .get_or_init(|| {
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
        let mut out = MAGIC.to_vec();
        out.extend(VERSION.to_le_bytes());
        out.extend(h.files.to_le_bytes());
        out.extend(h.ranks.to_le_bytes());
        out.extend((h.roles.len() as u32).to_le_bytes());
        out.extend(&h.roles);
        out.extend(h.hidden.to_le_bytes());
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
        let mut rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a Baton network (it must begin with BATONNN)")?;
        let version = word(&mut rest)?;
        if version != VERSION {
            return Err(format!(
                "a network file of format version {version}; this build reads version {VERSION}"
            ));
        }
        let files = word(&mut rest)?;
        let ranks = word(&mut rest)?;
        let count = word(&mut rest)? as usize;
        if count > crate::piece::NROLES {
            return Err(format!("a network naming {count} roles"));
        }
        let roles = take(&mut rest, count)?.to_vec();
        let hidden = word(&mut rest)?;
        let w = take(&mut rest, 8)?;
        let weights = u64::from_le_bytes(w.try_into().expect("eight bytes"));
        let header = Header {
            files,
            ranks,
            roles,
            hidden,
            weights,
        };
        Ok((header, rest))
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

#[inline]
fn add(sums: &mut [i32; HIDDEN], column: &[i32; HIDDEN]) {
    for (s, w) in sums.iter_mut().zip(column) {
        *s += w;
    }
}

#[inline]
fn sub(sums: &mut [i32; HIDDEN], column: &[i32; HIDDEN]) {
    for (s, w) in sums.iter_mut().zip(column) {
        *s -= w;
    }
}

/// One search thread's first layer as of the position it evaluated last: the pieces
/// (by colour and role) and each colour's view, White's first.
#[derive(Clone, Debug)]
pub struct Accumulator {
    pieces: Option<[[Bitboard; ROLES]; 2]>,
    views: [[i32; HIDDEN]; 2],
}

// By hand: the standard library implements `Default` only for arrays of at most 32.
impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            pieces: None,
            views: [[0; HIDDEN]; 2],
        }
    }
}

/// Above this many changed pieces (a position far from the last one evaluated), the
/// views are computed afresh: about 30 inputs each, against one a changed piece to
/// update them, so the bound need not be exact.
const MOST_CHANGES: u32 = 12;

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

    fn view(&self, pos: &Position, view: Color) -> [i32; HIDDEN] {
        let mut acc = self.input_bias;
        for f in features(pos, view) {
            add(&mut acc, &self.input[f]);
        }
        acc
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
        let views = [self.view(pos, Color::White), self.view(pos, Color::Black)];
        self.output_of(&views, pos.side())
    }

    /// `correction`, with `acc` updated from the position it last saw to `pos` (or
    /// computed afresh where too much changed): the same number, for a few additions.
    pub fn correction_from(&self, pos: &Position, acc: &mut Accumulator) -> i32 {
        let now: [[Bitboard; ROLES]; 2] =
            Color::BOTH.map(|c| std::array::from_fn(|r| pos.pieces(c, Role::ALL[r])));
        let changes = |before: &[[Bitboard; ROLES]; 2]| -> u32 {
            (0..2)
                .flat_map(|c| (0..ROLES).map(move |r| (c, r)))
                .map(|(c, r)| (before[c][r] ^ now[c][r]).count())
                .sum()
        };
        match acc.pieces {
            Some(before) if changes(&before) <= MOST_CHANGES => {
                for (color, (was, is)) in Color::BOTH.into_iter().zip(before.iter().zip(&now)) {
                    for (r, (&was, &is)) in was.iter().zip(is).enumerate() {
                        let role = Role::ALL[r];
                        for view in Color::BOTH {
                            let sums = &mut acc.views[view.idx()];
                            for sq in was & !is {
                                sub(sums, &self.input[feature(view, color, role, sq)]);
                            }
                            for sq in is & !was {
                                add(sums, &self.input[feature(view, color, role, sq)]);
                            }
                        }
                    }
                }
            }
            _ => acc.views = [self.view(pos, Color::White), self.view(pos, Color::Black)],
        }
        acc.pieces = Some(now);
        self.output_of(&acc.views, pos.side())
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

    /// Along random games (captures, and promotions from the second start) and across
    /// the jump from one game to the other (computed afresh), the updated accumulator
    /// gives exactly the fresh number.
    #[test]
    fn an_updated_accumulator_gives_the_correction_computed_afresh() {
        let q = Quantized::new(&sample_network());
        let mut acc = Accumulator::default();
        let mut list = crate::rules::move_list(Variant::Knightmate);
        let mut evaluated = 0;
        for (start, seed) in [
            (
                "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                7u64,
            ),
            ("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1", 11),
        ] {
            let mut pos = Position::from_fen(Variant::Knightmate, start).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            for _ in 0..80 {
                assert_eq!(q.correction_from(&pos, &mut acc), q.correction(&pos));
                evaluated += 1;
                list.clear();
                crate::rules::legal_moves(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                pos = pos.play(list[rng.below(list.len())]);
            }
        }
        assert!(evaluated > 100, "{evaluated}");
    }

    /// Every built-in network fits this build: its board, roles, hidden size and the
    /// hand-made weights it was trained against. A retune of those weights fails here
    /// until the network is trained again.
    #[test]
    fn every_variants_network_reads() {
        for v in Variant::ALL {
            if let Some(bytes) = v.network() {
                if let Err(e) = Network::read(bytes, v) {
                    panic!("{}'s network: {e}", v.name());
                }
                assert!(of(v).is_some());
            }
        }
    }

    /// A network file whose header disagrees with the build in any part is refused,
    /// in words that name the part.
    #[test]
    fn a_doctored_network_header_is_refused() {
        let v = Variant::Knightmate;
        let good = sample_network().to_bytes(v);
        assert!(Network::read(&good, v).is_ok());
        // The header's fields start after the magic: version, files, ranks, role
        // count, the roles, hidden size, weights' fingerprint.
        let at = |field: usize| MAGIC.len() + 4 * field;
        let roles_end = at(4) + ROLES;
        let doctored = |offset: usize, bytes: &[u8], says: &str| {
            let mut file = good.clone();
            file[offset..offset + bytes.len()].copy_from_slice(bytes);
            let e = Network::read(&file, v).unwrap_err();
            assert!(e.contains(says), "{says}: {e}");
        };
        doctored(0, b"BATONNX", "not a Baton network");
        doctored(
            at(0),
            &1u32.to_le_bytes(),
            "format version 1; this build reads version 2",
        );
        doctored(
            at(1),
            &10u32.to_le_bytes(),
            "a network for a 10x8 board; the knightmate board is 8x8",
        );
        doctored(at(2), &9u32.to_le_bytes(), "a network for a 8x9 board");
        doctored(
            at(4),
            &[1],
            "whose inputs name the roles [1, 1, 2, 3, 4, 5, 6]",
        );
        doctored(
            roles_end,
            &64u32.to_le_bytes(),
            "a network of 64 hidden numbers; this build reads 32",
        );
        doctored(
            roles_end + 4,
            &[0xff],
            "trained against other hand-made weights",
        );
        // Six roles named: the rest of the header shifts and no longer fits.
        let mut fewer = good.clone();
        fewer[at(3)..at(4)].copy_from_slice(&6u32.to_le_bytes());
        fewer.remove(at(4) + 6);
        assert!(Network::read(&fewer, v)
            .unwrap_err()
            .contains("roles [0, 1, 2, 3, 4, 5]"));
        // Weights retuned since the network was trained: the fingerprint differs.
        let w = crate::eval::weights(v);
        let moved: Vec<i32> = w.tunable().into_iter().map(|(_, x)| x + 1).collect();
        assert_ne!(w.with_tunable(&moved).fingerprint(), w.fingerprint());
        // A variant on another board has no network to read.
        let e = Network::read(&good, Variant::StonesRelays).unwrap_err();
        assert!(
            e.contains("the stonesrelays board is 8x9; networks read 8x8"),
            "{e}"
        );
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
