//! The search finds mates, avoids stalemate traps and respects its limits.

use std::sync::atomic::AtomicBool;

use baton_engine::search::{think, think_with_limits, Limits, Params, Score, TranspositionTable};
use baton_engine::{format_move, Game, Position, Variant};
use baton_testkit::{best, best_in, mate_in_one};

/// A search of the chess start position to `depth` with no host around it: `run`
/// gets its parameters and a transposition table.
fn start_search(depth: u32, run: impl FnOnce(Params, &TranspositionTable)) {
    let game = Game::startpos(Variant::Chess);
    let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    let tt = TranspositionTable::new(16);
    run(Params::hostless(&game, limits, &stop, &pondering), &tt);
}

#[test]
fn finds_back_rank_mate_in_one() {
    let m = mate_in_one(Variant::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4);
    assert_eq!(m, "a1a8");
}

#[test]
fn finds_scholars_mate() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    mate_in_one(Variant::Chess, fen, 5);
}

#[test]
fn knightmate_mate_in_one_with_a_commoner() {
    // Black royal knight on a8, boxed in by its own pawns; the white rook mates on
    // the eighth rank... a8's knight squares b6 and c7 are covered.
    mate_in_one(
        Variant::Knightmate,
        "k7/2p5/1p6/8/8/8/8/1R2K2R w - - 0 1",
        3,
    );
}

/// At depth 1 on one thread, `mv` is best in the knightmate position `fen` and mates in
/// two (the positions below come from games at depth 1 against Fairy-Stockfish).
fn knightmate_mate_in_two_at_depth_one(fen: &str, mv: &str) {
    let (m, s) = best(Variant::Knightmate, fen, 1, 1);
    assert_eq!((m.as_str(), s), (mv, Score::Mate(2)), "{fen}");
}

/// Quiescence does not skip a capture that gives check because the captured piece
/// is small (delta pruning): here h6g5+ f7f6 e5f6 mates, and the mating capture
/// takes only a pawn while White already stands well (from a game at depth 1
/// against Fairy-Stockfish, which found the mate at depth 1; Baton needed depth 2).
#[test]
fn quiescence_keeps_a_capture_that_gives_check() {
    knightmate_mate_in_two_at_depth_one(
        "1mbq2mr/rpp1kp1p/7B/p1b1P3/4Q3/8/PP4PP/RM2KBMR w KQ - 1 12",
        "h6g5",
    );
}

/// A discovered check is extended even where the piece that moved can be taken (as
/// in Stockfish): e2e4 uncovers the bishop f1's check of the royal knight on b5 and
/// the queen h4 can take the pawn, yet after the only escape d1c1 mates. Without the
/// extension Baton needed depth 3 (from a game at depth 1 against Fairy-Stockfish).
#[test]
fn a_discovered_check_is_extended_though_its_piece_hangs() {
    knightmate_mate_in_two_at_depth_one(
        "rmb3mr/pppp1p1p/8/1k2p1p1/7q/BPP2K2/P2PPPPP/RM1Q1BMR w - - 1 7",
        "e2e4",
    );
}

/// The exchange estimate knows pins: f7b3+ takes a pawn that the commoner c3 seems
/// to defend, but the queen c5 pins it to the royal knight c2; after the only escape
/// c2e1, c5f2 mates. With pins ignored Baton scored f7b3 -95 at depth 1 (from a game at
/// depth 1 against Fairy-Stockfish; such positions went from 12 of 217 to 2).
#[test]
fn a_mate_past_a_pinned_defender_is_seen() {
    knightmate_mate_in_two_at_depth_one(
        "1m4m1/2k2b2/r7/ppq3p1/4PpP1/1PMB1P2/1BKP4/R6Q b - - 4 33",
        "f7b3",
    );
}

#[test]
fn two_threads_agree_on_a_mate() {
    let (m, s) = best(Variant::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 6, 2);
    assert_eq!(m, "a1a8");
    assert_eq!(s, Score::Mate(1));
}

/// Lazy SMP under a depth limit: the search ends at that depth (whichever thread
/// finishes it first), and the last report is the line of the move played.
#[test]
fn two_threads_stop_at_the_depth_limit_with_a_matching_report() {
    let cases = [
        (
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::FlipShatranj8,
            "d2x1+e1d/pppkp+ppp/2n3+n1/8/3pPE2/P2+e1X+N1/1P+PP1PPP/+D1E1K2D w - - 0 9",
        ),
    ];
    for (variant, fen) in cases {
        for _ in 0..3 {
            let game = Game::new(Position::from_fen(variant, fen).expect("FEN"));
            let tt = TranspositionTable::new(16);
            let last = std::sync::Mutex::new(None);
            let limits = Limits {
                depth: Some(5),
                ..Default::default()
            };
            let out = think_with_limits(&game, limits, 2, &tt, &|r| {
                *last.lock().unwrap() = Some(r.clone())
            });
            let last = last.into_inner().unwrap().expect("a report");
            assert_eq!(out.depth, 5, "{variant}");
            assert_eq!(last.depth, 5, "{variant}");
            assert_eq!(last.pv.first().copied(), out.best, "{variant}");
        }
    }
}

/// A helper's deeper iteration, handed to the main thread, is reported in its place:
/// the reported depths still only grow, and the last report is the move played.
#[test]
fn two_threads_report_depths_in_order() {
    let fen = "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10";
    let game = Game::new(Position::from_fen(Variant::Chess, fen).expect("FEN"));
    for _ in 0..3 {
        let tt = TranspositionTable::new(16);
        let reports = std::sync::Mutex::new(Vec::new());
        let limits = Limits {
            depth: Some(9),
            ..Default::default()
        };
        let out = think_with_limits(&game, limits, 2, &tt, &|r| {
            reports.lock().unwrap().push(r.clone())
        });
        let reports = reports.into_inner().unwrap();
        let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        assert_eq!(out.depth, 9);
        let last = reports.last().expect("a report");
        assert_eq!(last.pv.first().copied(), out.best);
    }
}

/// With several lines the helpers neither end the search nor replace its result:
/// every line is reported at the last depth.
#[test]
fn two_threads_report_every_multipv_line() {
    start_search(5, |params, tt| {
        let params = Params {
            threads: 2,
            multipv: 3,
            ..params
        };
        let lines = std::sync::Mutex::new(Vec::new());
        let out = think(&params, tt, &|r| {
            lines.lock().unwrap().push((r.depth, r.multipv))
        });
        assert_eq!(out.depth, 5);
        let lines = lines.into_inner().unwrap();
        assert_eq!(&lines[lines.len() - 3..], &[(5, 1), (5, 2), (5, 3)]);
    });
}

/// `searchmoves`: the helpers search the same restricted root as the main thread, so
/// a helper's finished iteration handed over never brings in another move.
#[test]
fn two_threads_search_only_the_searchmoves() {
    let game = Game::startpos(Variant::Chess);
    let pos = game.position();
    let named = ["a2a3", "h2h4"].map(|t| baton_engine::parse_move(pos, t).expect("legal"));
    start_search(7, |params, tt| {
        let params = Params {
            threads: 2,
            limits: Limits {
                searchmoves: named.to_vec(),
                ..params.limits.clone()
            },
            ..params
        };
        let heads = std::sync::Mutex::new(Vec::new());
        let out = think(&params, tt, &|r| {
            heads.lock().unwrap().push(r.pv.first().copied())
        });
        assert!(named.contains(&out.best.expect("a move")));
        let heads = heads.into_inner().unwrap();
        assert!(!heads.is_empty());
        assert!(
            heads.iter().all(|m| m.is_some_and(|m| named.contains(&m))),
            "{heads:?}"
        );
    });
}

#[test]
fn huge_depth_is_clamped_and_stop_is_obeyed() {
    start_search(300, |params, tt| {
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(200));
                params
                    .stop
                    .store(true, std::sync::atomic::Ordering::Relaxed);
            });
            // The search returns with a move, stopped before the limit 300 is clamped
            // to (a search that ignored the flag would run on and never end).
            let out = think(&params, tt, &|_| {});
            assert!(out.best.is_some());
            assert!(out.depth < baton_engine::search::MAX_DEPTH, "{}", out.depth);
        });
    });
}

// ---- knight relay: the search sees relayed mates and captures ---------------------

/// The seed page's diagram: the queen mates on d6 or f8, both with the help of relayed
/// leaps (the b7 knight relays the queen, the d4 knight the e6 pawn).
#[test]
fn knightrelay_finds_the_seed_relay_mate() {
    let fen = "3k4/1N6/4P3/p7/3N4/Q1n5/2n5/4K3 w - - 0 1";
    let m = mate_in_one(Variant::KnightRelay, fen, 2);
    assert!(m == "a3d6" || m == "a3f8", "best {m}");
}

/// The c3 rook, relayed by the b1 knight, takes the queen with a knight's leap: no
/// orthodox move wins anything here.
#[test]
fn knightrelay_finds_a_relayed_capture() {
    let fen = "6k1/5pp1/7p/3q4/8/2R5/5PPP/1N4K1 w - - 0 1";
    let pos = Position::from_fen(Variant::KnightRelay, fen).expect("FEN");
    let mut tactical = baton_engine::rules::move_list(pos.variant());
    baton_engine::search::movepick::tactical_moves(&pos, &mut tactical);
    let tactical: Vec<String> = tactical.iter().map(|&m| format_move(&pos, m)).collect();
    assert_eq!(tactical, ["c3d5"]);
    for depth in [1, 4] {
        let (m, s) = best(Variant::KnightRelay, fen, depth, 1);
        assert_eq!(m, "c3d5", "depth {depth}");
        assert!(matches!(s, Score::Cp(cp) if cp > 500), "{s:?}");
    }
}

/// Quiescence sees a relayed recapture: the e5 pawn is defended only by the c4 rook's
/// leap, relayed by the a3 knight, so taking it with the rook loses the rook.
#[test]
fn knightrelay_quiescence_sees_a_relayed_recapture() {
    let fen = "6k1/5ppp/8/4p3/2r5/n7/5PPP/4R1K1 w - - 0 1";
    let pos = Position::from_fen(Variant::KnightRelay, fen).expect("FEN");
    let after = pos.play(baton_engine::parse_move(&pos, "e1e5").expect("legal"));
    let mut tactical = baton_engine::rules::move_list(pos.variant());
    baton_engine::search::movepick::tactical_moves(&after, &mut tactical);
    assert!(tactical.iter().any(|&m| format_move(&after, m) == "c4e5"));
    let (m, _) = best(Variant::KnightRelay, fen, 1, 1);
    assert_ne!(m, "e1e5");
}

// ---- stonesrelays: the search copes with thousands of turns ---------------------------

/// A bare knight mates with the help of a relay on a8 (the king's only flight leads
/// through it onto a7, which the knight covers).
#[test]
fn stonesrelays_finds_the_bare_knight_mate() {
    let m = mate_in_one(
        Variant::StonesRelays,
        "kS6/XS6/1S2N3/8/8/8/8/8/7K w - - 0 1",
        3,
    );
    assert_eq!(m, "e7c8");
}

/// From the start position the search finishes depth 4 with a move (how fast is
/// `baton bench stonesrelays`'s measure, not this test's).
#[test]
fn stonesrelays_searches_the_start_position() {
    let fen = Variant::StonesRelays.start_fen();
    let (m, _) = best(Variant::StonesRelays, fen, 4, 1);
    assert!(!m.is_empty());
}

#[test]
fn knightrelay_the_search_sees_a_repetition_past_a_relayed_pawn_leap() {
    // Black has an extra queen. After the shuttle c4-d2 f6-e4 d2-c4 e4-f6 (relayed pawn
    // leaps, each resetting the 50-move clock), White's c4-d2 brings back a position of
    // the game: a draw, which the search must see and take.
    let fen = "4k1nq/8/3n1p2/8/2P5/N7/8/1N2K3 w - - 0 1";
    let mut game = Game::new(Position::from_fen(Variant::KnightRelay, fen).expect("FEN"));
    for text in ["c4d2", "f6e4", "d2c4", "e4f6"] {
        game.play_text(text).expect("legal");
    }
    let (m, s) = best_in(&game, 3, 1);
    assert_eq!(m, "c4d2");
    assert_eq!(s, Score::Cp(0));
}

/// Quiescence stores its results at the depth of what it looked at (0 or -1: see
/// `Worker::qsearch_depth`). An entry from a ply beyond those that answer a check
/// (where quiescence stands pat even in check) must not settle the first ply, where
/// the check is answered. Here Qxe7+ is checked by the king's capture; a stored
/// stand pat in check, planted as if from a deep ply, calls it winning.
#[test]
fn a_deep_quiescence_stand_pat_in_check_does_not_settle_the_first_ply() {
    use baton_engine::notation;
    use baton_engine::search::tt::Bound;
    let fen = "4k3/4p3/8/8/8/8/8/4QK2 w - - 0 1";
    let game = Game::new(Position::from_fen(Variant::Chess, fen).expect("FEN"));
    let sac = notation::parse_move(game.position(), "e1e7").expect("move");
    let after = game.position().play(sac);
    let limits = Limits {
        depth: Some(1),
        ..Default::default()
    };
    for (planted_depth, trusted) in [(-1, false), (0, true)] {
        let tt = TranspositionTable::new(1);
        // Black to move is "lost" by 30 pawns, as a stand pat at a deep ply might say.
        tt.store(after.hash(), None, -3000, planted_depth, Bound::Exact);
        let out = think_with_limits(&game, limits.clone(), 1, &tt, &|_| {});
        let best = format_move(game.position(), out.best.expect("a move"));
        assert_eq!(best == "e1e7", trusted, "planted at depth {planted_depth}");
    }
}
