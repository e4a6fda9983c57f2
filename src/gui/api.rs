//! The browser board's routes: the page and its assets, and a JSON API. Every answer
//! to a bad request is a 4xx with `{"error": reason}`; the game keeps its state. Each
//! page has its own game (`games`), named by the `X-Baton-Game` header or the `game`
//! query parameter.

use baton_engine::search::Limits;
use baton_engine::{Position, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::games::{self, Game, Games};
use super::http::{Request, Response};
use super::session::{Player, Session, SettingsChange};

/// The header a page names its game in.
pub const GAME_HEADER: &str = "x-baton-game";

/// Why a game's page finds it no more (410).
pub const GONE: &str =
    "This game is no longer kept by the server (untouched for a day, or more than \
     32 games were open): start a new game.";

/// Largest hash table a game may ask for (MB): games share the machine.
const MAX_GAME_HASH_MB: u64 = 64;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const BOARD_SCRIPT: &str = include_str!("page/board.js");
const STYLE: &str = include_str!("page/style.css");

/// Longest search a request may ask for (one hour a move).
const MAX_MOVETIME_MS: u64 = 3_600_000;

/// The request's JSON body as `T` (an empty body reads as `{}`).
fn body<T: DeserializeOwned>(req: &Request) -> Result<T, Response> {
    let text: &[u8] = if req.body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &req.body
    };
    serde_json::from_slice(text)
        .map_err(|e| Response::error(400, format!("the body is not what this request takes: {e}")))
}

#[derive(Deserialize)]
struct NewGame {
    variant: String,
    #[serde(default)]
    fen: Option<String>,
}

#[derive(Deserialize)]
struct PlayMove {
    #[serde(rename = "move")]
    text: String,
}

/// A `go` request: a time per move, a depth, a node count or no limit; `play` plays
/// the move found.
#[derive(Deserialize)]
struct Go {
    movetime: Option<u64>,
    depth: Option<u64>,
    nodes: Option<u64>,
    #[serde(default)]
    infinite: bool,
    #[serde(default)]
    play: bool,
}

/// A new game for a page: its variant and FEN, and its settings.
#[derive(Deserialize, Default)]
struct NewTab {
    variant: Option<String>,
    fen: Option<String>,
    #[serde(default)]
    settings: SettingsChange,
}

#[derive(Deserialize)]
struct Players {
    #[serde(default)]
    white: Player,
    #[serde(default)]
    black: Player,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OptionValue {
    Number(u64),
    Text(String),
}

#[derive(Deserialize)]
struct SetOption {
    name: String,
    value: OptionValue,
}

#[derive(Deserialize)]
struct Step {
    at: u64,
}

#[derive(Serialize)]
struct Moves {
    moves: Vec<String>,
    /// Where the piece moves turn on relays or gates, by from and to ("a1e7").
    routes: std::collections::BTreeMap<String, Vec<String>>,
}

fn in_range(name: &str, value: Option<u64>, max: u64) -> Result<Option<u64>, Response> {
    match value {
        Some(x) if !(1..=max).contains(&x) => Err(Response::error(
            400,
            format!("'{name}' must be a whole number from 1 to {max}"),
        )),
        v => Ok(v),
    }
}

/// The search limits of a `go` request (one second a move where none is given).
fn limits(g: &Go) -> Result<Limits, Response> {
    let mut l = Limits {
        movetime: in_range("movetime", g.movetime, MAX_MOVETIME_MS)?,
        depth: in_range("depth", g.depth, u64::from(baton_engine::search::MAX_DEPTH))?
            .map(|d| d as u32),
        nodes: in_range("nodes", g.nodes, 1_000_000_000_000)?,
        ..Limits::default()
    };
    if g.infinite {
        l.infinite = true;
    } else if l.movetime.is_none() && l.depth.is_none() && l.nodes.is_none() {
        l.movetime = Some(1000);
    }
    Ok(l)
}

/// The state after a change, or the reason it was refused. The change is announced
/// first, so the answer's `seq` is above that of every state taken before it (a page
/// drops a stream event older than the answer it has drawn).
fn answer(s: &mut Session, result: Result<(), String>) -> Response {
    match result {
        Ok(()) => {
            s.settle();
            s.notify();
            Response::json(200, &s.state())
        }
        Err(reason) => Response::error(400, reason),
    }
}

/// Paths the API answers for a game, with the method each takes (a wrong method is
/// 405, an unknown path 404).
const API: [(&str, &str); 17] = [
    ("GET", "/api/variants"),
    ("POST", "/api/games"),
    ("GET", "/api/events"),
    ("GET", "/api/state"),
    ("GET", "/api/view"),
    ("GET", "/api/moves"),
    ("GET", "/api/pgn"),
    ("POST", "/api/pgn"),
    ("POST", "/api/new"),
    ("POST", "/api/move"),
    ("POST", "/api/undo"),
    ("POST", "/api/go"),
    ("POST", "/api/stop"),
    ("POST", "/api/step"),
    ("POST", "/api/players"),
    ("POST", "/api/settings"),
    ("POST", "/api/option"),
];

/// The game a request names, or the answer saying why there is none.
pub fn game_of(req: &Request, games: &Games) -> Result<Game, Response> {
    let id = req
        .header(GAME_HEADER)
        .or_else(|| req.param("game"))
        .ok_or_else(|| Response::error(400, "no game named (the X-Baton-Game header or ?game=)"))?;
    games.get(id).ok_or_else(|| Response::error(410, GONE))
}

pub fn route(req: &Request, games: &Games) -> Response {
    match (req.method.as_str(), req.path.as_str()) {
        ("GET", "/" | "/index.html") => Response::new(200, "text/html; charset=utf-8", INDEX),
        ("GET", "/app.js") => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
        ("GET", "/board.js") => Response::new(200, "text/javascript; charset=utf-8", BOARD_SCRIPT),
        ("GET", "/style.css") => Response::new(200, "text/css; charset=utf-8", STYLE),
        ("GET", "/api/variants") => Response::json(200, &variants()),
        ("POST", "/api/games") => new_tab(req, games),
        (method, path) if API.contains(&(method, path)) => match game_of(req, games) {
            Ok(game) => {
                let mut s = games::lock(&game);
                // A flag fall, or Baton's finished move, before anything else.
                s.settle();
                let answer = in_game(req, &mut s);
                if method == "POST" {
                    s.settle();
                    s.notify();
                }
                answer
            }
            Err(refused) => refused,
        },
        (method, path) if API.iter().any(|&(_, p)| p == path) => {
            Response::error(405, format!("{path} does not take {method}"))
        }
        (_, path) => Response::error(404, format!("no page at {}", short(path))),
    }
}

/// `POST /api/games`: a new game for a page, with its variant, FEN and settings (all
/// optional), checked before the game is made.
fn new_tab(req: &Request, games: &Games) -> Response {
    let t = match body::<NewTab>(req) {
        Ok(t) => t,
        Err(refused) => return refused,
    };
    let variant = match t.variant.as_deref().map(Variant::parse).transpose() {
        Ok(v) => v.unwrap_or(Variant::Chess),
        Err(e) => return Response::error(400, e),
    };
    let fen = t.fen.filter(|f| !f.trim().is_empty());
    if let Some(f) = &fen {
        if let Err(e) = Position::from_fen(variant, f) {
            return Response::error(400, e.to_string());
        }
    }
    let game = match games.create() {
        Ok(g) => g,
        Err(e) => return Response::error(500, e),
    };
    let mut s = games::lock(&game);
    let made = s
        .change(t.settings)
        .and_then(|()| s.new_game(variant, fen.as_deref()));
    s.settle();
    answer(&mut s, made)
}

/// A request about one game.
fn in_game(req: &Request, s: &mut Session) -> Response {
    match (req.method.as_str(), req.path.as_str()) {
        ("GET", "/api/state") => Response::json(200, &s.state()),
        ("GET", "/api/moves") => {
            let prefix = req.param("prefix").unwrap_or("");
            Response::json(
                200,
                &Moves {
                    moves: s.moves(prefix),
                    routes: s.routes(prefix),
                },
            )
        }
        ("GET", "/api/view") => {
            // An earlier position of the game, shown while it goes on.
            let at = req.param("at").unwrap_or("");
            match at.parse::<usize>() {
                Ok(at) => match s.view(at) {
                    Ok(board) => Response::json(200, &board),
                    Err(e) => Response::error(400, e),
                },
                Err(_) => Response::error(
                    400,
                    format!("'at' must be a number of moves, not '{}'", short(at)),
                ),
            }
        }
        ("GET", "/api/pgn") => {
            Response::new(200, "application/x-chess-pgn; charset=utf-8", s.pgn())
        }
        ("POST", path) => post(req, path, s),
        (_, path) => Response::error(404, format!("no page at {}", short(path))),
    }
}

/// A path as quoted back: at most 60 characters.
fn short(path: &str) -> String {
    path.chars().take(60).collect()
}

#[derive(Serialize)]
struct VariantInfo {
    name: &'static str,
    width: u8,
    height: u8,
    start_fen: String,
    pieces: Vec<String>,
    royal_is_knight: bool,
    neutral_pieces: bool,
    tunnel: bool,
    shared_pieces: bool,
    piece_states: bool,
    check: bool,
}

/// What `/api/variants` answers: the variants, and the playing levels once (they are
/// the same in every variant).
#[derive(Serialize)]
struct Variants {
    variants: Vec<VariantInfo>,
    /// The playing levels the board offers, each with its strength on `UCI_Elo`'s
    /// scale, from the one table (`baton_protocol::levels`): the page writes the
    /// value beside each level.
    levels: Vec<LevelInfo>,
}

/// One playing level as the page shows it.
#[derive(Serialize)]
struct LevelInfo {
    level: u8,
    elo: u32,
}

fn variants() -> Variants {
    let variants = Variant::ALL
        .iter()
        .map(|v| {
            let t = v.geometry().tables();
            let f = v.facts();
            VariantInfo {
                name: v.name(),
                width: t.width,
                height: t.height,
                start_fen: v.start_fen().to_string(),
                pieces: f.pieces.iter().map(|(c, _)| c.to_string()).collect(),
                royal_is_knight: f.royal_is_knight,
                neutral_pieces: f.neutral_pieces,
                tunnel: f.tunnel,
                shared_pieces: f.shared_pieces,
                piece_states: f.piece_states,
                check: f.check,
            }
        })
        .collect();
    let levels = baton_protocol::levels::LEVELS
        .iter()
        .map(|l| LevelInfo {
            level: l.number,
            elo: l.elo,
        })
        .collect();
    Variants { variants, levels }
}

fn post(req: &Request, path: &str, s: &mut Session) -> Response {
    // PGN is sent as text; everything else as a JSON object.
    if path == "/api/pgn" {
        let Ok(text) = std::str::from_utf8(&req.body) else {
            return Response::error(400, "the PGN is not UTF-8");
        };
        let r = s.load_pgn(text);
        return answer(s, r);
    }
    let result = match path {
        "/api/new" => body::<NewGame>(req).and_then(|g| {
            let variant = Variant::parse(&g.variant).map_err(|e| Response::error(400, e))?;
            Ok(s.new_game(variant, g.fen.as_deref()))
        }),
        "/api/move" => body::<PlayMove>(req).map(|m| s.play(m.text.trim())),
        "/api/undo" => Ok(s.undo()),
        "/api/go" => body::<Go>(req).and_then(|g| {
            let l = limits(&g)?;
            Ok(s.go(l, g.play))
        }),
        "/api/stop" => {
            s.stop();
            Ok(Ok(()))
        }
        "/api/step" => {
            body::<Step>(req).map(|st| s.step(usize::try_from(st.at).unwrap_or(usize::MAX)))
        }
        "/api/players" => body::<Players>(req).map(|p| {
            s.change(SettingsChange {
                white: Some(p.white),
                black: Some(p.black),
                ..SettingsChange::default()
            })
        }),
        "/api/settings" => body::<SettingsChange>(req).map(|c| s.change(c)),
        "/api/option" => body::<SetOption>(req).and_then(|o| {
            if !matches!(o.name.as_str(), "MultiPV" | "Threads" | "Hash") {
                return Err(Response::error(
                    400,
                    format!(
                        "option '{}' cannot be set here (MultiPV, Threads, Hash)",
                        short(&o.name)
                    ),
                ));
            }
            let value = match o.value {
                OptionValue::Number(n) => n.to_string(),
                OptionValue::Text(t) => t,
            };
            if o.name == "Hash" && value.parse::<u64>().is_ok_and(|mb| mb > MAX_GAME_HASH_MB) {
                return Err(Response::error(
                    400,
                    format!("a game's hash is at most {MAX_GAME_HASH_MB} MB here"),
                ));
            }
            Ok(s.set_option(&o.name, &value))
        }),
        _ => Err(Response::error(404, format!("no page at {}", short(path)))),
    };
    match result {
        Ok(r) => answer(s, r),
        Err(response) => response,
    }
}
