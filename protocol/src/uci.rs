//! The UCI front end: parses commands, drives the engine facade, formats answers.

use baton_engine::search::{Report, Score};
use baton_engine::Move;

use crate::engine::{pv_text, Engine, Start};
use crate::options;
use crate::out::{sanitize, Out};

pub struct Uci {
    engine: Engine,
    out: Out,
}

/// Whether the loop goes on after a command.
pub enum Flow {
    Continue,
    Quit,
}

impl Uci {
    pub fn new(out: Out) -> Uci {
        Uci {
            engine: Engine::new(),
            out,
        }
    }

    fn error(&self, msg: &str) {
        self.out.line(&format!("info string error: {msg}"));
    }

    /// Handles one input line.
    pub fn command(&mut self, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        match cmd {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => self.engine.new_game(),
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.engine.stop(),
            "ponderhit" => self.engine.ponderhit(),
            "d" => self.display(),
            "eval" => self.eval(),
            // UCI's `debug on|off` asks for extra `info string` output; Baton has none
            // to add, so both are accepted and change nothing. Other arguments are errors.
            "debug" => match args {
                ["on"] | ["off"] => {}
                _ => self.error("debug takes 'on' or 'off'"),
            },
            // A script's `go perft N` then `quit` wants the counts, as Fairy-Stockfish
            // prints them before it reads on: a running perft is given its grace to
            // finish, a search is stopped (its best move still goes out).
            "quit" => {
                self.engine.finish();
                return Flow::Quit;
            }
            other => self.error(&format!("unknown command '{}'", sanitize(other))),
        }
        Flow::Continue
    }

    /// The end of input: stop the search so its move still goes out (a perft count
    /// runs to its end).
    pub fn finish(&mut self) {
        self.engine.finish();
    }

    fn identify(&self) {
        self.out
            .line(&format!("id name Baton {}", crate::version::describe()));
        self.out.line("id author the Baton developers");
        for line in options::uci_lines() {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    /// `setoption name <name words> [value <value words>]`.
    fn setoption(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            return self.error("setoption needs 'name <option> [value <value>]'");
        }
        let rest = &args[1..];
        let split = rest.iter().position(|t| *t == "value");
        let (name, value) = match split {
            Some(k) => (rest[..k].join(" "), rest[k + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        if let Err(e) = self.engine.set_option(&name, &value) {
            self.error(&sanitize(&e));
        }
    }

    /// `position startpos|fen <fen> [moves <m>...]`.
    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|t| *t == "moves");
        let (setup, moves) = match moves_at {
            Some(k) => (&args[..k], &args[k + 1..]),
            None => (args, &args[args.len()..]),
        };
        let fen;
        let start = match setup.split_first() {
            Some((&"startpos", [])) => Start::StartPos,
            Some((&"fen", fields)) if !fields.is_empty() => {
                fen = fields.join(" ");
                Start::Fen(&fen)
            }
            _ => return self.error("position needs 'startpos' or 'fen <fen>', then 'moves ...'"),
        };
        let variant = self.engine.variant();
        if let Err(e) = self.engine.set_position(variant, start, moves) {
            self.error(&format!("{}; position unchanged", sanitize(&e)));
        }
    }

    fn go(&mut self, args: &[&str]) {
        let (mut go, errors) = crate::go::parse(args);
        for e in &errors {
            self.error(e);
        }
        go.limits.searchmoves = self.searchmoves(&go.searchmoves);
        if let Some(depth) = go.perft {
            // On its own thread: `stop` interrupts a long count.
            let out = self.out.clone();
            let done = Box::new(move |text: Option<String>| match text {
                Some(text) => out.line(&text),
                None => out.line("info string perft stopped before it finished"),
            });
            if let Err(e) = self.engine.perft(depth, done) {
                self.error(&e);
            }
            return;
        }
        let pos = self.engine.position().clone();
        let info_pos = pos.clone();
        let info_out = self.out.clone();
        let done_out = self.out.clone();
        let on_info = Box::new(move |r: &Report| info_out.line(&info_line(&info_pos, r)));
        let on_done = Box::new(move |o: baton_engine::search::Outcome| {
            let mut line = String::from("bestmove ");
            match o.best {
                None => line += "(none)",
                Some(m) => {
                    let pv: Vec<_> = o.ponder.into_iter().collect();
                    line += &baton_engine::format_move(&pos, m);
                    let after = pos.play(m);
                    if let Some(p) = pv_text(&after, &pv, |s| s).first() {
                        line += " ponder ";
                        line += p;
                    }
                }
            }
            done_out.line(&line);
        });
        if let Err(e) = self.engine.go(go.limits, go.ponder, on_info, on_done) {
            self.error(&e);
            self.out.line("bestmove (none)");
        }
    }

    /// `go searchmoves`' words read as this position's legal moves; each that is not
    /// one is reported and left out. None left: the search takes every move.
    fn searchmoves(&self, words: &[String]) -> Vec<Move> {
        let pos = self.engine.position();
        let mut moves = Vec::new();
        for w in words {
            match baton_engine::notation::parse_move(pos, w) {
                Ok(m) => moves.push(m),
                Err(e) => self.error(&format!(
                    "go searchmoves '{}': {}, left out",
                    sanitize(w),
                    sanitize(&e.to_string())
                )),
            }
        }
        if moves.is_empty() && !words.is_empty() {
            self.error("go searchmoves names no legal move here, searching every move");
        }
        moves
    }

    fn display(&self) {
        let g = self.engine.game();
        self.out
            .line(&format!("Variant: {}", self.engine.variant()));
        self.out.line(&format!("Fen: {}", g.position().fen()));
        self.out.line(&format!("Key: {:016X}", g.position().hash()));
        if let Some(o) = g.outcome() {
            self.out
                .line(&format!("Result: {} ({})", o.result_text(), o.reason));
        }
    }

    /// `eval` (as Stockfish's): the current position's static evaluation by term group,
    /// in centipawns from White's side, then the total and the side to move's score
    /// (with its bonus), which is what the search starts from.
    fn eval(&self) {
        let pos = self.engine.position();
        let t = baton_engine::eval::trace::trace(pos);
        self.out
            .line(&format!("Term            White ({})", pos.variant()));
        for (group, share) in &t.terms {
            self.out.line(&format!("{group:<15} {share:+6}"));
        }
        self.out.line(&format!("{:<15} {:+6}", "Total", t.total));
        // The learned evaluation's score (`Evaluation=nnue`) where the variant has a net.
        if let Some(net) = baton_engine::eval::nnue::of(pos.variant()) {
            self.out.line(&format!(
                "NNUE evaluation {:+} (side to move's view)",
                net.evaluate(pos)
            ));
        }
        let side = if t.side == baton_engine::piece::Color::White {
            "White"
        } else {
            "Black"
        };
        self.out.line(&format!(
            "Final evaluation {:+} ({side} to move, with its bonus of {})",
            t.side_to_move_score(),
            t.tempo
        ));
    }
}

/// `info depth D seldepth S multipv K score cp X|mate Y nodes N nps N hashfull H time T
/// pv ...`.
pub fn info_line(pos: &baton_engine::Position, r: &Report) -> String {
    let score = match r.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {}",
        r.depth, r.seldepth, r.multipv, r.nodes, r.nps, r.hashfull, r.time_ms
    );
    let pv = pv_text(pos, &r.pv, |s| s);
    if !pv.is_empty() {
        line += " pv ";
        line += &pv.join(" ");
    }
    line
}
