//! Clocks on the browser board, in a real browser (headless Chromium). The server keeps
//! them: a flag falls with nobody asking (the page hears it on its stream) and ends
//! the game with its reason, or in a draw where the opponent cannot win; Baton plays
//! under a clock; undo pauses the clocks and gives back the time. No test measures
//! time: each waits for an outcome. Skipped, saying so, where Chromium is not
//! installed (under CI=true that fails).

use baton_testkit::browser::{on_board_page, Browser};
use serde_json::json;

const TEST: &str = "clocks on the browser board";
const BATON: &str = env!("CARGO_BIN_EXE_baton");

/// Runs `check` on a page showing chess (from `fen`) with `mode`'s players and the
/// clocks set to `tc` as a person sets them, once the game has them (`on_board_page`:
/// without Chromium the test skips).
fn clocked(fen: Option<&str>, mode: &str, tc: &str, check: impl FnOnce(&mut Browser)) {
    on_board_page(TEST, BATON, "chess", fen, mode, |b| {
        b.set_control("tc", tc);
        b.wait_for("!!state.clock");
        check(b);
    });
}

#[test]
fn a_flag_falls_and_the_page_says_who_lost_on_time() {
    clocked(None, "human-human", "1s+0", |b| {
        b.wait_for("state.clock.white_ms === 1000 && state.clock.black_ms === 1000");
        // Both clocks are shown.
        assert_eq!(b.text_of("clock-white"), "White 0:01.0");
        assert_eq!(b.text_of("clock-black"), "Black 0:01.0");
        b.keep_screenshot("clocks");
        // The first move starts the clocks; Black's runs out while nobody acts.
        b.click_move("e2", "e4", 1);
        b.wait_for("state.clock.running === 'black'");
        b.wait_for("!!state.outcome");
        assert_eq!(b.eval("state.outcome.result"), "1-0");
        assert_eq!(b.eval("state.outcome.reason"), "Black lost on time");
        assert_eq!(b.eval("state.clock.black_ms"), 0);
        assert_eq!(b.eval("state.clock.running"), json!(null));
        assert_eq!(b.text_of("status"), "1-0: White wins (Black lost on time)");
        assert_eq!(b.text_of("clock-black"), "Black 0:00.0");
        b.keep_screenshot("flag-fall");
        b.viewport(390, 844);
        b.keep_screenshot("flag-fall-390");
        // The game is over: no move is taken.
        let refused = b.eval(
            "api('POST', '/api/move', { move: 'e7e5' }).then(() => 'played', (e) => e.message)",
        );
        assert!(
            refused
                .as_str()
                .unwrap_or("")
                .contains("Black lost on time"),
            "{refused}"
        );
        let pgn = b.eval("fetchText('/api/pgn')");
        assert!(
            pgn.as_str()
                .unwrap_or("")
                .contains("[Termination \"Black lost on time\"]"),
            "{pgn}"
        );
    });
}

#[test]
fn a_flag_fall_is_a_draw_when_the_opponent_cannot_win() {
    // Black has a lone king: when White's time runs out, Black cannot win.
    let fen = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";
    clocked(Some(fen), "human-human", "1s+0", |b| {
        b.click_move("e8", "e7", 1);
        b.wait_for("!!state.outcome");
        assert_eq!(b.eval("state.outcome.result"), "1/2-1/2");
        assert_eq!(
            b.text_of("status"),
            "1/2-1/2: Draw (White ran out of time, but Black cannot win)"
        );
    });
}

#[test]
fn baton_plays_under_a_clock() {
    // Ten seconds and a tenth a move: Baton's time management keeps its moves short.
    clocked(None, "human-baton", "10s+0.1", |b| {
        b.click_move("e2", "e4", 1);
        b.wait_for("state.moves_played === 2 && !state.outcome");
        b.click_move("d2", "d4", 3);
        b.wait_for("state.moves_played === 4");
        // Baton's clock was charged for its thinking and given its increments; it runs
        // again only on its turn.
        let c = b.eval("api('GET', '/api/state').then((s) => s.clock)");
        assert_eq!(c["running"], "white", "{c}");
        let black = c["black_ms"].as_u64().unwrap_or(0);
        assert!((1..10_200).contains(&black), "{c}");
        assert_eq!(b.eval("state.outcome"), json!(null));
    });
}

#[test]
fn the_clocks_pause_on_undo_and_give_the_time_back() {
    clocked(None, "human-human", "15+10", |b| {
        b.click_move("e2", "e4", 1);
        b.click_move("e7", "e5", 2);
        b.wait_for("state.clock.running === 'white'");
        let after_one = b.eval("api('GET', '/api/state').then((s) => s.clock)");
        b.click("#undo");
        b.wait_for("state.moves_played === 1");
        // Paused, at the times Black had when it was to move.
        let c = b.eval("api('GET', '/api/state').then((s) => s.clock)");
        assert_eq!(c["running"], json!(null), "{c}");
        assert_eq!(c["white_ms"], 15 * 60_000 + 10_000, "{c}");
        assert_eq!(c["black_ms"], 15 * 60_000, "{c}");
        assert_ne!(c, after_one);
        // Still paused after more events (the flip's, a person's click on Flip); the
        // next move starts them again. Only an event with the flip counts: the undo's
        // own event may come after this listener (events are 100 ms apart), and the
        // board turned by a late flip event would move c5 under the next click.
        b.eval(
            "window.seen = 0; events.addEventListener('state', \
             (e) => { if (JSON.parse(e.data).settings.flipped) window.seen++; })",
        );
        b.click("#flip");
        b.wait_for("window.seen >= 1 && flipped");
        assert_eq!(b.eval("state.clock.running"), json!(null));
        b.click_move("c7", "c5", 2);
        b.wait_for("state.clock.running === 'white'");
    });
}
