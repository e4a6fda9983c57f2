//! A real browser driven as a person would: headless Chromium over the DevTools
//! protocol on a pipe (`--remote-debugging-pipe`: JSON messages ended by a NUL byte on
//! the browser's file descriptors 3 and 4, here two named pipes), with mouse presses,
//! moves and releases at the page's coordinates. Only what the browser-board tests need.
//! A browser's start costs seconds: tests that need several pages open them as tabs of
//! one browser (`Browser::tab`), or go from page to page in one (`Browser::goto_board`).

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::GuiServer;

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// One page (a tab) in a headless Chromium; the browser ends when its last tab is
/// dropped.
pub struct Browser {
    conn: Arc<Mutex<Connection>>,
    session: String,
    /// The tab's target id (to close it).
    target: String,
}

/// The browser's process and its DevTools pipe, shared by its tabs.
struct Connection {
    child: Child,
    to_browser: File,
    replies: Receiver<Value>,
    next_id: u64,
    /// The tab in front (the session's id): input goes to it without waiting.
    front: String,
    /// Holds the fifos and the profile; removed when the browser is dropped.
    _dir: tempfile::TempDir,
}

impl Browser {
    /// Starts Chromium and opens `url` in a page. Chromium must be installed (ask
    /// `with_board_server` first): without it the browser's pipes would never open.
    pub fn open(url: &str) -> Browser {
        assert!(
            Path::new(CHROMIUM).exists(),
            "{CHROMIUM} is not installed (a browser test asks `with_board_server` first)"
        );
        // (Tabs in the background run at full speed, as the one in front does.)
        // One directory per browser: tests of one binary open browsers in parallel.
        let temp = tempfile::Builder::new()
            .prefix("baton-browser-")
            .tempdir()
            .expect("temp dir");
        let dir = temp.path();
        for fifo in ["in", "out"] {
            let ok = Command::new("mkfifo")
                .arg(dir.join(fifo))
                .status()
                .is_ok_and(|s| s.success());
            assert!(ok, "mkfifo");
        }
        // The shell opens fd 3 (the browser's input) then fd 4 (its output); each open
        // waits for our end, so we open them in the same order below.
        let child = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "exec {CHROMIUM} --headless --no-sandbox --disable-gpu --no-first-run \
                 --disable-background-networking --disable-component-update --disable-sync \
                 --disable-background-timer-throttling --disable-renderer-backgrounding \
                 --disable-backgrounding-occluded-windows \
                 --window-size=1200,900 --user-data-dir={profile} --remote-debugging-pipe \
                 about:blank 3<{dir}/in 4>{dir}/out",
                profile = dir.join("profile").display(),
                dir = dir.display()
            ))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("start chromium");
        let to_browser = File::options()
            .write(true)
            .open(dir.join("in"))
            .expect("open the browser's input");
        let from_browser = File::open(dir.join("out")).expect("open the browser's output");
        let (tx, replies) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(from_browser);
            loop {
                let mut buf = Vec::new();
                match reader.read_until(0, &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                buf.pop();
                if let Ok(v) = serde_json::from_slice::<Value>(&buf) {
                    if tx.send(v).is_err() {
                        break;
                    }
                }
            }
        });
        let browser = Browser {
            conn: Arc::new(Mutex::new(Connection {
                child,
                to_browser,
                replies,
                next_id: 0,
                front: String::new(),
                _dir: temp,
            })),
            session: String::new(),
            target: String::new(),
        };
        browser.tab(url)
    }

    /// A new tab of this browser, showing `url`.
    pub fn tab(&self, url: &str) -> Browser {
        let mut b = Browser {
            conn: Arc::clone(&self.conn),
            session: String::new(),
            target: String::new(),
        };
        let target = b.call("Target.createTarget", json!({ "url": url }));
        let id = target["targetId"].as_str().expect("targetId").to_string();
        b.target = id.clone();
        let attached = b.call(
            "Target.attachToTarget",
            json!({ "targetId": id, "flatten": true }),
        );
        b.session = attached["sessionId"]
            .as_str()
            .expect("sessionId")
            .to_string();
        b.bring_to_front();
        b
    }

    /// Closes this tab, as a person does (its page goes; the browser's other tabs stay).
    pub fn close(self) {
        let mut browser = Browser {
            conn: Arc::clone(&self.conn),
            session: String::new(),
            target: String::new(),
        };
        browser.call("Target.closeTarget", json!({ "targetId": self.target }));
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        if conn.front == self.session {
            conn.front.clear();
        }
    }

    /// Brings this tab to the front, where it is not: a tab behind others gets its mouse,
    /// touch and key events only seconds later (it draws no frames to take them in).
    fn bring_to_front(&mut self) {
        let behind = {
            let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
            conn.front != self.session
        };
        if behind {
            self.call("Page.bringToFront", json!({}));
            let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
            conn.front = self.session.clone();
        }
    }

    /// This tab goes to `url` (the page it showed is gone once this returns: an old
    /// page's script never answers for the new one).
    pub fn goto(&mut self, url: &str) {
        self.eval("window.__leaving = true");
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for_new_page("!window.__leaving");
    }

    /// Waits (10 s at most) until `ready` is true in the page that replaces this one.
    fn wait_for_new_page(&mut self, ready: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            // While the old page goes, its context may be gone: that is not an answer.
            let r = self.try_call(
                "Runtime.evaluate",
                json!({ "expression": ready, "returnByValue": true }),
            );
            if r.is_ok_and(|v| v["result"]["value"] == json!(true)) {
                return;
            }
            assert!(Instant::now() < deadline, "the page did not come: {ready}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// The board page of `server`, its address followed by `query` (`&variant=...`),
    /// once its game is drawn.
    pub fn board(server: &GuiServer, query: &str) -> Browser {
        let mut b = Browser::open(&format!("{}{query}", server.url()));
        b.wait_for_board();
        b
    }

    /// Waits until the page's game is drawn.
    fn wait_for_board(&mut self) {
        self.wait_for(
            "typeof state === 'object' && state && state.game \
             && document.querySelectorAll('.sq').length === state.width * state.height",
        );
    }

    /// Writes a screenshot to `$BATON_SCREENSHOTS/name.png` where that is set (the
    /// pictures in docs/gui/ are made so).
    pub fn keep_screenshot(&mut self, name: &str) {
        if let Ok(dir) = std::env::var("BATON_SCREENSHOTS") {
            let png = self.screenshot();
            std::fs::write(Path::new(&dir).join(format!("{name}.png")), png)
                .expect("write the screenshot");
        }
    }

    /// Sends a DevTools command (to the page once attached) and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// Reloads the page and waits until its script has a `state` again.
    pub fn reload(&mut self) {
        self.eval("window.__reloading = true");
        self.call("Page.reload", json!({}));
        self.wait_for_new_page("!window.__reloading && typeof state === 'object' && !!state");
    }

    /// The page's viewport, `width` x `height` CSS pixels (a phone below 600: its
    /// `meta viewport` obeyed, touch events on).
    pub fn viewport(&mut self, width: u32, height: u32) {
        let phone = width < 600;
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone }),
        );
        self.call(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": phone, "maxTouchPoints": 1 }),
        );
    }

    /// A DevTools command's result, or its error.
    pub fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        conn.next_id += 1;
        let id = conn.next_id;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&msg).expect("json");
        bytes.push(0);
        conn.to_browser
            .write_all(&bytes)
            .expect("write to chromium");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let reply = crate::process::next_before(&conn.replies, deadline)
                .unwrap_or_else(|| panic!("no reply to {method}"));
            if reply["id"] == json!(id) {
                if let Some(e) = reply.get("error") {
                    return Err(e.clone());
                }
                return Ok(reply["result"].clone());
            }
        }
    }

    /// The value of a JavaScript expression in the page (promises awaited).
    pub fn eval(&mut self, expr: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expr, "returnByValue": true, "awaitPromise": true }),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expr}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Waits (10 s at most) until `expr` is true in the page.
    pub fn wait_for(&mut self, expr: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.eval(&format!("!!({expr})")) != json!(true) {
            assert!(Instant::now() < deadline, "timed out waiting for {expr}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// The centre of the element `selector`, in page coordinates.
    pub fn centre(&mut self, selector: &str) -> (f64, f64) {
        let r = self.eval(&format!(
            "(() => {{ const e = document.querySelector({sel}); if (!e) return null; \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            sel = json!(selector)
        ));
        let x = r[0]
            .as_f64()
            .unwrap_or_else(|| panic!("no element {selector}"));
        let y = r[1]
            .as_f64()
            .unwrap_or_else(|| panic!("no element {selector}"));
        (x, y)
    }

    /// A mouse event (`mouseMoved`, `mousePressed`, `mouseReleased`) at `(x, y)`, the
    /// left button held.
    pub fn mouse(&mut self, kind: &str, (x, y): (f64, f64)) {
        self.bring_to_front();
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1 }),
        );
    }

    /// A click (press and release) on the element `selector`.
    pub fn click(&mut self, selector: &str) {
        let at = self.centre(selector);
        self.mouse("mouseMoved", at);
        self.mouse("mousePressed", at);
        self.mouse("mouseReleased", at);
    }

    /// Clicks the button `selector` once the page shows it (the step bar's buttons come
    /// with the part of a turn they follow).
    pub fn press(&mut self, selector: &str) {
        self.wait_for(&format!("document.querySelector({})", json!(selector)));
        self.click(selector);
    }

    /// A drag from one element to another: press, move in steps, release.
    pub fn drag(&mut self, from: &str, to: &str) {
        let a = self.centre(from);
        let b = self.centre(to);
        self.mouse("mouseMoved", a);
        self.mouse("mousePressed", a);
        for k in 1..=5 {
            let t = f64::from(k) / 5.0;
            self.mouse("mouseMoved", (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
        }
        self.mouse("mouseReleased", b);
    }

    fn touch(&mut self, kind: &str, points: &[(f64, f64)]) {
        self.bring_to_front();
        let points: Vec<Value> = points
            .iter()
            .map(|&(x, y)| json!({ "x": x, "y": y }))
            .collect();
        self.call(
            "Input.dispatchTouchEvent",
            json!({ "type": kind, "touchPoints": points }),
        );
    }

    /// A finger's tap on the element `selector`.
    pub fn tap(&mut self, selector: &str) {
        let at = self.centre(selector);
        self.touch("touchStart", &[at]);
        self.touch("touchEnd", &[]);
    }

    /// A finger dragged from one element to another.
    pub fn touch_drag(&mut self, from: &str, to: &str) {
        let a = self.centre(from);
        let b = self.centre(to);
        self.touch("touchStart", &[a]);
        for k in 1..=5 {
            let t = f64::from(k) / 5.0;
            self.touch(
                "touchMove",
                &[(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)],
            );
        }
        self.touch("touchEnd", &[]);
    }

    /// A key pressed and released on whatever has the focus: `key` as the DOM names it
    /// ("Enter", "Escape", "ArrowLeft", "Tab", " ", "a").
    pub fn key(&mut self, key: &str) {
        self.bring_to_front();
        let (code, vk, text) = match key {
            "Enter" => ("Enter", 13, "\r"),
            "Escape" => ("Escape", 27, ""),
            "Tab" => ("Tab", 9, ""),
            " " => ("Space", 32, " "),
            "ArrowLeft" => ("ArrowLeft", 37, ""),
            "ArrowUp" => ("ArrowUp", 38, ""),
            "ArrowRight" => ("ArrowRight", 39, ""),
            "ArrowDown" => ("ArrowDown", 40, ""),
            "End" => ("End", 35, ""),
            "Home" => ("Home", 36, ""),
            other => (other, 0, other),
        };
        let mut down =
            json!({ "type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": vk });
        if !text.is_empty() {
            down["text"] = json!(text);
        }
        self.call("Input.dispatchKeyEvent", down);
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk }),
        );
    }

    /// The rectangle of element `selector` in the viewport: `[left, top, right, bottom]`.
    pub fn rect(&mut self, selector: &str) -> [f64; 4] {
        let r = self.eval(&format!(
            "(() => {{ const e = document.querySelector({sel}); if (!e) return null; \
             const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }})()",
            sel = json!(selector)
        ));
        let at = |i: usize| {
            r[i].as_f64()
                .unwrap_or_else(|| panic!("no element {selector}"))
        };
        [at(0), at(1), at(2), at(3)]
    }

    /// A PNG screenshot of the page.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let r = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        let text = r["data"].as_str().expect("data");
        decode_base64(text)
    }
}

/// Runs `check` on a page showing a new game of `variant` (from `fen`) with `mode`'s
/// players (`Browser::open_board`), on Baton's board server (`program gui`, `program`
/// being `env!("CARGO_BIN_EXE_baton")`) kept until it returns. As `with_board_server`
/// where Chromium is missing.
pub fn on_board_page(
    test: &str,
    program: &str,
    variant: &str,
    fen: Option<&str>,
    mode: &str,
    check: impl FnOnce(&mut Browser),
) {
    with_board_server(test, program, |server| {
        check(&mut Browser::open_board(server, variant, fen, mode));
    });
}

/// Runs `check` with Baton's board server (for a test that opens its pages itself).
/// The one place a browser test decides to skip: without Chromium `check` does not run,
/// the skip is said on stderr, and under CI the test fails instead (`crate::installed`).
pub fn with_board_server(test: &str, program: &str, check: impl FnOnce(&GuiServer)) {
    with_board_server_using(test, program, &[], check);
}

/// `with_board_server`, the server started with `options` (`--searches 1`).
pub fn with_board_server_using(
    test: &str,
    program: &str,
    options: &[&str],
    check: impl FnOnce(&GuiServer),
) {
    if crate::installed(test, &[CHROMIUM]) {
        check(&GuiServer::start_with(program, options));
    }
}

/// The address's query for a new game of `variant` (from `fen`) with `mode`'s players.
fn board_query(variant: &str, fen: Option<&str>, mode: &str) -> String {
    let mut query = format!("&variant={variant}&mode={mode}");
    if let Some(fen) = fen {
        query += &format!("&fen={}", fen.replace(' ', "%20"));
    }
    query
}

/// The selector of the board's square `name` ("e4").
pub fn square(name: &str) -> String {
    format!(".sq[data-sq=\"{name}\"]")
}

impl Browser {
    /// The board page of `server` showing a new game of `variant` (from `fen`) with
    /// `mode`'s players ("human-human", "human-baton", ...), once it is drawn with those
    /// players.
    pub fn open_board(server: &GuiServer, variant: &str, fen: Option<&str>, mode: &str) -> Browser {
        let mut b = Browser::board(server, &board_query(variant, fen, mode));
        b.wait_for_players(variant, mode);
        b
    }

    /// As `open_board`, in a new tab of this browser.
    pub fn board_tab(
        &self,
        server: &GuiServer,
        variant: &str,
        fen: Option<&str>,
        mode: &str,
    ) -> Browser {
        let url = format!("{}{}", server.url(), board_query(variant, fen, mode));
        let mut b = self.tab(&url);
        b.wait_for_board();
        b.wait_for_players(variant, mode);
        b
    }

    /// As `open_board`, in this tab: the page it showed goes.
    pub fn goto_board(&mut self, server: &GuiServer, variant: &str, fen: Option<&str>, mode: &str) {
        let url = format!("{}{}", server.url(), board_query(variant, fen, mode));
        self.goto(&url);
        self.wait_for_board();
        self.wait_for_players(variant, mode);
    }

    fn wait_for_players(&mut self, variant: &str, mode: &str) {
        let (white, black) = mode.split_once('-').expect("mode is white-black");
        self.wait_for(&format!(
            "state.variant === '{variant}' && state.baton_plays.white === {} \
             && state.baton_plays.black === {}",
            white == "baton",
            black == "baton"
        ));
    }

    /// Clicks the piece on the square `name` and waits for its targets to be marked.
    pub fn pick(&mut self, name: &str) {
        self.click(&square(name));
        self.wait_for("document.querySelectorAll('.sq.target').length > 0");
    }

    /// A person's move by two clicks, waited for until the game has `plies` moves.
    pub fn click_move(&mut self, from: &str, to: &str, plies: usize) {
        self.pick(from);
        self.click(&square(to));
        self.wait_for(&format!("state.moves_played === {plies}"));
    }

    /// The first part of a two-part turn (a stonesrelays piece move, a flip
    /// shatranj move) by two clicks, waited for until the second part's squares are
    /// marked.
    pub fn click_first_part(&mut self, from: &str, to: &str) {
        self.pick(from);
        self.click(&square(to));
        self.wait_for("document.querySelectorAll('.sq.target2').length > 0");
    }

    /// Sets several controls and tells the page of the change once, on the last: where
    /// each control's change posts the settings, two changes in a row are two requests
    /// in flight, whose answers may come back in either order, and the page then shows
    /// (and the server may keep) the first one's settings.
    pub fn set_controls(&mut self, controls: &[(&str, &str)]) {
        let Some(((last, _), _)) = controls.split_last() else {
            return;
        };
        self.eval(&format!(
            "(() => {{ for (const [id, value] of {all}) document.getElementById(id).value = value; \
             document.getElementById({last}).dispatchEvent(new Event('change')); }})()",
            all = serde_json::json!(controls),
            last = serde_json::json!(last)
        ));
    }

    /// Sets the control `id` to `value` as a person would, and lets the page hear of it.
    pub fn set_control(&mut self, id: &str, value: &str) {
        self.set_controls(&[(id, value)]);
    }

    /// Plays `moves` (move text) through the page's API and draws each answer as the page
    /// draws any state (`setState`, which drops a stream event older than it: assigning
    /// `state` directly let such an event, arriving late, draw an earlier position).
    pub fn play_through_api(&mut self, moves: &[&str]) {
        self.eval(&format!(
            "(async () => {{ for (const m of {}) \
             setState(await api('POST', '/api/move', {{ move: m }})); return true; }})()",
            json!(moves)
        ));
    }

    /// The text the element `id` shows.
    pub fn text_of(&mut self, id: &str) -> String {
        self.eval(&format!(
            "document.getElementById({}).textContent",
            serde_json::json!(id)
        ))
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// The squares marked with `class` ("target", "picked", "last"), sorted.
    pub fn marked(&mut self, class: &str) -> Vec<String> {
        let v = self.eval(&format!(
            "[...document.querySelectorAll('.sq.{class}')].map(e => e.dataset.sq).sort()"
        ));
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Changes the server's settings by `changes` (the body of a `POST /api/settings`,
    /// e.g. `{ think: { movetime: 3000 } }`) and draws the page for the new state.
    pub fn settings(&mut self, changes: &str) {
        self.eval(&format!(
            "(async () => {{ setState(await api('POST', '/api/settings', {changes})); \
             return true; }})()"
        ));
    }

    /// The string `expr` evaluates to on the page (a panic, naming it, if it is none).
    pub fn text(&mut self, expr: &str) -> String {
        let v = self.eval(expr);
        v.as_str()
            .unwrap_or_else(|| panic!("{expr} gave {v}"))
            .to_string()
    }

    /// The corners a line drawn through `squares` must have: their centres, in the
    /// arrows layer's coordinates, as an SVG `points` attribute.
    pub fn centres(&mut self, squares: &[&str]) -> String {
        self.text(&format!(
            "(() => {{ const w = $('arrows').getBoundingClientRect(); \
             return {}.map((s) => {{ \
             const r = document.querySelector(`.sq[data-sq=\"${{s}}\"]`).getBoundingClientRect(); \
             return `${{r.left - w.left + r.width / 2}},${{r.top - w.top + r.height / 2}}`; }}).join(' '); }})()",
            json!(squares)
        ))
    }

    /// The corners of the move's path drawn as `class` ("route", "hover-route",
    /// "last-route"), once it is drawn.
    pub fn route(&mut self, class: &str) -> String {
        self.wait_for(&format!(
            "document.querySelector('#arrows polyline.{class}')"
        ));
        self.text(&format!(
            "$('arrows').querySelector('polyline.{class}').getAttribute('points')"
        ))
    }

    /// A move entered as the first part of a turn, drawn along `path` (`centres`), then
    /// played without a second part: checks that the path is drawn before and, as the
    /// last move's, after; returns the move, the game's `plies`-th.
    pub fn played_along(&mut self, path: &str, plies: usize) -> String {
        assert_eq!(self.route("route"), path);
        self.press("#no-second");
        let played = self.played(plies);
        assert_eq!(self.route("last-route"), path);
        played
    }

    /// The label a screen reader reads for the square `name`.
    pub fn label(&mut self, name: &str) -> String {
        self.text(&format!(
            "document.querySelector('{}').getAttribute('aria-label')",
            square(name)
        ))
    }

    /// The server's moves of the game so far, in SAN.
    pub fn san(&mut self) -> Vec<String> {
        let s: Value = self.eval("api('GET', '/api/state')");
        s["san"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits until the server's game has `plies` moves; returns the last one.
    pub fn played(&mut self, plies: usize) -> String {
        self.wait_for(&format!("state.moves_played === {plies}"));
        let s: Value = self.eval("api('GET', '/api/state')");
        assert_eq!(s["moves_played"], plies, "{s}");
        s["last_move"].as_str().unwrap_or_default().to_string()
    }
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

impl Drop for Connection {
    fn drop(&mut self) {
        // Chromium and its helper processes share the group started for it.
        let _ = Command::new("kill")
            .arg("--")
            .arg(format!("-{}", self.child.id()))
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
