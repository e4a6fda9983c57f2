//! One board's game and its engine: the browser board's state behind the HTTP API. It
//! drives the same facade as UCI and XBoard (`baton_protocol::engine::Engine`), which
//! owns the options, the hash table and the search thread. Search reports arrive on
//! the search thread and are kept in `Live`, which the page polls.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use baton_engine::search::{Limits, Report, Score};
use baton_engine::{format_move, rules, Color, Move, Position, Variant};
use baton_protocol::engine::{pv_text, Engine, Start};
use serde::Serialize;

use baton_engine::pgn::{self, GameText, Notation};

/// What the search has said so far, shared with the search thread.
#[derive(Default)]
struct Live {
    /// The latest report of each MultiPV line (index 0 is line 1).
    lines: Vec<Report>,
    /// The position the reports are about (their moves are formatted against it).
    fen: String,
    /// The search has ended; its best move, if any.
    done: bool,
    best: Option<Move>,
}

/// A game loaded from PGN, kept whole so that the page can step through it.
struct Review {
    variant: Variant,
    fen: Option<String>,
    moves: Vec<String>,
    /// How many of `moves` are on the board.
    at: usize,
    tags: Vec<(String, String)>,
}

impl Review {
    /// The loaded game's start and its whole list of moves.
    fn game(&self) -> (Position, Vec<Move>) {
        let start = self
            .fen
            .as_deref()
            .and_then(|f| Position::from_fen(self.variant, f).ok())
            .unwrap_or_else(|| Position::startpos(self.variant));
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for text in &self.moves {
            // The moves were read and replayed when the game was loaded.
            let Ok(m) = baton_engine::parse_move(&pos, text) else {
                break;
            };
            moves.push(m);
            pos = pos.play(m);
        }
        (start, moves)
    }
}

/// The way `m`'s piece goes where it turns on relays or at the tunnel's gates (the
/// squares' names, from first), or nothing for a move straight to its square.
fn route_names(pos: &Position, m: Move) -> Vec<String> {
    if !pos.variant().has_neutral_pieces() {
        return Vec::new();
    }
    let way = rules::stones::route(pos, m);
    if way.len() <= 2 {
        return Vec::new();
    }
    way.iter().map(|&sq| pos.tables().square_name(sq)).collect()
}

/// The moves from `start` in SAN, for the page's move list.
fn san_list(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let san = baton_engine::format_san(&pos, m);
            pos = pos.play(m);
            san
        })
        .collect()
}

pub struct Session {
    engine: Engine,
    live: Arc<Mutex<Live>>,
    /// The running search plays its move when it ends (Baton's turn), rather than
    /// only analysing.
    play_when_done: bool,
    review: Option<Review>,
    /// The side each player has: `true` where Baton plays it.
    pub baton_plays: [bool; 2],
}

fn lock(live: &Mutex<Live>) -> std::sync::MutexGuard<'_, Live> {
    live.lock().unwrap_or_else(|e| e.into_inner())
}

/// The name of a piece's letter as the page draws it: upper case for White.
fn letter(v: Variant, color: Color, role: baton_engine::Role) -> String {
    let c = v.role_letter(role);
    if color == Color::White {
        c.to_string()
    } else {
        c.to_ascii_lowercase().to_string()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            engine: Engine::new(),
            live: Arc::new(Mutex::new(Live::default())),
            play_when_done: false,
            review: None,
            baton_plays: [false, true],
        }
    }

    fn position(&self) -> &Position {
        self.engine.position()
    }

    /// Stops any search and forgets what it said.
    fn halt(&mut self) {
        self.engine.stop();
        self.play_when_done = false;
        *lock(&self.live) = Live::default();
    }

    pub fn new_game(&mut self, variant: Variant, fen: Option<&str>) -> Result<(), String> {
        self.halt();
        let start = match fen {
            Some(f) if !f.trim().is_empty() => Start::Fen(f),
            _ => Start::StartPos,
        };
        self.engine.set_position(variant, start, &[])?;
        // A new game starts from an empty hash table and no move-ordering history.
        self.engine.set_option("Clear Hash", "")?;
        self.review = None;
        Ok(())
    }

    /// Plays a move given in docs/protocol.md's move text; refused with the reason.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        if let Some(o) = self.engine.game().outcome() {
            return Err(format!(
                "the game is over ({}, {})",
                o.result_text(),
                o.reason
            ));
        }
        self.halt();
        self.engine.play_text(text)?;
        self.review = None;
        Ok(())
    }

    pub fn undo(&mut self) -> Result<(), String> {
        self.halt();
        self.review = None;
        if self.engine.undo() {
            Ok(())
        } else {
            Err("there is no move to take back".into())
        }
    }

    /// The complete legal moves that begin with `prefix` (all with an empty one): the
    /// page finds a piece's targets, and each step of a two-part turn, from these.
    pub fn moves(&self, prefix: &str) -> Vec<String> {
        let pos = self.position();
        if self.engine.game().outcome().is_some() {
            return Vec::new();
        }
        rules::legal_move_list(pos)
            .iter()
            .map(|&m| format_move(pos, m))
            .filter(|t| t.starts_with(prefix))
            .collect()
    }

    /// The ways the piece moves beginning with `prefix` go where they turn on relays or
    /// at the tunnel's gates, by the piece move's from and to squares ("a1e7").
    pub fn routes(&self, prefix: &str) -> BTreeMap<String, Vec<String>> {
        let pos = self.position();
        if self.engine.game().outcome().is_some() {
            return BTreeMap::new();
        }
        rules::legal_move_list(pos)
            .iter()
            .filter(|&&m| format_move(pos, m).starts_with(prefix))
            .filter_map(|&m| {
                let way = route_names(pos, m);
                let t = pos.tables();
                (!way.is_empty()).then(|| (t.square_name(m.from) + &t.square_name(m.to), way))
            })
            .collect()
    }

    /// Starts a search: `play` makes Baton play its move when it ends.
    pub fn go(&mut self, limits: Limits, play: bool) -> Result<(), String> {
        if play && self.engine.game().outcome().is_some() {
            return Err("the game is over".into());
        }
        self.halt();
        self.play_when_done = play;
        let fen = self.position().fen();
        lock(&self.live).fen = fen;
        let info_live = Arc::clone(&self.live);
        let done_live = Arc::clone(&self.live);
        self.engine.go(
            limits,
            false,
            Box::new(move |r: &Report| {
                let mut live = lock(&info_live);
                let i = r.multipv.max(1) - 1;
                if live.lines.len() <= i {
                    live.lines.resize(i + 1, r.clone());
                }
                live.lines[i] = r.clone();
            }),
            Box::new(move |o| {
                let mut live = lock(&done_live);
                live.done = true;
                live.best = o.best;
            }),
        )
    }

    pub fn stop(&mut self) {
        self.engine.stop();
        self.play_when_done = false;
    }

    /// Plays Baton's move once its search has ended (called on every poll).
    pub fn settle(&mut self) {
        let best = {
            let live = lock(&self.live);
            if !live.done || !self.play_when_done {
                return;
            }
            live.best
        };
        self.play_when_done = false;
        self.engine.wait();
        if let Some(m) = best {
            self.engine.play(m);
        }
        lock(&self.live).done = false;
    }

    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.halt();
        self.engine.set_option(name, value)
    }

    /// Loads the first game of a PGN text (SAN or Baton's coordinates, as any program
    /// writes it) and shows its last position. Nothing changes unless every move reads.
    pub fn load_pgn(&mut self, text: &str) -> Result<(), String> {
        let games = pgn::read_games(text);
        let Some(g) = games.into_iter().next() else {
            return Err("no game found in the PGN".into());
        };
        let variant = g.variant().map_err(|e| format!("the PGN's {e}"))?;
        let (start, played) = g.replay()?;
        // Stepping replays the moves through the facade, which reads coordinates.
        let mut pos = start;
        let mut moves = Vec::with_capacity(played.len());
        for m in played {
            moves.push(format_move(&pos, m));
            pos = pos.play(m);
        }
        let fen = g.tag("FEN").map(str::to_string);
        let start = match &fen {
            Some(f) => Start::Fen(f),
            None => Start::StartPos,
        };
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.halt();
        self.engine.set_position(variant, start, &texts)?;
        self.review = Some(Review {
            variant,
            fen,
            at: moves.len(),
            moves,
            tags: g.tags.clone().into_iter().collect(),
        });
        Ok(())
    }

    /// Shows the loaded game after `at` of its moves.
    pub fn step(&mut self, at: usize) -> Result<(), String> {
        let Some(r) = &self.review else {
            return Err("no PGN game is loaded".into());
        };
        let at = at.min(r.moves.len());
        let moves: Vec<&str> = r.moves[..at].iter().map(String::as_str).collect();
        let start = match &r.fen {
            Some(f) => Start::Fen(f),
            None => Start::StartPos,
        };
        let variant = r.variant;
        self.engine.stop();
        self.engine.set_position(variant, start, &moves)?;
        if let Some(r) = &mut self.review {
            r.at = at;
        }
        Ok(())
    }

    /// The game as PGN in SAN: a loaded game whole, with every tag it came with,
    /// wherever the page has stepped to; otherwise the game played on the board, with
    /// the standard's seven tags and Variant, FEN, Termination and PlyCount.
    pub fn pgn(&self) -> String {
        if let Some(r) = &self.review {
            return self.loaded_pgn(r);
        }
        let game = self.engine.game();
        let v = game.position().variant();
        let start = game.start();
        let result = game.outcome().map(|o| o.result_text()).unwrap_or("*");
        let player = |baton: bool| if baton { "Baton" } else { "Human" };
        let mut tags: Vec<(String, String)> = [
            ("Event", "Baton browser board".to_string()),
            ("Site", "?".to_string()),
            ("Date", pgn::date_of(unix_seconds())),
            ("Round", "-".to_string()),
            ("White", player(self.baton_plays[0]).to_string()),
            ("Black", player(self.baton_plays[1]).to_string()),
            ("Result", result.to_string()),
            ("Variant", v.name().to_string()),
            ("FEN", start.fen()),
            ("SetUp", "1".to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        if let Some(o) = game.outcome() {
            tags.push(("Termination".into(), o.reason.to_string()));
        }
        tags.push(("PlyCount".into(), game.moves().len().to_string()));
        pgn::write_game(&GameText {
            tags,
            start: start.clone(),
            moves: game.moves().to_vec(),
            comments: Vec::new(),
            end: None,
            result: result.to_string(),
            notation: Notation::San,
        })
    }

    /// A loaded game as PGN: its tags as they came, its moves in SAN.
    fn loaded_pgn(&self, r: &Review) -> String {
        let (start, moves) = r.game();
        let result = r
            .tags
            .iter()
            .find(|(k, _)| k == "Result")
            .map_or("*".to_string(), |(_, v)| v.clone());
        // The reader keeps tags by name; the standard's seven go first, in its order.
        const SEVEN: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        let rank = |k: &str| SEVEN.iter().position(|s| *s == k).unwrap_or(SEVEN.len());
        let mut tags = r.tags.clone();
        tags.sort_by_key(|(k, _)| rank(k));
        pgn::write_game(&GameText {
            tags,
            start,
            moves,
            comments: Vec::new(),
            end: None,
            result,
            notation: Notation::San,
        })
    }

    /// Everything the page draws: the board, whose turn, the last move, check, the
    /// end of the game with its reason, the search's lines, the loaded game.
    pub fn state(&self) -> State {
        let game = self.engine.game();
        let pos = game.position();
        let v = pos.variant();
        let t = pos.tables();
        let ranks = (0..t.height)
            .rev()
            .map(|rank| {
                (0..t.width)
                    .map(|file| {
                        let sq = t.square(file, rank);
                        Cell {
                            sq: t.square_name(sq),
                            white: pos
                                .role_at(Color::White, sq)
                                .map(|r| letter(v, Color::White, r)),
                            black: pos
                                .role_at(Color::Black, sq)
                                .map(|r| letter(v, Color::Black, r)),
                            neutral: pos.neutral_at(sq).map(|n| n.char().to_string()),
                            capture_state: pos.capture_state().has(sq),
                        }
                    })
                    .collect()
            })
            .collect();
        let last_move = game
            .moves()
            .last()
            .zip(game.previous())
            .map(|(&m, before)| format_move(before, m));
        let last_route = game
            .moves()
            .last()
            .zip(game.previous())
            .map(|(&m, before)| route_names(before, m))
            .unwrap_or_default();
        let check: Vec<String> = Color::BOTH
            .into_iter()
            .filter(|&c| v.has_check() && rules::in_check(pos, c))
            .flat_map(|c| pos.royals(c))
            .map(|sq| t.square_name(sq))
            .collect();
        let threatened: Vec<String> = if !v.has_check() && rules::royal_threatened(pos) {
            pos.royals(pos.side()).map(|sq| t.square_name(sq)).collect()
        } else {
            Vec::new()
        };
        let outcome = game.outcome().map(|o| OutcomeInfo {
            result: o.result_text(),
            winner: o.winner.map(side_name),
            reason: o.reason,
        });
        let live = lock(&self.live);
        let root = Position::from_fen(v, &live.fen).ok();
        let lines = root
            .as_ref()
            .map(|root| {
                live.lines
                    .iter()
                    .map(|r| Line {
                        multipv: r.multipv,
                        depth: r.depth,
                        seldepth: r.seldepth,
                        score: r.score.into(),
                        nodes: r.nodes,
                        nps: r.nps,
                        time_ms: r.time_ms,
                        pv: pv_text(root, &r.pv, |s| s),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let best = root.as_ref().zip(live.best).map(|(p, m)| format_move(p, m));
        let review = self.review.as_ref().map(|r| ReviewInfo {
            moves: r.moves.clone(),
            at: r.at,
            tags: r.tags.clone(),
        });
        // The move list: a loaded game whole (the page marks where it stands), else
        // the game played.
        let san = match &self.review {
            Some(r) => {
                let (start, moves) = r.game();
                san_list(&start, &moves)
            }
            None => san_list(game.start(), game.moves()),
        };
        State {
            variant: v.name(),
            san,
            frozen: pos.frozen().map(|sq| t.square_name(sq)),
            last_route,
            width: t.width,
            height: t.height,
            ranks,
            side: side_name(pos.side()),
            fen: pos.fen(),
            moves_played: game.moves().len(),
            last_move,
            check,
            threatened,
            outcome,
            searching: self.engine.is_searching() && !live.done,
            baton_to_move: self.play_when_done,
            baton_plays: Sides {
                white: self.baton_plays[0],
                black: self.baton_plays[1],
            },
            search: SearchInfo {
                fen: live.fen.clone(),
                lines,
                best,
            },
            review,
        }
    }
}

/// Seconds since 1970, for the PGN's Date tag.
fn unix_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn side_name(c: Color) -> &'static str {
    if c == Color::White {
        "white"
    } else {
        "black"
    }
}

/// What the page draws (docs/gui-api.md, "The state").
#[derive(Serialize)]
pub struct State {
    variant: &'static str,
    width: u8,
    height: u8,
    /// Top rank first.
    ranks: Vec<Vec<Cell>>,
    side: &'static str,
    fen: String,
    moves_played: usize,
    /// The game's moves in SAN (a loaded game's all, wherever the page stands).
    san: Vec<String>,
    /// combiningknightmare: the Knightmare that may not move this ply.
    frozen: Option<String>,
    last_move: Option<String>,
    /// The last move's way where it turned on relays or gates (else empty).
    last_route: Vec<String>,
    check: Vec<String>,
    threatened: Vec<String>,
    outcome: Option<OutcomeInfo>,
    searching: bool,
    baton_to_move: bool,
    baton_plays: Sides,
    search: SearchInfo,
    review: Option<ReviewInfo>,
}

#[derive(Serialize)]
struct Cell {
    sq: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    white: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    neutral: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    capture_state: bool,
}

#[derive(Serialize)]
struct OutcomeInfo {
    result: &'static str,
    winner: Option<&'static str>,
    reason: &'static str,
}

#[derive(Serialize)]
struct Sides {
    white: bool,
    black: bool,
}

#[derive(Serialize)]
struct SearchInfo {
    fen: String,
    lines: Vec<Line>,
    best: Option<String>,
}

#[derive(Serialize)]
struct Line {
    multipv: usize,
    depth: u32,
    seldepth: u32,
    score: ScoreInfo,
    nodes: u64,
    nps: u64,
    time_ms: u64,
    pv: Vec<String>,
}

/// `{"cp": n}` or `{"mate": n}`, from the side to move's view.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum ScoreInfo {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for ScoreInfo {
    fn from(s: Score) -> ScoreInfo {
        match s {
            Score::Cp(cp) => ScoreInfo::Cp(cp),
            Score::Mate(n) => ScoreInfo::Mate(n),
        }
    }
}

#[derive(Serialize)]
struct ReviewInfo {
    moves: Vec<String>,
    at: usize,
    tags: Vec<(String, String)>,
}
