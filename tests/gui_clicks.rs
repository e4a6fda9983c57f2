//! The browser board played with the mouse in a real browser (headless Chromium driven
//! over the DevTools protocol): picks, targets, clicks and drags, a promotion chooser,
//! two-part turns (a stonesrelays neutral move, a flip) entered step by step, each move
//! checked against the server's game. Skipped, saying so, where Chromium is not
//! installed (`.ci/run` installs it).

use baton_testkit::browser::{on_board_page, square as sq, with_board_server, Browser};

/// Runs `check` on a page in Chromium showing `variant` (at `fen`), two people at the
/// board; without Chromium the test skips (fails under CI).
fn on_board(variant: &str, fen: Option<&str>, check: impl FnOnce(&mut Browser)) {
    on_board_page(TEST, BATON, variant, fen, "human-human", check);
}

const TEST: &str = "clicks on the browser board";
const BATON: &str = env!("CARGO_BIN_EXE_baton");

#[test]
fn a_click_shows_the_targets_and_a_second_click_or_a_drag_moves() {
    on_board("chess", None, |b| {
        b.pick("e2");
        assert_eq!(b.marked("target"), ["e3", "e4"]);
        assert_eq!(b.marked("picked"), ["e2"]);
        b.click(&sq("e4"));
        assert_eq!(b.played(1), "e2e4");
        // A click on a square the piece cannot reach picks nothing and plays nothing.
        b.click(&sq("g8"));
        b.wait_for("document.querySelectorAll('.sq.target').length === 2");
        b.click(&sq("g5"));
        b.wait_for("document.querySelectorAll('.sq.target').length === 0");
        assert_eq!(b.played(1), "e2e4");
        // Dragging the knight.
        b.drag(&sq("g8"), &sq("f6"));
        assert_eq!(b.played(2), "g8f6");
        assert_eq!(b.marked("last"), ["f6", "g8"]);
    });
}

#[test]
fn a_promotion_offers_the_pieces_and_plays_the_one_chosen() {
    on_board("chess", Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), |b| {
        b.click(&sq("a7"));
        b.wait_for("document.querySelectorAll('.sq.target').length === 1");
        b.click(&sq("a8"));
        b.wait_for("document.querySelectorAll('#step button[data-promo]').length === 4");
        b.click("#step button[data-promo=\"n\"]");
        assert_eq!(b.played(1), "a7a8n");
        assert_eq!(b.label("a8"), "a8, white knight");
    });
}

#[test]
fn a_stonesrelays_turn_is_entered_as_a_piece_move_then_a_neutral_move() {
    on_board("stonesrelays", None, |b| {
        // Second part: the neutral pieces that can move are marked.
        b.click_first_part("g1", "f3");
        assert!(b
            .eval("document.querySelector('#step').textContent")
            .as_str()
            .is_some_and(|t| t.contains("neutral")));
        let from2 = b.marked("target2");
        assert!(
            from2
                .iter()
                .all(|s| ["b4", "b5", "b6", "g5", "d5", "e5"].contains(&s.as_str())),
            "{from2:?}"
        );
        let pick = from2[0].clone();
        b.click(&sq(&pick));
        // Then where it goes (or, with one way only, the turn is played at once).
        b.wait_for(&format!(
            "state.moves_played === 1 || (document.querySelectorAll('.sq.target2').length > 0 \
             && !document.querySelector('.sq.target2[data-sq=\"{pick}\"]'))"
        ));
        if b.eval("state.moves_played").as_u64() == Some(0) {
            let to2 = b.marked("target2")[0].clone();
            b.click(&sq(&to2));
        }
        let last = b.played(1);
        assert!(last.starts_with(&format!("g1f3,{pick}")), "{last}");
        // A turn without a neutral move, where the rules allow one: the step bar's button.
        b.pick("g9");
        b.click(&sq("h7"));
        b.press("#no-second");
        assert_eq!(b.played(2), "g9h7");
    });
}

#[test]
fn a_flip_turn_is_entered_as_a_move_then_the_piece_to_flip() {
    on_board("flipshatranj8", None, |b| {
        b.pick("b1");
        let to = b.marked("target")[0].clone();
        b.click(&sq(&to));
        b.wait_for("document.querySelectorAll('.sq.target2').length > 0");
        let flip = b.marked("target2")[0].clone();
        b.click(&sq(&flip));
        let last = b.played(1);
        assert!(last.starts_with(&format!("b1{to},{flip}{flip}")), "{last}");
    });
}

#[test]
fn the_page_plays_while_forty_idle_connections_stay_open() {
    with_board_server(TEST, BATON, |server| {
        let idle: Vec<std::net::TcpStream> = (0..40)
            .map(|_| std::net::TcpStream::connect(&server.addr).expect("connect"))
            .collect();
        let mut b = Browser::open_board(server, "chess", None, "human-human");
        b.pick("e2");
        b.click(&sq("e4"));
        assert_eq!(b.played(1), "e2e4");
        drop(idle);
    });
}
