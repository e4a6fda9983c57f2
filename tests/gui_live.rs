//! Live search on the browser board, in a real browser (headless Chromium): the page
//! follows its game by server-sent events. Analysis goes on after a move (a line for
//! the new position) and after changing Lines; Stop on Baton's turn plays its move at
//! once; an error stays on screen while events come; scores are from White's side.
//! Skipped, saying so, where Chromium is not installed (under CI=true that fails).

use baton_testkit::browser::{on_board_page, Browser};
use serde_json::json;

const TEST: &str = "live search on the browser board";
const BATON: &str = env!("CARGO_BIN_EXE_baton");

/// Counts the stream's `state` events from now on, in `window.seen`.
fn count_events(b: &mut Browser) {
    b.eval("window.seen = 0; events.addEventListener('state', () => window.seen++)");
}

/// The analysis lines shown for the position on the board, waited for.
const LINES_FOR_BOARD: &str = "state.search.fen === state.fen \
     && state.search.lines.length > 0 && document.querySelectorAll('#lines div b').length > 0";

/// Runs `check` on a page showing chess (from `fen`), two people at the board,
/// analysing: Analyse clicked and its first line shown (`on_board_page`: without
/// Chromium the test skips).
fn analysing(fen: Option<&str>, check: impl FnOnce(&mut Browser)) {
    on_board_page(TEST, BATON, "chess", fen, "human-human", |b| {
        b.click("#analyse");
        b.wait_for(LINES_FOR_BOARD);
        check(b);
    });
}

#[test]
fn analysis_goes_on_after_a_move_and_after_changing_lines() {
    analysing(None, |b| {
        let start = b.eval("state.fen");
        // Every position drawn from now on is recorded; the state before the move is kept.
        b.eval(
            "window.drawn = []; const draw = render; \
         render = () => { drawn.push(state.moves_played); draw(); }; \
         window.before = JSON.stringify(live); true",
        );
        b.click_move("e2", "e4", 1);
        // The old line goes at once: the lines the page has are of the new position, if
        // it has any yet.
        let stale = b.eval("state.search.lines.length > 0 && state.search.fen !== state.fen");
        assert_eq!(stale, json!(false));
        b.wait_for(LINES_FOR_BOARD);
        assert_ne!(b.eval("state.search.fen"), start);
        // No old board was drawn after the move (events come ten times a second while
        // analysing; one taken just before the move may arrive after its answer)...
        assert_eq!(
            b.eval("drawn.every((n, i) => i === 0 || n >= drawn[i - 1]) && drawn.includes(1)"),
            json!(true),
            "{}",
            b.eval("JSON.stringify(drawn)")
        );
        // ... and a stream event older than the board shown is dropped, not drawn.
        b.eval("events.dispatchEvent(new MessageEvent('state', { data: before })); true");
        assert_eq!(b.eval("state.moves_played"), json!(1));
        assert!(b.label("e4").contains("white pawn"));
        // Its moves are SAN, and a black move comes first.
        let first = b.eval("state.search.lines[0].san[0]");
        let first = first.as_str().unwrap_or("");
        assert!(!first.is_empty() && !first.contains('7'), "{first}");
        // The line is shown numbered from the position searched, Black's move first:
        // "+0.20 1... e5 2. Nf3 ..." (once the line is two moves long).
        b.wait_for(&format!(
            "{LINES_FOR_BOARD} && state.search.lines[0].san.length >= 2"
        ));
        let shown = b.eval(
            "[state.search.lines[0].san.slice(0, 2).join(' 2. '), document.querySelector('#lines div').textContent]",
        );
        let (moves, text) = (
            shown[0].as_str().unwrap_or("?"),
            shown[1].as_str().unwrap_or(""),
        );
        assert!(text.contains(&format!(" 1... {moves} ")), "{text}");
        // Two lines: the analysis restarts with them.
        b.set_control("multipv", "2");
        b.wait_for(&format!(
            "{LINES_FOR_BOARD} && document.querySelectorAll('#lines div b').length === 2"
        ));
        b.keep_screenshot("analysis");
        b.viewport(390, 844);
        // The page laid out again for the phone's width before Stop is clicked, so the
        // click lands on the button where it is now.
        b.wait_for("window.innerWidth === 390");
        b.keep_screenshot("analysis-390");
        // Stop ends the analysis: the setting is off and nothing searches.
        b.click("#stop");
        b.wait_for("!state.settings.analysis && !state.searching");
    });
}

#[test]
fn stop_on_batons_turn_plays_its_move_at_once() {
    on_board_page(TEST, BATON, "chess", None, "human-baton", |b| {
        // Baton may think for an hour a move: only Stop brings its move within the test.
        b.set_control("limit-value", "3600000");
        b.wait_for("state.settings.think.movetime === 3600000");
        b.click_move("e2", "e4", 1);
        b.wait_for("state.baton_to_move && state.searching");
        b.click("#stop");
        b.wait_for("state.moves_played === 2");
        let s = b.eval("api('GET', '/api/state')");
        assert_eq!(s["moves_played"], 2, "{s}");
        assert_eq!(s["side"], "white");
        assert_eq!(s["searching"], false, "{s}");
    });
}

#[test]
fn an_error_stays_on_screen_while_the_stream_goes_on() {
    // Analysis keeps events coming.
    analysing(None, |b| {
        // Typed (an input event), so the events' redrawing keeps it.
        b.eval(
            "(() => { const f = document.getElementById('fen'); f.value = 'not a fen'; \
         f.dispatchEvent(new Event('input')); return true; })()",
        );
        b.click("#set-fen");
        b.wait_for("!document.getElementById('error').classList.contains('hidden')");
        let error = b.eval("document.getElementById('error-text').textContent");
        count_events(b);
        b.wait_for("window.seen >= 3");
        assert_eq!(
            b.eval("document.getElementById('error').classList.contains('hidden')"),
            json!(false)
        );
        assert_eq!(
            b.eval("document.getElementById('error-text').textContent"),
            error
        );
        assert!(
            error.as_str().unwrap_or("").starts_with("Refused: "),
            "{error}"
        );
        b.keep_screenshot("error");
        // Dismissed, it goes.
        b.click("#error-close");
        b.wait_for("document.getElementById('error').classList.contains('hidden')");
        // Shown again, it goes when the person acts again (a click on the board).
        b.click("#set-fen");
        b.wait_for("!document.getElementById('error').classList.contains('hidden')");
        b.click(".sq[data-sq=\"e2\"]");
        b.wait_for("document.getElementById('error').classList.contains('hidden')");
    });
}

#[test]
fn the_stream_carries_scores_from_whites_side() {
    // White a queen up, Black to move: good for White, bad for the side to move (and
    // no mate within the search's reach).
    let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    analysing(Some(fen), |b| {
        // The lines come on the stream, with no request for them (no polling).
        let asked =
        "performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).length";
        let before = b.eval(asked);
        count_events(b);
        b.wait_for(&format!(
            "{LINES_FOR_BOARD} && window.seen > 2 && state.search.lines[0].depth >= 6"
        ));
        assert_eq!(b.eval(asked), before);
        let score = b.eval("state.search.lines[0].score");
        assert!(score["cp"].as_i64().is_some_and(|cp| cp > 300), "{score}");
        let shown = b.eval("document.getElementById('evaltext').textContent");
        assert!(shown.as_str().unwrap_or("").starts_with('+'), "{shown}");
        let bar = b.eval("parseFloat(document.getElementById('evalfill').style.width)");
        assert!(bar.as_f64().is_some_and(|w| w > 50.0), "{bar}");
    });
}
