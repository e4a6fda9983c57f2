//! UCI sessions through `run(reader, writer)`.

mod common;
use common::{session, session_bytes, with};

use baton_engine::{parse_move, Position, Variant};

fn fen_line(lines: &[String]) -> String {
    with(lines, "Fen: ")
        .last()
        .expect("a Fen line")
        .trim_start_matches("Fen: ")
        .to_string()
}

#[test]
fn uci_lists_id_options_and_uciok() {
    let out = session("uci\nquit\n");
    assert!(out[0].starts_with("id name Baton"));
    assert!(with(&out, "id author").len() == 1);
    let combo = with(&out, "option name UCI_Variant type combo default chess");
    assert_eq!(combo.len(), 1);
    // Cute Chess looks for these two names.
    assert!(combo[0].contains(" var knightmate "));
    assert!(combo[0].contains(" var knightrelay "));
    for name in ["Hash", "Threads", "MultiPV", "Move Overhead"] {
        assert_eq!(
            with(&out, &format!("option name {name} type spin ")).len(),
            1,
            "{name}"
        );
    }
    assert_eq!(
        with(&out, "option name Ponder type check default false").len(),
        1
    );
    assert_eq!(with(&out, "option name Clear Hash type button").len(), 1);
    assert_eq!(out.last().map(String::as_str), Some("uciok"));
}

#[test]
fn isready_answers_readyok() {
    assert_eq!(
        session("uci\nisready\n").last().map(String::as_str),
        Some("readyok")
    );
}

#[test]
fn position_with_moves_then_d() {
    let out = session("uci\nposition startpos moves e2e4 c7c5 g1f3\nd\n");
    assert_eq!(
        fen_line(&out),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

/// A GUI sends the whole game before every move; the moves already held are kept and
/// only the new ones read. A longer game, a game that branches off earlier, another
/// start and another variant each give the position of the moves as sent.
#[test]
fn a_game_sent_again_with_more_moves_or_another_line_is_read_as_sent() {
    let out = session(
        "uci\nposition startpos moves e2e4 c7c5\nposition startpos moves e2e4 c7c5 g1f3\nd\n\
         position startpos moves e2e4 e7e5 g1f3\nd\nposition startpos moves e2e4 e7e5 g1f3 e7e5\nd\n\
         position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4\nd\n\
         setoption name UCI_Variant value knightmate\nposition startpos moves e2e4\nd\n",
    );
    let fens: Vec<String> = with(&out, "Fen: ")
        .iter()
        .map(|l| l.trim_start_matches("Fen: ").to_string())
        .collect();
    assert_eq!(
        fens,
        [
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            // The illegal repeat of e7e5 is refused and the last position kept.
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
            "rmbqkbmr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 1",
        ],
        "{out:?}"
    );
    assert_eq!(errors(&out).len(), 1, "{out:?}");
}

#[test]
fn position_fen_with_moves() {
    let out = session("uci\nposition fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7\nd\n");
    assert_eq!(fen_line(&out), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
}

#[test]
fn knightmate_position_through_the_variant_option() {
    let out = session(
        "uci\nsetoption name UCI_Variant value knightmate\nposition startpos moves e2e4\nd\n",
    );
    assert!(with(&out, "info string error").is_empty(), "{out:?}");
    assert_eq!(
        fen_line(&out),
        "rmbqkbmr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 1"
    );
}

#[test]
fn go_depth_1_gives_a_legal_bestmove() {
    let out = session("uci\nposition startpos moves e2e4\ngo depth 1\n");
    let best = with(&out, "bestmove ");
    assert_eq!(best.len(), 1, "{out:?}");
    let text = best[0].split_whitespace().nth(1).expect("a move");
    let pos = Position::from_fen(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    )
    .expect("fen");
    assert!(parse_move(&pos, text).is_ok(), "{text}");
    assert!(!with(&out, "info depth ").is_empty());
}

#[test]
fn info_line_has_every_field() {
    let out = session("uci\ngo depth 1\n");
    let info = with(&out, "info depth ");
    let line = info.first().expect("an info line");
    for field in [
        " seldepth ",
        " multipv ",
        " score ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(line.contains(field), "{field} missing in {line}");
    }
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    // Black is mated (fool's mate).
    let out = session("uci\nposition startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 3\n");
    assert_eq!(with(&out, "bestmove "), vec!["bestmove (none)"]);
}

#[test]
fn go_perft_prints_divide_and_total() {
    let out = session("uci\ngo perft 3\n");
    assert_eq!(with(&out, "Nodes searched: "), vec!["Nodes searched: 8902"]);
    let rows: Vec<_> = out
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(rows.len(), 20);
    assert!(with(&out, "bestmove").is_empty());
}

#[test]
fn quit_after_go_perft_still_prints_the_counts() {
    let out = session(
        "uci\nsetoption name UCI_Variant value knightrelay\nposition startpos\ngo perft 2\nquit\n",
    );
    assert_eq!(with(&out, "Nodes searched: "), vec!["Nodes searched: 784"]);
    assert!(
        with(&out, "info string perft stopped").is_empty(),
        "{out:?}"
    );
}

#[test]
fn go_ponder_waits_for_ponderhit_or_stop() {
    let out = session("uci\ngo ponder wtime 1000 btime 1000\nisready\nstop\nisready\n");
    let ready: Vec<_> = out
        .iter()
        .position(|l| l == "readyok")
        .into_iter()
        .collect();
    let best = out
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .expect("bestmove");
    assert!(ready[0] < best, "pondering ended before stop: {out:?}");
    let out = session("uci\ngo ponder depth 1\nponderhit\nisready\n");
    assert_eq!(with(&out, "bestmove ").len(), 1);
}

// ---- bad input -------------------------------------------------------------------

fn errors(out: &[String]) -> Vec<&str> {
    with(out, "info string error: ")
}

#[test]
fn unknown_command_is_an_error() {
    let out = session("uci\nfrobnicate now\nisready\n");
    assert_eq!(errors(&out).len(), 1);
    assert!(errors(&out)[0].contains("frobnicate"));
}

#[test]
fn malformed_fen_keeps_the_last_position() {
    let out = session(
        "uci\nposition startpos moves d2d4\nposition fen rnbqkbnr/pppp w KQkq\nposition fen\n\
         position fen 8/8/8/8/8/8/8/8 w - - 0 1\nposition banana\nd\n",
    );
    assert_eq!(errors(&out).len(), 4, "{out:?}");
    assert_eq!(
        fen_line(&out),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn illegal_move_in_position_keeps_the_last_position() {
    let out = session(
        "uci\nposition startpos moves e2e4\nposition startpos moves e2e4 e2e4\n\
         position startpos moves a9a10 e2e4,d5d6\nd\n",
    );
    assert_eq!(errors(&out).len(), 2, "{out:?}");
    assert!(errors(&out)[0].contains("e2e4"));
    assert!(errors(&out)[1].contains("a9a10"));
    assert_eq!(
        fen_line(&out),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn bad_setoption_is_an_error_and_changes_nothing() {
    let out = session(
        "uci\nsetoption name Nonsense value 3\nsetoption name Hash value 0\n\
         setoption name Hash value 99999999999999999999999\nsetoption name Threads value two\n\
         setoption name UCI_Variant value crazyhouse\nsetoption Hash 3\n\
         position startpos moves e2e4\nd\n",
    );
    assert_eq!(errors(&out).len(), 6, "{out:?}");
    // An unknown variant's error lists the names Baton knows.
    assert!(
        errors(&out)[4].contains("unknown variant 'crazyhouse' (known: chess, knightmate,"),
        "{out:?}"
    );
    assert!(fen_line(&out).starts_with("rnbqkbnr/"));
}

#[test]
fn go_with_bad_numbers_still_moves() {
    let out = session("uci\ngo depth 300\n");
    assert_eq!(errors(&out).len(), 1);
    assert_eq!(with(&out, "bestmove ").len(), 1);
    let out = session("uci\ngo wtime -100 btime -5 winc -1 depth 2\n");
    assert_eq!(errors(&out).len(), 3);
    assert_eq!(with(&out, "bestmove ").len(), 1);
    let out = session("uci\ngo nodes 999999999999999999999999999999 depth x\n");
    assert_eq!(errors(&out).len(), 2);
    assert_eq!(with(&out, "bestmove ").len(), 1);
}

#[test]
fn binary_garbage_is_an_error_and_the_loop_goes_on() {
    let mut input = b"uci\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\x00\x01garbage\x1b[2J\n");
    input.extend_from_slice(&[0x80; 5000]);
    input.extend_from_slice(b"\nposition startpos moves \xc3\x28 e2e4\nisready\n");
    let out = session_bytes(&input);
    assert_eq!(errors(&out).len(), 3, "{out:?}");
    assert!(out.iter().all(|l| !l.contains('\u{1b}')));
    assert_eq!(out.last().map(String::as_str), Some("readyok"));
}

#[test]
fn protocol_must_be_chosen_first() {
    let out = session("isready\nuci\nisready\n");
    assert!(out[0].starts_with("error: "));
    assert_eq!(out.last().map(String::as_str), Some("readyok"));
}

#[test]
fn quit_ends_the_session() {
    let out = session("uci\nquit\nisready\n");
    assert!(with(&out, "readyok").is_empty());
}

#[test]
fn debug_on_and_off_are_accepted_without_error() {
    let out = session("uci\ndebug on\ndebug off\nisready\nquit\n");
    assert!(with(&out, "info string error").is_empty(), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("readyok"));
    let bad = session("uci\ndebug maybe\nquit\n");
    assert_eq!(with(&bad, "info string error: debug").len(), 1, "{bad:?}");
}

/// `go searchmoves` reports each word that is no legal move before the search starts
/// (what the search then does: `tests/uci.rs`).
#[test]
fn go_searchmoves_reports_words_that_are_no_legal_move() {
    let out = session("uci\nposition startpos\ngo depth 1 searchmoves e2e5 banana g1f3\n");
    assert_eq!(errors(&out).len(), 2, "{out:?}");
    assert!(errors(&out)[0].contains("e2e5"), "{out:?}");
    assert!(errors(&out)[1].contains("banana"), "{out:?}");
    // None legal: every move is searched, and the engine still moves.
    let out = session("uci\nposition startpos\ngo depth 1 searchmoves e2e5\n");
    assert_eq!(errors(&out).len(), 2, "{out:?}");
    assert!(errors(&out)[1].contains("searching every move"), "{out:?}");
    assert_eq!(with(&out, "bestmove ").len(), 1);
}
