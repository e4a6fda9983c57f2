use super::*;
use crate::piece::Neutral;
use crate::rng::Rng;
use crate::variant::Variant;

/// A net of random numbers for an 8x8 board, as large as a trained one's, `hidden`
/// numbers wide.
pub(crate) fn sample_of_width(seed: u64, hidden: usize) -> Network {
    sample_for(Inputs::of(Variant::Knightmate), seed, hidden)
}

/// A net of random numbers for `inputs`, `hidden` numbers wide.
fn sample_for(inputs: Inputs, seed: u64, hidden: usize) -> Network {
    let mut rng = Rng::new(seed);
    let mut draw = |n: usize, bound: i32| -> Vec<i16> {
        (0..n)
            .map(|_| (rng.below(2 * bound as usize + 1) as i32 - bound) as i16)
            .collect()
    };
    let input = draw(inputs.count() * hidden, 60);
    let bias = draw(hidden, 200);
    let output = draw(2 * hidden, i32::from(MAX_OUTPUT_WEIGHT));
    Network::from_parts(inputs, &input, &bias, &output, 64, 1234).unwrap()
}

/// The widths the tests try: the narrowest, the embedded nets' (128 and knightrelay's
/// 256) and the widest.
const WIDTHS: [usize; 4] = [LANES, 128, 256, MAX_HIDDEN];

/// A sample net of knightmate's and chess's width.
pub(crate) fn sample_network(seed: u64) -> Network {
    sample_of_width(seed, 128)
}

const KNIGHTMATE: &str = "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1";

/// Along random games, the accumulator updated move by move gives exactly the number
/// computed afresh, with every kernel and at every width, and the kernels agree; one
/// accumulator serves nets of every width in turn.
#[test]
fn an_updated_accumulator_gives_the_evaluation_computed_afresh_with_every_kernel() {
    let nets: Vec<Network> = WIDTHS
        .iter()
        .enumerate()
        .flat_map(|(i, &hidden)| {
            let base = sample_of_width(1 + i as u64, hidden);
            Kernel::available()
                .into_iter()
                .map(move |k| base.clone().with_kernel(k))
        })
        .collect();
    let kernels = Kernel::available().len();
    let mut accs = vec![Accumulator::default(); nets.len()];
    let mut shared = Accumulator::default();
    crate::eval::accumulator::tests::along_random_games(|pos| {
        for (same, accs) in nets.chunks(kernels).zip(accs.chunks_mut(kernels)) {
            let fresh = same[0].evaluate(pos);
            for (net, acc) in same.iter().zip(accs) {
                let (k, h) = (net.kernel, net.hidden());
                assert_eq!(net.evaluate(pos), fresh, "{k:?} {h} {}", pos.fen());
                assert_eq!(net.evaluate_from(pos, acc), fresh, "{h} {}", pos.fen());
            }
            assert_eq!(same[0].evaluate_from(pos, &mut shared), fresh);
        }
    });
}

/// On the stones boards too (neutral pieces moved, relayed moves, the tunnel's gates),
/// the accumulator updated move by move gives the number computed afresh; a net made
/// for stonesrelays reads back as written, for the tunnel too (the same board and
/// inputs), and for no 8x8 variant.
#[test]
fn an_updated_accumulator_follows_the_neutral_pieces() {
    let v = Variant::StonesRelays;
    let net = sample_for(Inputs::of(v), 8, 128);
    let bytes = net.to_bytes(v);
    assert_eq!(Network::read(&bytes, v), Ok(net.clone()));
    assert_eq!(
        Network::read(&bytes, Variant::StonesRelaysTunnel),
        Ok(net.clone())
    );
    let e = Network::read(&bytes, Variant::Chess).unwrap_err();
    assert!(
        e.contains("a net for a 8x9 board; the chess board is 8x8"),
        "{e}"
    );
    let mut acc = Accumulator::default();
    let (mut last, mut neutral_moves) = (None, 0);
    crate::eval::accumulator::tests::along_random_stones_games(|pos| {
        let fresh = net.evaluate(pos);
        assert_eq!(net.evaluate_from(pos, &mut acc), fresh, "{}", pos.fen());
        let now = Neutral::ALL.map(|k| pos.neutral(k));
        neutral_moves += usize::from(last.is_some_and(|l| l != now));
        last = Some(now);
    });
    // Most turns move a neutral piece too: the update followed them.
    assert!(neutral_moves > 100, "{neutral_moves}");
}

/// In combiningknightmare (Knightmares made, moved, taken, frozen) and on both flip
/// boards (pieces flipped into and out of the capture state), the accumulator updated
/// move by move gives the number computed afresh, and a net of each reads back as
/// written.
#[test]
fn an_updated_accumulator_follows_knightmares_and_flip_states() {
    use crate::eval::accumulator::tests::{along_random_games_of, along_random_knightmare_games};
    let v = Variant::CombiningKnightmare;
    let net = sample_for(Inputs::of(v), 9, 128);
    assert_eq!(Network::read(&net.to_bytes(v), v), Ok(net.clone()));
    let mut acc = Accumulator::default();
    let (mut knightmares, mut frozen) = (0, 0);
    along_random_knightmare_games(|pos| {
        assert_eq!(
            net.evaluate_from(pos, &mut acc),
            net.evaluate(pos),
            "{}",
            pos.fen()
        );
        knightmares += usize::from(!pos.shared().is_empty());
        frozen += usize::from(pos.frozen().is_some());
    });
    assert!(knightmares > 50 && frozen > 10, "{knightmares} {frozen}");
    for (v, seed) in [(Variant::FlipShatranj8, 41), (Variant::FlipShatranj, 43)] {
        let net = sample_for(Inputs::of(v), seed, 128);
        assert_eq!(Network::read(&net.to_bytes(v), v), Ok(net.clone()));
        let mut acc = Accumulator::default();
        let mut last = None;
        let mut flips = 0;
        along_random_games_of(
            &[(v, v.start_fen(), seed), (v, v.start_fen(), seed + 1)],
            |pos| {
                assert_eq!(
                    net.evaluate_from(pos, &mut acc),
                    net.evaluate(pos),
                    "{}",
                    pos.fen()
                );
                flips += usize::from(last.is_some_and(|l| l != pos.capture_state()));
                last = Some(pos.capture_state());
            },
        );
        assert!(flips > 100, "{v:?}: {flips}");
    }
}

/// An accumulator last used by another net is summed afresh, not updated.
#[test]
fn an_accumulator_that_served_another_net_starts_afresh() {
    let (a, b) = (sample_network(1), sample_network(2));
    let pos = Position::from_fen(Variant::Knightmate, KNIGHTMATE).unwrap();
    let mut acc = Accumulator::default();
    a.evaluate_from(&pos, &mut acc);
    assert_eq!(b.evaluate_from(&pos, &mut acc), b.evaluate(&pos));
    assert_ne!(a.evaluate(&pos), b.evaluate(&pos));
}

/// The inputs are the side to move's and the other's: a position and the same with the
/// colours swapped (the board turned) score the same.
#[test]
fn a_position_and_its_colours_swapped_score_the_same() {
    let n = sample_network(3);
    let (a, b) = crate::eval::inputs::tests::colours_swapped();
    assert_eq!(n.evaluate(&a), n.evaluate(&b));
    assert_ne!(n.evaluate(&a), 0);
}

/// A net of each width reads back as written (its width its file's), and scores as
/// the net it was written from.
#[test]
fn a_net_of_each_width_reads_back_what_it_wrote() {
    let v = Variant::Knightmate;
    let pos = Position::from_fen(v, KNIGHTMATE).unwrap();
    for hidden in WIDTHS {
        let n = sample_of_width(4, hidden);
        let bytes = n.to_bytes(v);
        assert_eq!(
            Network::header(&bytes).unwrap().0.shape.hidden,
            hidden as u32
        );
        let read = Network::read(&bytes, v).unwrap();
        assert_eq!(read, n);
        assert_eq!(read.hidden(), hidden);
        assert_eq!(read.evaluate(&pos), n.evaluate(&pos));
    }
}

/// The output weights' steps are the file's: the same net written at twice the steps,
/// its output weights and bias doubled, reads back so and scores the same.
#[test]
fn the_output_weights_steps_are_the_files() {
    let v = Variant::Knightmate;
    let pos = Position::from_fen(v, KNIGHTMATE).unwrap();
    let n = sample_of_width(4, 128);
    let half: Vec<i16> = n.output.iter().flatten().map(|w| w / 2).collect();
    let input = &n.input;
    let bias = &n.bias[..128];
    let inputs = Inputs::of(v);
    let coarse = Network::from_parts(inputs, input, bias, &half, 64, 1234).unwrap();
    let doubled: Vec<i16> = half.iter().map(|w| 2 * w).collect();
    let fine = Network::from_parts(inputs, input, bias, &doubled, 128, 2468).unwrap();
    let read = Network::read(&fine.to_bytes(v), v).unwrap();
    assert_eq!(read, fine);
    assert_eq!(Network::header(&fine.to_bytes(v)).unwrap().0.qb, 128);
    assert_eq!(read.evaluate(&pos), coarse.evaluate(&pos));
    assert_ne!(read.evaluate(&pos), 0);
    let e = Network::from_parts(inputs, input, bias, &doubled, 0, 0).unwrap_err();
    assert_eq!(
        e,
        "output weights in steps of 1/0; this build reads 1/1 to 1/512"
    );
}

/// Only widths the vector loops take whole (`LANES` to `MAX_HIDDEN` in steps of
/// `LANES`) make a net: another is refused, from its parts or from its file.
#[test]
fn a_width_the_build_does_not_read_is_refused() {
    let says = |hidden| {
        format!("a net of {hidden} hidden numbers; this build reads 16 to 512 in steps of 16")
    };
    for hidden in [0, 8, 100, MAX_HIDDEN + LANES] {
        let inputs = Inputs::of(Variant::Knightmate);
        let e = Network::from_parts(
            inputs,
            &vec![0; inputs.count() * hidden],
            &vec![0; hidden],
            &vec![0; 2 * hidden],
            64,
            0,
        )
        .unwrap_err();
        assert_eq!(e, says(hidden));
    }
    // A file whose header says another width than its weights have is refused too.
    let v = Variant::Knightmate;
    let mut bytes = sample_of_width(4, 128).to_bytes(v);
    let at = FORMAT.write(&Shape::of(v, 128)).len() - 4;
    bytes[at..at + 4].copy_from_slice(&256u32.to_le_bytes());
    let e = Network::read(&bytes, v).unwrap_err();
    assert!(e.contains("bytes of weights where"), "{e}");
    bytes[at..at + 4].copy_from_slice(&100u32.to_le_bytes());
    assert_eq!(Network::read(&bytes, v).unwrap_err(), says(100));
}

#[test]
fn a_net_reads_back_what_it_wrote_and_refuses_other_bytes() {
    let n = sample_network(4);
    let v = Variant::Knightmate;
    assert_eq!(Network::read(&n.to_bytes(v), v), Ok(n.clone()));
    assert!(Network::read(b"nonsense", v)
        .unwrap_err()
        .contains("not a Baton net"));
    let mut cut = n.to_bytes(v);
    cut.pop();
    assert!(Network::read(&cut, v)
        .unwrap_err()
        .contains("bytes of weights"));
    // An output weight whose product with a hidden number would not fit 16 bits.
    let mut big = n.to_bytes(v);
    let at = big.len() - 4 - 2;
    big[at..at + 2].copy_from_slice(&(MAX_OUTPUT_WEIGHT + 1).to_le_bytes());
    assert!(Network::read(&big, v)
        .unwrap_err()
        .contains("an output weight of 129"));
}

/// A net file whose header disagrees with the build in any part is refused, in words
/// that name the part; a variant on another board has no net to read.
#[test]
fn a_doctored_net_header_is_refused() {
    use crate::eval::header::tests::{a_doctored_start_is_refused, refused};
    let v = Variant::Knightmate;
    let good = sample_network(5).to_bytes(v);
    let read = |bytes: &[u8], v| Network::read(bytes, v).map(|_| ());
    let wide = "a net of 1024 hidden numbers; this build reads 16 to 512 in steps of 16";
    let quantization = a_doctored_start_is_refused(&FORMAT, &good, (1024, wide), read);
    refused(
        &good,
        quantization,
        &127u32.to_le_bytes(),
        "quantized as QA 127 QB 64 scale 400; this build reads QA 255 QB 1 to 512 scale 400",
        |bytes| read(bytes, v),
    );
    refused(
        &good,
        quantization + 4,
        &0u32.to_le_bytes(),
        "quantized as QA 255 QB 0 scale 400",
        |bytes| read(bytes, v),
    );
    refused(
        &good,
        quantization + 4,
        &(MAX_QB + 1).to_le_bytes(),
        "QB 513",
        |bytes| read(bytes, v),
    );
}

/// `Evaluation=nnue` is the net where the variant has one (knightmate, chess,
/// knightrelay, stonesrelays) and the classical evaluation where it has none
/// (combiningknightmare, the tunnel). One set of accumulators serves them all in turn.
#[test]
fn the_nnue_style_is_the_net_where_there_is_one_and_classical_elsewhere() {
    use crate::eval::{evaluate, evaluate_with, Accumulators, Style};
    let km = Position::from_fen(
        Variant::Knightmate,
        "r1b1kbm1/pp1p1pp1/2m5/4p2r/3P4/2M2Q2/PPP2PPP/R1B1KBM1 b - - 3 9",
    )
    .unwrap();
    let net = of(Variant::Knightmate).expect("knightmate has a net");
    let mut acc = Accumulators::default();
    assert_eq!(evaluate_with(&km, Style::Nnue, &mut acc), net.evaluate(&km));
    assert_eq!(
        evaluate_with(&km, Style::Classical, &mut acc),
        evaluate(&km)
    );
    for variant in [
        Variant::Chess,
        Variant::KnightRelay,
        Variant::CombiningKnightmare,
        Variant::StonesRelays,
    ] {
        let pos = Position::startpos(variant);
        let net = of(variant).unwrap_or_else(|| panic!("{variant} has a net"));
        assert_eq!(
            evaluate_with(&pos, Style::Nnue, &mut acc),
            net.evaluate(&pos)
        );
    }
    for variant in [Variant::FlipShatranj8, Variant::StonesRelaysTunnel] {
        let pos = Position::startpos(variant);
        assert!(of(variant).is_none());
        assert_eq!(evaluate_with(&pos, Style::Nnue, &mut acc), evaluate(&pos));
    }
}
