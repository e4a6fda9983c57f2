//! PGN of games between engines, through the engine's PGN module (`baton_engine::pgn`):
//! the referee's records written in SAN (or, with `--notation coordinates`, Baton's
//! notation), and any PGN read back, SAN or coordinates, cutechess-cli's and lichess's
//! included, and checked against Baton's rules and its recorded result. `baton match`
//! writes, replays and merges with it; `baton tune` reads its training games.

use baton_engine::pgn::{self as engine_pgn, GameText, Notation};
use baton_engine::{parse_move, rules, Color, Game, Position};

use crate::referee::{color_name, GameRecord, Termination};

pub use baton_engine::pgn::PgnGame;

/// Today's date as `YYYY.MM.DD` (UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    engine_pgn::date_of(secs)
}

/// One game as PGN text (ending with a blank line): the standard's seven tags, then
/// Variant, SetUp/FEN, TimeControl, PlyCount and Termination; each engine move followed
/// by its score, depth and time as cutechess-cli writes them (`{+0.61/13 0.59s}`).
pub fn write_game(rec: &GameRecord, event: &str, names: &[String], notation: Notation) -> String {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tag = |name: &str, value: &str| tags.push((name.to_string(), value.to_string()));
    tag("Event", event);
    tag("Site", "?");
    tag("Date", &today());
    tag("Round", &rec.number.to_string());
    tag("White", &names[rec.players[0]]);
    tag("Black", &names[rec.players[1]]);
    tag("Result", rec.result_text());
    tag("Variant", rec.variant.name());
    tag("SetUp", "1");
    tag("FEN", &rec.fen);
    tag("TimeControl", &rec.time_control);
    tag("PlyCount", &rec.moves.len().to_string());
    tag("Termination", rec.termination.text());
    // The referee recorded only legal moves; should one not read back, the record
    // keeps the moves before it and says so rather than write a false game.
    let start = Position::from_fen(rec.variant, &rec.fen)
        .unwrap_or_else(|_| Position::startpos(rec.variant));
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(rec.moves.len());
    let mut comments: Vec<Vec<String>> = Vec::with_capacity(rec.moves.len());
    let mut end = Vec::new();
    for (k, text) in rec.moves.iter().enumerate() {
        let Ok(m) = parse_move(&pos, text) else {
            end.push(format!(
                "the record's move {} '{text}' does not replay",
                k + 1
            ));
            break;
        };
        pos = pos.play(m);
        moves.push(m);
        let mut notes = Vec::new();
        if let Some(Some(thought)) = rec.thoughts.get(k) {
            notes.push(thought.text());
        }
        if k + 1 == rec.opening_plies {
            notes.push("end of opening".into());
        }
        comments.push(notes);
    }
    if !rec.reason.is_empty() {
        end.insert(0, rec.reason.clone());
    }
    engine_pgn::write_game(&GameText {
        tags,
        start,
        moves,
        comments,
        end: (!end.is_empty()).then(|| end.join("; ")),
        result: rec.result_text().to_string(),
        notation,
    })
}

/// Every game of a PGN file (`baton_engine::pgn::read_games`), with the moves that
/// replay given in Baton's notation (the rest as written), so that callers that play
/// coordinate moves (the board's `position` commands, `tune`) read SAN games too.
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut games = engine_pgn::read_games(text);
    for g in &mut games {
        g.moves = g.coordinate_moves();
    }
    games
}

/// Re-plays one game; `Err` says how it disagrees with Baton's rules.
pub fn check_game(g: &PgnGame) -> Result<(), String> {
    // The engine's reading of the moves (an ambiguous text settled by the rest of the
    // game, as cutechess-cli's knightrelay records need).
    let (start, moves) = g.replay()?;
    let mut game = Game::new(start);
    for (k, &m) in moves.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Err(format!(
                "move {} '{}' played after the game ended ({})",
                k + 1,
                g.moves[k],
                o.reason
            ));
        }
        game.play(m);
    }
    let result = g.tag("Result").unwrap_or("*");
    if let Some(token) = &g.result_token {
        if token != result {
            return Err(format!(
                "Result tag {result} but move text ends with {token}"
            ));
        }
    }
    let termination = match g.tag("Termination") {
        Some(t) => Termination::from_text(t).ok_or_else(|| format!("unknown Termination '{t}'"))?,
        None => Termination::Normal,
    };
    let outcome = game.outcome();
    let to_move = game.position().side();
    match termination {
        Termination::Unterminated => Ok(()),
        Termination::Normal => match outcome {
            Some(o) if o.result_text() == result => Ok(()),
            Some(o) => Err(format!(
                "the rules say {} ({}), the record says {result}",
                o.result_text(),
                o.reason
            )),
            None => Err(format!("recorded {result} but the game is not over")),
        },
        t => {
            if let Some(o) = outcome {
                // cutechess-cli 1.5.1's knightrelay does not see relayed checks, so it
                // records Baton's `bestmove (none)` when mated as an illegal move (its
                // words; Baton's own records say "rules infraction"): the rules'
                // result is what counts there.
                let host_verdict = g
                    .tag("Termination")
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("illegal move"));
                if host_verdict && o.result_text() == result {
                    return Ok(());
                }
                return Err(format!(
                    "the game was already over ({}) but ended by {}",
                    o.reason,
                    t.text()
                ));
            }
            let ok = if t.is_failure() {
                // The engine to move failed and lost; but a flag fall is a draw where
                // its opponent cannot win (as cutechess-cli and `baton match` score it;
                // older records and other hosts score it as a loss, still accepted).
                let loss = if to_move == Color::White {
                    "0-1"
                } else {
                    "1-0"
                };
                result == loss
                    || (t == Termination::TimeForfeit
                        && result == "1/2-1/2"
                        && rules::cannot_win(game.position(), !to_move))
            } else {
                engine_pgn::RESULTS[..3].contains(&result)
            };
            if ok {
                Ok(())
            } else {
                Err(format!(
                    "{} with {} to move, but the record says {result}",
                    t.text(),
                    color_name(to_move)
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baton_engine::Variant;

    fn record(moves: &[&str], winner: Option<Color>, t: Termination) -> GameRecord {
        GameRecord {
            number: 1,
            players: [0, 1],
            variant: Variant::Chess,
            fen: Variant::Chess.start_fen().into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            thoughts: Vec::new(),
            opening_plies: 0,
            winner,
            termination: t,
            reason: "test {reason}".into(),
            log: Vec::new(),
            time_control: "1+0".into(),
        }
    }

    fn names() -> Vec<String> {
        vec!["A \"quoted\"".into(), "B".into()]
    }

    fn shows(text: &str, part: &str) {
        assert!(text.contains(part), "{part:?} not in {text}");
    }

    /// The PGN of `rec`, checked to read back as `moves`.
    fn written(rec: &GameRecord, moves: &[&str]) -> String {
        let text = write_game(rec, "ev", &names(), Notation::San);
        assert_eq!(read_games(&text)[0].moves, moves);
        let coordinates = write_game(rec, "ev", &names(), Notation::Coordinates);
        assert_eq!(read_games(&coordinates)[0].moves, moves);
        text
    }

    #[test]
    fn each_moves_comment_is_kept_with_it_even_across_a_line_break() {
        let text = "[Event \"a\"]\n\n1. e2e4 {+0.58/15\n0.452s} e7e5 2. g1f3 (2. f2f4 {x}) \
                    {-0.20/9 0.1s} *\n";
        let g = &read_games(text)[0];
        assert_eq!(g.moves, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(g.comments, ["+0.58/15 0.452s", "", "-0.20/9 0.1s"]);
    }

    #[test]
    fn a_written_game_reads_back_and_checks() {
        let rec = record(
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            Some(Color::Black),
            Termination::Normal,
        );
        let text = write_game(&rec, "ev", &names(), Notation::San);
        shows(&text, "1. f3 e5 2. g4 Qh4# {test {reason)} 0-1");
        let games = read_games(&(text.clone() + &text));
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White"), Some("A \"quoted\""));
        assert_eq!(games[0].moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert_eq!(games[0].result_token.as_deref(), Some("0-1"));
        assert_eq!(check_game(&games[0]), Ok(()));
    }

    #[test]
    fn wrong_results_and_illegal_moves_are_caught() {
        let names = names();
        let check = |moves: &[&str], winner, termination| {
            let rec = record(moves, winner, termination);
            check_game(&read_games(&write_game(&rec, "e", &names, Notation::San))[0])
        };
        // Mate recorded as a White win.
        assert!(check(
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            Some(Color::White),
            Termination::Normal
        )
        .is_err());
        // Not over, but recorded as finished by the rules.
        assert!(check(&["e2e4"], Some(Color::White), Termination::Normal).is_err());
        // A forfeit must go against the side to move.
        assert!(check(&["e2e4"], Some(Color::White), Termination::TimeForfeit).is_ok());
        assert!(check(&["e2e4"], Some(Color::Black), Termination::TimeForfeit).is_err());
        // A flag fall against a side whose opponent cannot win is a draw (a lone
        // king cannot win against a king and pawn); against one that can, a loss.
        let flag = |fen: &str, result: &str| {
            let text = format!(
                "[FEN \"{fen}\"]\n[SetUp \"1\"]\n[Result \"{result}\"]\n\
                 [Termination \"time forfeit\"]\n\n1. Kd2 {result}\n"
            );
            check_game(&read_games(&text)[0])
        };
        assert_eq!(flag("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", "1/2-1/2"), Ok(()));
        assert_eq!(
            flag("4k3/4p3/8/8/8/8/8/4K2R w - - 0 1", "1/2-1/2"),
            Err("time forfeit with Black to move, but the record says 1/2-1/2".into())
        );
        // An illegal move in the record.
        let illegal = "[Result \"1-0\"]\n[Termination \"adjudication\"]\n\n1. e2e5 1-0\n";
        let why = check_game(&read_games(illegal)[0]).unwrap_err();
        assert_eq!(why, "ply 1 (1.): illegal move 'e2e5'");
        // Moves after mate.
        assert!(check(
            &["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"],
            Some(Color::Black),
            Termination::RulesInfraction
        )
        .is_err());
        // Mate recorded by cutechess-cli as an illegal move (its knightrelay misses
        // relayed checks): the rules' result stands, another does not.
        let mate = |result: &str| {
            format!(
                "[Result \"{result}\"]\n[Termination \"illegal move\"]\n\n\
                 1. f3 e5 2. g4 Qh4# {result}\n"
            )
        };
        assert_eq!(check_game(&read_games(&mate("0-1"))[0]), Ok(()));
        assert!(check_game(&read_games(&mate("1-0"))[0]).is_err());
    }

    #[test]
    fn engine_scores_depths_and_times_follow_their_moves() {
        use crate::referee::Thought;
        use std::time::Duration;
        let moves = ["e2e4", "e7e5", "g1f3", "b8c6"];
        let thought = |score, depth, ms| {
            Some(Thought {
                score,
                depth,
                elapsed: Duration::from_millis(ms),
            })
        };
        let rec = GameRecord {
            thoughts: vec![
                None,
                None,
                thought(Some(31), Some(12), 412),
                thought(Some(-29_995), Some(20), 1002),
            ],
            opening_plies: 2,
            ..record(&moves, None, Termination::Adjudication)
        };
        let text = written(&rec, &moves);
        shows(&text, "2. Nf3 {+0.31/12 0.412s} 2... Nc6 {-M3/20 1.002s}");
        shows(&text, "1. e4 e5 {end of opening} 2.");
        let bare = Thought {
            score: None,
            depth: None,
            elapsed: Duration::from_millis(5),
        };
        assert_eq!(bare.text(), "0.005s");
    }

    #[test]
    fn combiningknightmare_games_are_written_in_the_pages_notation() {
        let variant = Variant::CombiningKnightmare;
        let moves = ["b1c3", "g8f6", "c3d5", "f6d5", "e2e4", "d5c3"];
        let rec = GameRecord {
            variant,
            fen: variant.start_fen().into(),
            ..record(&moves, None, Termination::Adjudication)
        };
        let text = written(&rec, &moves);
        // A fusion with a tilde; the Knightmare moved by Black by both its letters.
        shows(&text, "1. Nc3 Nf6 2. Nd5 N~Nd5 3. e4 NNc3");
        assert_eq!(check_game(&read_games(&text)[0]), Ok(()));
    }

    #[test]
    fn cut_off_and_malformed_games_carry_their_problems() {
        let text = write_game(
            &record(
                &["f2f3", "e7e5", "g2g4", "d8h4"],
                Some(Color::Black),
                Termination::Normal,
            ),
            "ev",
            &names(),
            Notation::San,
        );
        assert!(read_games(&text)[0].problems.is_empty());
        // Cut in the move text: no result.
        let cut = &text[..text.find("g4").unwrap()];
        let problems = &read_games(cut)[0].problems;
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("ends after ply 2 'e5' without a result"));
        // Tags alone, then another game's tags: two games, the first without moves.
        let games = read_games(&format!("[Event \"a\"]\n[Site \"?\"]\n\n{text}"));
        assert_eq!(games.len(), 2);
        assert!(games[0].problems[0].contains("no moves and no result"));
        assert!(games[1].problems.is_empty());
        // A broken tag line.
        let games = read_games("[Event \"a\"]\n[Site\n\n1. e2e4 *\n");
        assert_eq!(
            games[0].problems,
            ["line 2: '[Site' is not a whole tag line like [Name \"value\"]"]
        );
        // Nothing at all.
        assert!(read_games("\n \n").is_empty());
    }

    #[test]
    fn dates_are_well_formed() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
    }
}
