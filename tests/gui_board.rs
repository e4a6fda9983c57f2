//! The browser board as a person uses it, in headless Chromium (testkit's DevTools
//! client): a phone's screen and fingers, a piece that follows the pointer, the board
//! turned for Black, deselecting, Esc, premoves, the keyboard and screen-reader names,
//! the variants' details (frozen Knightmares, relays, the picked neutral piece, square
//! colours) and the move list. Skipped, saying so, where Chromium is not installed
//! (`.ci/run` installs it; under CI a missing Chromium fails).

use baton_testkit::browser::{on_board_page, square as sq, with_board_server, Browser};
use baton_testkit::GuiServer;
use serde_json::json;

/// Runs `check` on a page showing `variant` (at `fen`) with `mode`'s players; without
/// Chromium the test skips (fails under CI).
fn on_board(variant: &str, fen: Option<&str>, mode: &str, check: impl FnOnce(&mut Browser)) {
    on_board_page(TEST, BATON, variant, fen, mode, check);
}

/// Runs `check` with a board server alone, for a test that opens several pages.
fn with_server(check: impl FnOnce(&GuiServer)) {
    with_board_server(TEST, BATON, check);
}

const TEST: &str = "the browser board";
const BATON: &str = env!("CARGO_BIN_EXE_baton");

// ---- 1. Any screen ----

#[test]
fn at_390x844_every_board_fits_without_sideways_scroll_and_fingers_play() {
    with_server(|server| {
        // One browser, going from board to board (a browser's start costs seconds).
        let mut b = Browser::open_board(server, "chess", None, "human-human");
        for (variant, last_file) in [("chess", "h"), ("stonesrelays", "h"), ("flipshatranj", "j")] {
            if variant != "chess" {
                b.goto_board(server, variant, None, "human-human");
            }
            b.viewport(390, 844);
            b.wait_for("window.innerWidth === 390");
            // The board is drawn again for the new width.
            b.wait_for("document.querySelector('#board').getBoundingClientRect().right <= 390");
            let scroll = b.eval("[document.documentElement.scrollWidth, window.innerWidth]");
            assert_eq!(scroll, json!([390, 390]), "{variant}");
            let corner = b.rect(&sq(&format!("{last_file}1")));
            assert!(
                corner[0] >= 0.0 && corner[2] <= 390.0,
                "{variant}: {corner:?}"
            );
            // The controls are below the board.
            let board = b.rect("#board");
            let panel = b.rect("aside");
            assert!(panel[1] >= board[3], "{variant}: {board:?} {panel:?}");
            // Fingers, not a mouse: DevTools' touch events with touch emulated, which the
            // page receives as touch pointers.
            b.eval(
                "window.kinds = []; $('board').addEventListener('pointerdown', \
                 (e) => kinds.push(e.pointerType)); true",
            );
            if variant == "chess" {
                // Tap, tap.
                b.tap(&sq("e2"));
                b.wait_for("document.querySelectorAll('.sq.target').length === 2");
                b.tap(&sq("e4"));
                assert_eq!(b.played(1), "e2e4");
                // A finger's drag.
                b.touch_drag(&sq("g8"), &sq("f6"));
                assert_eq!(b.played(2), "g8f6");
            }
            if variant == "flipshatranj" {
                // The 10x10 board: tap, tap, then a tap on the piece to flip.
                b.tap(&sq("a1"));
                b.wait_for("document.querySelectorAll('.sq.target').length > 0");
                b.tap(&sq("a3"));
                b.wait_for("document.querySelectorAll('.sq.target2').length > 0");
                b.tap(&sq("b1"));
                assert_eq!(b.played(1), "a1a3,b1b1");
                // A finger's drag from the far corner, then a tap on a piece to flip.
                b.touch_drag(&sq("a10"), &sq("a8"));
                b.wait_for("document.querySelectorAll('.sq.target2').length > 0");
                let flip = b.marked("target2")[0].clone();
                b.tap(&sq(&flip));
                let last = b.played(2);
                assert_eq!(last, format!("a10a8,{flip}{flip}"));
            }
            if variant != "stonesrelays" {
                let kinds = b.eval("[...new Set(kinds)]");
                assert_eq!(kinds, json!(["touch"]), "{variant}");
            }
        }
    });
}

// ---- 2. Hands ----

#[test]
fn a_dragged_piece_follows_the_pointer_and_a_drop_on_a_target_plays() {
    on_board("chess", None, "human-human", |b| {
        let from = b.centre(&sq("g1"));
        let to = b.centre(&sq("f3"));
        b.mouse("mouseMoved", from);
        b.mouse("mousePressed", from);
        b.wait_for("document.querySelectorAll('.sq.target').length === 2");
        let mid = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
        b.mouse("mouseMoved", mid);
        b.mouse("mouseMoved", (mid.0 + 1.0, mid.1));
        // The piece is under the pointer, its square shows where it came from.
        let ghost = b.rect(".ghost");
        let centre = ((ghost[0] + ghost[2]) / 2.0, (ghost[1] + ghost[3]) / 2.0);
        assert!(
            (centre.0 - mid.0 - 1.0).abs() < 2.0 && (centre.1 - mid.1).abs() < 2.0,
            "{ghost:?} {mid:?}"
        );
        assert_eq!(b.marked("lifted"), ["g1"]);
        // The server's answer is held back: the dropped piece stands on its new square
        // meanwhile (it does not jump back to where it came from).
        b.eval(
            "window.realFetch = window.fetch; window.hold = null; \
             window.fetch = (url, o) => url === '/api/move' \
               ? new Promise((go) => { window.hold = () => go(realFetch(url, o)); }) \
               : realFetch(url, o); true",
        );
        b.mouse("mouseMoved", to);
        b.mouse("mouseReleased", to);
        b.wait_for("!!window.hold");
        assert_eq!(b.eval("state.moves_played"), json!(0));
        assert_eq!(b.label("f3"), "f3, white knight");
        assert_eq!(b.label("g1"), "g1, empty");
        assert_eq!(b.eval("!!document.querySelector('.ghost')"), json!(false));
        b.eval("window.fetch = realFetch; hold(); true");
        assert_eq!(b.played(1), "g1f3");
        b.wait_for("!document.querySelector('.ghost')");
        // A drop where the piece cannot go plays nothing; the piece stays picked.
        b.drag(&sq("b8"), &sq("b5"));
        b.wait_for("document.querySelectorAll('.sq.target').length === 2");
        assert_eq!(b.marked("picked"), ["b8"]);
        assert_eq!(b.played(1), "g1f3");
    });
}

#[test]
fn the_board_turns_for_a_person_playing_black_and_the_flip_button_turns_it() {
    on_board("chess", None, "baton-human", |b| {
        // Seen from Black: a8 at the bottom right, h1 at the top left.
        let a8 = b.rect(&sq("a8"));
        let h1 = b.rect(&sq("h1"));
        let board = b.rect("#board");
        assert!((board[2] - a8[2]).abs() < 4.0, "{a8:?} {board:?}");
        assert!((board[3] - a8[3]).abs() < 4.0, "{a8:?} {board:?}");
        assert!(h1[0] < a8[0] && h1[1] < a8[1], "{h1:?} {a8:?}");
        b.click("#flip");
        b.wait_for(&format!(
            "document.querySelector('{}').getBoundingClientRect().top < \
             document.querySelector('{}').getBoundingClientRect().top",
            sq("a8"),
            sq("a1")
        ));
        let a1 = b.rect(&sq("a1"));
        let board = b.rect("#board");
        assert!((a1[0] - board[0]).abs() < 4.0 && (board[3] - a1[3]).abs() < 4.0);
    });
}

#[test]
fn a_second_click_on_the_picked_piece_deselects_and_esc_cancels() {
    on_board("stonesrelays", None, "human-human", |b| {
        b.pick("g1");
        assert_eq!(b.marked("picked"), ["g1"]);
        b.click(&sq("g1"));
        b.wait_for("document.querySelectorAll('.sq.target, .sq.picked').length === 0");
        // Esc drops a pick...
        b.pick("g1");
        b.key("Escape");
        b.wait_for("document.querySelectorAll('.sq.target, .sq.picked').length === 0");
        // ... and the turn's second part, playing nothing.
        b.click_first_part("g1", "f3");
        b.key("Escape");
        b.wait_for(
            "document.querySelectorAll('.sq.target2').length === 0 \
             && document.querySelector('#step').classList.contains('hidden')",
        );
        assert_eq!(b.eval("state.moves_played"), json!(0));
        // The knight is drawn back on g1.
        assert!(b.label("g1").contains("white knight"));
    });
}

#[test]
fn a_piece_that_can_come_back_through_a_relay_is_deselected_by_a_second_click() {
    // The knight on c3 can leap to the relay on d5 and back: a null move.
    let fen = "7k/8/8/8/3X4/8/2N5/7K/8 w - - 0 1";
    on_board("stonesrelays", Some(fen), "human-human", |b| {
        b.click(&sq("c3"));
        b.wait_for("document.querySelector('#stay')");
        // Its own square is not marked as a target; a second click drops the pick.
        assert!(!b.marked("target").contains(&"c3".to_string()));
        b.click(&sq("c3"));
        b.wait_for("document.querySelectorAll('.sq.target, .sq.picked').length === 0");
        assert_eq!(b.eval("state.moves_played"), json!(0));
        // The null move is offered as a button.
        b.click(&sq("c3"));
        b.press("#stay");
        b.press("#no-second");
        assert_eq!(b.played(1), "c3c3");
    });
}

#[test]
fn a_premove_is_played_after_batons_reply_and_an_illegal_one_is_dropped() {
    on_board("chess", None, "human-baton", |b| {
        // Baton thinks long enough for the premove to be entered.
        b.settings("{ think: { movetime: 3000 } }");
        b.click(&sq("e2"));
        b.wait_for("document.querySelectorAll('.sq.target').length === 2");
        b.click(&sq("e4"));
        b.wait_for("state.moves_played === 1 && state.searching");
        b.click(&sq("g1"));
        b.click(&sq("f3"));
        assert_eq!(b.marked("premove"), ["f3", "g1"]);
        // Baton replies, then the premove is played at once.
        b.wait_for("state.moves_played >= 3");
        assert_eq!(b.san()[2], "Nf3");
        // A premove that is not legal when its turn comes is dropped, saying so.
        b.wait_for("state.moves_played === 3 && state.searching");
        b.click(&sq("a1"));
        b.click(&sq("a3"));
        assert_eq!(b.marked("premove"), ["a1", "a3"]);
        b.wait_for("state.moves_played === 4 && !state.searching");
        b.wait_for("document.querySelector('#error-text').textContent.includes('cancelled')");
        assert!(b.marked("premove").is_empty());
        assert_eq!(b.eval("state.moves_played"), json!(4));
    });
}

// ---- 3. Keyboard and screen readers ----

#[test]
fn a_move_is_played_with_the_keyboard_only() {
    on_board("chess", None, "human-human", |b| {
        // Tab to the board: one square takes the focus (a1, bottom left).
        for _ in 0..40 {
            if b.eval("!!document.activeElement.closest('#board')") == json!(true) {
                break;
            }
            b.key("Tab");
        }
        assert_eq!(b.text("document.activeElement.dataset.sq"), "a1");
        for _ in 0..4 {
            b.key("ArrowRight");
        }
        b.key("ArrowUp");
        assert_eq!(b.text("document.activeElement.dataset.sq"), "e2");
        b.key("Enter");
        b.wait_for("document.querySelectorAll('.sq.target').length === 2");
        b.key("ArrowUp");
        b.key("ArrowUp");
        b.key(" ");
        assert_eq!(b.played(1), "e2e4");
        // The focus stays on the board, on the square played to.
        assert_eq!(b.text("document.activeElement.dataset.sq"), "e4");
        // Esc drops a pick made with the keyboard.
        b.key("ArrowUp");
        b.key("ArrowUp");
        b.key("ArrowUp");
        b.key("Enter");
        b.wait_for("document.querySelectorAll('.sq.target').length === 2");
        b.key("Escape");
        b.wait_for("document.querySelectorAll('.sq.target').length === 0");
        // Enter in the FEN box sets the position.
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        b.eval(&format!(
            "(() => {{ const f = $('fen'); f.focus(); f.value = {}; \
             f.dispatchEvent(new Event('input')); return true; }})()",
            json!(fen)
        ));
        b.key("Enter");
        b.wait_for(&format!("state.fen === {}", json!(fen)));
    });
}

#[test]
fn squares_are_named_for_screen_readers_in_the_variants_piece_names() {
    with_server(|server| {
        let cases: [(&str, &[(&str, &str)]); 3] = [
            (
                "chess",
                &[
                    ("e2", "e2, white pawn"),
                    ("e4", "e4, empty"),
                    ("d8", "d8, black queen"),
                ],
            ),
            (
                "knightmate",
                &[
                    ("e1", "e1, white royal knight"),
                    ("b8", "b8, black commoner"),
                ],
            ),
            ("stonesrelays", &[("d5", "d5, relay"), ("b4", "b4, stone")]),
        ];
        let mut b = Browser::open_board(server, "chess", None, "human-human");
        for (variant, labels) in cases {
            b.goto_board(server, variant, None, "human-human");
            for (square, want) in labels {
                assert_eq!(b.label(square), *want, "{variant}");
            }
            // One square in the tab order, the rest reached by arrows.
            assert_eq!(
                b.eval("document.querySelectorAll('#board .sq[tabindex=\"0\"]').length"),
                json!(1)
            );
        }
    });
}

// ---- 4. Variant details ----

#[test]
fn a_frozen_knightmare_is_marked_and_a_click_on_it_says_why_it_cannot_move() {
    on_board("combiningknightmare", None, "human-human", |b| {
        // Black's knight fuses with White's on d5: the Knightmare may not move on White's ply.
        b.play_through_api(&["b1c3", "g8f6", "c3d5", "f6d5"]);
        b.wait_for("state.moves_played === 4");
        assert_eq!(b.eval("state.frozen"), json!("d5"));
        // Numbered from move 1 (this FEN has a field more than chess's).
        assert_eq!(
            b.text("$('movelist').textContent.trim()"),
            "1.Nc3 Nf6 2.Nd5 N~Nd5"
        );
        assert_eq!(b.marked("frozen"), ["d5"]);
        assert!(b.label("d5").ends_with(", frozen"), "{}", b.label("d5"));
        b.click(&sq("d5"));
        b.wait_for("document.querySelector('#error-text').textContent.includes('may not move')");
        assert!(b.marked("target").is_empty());
        // After White's move it may move again: the mark goes.
        b.pick("e2");
        b.click(&sq("e4"));
        b.played(5);
        assert!(b.marked("frozen").is_empty());
    });
}

#[test]
fn glyphs_match_the_fen_letters_and_a1_is_dark_on_every_board() {
    with_server(|server| {
        let mut b = Browser::open_board(server, "knightmate", None, "human-human");
        for variant in ["chess", "stonesrelays", "flipshatranj"] {
            b.goto_board(server, variant, None, "human-human");
            let dark = b.marked("dark");
            for square in ["a1", "b2", "c1"] {
                assert!(dark.contains(&square.to_string()), "{variant}: {square}");
            }
            for square in ["a2", "b1"] {
                assert!(!dark.contains(&square.to_string()), "{variant}: {square}");
            }
            if variant == "stonesrelays" {
                // A relay is drawn with its FEN letter X.
                assert_eq!(
                    b.text(&format!(
                        "document.querySelector('{}').textContent",
                        sq("d5")
                    )),
                    "X"
                );
            }
        }
        // The knightmate commoner (M) is a lettered disc, not an orthodox king.
        b.goto_board(server, "knightmate", None, "human-human");
        let commoner = b.text(&format!(
            "document.querySelector('{}').textContent",
            sq("b1")
        ));
        assert!(
            commoner.contains('M') && !commoner.contains('\u{265A}'),
            "{commoner:?}"
        );
    });
}

#[test]
fn the_picked_neutral_piece_is_highlighted_in_the_turns_second_part() {
    on_board("stonesrelays", None, "human-human", |b| {
        b.click_first_part("g1", "f3");
        // The stone on b4 can step to a4, c4 or b3.
        b.click(&sq("b4"));
        b.wait_for("document.querySelectorAll('.sq.picked2').length === 1");
        assert_eq!(b.marked("picked2"), ["b4"]);
        assert_eq!(b.marked("target2"), ["a4", "b3", "c4"]);
        b.click(&sq("c4"));
        assert_eq!(b.played(1), "g1f3,b4c4");
    });
}

#[test]
fn a_move_through_two_relays_is_drawn_as_its_path_not_a_jump() {
    // A rook on a1, relays on a5 and e5: a1-e7 goes up to a5, across to e5, up to e7.
    let fen = "7k/8/8/8/X3X3/8/8/7K/RN6 w - - 0 1";
    on_board("stonesrelays", Some(fen), "human-human", |b| {
        b.pick("a1");
        b.click(&sq("e7"));
        // The line's corners are the squares' centres: a1, a5, e5, e7.
        let want = b.centres(&["a1", "a5", "e5", "e7"]);
        // Played without a neutral move, the last move keeps its path.
        assert_eq!(b.played_along(&want, 1), "a1e7");
    });
}

// ---- 5. The move list ----

#[test]
fn the_move_list_is_in_san_marks_the_current_move_and_steps_by_click_and_arrows() {
    on_board("chess", None, "human-human", |b| {
        for (ply, (from, to)) in [("e2", "e4"), ("g8", "f6"), ("d1", "h5")]
            .into_iter()
            .enumerate()
        {
            b.pick(from);
            b.click(&sq(to));
            b.played(ply + 1);
        }
        b.wait_for("document.querySelectorAll('#movelist .mv').length === 3");
        assert_eq!(b.text("$('movelist').textContent.trim()"), "1.e4 Nf6 2.Qh5");
        assert_eq!(
            b.text("$('movelist').querySelector('.current').textContent"),
            "Qh5"
        );
        // A click on a move shows the game after it; the whole game stays listed.
        b.click("#movelist .mv[data-at=\"1\"]");
        b.wait_for("state.review && state.review.at === 1");
        assert_eq!(
            b.text("$('movelist').querySelector('.current').textContent"),
            "e4"
        );
        assert_eq!(
            b.eval("document.querySelectorAll('#movelist .mv').length"),
            json!(3)
        );
        assert!(b.label("e4").contains("white pawn"));
        assert!(b.label("h5").ends_with("empty"));
        // Arrow keys step while the board does not have the focus.
        b.eval("document.activeElement.blur(); true");
        b.key("ArrowRight");
        b.wait_for("state.review.at === 2");
        b.key("ArrowRight");
        b.wait_for("state.review.at === 3");
        b.key("ArrowLeft");
        b.wait_for("state.review.at === 2");
        assert_eq!(
            b.text("$('movelist').querySelector('.current').textContent"),
            "Nf6"
        );
    });
}

#[test]
fn a_loaded_pgn_is_saved_again_with_every_move_and_tag() {
    on_board("chess", None, "human-human", |b| {
        let games = [
            "[Event \"Club night\"]\n[Site \"Here\"]\n[Date \"2026.01.02\"]\n[Round \"3\"]\n\
             [White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[Annotator \"Cy\"]\n\n\
             1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
            "[Event \"baton match\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
             1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4 g8f6 4. h5f7 1-0\n",
        ];
        for (pgn, event) in games.iter().zip(["Club night", "baton match"]) {
            b.eval(&format!("$('pgn-text').value = {}; true", json!(pgn)));
            b.click("#load-pgn");
            b.wait_for(&format!(
                "state.review && state.review.tags.some(([k, v]) => k === 'Event' && v === '{event}') \
                 && document.querySelectorAll('#movelist .mv').length === 7"
            ));
            assert_eq!(
                b.text("$('movelist').textContent.trim()"),
                "1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#"
            );
            // Stepped back, the saved game is still whole, with its tags.
            b.click("#movelist .mv[data-at=\"2\"]");
            b.wait_for("state.review.at === 2");
            let saved = b.text("fetchText('/api/pgn')");
            assert!(saved.contains("4. Qxf7# 1-0"), "{saved}");
            for line in pgn.lines().filter(|l| l.starts_with('[')) {
                assert!(saved.contains(line), "{line} in {saved}");
            }
        }
    });
}
