//! Baton inside the real XBoard (Debian's `xboard`, under Xvfb):
//! - Baton against Baton in every variant XBoard can carry: the variant reaches both
//!   engines, every move one sends reaches the other as the same move, nobody says
//!   `Error` or `Illegal move`, and the game runs 20 moves or ends by the rules (mate, a
//!   draw), never by a forfeit or a loss on time. In chess and knightmate, where Baton
//!   asks for SAN, XBoard sends SAN, Baton answers in its own SAN, and the game XBoard
//!   saves reads back as the moves played; in knightrelay both sides use coordinates;
//! - knightmate's castling, which XBoard sends as `Kg1` (from a loaded game), read by
//!   Baton as castling;
//! - a variant XBoard cannot carry is refused by Baton with the reason and `baton gui`;
//! - a person's move, made with the mouse (`xdotool`) in knightrelay: XBoard asks Baton
//!   for the piece's targets (`lift`), draws them, keeps a drop off them, and sends the
//!   relayed pawn leap that Baton's rules allow.
//!
//! Skipped, saying so, where XBoard, Xvfb or xdotool is not installed (`.ci/run` installs
//! them).

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use baton_engine::pgn::read_games;
use baton_engine::{format_san, parse_move, parse_san, Move, Position};

const XBOARD: &str = "/usr/games/xboard";
const XVFB: &str = "/usr/bin/Xvfb";
const XDOTOOL: &str = "/usr/bin/xdotool";
const BATON: &str = env!("CARGO_BIN_EXE_baton");

/// Whether the programs are here (a missing one fails the test under CI).
fn installed(programs: &[&str]) -> bool {
    baton_testkit::installed("the real XBoard", programs)
}

/// A virtual X server on a free display, stopped on drop.
struct XServer {
    child: Child,
    display: String,
}

impl XServer {
    fn start() -> XServer {
        // `-displayfd 1`: Xvfb picks a free display and writes its number when ready.
        let mut child = Command::new(XVFB)
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x1024x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        let mut line = String::new();
        let out = child.stdout.take().expect("Xvfb's stdout");
        BufReader::new(out)
            .read_line(&mut line)
            .expect("Xvfb's display");
        let display = format!(":{}", line.trim());
        assert!(display.len() > 1, "Xvfb gave no display");
        XServer { child, display }
    }
}

impl Drop for XServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// XBoard on `x` with Baton as its engine(s), its debug log in a temporary directory;
/// stopped (with its engines) on drop.
struct XBoard {
    child: Child,
    dir: tempfile::TempDir,
}

impl XBoard {
    fn start(x: &XServer, tag: &str, args: &[&str]) -> XBoard {
        let dir = tempfile::Builder::new()
            .prefix(&format!("baton-xboard-{tag}-"))
            .tempdir()
            .expect("temp dir");
        let dir_text = dir.path().display().to_string();
        let debug = dir.path().join("debug.txt").display().to_string();
        let mut cmd = Command::new(XBOARD);
        // Its own process group, so that XBoard and its engines end together.
        cmd.process_group(0)
            .env("DISPLAY", &x.display)
            .args([
                "-fcp", BATON, "-scp", BATON, "-fd", &dir_text, "-sd", &dir_text,
            ])
            .args(["-animateMoving", "false", "-autoCallFlag", "true"])
            .args(["-debug", "-nameOfDebugFile", &debug])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let child = cmd.spawn().expect("start xboard");
        XBoard { child, dir }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("debug.txt")).unwrap_or_default()
    }

    /// Waits until the debug log holds `text` (or `secs` pass); the log.
    fn wait_for(&self, text: &str, secs: u64) -> String {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let log = self.log();
            if log.contains(text) || Instant::now() > deadline {
                return log;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for XBoard {
    fn drop(&mut self) {
        // KILL, not TERM, to the whole group (XBoard, its engines and any process it
        // forked): a forked XBoard once outlived a TERM and was left running after
        // the tests had passed. The test needs nothing from a graceful end.
        let group = self.child.id();
        if group > 1 {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{group}")])
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Each an engine ("first" or "second") and a move.
type Moves = Vec<(String, String)>;

/// The moves in XBoard's debug log: (engine, move) for each `move` an engine sent, and
/// (engine, move) for each `usermove` XBoard sent, in order. XBoard writes a usermove
/// in two pieces, so its line reads `>second: usermove 793 >second: e2e4`.
fn moves(log: &str) -> (Moves, Moves) {
    let (mut sent, mut passed) = (Vec::new(), Vec::new());
    for line in log.lines() {
        // `TIME <first : TEXT` from an engine, `TIME >second: TEXT` to one.
        let Some((_, line)) = line.split_once(' ') else {
            continue;
        };
        let from_engine = line.starts_with('<');
        let Some((who, text)) = line.get(1..).and_then(|l| l.split_once(':')) else {
            continue;
        };
        let engine = who.trim().to_string();
        if engine != "first" && engine != "second" {
            continue;
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        match (from_engine, words.as_slice()) {
            (true, ["move", m]) => sent.push((engine, m.to_string())),
            (false, ["usermove", .., m]) => passed.push((engine, m.to_string())),
            _ => {}
        }
    }
    (sent, passed)
}

#[test]
fn baton_plays_baton_in_every_variant_xboard_carries() {
    if !installed(&[XBOARD, XVFB]) {
        return;
    }
    let x = XServer::start();
    let carried: Vec<_> = baton_engine::Variant::ALL
        .into_iter()
        .map(|v| (v, baton_protocol::xboard_names::of(v)))
        .filter(|(_, f)| f.limit.is_none())
        .collect();
    assert!(
        carried.len() >= 3,
        "normal, knightmate, knightrelay at least"
    );
    for (v, facts) in carried {
        let variant = facts.name;
        let saved =
            std::env::temp_dir().join(format!("baton-xboard-{variant}-{}.pgn", std::process::id()));
        let saved_text = saved.display().to_string();
        let xboard = XBoard::start(
            &x,
            variant,
            &[
                "-mode",
                "TwoMachines",
                "-variant",
                variant,
                "-matchGames",
                "1",
                "-tc",
                "0:04",
                "-inc",
                "0.1",
                "-testLegality",
                "false",
                "-saveGameFile",
                &saved_text,
            ],
        );
        let log = xboard.wait_for(">first : result", 120);
        let result = log
            .lines()
            .find(|l| l.contains(">first : result"))
            .unwrap_or_else(|| panic!("{variant}: no result within 120 s"));
        for bad in ["Illegal move", "forfeit", "Forfeit", "on time", "illegal"] {
            assert!(!result.contains(bad), "{variant}: {result}");
        }
        for bad in [": Illegal move", ": Error", "tellusererror"] {
            let line = log.lines().find(|l| l.contains(bad));
            assert!(line.is_none(), "{variant}: {line:?}");
        }
        // XBoard's own chess is sent no `variant` command.
        if variant != "normal" {
            for engine in ["first ", "second"] {
                let told = format!(">{engine}: variant {variant}");
                assert!(log.contains(&told), "{variant}: '{told}' not in the log");
            }
        }
        let (sent, passed) = moves(&log);
        let ended_by_rules = !result.contains("adjudicat");
        assert!(
            sent.len() >= 40 || ended_by_rules,
            "{variant}: {} plies; {result}",
            sent.len()
        );
        // Each move reaches the other engine as the same move, in the notation Baton
        // asked for: SAN where XBoard's SAN is Baton's (docs/san.md), else coordinates.
        let san = facts.builtin;
        let mut pos = Position::startpos(v);
        let mut played: Vec<Move> = Vec::new();
        for (k, (engine, m)) in sent.iter().enumerate() {
            let ply = k + 1;
            let mine = parse_san(&pos, m)
                .unwrap_or_else(|e| panic!("{variant}: ply {ply}: {engine} sent {m}: {e}"));
            if san {
                assert_eq!(&format_san(&pos, mine), m, "{variant}: ply {ply}: not SAN");
            } else {
                assert!(parse_move(&pos, m).is_ok(), "{variant}: ply {ply}: {m}");
            }
            let other = if engine == "first" { "second" } else { "first" };
            match passed.get(k) {
                Some((to, n)) => {
                    assert_eq!(to, other, "{variant}: ply {ply}");
                    let theirs = parse_san(&pos, n).unwrap_or_else(|e| {
                        panic!("{variant}: ply {ply}: {to} was given {n}: {e}")
                    });
                    assert_eq!(mine, theirs, "{variant}: ply {ply}: {m} passed on as {n}");
                    // XBoard sends SAN, not coordinates, where Baton asked for it.
                    assert_eq!(
                        parse_move(&pos, n).is_ok(),
                        !san,
                        "{variant}: ply {ply}: {n}"
                    );
                }
                // The last move of a game that it ended is not passed on.
                None => assert_eq!(ply, sent.len(), "{variant}: ply {ply} lost"),
            }
            played.push(mine);
            pos = pos.play(mine);
        }
        // The game XBoard saves (in its SAN) reads back as the moves played.
        if san {
            let deadline = Instant::now() + Duration::from_secs(10);
            let mut text = String::new();
            while Instant::now() < deadline && !text.contains("[Result") {
                std::thread::sleep(Duration::from_millis(200));
                text = std::fs::read_to_string(&saved).unwrap_or_default();
            }
            let _ = std::fs::remove_file(&saved);
            let games = read_games(&text);
            assert_eq!(games.len(), 1, "{variant}: the saved game:\n{text}");
            let (_, read) = games[0]
                .replay()
                .unwrap_or_else(|e| panic!("{variant}: the saved game: {e}\n{text}"));
            assert_eq!(read, played, "{variant}: the saved game:\n{text}");
        }
        let opening: Vec<&str> = sent.iter().take(12).map(|(_, m)| m.as_str()).collect();
        eprintln!(
            "{variant}: {} plies ({} ...), {result}",
            sent.len(),
            opening.join(" ")
        );
    }
}

#[test]
fn knightmate_castling_sent_by_xboard_as_the_royal_knight_move_is_read() {
    if !installed(&[XBOARD, XVFB]) {
        return;
    }
    let x = XServer::start();
    // A loaded game whose castling XBoard passes on to the engines in its own SAN.
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("castles.pgn");
    std::fs::write(
        &game,
        "[Event \"castling\"]\n[Variant \"knightmate\"]\n[Result \"*\"]\n\n\
         1. g3 g6 2. Bh3 Bh6 3. Mg2 Mg7 4. O-O O-O *\n",
    )
    .expect("write the game");
    let game_text = game.display().to_string();
    let xboard = XBoard::start(
        &x,
        "castling",
        &[
            "-lgf",
            &game_text,
            // As a match game the loaded moves are played at once (else one a second).
            "-matchGames",
            "1",
            "-mode",
            "TwoMachines",
            "-variant",
            "knightmate",
            "-tc",
            "0:02",
            "-inc",
            "0.1",
        ],
    );
    // Both engines are given the loaded moves, then play on.
    let log = xboard.wait_for("<second: move", 60);
    let (sent, passed) = moves(&log);
    assert!(!sent.is_empty(), "no move after the loaded game:\n{log}");
    for engine in ["first", "second"] {
        let given: Vec<&str> = passed
            .iter()
            .filter(|(to, _)| to == engine)
            .map(|(_, m)| m.as_str())
            .take(8)
            .collect();
        assert_eq!(
            given,
            ["g3", "g6", "Bh3", "Bh6", "Mg2", "Mg7", "Kg1", "Kg8"],
            "{engine}:\n{log}"
        );
    }
    assert!(!log.contains("Illegal move"), "{log}");
    assert!(!log.contains(": Error"), "{log}");
}

#[test]
fn a_variant_xboard_cannot_carry_is_refused_with_the_reason() {
    if !installed(&[XBOARD, XVFB]) {
        return;
    }
    let x = XServer::start();
    for facts in baton_engine::Variant::ALL
        .into_iter()
        .map(baton_protocol::xboard_names::of)
        .filter(|f| f.limit.is_some())
    {
        let variant = facts.name;
        let xboard = XBoard::start(
            &x,
            variant,
            &["-mode", "TwoMachines", "-variant", variant, "-tc", "0:04"],
        );
        let log = xboard.wait_for("tellusererror", 30);
        let told = log
            .lines()
            .find(|l| l.contains("<first : tellusererror"))
            .unwrap_or_else(|| panic!("{variant}: no tellusererror in\n{log}"));
        let limit = facts.limit.unwrap_or_default();
        assert!(told.contains(limit), "{variant}: {told}");
        assert!(told.contains("baton gui"), "{variant}: {told}");
        assert!(moves(&log).0.is_empty(), "{variant}: a move was played");
    }
}

/// The screen point of the centre of `square` (e.g. "e7") on XBoard's board, White at
/// the bottom: the board fills the window's width below the menus, with a two-pixel
/// frame (measured on XBoard 4.9.1's default board; a click needs only to land inside
/// the square).
fn square_point(window: (i32, i32, i32, i32), square: &str) -> (i32, i32) {
    let (x, y, width, height) = window;
    let size = (width - 4) / 8;
    let file = i32::from(square.as_bytes()[0] - b'a');
    let rank = i32::from(square.as_bytes()[1] - b'1');
    let top = y + height - 2 - 8 * size;
    (
        x + 2 + file * size + size / 2,
        top + (7 - rank) * size + size / 2,
    )
}

fn xdotool(x: &XServer, args: &[&str]) -> String {
    let out = Command::new(XDOTOOL)
        .env("DISPLAY", &x.display)
        .args(args)
        .output()
        .expect("run xdotool");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// XBoard's main window: (x, y, width, height), the largest window of its class.
fn board_window(x: &XServer) -> (i32, i32, i32, i32) {
    let mut best = (0, 0, 0, 0);
    for id in xdotool(x, &["search", "--onlyvisible", "--class", "xboard"]).split_whitespace() {
        let shell = xdotool(x, &["getwindowgeometry", "--shell", id]);
        let value = |key: &str| -> i32 {
            shell
                .lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        let window = (value("X"), value("Y"), value("WIDTH"), value("HEIGHT"));
        if window.2 * window.3 > best.2 * best.3 {
            best = window;
        }
    }
    best
}

/// Drags the piece on `from` to `to` with the mouse, as a person does.
fn drag(x: &XServer, window: (i32, i32, i32, i32), from: &str, to: &str) {
    let (fx, fy) = square_point(window, from);
    let (tx, ty) = square_point(window, to);
    let at = |px: i32, py: i32| [px.to_string(), py.to_string()];
    let [fx, fy] = at(fx, fy);
    let [tx, ty] = at(tx, ty);
    xdotool(x, &["mousemove", &fx, &fy, "mousedown", "1"]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(x, &["mousemove", &tx, &ty]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(x, &["mouseup", "1"]);
}

#[test]
fn a_person_moves_through_the_highlight_protocol_in_xboard() {
    if !installed(&[XBOARD, XVFB, XDOTOOL]) {
        return;
    }
    let x = XServer::start();
    // Baton plays White; the person Black, with White kept at the bottom.
    let xboard = XBoard::start(
        &x,
        "person",
        &[
            "-mode",
            "MachineWhite",
            "-variant",
            "knightrelay",
            "-tc",
            "1",
            "-inc",
            "0.1",
            "-testLegality",
            "false",
            "-autoFlipView",
            "false",
        ],
    );
    let log = xboard.wait_for("<first : move", 60);
    assert_eq!(moves(&log).0.len(), 1, "Baton's first move:\n{log}");
    let window = board_window(&x);
    assert!(
        window.2 > 200 && window.3 > 200,
        "XBoard's window: {window:?}"
    );

    // A drop where the pawn cannot go: XBoard asked Baton for the targets and keeps the
    // pawn off the others, so no move is sent.
    drag(&x, window, "e7", "e4");
    let log = xboard.wait_for("<first : highlight", 10);
    assert!(log.contains(">first : lift e7"), "{log}");
    let colours = log
        .lines()
        .find_map(|l| l.split_once("<first : highlight ").map(|(_, c)| c.trim()))
        .unwrap_or_else(|| panic!("no highlight answer:\n{log}"));
    // The pawn's own steps (e6, e5) and, guarded by the g8 knight, its knight leaps
    // (c6, g6, d5, f5): ranks 8 to 1 of XBoard's colour FEN.
    assert_eq!(colours, "8/8/2Y1Y1Y1/3YYY2/8/8/8/8", "{log}");
    std::thread::sleep(Duration::from_millis(500));
    let log = xboard.log();
    assert!(moves(&log).1.is_empty(), "a move was sent:\n{log}");

    // The relayed leap e7-c6 is sent and played; Baton answers it.
    drag(&x, window, "e7", "c6");
    let log = xboard.wait_for(">first : e7c6", 10);
    assert!(log.contains(">first : put c6"), "{log}");
    let (_, passed) = moves(&log);
    assert_eq!(passed, [("first".to_string(), "e7c6".to_string())], "{log}");
    let answered = (0..50).any(|_| {
        std::thread::sleep(Duration::from_millis(200));
        moves(&xboard.log()).0.len() == 2
    });
    assert!(answered, "Baton did not answer e7c6:\n{log}");
    assert!(!xboard.log().contains("Illegal move"), "{}", xboard.log());
}
