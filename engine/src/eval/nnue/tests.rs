use super::*;
use crate::rng::Rng;
use crate::variant::Variant;

/// A net of random numbers, as large as a trained one's.
pub(crate) fn sample_network(seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let mut draw = |n: usize, bound: i32| -> Vec<i16> {
        (0..n)
            .map(|_| (rng.below(2 * bound as usize + 1) as i32 - bound) as i16)
            .collect()
    };
    let input = draw(INPUTS * HIDDEN, 60);
    let bias = draw(HIDDEN, 200);
    let output = draw(2 * HIDDEN, i32::from(MAX_OUTPUT_WEIGHT));
    Network::from_parts(&input, &bias, &output, 1234).unwrap()
}

const KNIGHTMATE: &str = "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1";

/// Along random games, the accumulator updated move by move gives exactly the number
/// computed afresh, with every kernel, and the kernels agree.
#[test]
fn an_updated_accumulator_gives_the_evaluation_computed_afresh_with_every_kernel() {
    let base = sample_network(1);
    let nets: Vec<Network> = Kernel::available()
        .into_iter()
        .map(|k| base.clone().with_kernel(k))
        .collect();
    let mut accs = vec![Accumulator::default(); nets.len()];
    crate::eval::accumulator::tests::along_random_games(|pos| {
        let fresh = nets[0].evaluate(pos);
        for (net, acc) in nets.iter().zip(&mut accs) {
            assert_eq!(net.evaluate(pos), fresh, "{:?} {}", net.kernel, pos.fen());
            assert_eq!(net.evaluate_from(pos, acc), fresh, "{}", pos.fen());
        }
    });
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
    let quantization = a_doctored_start_is_refused(&FORMAT, &good, HIDDEN, read);
    refused(
        &good,
        quantization,
        &127u32.to_le_bytes(),
        "quantized as QA 127 QB 64 scale 400",
        |bytes| read(bytes, v),
    );
}

/// `Evaluation=nnue` is the net where the variant has one (knightmate, chess) and the
/// classical evaluation where it has none (knightrelay).
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
    let chess = Position::startpos(Variant::Chess);
    let net = of(Variant::Chess).expect("chess has a net");
    assert_eq!(
        evaluate_with(&chess, Style::Nnue, &mut acc),
        net.evaluate(&chess)
    );
    let relay = Position::startpos(Variant::KnightRelay);
    assert!(of(Variant::KnightRelay).is_none());
    assert_eq!(
        evaluate_with(&relay, Style::Nnue, &mut acc),
        evaluate(&relay)
    );
}
