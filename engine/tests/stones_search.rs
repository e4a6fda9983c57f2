//! Stones & Relays searches stay bounded: fixed-depth searches of positions
//! from depth-4 match games, which took more than a minute each while every check was
//! extended, finish within a node budget. Node counts, not time: the budget is the
//! search's own `nodes` limit, so a regression ends the search early (and fails the
//! test) instead of hanging it.

use baton_engine::search::{think_with_limits, Limits, Outcome, Score, TranspositionTable};
use baton_engine::{Game, Position, Variant};

/// Searches `fen` to `depth` with at most `nodes` nodes, on one thread.
fn search(variant: Variant, fen: &str, depth: u32, nodes: u64) -> Outcome {
    let game = Game::new(Position::from_fen(variant, fen).expect("FEN"));
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(nodes),
        ..Default::default()
    };
    think_with_limits(&game, limits, 1, &tt, &|_| {})
}

/// Positions where `go depth 4` stalled a match (no answer within 60 s). With the
/// checks extended, the first took 9.5 million nodes for depth 4 even with the
/// extensions capped at twice the depth, and unbounded it did not finish depth 3 in
/// 200 s. Depth 5 now takes 100,000 to 260,000 nodes.
const STALLED: [&str; 3] = [
    "7r/1b3k2/1S4p1/p1pS1P2/P1p2X1p/1S2r1P1/1PB5/3S1K2/R5XR b - - 0 38 f4f5",
    "2R5/p1PN2k1/1S6/SP3p2/P1S4p/7P/1K6/3X3r/2S1X3 w - - 0 49 b5c5",
    "2r4r/p3kp2/2pp1ppb/1B5p/1S3S2/S1S1X2P/PN1X4/1PP1KPP1/3R3R b - - 0 21 c3c4",
];

/// The budget: about eight times what depth 5 needs in the worst of them.
const BUDGET: u64 = 2_000_000;

#[test]
fn stalled_positions_finish_depth_5_within_the_node_budget() {
    for fen in STALLED {
        let out = search(Variant::StonesRelays, fen, 5, BUDGET);
        assert!(out.best.is_some(), "{fen}: no move");
        assert_eq!(out.depth, 5, "{fen}: depth 5 not done in {BUDGET} nodes");
        assert!(out.nodes <= BUDGET, "{fen}: {} nodes", out.nodes);
    }
}

/// A mate whose turn needs a neutral move: the queen checks from c9 (or d9, e9) and
/// the stone a7 steps to a8, the king's last escape (b8 is its own pawn, b9 the
/// queen's). The queen alone leaves a8 free, so the mate is a second-stage move, which
/// shallow nodes cut short; forms of a checking piece move are tried past that limit,
/// so the mate is seen at depth 1 and 2, not only once the whole second stage is
/// searched (depth 3 before).
#[test]
fn a_mate_that_needs_a_stone_step_is_found_at_every_depth() {
    let fen = "k7/1p6/S3Q3/8/8/8/8/8/7K w - - 0 1";
    for depth in 1..=4 {
        let m = baton_testkit::search::mate_in_one(Variant::StonesRelays, fen, depth);
        assert!(m.ends_with(",a7a8"), "depth {depth}: {m}");
    }
}

/// A check given by the neutral move alone, at the frontier. Black to move: whatever
/// Black plays, White mates with any piece move and the stone on the a-file stepping
/// off it (a discovered check by the rook a1; a8 is the pawn b7's, b9 the knight
/// d8's, and ko keeps the stone from stepping back). Every Black turn but the first
/// is searched with a null window, where the depth-1 White node tries no neutral
/// moves past the plain ones but these checks: depth 2 must see the mate (it scored
/// -677 before the frontier tried them).
#[test]
fn a_check_by_a_neutral_move_alone_is_seen_at_the_frontier() {
    let fen = "kr6/1p1N4/1P6/8/S7/8/8/6PP/R6K b - - 0 1";
    for depth in 2..=4 {
        let (m, score) = baton_testkit::search::best(Variant::StonesRelays, fen, depth, 1);
        assert_eq!(score, Score::Mate(-1), "depth {depth}: {m}");
    }
}

/// A mate in one past a PV node's second-stage limit. In this stonesrelays-tunnel
/// position (from a level-6 game it lost) Black's `d2f6,h6h5` allows `f7f3,e4d5`: a
/// quiet piece move, then a stone's step that checks, and no defence. The mating turn
/// is neither one the frontier calls forcing (its check needs both parts) nor among
/// the first 32-128 second-stage turns a PV node at depths 1-3 tries, so until PV
/// nodes kept the turns that mate at once (`MovePicker::keep_mates`) depth 4 scored
/// the line +1.30 and only depth 5 saw the mate. Depth 2 does not see it (it scores
/// the line -3.60): there the reply node tries `f7f3` alone, which checks, and the
/// mate test leaves out the forms of a plain check (`NeutralRest::may_mate`).
#[test]
fn a_mate_in_one_past_the_pv_limit_is_seen_at_depths_3_and_4() {
    let fen =
        "r1b2b1r/pp2k1pp/nSp2n2/2S1pp1G/4XqS1/1S1XGN2/P1N3P1/1PPPBP1P/R1BQKR2 w Q - 6 11 d5e5";
    let pos = Position::from_fen(Variant::StonesRelaysTunnel, fen).expect("FEN");
    let turn = baton_engine::notation::parse_move(&pos, "d2f6,h6h5").expect("a legal turn");
    for depth in 3..=4 {
        let limits = Limits {
            depth: Some(depth),
            searchmoves: vec![turn],
            ..Default::default()
        };
        let (m, score) = baton_testkit::best_with(&Game::new(pos.clone()), limits, 1);
        assert_eq!(score, Score::Mate(-1), "depth {depth}: {m}");
    }
}
