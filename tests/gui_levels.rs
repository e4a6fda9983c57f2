//! Levels on the browser board, in a real browser (headless Chromium): the Level menu
//! writes each level's strength beside it, from the server's one table; choosing a
//! level reaches the engine (Baton's next move is searched at that level). Skipped,
//! saying so, where Chromium is not installed (under CI=true that fails).

use baton_protocol::levels::LEVELS;
use baton_testkit::browser::{on_board_page, Browser};
use serde_json::{json, Value};

/// The Level menu's entries as the page shows them.
fn menu(b: &mut Browser) -> Value {
    b.eval("Array.from(document.querySelectorAll('#level option')).map(o => o.textContent)")
}

/// The menu the page should show: full strength, then every level of
/// `baton_protocol::levels` with its `UCI_Elo` value ("3 - 971").
fn expected_menu() -> Value {
    let mut entries = vec!["full strength".to_string()];
    entries.extend(LEVELS.iter().map(|l| format!("{} - {}", l.number, l.elo)));
    json!(entries)
}

#[test]
fn a_level_chosen_on_the_board_reaches_the_engine() {
    on_board_page(
        "levels on the browser board",
        env!("CARGO_BIN_EXE_baton"),
        "chess",
        None,
        "human-baton",
        |b| {
            // Each level with its strength on Baton's scale, as the server's table has it.
            b.wait_for("document.querySelectorAll('#level option').length > 1");
            assert_eq!(menu(b), expected_menu());
            b.set_control("level", "3");
            b.wait_for("state.settings.level === 3");
            b.click(".sq[data-sq=\"e2\"]");
            b.wait_for("document.querySelectorAll('.sq.target').length > 0");
            b.click(".sq[data-sq=\"e4\"]");
            b.wait_for("state.moves_played === 2");
            // Baton's move was searched at level 3.
            let s = b.eval("api('GET', '/api/state')");
            assert_eq!(s["engine_level"], 3, "{s}");
            b.keep_screenshot("level");
            // A reload shows the same level, with its value, and so does another
            // variant's menu (the scale is one for every variant).
            b.reload();
            b.wait_for("document.getElementById('level').value === '3'");
            let chosen = b.eval("document.getElementById('level').selectedOptions[0].textContent");
            assert_eq!(chosen, json!(format!("3 - {}", LEVELS[2].elo)));
            b.set_control("variant", "flipshatranj");
            b.wait_for("state.variant === 'flipshatranj'");
            assert_eq!(menu(b), expected_menu());
            // Back to full strength: the page's control reaches the game's settings.
            b.set_control("level", "");
            b.wait_for("state.settings.level === null");
            let bad = b.eval("api('POST', '/api/settings', { level: 9 }).catch(e => String(e))");
            assert!(
                bad.to_string().contains("level 9 out of range 1..8"),
                "{bad}"
            );
        },
    );
}
