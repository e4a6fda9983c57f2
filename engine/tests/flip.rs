//! flipshatranj and flipshatranj8: each rule of docs/rules.md as a named test, run for both
//! colors (every position is also played mirrored, Black to move), the reference perft
//! counts, and a rule-by-rule reference generator compared with the fast one.

use std::collections::BTreeSet;

use baton_engine::perft::perft;
use baton_engine::rules::max_moves;
use baton_engine::rules::{legal_move_list, terminal};
use baton_engine::{format_move, Bitboard, Color, Game, Position, Role, Square, Variant};
use baton_testkit::{board_fen, both_colors, mirror_fen, moves as turns, play, pos, Rng};

const V8: Variant = Variant::FlipShatranj8;
const V10: Variant = Variant::FlipShatranj;

// ---- helpers ------------------------------------------------------------------

/// A FEN from (square, piece) pairs, e.g. ("d4", "+N"); castling and ep are `-`.
fn fen_of(v: Variant, pieces: &[(&str, &str)], side: char) -> String {
    format!("{} {side} - - 0 1", board_fen(v, pieces))
}

/// Runs `check` on the pieces (White to move) and on their mirror image.
fn white_to_move(
    v: Variant,
    pieces: &[(&str, &str)],
    check: impl Fn(&Position, &dyn Fn(&str) -> String),
) {
    both_colors(v, &fen_of(v, pieces, 'w'), check);
}

/// The same position seen from the other side: ranks reversed, colors swapped.
fn mirror(v: Variant, fen: &str) -> String {
    mirror_fen(fen, v.geometry().height() as u32)
}

/// The moves without their flips.
fn bases(p: &Position) -> BTreeSet<String> {
    turns(p)
        .into_iter()
        .map(|s| s.split(',').next().unwrap_or("").to_string())
        .collect()
}

/// Pieces written with `+` on `sq`? (capture state)
fn in_capture_state(p: &Position, sq: &str) -> bool {
    p.capture_state().has(p.tables().parse_square(sq).unwrap())
}

/// For one lone piece on d4: its empty target and its enemy-occupied target.
fn lone_targets(role: char) -> (&'static str, &'static str) {
    match role {
        'K' => ("e5", "c3"),
        'E' => ("f6", "b2"),
        'N' => ("e6", "c2"),
        'D' => ("d6", "b4"),
        'P' => ("d5", "e5"),
        _ => unreachable!(),
    }
}

/// A piece of `role` on d4 (state by `plus`), a black `victim` on its capture target,
/// the white king on h1 unless the piece is the king, the black king on a8 unless it
/// is the victim, plus `extra` pieces.
fn lone_fen(role: char, plus: bool, victim: char, extra: &[(&str, &str)]) -> String {
    let (_, enemy_sq) = lone_targets(role);
    let piece = format!("{}{role}", if plus { "+" } else { "" });
    let victim = victim.to_string();
    let mut pieces: Vec<(&str, &str)> = vec![("d4", &piece), (enemy_sq, &victim)];
    if role != 'K' {
        pieces.push(("h1", "K"));
    }
    if victim != "k" {
        pieces.push(("a8", "k"));
    }
    pieces.extend_from_slice(extra);
    fen_of(V8, &pieces, 'w')
}

// ---- states ---------------------------------------------------------------------

/// A lone piece on d4 of each role, in move state (`plus` false) or capture state,
/// against each victim: it reaches its empty target only in move state and its
/// enemy-occupied target only in capture state.
fn lone_piece_moves_by_state(plus: bool) {
    for role in ['K', 'E', 'N', 'D', 'P'] {
        let (empty, enemy) = lone_targets(role);
        for victim in ['p', 'e', 'n', 'd', 'x', 'k'] {
            both_colors(V8, &lone_fen(role, plus, victim, &[]), |p, m| {
                let b = bases(p);
                let to_empty = b.contains(&m(&format!("d4{empty}")));
                assert_eq!(to_empty, !plus, "{role}: {b:?}");
                let to_enemy = b.contains(&m(&format!("d4{enemy}")));
                assert_eq!(to_enemy, plus, "{role} x{victim}");
            });
        }
    }
}

#[test]
fn move_state_makes_only_non_captures() {
    lone_piece_moves_by_state(false);
}

#[test]
fn capture_state_makes_only_captures() {
    lone_piece_moves_by_state(true);
}

#[test]
fn a_power_next_to_a_piece_frees_its_natural_moves_from_its_state() {
    for role in ['K', 'E', 'N', 'D', 'P'] {
        let (empty, enemy) = lone_targets(role);
        for plus in [false, true] {
            both_colors(V8, &lone_fen(role, plus, 'n', &[("c5", "X")]), |p, m| {
                let b = bases(p);
                assert!(b.contains(&m(&format!("d4{empty}"))), "{role}");
                assert!(b.contains(&m(&format!("d4{enemy}"))), "{role}");
            });
        }
    }
}

#[test]
fn a_power_does_not_free_borrowed_moves() {
    // Knight d4 (capture state) next to the power c5 and to a move-state elephant c4,
    // itself next to the power: the knight borrows only the elephant's non-captures,
    // while the elephant's own captures are freed.
    white_to_move(
        V8,
        &[
            ("d4", "+N"),
            ("c5", "X"),
            ("c4", "E"),
            ("b2", "n"),
            ("a6", "n"),
            ("h1", "K"),
            ("h8", "k"),
        ],
        |p, m| {
            let b = bases(p);
            assert!(b.contains(&m("d4f6")));
            assert!(!b.contains(&m("d4b2")));
            assert!(b.contains(&m("c4a6")));
        },
    );
}

#[test]
fn a_moved_piece_keeps_its_state() {
    white_to_move(
        V8,
        &[("d4", "+N"), ("c2", "n"), ("h1", "K"), ("a8", "k")],
        |p, m| {
            let after = play(p, &m("d4c2,h1h1"));
            assert!(in_capture_state(&after, &m("c2")));
            assert!(!in_capture_state(&after, &m("d4")));
            let after = play(p, &m("d4c2,c2c2"));
            assert!(!in_capture_state(&after, &m("c2")));
        },
    );
}

// ---- relays ---------------------------------------------------------------------

/// Lender `role` on e4 next to a mover on d4 whose own moves miss the tested targets;
/// the mover is in the state opposite to the lender's (its own state does not count).
fn relay_fen(lender: char, lender_plus: bool) -> (String, &'static str, &'static str) {
    let (mover, empty, enemy) = match lender {
        'K' => ('N', "d5", "c3"),
        'E' => ('N', "f6", "b2"),
        'N' => ('D', "e6", "c2"),
        'D' => ('N', "d6", "b4"),
        _ => unreachable!(),
    };
    let l = format!("{}{lender}", if lender_plus { "+" } else { "" });
    let mv = format!("{}{mover}", if lender_plus { "" } else { "+" });
    let mut pieces: Vec<(&str, &str)> = vec![("e4", &l), ("d4", &mv), (enemy, "n"), ("a8", "k")];
    if lender != 'K' {
        pieces.push(("h1", "K"));
    }
    (fen_of(V8, &pieces, 'w'), empty, enemy)
}

/// A lender of each role in move state (`plus` false) or capture state lends the
/// mover on d4 its non-captures or its captures, and only those.
fn lent_moves_by_state(plus: bool) {
    for lender in ['K', 'E', 'N', 'D'] {
        let (fen, empty, enemy) = relay_fen(lender, plus);
        both_colors(V8, &fen, |p, m| {
            let b = bases(p);
            let to_empty = b.contains(&m(&format!("d4{empty}")));
            assert_eq!(to_empty, !plus, "{lender}: {b:?}");
            assert_eq!(b.contains(&m(&format!("d4{enemy}"))), plus, "{lender}");
        });
    }
}

#[test]
fn a_lender_in_move_state_lends_its_non_captures() {
    lent_moves_by_state(false);
}

#[test]
fn a_lender_in_capture_state_lends_its_captures() {
    lent_moves_by_state(true);
}

#[test]
fn a_king_borrows_a_knights_move() {
    for v in [V8, V10] {
        let mut pieces = vec![("d4", "K"), ("e4", "N"), ("c2", "+n"), ("a8", "k")];
        if v == V10 {
            pieces.extend([("j1", "K"), ("b8", "k")]);
        }
        both_colors(v, &fen_of(v, &pieces, 'w'), |p, m| {
            let b = bases(p);
            assert!(b.contains(&m("d4e6")) && b.contains(&m("d4b5")));
            assert!(
                !b.contains(&m("d4c2")),
                "knight in move state lends no capture"
            );
        });
    }
}

#[test]
fn the_power_moves_only_by_relay() {
    // Alone: no move. Next to a move-state knight: its non-captures. Next to a
    // capture-state knight: its captures. Next to another power: nothing more.
    white_to_move(
        V8,
        &[("d4", "X"), ("e6", "n"), ("h1", "K"), ("a8", "k")],
        |p, m| {
            assert!(bases(p).iter().all(|s| !s.starts_with(&m("d4"))));
        },
    );
    for plus in ["", "+"] {
        let knight = format!("{plus}N");
        white_to_move(
            V8,
            &[
                ("d4", "X"),
                ("e4", &knight),
                ("c4", "X"),
                ("e6", "n"),
                ("h1", "K"),
                ("a8", "k"),
            ],
            |p, m| {
                let b = bases(p);
                assert_eq!(b.contains(&m("d4c6")), plus.is_empty());
                assert_eq!(b.contains(&m("d4e6")), !plus.is_empty());
                assert!(!b.contains(&m("d4d5")), "no king step from the other power");
            },
        );
    }
}

#[test]
fn pawns_neither_lend_nor_borrow() {
    // Pawn e4 next to knight d4 (capture state): no knight capture for the pawn; the
    // knight gets no pawn move.
    white_to_move(
        V8,
        &[
            ("d4", "+N"),
            ("e4", "+P"),
            ("f6", "n"),
            ("h1", "K"),
            ("a8", "k"),
        ],
        |p, m| {
            let b = bases(p);
            assert!(!b.contains(&m("e4f6")));
            assert!(!b.contains(&m("d4d5")));
            assert!(b.iter().all(|s| !s.starts_with(&m("e4"))), "{b:?}");
        },
    );
}

#[test]
fn relays_take_one_hop() {
    // Knight b4 next to dababba c4, which is next to elephant d4: no elephant leap for
    // the knight.
    white_to_move(
        V8,
        &[
            ("b4", "N"),
            ("c4", "D"),
            ("d4", "E"),
            ("h1", "K"),
            ("a8", "k"),
        ],
        |p, m| {
            let b = bases(p);
            assert!(!b.contains(&m("b4d6")) && !b.contains(&m("b4d2")));
            assert!(b.contains(&m("b4b6")), "the dababba's own leap is lent");
        },
    );
}

#[test]
fn a_move_reachable_by_several_routes_is_one_move() {
    // Knight d4 with two knights and a power around it: d4e6 reached four ways.
    white_to_move(
        V8,
        &[
            ("d4", "N"),
            ("c4", "N"),
            ("e4", "N"),
            ("d3", "X"),
            ("h1", "K"),
            ("a8", "k"),
        ],
        |p, _| {
            let all = turns(p);
            let set: BTreeSet<&String> = all.iter().collect();
            assert_eq!(all.len(), set.len());
        },
    );
    for v in [V8, V10] {
        let all = turns(&Position::startpos(v));
        assert_eq!(all.len(), all.iter().collect::<BTreeSet<_>>().len());
    }
}

// ---- the turn and its flip ---------------------------------------------------------

#[test]
fn every_turn_flips_one_own_piece_other_than_the_power() {
    for v in [V8, V10] {
        let start = Position::startpos(v);
        both_colors(v, &start.fen(), |p, m| {
            let own = p.us() & !p.pieces(p.side(), Role::Power);
            for mv in legal_move_list(p) {
                let (a, b) = mv.extra.expect("the flip is always present");
                assert_eq!(a, b);
                let after = own ^ Bitboard::from_square(mv.from) ^ Bitboard::from_square(mv.to);
                let after = if p.role_at(p.side(), mv.from) == Some(Role::Power) {
                    own
                } else {
                    after
                };
                assert!(after.has(a), "{}", format_move(p, mv));
            }
            let flips = turns(p)
                .iter()
                .filter(|s| s.starts_with(&m("b1c3,")))
                .count();
            assert_eq!(flips as u32, own.count());
            let after = play(p, &m("b1c3,c3c3"));
            assert!(in_capture_state(&after, &m("c3")));
            let after = play(p, &m("b1c3,a2a2"));
            assert!(in_capture_state(&after, &m("a2")) && !in_capture_state(&after, &m("c3")));
        });
    }
}

// ---- pawns ------------------------------------------------------------------------

#[test]
fn pawns_step_one_or_two_from_any_rank_but_not_over_a_piece() {
    white_to_move(
        V8,
        &[
            ("c4", "P"),
            ("f4", "P"),
            ("f5", "n"),
            ("g5", "P"),
            ("g6", "N"),
            ("h1", "K"),
            ("a8", "k"),
        ],
        |p, m| {
            let b = bases(p);
            assert!(b.contains(&m("c4c5")) && b.contains(&m("c4c6")));
            assert!(!b.contains(&m("f4f5")) && !b.contains(&m("f4f6")));
            assert!(!b.contains(&m("g5g6")) && !b.contains(&m("g5g7")));
        },
    );
}

#[test]
fn promotion_to_elephant_knight_or_dababba_keeps_state_and_takes_the_flip() {
    white_to_move(
        V8,
        &[
            ("c7", "P"),
            ("f7", "+P"),
            ("g8", "n"),
            ("b6", "P"),
            ("h1", "K"),
            ("a1", "k"),
        ],
        |p, m| {
            let b = bases(p);
            for promo in ["e", "n", "d"] {
                assert!(b.contains(&m(&format!("c7c8{promo}"))));
                assert!(
                    b.contains(&m(&format!("f7g8{promo}"))),
                    "capture-state pawn"
                );
                assert!(b.contains(&m(&format!("b6b8{promo}"))), "two-square push");
            }
            assert!(!b.contains(&m("c7c8")) && !b.contains(&m("c7c8q")));
            assert!(!b.contains(&m("f7f8e")), "capture state: no push");
            let after = play(p, &m("c7c8d,c8c8"));
            assert_eq!(
                after.role_at(p.side(), p.tables().parse_square(&m("c8")).unwrap()),
                Some(Role::Dabbaba)
            );
            assert!(in_capture_state(&after, &m("c8")));
            let after = play(p, &m("c7c8d,h1h1"));
            assert!(!in_capture_state(&after, &m("c8")));
            let after = play(p, &m("f7g8n,h1h1"));
            assert!(in_capture_state(&after, &m("g8")));
            let after = play(p, &m("f7g8n,g8g8"));
            assert!(!in_capture_state(&after, &m("g8")));
        },
    );
}

// ---- the end of the game -------------------------------------------------------------

#[test]
fn capturing_either_king_wins_on_10x10() {
    // White's capture-state knight on e5 attacks both black kings (d7, f7).
    white_to_move(
        V10,
        &[
            ("e5", "+N"),
            ("d7", "k"),
            ("f7", "k"),
            ("a1", "K"),
            ("j1", "K"),
        ],
        |p, m| {
            for victim in ["d7", "f7"] {
                let text = m(&format!("e5{victim},a1a1"));
                let mut game = Game::new(p.clone());
                game.play_text(&text).unwrap();
                let after = game.position();
                assert!(legal_move_list(after).is_empty(), "the game is over");
                assert_eq!(perft(after, 2), 0);
                let o = game.outcome().expect("over");
                assert_eq!(o.winner, Some(p.side()));
                assert_eq!(terminal(after), Some(o));
            }
        },
    );
}

#[test]
fn capturing_the_king_wins_on_8x8_and_the_turn_keeps_its_flip() {
    white_to_move(
        V8,
        &[("e5", "+N"), ("d7", "k"), ("a1", "K"), ("h2", "P")],
        |p, m| {
            let captures: Vec<String> = turns(p)
                .into_iter()
                .filter(|s| s.starts_with(&m("e5d7,")))
                .collect();
            assert_eq!(captures.len(), 3, "one per flip: {captures:?}");
            let after = play(p, &m("e5d7,h2h2"));
            assert!(in_capture_state(&after, &m("h2")));
            assert!(legal_move_list(&after).is_empty());
            let o = terminal(&after).expect("over");
            assert_eq!(o.winner, Some(p.side()));
        },
    );
}

#[test]
fn a_player_with_no_move_loses() {
    // White's king in move state is walled in by black pieces and has no lender.
    white_to_move(
        V8,
        &[
            ("a1", "K"),
            ("a2", "n"),
            ("b1", "n"),
            ("b2", "n"),
            ("h8", "k"),
        ],
        |p, _| {
            assert!(legal_move_list(p).is_empty());
            let o = Game::new(p.clone()).outcome().expect("over");
            assert_eq!(o.winner, Some(!p.side()));
            assert_eq!(o.reason, "no legal move");
        },
    );
}

/// Four turns that bring the start position back (knights out and back, a pawn
/// flipped and flipped back).
const CYCLE: [&str; 4] = ["g1h3,a2a2", "g8h6,a7a7", "h3g1,a2a2", "h6g8,a7a7"];

#[test]
fn the_player_who_makes_a_position_appear_the_third_time_loses() {
    // Black repeats: the start position stands for the third time after Black's 8th
    // turn of the cycle.
    let mut game = Game::startpos(V8);
    for (i, text) in CYCLE.iter().cycle().take(8).enumerate() {
        assert_eq!(game.outcome(), None, "ply {i}");
        game.play_text(text).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    let o = game.outcome().expect("over");
    assert_eq!(o.winner, Some(Color::White));
    // White repeats: the position after White's first turn comes back a third time.
    let mut game = Game::startpos(V8);
    for text in CYCLE.iter().cycle().take(9) {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome().expect("over").winner, Some(Color::Black));
}

#[test]
fn the_fifty_move_rule_draws_and_flips_do_not_reset_the_clock() {
    let fen = fen_of(
        V8,
        &[
            ("d4", "N"),
            ("c2", "+p"),
            ("f2", "P"),
            ("h1", "K"),
            ("a8", "k"),
        ],
        'w',
    )
    .replace(" 0 1", " 99 60");
    both_colors(V8, &fen, |p, m| {
        let mut game = Game::new(p.clone());
        game.play_text(&m("d4e6,f2f2")).unwrap();
        assert_eq!(game.position().halfmove(), 100, "a move and a flip");
        let o = game.outcome().expect("over");
        assert_eq!((o.winner, o.reason), (None, "50-move rule"));
        assert_eq!(play(p, &m("f2f3,d4d4")).halfmove(), 0, "pawn move");
        assert_eq!(
            play(p, &m("d4e6,e6e6")).halfmove(),
            100,
            "flipping the mover"
        );
    });
    // A capture resets the clock.
    let fen = fen_of(
        V8,
        &[("d4", "+N"), ("c2", "p"), ("h1", "K"), ("a8", "k")],
        'w',
    )
    .replace(" 0 1", " 99 60");
    both_colors(V8, &fen, |p, m| {
        assert_eq!(play(p, &m("d4c2,h1h1")).halfmove(), 0);
    });
}

// ---- FEN and hash ----------------------------------------------------------------------

#[test]
fn fen_round_trips_with_capture_state() {
    for (v, fen) in [
        (
            V8,
            "dn+exk+end/p+ppp1ppp/8/4p3/3+P4/8/PPP1PP+PP/+DNEXKEN+D b - - 3 7",
        ),
        (
            V10,
            "+dnexkkxen+d/pppp+pppppp/10/10/4+N5/10/10/10/PPPPPPP+PPP/DNEXKKXE1D w - - 0 1",
        ),
    ] {
        let p = pos(v, fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(p.hash(), p.compute_hash());
        assert_eq!(pos(v, &mirror(v, fen)).fen(), mirror(v, fen));
    }
    for v in [V8, V10] {
        let start = Position::startpos(v);
        assert_eq!(start.fen(), v.start_fen());
        assert!(start.capture_state().is_empty(), "all start in move state");
    }
    assert!(Position::from_fen(V8, "dn+xxkend/pppppppp/8/8/8/8/PPPPPPPP/DNEXKEND w").is_err());
    assert!(Position::from_fen(V8, "dnexkend/pppppppp/8/8/8/8/PPPPPPPP/DNE+XKEND w").is_err());
    assert!(Position::from_fen(V8, "dnexkend/pppppppp/8/8/8/8/PPPPPPPP/DNEXKEN+ w").is_err());
}

/// Positions of random games from both start positions.
fn random_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for g in 0..games {
        let v = if g % 2 == 0 { V8 } else { V10 };
        let mut p = Position::startpos(v);
        for _ in 0..plies {
            let list = legal_move_list(&p);
            if list.is_empty() {
                break;
            }
            // Take something every other turn when possible, so that games open up
            // and kings fall.
            let captures: Vec<_> = list
                .iter()
                .filter(|m| p.role_at(!p.side(), m.to).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.next_u64().is_multiple_of(2) {
                *captures[rng.below(captures.len())]
            } else {
                list[rng.below(list.len())]
            };
            p = p.play(m);
            out.push(p.clone());
        }
    }
    out
}

#[test]
fn hash_and_fen_stay_consistent_over_random_games() {
    for p in random_positions(40, 120) {
        assert_eq!(p.hash(), p.compute_hash(), "{}", p.fen());
        if terminal(&p).is_some_and(|o| o.reason == "king captured") {
            continue; // FEN refuses a side without its kings
        }
        let back = pos(p.variant(), &p.fen());
        assert_eq!(back, p);
        assert_eq!(back.hash(), p.hash());
    }
}

// ---- a rule-by-rule reference generator ----------------------------------------------

/// Whether a piece of `role` reaches the offset (df, dr) by its own move pattern.
fn pattern(role: Role, df: i32, dr: i32) -> bool {
    let (a, b) = (df.abs(), dr.abs());
    match role {
        Role::King => a.max(b) == 1,
        Role::Elephant => a == b && (a == 1 || a == 2),
        Role::Knight => (a == 1 && b == 2) || (a == 2 && b == 1),
        Role::Dabbaba => (a == 0) != (b == 0) && (a + b == 1 || a + b == 2),
        _ => false,
    }
}

/// The turns of the side to move, square by square from the rules' wording.
fn reference_turns(p: &Position) -> BTreeSet<String> {
    let t = p.tables();
    let us = p.side();
    let mut out = BTreeSet::new();
    if p.royals(us).count() < p.variant().royal_count()
        || p.royals(!us).count() < p.variant().royal_count()
    {
        return out;
    }
    let squares: Vec<Square> = (0..t.width as u32 * t.height as u32)
        .map(|s| Square(s as u8))
        .collect();
    let fr = |s: Square| (t.file_of(s) as i32, t.rank_of(s) as i32);
    let adjacent = |a: Square, b: Square| {
        let ((fa, ra), (fb, rb)) = (fr(a), fr(b));
        (fa - fb).abs().max((ra - rb).abs()) == 1
    };
    let capture = |s: Square| p.capture_state().has(s);
    let own: Vec<(Square, Role)> = squares
        .iter()
        .filter_map(|&s| p.role_at(us, s).map(|r| (s, r)))
        .collect();
    let forward = if us == Color::White { 1 } else { -1 };
    for &(from, role) in &own {
        let freed = own
            .iter()
            .any(|&(s, r)| r == Role::Power && adjacent(s, from));
        for &to in &squares {
            if p.role_at(us, to).is_some() {
                continue;
            }
            let takes = p.role_at(!us, to).is_some();
            let (df, dr) = (fr(to).0 - fr(from).0, fr(to).1 - fr(from).1);
            let state_ok = freed || capture(from) == takes;
            let natural = if role == Role::Pawn {
                let empty = |s: Option<Square>| s.is_some_and(|s| p.piece_at(s).is_none());
                let one = t.offset(from, 0, forward as i8);
                let push = !takes
                    && df == 0
                    && ((dr == forward && empty(one))
                        || (dr == 2 * forward && empty(one) && empty(Some(to))));
                let hit = takes && df.abs() == 1 && dr == forward;
                (push || hit) && state_ok
            } else {
                pattern(role, df, dr) && state_ok
            };
            let relayed = role != Role::Pawn
                && own.iter().any(|&(s, r)| {
                    adjacent(s, from)
                        && !matches!(r, Role::Pawn | Role::Power)
                        && pattern(r, df, dr)
                        && capture(s) == takes
                });
            if !(natural || relayed) {
                continue;
            }
            let mut flips: Vec<Square> = own
                .iter()
                .filter(|&&(s, r)| r != Role::Power && s != from)
                .map(|&(s, _)| s)
                .collect();
            if role != Role::Power {
                flips.push(to);
            }
            let promos: &[&str] = if role == Role::Pawn && t.promotion_rank(us).has(to) {
                &["e", "n", "d"]
            } else {
                &[""]
            };
            for promo in promos {
                for &f in &flips {
                    out.insert(format!(
                        "{}{}{promo},{}{}",
                        t.square_name(from),
                        t.square_name(to),
                        t.square_name(f),
                        t.square_name(f)
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn generator_matches_a_rule_by_rule_reference_over_random_games() {
    // The sample must reach the rules' corners: captures, promotions, a power
    // moving, finished games.
    let (mut captures, mut promotions, mut power_moves, mut finished) = (0, 0, 0, 0);
    for p in random_positions(30, 100) {
        let list = legal_move_list(&p);
        let fast = turns(&p);
        let set: BTreeSet<String> = fast.iter().cloned().collect();
        assert_eq!(fast.len(), set.len(), "duplicates in {}", p.fen());
        assert_eq!(set, reference_turns(&p), "{}", p.fen());
        captures += list
            .iter()
            .filter(|m| p.role_at(!p.side(), m.to).is_some())
            .count();
        promotions += list.iter().filter(|m| m.promotion.is_some()).count();
        power_moves += list
            .iter()
            .filter(|m| p.role_at(p.side(), m.from) == Some(Role::Power))
            .count();
        finished += usize::from(list.is_empty());
    }
    assert!(captures > 0 && promotions > 0 && power_moves > 0 && finished > 0);
}

fn reference_perft(p: &Position, depth: u32) -> u64 {
    let list = reference_turns(p);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|m| reference_perft(&play(p, m), depth - 1))
        .sum()
}

// ---- perft ---------------------------------------------------------------------------------

#[test]
fn perft_start_positions_match_the_reference_counts() {
    for (v, counts) in [(V8, [600, 360_000]), (V10, [792, 627_264])] {
        let start = Position::startpos(v);
        let mirrored = pos(v, &mirror(v, v.start_fen()));
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&start, d as u32 + 1), n, "{v} depth {}", d + 1);
            assert_eq!(perft(&mirrored, d as u32 + 1), n, "{v} mirrored");
        }
    }
}

#[test]
#[ignore = "about 3 s in release"]
fn perft_depth_3() {
    assert_eq!(perft(&Position::startpos(V8), 3), 196_659_000);
    assert_eq!(perft(&pos(V8, EDGE_POSITIONS[0].1), 3), 124_024_459);
    assert_eq!(perft(&Position::startpos(V10), 3), 465_800_544);
}

/// Positions at the rules' edges: mixed states next to powers, kings in reach,
/// promotions, pawns facing pieces.
const EDGE_POSITIONS: [(Variant, &str, &[u64]); 3] = [
    (
        V8,
        "d1xk3d/p1+pn1p1p/1+Pe+p4/4N+e2/2pX1P2/3+K1+n2/P1P2PPP/+D1E3ND w - - 0 1",
        &[507, 283_088],
    ),
    (
        V8,
        "4k3/1P+P1x3/2+NX4/8/8/4+ep2/3+p2p1/3K4 w - - 0 1",
        &[76, 6140, 368_340],
    ),
    (
        V10,
        "d+nexk1xen+d/pp+p2k+ppp1/3P6/2+p2+KN3/4X5/5+e4/1+d8/3ne5/PPP1P1PPPP/DNEX1KXE1D b - - 5 20",
        &[1159, 1_049_674],
    ),
];

#[test]
fn perft_of_edge_positions_agrees_with_the_reference_generator_for_both_colors() {
    for (v, fen, counts) in EDGE_POSITIONS {
        let p = pos(v, fen);
        let mirrored = pos(v, &mirror(v, fen));
        for (d, &n) in (1..).zip(counts.iter()) {
            assert_eq!(perft(&p, d), n, "{fen} depth {d}");
            assert_eq!(perft(&mirrored, d), n, "mirrored {fen} depth {d}");
            if d <= 2 {
                assert_eq!(reference_perft(&p, d), n, "reference, {fen} depth {d}");
            }
        }
    }
}

#[test]
fn the_largest_turn_fits_the_move_list() {
    // 10x10, White with every officer it can have (pawns promoted), placed by a hill
    // climb maximizing the number of turns: 6894, under the 7848 bound argued in
    // rules/flip.rs and the list's capacity.
    let fen = "k8k/10/2ND2XE2/2KE2ND2/10/10/1EN1NE1NE1/1KD1XD1DD1/10/10 w - - 0 1";
    let p = pos(V10, fen);
    let n = legal_move_list(&p).len();
    assert!(n <= max_moves(V10), "{n}");
    assert_eq!(n, 6894);
}

#[test]
fn a_board_crowded_beyond_thirty_pieces_a_side_is_refused_not_a_crash() {
    // 66 white pieces: their turns would overflow the move list.
    let crowded = "k8k/ENDDK+EEDDD/ENDDN3DE/+N1E2EEDN1/DNN1NEDNN1/1EDDENDDDE/N+N1D1NDD2/EDND4NN/2ENENE1E1/D1DED1NDKD w - - 0 1";
    let err = baton_engine::Position::from_fen(baton_engine::Variant::FlipShatranj, crowded)
        .expect_err("refused");
    assert!(err.to_string().contains("at most 30 a side"), "{err}");
}
