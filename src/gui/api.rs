//! The browser board's routes: the page and its assets, and a JSON API. Every answer
//! to a bad request is a 4xx with `{"error": reason}`; the session keeps its state.

use std::sync::Mutex;

use baton_engine::search::Limits;
use baton_engine::Variant;
use serde_json::{json, Value};

use super::http::{Request, Response};
use super::session::Session;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// Longest search a request may ask for (one hour a move).
const MAX_MOVETIME_MS: u64 = 3_600_000;

fn lock(session: &Mutex<Session>) -> std::sync::MutexGuard<'_, Session> {
    session.lock().unwrap_or_else(|e| e.into_inner())
}

/// The request's JSON body (an empty body reads as `{}`).
fn body(req: &Request) -> Result<Value, Response> {
    if req.body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    let v: Value = serde_json::from_slice(&req.body)
        .map_err(|e| Response::error(400, format!("the body is not valid JSON: {e}")))?;
    if v.is_object() {
        Ok(v)
    } else {
        Err(Response::error(400, "the body must be a JSON object"))
    }
}

fn string_field<'a>(v: &'a Value, name: &str) -> Result<&'a str, Response> {
    v.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| Response::error(400, format!("'{name}' (a string) is missing")))
}

fn number_field(v: &Value, name: &str, max: u64) -> Result<Option<u64>, Response> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(n) => match n.as_u64() {
            Some(x) if (1..=max).contains(&x) => Ok(Some(x)),
            _ => Err(Response::error(
                400,
                format!("'{name}' must be a whole number from 1 to {max}"),
            )),
        },
    }
}

fn variant_field(v: &Value) -> Result<Variant, Response> {
    let name = string_field(v, "variant")?;
    Variant::parse(name).map_err(|e| Response::error(400, e))
}

/// The search limits of a `go` request: a time per move, a depth or a node count.
fn limits(v: &Value) -> Result<Limits, Response> {
    let mut l = Limits {
        movetime: number_field(v, "movetime", MAX_MOVETIME_MS)?,
        depth: number_field(v, "depth", u64::from(baton_engine::search::MAX_DEPTH))?
            .map(|d| d as u32),
        nodes: number_field(v, "nodes", 1_000_000_000_000)?,
        ..Limits::default()
    };
    if v.get("infinite").and_then(Value::as_bool) == Some(true) {
        l.infinite = true;
    } else if l.movetime.is_none() && l.depth.is_none() && l.nodes.is_none() {
        l.movetime = Some(1000);
    }
    Ok(l)
}

/// The state after a change, or the reason it was refused.
fn answer(s: &Session, result: Result<(), String>) -> Response {
    match result {
        Ok(()) => Response::json(200, &s.state()),
        Err(reason) => Response::error(400, reason),
    }
}

pub fn route(req: &Request, session: &Mutex<Session>) -> Response {
    match (req.method.as_str(), req.path.as_str()) {
        ("GET", "/" | "/index.html") => Response::new(200, "text/html; charset=utf-8", INDEX),
        ("GET", "/app.js") => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
        ("GET", "/style.css") => Response::new(200, "text/css; charset=utf-8", STYLE),
        ("GET", "/favicon.ico") => Response::new(404, "text/plain", "no icon"),
        ("GET", "/api/variants") => Response::json(
            200,
            &Value::Array(
                Variant::ALL
                    .iter()
                    .map(|v| {
                        let t = v.geometry().tables();
                        let f = v.facts();
                        json!({
                            "name": v.name(),
                            "width": t.width,
                            "height": t.height,
                            "start_fen": v.start_fen(),
                            "pieces": f.pieces.iter().map(|(c, _)| c.to_string()).collect::<Vec<_>>(),
                            "royal_is_knight": f.royal_is_knight,
                            "neutral_pieces": f.neutral_pieces,
                            "tunnel": f.tunnel,
                            "shared_pieces": f.shared_pieces,
                            "piece_states": f.piece_states,
                            "check": f.check,
                        })
                    })
                    .collect(),
            ),
        ),
        ("GET", "/api/state") => {
            let mut s = lock(session);
            s.settle();
            Response::json(200, &s.state())
        }
        ("GET", "/api/moves") => {
            let s = lock(session);
            let prefix = req.param("prefix").unwrap_or("");
            Response::json(200, &json!({ "moves": s.moves(prefix) }))
        }
        ("GET", "/api/pgn") => {
            let s = lock(session);
            Response::new(200, "application/x-chess-pgn; charset=utf-8", s.pgn())
        }
        ("POST", path) => post(req, path, session),
        (_, path) if path.starts_with("/api/") => {
            Response::error(405, format!("{} {} is not part of the API", req.method, path))
        }
        (_, path) => Response::error(404, format!("no page at {path}")),
    }
}

fn post(req: &Request, path: &str, session: &Mutex<Session>) -> Response {
    // PGN is sent as text; everything else as a JSON object.
    if path == "/api/pgn" {
        let Ok(text) = std::str::from_utf8(&req.body) else {
            return Response::error(400, "the PGN is not UTF-8");
        };
        let mut s = lock(session);
        let r = s.load_pgn(text);
        return answer(&s, r);
    }
    let v = match body(req) {
        Ok(v) => v,
        Err(r) => return r,
    };
    let mut s = lock(session);
    let result = match path {
        "/api/new" => (|| {
            let variant = variant_field(&v)?;
            let fen = v.get("fen").and_then(Value::as_str);
            Ok(s.new_game(variant, fen))
        })(),
        "/api/move" => string_field(&v, "move").map(|m| s.play(m.trim())),
        "/api/undo" => Ok(s.undo()),
        "/api/go" => limits(&v).map(|l| {
            let play = v.get("play").and_then(Value::as_bool).unwrap_or(false);
            s.go(l, play)
        }),
        "/api/stop" => {
            s.stop();
            Ok(Ok(()))
        }
        "/api/step" => match v.get("at").and_then(Value::as_u64) {
            Some(at) => Ok(s.step(usize::try_from(at).unwrap_or(usize::MAX))),
            None => Err(Response::error(
                400,
                "'at' (a move count, 0 or more) is missing",
            )),
        },
        "/api/players" => (|| {
            let side = |name: &str| -> Result<bool, Response> {
                match v.get(name).and_then(Value::as_str) {
                    Some("baton") => Ok(true),
                    Some("human") | None => Ok(false),
                    Some(other) => Err(Response::error(
                        400,
                        format!("'{name}' is '{other}': it must be \"human\" or \"baton\""),
                    )),
                }
            };
            s.baton_plays = [side("white")?, side("black")?];
            Ok(Ok(()))
        })(),
        "/api/option" => (|| {
            let name = string_field(&v, "name")?;
            if !matches!(name, "MultiPV" | "Threads" | "Hash") {
                return Err(Response::error(
                    400,
                    format!("option '{name}' cannot be set here (MultiPV, Threads, Hash)"),
                ));
            }
            let value = match v.get("value") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                _ => return Err(Response::error(400, "'value' is missing")),
            };
            Ok(s.set_option(name, &value))
        })(),
        _ => Err(Response::error(
            404,
            format!("POST {path} is not part of the API"),
        )),
    };
    match result {
        Ok(r) => answer(&s, r),
        Err(response) => response,
    }
}
