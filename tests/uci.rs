//! UCI through the `baton` binary: the handshake, positions, search, perft and every
//! class of bad input.

use baton_testkit::{legal_after, Baton};

use std::time::Duration;

use baton_engine::Variant;

/// A started Baton past the handshake, sent `then`.
fn handshake(then: &[&str]) -> Baton {
    let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
    b.ask("uci", "uciok");
    b.send_all(then);
    b
}

/// A started Baton past the handshake, playing `variant` from `position`.
fn in_variant(variant: &str, position: &str) -> Baton {
    handshake(&[
        &format!("setoption name UCI_Variant value {variant}"),
        position,
    ])
}

/// After the handshake, from the start position: `go` sent 300 ms ago.
fn busy(go: &str) -> Baton {
    let b = handshake(&["position startpos", go]);
    std::thread::sleep(Duration::from_millis(300));
    b
}

fn fen(b: &mut Baton) -> String {
    let (line, _) = b.ask("d", "Fen: ");
    line.trim_start_matches("Fen: ").to_string()
}

fn error(b: &mut Baton) -> String {
    let (_, before) = b.ask("isready", "readyok");
    before
        .into_iter()
        .find(|l| l.starts_with("info string error: "))
        .unwrap_or_else(|| panic!("no error line"))
}

#[test]
fn variant_option_lists_cute_chess_names() {
    let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
    let (_, before) = b.ask("uci", "uciok");
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
    let mut b = handshake(&["position startpos moves e2e4 e7e5 g1f3"]);
    assert_eq!(
        fen(&mut b),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    let (best, _) = b.ask("go depth 1", "bestmove ");
    let m = best.split_whitespace().nth(1).expect("move");
    assert!(legal_after(Variant::Chess, "e2e4 e7e5 g1f3", m), "{best}");
    assert!(b.close());
}

#[test]
fn go_perft_3() {
    let mut b = handshake(&[]);
    let (total, rows) = b.script(
        &[
            "setoption name UCI_Variant value knightmate",
            "position startpos",
            "go perft 3",
        ],
        "Nodes searched: ",
    );
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
    let mut b = busy("go perft 9");
    b.ask("stop", "info string perft stopped");
    // The engine is still there, on the same position.
    b.ask("go perft 1", "Nodes searched: 20");
    assert!(b.close());
}

/// `stop` ends an infinite search with its best move so far. How fast is measured by
/// the soak (`tests/soak.rs`, stop to bestmove per percentile), not asserted here.
#[test]
fn stop_ends_an_infinite_search_with_a_move() {
    let mut b = busy("go infinite");
    let (best, _) = b.ask("stop", "bestmove ");
    let mv = best.split_whitespace().nth(1).unwrap_or_default();
    assert!(mv.len() >= 4 && mv != "(none)", "{best}");
    assert!(b.close());
}

#[test]
fn ponder_then_ponderhit() {
    let mut b = handshake(&[]);
    b.script(
        &[
            "setoption name Ponder value true",
            "position startpos moves e2e4",
            "go ponder wtime 1000 btime 1000",
            "isready",
        ],
        "readyok",
    );
    b.ask("ponderhit", "bestmove ");
    assert!(b.close());
}

#[test]
fn bad_input_every_class_keeps_the_position() {
    let mut b = handshake(&["position startpos moves e2e4"]);
    let good = fen(&mut b);

    // Each line is answered by an error (saying so much, where given).
    for (line, says) in [
        ("xyzzy", "unknown command"),
        ("position fen rnbqkbnr/pppppppp/8 w KQ", "FEN"),
        ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", ""),
        ("position startpos moves e2e4 e2e4", "e2e4"),
        ("position startpos moves e2e5", ""),
        ("setoption name Bogus value 1", "unknown option"),
        ("setoption name Hash value -5", "out of range"),
        ("setoption name MultiPV value 100000", ""),
        ("setoption name UCI_Variant value atomic", ""),
    ] {
        b.send(line);
        let e = error(&mut b);
        assert!(e.contains(says), "{line}: {e}");
    }
    b.send_bytes(b"\xde\xad\xbe\xef\x00\xff position \x01\x02\n");
    error(&mut b);
    assert_eq!(fen(&mut b), good);

    // go with wild numbers still answers with a legal move.
    let (best, before) = b.ask("go depth 300 wtime -1000 nodes -1", "bestmove ");
    assert!(before.iter().filter(|l| l.contains("error")).count() >= 3);
    let m = best.split_whitespace().nth(1).expect("move");
    assert!(legal_after(Variant::Chess, "e2e4", m), "{best}");
    assert_eq!(fen(&mut b), good);
    assert!(b.close());
}

#[test]
fn quit_exits_cleanly() {
    let b = handshake(&["go infinite", "quit"]);
    assert!(b.close());
}

#[test]
fn a_hash_the_machine_cannot_give_is_refused_and_the_engine_plays_on() {
    // 65536 MB is inside the advertised range. Baton runs with an address space of 8 GB
    // (`prlimit`, util-linux, on every Debian system), so that it cannot have the table
    // on any machine: refused before trying where that is more than half the memory,
    // else by the allocation itself.
    let mut command = std::process::Command::new("prlimit");
    command.args([
        &format!("--as={}", 8u64 << 30),
        "--",
        env!("CARGO_BIN_EXE_baton"),
    ]);
    let mut b = Baton::start_command(command);
    b.ask("uci", "uciok");
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

/// `eval` prints the position's evaluation by term, then the side to move's score,
/// which is White's total turned round for Black plus the side-to-move bonus.
#[test]
fn eval_prints_the_terms_and_the_side_to_move_s_score() {
    let mut b = in_variant("knightmate", "position startpos moves e2e4");
    let (last, lines) = b.ask("eval", "Final evaluation ");
    assert!(
        lines.iter().any(|l| l.starts_with("material ")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("rank ")), "{lines:?}");
    // Knightmate has a learned evaluation too: its score is shown beside.
    assert!(
        lines.iter().any(|l| l.starts_with("NNUE evaluation ")),
        "{lines:?}"
    );
    let total: i32 = lines
        .iter()
        .find_map(|l| l.strip_prefix("Total"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no total in {lines:?}"));
    let stm: i32 = last
        .trim_start_matches("Final evaluation ")
        .split_whitespace()
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no score in {last}"));
    let tempo: i32 = last
        .trim_end_matches(')')
        .rsplit(' ')
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no bonus in {last}"));
    assert!(last.contains("Black to move"), "{last}");
    assert_eq!(stm, -total + tempo);
    // The position is kept: the engine still answers from it.
    assert!(fen(&mut b).contains(" b KQkq "));
}

// ---- go searchmoves ----------------------------------------------------------------

/// Runs `go` to its `bestmove`; returns the move and the first move of every
/// `info ... pv` line with its depth and line number.
fn go_lines(b: &mut Baton, go: &str) -> (String, Vec<(u32, u32, String)>) {
    let (best, before) = b.ask(go, "bestmove ");
    let field = |l: &str, key: &str| -> Option<String> {
        let w: Vec<&str> = l.split_whitespace().collect();
        let i = w.iter().position(|x| *x == key)?;
        w.get(i + 1).map(|s| s.to_string())
    };
    let lines = before
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .filter_map(|l| {
            Some((
                field(l, "depth")?.parse().ok()?,
                field(l, "multipv")?.parse().ok()?,
                field(l, "pv")?,
            ))
        })
        .collect();
    let best = best.split_whitespace().nth(1).expect("a move").to_string();
    (best, lines)
}

#[test]
fn go_searchmoves_searches_only_the_moves_named() {
    let mut b = handshake(&["position startpos"]);
    let (best, lines) = go_lines(&mut b, "go depth 5 searchmoves a2a3 h2h3");
    assert!(["a2a3", "h2h3"].contains(&best.as_str()), "{best}");
    assert_eq!(lines.last().map(|l| l.0), Some(5), "{lines:?}");
    assert!(
        lines.iter().all(|l| l.2 == "a2a3" || l.2 == "h2h3"),
        "{lines:?}"
    );
    // Black, with fool's mate on the board: the mate is left out when not named.
    b.send("position startpos moves f2f3 e7e5 g2g4");
    let (best, _) = go_lines(&mut b, "go depth 3 searchmoves a7a6");
    assert_eq!(best, "a7a6");
    // The next search without it takes every move again.
    let (best, _) = go_lines(&mut b, "go depth 3");
    assert_eq!(best, "d8h4");
    // With two threads too.
    b.send("setoption name Threads value 2");
    b.send("position startpos");
    let (best, lines) = go_lines(&mut b, "go depth 6 searchmoves b2b3");
    assert_eq!(best, "b2b3");
    assert!(lines.iter().all(|l| l.2 == "b2b3"), "{lines:?}");
    assert!(b.close());
}

#[test]
fn go_searchmoves_with_multipv_shows_no_more_lines_than_moves() {
    let mut b = handshake(&["setoption name MultiPV value 3", "position startpos"]);
    let (_, lines) = go_lines(&mut b, "go depth 4 searchmoves b1c3 g1f3");
    let mut last: Vec<_> = lines
        .iter()
        .filter(|l| l.0 == 4)
        .map(|l| (l.1, &l.2))
        .collect();
    assert_eq!(last.len(), 2, "{lines:?}");
    last.sort();
    assert_eq!(last.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2]);
    let mut heads: Vec<_> = last.iter().map(|l| l.1.as_str()).collect();
    heads.sort();
    assert_eq!(heads, ["b1c3", "g1f3"]);
    assert!(b.close());
}

#[test]
fn go_searchmoves_reads_a_stonesrelays_turn_with_its_neutral_move() {
    let mut b = in_variant("stonesrelays", "position startpos");
    let (best, lines) = go_lines(&mut b, "go depth 3 searchmoves e2e3,b4b3 e2e4,d5d6");
    assert!(
        ["e2e3,b4b3", "e2e4,d5d6"].contains(&best.as_str()),
        "{best}"
    );
    assert_eq!(lines.last().map(|l| l.0), Some(3), "{lines:?}");
    assert!(b.close());
}

/// The nodes of `go depth 7` from knightmate's start after `setup`, and the errors the
/// setup drew.
fn knightmate_depth_7_nodes(setup: &[&str]) -> (u64, Vec<String>) {
    let mut b = in_variant("knightmate", "position startpos");
    b.send_all(setup);
    let (_, before) = b.ask("isready", "readyok");
    let errors = before
        .into_iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    b.send_all(&["position startpos"]);
    let (_, lines) = b.ask("go depth 7", "bestmove ");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 7 "))
        .unwrap_or_else(|| panic!("a depth-7 line: {lines:?}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").expect("nodes");
    assert!(b.close());
    (words[at + 1].parse().expect("a node count"), errors)
}

/// `Tune` reaches the search (other pruning numbers search another tree), a refused
/// value keeps the numbers set before it, and `<empty>` brings back the built-in ones.
#[test]
fn the_tune_option_changes_the_pruning_and_a_refused_value_changes_nothing() {
    let (own, none) = knightmate_depth_7_nodes(&[]);
    assert!(none.is_empty(), "{none:?}");
    let narrow = "setoption name Tune value rfp_margin=20 futility_margin=20";
    let (tuned, none) = knightmate_depth_7_nodes(&[narrow]);
    assert!(none.is_empty(), "{none:?}");
    assert_ne!(tuned, own);
    let (kept, refused) = knightmate_depth_7_nodes(&[
        narrow,
        "setoption name Tune value rfp_margin=5000",
        "setoption name Tune value lmr=3",
    ]);
    assert_eq!(kept, tuned);
    assert_eq!(
        refused,
        [
            "info string error: Tune: rfp_margin value 5000 out of range 20..400",
            "info string error: Tune: no tunable number is named 'lmr' (there are: rfp_depth, \
             rfp_margin, null_margin, quiet_depth, futility_margin, futility_base, history_depth)"
        ]
    );
    let (back, _) = knightmate_depth_7_nodes(&[narrow, "setoption name Tune value <empty>"]);
    assert_eq!(back, own);
}
