//! Hostile input through both protocols: 20,000 lines of random and crafted commands
//! (unknown commands, malformed FENs in every variant, garbled and two-part moves, NUL
//! and non-UTF-8 bytes, long lines, options out of range, go/stop storms, variant
//! changes, the end of input in a search). Every 25 lines the engine must answer
//! `isready` (UCI) or `ping` (XBoard) within 30 s, and it must never die. The lines
//! come from a fixed seed: a failure replays.

use baton_engine::{format_move, rules, Game, Variant};
use baton_testkit::{Baton, Rng};

/// Lines per session; sessions per protocol.
const LINES: usize = 2_500;
const SESSIONS: usize = 4;

fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

/// A variant name, sometimes not one.
fn variant(rng: &mut Rng) -> String {
    match rng.below(10) {
        0 => pick(
            rng,
            &["atomic", "", "CHESS", "flip", "stonesrelays-tunnel-x"],
        )
        .to_string(),
        _ => Variant::ALL[rng.below(Variant::ALL.len())]
            .name()
            .to_string(),
    }
}

/// Legal moves from the start of `v`, played at random.
fn random_line(rng: &mut Rng, v: Variant, plies: usize) -> Vec<String> {
    let mut game = Game::startpos(v);
    let mut out = Vec::new();
    for _ in 0..plies {
        let list = rules::legal_move_list(game.position());
        if list.is_empty() || game.outcome().is_some() {
            break;
        }
        let m = list[rng.below(list.len())];
        out.push(format_move(game.position(), m));
        game.play(m);
    }
    out
}

/// A move text: legal-looking, garbled, two-part, out of range.
fn garbled_move(rng: &mut Rng) -> String {
    pick(
        rng,
        &[
            "e2e4",
            "e2e4,d5d6",
            "a9a10",
            "z9z9",
            "e7e8q",
            "e7e8k",
            "g1f3,d5d4",
            "f1f3,f10f10",
            "e2",
            "",
            "e2e4,",
            ",",
            "0000",
            "a1a1",
            "e2e4e5",
            "c9c10d,c10c10",
            "h1h99999999999",
        ],
    )
    .to_string()
}

/// A FEN, valid or broken, of any variant.
fn fen(rng: &mut Rng) -> String {
    let v = Variant::ALL[rng.below(Variant::ALL.len())];
    let start = v.start_fen().to_string();
    match rng.below(12) {
        0 => start,
        1 => start.replace('/', ""),
        2 => start.replacen('8', "9", 1),
        3 => start.replace(" w ", " x "),
        4 => format!("{start} extra fields here"),
        5 => start.chars().rev().collect(),
        6 => "k7/8/8/8/8/8/8/7K w - e3 0 1".into(),
        7 => "4k3/8/8/3Pn3/8/8/8/4K3 w - e6 0 1".into(),
        8 => "8/8/8/8/8/8/8/8 w - - 0 1".into(),
        9 => "k8k/ENDDK+EEDDD/ENDDN3DE/+N1E2EEDN1/DNN1NEDNN1/1EDDENDDDE/N+N1D1NDD2/EDND4NN/2ENENE1E1/D1DED1NDKD w - - 0 1".into(),
        10 => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 4294967295".into(),
        _ => {
            let mut s: Vec<char> = start.chars().collect();
            let i = rng.below(s.len());
            s[i] = pick(rng, &["(", ")", "+", "S", "X", "G", "9", "/", " "]).chars().next().unwrap_or('x');
            s.into_iter().collect()
        }
    }
}

fn noise(rng: &mut Rng) -> Vec<u8> {
    match rng.below(6) {
        0 => b"\x00\x00\x00".to_vec(),
        1 => b"\xff\xfe\xfd position startpos".to_vec(),
        2 => vec![b'a'; 100_000],
        3 => b"    ".to_vec(),
        4 => b"\x1b[2J\r".to_vec(),
        _ => (0..rng.below(40))
            .map(|_| (rng.next_u64() & 0xff) as u8)
            .filter(|&b| b != b'\n')
            .collect(),
    }
}

fn uci_line(rng: &mut Rng, current: &mut Variant) -> Vec<u8> {
    let line = match rng.below(20) {
        0 => format!("setoption name UCI_Variant value {}", variant(rng)),
        1 => format!(
            "setoption name {} value {}",
            pick(
                rng,
                &[
                    "Hash",
                    "Threads",
                    "MultiPV",
                    "Move Overhead",
                    "Ponder",
                    "Bogus",
                    "Clear Hash",
                    "Evaluation",
                    "Skill Level",
                    "UCI_LimitStrength",
                    "UCI_Elo"
                ]
            ),
            pick(
                rng,
                &[
                    "1",
                    "0",
                    "-5",
                    "2",
                    "65536",
                    "99999999999999999999",
                    "true",
                    "x",
                    "",
                    "material"
                ]
            )
        ),
        2 | 3 => {
            let plies = rng.below(12);
            let moves = random_line(rng, *current, plies);
            let mut s = "position startpos moves".to_string();
            for m in moves {
                s += " ";
                s += &m;
            }
            if rng.below(4) == 0 {
                s += " ";
                s += &garbled_move(rng);
            }
            s
        }
        4 => format!("position fen {}", fen(rng)),
        5 => format!("position fen {} moves {}", fen(rng), garbled_move(rng)),
        6 | 7 => format!("go depth {}", 1 + rng.below(3)),
        8 => format!("go movetime {}", 1 + rng.below(20)),
        9 => format!("go nodes {}", 1 + rng.below(3000)),
        10 => "go infinite".into(),
        11 | 12 => "stop".into(),
        13 => format!("go wtime {} btime 1 winc 0", rng.below(50)),
        14 => pick(
            rng,
            &[
                "ucinewgame",
                "d",
                "debug on",
                "ponderhit",
                "go perft 2",
                "go depth 300 nodes -1",
                "go mate 1 movetime 5",
            ],
        )
        .into(),
        15 => pick(rng, &["flip", "eval", "register later", "quit2", "xboard"]).into(),
        16 => {
            if rng.below(2) == 0 {
                let v = Variant::ALL[rng.below(Variant::ALL.len())];
                *current = v;
                format!("setoption name UCI_Variant value {}", v.name())
            } else {
                "go perft 3".into()
            }
        }
        _ => return noise(rng),
    };
    line.into_bytes()
}

fn xboard_line(rng: &mut Rng, current: &mut Variant, ping: &mut u32) -> Vec<u8> {
    let line = match rng.below(20) {
        0 => {
            let v = Variant::ALL[rng.below(Variant::ALL.len())];
            *current = v;
            format!("variant {}", baton_protocol::xboard_names::of(v).name)
        }
        1 => format!("variant {}", variant(rng)),
        2 | 3 => {
            let plies = 1 + rng.below(3);
            let moves = random_line(rng, *current, plies);
            moves
                .first()
                .map(|m| format!("usermove {m}"))
                .unwrap_or_else(|| "usermove e2e4".into())
        }
        4 => format!("usermove {}", garbled_move(rng)),
        5 => format!("setboard {}", fen(rng)),
        6 => format!("sd {}", rng.below(4)),
        7 => format!("st {}", pick(rng, &["0.01", "0.02", "-1", "x", "1e99"])),
        8 => "go".into(),
        9 => pick(
            rng,
            &[
                "force",
                "new",
                "undo",
                "remove",
                "post",
                "nopost",
                "hard",
                "easy",
                "?",
                "draw",
                "result 1-0 {x}",
            ],
        )
        .into(),
        10 => format!("time {}", pick(rng, &["100", "-5", "x", "99999999999999"])),
        11 => format!("otim {}", rng.below(1000)),
        12 => format!(
            "level {} {} {}",
            pick(rng, &["0", "40", "x"]),
            pick(rng, &["0:01", "1", ":", "99:99"]),
            pick(rng, &["0", "0.05", "-1"])
        ),
        13 => format!("memory {}", pick(rng, &["1", "64", "60000", "-3", "abc"])),
        14 => format!("cores {}", pick(rng, &["1", "2", "0", "999"])),
        15 => pick(
            rng,
            &[
                "analyze",
                "exit",
                ".",
                "bk",
                "hint",
                "playother",
                "white",
                "black",
            ],
        )
        .into(),
        16 => {
            *ping += 1;
            format!("ping {}", *ping + 1_000_000)
        }
        _ => return noise(rng),
    };
    line.into_bytes()
}

/// The lines of the batch being checked, kept in a file so that a failure shows what
/// the engine was given (the panic names the file).
struct Batch {
    path: std::path::PathBuf,
    lines: Vec<u8>,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            // Kept after the run: a failure names it, so that it can be replayed.
            path: tempfile::Builder::new()
                .prefix("baton-fuzz-")
                .suffix(".txt")
                .tempfile()
                .and_then(|f| f.into_temp_path().keep().map_err(|e| e.error))
                .expect("a temporary file"),
            lines: Vec::new(),
        }
    }
    fn push(&mut self, line: &[u8]) {
        self.lines.extend_from_slice(line);
    }
    /// Saves the batch before its liveness check; starts the next one.
    fn save(&mut self) {
        let _ = std::fs::write(&self.path, &self.lines);
        eprintln!("batch: {}", self.path.display());
        self.lines.clear();
    }
}

#[test]
fn twenty_thousand_hostile_lines_leave_both_protocols_answering() {
    let mut rng = Rng::new(0x5eed_ba70_2026);
    let mut batch = Batch::new();
    let mut lines = 0;
    for session in 0..SESSIONS {
        // UCI.
        let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
        b.ask("uci", "uciok");
        let mut v = Variant::Chess;
        for i in 0..LINES {
            let mut bytes = uci_line(&mut rng, &mut v);
            bytes.push(b'\n');
            batch.push(&bytes);
            b.send_bytes(&bytes);
            lines += 1;
            if i % 25 == 24 {
                batch.save();
                b.ask("isready", "readyok");
            }
        }
        b.send("go infinite");
        if session % 2 == 0 {
            b.ask("isready", "readyok");
        }
        // The end of input in a search: the engine still exits.
        assert!(b.close(), "UCI session {session} did not exit cleanly");

        // XBoard.
        let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
        b.send("xboard");
        b.ask("protover 2", "feature ");
        b.send("sd 2");
        let mut v = Variant::Chess;
        let mut extra_pings = 0;
        for i in 0..LINES {
            let mut bytes = xboard_line(&mut rng, &mut v, &mut extra_pings);
            bytes.push(b'\n');
            batch.push(&bytes);
            b.send_bytes(&bytes);
            lines += 1;
            if i % 25 == 24 {
                // Searches stay short: a depth limit after every batch.
                b.send("sd 2");
                batch.save();
                b.ask(&format!("ping {i}"), &format!("pong {i}"));
            }
        }
        b.send("go");
        assert!(b.close(), "XBoard session {session} did not exit cleanly");
    }
    assert!(lines >= 20_000, "{lines}");
}
