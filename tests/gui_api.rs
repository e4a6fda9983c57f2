//! The browser board's API through the `baton gui` server: the moves it offers are
//! the engine's legal moves (as `baton perft V FEN 1` lists them), a game can be played
//! and taken back, and bad requests get a 4xx answer while the server keeps its state.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use baton_engine::Variant;
use baton_testkit::GuiServer;

type Server = GuiServer;

fn start() -> Server {
    GuiServer::start(env!("CARGO_BIN_EXE_baton"))
}

/// One request; the status and the body.
fn request(s: &Server, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
        s.addr,
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("send");
    stream.write_all(body).expect("send body");
    let mut text = String::new();
    if let Err(e) = stream.read_to_string(&mut text) {
        panic!("{method} {path}: {e}");
    }
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|x| x.1)
        .unwrap_or("")
        .to_string();
    (status, body)
}

fn json(s: &Server, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let (status, text) = request(s, method, path, body.as_bytes());
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    (status, v)
}

fn offered(s: &Server) -> BTreeSet<String> {
    let (status, v) = json(s, "GET", "/api/moves?prefix=", "");
    assert_eq!(status, 200);
    v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("text").to_string())
        .collect()
}

fn perft_moves(v: Variant, fen: &str) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_baton"))
        .args(["perft", v.name(), fen, "1"])
        .output()
        .expect("perft");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_suffix(": 1"))
        .map(str::to_string)
        .collect()
}

#[test]
fn offered_moves_are_the_legal_moves_in_every_variant() {
    let s = start();
    for v in Variant::ALL {
        let (fens, _) = v.facts().bench;
        for fen in fens.iter().take(3) {
            let body = serde_json::json!({ "variant": v.name(), "fen": fen }).to_string();
            let (status, state) = json(&s, "POST", "/api/new", &body);
            assert_eq!(status, 200, "{v} {fen}: {state}");
            assert_eq!(state["variant"], v.name());
            let want = perft_moves(v, fen);
            assert!(!want.is_empty(), "{v} {fen}");
            assert_eq!(offered(&s), want, "{v} {fen}");
        }
    }
}

#[test]
fn a_game_is_played_taken_back_and_saved() {
    let s = start();
    let (status, _) = json(&s, "POST", "/api/new", r#"{"variant":"stonesrelays"}"#);
    assert_eq!(status, 200);
    let (status, state) = json(&s, "POST", "/api/move", r#"{"move":"g1f3,d5d4"}"#);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["last_move"], "g1f3,d5d4");
    assert_eq!(state["side"], "black");
    // Baton answers at depth 2 and its move is played when the search ends.
    let (status, _) = json(&s, "POST", "/api/go", r#"{"depth":2,"play":true}"#);
    assert_eq!(status, 200);
    let deadline = Instant::now() + Duration::from_secs(30);
    let state = loop {
        let (_, st) = json(&s, "GET", "/api/state", "");
        if st["side"] == "white" {
            break st;
        }
        assert!(Instant::now() < deadline, "Baton never moved: {st}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(state["moves_played"], 2);
    let (_, pgn) = request(&s, "GET", "/api/pgn", b"");
    assert!(pgn.contains("[Variant \"stonesrelays\"]"), "{pgn}");
    assert!(pgn.contains("1. g1f3,d5d4 "), "{pgn}");
    // The PGN loads back, and stepping shows its positions.
    let (status, state) = json(&s, "POST", "/api/pgn", &pgn);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["review"]["at"], 2);
    let (status, state) = json(&s, "POST", "/api/step", r#"{"at":1}"#);
    assert_eq!(status, 200);
    assert_eq!(state["side"], "black");
    let (status, state) = json(&s, "POST", "/api/undo", "");
    assert_eq!(status, 200);
    assert_eq!(state["moves_played"], 0);
}

#[test]
fn the_end_of_a_game_comes_with_its_reason() {
    let s = start();
    // Fool's mate.
    let (_, _) = json(&s, "POST", "/api/new", r#"{"variant":"chess"}"#);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let (status, state) = json(&s, "POST", "/api/move", &format!(r#"{{"move":"{m}"}}"#));
        assert_eq!(status, 200, "{state}");
    }
    let (_, state) = json(&s, "GET", "/api/state", "");
    assert_eq!(state["outcome"]["result"], "0-1");
    assert_eq!(state["outcome"]["reason"], "checkmate");
    assert_eq!(state["check"][0], "e1");
    let (status, v) = json(&s, "POST", "/api/move", r#"{"move":"a2a3"}"#);
    assert_eq!(status, 400);
    assert!(v["error"].as_str().unwrap_or("").contains("over"), "{v}");
}

#[test]
fn bad_requests_are_refused_with_a_reason_and_change_nothing() {
    let s = start();
    let (_, before) = json(&s, "POST", "/api/new", r#"{"variant":"knightmate"}"#);
    let fen = before["fen"].clone();
    let refusals: [(&str, &str, &[u8], u16); 11] = [
        ("POST", "/api/move", b"not json", 400),
        ("POST", "/api/move", b"[1,2]", 400),
        ("POST", "/api/move", br#"{"move":"e2e5"}"#, 400),
        ("POST", "/api/move", br#"{"move":42}"#, 400),
        ("POST", "/api/new", br#"{"variant":"atomic"}"#, 400),
        (
            "POST",
            "/api/new",
            br#"{"variant":"chess","fen":"8/8/8 w - - 0 1"}"#,
            400,
        ),
        ("POST", "/api/go", br#"{"depth":0}"#, 400),
        ("POST", "/api/go", br#"{"movetime":-5}"#, 400),
        (
            "POST",
            "/api/option",
            br#"{"name":"Hash","value":"65536"}"#,
            400,
        ),
        ("DELETE", "/api/state", b"", 405),
        ("GET", "/nothing/here", b"", 404),
    ];
    for (method, path, body, want) in refusals {
        let (status, text) = request(&s, method, path, body);
        assert_eq!(
            status,
            want,
            "{method} {path} {:?}: {text}",
            String::from_utf8_lossy(body)
        );
        let v: serde_json::Value = serde_json::from_str(&text).expect("json error");
        assert!(!v["error"].as_str().unwrap_or("").is_empty(), "{text}");
    }
    // A body larger than the limit, announced but not sent.
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .write_all(b"POST /api/pgn HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n")
        .expect("send");
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    // A garbled request line.
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream.write_all(b"\xff\xfe\r\n\r\n").expect("send");
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 400"), "{text}");
    // Nothing changed.
    let (_, after) = json(&s, "GET", "/api/state", "");
    assert_eq!(after["fen"], fen);
    assert_eq!(after["variant"], "knightmate");
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let s = start();
    for (path, marker) in [
        ("/", "<title>Baton board</title>"),
        ("/app.js", "api(\"GET\", \"/api/variants\")"),
        ("/style.css", "#board"),
    ] {
        let (status, body) = request(&s, "GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(marker), "{path}");
    }
}

#[test]
fn many_idle_slow_and_garbage_connections_do_not_stop_the_board() {
    let s = start();
    // Connections that never send a byte, far more than the server serves at once.
    let idle: Vec<TcpStream> = (0..300)
        .filter_map(|_| TcpStream::connect(&s.addr).ok())
        .collect();
    assert!(idle.len() > 200, "only {} connections", idle.len());
    // They do not cost a thread each: the server serves a bounded number at once.
    std::thread::sleep(Duration::from_millis(1000));
    if let Ok(status) = std::fs::read_to_string(format!("/proc/{}/status", s.pid())) {
        let threads: usize = status
            .lines()
            .find_map(|l| l.strip_prefix("Threads:"))
            .and_then(|n| n.trim().parse().ok())
            .expect("Threads: in /proc/PID/status");
        assert!(threads <= 48, "{threads} threads for 300 idle connections");
    }
    // A slow client sending its request a byte at a time, and garbage.
    let mut slow = TcpStream::connect(&s.addr).expect("connect");
    slow.write_all(b"GET /api/st").expect("send");
    for junk in [
        &b"\x00\xff\xfe garbage\r\n\r\n"[..],
        b"GET\r\n\r\n",
        &[b'A'; 20_000],
    ] {
        let mut c = TcpStream::connect(&s.addr).expect("connect");
        let _ = c.write_all(junk);
    }
    // The board still answers a person: the idle connections hold every slot it
    // serves at once (each may take 10 s to send its request), so it says it is busy
    // rather than leaving the request unanswered.
    let (status, body) = request(&s, "GET", "/api/state", b"");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("the board is busy"), "{body}");
    // Once the idle ones are gone, it answers normally again.
    drop(idle);
    drop(slow);
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (status, body) = request(&s, "GET", "/api/state", b"");
        if status == 200 {
            assert!(body.contains("\"fen\""), "{body}");
            break;
        }
        assert_eq!(status, 503, "{body}");
        assert!(
            Instant::now() < deadline,
            "still busy after the idle connections closed"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}
