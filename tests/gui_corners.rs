//! The board's corners a person reaches less often, in headless Chromium (testkit's
//! DevTools client): a premove made by a drag and by the keyboard (and finished after
//! Baton's move landed), the way a pawn's
//! relayed move goes (drawn under the pointer before it is played, and after), and an
//! earlier move looked at while a game on the clock goes on. Skipped, saying so, where
//! Chromium is not installed (`.ci/run` installs it; under CI a missing Chromium fails).

use baton_testkit::browser::{on_board_page, square as sq, Browser};
use serde_json::{json, Value};

/// Runs `check` on a page showing `variant` (at `fen`) with `mode`'s players; without
/// Chromium the test skips (fails under CI).
fn on_board(variant: &str, fen: Option<&str>, mode: &str, check: impl FnOnce(&mut Browser)) {
    on_board_page(
        "the browser board",
        env!("CARGO_BIN_EXE_baton"),
        variant,
        fen,
        mode,
        check,
    );
}

/// The squares marked as the premove are `squares` (sorted, comma-separated).
fn premoved(squares: &str) -> String {
    format!(
        "[...document.querySelectorAll('.sq.premove')].map(e => e.dataset.sq).sort().join() === '{squares}'"
    )
}

/// Baton plays its best move so far at once (as Stop does on its turn).
fn stop(b: &mut Browser) {
    b.eval("api('POST', '/api/stop', {}).then(() => true)");
}

#[test]
fn a_premove_is_made_by_a_drag_and_by_the_keyboard() {
    on_board("chess", None, "human-baton", |b| {
        // Baton thinks until it is stopped: each premove is seen entered before Baton
        // moves (with a time limit, a slow drag could outlast Baton's thinking, and the
        // premove be played before it was seen).
        b.settings("{ think: { movetime: 600000 } }");
        b.click_move("e2", "e4", 1);
        b.wait_for("state.searching");
        // A drag during Baton's turn: the knight follows the pointer, the premove is set.
        b.drag(&sq("g1"), &sq("f3"));
        b.wait_for(&premoved("f3,g1"));
        stop(b);
        b.wait_for("state.moves_played >= 3");
        assert_eq!(b.san()[2], "Nf3");
        // Keys during Baton's next turn: Enter on f1, left, up, Enter on e2.
        b.wait_for("state.moves_played === 3 && state.searching");
        b.eval("(() => { focusSq = 'f1'; render(); squareEl('f1').focus(); return true; })()");
        b.key("Enter");
        b.wait_for(&premoved("f1"));
        b.key("ArrowLeft");
        b.key("ArrowUp");
        assert_eq!(b.text("document.activeElement.dataset.sq"), "e2");
        b.key("Enter");
        b.wait_for(&premoved("e2,f1"));
        stop(b);
        b.wait_for("state.moves_played >= 5");
        assert_eq!(b.san()[4], "Be2");
    });
}

#[test]
fn a_premove_finished_after_batons_move_landed_is_played() {
    on_board("chess", None, "human-baton", |b| {
        b.settings("{ think: { movetime: 600000 } }");
        b.click_move("e2", "e4", 1);
        b.wait_for("state.searching");
        // The knight is pressed and dragged during Baton's turn; Baton's move lands
        // before it is dropped: the drop plays it.
        let (g1, f3) = (b.centre(&sq("g1")), b.centre(&sq("f3")));
        b.mouse("mouseMoved", g1);
        b.mouse("mousePressed", g1);
        b.mouse("mouseMoved", (g1.0, g1.1 - 20.0));
        b.wait_for(&premoved("g1"));
        stop(b);
        b.wait_for("state.moves_played === 2 && !state.searching");
        b.mouse("mouseMoved", f3);
        b.mouse("mouseReleased", f3);
        b.wait_for("state.moves_played >= 3");
        assert_eq!(b.san()[2], "Nf3");
        // So is a tap-tap premove whose second tap comes after Baton's move.
        b.wait_for("state.moves_played === 3 && state.searching");
        b.click(&sq("f1"));
        b.wait_for(&premoved("f1"));
        stop(b);
        b.wait_for("state.moves_played === 4 && !state.searching");
        b.click(&sq("c4"));
        b.wait_for("state.moves_played >= 5");
        assert_eq!(b.san()[4], "Bc4");
    });
}

#[test]
fn a_pawns_relayed_move_is_drawn_as_its_path_under_the_pointer_and_once_played() {
    // A pawn on c2, a relay on c3, a black knight on d4: c2 steps onto the relay and
    // goes on with a diagonal capture, c2-c3-d4.
    let fen = "7k/8/8/8/8/3n4/2X5/2P5/7K w - - 0 1";
    on_board("stonesrelays", Some(fen), "human-human", |b| {
        b.pick("c2");
        assert!(b.marked("target").contains(&"d4".to_string()));
        // The pointer over d4 draws the way there; over a square reached straight, none.
        let want = b.centres(&["c2", "c3", "d4"]);
        let over_d4 = b.centre(&sq("d4"));
        b.mouse("mouseMoved", over_d4);
        assert_eq!(b.route("hover-route"), want);
        b.keep_screenshot("stonesrelays-pawn-relay-hover");
        let over_h5 = b.centre(&sq("h5"));
        b.mouse("mouseMoved", over_h5);
        b.wait_for("!document.querySelector('#arrows polyline.hover-route')");
        // Played (without a neutral move), the last move keeps its way.
        b.click(&sq("d4"));
        assert_eq!(b.played_along(&want, 1), "c2d4");
    });
}

#[test]
fn an_earlier_move_is_looked_at_while_the_clock_game_goes_on() {
    on_board("chess", None, "human-baton", |b| {
        // A minute each: Baton answers within a few seconds.
        b.settings("{ clock: { base_ms: 60000, inc_ms: 0 } }");
        // The Clock box shows the game's own setting, however it was set.
        assert_eq!(b.eval("$('tc').value"), "1+0");
        b.click_move("e2", "e4", 1);
        b.wait_for("live.moves_played === 2 && !live.searching");
        b.click_move("g1", "f3", 3);
        // Baton thinks on its clock; the person clicks the first move in the list.
        b.wait_for("document.querySelectorAll('#movelist .mv').length === 3");
        b.click("#movelist .mv[data-at=\"1\"]");
        b.wait_for("viewing && viewing.at === 1");
        assert_eq!(b.eval("state.review"), Value::Null);
        assert!(b.label("e4").contains("white pawn"));
        assert!(b.label("g1").contains("white knight"));
        assert_eq!(
            b.text("$('movelist').querySelector('.current').textContent"),
            "e4"
        );
        assert!(b.text_of("status").contains("after 1 of 3 moves"));
        // Baton's move comes while the person looks back; the view stays, the list grows,
        // the clock goes on (White's runs now).
        b.wait_for("live.moves_played === 4");
        assert_eq!(b.eval("viewing.at"), json!(1));
        assert!(b.label("g1").contains("white knight"));
        assert_eq!(b.eval("live.clock.running"), json!("white"));
        // The list is numbered from the game's start, not from the position shown.
        assert_eq!(
            b.eval(
                "[...document.querySelectorAll('#movelist .num')].map(e => e.textContent).join(' ')"
            ),
            json!("1. 2.")
        );
        b.keep_screenshot("clock-look-back");
        // No move is made on an earlier position: a click says why and picks nothing.
        b.click(&sq("b1"));
        b.wait_for(
            "document.getElementById('error-text').textContent.includes('earlier position')",
        );
        assert!(b.marked("target").is_empty());
        // End goes back to the game as it stands, where moves are made again.
        b.eval("document.activeElement.blur(); true");
        b.key("End");
        b.wait_for("viewing === null && state.fen === live.fen");
        assert!(b.label("f3").contains("white knight"));
        b.pick("b1");
        // A reload brings the clock game back, its Clock box showing its setting.
        b.reload();
        b.wait_for("!!state.clock && document.querySelectorAll('.sq').length === 64");
        assert_eq!(b.eval("$('tc').value"), "1+0");
        assert_eq!(b.eval("$('tc').placeholder"), "none");
    });
}
