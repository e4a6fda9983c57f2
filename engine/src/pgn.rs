//! PGN as text, for every front end (`baton match`, `baton tune`, the board): a
//! writer in SAN (or Baton's coordinates) and a reader that takes SAN and coordinate
//! moves alike, and the PGNs of other programs (cutechess-cli, lichess): their
//! variant names, comments, NAGs, variations (skipped) and `%` escape lines. No I/O:
//! the callers read and write the files.

use std::collections::BTreeMap;

use crate::moves::Move;
use crate::notation::format_move;
use crate::notation::MoveError;
use crate::piece::Color;
use crate::position::Position;
use crate::san::{format_san, parse_san, san_candidates};
use crate::variant::Variant;

// ---- reading ------------------------------------------------------------------------

/// A game read from PGN, its moves as written.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub tags: BTreeMap<String, String>,
    /// The moves as written (SAN or coordinates; check marks and `!?` kept).
    pub moves: Vec<String>,
    /// The comment after each move (`comments[i]` follows `moves[i]`; empty where there
    /// is none): `baton match` and cutechess-cli write the mover's score, depth and
    /// time there, lichess its clock.
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

    /// The variant its `Variant` tag names (chess without one).
    pub fn variant(&self) -> Result<Variant, String> {
        match self.tag("Variant") {
            Some(name) => variant_from_tag(name).map_err(|e| format!("Variant tag: {e}")),
            None => Ok(Variant::Chess),
        }
    }

    /// The position the game starts from: its `FEN` tag, or the variant's start.
    pub fn start(&self) -> Result<Position, String> {
        let variant = self.variant()?;
        match self.tag("FEN") {
            Some(fen) => {
                Position::from_fen(variant, fen).map_err(|e| format!("FEN tag '{fen}': {e}"))
            }
            None => Ok(Position::startpos(variant)),
        }
    }

    /// The start and every move, read against the rules one by one; `Err` names the
    /// first move that does not read (its ply, number and text, and why).
    ///
    /// A text that fits two legal moves (cutechess-cli writes a knightrelay pawn's push
    /// and a relayed leap to the same square both as `b3`) is read as the one move with
    /// which the rest of the game replays; if the game replays either way, or no
    /// reading settles it within `READING_BUDGET` plies, it stays ambiguous (an error).
    pub fn replay(&self) -> Result<(Position, Vec<Move>), String> {
        let start = self.start()?;
        let at = |k: usize| format!("ply {} ({})", k + 1, move_number(&start, k));
        let readings = readings(&start, &self.moves);
        match readings.found.as_slice() {
            [moves] => Ok((start.clone(), moves.clone())),
            [a, b, ..] => {
                let k = a.iter().zip(b).take_while(|(x, y)| x == y).count();
                Err(format!(
                    "{}: '{}' fits more than one legal move, and the game replays either way",
                    at(k),
                    self.moves[k]
                ))
            }
            [] => Err(match readings.failure {
                Some((k, e)) => format!("{}: {e}", at(k)),
                None => format!(
                    "{}: too many ambiguous moves to settle",
                    at(readings.furthest)
                ),
            }),
        }
    }

    /// The moves in Baton's coordinate notation, as far as they replay (the rest as
    /// written), for front ends that speak it (UCI's `position ... moves`).
    pub fn coordinate_moves(&self) -> Vec<String> {
        let Ok(start) = self.start() else {
            return self.moves.clone();
        };
        let mut out = Vec::with_capacity(self.moves.len());
        let mut pos = start;
        if let Ok((_, moves)) = self.replay() {
            for m in moves {
                out.push(format_move(&pos, m));
                pos = pos.play(m);
            }
            return out;
        }
        for text in &self.moves {
            let Ok(m) = parse_san(&pos, text) else {
                break;
            };
            out.push(format_move(&pos, m));
            pos = pos.play(m);
        }
        let done = out.len();
        out.extend(self.moves[done..].iter().cloned());
        out
    }
}

/// How many positions the search for a game's reading may visit: each ambiguous text
/// doubles the readings alive until a later move rules one out, so a game that keeps
/// too many alive is reported rather than searched without end.
const READING_BUDGET: usize = 20_000;

/// What the search for a game's reading found.
struct Readings {
    /// The whole games the texts can be read as (the search stops at two).
    found: Vec<Vec<Move>>,
    /// The furthest text that no reading gets past, and why.
    failure: Option<(usize, MoveError)>,
    /// The furthest ply reached (where the budget ran out, if it did).
    furthest: usize,
}

/// A depth-first search over the readings of `texts` from `start`: at each ply the
/// legal moves the text fits (one, but for an ambiguous text), in the move
/// generator's order.
fn readings(start: &Position, texts: &[String]) -> Readings {
    struct Frame {
        before: Position,
        candidates: Vec<Move>,
        next: usize,
    }
    let mut r = Readings {
        found: Vec::new(),
        failure: None,
        furthest: 0,
    };
    let mut frames: Vec<Frame> = Vec::new();
    let mut path: Vec<Move> = Vec::new();
    let mut pos = start.clone();
    let mut budget = READING_BUDGET;
    loop {
        let k = path.len();
        r.furthest = r.furthest.max(k);
        if k == texts.len() {
            r.found.push(path.clone());
            if r.found.len() == 2 {
                break;
            }
        } else if budget == 0 {
            r.failure = None;
            r.found.clear();
            break;
        } else {
            budget -= 1;
            match san_candidates(&pos, &texts[k]) {
                Ok(candidates) => frames.push(Frame {
                    before: pos.clone(),
                    candidates,
                    next: 0,
                }),
                Err(e) => {
                    if r.failure.as_ref().is_none_or(|(f, _)| k > *f) {
                        r.failure = Some((k, e));
                    }
                }
            }
        }
        // The next reading: the deepest ply with a candidate left.
        loop {
            // Each frame below the top holds its move on the path; the top's own move
            // (if it has made one) is taken back first.
            if path.len() == frames.len() {
                path.pop();
            }
            let Some(top) = frames.last_mut() else {
                return r;
            };
            if let Some(&m) = top.candidates.get(top.next) {
                top.next += 1;
                pos = top.before.play(m);
                path.push(m);
                break;
            }
            frames.pop();
        }
    }
    r
}

/// `1.` or `1...`: the number of ply `k` of a game from `start`.
fn move_number(start: &Position, k: usize) -> String {
    let first_black = usize::from(start.side() == Color::Black);
    let n = start.fullmove().max(1) as usize + (k + first_black) / 2;
    if (k + first_black).is_multiple_of(2) {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

/// A `Variant` tag as Baton, cutechess-cli or lichess writes it: `chess`, `Standard`,
/// `From Position` (lichess's standard chess from a set-up position), `Knightmate`,
/// `knightrelay`, `stonesrelays-tunnel`... (case, spaces and hyphens aside).
pub fn variant_from_tag(name: &str) -> Result<Variant, String> {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let wanted = squash(name);
    if matches!(wanted.as_str(), "fromposition" | "standard" | "normal") {
        return Ok(Variant::Chess);
    }
    Variant::ALL
        .into_iter()
        .find(|v| squash(v.name()) == wanted)
        .map_or_else(|| Variant::parse(name), Ok)
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

/// The result tokens of PGN.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Splits move text into moves, skipping comments (kept with their move), variations,
/// NAGs and move numbers.
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
        // Strip a move number, alone or glued to the move: `12.`, `12.e4`, `12...e5`.
        let w = match w.find('.') {
            Some(i) if w[..i].bytes().all(|b| b.is_ascii_digit()) => w[i..].trim_start_matches('.'),
            _ => w.as_str(),
        };
        // NAGs (`$1`) and annotations standing alone (`!`, `?!`) say nothing of the move.
        if w.is_empty() || w.starts_with('$') || w.bytes().all(|b| b == b'!' || b == b'?') {
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
                    // Two comments after one move read as one, a space apart.
                    if let Some(text) = game.comments.last_mut().filter(|t| !t.is_empty()) {
                        text.push(' ');
                    }
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
    for c in &mut game.comments {
        *c = c.trim().to_string();
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

/// Every game of a PGN text. A game whose text is broken carries its `problems`; the
/// games after it are read all the same.
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
    // A byte-order mark before the first tag (some Windows programs write one).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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

// ---- writing ------------------------------------------------------------------------

/// The PGN `Date` of a moment given as seconds since 1970 (UTC): `YYYY.MM.DD`, by
/// civil-calendar arithmetic (the engine reads no clock; the caller passes the time).
pub fn date_of(unix_secs: u64) -> String {
    let z = (unix_secs / 86_400) as i64 + 719_468;
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

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// Standard algebraic notation (`san`), what other programs read.
    #[default]
    San,
    /// Baton's coordinate notation (docs/protocol.md), for tools that want it.
    Coordinates,
}

impl Notation {
    pub fn parse(name: &str) -> Result<Notation, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "san" => Ok(Notation::San),
            "coordinates" | "coordinate" | "uci" => Ok(Notation::Coordinates),
            other => Err(format!(
                "unknown notation '{other}' (known: san, coordinates)"
            )),
        }
    }
}

/// What a PGN game is made of. The caller chooses the tags and their order (the
/// standard's seven first: Event, Site, Date, Round, White, Black, Result).
#[derive(Clone, Debug)]
pub struct GameText {
    pub tags: Vec<(String, String)>,
    pub start: Position,
    /// Every move from `start`, each legal where it is played.
    pub moves: Vec<Move>,
    /// The comments after each move (`comments[i]` after `moves[i]`; may be shorter).
    pub comments: Vec<Vec<String>>,
    /// A comment before the result: how the game ended (`White mates`).
    pub end: Option<String>,
    pub result: String,
    pub notation: Notation,
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment's text as PGN allows it (a `}` would end it).
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The PGN of one game, ending with a blank line. Move text lines stay within 79
/// characters, the width the standard's export format asks for.
pub fn write_game(g: &GameText) -> String {
    let mut out = String::new();
    for (name, value) in &g.tags {
        out += &format!("[{name} \"{}\"]\n", escape(value));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    let mut pos = g.start.clone();
    // A Black move gets its number (`5...`) at the start and after a comment.
    let mut after_comment = true;
    for (k, &m) in g.moves.iter().enumerate() {
        let n = move_number(&g.start, k);
        if pos.side() == Color::White || after_comment {
            tokens.push(n);
        }
        tokens.push(match g.notation {
            Notation::San => format_san(&pos, m),
            Notation::Coordinates => format_move(&pos, m),
        });
        after_comment = false;
        for c in g.comments.get(k).into_iter().flatten() {
            tokens.push(comment(c));
            after_comment = true;
        }
        pos = pos.play(m);
    }
    if let Some(end) = &g.end {
        tokens.push(comment(end));
    }
    tokens.push(g.result.clone());
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

/// A played game as PGN with its moves in SAN, as the Python and WebAssembly
/// packages write it: the standard seven tags (`?` where unknown), `Variant`, and
/// from a set-up position `SetUp` and `FEN`; each of `given` replaces the tag of its
/// name or follows them. The result is the game's outcome, or `*` while it goes on.
pub fn game_record(game: &crate::game::Game, given: Vec<(String, String)>) -> String {
    let start = game.start();
    let outcome = game.outcome();
    let result = outcome.map_or("*", |o| o.result_text()).to_string();
    let mut tags: Vec<(String, String)> = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result.as_str()),
        ("Variant", start.variant().name()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    // Compared as Baton writes it: a variant's start FEN need not be written back
    // letter for letter (combiningknightmare's is not).
    if start.fen() != Position::startpos(start.variant()).fen() {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), start.fen()));
    }
    for (name, value) in given {
        match tags.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 = value,
            None => tags.push((name, value)),
        }
    }
    write_game(&GameText {
        tags,
        start: start.clone(),
        moves: game.moves().to_vec(),
        comments: Vec::new(),
        end: outcome.map(|o| o.reason.to_string()),
        result,
        notation: Notation::San,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date_of(0), "1970.01.01");
        // 2000-02-29 12:00 UTC, a leap day.
        assert_eq!(date_of(951_825_600), "2000.02.29");
        // 2026-12-06 00:00 UTC.
        assert_eq!(date_of(1_796_515_200), "2026.12.06");
    }

    #[test]
    fn move_numbers() {
        let start = Position::startpos(Variant::Chess);
        assert_eq!(move_number(&start, 0), "1.");
        assert_eq!(move_number(&start, 1), "1...");
        assert_eq!(move_number(&start, 2), "2.");
        let black =
            Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 b - - 0 7").expect("a FEN");
        assert_eq!(move_number(&black, 0), "7...");
        assert_eq!(move_number(&black, 1), "8.");
    }

    #[test]
    fn game_records() {
        let mut game = crate::game::Game::startpos(Variant::Chess);
        let e4 = parse_san(game.position(), "e4").expect("a legal move");
        game.play(e4);
        let pgn = game_record(
            &game,
            vec![
                ("White".into(), "Ann".into()),
                ("Annotator".into(), "Bo".into()),
            ],
        );
        assert_eq!(
            pgn,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"Ann\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"chess\"]\n\
             [Annotator \"Bo\"]\n\n1. e4 *\n\n"
        );
        let set_up =
            Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 b - - 0 7").expect("a FEN");
        let pgn = game_record(&crate::game::Game::new(set_up), Vec::new());
        // A game from a variant's own start has no SetUp (its FEN is written back as read).
        for v in Variant::ALL {
            let pgn = game_record(&crate::game::Game::startpos(v), Vec::new());
            assert!(!pgn.contains("[SetUp"), "{v:?}: {pgn}");
        }
        assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 7\"]\n"));
    }

    #[test]
    fn positions_before_each_move() {
        let start = Position::startpos(Variant::Chess);
        let e4 = parse_san(&start, "e4").expect("a legal move");
        let after = start.play(e4);
        let e5 = parse_san(&after, "e5").expect("a legal move");
        let line = start.before_each(&[e4, e5]);
        assert_eq!(line.len(), 2);
        assert_eq!((line[0].0.fen(), line[0].1), (start.fen(), e4));
        assert_eq!((line[1].0.fen(), line[1].1), (after.fen(), e5));
    }
}
