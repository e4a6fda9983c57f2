//! One game and its engine: a tab's board behind the HTTP API. Each game drives its own
//! engine facade (`baton_protocol::engine::Engine`, as UCI and XBoard do), with its own
//! small hash table and search thread, so two tabs' searches never touch each other's
//! position or table. The server plays Baton's moves and keeps the clocks: `settle`
//! brings the game up to date (a flag fall, a finished search's move, the search that
//! should run now) on every request and whenever the search reports, and every change
//! is announced on `changed`, which the page's event stream (`events`) waits on.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use baton_engine::search::{Limits, Report, Score};
use baton_engine::{format_move, rules, Color, Move, Outcome, Position, Variant};
use baton_protocol::engine::{pv_text, Engine, Start};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use baton_engine::pgn::{self, GameText, Notation};

use super::clock::{Clock, TimeControl};
use super::cpu::{Client, Cpu, Kind};

/// What a game whose move waits for a core says (its clock does not run meanwhile).
pub const WAITING: &str = "Baton waits for another game's search; its clock is stopped";
/// What a game whose analysis waits for a core says (paused for another game's move,
/// or behind another analysis).
pub const ANALYSIS_WAITING: &str =
    "the analysis waits for another game's search and goes on when a core is free";

/// What a game whose `/api/go` search waits for a core says (paused for another
/// game's move, or behind an analysis).
pub const GO_WAITING: &str =
    "the search waits for another game's search and goes on when a core is free";

/// How long a game's page may be away (its event stream closed, none open) before its
/// analysis stops: long enough for a reload to come back to it still running.
pub const PAGE_GRACE: Duration = Duration::from_secs(3);

/// Each game's hash table (MB): small, since up to `games::MAX_GAMES` games are kept.
pub const GAME_HASH_MB: usize = 8;

/// What the search has said so far, shared with the search thread.
#[derive(Default)]
struct Live {
    /// The latest report of each MultiPV line (index 0 is line 1).
    lines: Vec<Report>,
    /// The position the reports are about (their moves are formatted against it).
    fen: String,
    /// The search has ended; its best move, if any, and when it ended (Baton's clock
    /// stops then, whenever the move is played).
    done: bool,
    best: Option<Move>,
    done_at: Option<Instant>,
}

/// A search asked for by `/api/go` that plays nothing, kept until it ends by its own
/// limits, so that when another game's move (or an analysis's turn) pauses it, it goes
/// on by itself once a core is free.
struct ApiGo {
    /// Its limits; a time limit is what is left of it.
    limits: Limits,
    /// The position it searches (a go for another position is not resumed).
    fen: String,
    /// Stopped to give its core back; it starts again when it gets one.
    paused: bool,
    /// When it last started (what a pause leaves of its time).
    since: Instant,
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

/// Baton's limit a move where there is no clock: one of a time, a depth, a node count.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Think {
    Movetime(u64),
    Depth(u32),
    Nodes(u64),
}

impl Think {
    pub fn check(self) -> Result<Think, String> {
        let (name, n, max) = match self {
            Think::Movetime(n) => ("movetime", n, 3_600_000),
            Think::Depth(n) => (
                "depth",
                u64::from(n),
                u64::from(baton_engine::search::MAX_DEPTH),
            ),
            Think::Nodes(n) => ("nodes", n, 1_000_000_000_000),
        };
        if (1..=max).contains(&n) {
            Ok(self)
        } else {
            Err(format!("'{name}' must be a whole number from 1 to {max}"))
        }
    }
}

/// Who plays a side.
#[derive(Serialize, Deserialize, Default, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    #[default]
    Human,
    Baton,
}

/// What a page chose for its game, kept with it so that a reload brings it all back.
#[derive(Serialize, Clone, Debug)]
pub struct Settings {
    pub white: Player,
    pub black: Player,
    /// Baton's limit a move when there is no clock.
    pub think: Think,
    /// The time control, if the game has clocks.
    pub clock: Option<TimeControl>,
    /// The board is shown with Black at the bottom.
    pub flipped: bool,
    /// Baton analyses every position the game reaches (until Stop).
    pub analysis: bool,
    /// Lines shown in analysis (UCI's MultiPV).
    pub lines: usize,
    /// The level Baton plays at (1-8, docs/levels.md), or full strength (`None`).
    /// Analysis is always at full strength.
    pub level: Option<u8>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            white: Player::Human,
            black: Player::Baton,
            think: Think::Movetime(1000),
            clock: None,
            flipped: false,
            analysis: false,
            lines: 1,
            level: None,
        }
    }
}

/// A change of settings: only the fields given change. `clock: null` removes the clock.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SettingsChange {
    pub white: Option<Player>,
    pub black: Option<Player>,
    pub think: Option<Think>,
    #[serde(default, deserialize_with = "present")]
    pub clock: Option<Option<TimeControl>>,
    pub flipped: Option<bool>,
    pub analysis: Option<bool>,
    /// `null`: full strength.
    #[serde(default, deserialize_with = "present")]
    pub level: Option<Option<u8>>,
}

/// A field that is present (even as `null`) is `Some`.
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

pub struct Session {
    /// The game's id, in its page's address.
    pub id: String,
    engine: Engine,
    live: Arc<Mutex<Live>>,
    /// The running search plays its move when it ends (Baton's turn), rather than
    /// only analysing.
    play_when_done: bool,
    review: Option<Review>,
    settings: Settings,
    clock: Option<Clock>,
    /// The game ended on time (the board's own outcome otherwise).
    flag: Option<Outcome>,
    changed: Arc<watch::Sender<u64>>,
    /// The cores all games' searches share (`cpu`).
    cpu: Arc<Cpu>,
    /// This game as the budget sees it (set by `games` once the game is shared).
    pub me: Weak<Mutex<Session>>,
    /// The search that should run now waits for another game's to free a core: why.
    waiting: Option<&'static str>,
    /// Baton's clock was stopped while its move waits for a core (it runs again when
    /// the search starts, or when the wait ends otherwise).
    clock_held: bool,
    /// Dropped from the server's games (idle, or past the cap): its page is told so.
    pub closed: bool,
    /// An `/api/go` search that plays nothing and has not ended by its limits.
    go: Option<ApiGo>,
    /// Event streams open on this game (its pages).
    watchers: usize,
    /// Counts the streams ever opened: a page that came back within the grace period
    /// is told from one that did not.
    watch_gen: u64,
    /// Its page went away (its last stream closed and none came back within
    /// `PAGE_GRACE`): no analysis runs until a page shows the game again.
    page_closed: bool,
}

fn lock(live: &Mutex<Live>) -> std::sync::MutexGuard<'_, Live> {
    live.lock().unwrap_or_else(|e| e.into_inner())
}

fn idx(c: Color) -> usize {
    usize::from(c == Color::Black)
}

fn side_title(c: Color) -> &'static str {
    if c == Color::White {
        "White"
    } else {
        "Black"
    }
}

/// The end of a game whose `loser` ran out of time: a loss, or a draw where the
/// opponent cannot win (`rules::cannot_win`).
fn flag_fall(pos: &Position, loser: Color) -> Outcome {
    let cannot_win = rules::cannot_win(pos, !loser);
    match (loser, cannot_win) {
        (Color::White, false) => Outcome::win(Color::Black, "White lost on time"),
        (Color::Black, false) => Outcome::win(Color::White, "Black lost on time"),
        (Color::White, true) => Outcome::draw("White ran out of time, but Black cannot win"),
        (Color::Black, true) => Outcome::draw("Black ran out of time, but White cannot win"),
    }
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
    pub fn new(id: String, cpu: Arc<Cpu>) -> Result<Session, String> {
        let mut engine = Engine::new();
        engine.set_option("Hash", &GAME_HASH_MB.to_string())?;
        Ok(Session {
            id,
            engine,
            live: Arc::new(Mutex::new(Live::default())),
            play_when_done: false,
            review: None,
            settings: Settings::default(),
            clock: None,
            flag: None,
            changed: Arc::new(watch::channel(0).0),
            cpu,
            me: Weak::new(),
            waiting: None,
            clock_held: false,
            closed: false,
            go: None,
            watchers: 0,
            watch_gen: 0,
            page_closed: false,
        })
    }

    /// A receiver told of every change to this game.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// Tells the game's pages that something changed.
    pub fn notify(&self) {
        self.changed.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// A page opened the game's event stream: an analysis stopped because its page
    /// went away goes on (at the next `settle`).
    pub fn watch(&mut self) {
        self.watchers += 1;
        self.watch_gen = self.watch_gen.wrapping_add(1);
        self.page_closed = false;
    }

    /// A stream closed. Where it was the last, the generation to hand to `page_gone`
    /// after `PAGE_GRACE` (if no stream opened meanwhile, the page is gone).
    pub fn unwatch(&mut self) -> Option<u64> {
        self.watchers = self.watchers.saturating_sub(1);
        (self.watchers == 0).then_some(self.watch_gen)
    }

    /// The grace period after the last stream closed (at generation `generation`) is
    /// over: where no page came back, the game's analysis (and a `/api/go` search that
    /// plays nothing) stops, its lines kept. The game stays, and Baton still plays its
    /// moves; the analysis goes on when a page shows the game again.
    pub fn page_gone(&mut self, generation: u64) {
        if self.watchers > 0 || self.watch_gen != generation || self.closed {
            return;
        }
        self.page_closed = true;
        if !self.play_when_done {
            self.pause_search();
        }
        self.settle();
        self.notify();
    }

    /// Dropped by the server: the search stops and the pages are told.
    pub fn close(&mut self) {
        self.halt();
        self.closed = true;
        self.notify();
    }

    fn position(&self) -> &Position {
        self.engine.position()
    }

    fn baton_plays(&self, c: Color) -> bool {
        let p = if c == Color::White {
            self.settings.white
        } else {
            self.settings.black
        };
        p == Player::Baton
    }

    /// The end of the game: on time, or by the rules.
    pub fn outcome(&self) -> Option<Outcome> {
        self.flag.or_else(|| self.engine.game().outcome())
    }

    /// Stops any search and forgets what it said (the position is about to change).
    fn halt(&mut self) {
        self.engine.stop();
        self.play_when_done = false;
        self.go = None;
        self.stop_waiting();
        *lock(&self.live) = Live::default();
    }

    fn client(&self) -> Weak<dyn Client> {
        self.me.clone()
    }

    /// The game no longer waits for a core: it leaves the budget's line, and a clock
    /// stopped for the wait runs again.
    fn stop_waiting(&mut self) {
        if self.waiting.take().is_some() {
            self.cpu.leave(&self.client());
        }
        self.release_clock();
    }

    /// Stops Baton's running clock while its move waits for a core.
    fn hold_clock(&mut self) {
        if self.review.is_some() || self.clock_held {
            return;
        }
        let side = self.position().side();
        if let Some(c) = self.clock.as_mut().filter(|c| c.running()) {
            c.halt(side, Instant::now());
            self.clock_held = true;
        }
    }

    /// A clock stopped by `hold_clock` runs again from now.
    fn release_clock(&mut self) {
        if std::mem::take(&mut self.clock_held) {
            if let Some(c) = &mut self.clock {
                c.resume(Instant::now());
            }
        }
    }

    /// The clocks start over at the game's current move, paused.
    fn restart_clock(&mut self) {
        // A clock held for a waiting move is replaced: nothing to run again.
        self.clock_held = false;
        self.clock = self.settings.clock.map(Clock::new);
        let plies = self.engine.game().moves().len();
        if let Some(c) = &mut self.clock {
            c.start_at(plies);
        }
    }

    /// `mover` moved at `at`: its clock stops, the other's starts (not while reviewing
    /// a loaded game).
    fn clock_moved(&mut self, mover: Color, at: Instant) {
        let plies = self.engine.game().moves().len();
        if self.review.is_some() {
            return;
        }
        if let Some(c) = &mut self.clock {
            c.moved(mover, at, plies);
        }
    }

    /// Whether the side to move's clock had run out at `at`; if so the game ends on
    /// time (and its search stops).
    fn flagged_at(&mut self, at: Instant) -> bool {
        if self.flag.is_some() {
            return true;
        }
        if self.engine.game().outcome().is_some() || self.review.is_some() {
            return false;
        }
        let side = self.position().side();
        let Some(c) = &mut self.clock else {
            return false;
        };
        if !c.flagged(side, at) {
            return false;
        }
        c.halt(side, at);
        self.flag = Some(flag_fall(self.position(), side));
        self.halt();
        true
    }

    /// How long until the running clock runs out (the event stream wakes then).
    pub fn flag_in(&self) -> Option<Duration> {
        if self.outcome().is_some() || self.review.is_some() {
            return None;
        }
        let c = self.clock.as_ref().filter(|c| c.running())?;
        let side = self.position().side();
        Some(Duration::from_millis(
            c.left_at(side, side, Instant::now()) + 5,
        ))
    }

    /// Brings the game up to date: a flag fall, Baton's move once its search has
    /// ended (timed when it ended), then the search that should run now.
    pub fn settle(&mut self) {
        if self.closed {
            return;
        }
        let before = (self.engine.game().moves().len(), self.flag, self.waiting);
        let finished = {
            let live = lock(&self.live);
            (live.done && self.play_when_done).then_some((live.best, live.done_at))
        };
        if let Some((best, done_at)) = finished {
            let at = done_at.unwrap_or_else(Instant::now);
            self.play_when_done = false;
            self.engine.wait();
            if !self.flagged_at(at) {
                let mover = self.position().side();
                if let Some(m) = best {
                    self.engine.play(m);
                    self.clock_moved(mover, at);
                }
            }
            *lock(&self.live) = Live::default();
        }
        self.flagged_at(Instant::now());
        self.kick();
        if (self.engine.game().moves().len(), self.flag, self.waiting) != before {
            self.notify();
        }
    }

    /// Starts what should run now and is not running: Baton's search on its turn, or
    /// the analysis of the position.
    fn kick(&mut self) {
        // A search that ended by its own limits (an API `go`) no longer holds the board.
        let running = self.engine.is_searching() && !lock(&self.live).done;
        // An API search that was not paused and runs no more has ended by its limits
        // (or belongs to a position the game has left).
        let fen = self.position().fen();
        if self
            .go
            .as_ref()
            .is_some_and(|g| g.fen != fen || (!g.paused && !running))
        {
            self.go = None;
        }
        if self.closed || self.outcome().is_some() || running {
            return;
        }
        let side = self.position().side();
        // A search that cannot start (it waits for a core) leaves the game as it is;
        // the page shows no "thinking" since nothing runs.
        if self.review.is_none() && self.baton_plays(side) {
            let _ = self.start(None, true);
        } else if self.page_closed {
            // Nobody sees this game's analysis: it takes no core (`page_gone`).
            self.stop_waiting();
        } else if let Some(limits) = self.go.as_ref().map(|g| g.limits.clone()) {
            let _ = self.start(Some(limits), false);
        } else if self.settings.analysis {
            let _ = self.start(None, false);
        } else {
            self.stop_waiting();
        }
    }

    /// Baton's limits on its turn: its clock (as a UCI host gives it: both sides' time
    /// and increment), or its limit a move.
    fn baton_limits(&self) -> Limits {
        let mut l = Limits::default();
        match &self.clock {
            Some(c) => {
                let now = Instant::now();
                let side = self.position().side();
                for color in Color::BOTH {
                    l.time[idx(color)] = Some(c.left_at(color, side, now));
                    l.inc[idx(color)] = Some(c.control.inc_ms);
                }
            }
            None => match self.settings.think {
                Think::Movetime(ms) => l.movetime = Some(ms),
                Think::Depth(d) => l.depth = Some(d),
                Think::Nodes(n) => l.nodes = Some(n),
            },
        }
        l
    }

    /// Applies a change of settings. A new time control starts the clocks over; who
    /// plays, or what Baton may think, takes effect at once (a running search of the
    /// old kind stops; `settle` starts the right one).
    pub fn change(&mut self, c: SettingsChange) -> Result<(), String> {
        if let Some(Some(tc)) = &c.clock {
            tc.check()?;
        }
        if let Some(t) = c.think {
            t.check()?;
        }
        if let Some(Some(n)) = c.level {
            baton_protocol::levels::level(n)?;
        }
        let s = &mut self.settings;
        let restart = c.white.is_some_and(|p| p != s.white)
            || c.black.is_some_and(|p| p != s.black)
            || c.think.is_some_and(|t| t != s.think)
            || c.clock.is_some_and(|tc| tc != s.clock)
            || c.analysis.is_some_and(|a| a != s.analysis)
            || c.level.is_some_and(|l| l != s.level);
        s.level = c.level.unwrap_or(s.level);
        s.white = c.white.unwrap_or(s.white);
        s.black = c.black.unwrap_or(s.black);
        s.think = c.think.unwrap_or(s.think);
        s.flipped = c.flipped.unwrap_or(s.flipped);
        s.analysis = c.analysis.unwrap_or(s.analysis);
        if let Some(tc) = c.clock {
            s.clock = tc;
            self.flag = None;
            self.restart_clock();
        }
        if restart {
            self.halt();
        }
        Ok(())
    }

    pub fn new_game(&mut self, variant: Variant, fen: Option<&str>) -> Result<(), String> {
        let start = match fen {
            Some(f) if !f.trim().is_empty() => Start::Fen(f),
            _ => Start::StartPos,
        };
        // Checked first: a bad FEN changes nothing.
        self.engine.set_position(variant, start, &[])?;
        self.halt();
        // A new game starts from an empty hash table and no move-ordering history.
        self.engine.set_option("Clear Hash", "")?;
        self.review = None;
        self.flag = None;
        self.restart_clock();
        Ok(())
    }

    /// Plays a person's move given in docs/protocol.md's move text; refused with the
    /// reason (a game over, Baton's turn, an illegal move).
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        if let Some(o) = self.outcome() {
            return Err(format!(
                "the game is over ({}, {})",
                o.result_text(),
                o.reason
            ));
        }
        let mover = self.position().side();
        if self.review.is_none() && self.baton_plays(mover) {
            return Err(format!("it is Baton's move ({})", side_title(mover)));
        }
        let now = Instant::now();
        // Checked first: an illegal move stops nothing.
        let pos = self.position();
        baton_engine::parse_move(pos, text).map_err(|e| e.to_string())?;
        self.halt();
        self.engine.play_text(text)?;
        if self.review.take().is_some() {
            // Play goes on from a loaded game: its clocks start from here.
            self.restart_clock();
        }
        self.clock_moved(mover, now);
        Ok(())
    }

    /// Takes back the last move; against Baton, back to the person's turn (Baton's
    /// reply and the person's move). The clocks go back to their times of then, paused
    /// until the next move.
    pub fn undo(&mut self) -> Result<(), String> {
        self.halt();
        self.review = None;
        if !self.engine.undo() {
            return Err("there is no move to take back".into());
        }
        loop {
            let side = self.position().side();
            let against_baton = self.baton_plays(side) && !self.baton_plays(!side);
            if !against_baton || self.engine.game().moves().is_empty() {
                break;
            }
            self.engine.undo();
        }
        self.flag = None;
        let plies = self.engine.game().moves().len();
        if let Some(c) = &mut self.clock {
            c.undone(plies);
        }
        Ok(())
    }

    /// The complete legal moves that begin with `prefix` (all with an empty one): the
    /// page finds a piece's targets, and each step of a two-part turn, from these.
    pub fn moves(&self, prefix: &str) -> Vec<String> {
        let pos = self.position();
        if self.outcome().is_some() {
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

    /// The cores a search takes from the budget: the `Threads` option's, but one for a
    /// move at a level, which the search plays on one thread (`search::think`: the
    /// levels were measured so); analysis is at full strength.
    fn cores_for(&self, play: bool) -> usize {
        if play && self.settings.level.is_some() {
            1
        } else {
            self.engine.options().threads
        }
    }

    /// Starts a search within `limits` (by default Baton's on its turn, else an endless
    /// analysis): `play` makes Baton play its move when it ends.
    fn start(&mut self, limits: Option<Limits>, play: bool) -> Result<(), String> {
        self.engine.stop();
        self.play_when_done = false;
        let fen = self.position().fen();
        // A core from the budget all games share, or wait for one (`cpu`): the page
        // says so, and the budget asks the game to retry when its turn may have come.
        let kind = if play { Kind::Move } else { Kind::Analysis };
        let Some(permit) = self.cpu.take(self.cores_for(play), kind, &self.client()) else {
            let why = if play {
                WAITING
            } else if self.go.is_some() {
                GO_WAITING
            } else {
                ANALYSIS_WAITING
            };
            self.waiting = Some(why);
            if play {
                // Baton waits for the machine, not for its opponent.
                self.hold_clock();
            } else {
                self.release_clock();
            }
            // A paused analysis's lines stay on screen, for this position only.
            let mut live = lock(&self.live);
            if live.fen != fen {
                *live = Live::default();
            }
            return Err(why.into());
        };
        self.waiting = None;
        self.release_clock();
        if let Some(g) = &mut self.go {
            g.paused = false;
            g.since = Instant::now();
        }
        *lock(&self.live) = Live::default();
        let limits = limits.unwrap_or_else(|| {
            if play {
                self.baton_limits()
            } else {
                Limits {
                    infinite: true,
                    ..Limits::default()
                }
            }
        });
        // Baton plays its moves at the chosen level; analysis is at full strength.
        self.engine
            .set_level(if play { self.settings.level } else { None })?;
        self.play_when_done = play;
        lock(&self.live).fen = fen;
        let (info_live, done_live) = (Arc::clone(&self.live), Arc::clone(&self.live));
        let (info_changed, done_changed) = (Arc::clone(&self.changed), Arc::clone(&self.changed));
        self.engine.go(
            limits,
            false,
            Box::new(move |r: &Report| {
                {
                    let mut live = lock(&info_live);
                    let i = r.multipv.max(1) - 1;
                    if live.lines.len() <= i {
                        live.lines.resize(i + 1, r.clone());
                    }
                    live.lines[i] = r.clone();
                }
                info_changed.send_modify(|n| *n = n.wrapping_add(1));
            }),
            Box::new(move |o| {
                // The core goes back to the budget when the search ends.
                let _permit = permit;
                {
                    let mut live = lock(&done_live);
                    live.done = true;
                    live.best = o.best;
                    live.done_at = Some(Instant::now());
                }
                done_changed.send_modify(|n| *n = n.wrapping_add(1));
            }),
        )
    }

    /// A search asked for by the API (`/api/go`): `play` plays the move found. One
    /// that plays nothing is kept until it ends by its limits: paused for another
    /// game's move, it goes on by itself when a core is free (`kick`).
    pub fn go(&mut self, limits: Limits, play: bool) -> Result<(), String> {
        if self.outcome().is_some() {
            return Err("the game is over".into());
        }
        self.go = None;
        self.start(Some(limits.clone()), play)?;
        if !play {
            self.go = Some(ApiGo {
                limits,
                fen: self.position().fen(),
                paused: false,
                since: Instant::now(),
            });
        }
        Ok(())
    }

    /// Gives back the core a running analysis holds (another game's move needs it):
    /// the analysis waits in line and goes on when a core is free.
    fn pause_analysis(&mut self) {
        if !self.play_when_done {
            self.pause_search();
        }
        self.settle();
        self.notify();
    }

    /// Stops a running analysis or API search (not Baton's move) so that it can go on
    /// later: an API search keeps what is left of its time.
    fn pause_search(&mut self) {
        let running = self.engine.is_searching() && !lock(&self.live).done;
        if !running {
            return;
        }
        if let Some(g) = &mut self.go {
            g.paused = true;
            if let Some(ms) = g.limits.movetime {
                let spent = u64::try_from(g.since.elapsed().as_millis()).unwrap_or(u64::MAX);
                g.limits.movetime = Some(ms.saturating_sub(spent).max(1));
            }
        }
        self.engine.stop();
    }

    /// Stops the search. On Baton's turn it plays the best move found so far; an
    /// analysis ends (until the person asks for it again).
    pub fn stop(&mut self) {
        self.settings.analysis = false;
        self.go = None;
        self.engine.stop();
        if !self.play_when_done {
            // An analysis ended: its lines stay on screen, for this position.
            return;
        }
        self.settle();
    }

    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.engine.set_option(name, value)?;
        if name.eq_ignore_ascii_case("MultiPV") {
            self.settings.lines = self.engine.options().multipv;
        }
        // The search restarts with the new option (`settle`).
        self.halt();
        Ok(())
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
        self.engine.set_position(variant, start, &texts)?;
        self.halt();
        self.flag = None;
        self.review = Some(Review {
            variant,
            fen,
            at: moves.len(),
            moves,
            tags: g.tags.clone().into_iter().collect(),
        });
        // Reviewing: the clocks wait at their start.
        self.restart_clock();
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
        self.engine.set_position(variant, start, &moves)?;
        self.halt();
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
        let outcome = self.outcome();
        let result = outcome.map(|o| o.result_text()).unwrap_or("*");
        let player = |p: Player| if p == Player::Baton { "Baton" } else { "Human" };
        let mut tags: Vec<(String, String)> = [
            ("Event", "Baton browser board".to_string()),
            ("Site", "?".to_string()),
            ("Date", pgn::date_of(unix_seconds())),
            ("Round", "-".to_string()),
            ("White", player(self.settings.white).to_string()),
            ("Black", player(self.settings.black).to_string()),
            ("Result", result.to_string()),
            ("Variant", v.name().to_string()),
            ("FEN", start.fen()),
            ("SetUp", "1".to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        if let Some(o) = outcome {
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

    /// The game's position after its first `at` moves, to be shown while the game
    /// goes on (its clocks run; moves are made only at the current position).
    pub fn view(&self, at: usize) -> Result<Board, String> {
        let game = self.engine.game();
        let moves = game.moves();
        if at > moves.len() {
            return Err(format!("the game has {} moves, not {at}", moves.len()));
        }
        let mut pos = game.start().clone();
        let mut last = None;
        for &m in &moves[..at] {
            let next = pos.play(m);
            last = Some((pos, m));
            pos = next;
        }
        Ok(Board::of(&pos, last.as_ref().map(|(p, m)| (p, *m))))
    }

    /// Everything the page draws: the board, whose turn, the last move, check, the
    /// end of the game with its reason, the search's lines, the loaded game.
    pub fn state(&self) -> State {
        let game = self.engine.game();
        let pos = game.position();
        let v = pos.variant();
        let t = pos.tables();
        let last = game.previous().zip(game.moves().last().copied());
        let board = Board::of(pos, last);
        let outcome = self.outcome().map(|o| OutcomeInfo {
            result: o.result_text(),
            winner: o.winner.map(Color::name),
            reason: o.reason,
        });
        let live = lock(&self.live);
        let root = Position::from_fen(v, &live.fen).ok();
        let lines = root
            .as_ref()
            .map(|root| {
                // Scores from White's side, whoever is to move (as lichess shows them).
                let sign = if root.side() == Color::White { 1 } else { -1 };
                live.lines
                    .iter()
                    .map(|r| Line {
                        multipv: r.multipv,
                        depth: r.depth,
                        seldepth: r.seldepth,
                        score: ScoreInfo::white_side(r.score, sign),
                        nodes: r.nodes,
                        nps: r.nps,
                        time_ms: r.time_ms,
                        pv: pv_text(root, &r.pv, |s| s),
                        san: san_line(root, &r.pv),
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
            engine_level: self.engine.level(),
            san,
            width: t.width,
            height: t.height,
            board,
            moves_played: game.moves().len(),
            outcome,
            searching: self.engine.is_searching() && !live.done,
            baton_to_move: self.play_when_done,
            waiting: self.waiting,
            page_closed: self.page_closed,
            seq: *self.changed.borrow(),
            baton_plays: Sides {
                white: self.baton_plays(Color::White),
                black: self.baton_plays(Color::Black),
            },
            game: self.id.clone(),
            settings: self.settings.clone(),
            clock: self.clock.as_ref().map(|c| {
                let now = Instant::now();
                let side = pos.side();
                ClockInfo {
                    white_ms: c.left_at(Color::White, side, now),
                    black_ms: c.left_at(Color::Black, side, now),
                    running: c.running().then(|| side.name()),
                }
            }),
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

/// What the page draws (docs/gui-api.md, "The state").
#[derive(Serialize)]
pub struct State {
    variant: &'static str,
    /// The level the engine is set to (`Engine::level`): the game's level once
    /// Baton has searched for a move, none (full strength) while analysing.
    engine_level: Option<u8>,
    width: u8,
    height: u8,
    #[serde(flatten)]
    board: Board,
    moves_played: usize,
    /// The game's moves in SAN (a loaded game's all, wherever the page stands).
    san: Vec<String>,
    outcome: Option<OutcomeInfo>,
    searching: bool,
    baton_to_move: bool,
    /// Why the search that should run does not: it waits for a core (`cpu`).
    waiting: Option<&'static str>,
    /// No page shows the game (its last event stream closed and none came back within
    /// `PAGE_GRACE`): its analysis is stopped until one does.
    page_closed: bool,
    /// The game's change count when this state was taken: a page draws no state older
    /// than the one it shows (a stream event overtaken by a request's answer).
    seq: u64,
    baton_plays: Sides,
    search: SearchInfo,
    review: Option<ReviewInfo>,
    /// The game's id (the page's address carries it).
    game: String,
    settings: Settings,
    clock: Option<ClockInfo>,
}

/// A position as the board draws it: the game's current one (in `State`), or an
/// earlier one shown while the game goes on (`Session::view`).
#[derive(Serialize)]
pub struct Board {
    /// Top rank first.
    ranks: Vec<Vec<Cell>>,
    side: &'static str,
    fen: String,
    /// combiningknightmare: the Knightmare that may not move this ply.
    frozen: Option<String>,
    last_move: Option<String>,
    /// The last move's way where it turned on relays or gates (else empty).
    last_route: Vec<String>,
    check: Vec<String>,
    threatened: Vec<String>,
}

impl Board {
    /// `pos`, reached by `last` (the move and the position it was played in), if any.
    fn of(pos: &Position, last: Option<(&Position, Move)>) -> Board {
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
        Board {
            ranks,
            side: pos.side().name(),
            fen: pos.fen(),
            frozen: pos.frozen().map(|sq| t.square_name(sq)),
            last_move: last.map(|(before, m)| format_move(before, m)),
            last_route: last
                .map(|(before, m)| route_names(before, m))
                .unwrap_or_default(),
            check,
            threatened,
        }
    }
}

/// Time left on each clock now, and whose clock runs (`None`: paused or not started).
#[derive(Serialize)]
struct ClockInfo {
    white_ms: u64,
    black_ms: u64,
    running: Option<&'static str>,
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
    /// The same line in SAN, as the page shows it.
    san: Vec<String>,
}

/// A principal variation in SAN, cut where a move is not legal (as `pv_text`).
fn san_line(root: &Position, pv: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !rules::legal_move_list(&pos).contains(&m) {
            break;
        }
        out.push(baton_engine::format_san(&pos, m));
        pos = pos.play(m);
    }
    out
}

/// `{"cp": n}` or `{"mate": n}`, from White's side.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum ScoreInfo {
    Cp(i32),
    Mate(i32),
}

impl ScoreInfo {
    /// A search's score (the side to move's) from White's side: `sign` is -1 where
    /// Black is to move.
    fn white_side(s: Score, sign: i32) -> ScoreInfo {
        match s {
            Score::Cp(cp) => ScoreInfo::Cp(sign * cp),
            Score::Mate(n) => ScoreInfo::Mate(sign * n),
        }
    }
}

#[derive(Serialize)]
struct ReviewInfo {
    moves: Vec<String>,
    at: usize,
    tags: Vec<(String, String)>,
}

/// The budget's view of a game (`cpu`): asked from a thread of the budget's, with no
/// other lock held.
impl Client for Mutex<Session> {
    fn retry(&self) {
        let mut s = self.lock().unwrap_or_else(|e| e.into_inner());
        s.settle();
        s.notify();
    }

    fn pause(&self) {
        self.lock()
            .unwrap_or_else(|e| e.into_inner())
            .pause_analysis();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of its own on a budget of one core, shared as the server shares it.
    fn game(cpu: &Arc<Cpu>) -> Arc<Mutex<Session>> {
        let game = Arc::new(Mutex::new(
            Session::new("test".into(), Arc::clone(cpu)).expect("a game"),
        ));
        game.lock().unwrap().me = Arc::downgrade(&game);
        game
    }

    /// Waits (a minute at most: only a hung test) until `game`, brought up to date,
    /// makes `done` true.
    fn until(game: &Mutex<Session>, done: impl Fn(&Session) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            {
                let mut s = game.lock().unwrap();
                s.settle();
                if done(&s) {
                    return;
                }
            }
            assert!(Instant::now() < deadline, "timed out");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// A budget of one core and a game of its whose page asked `/api/go` with `limits`.
    fn searching(limits: Limits) -> (Arc<Cpu>, Arc<Mutex<Session>>) {
        let cpu = Cpu::new(1);
        let g = game(&cpu);
        g.lock().unwrap().go(limits, false).expect("a free core");
        (cpu, g)
    }

    fn finished(s: &Session) -> bool {
        lock(&s.live).done
    }

    /// A move at a level is searched on one thread, so it takes one core of the budget
    /// whatever `Threads` says; a full-strength move and an analysis take `Threads`.
    #[test]
    fn a_move_at_a_level_takes_one_core_whatever_threads_says() {
        let cpu = Cpu::new(2);
        let g = game(&cpu);
        let mut s = g.lock().unwrap();
        s.set_option("Threads", "2").expect("two threads");
        assert_eq!((s.cores_for(true), s.cores_for(false)), (2, 2));
        s.settings.level = Some(3);
        assert_eq!((s.cores_for(true), s.cores_for(false)), (1, 2));
    }

    #[test]
    fn an_api_search_that_ends_by_its_limits_is_not_started_again() {
        // The budget is kept alive to the end (its core is what the search holds).
        let (_cpu, g) = searching(Limits {
            depth: Some(1),
            ..Limits::default()
        });
        until(&g, finished);
        let mut s = g.lock().unwrap();
        s.settle();
        assert!(s.go.is_none());
        assert!(finished(&s), "searched again");
        assert!(lock(&s.live).best.is_some());
    }

    #[test]
    fn a_paused_api_search_goes_on_with_what_is_left_of_its_time() {
        let (cpu, g) = searching(Limits {
            movetime: Some(3_600_000),
            ..Limits::default()
        });
        // Another game's move needs the core: the search is paused, and waits.
        let other = game(&cpu);
        let mover: Weak<dyn Client> = Arc::downgrade(&other) as Weak<dyn Client>;
        assert!(cpu.take(1, Kind::Move, &mover).is_none());
        until(&g, |s| s.waiting == Some(GO_WAITING));
        let left = g
            .lock()
            .unwrap()
            .go
            .as_ref()
            .map(|g| (g.paused, g.limits.movetime));
        assert!(
            matches!(left, Some((true, Some(ms))) if ms < 3_600_000),
            "{left:?}"
        );
        // The move's turn; once its core is back, the search goes on by itself.
        let mut permit = None;
        let deadline = Instant::now() + Duration::from_secs(60);
        while permit.is_none() {
            permit = cpu.take(1, Kind::Move, &mover);
            assert!(Instant::now() < deadline, "the move got no core");
            std::thread::sleep(Duration::from_millis(10));
        }
        drop(permit);
        until(&g, |s| {
            s.engine.is_searching() && !finished(s) && s.waiting.is_none()
        });
        // Stop ends it for good.
        g.lock().unwrap().stop();
        until(&g, |s| !s.engine.is_searching());
        assert!(g.lock().unwrap().go.is_none());
    }

    #[test]
    fn a_game_whose_page_is_gone_analyses_no_more_until_one_comes_back() {
        let cpu = Cpu::new(1);
        let g = game(&cpu);
        {
            let mut s = g.lock().unwrap();
            s.watch();
            s.change(SettingsChange {
                analysis: Some(true),
                ..SettingsChange::default()
            })
            .expect("analysis");
        }
        until(&g, |s| s.engine.is_searching() && !finished(s));
        // A reload: the stream closes and another opens before the grace is over.
        let generation = g.lock().unwrap().unwatch().expect("the last stream");
        g.lock().unwrap().watch();
        g.lock().unwrap().page_gone(generation);
        assert!(!g.lock().unwrap().page_closed);
        until(&g, |s| s.engine.is_searching() && !finished(s));
        // Closed: the analysis stops, and a request about the game starts none.
        let generation = g.lock().unwrap().unwatch().expect("the last stream");
        g.lock().unwrap().page_gone(generation);
        until(&g, |s| !s.engine.is_searching() || finished(s));
        let s = g.lock().unwrap();
        assert!(s.page_closed && s.settings.analysis && s.waiting.is_none());
        drop(s);
        // The page comes back: the analysis goes on.
        g.lock().unwrap().watch();
        until(&g, |s| s.engine.is_searching() && !finished(s));
    }
}
