//! `rules::cannot_win`, which decides a flag fall (the browser board's clocks): a side
//! judged on its own material, per variant, by the variant's insufficient-material rule.

use baton_engine::{rules, Color, Position, Variant};

fn can_win(v: Variant, fen: &str, color: Color) -> bool {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    !rules::cannot_win(&pos, color)
}

#[test]
fn a_side_is_judged_on_its_own_material() {
    use Color::{Black, White};
    let chess = Variant::Chess;
    // A lone king cannot win, whatever the opponent has.
    let k_vs_kq = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    assert!(!can_win(chess, k_vs_kq, Black));
    assert!(can_win(chess, k_vs_kq, White));
    // King and knight, or king and bishop: too little in chess.
    let kn_vs_kr = "4k3/8/8/8/8/8/8/1N2K2r w - - 0 1";
    assert!(!can_win(chess, kn_vs_kr, White));
    assert!(can_win(chess, kn_vs_kr, Black));
    // A pawn can promote.
    assert!(can_win(chess, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", White));
    // Knightrelay: knights alone attack nothing.
    let relay = "4k3/8/8/8/8/8/8/NN2K2q w - - 0 1";
    assert!(!can_win(Variant::KnightRelay, relay, White));
    assert!(can_win(Variant::KnightRelay, relay, Black));
    // Flipshatranj: a lone king can still capture the other.
    let flip = Position::startpos(Variant::FlipShatranj8).fen();
    assert!(can_win(Variant::FlipShatranj8, &flip, White));
}
