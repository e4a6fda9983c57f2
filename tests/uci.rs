//! UCI through the `baton` binary: the handshake, positions, search, perft and every
//! class of bad input.

mod common;
use common::Baton;

use std::time::{Duration, Instant};

use baton_engine::{parse_move, Game, Variant};

fn handshake() -> Baton {
    let mut b = Baton::start();
    b.send("uci");
    b.until("uciok");
    b
}

fn fen(b: &mut Baton) -> String {
    b.send("d");
    let (line, _) = b.until("Fen: ");
    line.trim_start_matches("Fen: ").to_string()
}

fn error(b: &mut Baton) -> String {
    b.send("isready");
    let (_, before) = b.until("readyok");
    before
        .into_iter()
        .find(|l| l.starts_with("info string error: "))
        .unwrap_or_else(|| panic!("no error line"))
}

#[test]
fn variant_option_lists_cute_chess_names() {
    let mut b = Baton::start();
    b.send("uci");
    let (_, before) = b.until("uciok");
    let combo = before
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .expect("UCI_Variant");
    for name in ["chess", "knightmate", "knightrelay"] {
        assert!(combo.split_whitespace().any(|w| w == name), "{name}");
    }
    assert!(b.close());
}

#[test]
fn position_moves_and_depth_1_search() {
    let mut b = handshake();
    b.send("position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(
        fen(&mut b),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    b.send("go depth 1");
    let (best, _) = b.until("bestmove ");
    let m = best.split_whitespace().nth(1).expect("move");
    let mut g = Game::startpos(Variant::Chess);
    for t in ["e2e4", "e7e5", "g1f3"] {
        g.play_text(t).expect("legal");
    }
    assert!(parse_move(g.position(), m).is_ok(), "{best}");
    assert!(b.close());
}

#[test]
fn go_perft_3() {
    let mut b = handshake();
    b.send("setoption name UCI_Variant value knightmate");
    b.send("position startpos");
    b.send("go perft 3");
    let (total, rows) = b.until("Nodes searched: ");
    assert_eq!(rows.iter().filter(|r| r.contains(": ")).count(), 18);
    let sum: u64 = rows
        .iter()
        .filter_map(|r| r.split(": ").nth(1)?.parse::<u64>().ok())
        .sum();
    assert_eq!(total, format!("Nodes searched: {sum}"));
    assert!(b.close());
}

#[test]
fn stop_interrupts_a_long_perft() {
    let mut b = handshake();
    b.send("position startpos");
    b.send("go perft 9");
    std::thread::sleep(Duration::from_millis(300));
    b.send("stop");
    b.until("info string perft stopped");
    // The engine is still there, on the same position.
    b.send("go perft 1");
    b.until("Nodes searched: 20");
    assert!(b.close());
}

#[test]
fn stop_is_obeyed_quickly() {
    let mut b = handshake();
    b.send("position startpos");
    b.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    b.send("stop");
    b.until("bestmove ");
    assert!(
        t.elapsed() < Duration::from_millis(200),
        "{:?}",
        t.elapsed()
    );
    assert!(b.close());
}

#[test]
fn ponder_then_ponderhit() {
    let mut b = handshake();
    b.send("setoption name Ponder value true");
    b.send("position startpos moves e2e4");
    b.send("go ponder wtime 1000 btime 1000");
    b.send("isready");
    b.until("readyok");
    b.send("ponderhit");
    b.until("bestmove ");
    assert!(b.close());
}

#[test]
fn bad_input_every_class_keeps_the_position() {
    let mut b = handshake();
    b.send("position startpos moves e2e4");
    let good = fen(&mut b);

    b.send("xyzzy");
    assert!(error(&mut b).contains("unknown command"));
    b.send("position fen rnbqkbnr/pppppppp/8 w KQ");
    assert!(error(&mut b).contains("FEN"));
    b.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    error(&mut b);
    b.send("position startpos moves e2e4 e2e4");
    assert!(error(&mut b).contains("e2e4"));
    b.send("position startpos moves e2e5");
    error(&mut b);
    b.send("setoption name Bogus value 1");
    assert!(error(&mut b).contains("unknown option"));
    b.send("setoption name Hash value -5");
    assert!(error(&mut b).contains("out of range"));
    b.send("setoption name MultiPV value 100000");
    error(&mut b);
    b.send("setoption name UCI_Variant value atomic");
    error(&mut b);
    b.send_bytes(b"\xde\xad\xbe\xef\x00\xff position \x01\x02\n");
    error(&mut b);
    assert_eq!(fen(&mut b), good);

    // go with wild numbers still answers with a legal move.
    b.send("go depth 300 wtime -1000 nodes -1");
    let (best, before) = b.until("bestmove ");
    assert!(before.iter().filter(|l| l.contains("error")).count() >= 3);
    let mut g = Game::startpos(Variant::Chess);
    g.play_text("e2e4").expect("legal");
    let m = best.split_whitespace().nth(1).expect("move");
    assert!(parse_move(g.position(), m).is_ok(), "{best}");
    assert_eq!(fen(&mut b), good);
    assert!(b.close());
}

#[test]
fn quit_exits_cleanly() {
    let mut b = handshake();
    b.send("go infinite");
    b.send("quit");
    assert!(b.close());
}

#[test]
fn a_hash_the_machine_cannot_give_is_refused_and_the_engine_plays_on() {
    // 65536 MB is inside the advertised range; it is refused where it is more than
    // half the machine's memory, which is every machine this runs on so far.
    let total_mb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m.lines().find(|l| l.starts_with("MemTotal:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map(|kb| kb / 1024);
    if total_mb.is_none_or(|t| t >= 2 * 65536) {
        eprintln!("skipped: this machine's memory ({total_mb:?} MB) could hold the hash");
        return;
    }
    let mut b = handshake();
    b.send("setoption name Hash value 65536");
    let e = error(&mut b);
    assert!(
        e.contains("cannot allocate 65536 MB for the hash; keeping 16 MB"),
        "{e}"
    );
    b.send("position startpos");
    b.send("go depth 3");
    let (best, _) = b.until("bestmove ");
    assert!(best.split_whitespace().nth(1).is_some(), "{best}");
    assert!(b.close());
}
