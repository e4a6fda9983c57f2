//! A mate score is a proof: a shallow search reports a mate only when every defence
//! was searched, so a deeper search of the same position finds the mate too. Checked
//! over the endings of games in every variant, where mates are near: a game between a
//! depth-2 and a depth-1 player (so that one side wins), whose last positions are each
//! searched to depths 1 and 2, and every mate found there again to depth + 4.

use baton_engine::rng::Rng;
use baton_engine::search::Score;
use baton_engine::{parse_move, rules, Game, Position, Role, Variant};
use baton_testkit::{best, best_in, random_game};

/// The game's last positions that are searched.
const ENDING: usize = 12;
/// A game that has not ended by then is cut off (and fails the test).
const MAX_PLIES: usize = 400;
/// How much deeper a shallow mate is searched again.
const DEEPER: u32 = 4;

/// A game of `variant` from a few random plies (seeded by `seed`): White searches to
/// `white` and Black to `black`, until the game ends. Every position of it, as a game
/// with its history.
fn played(variant: Variant, seed: u64, white: u32, black: u32) -> Vec<Game> {
    let (start, _) = random_game(&Position::startpos(variant), 4, &mut Rng::new(seed));
    let mut game = Game::new(start);
    let mut games = vec![game.clone()];
    while game.outcome().is_none() {
        assert!(
            games.len() < MAX_PLIES,
            "{variant}: no end after {MAX_PLIES} plies"
        );
        let depth = match game.position().side() {
            baton_engine::Color::White => white,
            baton_engine::Color::Black => black,
        };
        let (text, _) = best_in(&game, depth, 1);
        let m = parse_move(game.position(), &text).expect("the search's move is legal");
        game.play(m);
        games.push(game.clone());
    }
    games
}

/// The mates that depths 1 and 2 report in the last positions of `games`, each
/// checked to hold DEEPER plies deeper (for the same side); how many were checked.
fn shallow_mates_hold(variant: Variant, games: &[Game]) -> usize {
    let mut checked = 0;
    let ending = &games[games.len().saturating_sub(ENDING)..];
    // The last position has no move to search.
    for game in &ending[..ending.len() - 1] {
        for depth in [1, 2] {
            let (shallow_move, shallow) = best_in(game, depth, 1);
            let Score::Mate(n) = shallow else {
                continue;
            };
            let (deep_move, deep) = best_in(game, depth + DEEPER, 1);
            let fen = game.position().fen();
            assert!(
                matches!(deep, Score::Mate(d) if d.signum() == n.signum()),
                "{variant} {fen}: depth {depth} says mate {n} ({shallow_move}), depth {} \
                 says {deep:?} ({deep_move})",
                depth + DEEPER
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn shallow_mate_scores_hold_deeper_in_every_variant() {
    for (k, variant) in Variant::ALL.into_iter().enumerate() {
        // White the stronger in every other variant, Black in the rest.
        let (white, black) = if k % 2 == 0 { (2, 1) } else { (1, 2) };
        let games = played(variant, 0x6d61 + k as u64, white, black);
        // The game ends in mate (or a king taken), which depth 1 sees the move before.
        let checked = shallow_mates_hold(variant, &games);
        assert!(checked > 0, "{variant}: no shallow mate to check");
    }
}

/// Positions from random stonesrelays games in which depth 1 reported a mate (in 2 or
/// 3) that depth 5 refutes: quiescence answered the check with the turns without a
/// neutral move only, and all of them lost, while a turn whose neutral move blocks or
/// redirects the attack escaped. Every defence is searched now: no mate is claimed.
#[test]
fn a_check_escaped_by_a_neutral_move_is_no_mate() {
    for fen in [
        "5k2/pb2p3/1SS3r1/5P2/XRS3pp/1B4b1/3XS1K1/q7/6N1 b - - 5 68 -",
        "rnb1r3/2pqbp2/1pSk2p1/S3p2p/p1X2P1S/SPXBn1P1/P1NP4/2Q3BP/R3K1NR w KQ - 0 23 d5c5",
        "6rk/3QS1n1/rppP1S2/3S1p2/pSP3Np/P1X2NpP/BP1XK3/1RBP2q1/R7 b - - 13 60 d4c4",
        "rn5r/1p1bkp2/p1p2np1/P6p/2SpXSSq/2PX4/1Q5S/RP1PPPPP/2B1KB1R b K - 0 20 e6f5",
    ] {
        no_mate_at_depth_1(Variant::StonesRelays, fen);
    }
}

/// A depth-1 search of `fen` reports a score, not a mate.
fn no_mate_at_depth_1(variant: Variant, fen: &str) {
    let (best, score) = best(variant, fen, 1, 1);
    assert!(
        matches!(score, Score::Cp(_)),
        "{variant} {fen}: depth 1 says {score:?} ({best})"
    );
}

/// Every legal move of `pos`, as text.
fn legal_moves(pos: &Position) -> Vec<String> {
    rules::legal_move_list(pos)
        .iter()
        .map(|&m| baton_engine::format_move(pos, m))
        .collect()
}

/// From a random stonesrelays game (depth 2 against depth 1): White mates with a quiet
/// pawn move and a neutral move (g7g8 with the stone h7 to h6), and with no other kind
/// of turn (a depth-4 search of the others finds no mate). The root tries every turn:
/// depth 1 finds it. (Under the root's old limit of 32 to 128 such turns, depth 4 was
/// the first to.)
#[test]
fn a_mate_by_a_quiet_pawn_move_and_a_neutral_move_is_found_at_depth_1() {
    let fen = "7k/4n2P/2p2PPS/SpPp4/S2K4/2PB4/8/3X4/S1X5 w - - 1 85 -";
    let (m, score) = best(Variant::StonesRelays, fen, 1, 1);
    assert_eq!(score, Score::Mate(1), "{fen}: {m}");
    let pos = Position::from_fen(Variant::StonesRelays, fen).expect("the FEN is good");
    let turn = parse_move(&pos, &m).expect("the search's move is legal");
    assert!(
        pos.role_at(pos.side(), turn.from) == Some(Role::Pawn)
            && !rules::is_capture(&pos, turn)
            && turn.promotion.is_none()
            && turn.extra.is_some(),
        "{m} is a quiet pawn move with a neutral move"
    );
}

/// Quiescence answers a check with `movepick::quiescence_evasions`. Where the variant
/// says that list is every legal move, it is; where it says it is fewer (stonesrelays'
/// turns without a neutral move), it is some of the legal moves, and empty only when
/// there is none (then quiescence searches the others once all of these lost to mate).
/// Checked on every position in check (or with a king the opponent could take) of
/// random games in every variant.
#[test]
fn quiescence_evasions_are_every_defence_or_say_they_are_not() {
    use baton_engine::search::movepick;
    for (k, variant) in Variant::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(0x6576 + k as u64);
        let mut seen = 0;
        for _ in 0..60 {
            let (mut pos, _) = random_game(&Position::startpos(variant), 4, &mut rng);
            for _ in 0..80 {
                let legal = rules::legal_move_list(&pos);
                if legal.is_empty() {
                    break;
                }
                if rules::king_in_danger(&pos) {
                    seen += 1;
                    let mut list = rules::move_list(variant);
                    movepick::quiescence_evasions(&pos, &mut list);
                    let fen = pos.fen();
                    assert!(
                        list.iter().all(|m| legal.contains(m)),
                        "{variant} {fen}: an evasion that is not legal"
                    );
                    if movepick::evasions_complete(variant) {
                        assert_eq!(list.len(), legal.len(), "{variant} {fen}");
                    } else {
                        assert!(!list.is_empty(), "{variant} {fen}: no evasion listed");
                    }
                }
                pos = pos.play(legal[rng.below(legal.len())]);
            }
        }
        assert!(seen > 0, "{variant}: no position in check");
    }
}

/// A check whose only answers are a rare kind of move, per variant: `fen` with its
/// side to move playing `check`, after which the legal answers are exactly `answers`
/// (or, where they are thousands, all have `answer_part`), none of them lost at once.
/// A depth-1 search of `fen` plays the check into quiescence, which must answer it with
/// that move: it reports no mate.
fn a_rare_answer_is_no_mate(variant: Variant, fen: &str, check: &str, answer_part: &str) {
    let pos = Position::from_fen(variant, fen).expect("the FEN is good");
    let m = parse_move(&pos, check).expect("the check is legal");
    let after = pos.play(m);
    assert!(
        rules::king_in_danger(&after),
        "{variant} {fen}: {check} gives check"
    );
    let answers = legal_moves(&after);
    assert!(!answers.is_empty(), "{variant} {fen}: {check} mates");
    assert!(
        answers.iter().all(|a| a.contains(answer_part)),
        "{variant} {fen}: after {check}, {answers:?} are not all {answer_part}"
    );
    no_mate_at_depth_1(variant, fen);
}

/// Stonesrelays: the rook's check on the ninth rank is blocked only by a stone's
/// step (c8c9 or e8e9) after any piece move; White's own neutral move can take only
/// one of the two stones away.
#[test]
fn a_check_blocked_by_a_stone_alone_is_no_mate() {
    let fen = "k7/ppS1S3/8/8/8/8/8/7R/7K w - - 0 1 -";
    let pos = Position::from_fen(Variant::StonesRelays, fen).expect("the FEN is good");
    let after = pos.play(parse_move(&pos, "h2h9").expect("legal"));
    let answers = legal_moves(&after);
    assert!(
        answers
            .iter()
            .all(|a| a.ends_with(",c8c9") || a.ends_with(",e8e9")),
        "{answers:?}"
    );
    a_rare_answer_is_no_mate(Variant::StonesRelays, fen, "h2h9", ",");
}

/// Knightrelay: the rook's check on the eighth rank is blocked only by the bishop g6
/// leaping to f8 as the knight e5 lends it (the king then takes the rook).
#[test]
fn a_check_blocked_by_a_relayed_leap_alone_is_no_mate() {
    a_rare_answer_is_no_mate(
        Variant::KnightRelay,
        "6k1/5ppp/6b1/4n3/8/8/8/R6K w - - 0 1",
        "a1a8",
        "g6f8",
    );
}

/// Combiningknightmare: the rook's check on the eighth rank is answered only by the
/// Knightmare b6 (a black knight's moves): taking the rook, or blocking on c8.
#[test]
fn a_check_answered_by_a_knightmare_alone_is_no_mate() {
    a_rare_answer_is_no_mate(
        Variant::CombiningKnightmare,
        "6k1/5ppp/1(Nn)6/8/8/8/8/R6K w - - 0 1 -",
        "a1a8",
        "b6",
    );
}

/// Chess: the pawn's check is answered only by taking it en passant (a5xb6).
#[test]
fn a_check_answered_by_en_passant_alone_is_no_mate() {
    a_rare_answer_is_no_mate(
        Variant::Chess,
        "7k/1p6/2p5/P7/KP6/PP6/8/8 b - - 0 1",
        "b7b5",
        "a5b6",
    );
}

/// A turn of the side to move after which the opponent is checkmated (in check, no
/// legal turn), found by trying every turn.
fn mate_in_one_by_rules(pos: &Position) -> Option<baton_engine::Move> {
    rules::legal_move_list(pos).into_iter().find(|&m| {
        let after = pos.play(m);
        rules::in_check(&after, after.side()) && rules::legal_move_list(&after).is_empty()
    })
}

/// Whether `turn` wins in two by the rules alone: the opponent has a legal answer, and
/// every answer allows a mate in one.
fn wins_in_two_by_rules(pos: &Position, turn: baton_engine::Move) -> bool {
    let after = pos.play(turn);
    let answers = rules::legal_move_list(&after);
    !answers.is_empty()
        && answers
            .iter()
            .all(|&a| mate_in_one_by_rules(&after.play(a)).is_some())
}

/// A composed stonesrelays win in two whose first turn is a quiet pawn move with a
/// stone's step, as in the position of issue 90 (not on record). The stone c8 keeps
/// the knight e7 from its smothered mate on c8: it steps to c9, where it also walls
/// in the rook b9 (and the ko keeps Black from stepping it back). The knight d7 holds
/// b8 against a pawn move that would free it, the bishop a7 holds g1, so White's king
/// cannot move: only a pawn can make the turn's piece move, and every pawn move does.
/// Checked by the rules (no mate in one; every winning first turn is a pawn's step
/// with c8c9, and every defence then allows a mate in one) and by the search (depth 3,
/// the first to see two turns and the mate, reports `mate 2` with such a turn; the
/// build before every turn was tried at PV nodes did too: the winning turn is tried at
/// the root, and the mate is a plain knight move).
#[test]
fn a_win_in_two_by_a_quiet_pawn_move_and_a_stone_step() {
    let fen = "kr6/ppS5/b2NN3/8/8/8/8/6PP/7K w - - 0 1 -";
    let pos = Position::from_fen(Variant::StonesRelays, fen).expect("the FEN is good");
    assert_eq!(mate_in_one_by_rules(&pos), None, "{fen}: a mate in one");
    let wins: Vec<String> = rules::legal_move_list(&pos)
        .into_iter()
        .filter(|&m| wins_in_two_by_rules(&pos, m))
        .map(|m| baton_engine::format_move(&pos, m))
        .collect();
    assert_eq!(
        wins,
        ["g2g3,c8c9", "g2g4,c8c9", "h2h3,c8c9", "h2h4,c8c9"],
        "{fen}: the winning first turns"
    );
    let (m, score) = best(Variant::StonesRelays, fen, 3, 1);
    assert_eq!(score, Score::Mate(2), "{fen}: depth 3 plays {m}");
    assert!(wins.contains(&m), "{fen}: depth 3 plays {m}");
}

/// Flipshatranj8 (no check: a king the opponent could take is answered with every
/// move in quiescence's first plies): the knight's step to b3 with its flip into
/// capture state threatens the king a1, walled in by its own pawns and dababba, and
/// nothing can take the knight. Only the king's leap to a3 as the dababba b1 lends it
/// (with any flip) saves it; depth 1 sees it and reports no win.
#[test]
fn a_threat_answered_by_a_relayed_king_alone_is_no_win() {
    let variant = Variant::FlipShatranj8;
    let fen = "7k/8/8/2n5/8/8/PP6/KD6 b - - 0 1";
    let pos = Position::from_fen(variant, fen).expect("the FEN is good");
    let after = pos.play(parse_move(&pos, "c5b3,b3b3").expect("legal"));
    assert!(
        rules::king_in_danger(&after),
        "{fen}: the king a1 is threatened"
    );
    let us = after.side();
    let saving: std::collections::BTreeSet<String> = rules::legal_move_list(&after)
        .into_iter()
        .filter(|&a| {
            let answered = after.play(a);
            rules::legal_move_list(&answered)
                .iter()
                .all(|&b| !rules::royal_lost(&answered.play(b), us))
        })
        .map(|a| baton_engine::format_move(&after, a)[..4].to_string())
        .collect();
    assert_eq!(saving, ["a1a3".to_string()].into(), "{fen}");
    let (m, score) = best(variant, fen, 1, 1);
    assert!(
        matches!(score, Score::Cp(_)),
        "{fen}: depth 1 says {score:?} ({m})"
    );
}
