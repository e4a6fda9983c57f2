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

/// Along random games (captures, promotions from the second start, castling in chess)
/// and across the jump from one game to the next, the accumulator updated move by move
/// gives exactly the number computed afresh, with every kernel, and the kernels agree.
#[test]
fn an_updated_accumulator_gives_the_evaluation_computed_afresh_with_every_kernel() {
    let base = sample_network(1);
    let nets: Vec<Network> = Kernel::available()
        .into_iter()
        .map(|k| base.clone().with_kernel(k))
        .collect();
    let mut accs = vec![Accumulator::default(); nets.len()];
    let mut evaluated = 0;
    for (variant, start, seed) in [
        (Variant::Knightmate, KNIGHTMATE, 7u64),
        (
            Variant::Knightmate,
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
            11,
        ),
        (
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            13,
        ),
    ] {
        let mut list = crate::rules::move_list(variant);
        let mut pos = Position::from_fen(variant, start).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..120 {
            let fresh = nets[0].evaluate(&pos);
            for (net, acc) in nets.iter().zip(&mut accs) {
                assert_eq!(net.evaluate(&pos), fresh, "{:?} {}", net.kernel, pos.fen());
                assert_eq!(net.evaluate_from(&pos, acc), fresh, "{}", pos.fen());
            }
            evaluated += 1;
            list.clear();
            crate::rules::legal_moves(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            pos = pos.play(list[rng.below(list.len())]);
        }
    }
    assert!(evaluated > 200, "{evaluated}");
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
    let v = Variant::Knightmate;
    let good = sample_network(5).to_bytes(v);
    // After the magic: version, files, ranks, role count, the roles, hidden, QA, QB,
    // scale.
    let at = |field: usize| MAGIC.len() + 4 * field;
    let roles_end = at(4) + ROLES;
    let doctored = |offset: usize, bytes: &[u8], says: &str| {
        let mut file = good.clone();
        file[offset..offset + bytes.len()].copy_from_slice(bytes);
        let e = Network::read(&file, v).unwrap_err();
        assert!(e.contains(says), "{says}: {e}");
    };
    doctored(0, b"BATONNN2", "not a Baton net");
    doctored(
        at(0),
        &2u32.to_le_bytes(),
        "format version 2; this build reads version 1",
    );
    doctored(
        at(1),
        &10u32.to_le_bytes(),
        "a net for a 10x8 board; the knightmate board is 8x8",
    );
    doctored(at(2), &9u32.to_le_bytes(), "a net for a 8x9 board");
    doctored(
        at(4),
        &[1],
        "whose inputs name the roles [1, 1, 2, 3, 4, 5, 6]",
    );
    doctored(
        roles_end,
        &256u32.to_le_bytes(),
        "a net of 256 hidden numbers; this build reads 128",
    );
    doctored(
        roles_end + 4,
        &127u32.to_le_bytes(),
        "quantized as QA 127 QB 64 scale 400",
    );
    for other in [Variant::StonesRelays, Variant::FlipShatranj] {
        let e = Network::read(&good, other).unwrap_err();
        assert!(e.contains("nets read 8x8"), "{e}");
    }
    // Flip shatranj 8x8 has the elephant, a role no input names.
    let e = Network::read(&good, Variant::FlipShatranj8).unwrap_err();
    assert!(e.contains("a role no net input names"), "{e}");
}

/// Every built-in net fits this build.
#[test]
fn every_variants_net_reads() {
    for v in Variant::ALL {
        if let Some(bytes) = v.nnue() {
            if let Err(e) = Network::read(bytes, v) {
                panic!("{}'s net: {e}", v.name());
            }
            assert!(of(v).is_some());
        }
    }
}

#[test]
fn every_piece_is_one_input_of_each_view_and_black_sees_the_board_turned() {
    let pos = Position::from_fen(Variant::Knightmate, KNIGHTMATE).unwrap();
    let white: Vec<usize> = features(&pos, Color::White).collect();
    let mut black: Vec<usize> = features(&pos, Color::Black).collect();
    assert_eq!(white.len(), 32);
    let mut sorted = white.clone();
    sorted.sort();
    black.sort();
    assert_eq!(sorted, black);
    assert!(white.iter().all(|&f| f < INPUTS));
}

/// `Evaluation=nnue` is the net where the variant has one (knightmate) and the classical
/// evaluation where it has none (chess, so far).
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
    assert!(of(Variant::Chess).is_none());
    assert_eq!(
        evaluate_with(&chess, Style::Nnue, &mut acc),
        evaluate(&chess)
    );
}
