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

/// A board server and one game on it, as a page has, two people at the board.
struct Server {
    _gui: GuiServer,
    addr: String,
    token: String,
    game: String,
}

fn start() -> Server {
    let gui = GuiServer::start(env!("CARGO_BIN_EXE_baton"));
    let (addr, token) = (gui.addr.clone(), gui.token.clone());
    let host = format!("Host: {addr}");
    let with_token = format!("X-Baton-Token: {token}");
    let (status, text) = raw(
        &addr,
        "POST",
        "/api/games",
        &[&host, &with_token],
        br#"{"settings":{"white":"human","black":"human"}}"#,
    );
    assert_eq!(status, 200, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let game = v["game"].as_str().expect("a game id").to_string();
    Server {
        _gui: gui,
        addr,
        token,
        game,
    }
}

/// One request from the board's own page (its Host, token and game); the status and
/// the body.
fn request(s: &Server, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let host = format!("Host: {}", s.addr);
    let token = format!("X-Baton-Token: {}", s.token);
    let game = format!("X-Baton-Game: {}", s.game);
    raw(&s.addr, method, path, &[&host, &token, &game], body)
}

/// One request with exactly the header lines given; the status and the body.
fn raw(addr: &str, method: &str, path: &str, headers: &[&str], body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    for h in headers {
        head += &format!("{h}\r\n");
    }
    head += &format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
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
        let (fens, _) = baton_engine::Profile::of(v).bench;
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
fn the_variants_come_with_one_list_of_levels() {
    let s = start();
    let (status, v) = json(&s, "GET", "/api/variants", "");
    assert_eq!(status, 200, "{v}");
    // Every variant once, in Baton's order, without levels of its own.
    let variants = v["variants"].as_array().expect("variants");
    let names: Vec<&str> = variants.iter().filter_map(|x| x["name"].as_str()).collect();
    let want: Vec<&str> = Variant::ALL.iter().map(|x| x.name()).collect();
    assert_eq!(names, want, "{v}");
    for x in variants {
        assert_eq!(x.get("levels"), None, "{x}");
    }
    // The levels once, from the one table, each with its strength on UCI_Elo's scale.
    let levels: Vec<serde_json::Value> = baton_protocol::levels::LEVELS
        .iter()
        .map(|l| serde_json::json!({ "level": l.number, "elo": l.elo }))
        .collect();
    assert_eq!(v["levels"], serde_json::json!(levels), "{v}");
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
    // The move list and the saved game are SAN (docs/san.md).
    let start = baton_engine::Position::startpos(Variant::StonesRelays);
    let first = baton_engine::parse_move(&start, "g1f3,d5d4").expect("legal");
    let san = baton_engine::san::format_san(&start, first);
    assert!(pgn.contains(&format!("1. {san} ")), "{san}: {pgn}");
    for tag in [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "PlyCount",
    ] {
        assert!(pgn.contains(&format!("[{tag} ")), "{tag}: {pgn}");
    }
    // The PGN loads back, and stepping shows its positions.
    let (status, state) = json(&s, "POST", "/api/pgn", &pgn);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["review"]["at"], 2);
    let (status, state) = json(&s, "POST", "/api/step", r#"{"at":1}"#);
    assert_eq!(status, 200);
    assert_eq!(state["side"], "black");
    // Saved while stepping, the loaded game is still whole, with its tags (the standard's
    // seven first, the others by name).
    let (_, saved) = request(&s, "GET", "/api/pgn", b"");
    let sorted = |t: &str| {
        let mut lines: Vec<String> = t.lines().map(String::from).collect();
        lines.sort();
        lines
    };
    assert_eq!(sorted(&saved), sorted(&pgn), "{saved}");
    assert!(saved.starts_with("[Event "), "{saved}");
    let (status, state) = json(&s, "POST", "/api/undo", "");
    assert_eq!(status, 200);
    assert_eq!(state["moves_played"], 0);
}

#[test]
fn a_standard_san_pgn_loads_and_saves_whole() {
    let s = start();
    let text = "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"2026.12.06\"]\n[Round \"1\"]\n\
                [White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Annotator \"C\"]\n\n\
                1. e4 e5 2. Qh5 {a comment} Nc6 $1 (2... g6) 3. Bc4 *\n";
    let (status, state) = json(&s, "POST", "/api/pgn", text);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["review"]["at"], 5);
    assert_eq!(state["variant"], "chess");
    let (status, _) = json(&s, "POST", "/api/step", r#"{"at":2}"#);
    assert_eq!(status, 200);
    let (_, saved) = request(&s, "GET", "/api/pgn", b"");
    assert!(saved.contains("[Annotator \"C\"]"), "{saved}");
    assert!(saved.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 *"), "{saved}");
    // A game whose move does not read is refused, naming the move, and changes nothing.
    let (status, body) = json(&s, "POST", "/api/pgn", "1. e4 e5 2. Qh6 *\n");
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap_or("").contains("Qh6"),
        "{body}"
    );
    let (_, saved_again) = request(&s, "GET", "/api/pgn", b"");
    assert_eq!(saved_again, saved);
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
        .write_all(
            b"POST /api/pgn HTTP/1.1\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n",
        )
        .expect("send");
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    // Garbled request lines.
    for junk in [&b"GARBAGE\r\n\r\n"[..], b"\xff\xfe\r\n\r\n"] {
        let mut stream = TcpStream::connect(&s.addr).expect("connect");
        stream.write_all(junk).expect("send");
        let mut text = String::new();
        let _ = stream.read_to_string(&mut text);
        assert!(text.starts_with("HTTP/1.1 400"), "{text}");
    }
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
        ("/board.js", "function renderBoard()"),
        ("/style.css", "#board"),
    ] {
        let (status, body) = request(&s, "GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(marker), "{path}");
    }
}

#[test]
fn idle_slow_and_garbage_connections_never_lock_the_page_out() {
    let s = start();
    // Connections that never send a byte, more than the browser's six per host and more
    // than the 32 that used to make every request answer "busy".
    let idle: Vec<TcpStream> = (0..40)
        .map(|_| TcpStream::connect(&s.addr).expect("connect"))
        .collect();
    // A slow client sending half a request, and garbage.
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
    // The board still answers a person, every time, while they stay open.
    for _ in 0..5 {
        let (status, body) = request(&s, "GET", "/api/state", b"");
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"fen\""), "{body}");
    }
    drop(idle);
    drop(slow);
}

#[test]
fn refusals_are_short_and_bad_paths_are_not_found() {
    let s = start();
    // A 4 MB junk PGN: refused in a few words, not echoed back.
    let junk = "1. zz9zz9 ".repeat(400_000);
    assert!(junk.len() <= 4 * 1024 * 1024);
    let (status, text) = request(&s, "POST", "/api/pgn", junk.as_bytes());
    assert_eq!(status, 400, "{}", &text[..text.len().min(300)]);
    assert!(text.len() < 300, "{} bytes: {}", text.len(), &text[..300]);
    // A long bad path is not quoted whole either.
    let long = format!("/{}", "x".repeat(5000));
    for (method, path, want) in [
        ("GET", "/api/nothing", 404),
        ("POST", "/api/nothing", 404),
        ("GET", long.as_str(), 404),
        ("GET", "/api/new", 405),
        ("PUT", "/api/move", 405),
    ] {
        let (status, text) = request(&s, method, path, b"");
        assert_eq!(
            status,
            want,
            "{method} {}: {text}",
            &path[..path.len().min(40)]
        );
        assert!(text.len() < 200, "{text}");
    }
}

#[test]
fn only_the_boards_own_page_may_use_the_api() {
    let s = start();
    let host = format!("Host: {}", s.addr);
    let token = format!("X-Baton-Token: {}", s.token);
    let port = s.addr.rsplit(':').next().expect("port");
    let rebind = format!("Host: rebind.example:{port}");
    let other_port = format!("Host: 127.0.0.1:{}", port.parse::<u32>().expect("port") + 1);
    let new_knightmate = br#"{"variant":"knightmate"}"#;
    // Each refused request, reading or changing the game: 403 with a short reason.
    let refused: [(&str, &str, Vec<&str>); 12] = [
        // No token, a wrong one, a token for the page but none for the API.
        ("GET", "/api/state", vec![&host]),
        (
            "GET",
            "/api/state",
            vec![&host, "X-Baton-Token: 00000000000000000000000000000000"],
        ),
        ("POST", "/api/new", vec![&host]),
        ("GET", "/", vec![&host]),
        // DNS rebinding: another name for this machine, or another port.
        ("GET", "/api/state", vec![&rebind, &token]),
        ("POST", "/api/new", vec![&rebind, &token]),
        ("GET", "/api/state", vec![&other_port, &token]),
        ("GET", "/api/state", vec![&token]),
        // Another site's page, even one that knew the token.
        (
            "POST",
            "/api/new",
            vec![&host, &token, "Origin: http://evil.example"],
        ),
        (
            "GET",
            "/api/state",
            vec![&host, &token, "Origin: http://evil.example"],
        ),
        (
            "POST",
            "/api/new",
            vec![&host, &token, "Sec-Fetch-Site: cross-site"],
        ),
        // A CORS preflight.
        (
            "OPTIONS",
            "/api/new",
            vec![
                &host,
                "Origin: http://evil.example",
                "Access-Control-Request-Method: POST",
                "Access-Control-Request-Headers: x-baton-token",
            ],
        ),
    ];
    for (method, path, headers) in &refused {
        let (status, text) = raw(&s.addr, method, path, headers, new_knightmate);
        assert_eq!(status, 403, "{method} {path} {headers:?}: {text}");
        assert!(text.len() < 200, "a long refusal: {text}");
        assert!(
            !text.contains("\"fen\""),
            "{method} {path} {headers:?}: {text}"
        );
        let v: serde_json::Value = serde_json::from_str(&text).expect("json error");
        assert!(!v["error"].as_str().unwrap_or("").is_empty(), "{text}");
    }
    // The preflight's refusal allows nothing.
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .write_all(
            format!("OPTIONS /api/new HTTP/1.1\r\n{host}\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .expect("send");
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 403"), "{text}");
    assert!(
        !text.to_ascii_lowercase().contains("access-control-allow"),
        "{text}"
    );
    // None of them changed the game.
    let (_, state) = json(&s, "GET", "/api/state", "");
    assert_eq!(state["variant"], "chess");
    // The page itself, and its own requests (same origin, the token) are served.
    let page_path = format!("/?token={}", s.token);
    let (status, page) = raw(&s.addr, "GET", &page_path, &[&host], b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Baton board</title>"));
    let own = format!("Origin: http://{}", s.addr);
    let game = format!("X-Baton-Game: {}", s.game);
    for h in [&host, &format!("Host: localhost:{port}")] {
        let (status, text) = raw(
            &s.addr,
            "POST",
            "/api/new",
            &[h, &token, &game, &own, "Sec-Fetch-Site: same-origin"],
            new_knightmate,
        );
        assert_eq!(status, 200, "{h}: {text}");
    }
    let (_, state) = json(&s, "GET", "/api/state", "");
    assert_eq!(state["variant"], "knightmate");
}

#[test]
fn binding_beyond_loopback_warns_and_still_wants_the_token() {
    use std::io::BufRead;
    /// The server, ended even when the test fails.
    struct Ended(std::process::Child);
    impl Drop for Ended {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut child = Ended(
        Command::new(env!("CARGO_BIN_EXE_baton"))
            .args(["gui", "--no-open", "--port", "0", "--bind", "0.0.0.0"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("start baton gui"),
    );
    let mut warning = String::new();
    std::io::BufReader::new(child.0.stderr.take().expect("stderr"))
        .read_line(&mut warning)
        .expect("read the warning");
    let mut line = String::new();
    std::io::BufReader::new(child.0.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("read the address");
    assert!(
        warning.starts_with("warning: --bind 0.0.0.0 serves the board beyond this machine"),
        "{warning}"
    );
    assert!(warning.contains("token is still required"), "{warning}");
    let (addr, token) = line
        .trim()
        .split("http://")
        .nth(1)
        .and_then(|u| u.split_once("/?token="))
        .unwrap_or_else(|| panic!("no address with a token: {line}"));
    let port = addr.rsplit(':').next().expect("port");
    let local = format!("127.0.0.1:{port}");
    let host = format!("Host: {local}");
    let (status, text) = raw(&local, "GET", "/api/variants", &[&host], b"");
    assert_eq!(status, 403, "{text}");
    let with_token = format!("X-Baton-Token: {token}");
    let (status, text) = raw(&local, "GET", "/api/variants", &[&host, &with_token], b"");
    assert_eq!(status, 200, "{text}");
}
