//! One CPU budget for all the board's games, in a real browser (headless Chromium):
//! two tabs both playing Baton on a server that runs one search at a time; the second
//! tab's Baton waits, saying so, until the first's search ends. Skipped, saying so,
//! where Chromium is not installed (under CI=true that fails).

use baton_testkit::browser::{Browser, CHROMIUM};
use baton_testkit::GuiServer;
use serde_json::json;

#[test]
fn two_tabs_against_baton_take_turns_for_the_one_core() {
    if !baton_testkit::installed("the board's shared search budget", &[CHROMIUM]) {
        return;
    }
    let server = GuiServer::start_with(env!("CARGO_BIN_EXE_baton"), &["--searches", "1"]);
    // Both tabs start with two people, Baton given a minute a move: nothing searches.
    let mut tabs = Vec::new();
    for _ in 0..2 {
        let mut t = Browser::open_board(&server, "chess", None, "human-human");
        t.set_control("limit-kind", "movetime");
        t.set_control("limit-value", "60000");
        t.wait_for("state.settings.think.movetime === 60000");
        tabs.push(t);
    }
    let (mut a, mut b) = (tabs.remove(0), tabs.remove(0));
    // The first tab gives Baton White: its search takes the one core.
    a.set_control("mode", "baton-human");
    a.wait_for("state.searching");
    // The second does the same: its Baton waits, and its page says why.
    b.set_control("mode", "baton-human");
    b.wait_for("state.waiting && $('status').textContent.includes(\"Baton waits for another game's search\")");
    assert_eq!(b.eval("state.searching"), json!(false));
    assert_eq!(a.eval("state.waiting"), json!(null));
    // The first tab's Stop makes its Baton move at once; the core goes to the second.
    a.click("#stop");
    a.wait_for("state.moves_played === 1");
    b.wait_for("state.searching && !state.waiting");
    assert!(b.text_of("status").contains("Baton is thinking"));
    // Its own Stop plays its move; nothing waits any more.
    b.click("#stop");
    b.wait_for("state.moves_played === 1 && !state.waiting");
    assert_eq!(a.eval("state.waiting"), json!(null));
}
