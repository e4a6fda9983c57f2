//! One CPU budget for all the board's games, in a real browser (headless Chromium), on
//! a server that runs one search at a time (`--searches 1`), with three tabs:
//! - games waiting for the core are served in the order they asked, each page saying
//!   that its Baton waits;
//! - a waiting Baton's clock does not run (it waits for the machine, not its opponent)
//!   and runs again once its search starts;
//! - a game's move comes before an analysis: the analysis pauses (saying so, its lines
//!   kept) and goes on by itself when the move is played; so does an `/api/go` search
//!   that plays nothing;
//! - a closed tab's analysis stops (its game stays, and its analysis goes on when the
//!   game is opened again), while a reloaded tab's goes on.
//!
//! Skipped, saying so, where Chromium is not installed (under CI=true that fails).

use std::time::{Duration, Instant};

use baton_testkit::browser::{with_board_server_using, Browser};
use baton_testkit::GuiServer;
use serde_json::{json, Value};

/// A tab on `server` (of `browser`'s, or of a new browser) with two people at the board
/// and Baton given an hour a move, so that only Stop ends its searches.
fn tab(server: &GuiServer, browser: Option<&Browser>) -> Browser {
    let mut t = match browser {
        Some(b) => b.board_tab(server, "chess", None, "human-human"),
        None => Browser::open_board(server, "chess", None, "human-human"),
    };
    t.set_control("limit-value", "3600000");
    t.wait_for("state.settings.think.movetime === 3600000");
    t
}

/// `t`'s Baton searches, holding the core.
const SEARCHING: &str = "state.searching && !state.waiting";

/// Runs `check` with a board server with one core for all its searches (`--searches
/// 1`): `with_board_server`, which skips the test (or fails it under CI) where there is
/// no Chromium.
fn one_core_server(test: &str, check: impl FnOnce(&GuiServer)) {
    with_board_server_using(
        test,
        env!("CARGO_BIN_EXE_baton"),
        &["--searches", "1"],
        check,
    );
}

/// Waits until the tab's search is paused for another game's, and checks that its page
/// says so in `words`.
fn paused_saying(b: &mut Browser, words: &str) {
    b.wait_for("!!state.waiting && !state.searching");
    let status = b.text_of("status");
    assert!(status.contains(words), "{status}");
}

#[test]
fn tabs_take_turns_for_the_one_core_in_order_and_a_move_comes_before_an_analysis() {
    one_core_server("the board's shared search budget", |server| {
        // Three tabs of one browser.
        let mut a = tab(server, None);
        let (mut b, mut c) = (tab(server, Some(&a)), tab(server, Some(&a)));

        // ---- First come, first served; a waiting Baton's clock stops ----
        // The first tab gives Baton White: its search takes the one core.
        a.set_control("mode", "baton-human");
        a.wait_for(SEARCHING);
        // The second plays Baton on an hour's clock: after the person's move Baton (Black)
        // waits, its page says why, and its clock is stopped at its full hour.
        b.set_control("tc", "60+0");
        b.wait_for("!!state.clock");
        b.set_control("mode", "human-baton");
        b.wait_for("state.baton_plays.black");
        b.click_move("e2", "e4", 1);
        b.wait_for(
        "state.waiting && $('status').textContent.includes(\"Baton waits for another game's search\")",
    );
        let clock = b.eval("api('GET', '/api/state').then((s) => s.clock)");
        assert_eq!(clock["running"], json!(null), "{clock}");
        assert_eq!(clock["black_ms"], 3_600_000, "{clock}");
        assert_eq!(b.eval("state.searching"), json!(false));
        b.keep_screenshot("waiting-for-a-core");
        // The third asks after it.
        c.set_control("mode", "baton-human");
        c.wait_for("!!state.waiting");
        assert_eq!(a.eval("state.waiting"), json!(null));
        // The first tab's Stop makes its Baton move at once; the core goes to the second
        // tab, which asked first, and its Baton's clock runs again.
        a.click("#stop");
        a.wait_for("state.moves_played === 1");
        b.wait_for(SEARCHING);
        b.wait_for("state.clock.running === 'black'");
        assert!(b.text_of("status").contains("Baton is thinking"));
        assert!(c.eval("state.waiting").is_string());
        assert_eq!(c.eval("state.searching"), json!(false));
        // Its own Stop plays its move; then the third tab's turn.
        b.click("#stop");
        b.wait_for("state.moves_played === 2 && !state.waiting");
        c.wait_for(SEARCHING);
        c.click("#stop");
        c.wait_for("state.moves_played === 1 && !state.waiting && !state.searching");

        // ---- A game's move comes before an analysis ----
        // The first tab analyses: its analysis holds the core for as long as it goes on.
        a.set_control("mode", "human-human");
        a.wait_for("!state.baton_plays.white");
        a.click("#analyse");
        a.wait_for("state.searching && document.querySelectorAll('#lines div b').length > 0");
        // In the third tab the person moves: Baton's reply takes the core at once, and the
        // analysis pauses, saying so, its lines still shown.
        c.click_move("e7", "e5", 2);
        c.wait_for(SEARCHING);
        a.wait_for("state.settings.analysis");
        paused_saying(&mut a, "the analysis waits");
        assert!(a
            .eval("document.querySelectorAll('#lines div b').length")
            .as_u64()
            .is_some_and(|n| n > 0));
        a.keep_screenshot("analysis-paused");
        // Baton's move played, the analysis goes on by itself.
        c.click("#stop");
        c.wait_for("state.moves_played === 3");
        a.wait_for(SEARCHING);
        assert_eq!(a.eval("state.settings.analysis"), json!(true));
        assert_eq!(c.eval("state.waiting"), json!(null));
    });
}

/// The server's state of the game `id` (not necessarily `b`'s own), asked from `b`'s page.
fn state_of(b: &mut Browser, id: &str) -> Value {
    b.eval(&format!(
        "fetch('/api/state', {{ headers: {{ 'X-Baton-Token': TOKEN, 'X-Baton-Game': {} }} }}) \
         .then((r) => r.json())",
        json!(id)
    ))
}

/// Waits until the game `id`'s state `s` makes `test` (JavaScript over `s`) true, asked
/// from `b`'s page; the state then. The 30 s limit only ends a hung test.
fn until_state(b: &mut Browser, id: &str, test: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let s = state_of(b, id);
        let holds = b.eval(&format!("((s) => !!({test}))({s})"));
        if holds == json!(true) {
            return s;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {test}: {s}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_closed_tabs_analysis_stops_and_a_reloaded_tabs_goes_on() {
    one_core_server("the board's analysis of a closed tab", |server| {
        let mut a = Browser::open_board(server, "chess", None, "human-human");
        let first = a.text("state.game");

        // ---- A reload keeps the analysis: the same search goes on ----
        a.click("#analyse");
        a.wait_for(
            "state.searching && state.search.lines.length && state.search.lines[0].time_ms > 1500",
        );
        let searched = a.eval("state.search.lines[0].time_ms");
        a.reload();
        // The page's first state after the reload: a search started again would have
        // forgotten its lines (and its time starts from nothing).
        let again = a.eval(&format!(
            "state.game === {} && state.settings.analysis && state.search.lines.length > 0 \
         && state.search.lines[0].time_ms >= {searched}",
            json!(first)
        ));
        assert_eq!(again, json!(true), "{}", a.eval("state"));
        a.wait_for("state.searching && !state.waiting");

        // ---- Two tabs analyse on the one core; one is closed ----
        let mut b = a.board_tab(server, "knightmate", None, "human-human");
        let second = b.text("state.game");
        b.click("#analyse");
        b.wait_for("state.settings.analysis && (state.searching || !!state.waiting)");
        a.close();
        // Once its page has been gone for the grace period, the closed tab's analysis
        // stops and leaves the line: the other runs alone, holding the core.
        let closed = until_state(
            &mut b,
            &first,
            "s.page_closed && !s.searching && !s.waiting",
        );
        // The game stays, its analysis asked for (it goes on when the game is shown again).
        assert_eq!(closed["settings"]["analysis"], json!(true), "{closed}");
        assert_eq!(closed["variant"], json!("chess"), "{closed}");
        b.wait_for("state.searching && !state.waiting");
        let alone = state_of(&mut b, &first);
        assert_eq!(alone["searching"], json!(false), "{alone}");
        assert_eq!(b.eval("state.game"), json!(second));

        // ---- The closed game opened again: its analysis goes on ----
        let mut reopened = b.tab(&format!("{}&game={first}", server.url()));
        reopened.wait_for(&format!(
        "typeof state === 'object' && state && state.game === {} && !state.page_closed && state.settings.analysis \
         && (state.searching || !!state.waiting)",
        json!(first)
    ));
    });
}

#[test]
fn an_api_search_paused_for_a_move_goes_on_by_itself() {
    one_core_server("the board's paused API search", |server| {
        let mut a = tab(server, None);
        let mut b = tab(server, Some(&a));
        // A search by depth that plays nothing ends by its limits, and is not started again.
        a.eval("api('POST', '/api/go', { depth: 1 }).then(setState)");
        a.wait_for("!state.searching && !!state.search.best");
        assert_eq!(a.eval("state.waiting"), json!(null));
        // One with no limit holds the core.
        a.eval("api('POST', '/api/go', { infinite: true }).then(setState)");
        a.wait_for(SEARCHING);
        // The other tab's Baton (Black) takes the core for its move: the search pauses,
        // and its page says why.
        b.set_control("mode", "human-baton");
        b.wait_for("state.baton_plays.black");
        b.click_move("e2", "e4", 1);
        b.wait_for(SEARCHING);
        paused_saying(&mut a, "the search waits");
        // The move played, the search goes on by itself.
        b.click("#stop");
        b.wait_for("state.moves_played === 2");
        a.wait_for(SEARCHING);
        // Stop ends it for good.
        a.click("#stop");
        a.wait_for("!state.searching && !state.waiting");
        assert_eq!(
            state_of(&mut b, &a.text("state.game"))["searching"],
            json!(false)
        );
    });
}
