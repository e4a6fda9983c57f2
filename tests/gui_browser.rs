//! The browser board in a real browser: headless Chromium loads the page from
//! `baton gui`, which draws the board of every variant from the API. Skipped, saying
//! so, where Chromium is not installed (`.ci/run` installs it).

use baton_engine::Variant;
use baton_testkit::browser::{with_board_server, Browser};

// The page keeps a stream of events open, so it is driven over DevTools (a DOM dump
// waits for the network to go quiet, which a live page never does).
#[test]
fn the_page_draws_every_variant_at_its_size() {
    with_board_server(
        "the browser board's page",
        env!("CARGO_BIN_EXE_baton"),
        |server| {
            let url = server.url();
            let mut b = Browser::open("about:blank");
            for v in Variant::ALL {
                let t = v.geometry().tables();
                let page = format!("{url}&variant={}&mode=human-human", v.name());
                b.call("Page.navigate", serde_json::json!({ "url": page }));
                b.wait_for(&format!(
                    "typeof state === 'object' && state && state.variant === '{}' && \
             document.querySelectorAll('.sq').length === state.width * state.height",
                    v.name()
                ));
                let squares = b.eval("document.querySelectorAll('[data-sq]').length");
                assert_eq!(squares, usize::from(t.width) * usize::from(t.height), "{v}");
                b.wait_for(
                    "document.getElementById('status').textContent.includes('White to move')",
                );
                if v.has_neutral_pieces() {
                    // Neutral pieces are drawn in their own colours, not as either side's.
                    let html = b.eval("document.getElementById('board').innerHTML");
                    assert!(
                        html.as_str().is_some_and(|h| h.contains("#2a9d8f")),
                        "{v}: stones"
                    );
                }
            }
        },
    );
}
