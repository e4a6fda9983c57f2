//! XBoard through the `baton` binary.

use baton_testkit::{lines_with, Baton};

use baton_engine::{format_san, parse_san, Game, Variant};

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
    // In knightmate Baton asked for SAN, and answers in SAN.
    let reply = mv.trim_start_matches("move ");
    let mut g = Game::startpos(Variant::Knightmate);
    g.play_text("e2e4").expect("legal");
    play_engine_san(&mut g, reply);

    // Engine plays the side to move after `go`.
    b.send_all(&["force", "usermove d2d4"]);
    g.play_text("d2d4").expect("legal");
    let (mv, _) = b.ask("go", "move ");
    play_engine_san(&mut g, mv.trim_start_matches("move "));
    assert!(b.close());
}

/// Plays the engine's move `text` on `g`, checking that it is the move's own SAN.
fn play_engine_san(g: &mut Game, text: &str) {
    let m = parse_san(g.position(), text).expect("the engine's move is legal");
    assert_eq!(format_san(g.position(), m), text, "not the move's SAN");
    g.play(m);
}

#[test]
fn san_is_asked_for_in_chess_and_knightmate_and_coordinates_elsewhere() {
    let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
    let (features, _) = b.script(&["xboard", "protover 2"], "feature ");
    assert!(features.contains(" san=1 "), "{features}");
    // Knightrelay: XBoard's SAN is not Baton's there (docs/san.md).
    b.send("variant knightrelay");
    assert_eq!(
        lines_with(&ping(&mut b, 1), "feature san="),
        ["feature san=0"]
    );
    b.send_all(&["force", "usermove e2e4", "usermove e7e5"]);
    let (mv, _) = b.ask("go", "move ");
    let mut g = Game::startpos(Variant::KnightRelay);
    g.play_text("e2e4").expect("legal");
    g.play_text("e7e5").expect("legal");
    g.play_text(mv.trim_start_matches("move "))
        .expect("coordinates in knightrelay");
    // `new` is chess again: SAN; knightmate keeps it, so nothing more is said.
    b.send("new");
    assert_eq!(
        lines_with(&ping(&mut b, 2), "feature san="),
        ["feature san=1"]
    );
    b.send("variant knightmate");
    assert_eq!(
        lines_with(&ping(&mut b, 3), "feature san="),
        Vec::<&str>::new()
    );
    b.send_all(&["force", "usermove e4", "usermove e5"]);
    let (mv, _) = b.ask("go", "move ");
    let mut g = Game::startpos(Variant::Knightmate);
    g.play_text("e2e4").expect("legal");
    g.play_text("e7e5").expect("legal");
    play_engine_san(&mut g, mv.trim_start_matches("move "));
    // A variant XBoard cannot carry is told coordinates too.
    b.send("variant flipeight");
    assert_eq!(
        lines_with(&ping(&mut b, 4), "feature san="),
        ["feature san=0"]
    );
    assert!(b.close());
    // Protocol 1 (no `protover`) has no features: coordinates, and nothing said.
    let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
    b.send_all(&[
        "xboard",
        "new",
        "variant knightrelay",
        "new",
        "force",
        "usermove e2e4",
    ]);
    assert_eq!(
        lines_with(&ping(&mut b, 1), "feature san="),
        Vec::<&str>::new()
    );
    let (mv, _) = b.ask("go", "move ");
    let mut g = Game::startpos(Variant::Chess);
    g.play_text("e2e4").expect("legal");
    g.play_text(mv.trim_start_matches("move "))
        .expect("coordinates without protover");
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
fn san_and_coordinates_are_both_read() {
    let mut b = handshake(&[]);
    // Knightmate's royal knight is K, as in Fairy-Stockfish's SAN; coordinates are
    // read too.
    b.send_all(&["new", "variant knightmate", "force"]);
    let mut g = Game::startpos(Variant::Knightmate);
    for (sent, coordinates) in [
        ("e4", "e2e4"),
        ("e7e5", "e7e5"),
        ("Kf3", "e1f3"),
        ("Kf6+", "e8f6"),
    ] {
        b.send(&format!("usermove {sent}"));
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
    play_engine_san(&mut g, mv.trim_start_matches("move "));
    assert!(b.close());
}
