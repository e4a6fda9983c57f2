//! PGN out and back in. Moves are written in Baton's notation (docs/protocol.md), which
//! every variant shares, rather than SAN. combiningknightmare games add each move in
//! the notation of the variant's page as a comment, for human readers. `--replay` reads a file back and re-checks
//! every game against Baton's rules and its recorded result.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use baton_engine::{Color, Game, Position, Variant};

use super::game::{color_name, GameRecord, Termination};
use super::stats::Tally;

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Today's date as `YYYY.MM.DD` (UTC), from the days since 1970 (civil calendar
/// arithmetic, so no date library is needed).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// One game as PGN text (ending with a blank line).
pub fn write_game(rec: &GameRecord, event: &str, names: &[String]) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    };
    tag("Event", event);
    tag("Site", "?");
    tag("Date", &today());
    tag("Round", &rec.number.to_string());
    tag("White", &names[rec.players[0]]);
    tag("Black", &names[rec.players[1]]);
    tag("Result", rec.result_text());
    tag("Variant", rec.variant.name());
    tag("FEN", &rec.fen);
    tag("SetUp", "1");
    tag("TimeControl", &rec.time_control);
    tag("PlyCount", &rec.moves.len().to_string());
    tag("Termination", rec.termination.text());
    out.push('\n');

    let start = Position::from_fen(rec.variant, &rec.fen).ok();
    let (mut number, mut side) = start
        .as_ref()
        .map(|p| (p.fullmove().max(1), p.side()))
        .unwrap_or((1, Color::White));
    let notes = page_notes(rec.variant, start, &rec.moves);
    let mut tokens: Vec<String> = Vec::new();
    for (k, m) in rec.moves.iter().enumerate() {
        match side {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if k == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(m.clone());
        if let Some(note) = notes.get(k) {
            tokens.push(format!("{{{note}}}"));
        }
        if let Some(Some(thought)) = rec.thoughts.get(k) {
            tokens.push(format!("{{{}}}", thought.text()));
        }
        if k + 1 == rec.opening_plies {
            tokens.push("{end of opening}".into());
        }
        if side == Color::Black {
            number += 1;
        }
        side = side.other();
    }
    if !rec.reason.is_empty() {
        tokens.push(format!("{{{}}}", rec.reason.replace('}', ")")));
    }
    tokens.push(rec.result_text().to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// The moves in the notation of the variant's page where it has one of its own
/// (combiningknightmare: `QNe4`, `Q~Nc2`), as far as the moves replay legally; empty
/// for other variants.
fn page_notes(variant: Variant, start: Option<Position>, moves: &[String]) -> Vec<String> {
    let mut notes = Vec::new();
    let (Variant::CombiningKnightmare, Some(mut pos)) = (variant, start) else {
        return notes;
    };
    for text in moves {
        let Ok(m) = baton_engine::parse_move(&pos, text) else {
            break;
        };
        notes.push(baton_engine::rules::combining::page_notation(&pos, m));
        pos = pos.play(m);
    }
    notes
}

/// A game read from PGN.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub tags: BTreeMap<String, String>,
    pub moves: Vec<String>,
    /// The comment after each move (`comments[i]` follows `moves[i]`; empty where there
    /// is none): `baton match` writes the mover's score, depth and time there.
    pub comments: Vec<String>,
    /// The result token at the end of the move text, if any.
    pub result_token: Option<String>,
    /// What makes the text of the game unreadable or incomplete: a malformed tag line, a
    /// comment left open, no result at the end (a file cut off in the game).
    pub problems: Vec<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name).map(String::as_str)
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                value.push(n);
            }
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Splits move text into moves, skipping comments, variations, NAGs and move numbers.
fn read_movetext(text: &str, game: &mut PgnGame) {
    let mut depth_brace = false;
    let mut depth_paren = 0usize;
    let mut word = String::new();
    let flush = |word: &mut String, game: &mut PgnGame| {
        let w = std::mem::take(word);
        if RESULTS.contains(&w.as_str()) {
            game.result_token = Some(w);
            return;
        }
        // Strip a move number, alone or glued to the move: `12.`, `12.e2e4`, `12...e7e5`.
        let w = match w.find('.') {
            Some(i) if w[..i].bytes().all(|b| b.is_ascii_digit()) => w[i..].trim_start_matches('.'),
            _ => w.as_str(),
        };
        if w.is_empty() || w.starts_with('$') {
            return;
        }
        game.moves.push(w.to_string());
        game.comments.push(String::new());
    };
    for line in text.lines() {
        if !depth_brace && line.starts_with('%') {
            continue;
        }
        for c in line.chars() {
            if depth_brace {
                if c == '}' {
                    depth_brace = false;
                } else if depth_paren == 0 {
                    // A comment belongs to the move before it (a variation's to none).
                    if let Some(text) = game.comments.last_mut() {
                        text.push(c);
                    }
                }
                continue;
            }
            match c {
                '{' => {
                    flush(&mut word, game);
                    depth_brace = true;
                }
                '(' => {
                    flush(&mut word, game);
                    depth_paren += 1;
                }
                ')' => depth_paren = depth_paren.saturating_sub(1),
                ';' => {
                    flush(&mut word, game);
                    break;
                }
                c if c.is_whitespace() => {
                    if depth_paren == 0 {
                        flush(&mut word, game)
                    } else {
                        word.clear()
                    }
                }
                c if depth_paren == 0 => word.push(c),
                _ => {}
            }
        }
        if depth_paren == 0 {
            flush(&mut word, game);
        } else {
            word.clear();
        }
        // A comment broken over lines: the line end was a space.
        if depth_brace && depth_paren == 0 {
            if let Some(text) = game.comments.last_mut() {
                text.push(' ');
            }
        }
    }
    if depth_brace {
        game.problems
            .push("a comment '{' is not closed".to_string());
    }
    if game.result_token.is_none() {
        let results = "result (1-0, 0-1, 1/2-1/2 or *)";
        game.problems.push(match game.moves.last() {
            None => format!("no moves and no {results} follow its tags: the game is cut off"),
            Some(last) => format!(
                "its move text ends after ply {} '{last}' without a {results}: the game is \
                 cut off, or this is not PGN",
                game.moves.len()
            ),
        });
    }
}

/// Every game of a PGN file.
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut current = PgnGame::default();
    let mut movetext = String::new();
    let mut in_moves = false;
    let mut finish = |current: &mut PgnGame, movetext: &mut String| {
        let bad_tags = !current.problems.is_empty();
        read_movetext(movetext, current);
        if bad_tags
            || !current.tags.is_empty()
            || !current.moves.is_empty()
            || current.result_token.is_some()
        {
            games.push(std::mem::take(current));
        } else {
            *current = PgnGame::default();
        }
        movetext.clear();
    };
    for (k, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            let tag = parse_tag(trimmed);
            // A tag already given, with no move text since, begins the next game: this
            // one had no moves.
            let again = tag
                .as_ref()
                .is_some_and(|(name, _)| current.tags.contains_key(name));
            if in_moves || again {
                finish(&mut current, &mut movetext);
                in_moves = false;
            }
            match tag {
                Some((name, value)) => {
                    current.tags.insert(name, value);
                }
                None => current.problems.push(format!(
                    "line {}: '{trimmed}' is not a whole tag line like [Name \"value\"]",
                    k + 1
                )),
            }
        } else if !trimmed.is_empty() {
            in_moves = true;
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    finish(&mut current, &mut movetext);
    games
}

/// Re-plays one game; `Err` says how it disagrees with Baton's rules.
pub fn check_game(g: &PgnGame) -> Result<(), String> {
    let variant_name = g.tag("Variant").unwrap_or("chess");
    let variant = Variant::parse(variant_name).map_err(|e| format!("Variant tag: {e}"))?;
    let start = match g.tag("FEN") {
        Some(fen) => {
            Position::from_fen(variant, fen).map_err(|e| format!("bad FEN '{fen}': {e:?}"))?
        }
        None => Position::startpos(variant),
    };
    let mut game = Game::new(start);
    for (k, m) in g.moves.iter().enumerate() {
        if let Some(o) = game.outcome() {
            return Err(format!(
                "move {} '{m}' played after the game ended ({})",
                k + 1,
                o.reason
            ));
        }
        game.play_text(m)
            .map_err(|e| format!("ply {}: {e}", k + 1))?;
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
                return Err(format!(
                    "the game was already over ({}) but ended by {}",
                    o.reason,
                    t.text()
                ));
            }
            let ok = if t.is_failure() {
                // The engine to move failed and lost.
                result
                    == if to_move == Color::White {
                        "0-1"
                    } else {
                        "1-0"
                    }
            } else {
                RESULTS[..3].contains(&result)
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

/// How many failures the final error lists, one a line.
const FAILURES_SHOWN: usize = 5;

/// `baton match --replay FILE`: checks every game, prints a summary, fails when a game
/// does not replay (unreadable, cut off, or at odds with the rules), or when the file
/// holds no game or is not text.
pub fn replay(path: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let not_text = |what: String| {
        format!(
            "{path} is not a PGN file: {what}. --replay reads PGN text, such as the files \
             baton match --pgn writes"
        )
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        not_text(format!(
            "byte {} is not UTF-8 text",
            e.utf8_error().valid_up_to()
        ))
    })?;
    if let Some(at) = text.find('\0') {
        return Err(not_text(format!("byte {at} is a NUL (a binary file?)")));
    }
    let games = read_games(&text);
    if games.is_empty() {
        return Err(format!(
            "no games in {path}: a PGN game is tag lines like [White \"name\"] followed by \
             its moves and result"
        ));
    }
    let (mut mismatches, mut unreadable) = (0, 0);
    let mut failures: Vec<String> = Vec::new();
    let mut players: BTreeMap<String, Tally> = BTreeMap::new();
    for (k, g) in games.iter().enumerate() {
        let white = g.tag("White").unwrap_or("?").to_string();
        let black = g.tag("Black").unwrap_or("?").to_string();
        let label = format!("game {} ({white} - {black})", k + 1);
        if !g.problems.is_empty() {
            unreadable += 1;
            let why = g.problems.join("; ");
            println!("{label}: UNREADABLE: {why}");
            failures.push(format!("{label}: {why}"));
            continue;
        }
        if let Err(why) = check_game(g) {
            mismatches += 1;
            println!("{label}: MISMATCH: {why}");
            failures.push(format!("{label}: {why}"));
            continue;
        }
        // One game's (wins, losses, draws) for White, then for Black.
        let tally = |wins, losses, draws| Tally {
            wins,
            losses,
            draws,
        };
        let (w, b) = match g.tag("Result") {
            Some("1-0") => (tally(1, 0, 0), tally(0, 1, 0)),
            Some("0-1") => (tally(0, 1, 0), tally(1, 0, 0)),
            Some("1/2-1/2") => (tally(0, 0, 1), tally(0, 0, 1)),
            _ => continue,
        };
        players.entry(white).or_default().add(w);
        players.entry(black).or_default().add(b);
    }
    for (name, t) in &players {
        println!(
            "{name}: {} games, +{} -{} ={}, score {:.1}%",
            t.games(),
            t.wins,
            t.losses,
            t.draws,
            100.0 * t.score()
        );
    }
    let bad = failures.len();
    let mut summary = format!(
        "replayed {} games: {} ok, {mismatches} mismatches",
        games.len(),
        games.len() - bad
    );
    if unreadable > 0 {
        summary += &format!(", {unreadable} unreadable");
    }
    println!("{summary}");
    if bad == 0 {
        return Ok(());
    }
    let mut message = format!("{bad} of {} games in {path} failed to replay:", games.len());
    for f in failures.iter().take(FAILURES_SHOWN) {
        message += &format!("\n  {f}");
    }
    if bad > FAILURES_SHOWN {
        message += &format!("\n  ... and {} more (listed above)", bad - FAILURES_SHOWN);
    }
    Err(message)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let text = write_game(rec, "ev", &names());
        assert_eq!(read_games(&text)[0].moves, moves);
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
        let text = write_game(&rec, "ev", &names());
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
            check_game(&read_games(&write_game(&rec, "e", &names))[0])
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
        // An illegal move in the record.
        assert!(check(&["e2e5"], Some(Color::White), Termination::Adjudication).is_err());
        // Moves after mate.
        assert!(check(
            &["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"],
            Some(Color::Black),
            Termination::RulesInfraction
        )
        .is_err());
    }

    #[test]
    fn movetext_skips_numbers_comments_and_variations() {
        let mut g = PgnGame::default();
        read_movetext(
            "1.e2e4 {a {comment} e7e5 (1... d7d5 2. e4d5) 2. g1f3 $1 ; rest\n2... b8c6 1/2-1/2",
            &mut g,
        );
        assert_eq!(g.moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(g.result_token.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn engine_scores_depths_and_times_follow_their_moves() {
        use super::super::game::Thought;
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
        shows(&text, "2. g1f3 {+0.31/12 0.412s} b8c6 {-M3/20 1.002s}");
        shows(&text, "1. e2e4 e7e5 {end of opening} 2.");
        let bare = Thought {
            score: None,
            depth: None,
            elapsed: Duration::from_millis(5),
        };
        assert_eq!(bare.text(), "0.005s");
    }

    #[test]
    fn combiningknightmare_games_carry_the_page_notation_as_comments() {
        let variant = Variant::CombiningKnightmare;
        let moves = ["b1c3", "g8f6", "c3d5", "f6d5", "e2e4", "d5c3"];
        let rec = GameRecord {
            variant,
            fen: variant.start_fen().into(),
            winner: None,
            termination: Termination::Adjudication,
            ..record(&moves, None, Termination::Adjudication)
        };
        let text = written(&rec, &moves);
        shows(
            &text,
            "1. b1c3 {Nc3} g8f6 {Nf6} 2. c3d5 {Nd5} f6d5 {N~Nd5} 3. e2e4 {e4}",
        );
        // The Knightmare moved by Black is written with both letters.
        shows(&text, "d5c3 {NNc3}");
        // The comments do not disturb reading the moves back (`written` checked them).
        assert_eq!(check_game(&read_games(&text)[0]), Ok(()));
        // Other variants get no comments.
        let chess = write_game(
            &record(&["e2e4"], None, Termination::Adjudication),
            "e",
            &names(),
        );
        assert!(!chess.contains("{e4}"), "{chess}");
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
        );
        assert!(read_games(&text)[0].problems.is_empty());
        // Cut in the move text: no result.
        let cut = &text[..text.find("g2g4").unwrap()];
        let problems = &read_games(cut)[0].problems;
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("ends after ply 2 'e7e5' without a result"));
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
