//! A game per page in a real browser (headless Chromium): two tabs keep two games, a
//! reload brings back the game with its players, limits, clock and orientation in
//! every mode, and a game the server no longer keeps says so and offers a new one.
//! Skipped, saying so, where Chromium is not installed (under CI=true that fails).

use baton_testkit::browser::{square, with_board_server, Browser};
use serde_json::{json, Value};

const TEST: &str = "a game per tab on the browser board";
const BATON: &str = env!("CARGO_BIN_EXE_baton");

/// What a reload must bring back: the game, its settings, and what the controls show.
fn kept(b: &mut Browser) -> Value {
    b.eval(
        "({ game: state.game, url: location.search, fen: state.fen, moves: state.moves_played, \
           settings: state.settings, clock: !!state.clock, mode: $('mode').value, \
           think: $('limit-kind').value + '=' + $('limit-value').value, tc: $('tc').value, \
           flipped, multipv: $('multipv').value })",
    )
}

#[test]
fn two_tabs_keep_two_games() {
    with_board_server(TEST, BATON, |server| {
        let mut a = Browser::open_board(server, "chess", None, "human-human");
        // A second tab of the same browser.
        let mut b = a.board_tab(server, "knightmate", None, "human-baton");
        let (ga, gb) = (a.eval("state.game"), b.eval("state.game"));
        assert_ne!(ga, gb);
        // Baton's limit and level are shown only where Baton plays.
        const BATON_CONTROLS: &str =
            "[$('baton-think').offsetParent !== null, $('baton-level').offsetParent !== null]";
        assert_eq!(a.eval(BATON_CONTROLS), json!([false, false]));
        assert_eq!(b.eval(BATON_CONTROLS), json!([true, true]));
        // On the clock Baton plays by its time left: its limit a move is not shown.
        b.set_control("tc", "15+10");
        b.wait_for("!!state.clock");
        assert_eq!(b.eval(BATON_CONTROLS), json!([false, true]));
        b.set_control("tc", "");
        b.wait_for("!state.clock");
        assert_eq!(b.eval(BATON_CONTROLS), json!([true, true]));
        a.click_move("e2", "e4", 1);
        // The second tab's game is untouched: its variant, no move, its players.
        let other = b.eval("api('GET', '/api/state')");
        assert_eq!(other["variant"], "knightmate");
        assert_eq!(other["moves_played"], 0);
        assert_eq!(other["baton_plays"]["black"], true);
        // And the second tab's changes leave the first alone.
        b.set_control("mode", "human-human");
        b.wait_for("!state.baton_plays.black");
        assert_eq!(b.eval(BATON_CONTROLS), json!([false, false]));
        let first = a.eval("api('GET', '/api/state')");
        assert_eq!(first["variant"], "chess");
        assert_eq!(first["moves_played"], 1);
        assert_eq!(first["baton_plays"]["white"], false);
        assert_eq!(first["game"], ga);
    });
}

#[test]
fn a_reload_brings_back_the_game_in_every_mode() {
    with_board_server(TEST, BATON, |server| {
        // One browser, a new page (a new game) for each mode.
        let mut b = Browser::open("about:blank");
        for mode in [
            "human-human",
            "human-baton",
            "baton-human",
            "baton-baton",
            "analysis",
        ] {
            let players = match mode {
                "analysis" | "baton-baton" => "human-human",
                _ => mode,
            };
            b.goto_board(server, "chess", None, players);
            // Baton thinks two plies deep, so that its moves come at once (one change:
            // two would be two requests, answered in either order).
            b.set_controls(&[("limit-kind", "depth"), ("limit-value", "2")]);
            b.wait_for("state.settings.think.depth === 2");
            match mode {
                "baton-human" => b.wait_for("state.moves_played === 1"),
                "human-baton" => {
                    // Baton's two-ply reply may come before a wait for one move would
                    // look: wait for the reply alone.
                    b.pick("e2");
                    b.click(&square("e4"));
                    b.wait_for("state.moves_played === 2");
                }
                "baton-baton" => {
                    // Ten hours each on the clock: Baton thinks on its move for the whole
                    // test, so the game stands still around the reload.
                    b.click_move("d2", "d4", 1);
                    b.set_control("tc", "600+0");
                    b.wait_for("!!state.clock");
                    b.set_control("mode", "baton-baton");
                    b.wait_for(
                        "state.baton_plays.white && state.baton_plays.black && state.searching",
                    );
                }
                _ => b.click_move("d2", "d4", 1),
            }
            if mode == "baton-baton" {
                // The clock is set above.
            } else if mode == "analysis" {
                b.click("#analyse");
                b.wait_for(
                "state.settings.analysis && document.querySelectorAll('#lines div b').length > 0",
            );
            } else {
                b.set_control("tc", "15+10");
                b.wait_for("!!state.clock");
            }
            // Turned (a person playing Black already sees it so).
            if mode == "baton-human" {
                assert_eq!(b.eval("state.settings.flipped"), json!(true));
            } else {
                b.click("#flip");
            }
            b.wait_for("state.settings.flipped");
            let before = kept(&mut b);
            b.reload();
            b.wait_for("document.querySelectorAll('.sq').length === 64");
            let after = kept(&mut b);
            assert_eq!(after, before, "{mode}");
            assert!(
                before["url"].as_str().unwrap_or("").contains("game="),
                "{before}"
            );
            if mode == "baton-baton" {
                // Baton goes on thinking on its clock.
                b.wait_for("state.searching && state.baton_to_move");
            }
            if mode == "analysis" {
                // The analysis goes on, for this position.
                b.wait_for("document.querySelectorAll('#lines div b').length > 0 && state.search.fen === state.fen");
            }
            // The board is drawn turned, as it was.
            let corner = b.eval("document.querySelector('.sq').dataset.sq");
            assert_eq!(corner, "h1", "{mode}");
        }
    });
}

#[test]
fn a_game_no_longer_kept_says_so_and_offers_a_new_one() {
    with_board_server(TEST, BATON, |server| {
        // An id the server does not keep: as a page finds its game after a day away.
        let mut b = Browser::open(&format!("{}&game=00112233aabbccdd", server.url()));
        b.wait_for("document.getElementById('gone') && !document.getElementById('gone').classList.contains('hidden')");
        let text = b.eval("document.getElementById('gone-text').textContent");
        assert!(
            text.as_str().unwrap_or("").contains("no longer kept"),
            "{text}"
        );
        b.keep_screenshot("game-gone");
        b.click("#gone-new");
        b.wait_for(
            "state && state.game && document.getElementById('gone').classList.contains('hidden')",
        );
        let url = b.eval("location.search");
        let game = b.eval("state.game");
        assert!(
            url.as_str()
                .unwrap_or("")
                .contains(&format!("game={}", game.as_str().unwrap_or("?"))),
            "{url}"
        );
        b.click_move("e2", "e4", 1);
    });
}
