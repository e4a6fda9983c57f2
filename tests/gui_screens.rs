//! Screenshots of the browser board in headless Chromium, at a desktop's size
//! (1280x800) and a phone's (390x844), of every variant and its details. Each is
//! checked to be a PNG of the viewport's size; with `BATON_SCREENSHOTS=DIR` they are
//! also written there, which is how `docs/gui/` is refreshed:
//!
//!     BATON_SCREENSHOTS=docs/gui cargo test --release --test gui_screens
//!
//! Skipped, saying so, where Chromium is not installed (`.ci/run` installs it).

use baton_testkit::browser::{square as sq, with_board_server, Browser};

/// The width and height a PNG says it has.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let word = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (word(16), word(20))
}

/// Takes the screenshot `name` of `b`'s viewport (`width` x `height`), checks it and
/// keeps it where `BATON_SCREENSHOTS` says.
fn shot(b: &mut Browser, name: &str, width: u32, height: u32) {
    let png = b.screenshot();
    assert_eq!(png_size(&png), (width, height), "{name}");
    if let Ok(dir) = std::env::var("BATON_SCREENSHOTS") {
        let path = std::path::Path::new(&dir).join(format!("{name}.png"));
        std::fs::write(&path, &png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// Each shot: a name, the variant, a few moves, and a square to pick (then a target,
/// for a two-part turn's second step).
type Shot = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const SHOTS: &[Shot] = &[
    ("chess", "chess", &["e2e4", "e7e5", "g1f3"], &["b8"]),
    ("knightmate", "knightmate", &["e2e4", "e7e5"], &["e1"]),
    (
        "knightrelay",
        "knightrelay",
        &["g1f3", "b8c6", "e2e4"],
        &["c6"],
    ),
    (
        "combiningknightmare",
        "combiningknightmare",
        &["b1c3", "g8f6", "c3d5", "f6d5"],
        &[],
    ),
    ("stonesrelays", "stonesrelays", &[], &["d2"]),
    (
        "stonesrelays-two-part-turn",
        "stonesrelays",
        &[],
        &["g1", "f3", "b4"],
    ),
    (
        "stonesrelays-tunnel",
        "stonesrelays-tunnel",
        &["e2e4"],
        &["g9"],
    ),
    ("flipshatranj", "flipshatranj", &[], &["c1"]),
    ("flipshatranj8", "flipshatranj8", &[], &["b1"]),
    // A rook's way through the relays on a5 and e5 (the page's `fen` below).
    (
        "stonesrelays-relay-path",
        "stonesrelays",
        &[],
        &["a1", "e7"],
    ),
];

/// Where a shot starts from another position than the variant's start.
fn fen_of(name: &str) -> Option<&'static str> {
    (name == "stonesrelays-relay-path").then_some("7k/8/8/8/X3X3/8/8/7K/RN6 w - - 0 1")
}

#[test]
fn screenshots_of_every_variant_at_desktop_and_phone_size() {
    with_board_server(
        "the browser board's screenshots",
        env!("CARGO_BIN_EXE_baton"),
        |server| {
            // One browser, going from board to board (a browser's start costs seconds).
            let mut b = Browser::open("about:blank");
            for &(name, variant, moves, picks) in SHOTS {
                b.goto_board(server, variant, fen_of(name), "human-human");
                b.viewport(1280, 800);
                // Drawn again for the desktop's width (a phone's board came before):
                // a click must find its square where it is drawn.
                b.wait_for(
                    "window.innerWidth === 1280 \
                     && $('board').style.getPropertyValue('--sq') === squareSize() + 'px'",
                );
                // Each answer drawn as the page draws any state (a late stream event
                // from before the moves cannot draw the start position over them).
                b.play_through_api(moves);
                b.wait_for(&format!("state.moves_played === {}", moves.len()));
                b.eval("document.querySelector('details').open = true; true");
                for (i, square) in picks.iter().enumerate() {
                    b.click(&sq(square));
                    // The pick's targets, then the second part's.
                    let marks = if i == 0 {
                        ".sq.target, .sq.target2"
                    } else {
                        ".sq.target2"
                    };
                    b.wait_for(&format!("document.querySelectorAll('{marks}').length > 0"));
                }
                shot(&mut b, name, 1280, 800);
                if [
                    "chess",
                    "stonesrelays-two-part-turn",
                    "flipshatranj",
                    "combiningknightmare",
                ]
                .contains(&name)
                {
                    b.viewport(390, 844);
                    b.wait_for(
                        "document.querySelector('#board').getBoundingClientRect().right <= 390",
                    );
                    shot(&mut b, &format!("{name}-phone"), 390, 844);
                }
            }
        },
    );
}
