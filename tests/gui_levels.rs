//! Levels on the browser board, in a real browser (headless Chromium): choosing a
//! level reaches the engine (Baton's next move is searched at that level). Skipped, saying so, where Chromium is not installed
//! (under CI=true that fails).

use baton_testkit::browser::on_board_page;

#[test]
fn a_level_chosen_on_the_board_reaches_the_engine() {
    on_board_page(
        "levels on the browser board",
        env!("CARGO_BIN_EXE_baton"),
        "chess",
        None,
        "human-baton",
        |b| {
            b.eval(
                "(() => { const e = document.getElementById('level'); e.value = '3'; \
         e.dispatchEvent(new Event('change')); })()",
            );
            b.wait_for("state.settings.level === 3");
            b.click(".sq[data-sq=\"e2\"]");
            b.wait_for("document.querySelectorAll('.sq.target').length > 0");
            b.click(".sq[data-sq=\"e4\"]");
            b.wait_for("state.moves_played === 2");
            // Baton's move was searched at level 3.
            let s = b.eval("api('GET', '/api/state')");
            assert_eq!(s["engine_level"], 3, "{s}");
            // Back to full strength: the page's control reaches the game's settings.
            b.eval(
                "(() => { const e = document.getElementById('level'); e.value = ''; \
         e.dispatchEvent(new Event('change')); })()",
            );
            b.wait_for("state.settings.level === null");
            let bad = b.eval("api('POST', '/api/settings', { level: 9 }).catch(e => String(e))");
            assert!(
                bad.to_string().contains("level 9 out of range 1..8"),
                "{bad}"
            );
        },
    );
}
