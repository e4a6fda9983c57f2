//! XBoard through the `baton` binary.

use baton_testkit::Baton;

use baton_engine::{parse_move, Game, Variant};

/// A started Baton past the handshake, sent `then`.
fn handshake(then: &[&str]) -> Baton {
    let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
    let (features, _) = b.script(&["xboard", "protover 2"], "feature ");
    assert!(features.contains("done=1"));
    assert!(features.contains("knightmate"));
    b.send_all(then);
    b
}

fn ping(b: &mut Baton, n: u32) -> Vec<String> {
    b.ask(&format!("ping {n}"), &format!("pong {n}")).1
}

#[test]
fn new_variant_usermove_go() {
    let mut b = handshake(&[]);
    let (mv, _) = b.script(
        &["new", "variant knightmate", "sd 2", "usermove e2e4"],
        "move ",
    );
    let reply = mv.trim_start_matches("move ");
    let mut g = Game::startpos(Variant::Knightmate);
    g.play_text("e2e4").expect("legal");
    g.play_text(reply).expect("engine reply legal");

    // Engine plays the side to move after `go`.
    b.send_all(&["force", "usermove d2d4"]);
    g.play_text("d2d4").expect("legal");
    let (mv, _) = b.ask("go", "move ");
    let m = mv.trim_start_matches("move ");
    assert!(parse_move(g.position(), m).is_ok(), "{mv}");
    assert!(b.close());
}

#[test]
fn bad_input_through_xboard() {
    let mut b = handshake(&[
        "new",
        "force",
        "usermove e2e4",
        "usermove e2e4",
        "usermove a9a10",
        "setboard not a fen",
        "time lots",
        "blorp",
        "variant nosuchvariant",
    ]);
    b.send_bytes(b"\xff\xfe\xfd\n");
    let before = ping(&mut b, 1);
    let illegal: Vec<_> = before
        .iter()
        .filter(|l| l.starts_with("Illegal move: "))
        .collect();
    assert_eq!(illegal.len(), 2, "{before:?}");
    let errors = before.iter().filter(|l| l.starts_with("Error (")).count();
    assert_eq!(errors, 5, "{before:?}");
    // The last good position stands: black's reply to e2e4 is legal.
    b.send("usermove e7e5");
    let before = ping(&mut b, 2);
    assert!(
        before.iter().all(|l| !l.starts_with("Illegal")),
        "{before:?}"
    );
    assert!(b.close());
}

#[test]
fn quit_exits_cleanly() {
    let b = handshake(&["new", "analyze", "quit"]);
    assert!(b.close());
}

#[test]
fn memory_the_machine_cannot_give_is_refused_and_the_game_goes_on() {
    let mut b = handshake(&["memory 60000"]);
    let lines = ping(&mut b, 1);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (cannot allocate 60000 MB for the hash; keeping")),
        "{lines:?}"
    );
    b.send("new");
    b.send("go");
    let (mv, _) = b.until("move ");
    assert!(mv.starts_with("move "), "{mv}");
    assert!(b.close());
}

#[test]
fn san_moves_are_read_though_coordinates_are_announced() {
    let mut b = handshake(&[]);
    let (features, _) = b.script(&["protover 2"], "feature ");
    assert!(features.contains("san=0"), "{features}");
    // Knightmate's royal knight is K, as in Fairy-Stockfish's SAN.
    b.send_all(&["new", "variant knightmate", "force"]);
    let mut g = Game::startpos(Variant::Knightmate);
    for (san, coordinates) in [
        ("e4", "e2e4"),
        ("e5", "e7e5"),
        ("Kf3", "e1f3"),
        ("Kf6+", "e8f6"),
    ] {
        b.send(&format!("usermove {san}"));
        g.play_text(coordinates).expect("legal");
    }
    // A text that fits two moves, or none, is refused and changes nothing.
    let (refused, before) = b.ask("usermove Qd9", "Illegal move");
    assert_eq!(refused, "Illegal move: Qd9", "{before:?}");
    assert!(
        !before.iter().any(|l| l.starts_with("Illegal")),
        "{before:?}"
    );
    let (mv, _) = b.ask("go", "move ");
    let m = mv.trim_start_matches("move ");
    assert!(
        parse_move(g.position(), m).is_ok(),
        "{mv} after {:?}",
        g.moves()
    );
    assert!(b.close());
}
