//! Only the board's own page may use `baton gui`: a page from another site (here a
//! second local server on another port, opened in headless Chromium) tries to start a
//! game, play a move and read the game, and cannot; the board's own page in the same
//! browser can. Skipped, saying so, without Chromium (a failure under CI=true).

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;

use baton_testkit::browser::{with_board_server, Browser};
use serde_json::{json, Value};

const TEST: &str = "a page from another site and the board";
const BATON: &str = env!("CARGO_BIN_EXE_baton");

/// The other site's page: it attacks the board at `target` (`http://host:port`) as any
/// web page could, and records what came of it in `window.results`.
fn attack_page(target: &str) -> String {
    format!(
        r#"<!DOCTYPE html><html><body><p>another site</p><script>
const target = {target};
window.results = {{}};
(async () => {{
  const r = window.results;
  // Simple requests (no preflight): the browser sends them, the answers are opaque.
  for (const [path, body] of [["/api/new", '{{"variant":"knightmate"}}'], ["/api/move", '{{"move":"e2e4"}}'],
                              ["/api/option", '{{"name":"Threads","value":2}}']]) {{
    try {{ const x = await fetch(target + path, {{ method: "POST", mode: "no-cors", body }}); r[path] = x.type; }}
    catch (e) {{ r[path] = "blocked"; }}
  }}
  // With a guessed token header: needs a preflight, which is refused.
  try {{ await fetch(target + "/api/new", {{ method: "POST", headers: {{ "X-Baton-Token": "guess" }},
                                           body: '{{"variant":"knightmate"}}' }}); r.header = "answered"; }}
  catch (e) {{ r.header = "blocked"; }}
  // Reading the game.
  try {{ const x = await fetch(target + "/api/state"); r.read = await x.text(); }}
  catch (e) {{ r.read = "blocked"; }}
  try {{ const x = await fetch(target + "/api/pgn", {{ mode: "no-cors" }}); r.pgn = x.type + ":" + (await x.text()); }}
  catch (e) {{ r.pgn = "blocked"; }}
  r.done = true;
}})();
</script></body></html>"#,
        target = json!(target)
    )
}

/// Serves `page` to every request on a free local port; its address.
fn other_site(page: String) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("address").to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(&stream);
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                line.clear();
            }
            let mut out = &stream;
            let _ = write!(
                out,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
        }
    });
    format!("http://{addr}/")
}

/// The server's state, asked as the board's page asks.
fn state(b: &mut Browser) -> Value {
    b.eval("api('GET', '/api/state')")
}

#[test]
fn a_page_from_another_site_can_neither_change_nor_read_a_game() {
    with_board_server(TEST, BATON, |server| {
        let target = format!("http://{}", server.addr);
        let site = other_site(attack_page(&target));
        {
            let mut evil = Browser::open(&site);
            evil.wait_for("window.results && window.results.done");
            let r = evil.eval("window.results");
            // The browser sent the simple requests (it cannot stop those)...
            assert_eq!(r["/api/new"], "opaque", "{r}");
            assert_eq!(r["/api/move"], "opaque", "{r}");
            // ...but could not send the token's header, nor read anything.
            assert_eq!(r["header"], "blocked", "{r}");
            assert_eq!(r["read"], "blocked", "{r}");
            assert_eq!(r["pgn"], "opaque:", "{r}");
        }
        // The board's own page, in the same kind of browser, sees the game untouched and
        // can change it.
        let mut own = Browser::open(&format!("{}&mode=human-human", server.url()));
        own.wait_for("typeof state === 'object' && state !== null");
        let s = state(&mut own);
        assert_eq!(s["variant"], "chess", "{s}");
        assert_eq!(s["moves_played"], 0, "{s}");
        let s = own.eval("api('POST', '/api/move', { move: 'e2e4' })");
        assert_eq!(s["moves_played"], 1, "{s}");
        assert_eq!(state(&mut own)["last_move"], "e2e4");
    });
}

#[test]
fn the_page_without_its_token_is_refused_and_says_where_to_go() {
    with_board_server(TEST, BATON, |server| {
        let mut b = Browser::open(&format!("http://{}/", server.addr));
        b.wait_for("document.body && document.body.innerText.includes('token')");
        let text = b.eval("document.body.innerText");
        assert!(
            text.as_str().is_some_and(|t| t.contains("baton gui")),
            "{text}"
        );
        assert_eq!(b.eval("typeof state"), "undefined");
    });
}
