//! The XBoard (CECP protocol 2) front end.

use std::sync::{Arc, Mutex};

use baton_engine::search::{self, Report, Score};
use baton_engine::{format_move, format_san, Color, Game, Move, Variant};

use crate::engine::{pv_text, Engine, Start};
use crate::go::MAX_DEPTH;
use crate::out::{sanitize, Out};
use crate::uci::Flow;
use crate::xboard_board::{
    highlight_line, move_from_xboard, move_to_xboard, san_in_xboard, setup_line,
    square_from_xboard, variant_from_xboard, variant_names, zero_based_ranks,
};
use crate::xboard_clock::{centiseconds_ms, parse_level, seconds_ms, Clock};
use crate::xboard_names;

/// What the search thread hands back: the engine's move, already sent, to be played on
/// our board before the next command. `generation` changes whenever a search is
/// abandoned (force, new, undo ...), so a late result is dropped, not sent.
#[derive(Default)]
struct Handoff {
    generation: u64,
    pending: Option<Move>,
}

pub struct XBoard {
    engine: Engine,
    out: Out,
    handoff: Arc<Mutex<Handoff>>,
    force: bool,
    /// The side the engine plays.
    side: Color,
    post: bool,
    analyzing: bool,
    clock: Clock,
    /// What XBoard was last told by `feature san=`: it sends its moves in SAN, and
    /// Baton sends its own in SAN, while this holds (see `announce_san`).
    san: bool,
    /// `protover` came (protocol 2): only then does XBoard read `feature` lines.
    features: bool,
}

fn lock(h: &Mutex<Handoff>) -> std::sync::MutexGuard<'_, Handoff> {
    h.lock().unwrap_or_else(|p| p.into_inner())
}

/// `1-0 {White mates}` and the like, if the game is over.
fn result_line(game: &Game) -> Option<String> {
    let o = game.outcome()?;
    let reason = match (o.winner, o.reason) {
        (Some(Color::White), "checkmate") => "White mates".to_string(),
        (Some(Color::Black), "checkmate") => "Black mates".to_string(),
        (_, r) => {
            let mut c = r.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        }
    };
    Some(format!("{} {{{reason}}}", o.result_text()))
}

/// `ply score time nodes pv`, time in centiseconds, mates as 100000 + moves.
fn thinking_line(game: &Game, r: &Report) -> String {
    let pos = game.position();
    let score = match r.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    let pv = pv_text(pos, &r.pv, |s| move_to_xboard(pos.variant(), &s));
    format!(
        "{} {score} {} {} {}",
        r.depth,
        r.time_ms / 10,
        r.nodes,
        pv.join(" ")
    )
}

impl XBoard {
    pub fn new(out: Out) -> XBoard {
        XBoard {
            engine: Engine::new(),
            out,
            handoff: Arc::default(),
            force: false,
            side: Color::Black,
            post: true,
            analyzing: false,
            clock: Clock::default(),
            san: false,
            features: false,
        }
    }

    fn error(&self, kind: &str, cmd: &str) {
        self.out.line(&format!("Error ({kind}): {}", sanitize(cmd)));
    }

    /// Plays the engine's move that went out since the last command.
    fn sync(&mut self) {
        let pending = lock(&self.handoff).pending.take();
        if let Some(m) = pending {
            self.engine.play(m);
        }
    }

    /// Abandons any search without sending its move.
    fn cancel(&mut self) {
        lock(&self.handoff).generation += 1;
        self.engine.stop();
        self.sync();
    }

    /// The end of input: a running search is stopped and its move still goes out.
    pub fn finish(&mut self) {
        self.engine.stop();
        self.sync();
    }

    pub fn command(&mut self, line: &str) -> Flow {
        self.sync();
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        let arg = args.first().copied().unwrap_or("");
        match cmd {
            "xboard" | "accepted" | "rejected" | "easy" | "hard" | "random" | "computer"
            | "name" | "rating" | "ics" | "." | "hint" | "bk" | "draw" | "otherwise" => {}
            "protover" => {
                self.features = true;
                self.san = san_in_xboard(self.engine.variant());
                self.out.line(&format!(
                    "feature setboard=1 usermove=1 ping=1 time=1 memory=1 smp=1 colors=0 \
                     sigint=0 san={} highlight=1 myname=\"Baton\" variants=\"{}\" done=1",
                    u8::from(self.san),
                    variant_names()
                ))
            }
            "new" => {
                self.cancel();
                let _ = self.engine.set_variant(Variant::Chess);
                self.announce_san();
                self.engine.new_game();
                self.force = false;
                self.side = Color::Black;
                self.clock.sd = None;
                self.clock.own_ms = self.clock.base_ms;
                self.clock.opp_ms = self.clock.base_ms;
            }
            "variant" => self.variant(arg, line),
            "setboard" => {
                self.cancel();
                let fen = args.join(" ");
                let v = self.engine.variant();
                if let Err(e) = self.engine.set_position(v, Start::Fen(&fen), &[]) {
                    self.error("illegal position", &e);
                    self.out.line("tellusererror Illegal position");
                }
                self.restart_analysis();
            }
            "usermove" => self.usermove(arg, line),
            "go" => {
                self.cancel();
                self.force = false;
                self.side = self.engine.position().side();
                self.think(line);
            }
            "force" => {
                self.cancel();
                self.force = true;
            }
            "playother" => {
                self.cancel();
                self.force = false;
                self.side = self.engine.position().side().other();
            }
            "?" => {
                if !self.analyzing {
                    self.engine.stop();
                    self.sync();
                }
            }
            "ping" => self.out.line(&format!("pong {}", sanitize(arg))),
            // A person picks up a piece: mark where the rules let it go.
            "lift" => self.lift(arg, line),
            // The piece is dropped (XBoard clears the marks; the move follows as
            // `usermove` and is refused there if illegal) or a capture square is
            // hovered (no victims to mark beyond the target): nothing to answer.
            "put" | "hover" => {}
            "result" => {
                self.cancel();
                self.force = true;
            }
            "undo" => self.undo(1, line),
            "remove" => self.undo(2, line),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.cancel();
                self.analyzing = true;
                self.restart_analysis();
            }
            "exit" => {
                self.cancel();
                self.analyzing = false;
            }
            "time" | "otim" => match centiseconds_ms(arg) {
                Ok(ms) if cmd == "time" => self.clock.own_ms = ms,
                Ok(ms) => self.clock.opp_ms = ms,
                Err(_) => self.error("bad number", line),
            },
            "level" => match parse_level(args) {
                Ok((mps, base, inc)) => {
                    self.clock.mps = mps;
                    self.clock.base_ms = base;
                    self.clock.inc_ms = inc;
                    self.clock.st_ms = None;
                    self.clock.own_ms = base;
                    self.clock.opp_ms = base;
                }
                Err(_) => self.error("bad level", line),
            },
            "st" => match seconds_ms(arg, 1.0) {
                Ok(ms) => self.clock.st_ms = Some(ms.max(1)),
                Err(_) => self.error("bad number", line),
            },
            "sd" => match arg.parse::<i64>() {
                Ok(d) => self.clock.sd = Some(d.clamp(1, MAX_DEPTH as i64) as u32),
                Err(_) => self.error("bad number", line),
            },
            "memory" => self.option("Hash", arg, line),
            "cores" => self.option("Threads", arg, line),
            "quit" => {
                self.cancel();
                return Flow::Quit;
            }
            // With usermove=1 moves come prefixed, but a bare move is read too.
            m if looks_like_move(m) => self.usermove(m, line),
            _ => self.error("unknown command", cmd),
        }
        Flow::Continue
    }

    fn option(&mut self, name: &str, value: &str, line: &str) {
        self.cancel();
        if let Err(e) = self.engine.set_option(name, value) {
            self.error(&e, line);
        }
    }

    fn variant(&mut self, name: &str, line: &str) {
        self.cancel();
        let Some(v) = variant_from_xboard(name) else {
            // The names are XBoard's (`feature variants`), not the UCI ones.
            let known = variant_names().replace(',', ", ");
            return self.error(&format!("unknown variant; known: {known}"), line);
        };
        if let Err(e) = self.engine.set_variant(v) {
            return self.error(&e, line);
        }
        self.announce_san();
        if let Some(setup) = setup_line(v) {
            self.out.line(&setup);
        }
        if let Some(limit) = xboard_names::of(v).limit {
            self.out.line(&format!(
                "tellusererror Baton plays {}, but {limit}. Play it on Baton's own board: run 'baton gui'.",
                v.name()
            ));
        }
    }

    /// Tells XBoard, when the variant changes what it should be, whether to send SAN:
    /// in the variants whose rules XBoard knows itself (chess, knightmate) its SAN is
    /// Baton's; elsewhere it is not (docs/san.md). XBoard 4.9 honours a `feature`
    /// line at any time (tests/xboard_real.rs shows it).
    fn announce_san(&mut self) {
        let want = san_in_xboard(self.engine.variant());
        if self.features && want != self.san {
            self.san = want;
            self.out.line(&format!("feature san={}", u8::from(want)));
        }
    }

    fn lift(&mut self, square: &str, line: &str) {
        let pos = self.engine.position();
        match square_from_xboard(pos, square) {
            // An empty square or the other side's piece gets no marks: it has no moves.
            Some(sq) => self.out.line(&highlight_line(pos, sq)),
            None => self.error("bad square", line),
        }
    }

    fn undo(&mut self, plies: usize, line: &str) {
        self.cancel();
        for _ in 0..plies {
            if !self.engine.undo() {
                self.error("no move to undo", line);
                break;
            }
        }
        self.restart_analysis();
    }

    /// Plays the opponent's move `text` (from the command `line`) and answers it.
    fn usermove(&mut self, text: &str, line: &str) {
        self.cancel();
        let v = self.engine.variant();
        // XBoard sends SAN where Baton asked for it (`announce_san`), coordinates
        // elsewhere; both are read everywhere (a GUI that sends SAN regardless, a
        // person typing), except SAN on 10-rank boards, where XBoard's rank numbers
        // differ from ours (see docs/san.md).
        let played = move_from_xboard(v, text)
            .ok_or_else(String::new)
            .and_then(|ours| self.engine.play_text(&ours))
            .or_else(|e| {
                if zero_based_ranks(v) {
                    Err(e)
                } else {
                    self.engine.play_san(text)
                }
            });
        if played.is_err() {
            self.out.line(&format!("Illegal move: {}", sanitize(text)));
            return;
        }
        if self.analyzing {
            return self.restart_analysis();
        }
        if let Some(result) = result_line(self.engine.game()) {
            self.out.line(&result);
            return;
        }
        if !self.force && self.engine.position().side() == self.side {
            self.think(line);
        }
    }

    fn on_info(&self) -> Box<dyn Fn(&Report) + Send + Sync> {
        let game = self.engine.game().clone();
        let out = self.out.clone();
        let post = self.post || self.analyzing;
        Box::new(move |r: &Report| {
            if post {
                out.line(&thinking_line(&game, r));
            }
        })
    }

    fn restart_analysis(&mut self) {
        if !self.analyzing {
            return;
        }
        let limits = search::Limits {
            infinite: true,
            ..Default::default()
        };
        let on_info = self.on_info();
        if let Err(e) = self.engine.go(limits, false, on_info, Box::new(|_| {})) {
            self.error("cannot analyze", &e);
        }
    }

    /// Searches for the engine's move; the search thread sends it. `line` is the
    /// command that asked for it (`go`, or the opponent's move), named in an error.
    fn think(&mut self, line: &str) {
        if let Some(result) = result_line(self.engine.game()) {
            self.out.line(&result);
            return;
        }
        // XBoard sends `go` even after the `tellusererror` that `variant` gave for a
        // variant it cannot carry (seen in XBoard 4.9: 70 ms later), and then forfeits
        // the move it cannot read. Baton does not move there: the error says why.
        if let Some(limit) = xboard_names::of(self.engine.variant()).limit {
            let v = self.engine.variant().name();
            return self.error(&format!("{v}: {limit}; run 'baton gui'"), line);
        }
        let game = self.engine.game().clone();
        let us = game.position().side();
        let our_moves = game.moves().len() / 2;
        let limits = self.clock.limits(us, our_moves);
        let generation = lock(&self.handoff).generation;
        let handoff = Arc::clone(&self.handoff);
        let out = self.out.clone();
        let san = self.san;
        let on_done = Box::new(move |o: search::Outcome| {
            let mut h = lock(&handoff);
            if h.generation != generation {
                return;
            }
            let Some(m) = o.best else {
                if let Some(result) = result_line(&game) {
                    out.line(&result);
                }
                return;
            };
            // Record before sending: the reply to this move must find it played.
            h.pending = Some(m);
            let pos = game.position();
            let text = if san {
                format_san(pos, m)
            } else {
                move_to_xboard(pos.variant(), &format_move(pos, m))
            };
            out.line(&format!("move {text}"));
            let mut after = game;
            after.play(m);
            if let Some(result) = result_line(&after) {
                out.line(&result);
            }
        });
        let on_info = self.on_info();
        if let Err(e) = self.engine.go(limits, false, on_info, on_done) {
            self.error("cannot think", &e);
        }
    }
}

/// A token shaped like the start of a move: a file letter then a digit.
fn looks_like_move(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}
