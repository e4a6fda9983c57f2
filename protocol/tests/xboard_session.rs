//! XBoard sessions through `run(reader, writer)`.

mod common;
use common::{session, session_bytes, with};

use baton_engine::{format_san, parse_move, parse_san, Game, Variant};

/// A session in force mode from a new game: `lines`, then `ping 1`.
fn forced(lines: &str) -> Vec<String> {
    session(&format!("xboard\nnew\nforce\n{lines}\nping 1\n"))
}

/// Replays the moves the engine sent and checks each is legal where it was sent, in
/// the notation XBoard was told: SAN in chess after `protover` (docs/san.md),
/// coordinates without it (protocol 1).
fn replay(user_moves: &[&str], out: &[String]) -> Game {
    let san = !with(out, "feature ").is_empty();
    let mut g = Game::startpos(Variant::Chess);
    let engine_moves: Vec<&str> = with(out, "move ")
        .iter()
        .map(|l| l.trim_start_matches("move "))
        .collect();
    let mut e = engine_moves.iter();
    for u in user_moves {
        g.play_text(u).expect("user move legal");
        let m = e.next().expect("engine answered");
        let played = parse_san(g.position(), m).expect("engine move legal");
        if san {
            assert_eq!(&format_san(g.position(), played), m, "engine move in SAN");
        } else {
            assert!(parse_move(g.position(), m).is_ok(), "engine move {m}");
        }
        g.play(played);
    }
    g
}

#[test]
fn protover_announces_features() {
    let out = session("xboard\nprotover 2\n");
    let f = with(&out, "feature ");
    assert_eq!(f.len(), 1);
    for want in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "time=1",
        "memory=1",
        "smp=1",
        "colors=0",
        "sigint=0",
        // SAN in chess, where XBoard's SAN is Baton's (docs/san.md).
        "san=1",
        "highlight=1",
        "myname=\"Baton\"",
        "variants=\"normal,knightmate,knightrelay,combiningknightmare,stonesrelays,\
         stonesrelays-tunnel,flipten,flipeight\"",
        "done=1",
    ] {
        assert!(f[0].contains(want), "{want} missing");
    }
}

#[test]
fn new_usermove_engine_replies() {
    let out = session("xboard\nprotover 2\nnew\nsd 2\nusermove e2e4\nping 1\n");
    let moves = with(&out, "move ");
    assert_eq!(moves.len(), 1, "{out:?}");
    replay(&["e2e4"], &out);
}

#[test]
fn go_makes_the_engine_play_white_and_the_move_is_kept() {
    let out = session("xboard\nnew\nsd 1\ngo\nping 7\n?\nforce\nusermove e7e5\nping 8\n");
    let m = with(&out, "move ");
    assert_eq!(m.len(), 1, "{out:?}");
    assert!(with(&out, "pong 7").len() == 1);
    assert_eq!(out.last().map(String::as_str), Some("pong 8"));
    // The engine's move was played on its board: black's e7e5 was legal after it.
    assert!(with(&out, "Illegal move").is_empty(), "{out:?}");
}

#[test]
fn force_mode_does_not_think() {
    let out = session("xboard\nnew\nforce\nusermove e2e4\nusermove e7e5\nping 2\n");
    assert!(with(&out, "move ").is_empty());
    assert_eq!(with(&out, "pong 2").len(), 1);
}

#[test]
fn thinking_output_with_post_and_not_with_nopost() {
    let out = session("xboard\nnew\npost\nsd 1\ngo\nping 1\n");
    let thinking: Vec<_> = out
        .iter()
        .filter(|l| l.split_whitespace().count() >= 5 && l.starts_with(char::is_numeric))
        .collect();
    assert!(!thinking.is_empty(), "{out:?}");
    let out = session("xboard\nnew\nnopost\nsd 1\ngo\nping 1\n");
    assert!(
        out.iter().all(|l| !l.starts_with(char::is_numeric)),
        "{out:?}"
    );
}

#[test]
fn mate_is_claimed() {
    let out = forced("usermove f2f3\nusermove e7e5\nusermove g2g4\nusermove d8h4");
    assert_eq!(with(&out, "0-1 {Black mates}").len(), 1, "{out:?}");
}

#[test]
fn undo_and_remove() {
    let out = forced(
        "usermove e2e4\nusermove e7e5\nremove\nusermove e2e4\nundo\nusermove d2d4\nundo\nundo",
    );
    assert_eq!(with(&out, "Error (no move to undo)").len(), 1, "{out:?}");
    assert!(with(&out, "Illegal move").is_empty());
}

#[test]
fn variant_knightmate_needs_no_setup_and_plays() {
    let out = session("xboard\nnew\nvariant knightmate\nsd 1\nusermove e2e4\nping 1\n");
    assert!(with(&out, "setup ").is_empty());
    assert_eq!(with(&out, "move ").len(), 1, "{out:?}");
    assert!(with(&out, "Error").is_empty(), "{out:?}");
}

#[test]
fn unknown_variants_get_setup_or_a_clear_error() {
    for v in Variant::ALL {
        if matches!(v, Variant::Chess | Variant::Knightmate) {
            continue;
        }
        let out = session(&format!("xboard\nnew\nvariant {v}\nping 1\n"));
        let setup = with(&out, "setup (");
        assert_eq!(setup.len(), 1, "{v}: {out:?}");
        assert!(setup[0].contains("+0_fairy "));
    }
    let out = session("xboard\nnew\nvariant crazyhouse\nping 1\n");
    // The error names the variants XBoard may ask for, in XBoard's names.
    let error = with(&out, "Error (unknown variant; known: normal, knightmate, ");
    assert_eq!(error.len(), 1, "{out:?}");
    assert!(error[0].ends_with("): variant crazyhouse"), "{error:?}");
}

#[test]
fn xboard_names_reach_their_variants_and_limits_are_told() {
    // XBoard reads `flipshatranj` as its own `shatranj`: it gets names of its own.
    let out = session("xboard\nnew\nvariant flipten\nping 1\n");
    assert!(
        with(&out, "setup (")[0].contains("10x10+0_fairy dnexkkxend/"),
        "{out:?}"
    );
    let out = session("xboard\nnew\nvariant flipeight\nping 1\n");
    assert!(
        with(&out, "setup (")[0].contains("8x8+0_fairy dnexkend/"),
        "{out:?}"
    );
    // Where XBoard cannot carry a turn or a piece, the user is told, and where to go.
    for v in Variant::ALL {
        let name = baton_protocol::xboard_names::of(v).name;
        let out = session(&format!("xboard\nnew\nvariant {name}\nping 1\n"));
        let told = with(&out, "tellusererror ");
        if baton_protocol::xboard_names::of(v).limit.is_some() {
            assert_eq!(told.len(), 1, "{v}: {out:?}");
            assert!(told[0].contains("baton gui"), "{v}: {}", told[0]);
        } else {
            assert!(told.is_empty(), "{v}: {out:?}");
        }
    }
}

#[test]
fn analyze_and_exit() {
    let out = session("xboard\nnew\npost\nanalyze\nusermove e2e4\nundo\nexit\nping 3\n");
    assert!(with(&out, "move ").is_empty(), "{out:?}");
    assert_eq!(with(&out, "pong 3").len(), 1);
}

#[test]
fn time_controls_are_accepted() {
    let out = session(
        "xboard\nnew\nlevel 40 5 0\nlevel 0 2:30 1.5\ntime 1000\notim 900\nst 1\nsd 3\n\
         memory 32\ncores 1\neasy\nhard\naccepted setboard\nrejected colors\nping 1\n",
    );
    assert!(with(&out, "Error").is_empty(), "{out:?}");
}

// ---- bad input -------------------------------------------------------------------

#[test]
fn illegal_usermove_is_refused_and_the_position_kept() {
    let out = forced("usermove e2e4\nusermove e2e4\nusermove z9z9\nusermove \nusermove e7e5");
    assert_eq!(
        with(&out, "Illegal move: "),
        vec!["Illegal move: e2e4", "Illegal move: z9z9", "Illegal move: "],
        "{out:?}"
    );
}

#[test]
fn bad_setboard_keeps_the_position() {
    let out = forced(
        "usermove e2e4\nsetboard nonsense\nsetboard 8/8/8/8/8/8/8/8 w - - 0 1\nusermove e7e5",
    );
    assert_eq!(with(&out, "Error (illegal position)").len(), 2, "{out:?}");
    assert_eq!(with(&out, "tellusererror Illegal position").len(), 2);
    assert!(with(&out, "Illegal move").is_empty());
}

#[test]
fn bad_numbers_and_unknown_commands() {
    let out = session(
        "xboard\nnew\ntime abc\notim\nlevel x y z\nst -1\nsd deep\nmemory 0\ncores 100000\nflurb\nping 1\n",
    );
    let errors = with(&out, "Error (");
    assert_eq!(errors.len(), 8, "{out:?}");
    assert!(errors.last().is_some_and(|e| e.contains("unknown command")));
    assert_eq!(with(&out, "pong 1").len(), 1);
}

#[test]
fn binary_garbage_is_an_error() {
    let mut input = b"xboard\nnew\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\x00garbage\x07\n\x80\x81\nping 1\n");
    let out = session_bytes(&input);
    assert_eq!(with(&out, "Error (unknown command)").len(), 2, "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("pong 1"));
}

/// A person's move in an engine-defined variant, as XBoard sends it with highlight=1:
/// `lift` is answered with the legal targets from Baton's rules, `put` needs no answer,
/// the move follows as `usermove`; a drop the rules refuse is an `Illegal move`.
#[test]
fn a_persons_move_through_lift_and_put_uses_batons_rules() {
    let out = session(
        "xboard\nprotover 2\nnew\nvariant knightrelay\nsd 1\n\
         lift b1\nput b3\nusermove b1b3\n\
         lift e2\nput e4\nusermove e2e4\nping 1\n",
    );
    let marks = with(&out, "highlight ");
    assert_eq!(marks.len(), 2, "{out:?}");
    // The knight: a3 and c3, nothing else.
    assert_eq!(marks[0], "highlight 8/8/8/8/8/Y1Y5/8/8");
    // The pawn: e3 and e4, and the knight leaps its relay by the g1 knight gives it
    // (c3, d4, f4, g3): XBoard could not know these.
    assert_eq!(marks[1], "highlight 8/8/8/8/3YYY2/2Y1Y1Y1/8/8");
    assert_eq!(with(&out, "Illegal move"), vec!["Illegal move: b1b3"]);
    let replies = with(&out, "move ");
    assert_eq!(replies.len(), 1, "{out:?}");
    let mut g = Game::startpos(Variant::KnightRelay);
    g.play_text("e2e4").expect("legal");
    let reply = replies[0].trim_start_matches("move ");
    assert!(g.play_text(reply).is_ok(), "engine reply {reply}");
}

#[test]
fn lift_on_a_ten_rank_board_reads_xboards_rank_numbers() {
    // flipten: XBoard's b0 is our b1 (ranks from 0 on ten-rank boards).
    let out = session("xboard\nprotover 2\nvariant flipten\nforce\nlift b0\nlift z9\nping 1\n");
    let marks = with(&out, "highlight ");
    assert_eq!(marks.len(), 1, "{out:?}");
    assert_ne!(
        marks[0], "highlight 10/10/10/10/10/10/10/10/10/10",
        "the knight can move"
    );
    assert_eq!(with(&out, "Error (bad square)").len(), 1, "{out:?}");
}

/// In a variant XBoard cannot carry, Baton does not move when XBoard says `go` after
/// the `tellusererror` (XBoard would forfeit a move it cannot read): it answers with an
/// error that says why, and no move.
#[test]
fn no_move_in_a_variant_xboard_cannot_carry() {
    let out = session("xboard\nprotover 2\nnew\nvariant flipten\nlevel 40 0:04 0\ngo\nping 1\n");
    assert!(with(&out, "move ").is_empty(), "{out:?}");
    let errors = with(&out, "Error (flipshatranj: ");
    assert_eq!(errors.len(), 1, "{out:?}");
    assert!(errors[0].contains("baton gui"), "{out:?}");
    assert!(!with(&out, "pong 1").is_empty(), "{out:?}");
}

#[test]
fn a_move_in_a_variant_xboard_cannot_carry_is_refused_naming_the_move() {
    // The opponent's move is played; Baton does not answer it, and the error names
    // the command that asked for an answer (the move), not `go`.
    let out = session(
        "xboard\nprotover 2\nnew\nvariant combiningknightmare\nplayother\nusermove e2e4\nping 1\n",
    );
    assert!(with(&out, "move ").is_empty(), "{out:?}");
    let errors = with(&out, "Error (combiningknightmare: ");
    assert_eq!(errors.len(), 1, "{out:?}");
    assert!(errors[0].ends_with("usermove e2e4"), "{out:?}");
    assert!(!with(&out, "pong 1").is_empty(), "{out:?}");
}
