//! The engine facade: it owns the options, the hash table, the game and the search
//! thread. The front ends only parse commands and format answers.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use baton_engine::rng::Rng;
use baton_engine::search::{self, Limits, Memory, Params, Report, TranspositionTable};
use baton_engine::{rules, Game, Move, Position, Variant};

use crate::lag::LagMeter;
use crate::options::{self, Change, Options};

/// How long a perft may still run once input has ended.
const PERFT_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// The machine's physical memory in MB, where the system tells it (Linux).
fn physical_memory_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// The front end's search thread: it starts the search (whose own threads have
/// `search`'s stack size) and holds a root move list on its stack; 512 KiB overflowed,
/// 2 MiB ran clean, 8 MiB leaves a wide margin.
const SEARCH_STACK: usize = 8 << 20;

/// Where a position comes from.
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    StartPos,
    Fen(&'a str),
}

pub type InfoFn = Box<dyn Fn(&Report) + Send + Sync>;
pub type DoneFn = Box<dyn FnOnce(search::Outcome) + Send>;

struct Running {
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
    /// A perft count rather than a search.
    perft: bool,
}

pub struct Engine {
    options: Options,
    tt: Arc<TranspositionTable>,
    /// Move-ordering history carried from one search to the next.
    memory: Arc<Memory>,
    game: Game,
    running: Option<Running>,
    /// The host's lag, learned from its clock (`lag`).
    lag: LagMeter,
    /// Draws each weakened search's seed (`Skill`): seeded from the clock, so that
    /// play varies from game to game, unless a test fixes it (`set_seed`).
    rng: Rng,
}

/// A seed that differs from run to run, for play.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    baton_engine::rng::mix(nanos ^ u64::from(std::process::id()).rotate_left(32))
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        let options = Options::default();
        Engine {
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            memory: Arc::new(Memory::new()),
            game: Game::startpos(options.variant),
            options,
            running: None,
            lag: LagMeter::default(),
            rng: Rng::new(clock_seed()),
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    pub fn variant(&self) -> Variant {
        self.options.variant
    }
    /// The hash table's size in MB.
    pub fn hash_size_mb(&self) -> usize {
        self.tt.size_mb()
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Applies `setoption`; on error nothing changes.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.apply(options::parse(name, value)?)
    }

    /// Applies XBoard's `option NAME=VALUE`; on error nothing changes.
    pub fn set_xboard_option(&mut self, setting: &str) -> Result<(), String> {
        self.apply(options::parse_xboard(setting)?)
    }

    fn apply(&mut self, change: Change) -> Result<(), String> {
        self.stop();
        match change {
            Change::Variant(v) => self.set_variant(v)?,
            Change::Hash(mb) => {
                let kept = self.tt.size_mb();
                // Allocation alone does not prove the memory is there (Linux
                // overcommits, and the table is written in full at once): more than
                // half the machine's memory is refused before trying.
                if let Some(total) = physical_memory_mb().filter(|&t| mb > t / 2) {
                    return Err(format!(
                        "cannot allocate {mb} MB for the hash; keeping {kept} MB \
                         (machine: {total} MB)"
                    ));
                }
                match Arc::get_mut(&mut self.tt) {
                    Some(tt) => tt.resize(mb).map_err(|e| e.to_string())?,
                    None => {
                        let mut tt = TranspositionTable::new(1);
                        tt.resize(mb).map_err(|e| e.to_string())?;
                        self.tt = Arc::new(tt);
                    }
                }
                self.options.hash_mb = mb;
            }
            Change::Threads(n) => self.options.threads = n,
            Change::MultiPv(n) => self.options.multipv = n,
            Change::MoveOverhead(ms) => self.options.move_overhead_ms = ms,
            Change::Ponder(on) => self.options.ponder = on,
            Change::ClearHash => {
                self.tt.clear();
                self.memory.clear();
            }
            Change::Evaluation(style) => self.options.evaluation = style,
            Change::SkillLevel(n) => self.options.skill_level = n,
            Change::LimitStrength(on) => self.options.limit_strength = on,
            Change::Elo(elo) => self.options.elo = elo,
            Change::Tune(tune) => self.options.tune = tune,
        }
        Ok(())
    }

    /// Plays at level `n` (1-8, `levels::LEVELS`), or at full strength (`None`): the
    /// one call a host that offers levels needs. It sets `Skill Level` and turns
    /// `UCI_LimitStrength` off; on error nothing changes.
    pub fn set_level(&mut self, n: Option<u8>) -> Result<(), String> {
        let skill = match n {
            Some(n) => crate::levels::level(n)?.skill,
            None => options::SKILL_MAX as u8,
        };
        self.stop();
        self.options.skill_level = skill;
        self.options.limit_strength = false;
        Ok(())
    }

    /// The level played at: `Some(1..=8)` where `Skill Level` is a level's and
    /// `UCI_LimitStrength` is off, `None` at full strength or any other setting.
    pub fn level(&self) -> Option<u8> {
        crate::levels::LEVELS
            .iter()
            .find(|l| !self.options.limit_strength && l.skill == self.options.skill_level)
            .map(|l| l.number)
    }

    /// Fixes the seed of the weakened searches' random choice, so that the same
    /// position and settings give the same move (tests); otherwise it comes from the
    /// clock.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Switches the variant and sets up its start position.
    pub fn set_variant(&mut self, v: Variant) -> Result<(), String> {
        self.stop();
        self.options.variant = v;
        self.game = Game::startpos(v);
        Ok(())
    }

    /// A new game: the start position, an empty hash table, no history.
    pub fn new_game(&mut self) {
        self.stop();
        self.lag.reset();
        self.tt.clear();
        self.memory.clear();
        self.game = Game::startpos(self.options.variant);
    }

    /// Sets the position (and the variant) from a start and moves. Everything is checked
    /// before anything changes: on error the previous position stays.
    pub fn set_position(
        &mut self,
        variant: Variant,
        start: Start,
        moves: &[&str],
    ) -> Result<(), String> {
        let pos = match start {
            Start::StartPos => Position::startpos(variant),
            Start::Fen(fen) => Position::from_fen(variant, fen).map_err(|e| e.to_string())?,
        };
        // A GUI sends the whole game before every move. When it starts where the game
        // held here starts, the moves both share are kept and only the rest are read:
        // reading a stonesrelays turn generates a piece's turns, and a long game read
        // whole cost ~10 ms a move, half a fast game's increment.
        let mut game = if self.options.variant == variant && *self.game.start() == pos {
            let shared = self
                .game
                .move_texts()
                .zip(moves)
                .take_while(|(held, text)| held == *text)
                .count();
            let mut game = self.game.clone();
            while game.moves().len() > shared {
                game.undo();
            }
            game
        } else {
            Game::new(pos)
        };
        for (i, text) in moves.iter().enumerate().skip(game.moves().len()) {
            game.play_text(text)
                .map_err(|e| format!("{e} (move {} of the list)", i + 1))?;
        }
        self.stop();
        self.options.variant = variant;
        self.game = game;
        Ok(())
    }

    /// Plays one move given as text; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        self.stop();
        self.game.play_text(text).map_err(|e| e.to_string())
    }

    /// Plays a move given in SAN or coordinates (`san::parse_san`); for front ends
    /// whose GUI may send SAN (XBoard). UCI keeps `play_text`'s coordinates.
    pub fn play_san(&mut self, text: &str) -> Result<Move, String> {
        self.stop();
        let m = baton_engine::parse_san(self.game.position(), text).map_err(|e| e.to_string())?;
        self.game.play(m);
        Ok(m)
    }

    /// Plays a move known to be legal here (the search's own move).
    pub fn play(&mut self, m: Move) {
        self.stop();
        if rules::legal_move_list(self.game.position()).contains(&m) {
            self.game.play(m);
        }
    }

    pub fn undo(&mut self) -> bool {
        self.stop();
        self.game.undo()
    }

    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Starts searching the current position on its own thread. `on_done` gets the
    /// result when the search ends (by its limits, `stop`, or after a ponder hit).
    pub fn go(
        &mut self,
        limits: Limits,
        ponder: bool,
        on_info: InfoFn,
        on_done: DoneFn,
    ) -> Result<(), String> {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let pondering = Arc::new(AtomicBool::new(ponder));
        let game = self.game.clone();
        let tt = Arc::clone(&self.tt);
        let memory = Arc::clone(&self.memory);
        let eval_style = self.options.evaluation;
        let tune = self.options.tune;
        let level = self.options.effective_skill();
        let skill = (level < search::skill::FULL)
            .then(|| crate::levels::skill(game.position().variant(), level, self.rng.next_u64()))
            .flatten();
        let side = game.position().side();
        let think_ms = self.lag.start(&limits, side, game.moves().len(), ponder);
        let (threads, multipv, overhead, lag) = (
            self.options.threads,
            self.options.multipv,
            self.lag.reserve(self.options.move_overhead_ms),
            self.lag.per_move(),
        );
        let (stop2, pondering2) = (Arc::clone(&stop), Arc::clone(&pondering));
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let started = std::time::Instant::now();
                let params = Params {
                    game: &game,
                    limits,
                    threads,
                    multipv,
                    move_overhead_ms: overhead,
                    lag_ms: lag,
                    stop: &stop2,
                    pondering: &pondering2,
                    eval_style,
                    memory: Some(&memory),
                    skill,
                    tune,
                };
                // A failing search must still answer with a move, or the host waits
                // forever.
                let outcome =
                    catch_unwind(AssertUnwindSafe(|| search::think(&params, &tt, &*on_info)))
                        .unwrap_or_default();
                think_ms.store(started.elapsed().as_millis() as u64, Ordering::Relaxed);
                on_done(with_fallback(game.position(), outcome));
            })
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        self.running = Some(Running {
            handle,
            stop,
            pondering,
            perft: false,
        });
        Ok(())
    }

    /// Counts the current position's perft on its own thread, so that `stop` (or any
    /// command that stops a search) interrupts it; `on_done` gets the divide text, or
    /// `None` when it was stopped first.
    pub fn perft(
        &mut self,
        depth: u32,
        on_done: Box<dyn FnOnce(Option<String>) + Send>,
    ) -> Result<(), String> {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = Arc::clone(&stop);
        let pos = self.game.position().clone();
        let handle = std::thread::Builder::new()
            .name("perft".into())
            .spawn(move || {
                let report = catch_unwind(AssertUnwindSafe(|| {
                    baton_engine::perft::divide_report_until(&pos, depth, &stop2)
                }))
                .ok()
                .flatten();
                on_done(report.map(|(text, _)| text));
            })
            .map_err(|e| format!("cannot start the perft thread: {e}"))?;
        self.running = Some(Running {
            handle,
            stop,
            pondering: Arc::new(AtomicBool::new(false)),
            perft: true,
        });
        Ok(())
    }

    /// Stops the search (if any) and waits until it has reported its move.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::SeqCst);
            r.pondering.store(false, Ordering::SeqCst);
            let _ = r.handle.join();
        }
    }

    /// The end of input: a search is stopped (its move still goes out); a perft count
    /// is given `PERFT_GRACE` to finish (a script's `go perft 5` then the end of the
    /// file still prints its count), then stopped, so that the engine always exits.
    pub fn finish(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.perft) {
            let deadline = std::time::Instant::now() + PERFT_GRACE;
            while self
                .running
                .as_ref()
                .is_some_and(|r| !r.handle.is_finished())
                && std::time::Instant::now() < deadline
            {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        self.stop();
    }

    /// Waits for the search to end by its own limits.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    /// Searches the position within `limits` (no pondering, no reports) and waits for
    /// the end: the search's outcome (its move, nodes, depth), for a caller that wants
    /// only the answer, as tests and scripts do. An error where the search could not
    /// start, or ended without an outcome.
    pub fn search_to_end(&mut self, limits: Limits) -> Result<search::Outcome, String> {
        let (tx, rx) = std::sync::mpsc::channel();
        let on_done: DoneFn = Box::new(move |o| {
            let _ = tx.send(o);
        });
        self.go(limits, false, Box::new(|_| {}), on_done)?;
        self.wait();
        rx.recv()
            .map_err(|_| "the search ended without an outcome".to_string())
    }

    /// The opponent played the expected move: the ponder search becomes a normal one.
    pub fn ponderhit(&self) {
        if let Some(r) = &self.running {
            r.pondering.store(false, Ordering::SeqCst);
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Never return "no move" while a legal move exists (a search stopped at once, or a
/// failed one, may have none).
fn with_fallback(pos: &Position, mut outcome: search::Outcome) -> search::Outcome {
    let legal = rules::legal_move_list(pos);
    match outcome.best {
        Some(m) if legal.contains(&m) => {}
        _ => {
            outcome.best = legal.first().copied();
            outcome.ponder = None;
        }
    }
    outcome
}

/// The text of a principal variation, cut where a move is not legal (a hash collision
/// must not put an illegal move on the wire).
pub fn pv_text(pos: &Position, pv: &[Move], format: impl Fn(String) -> String) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !rules::legal_move_list(&pos).contains(&m) {
            break;
        }
        out.push(format(baton_engine::format_move(&pos, m)));
        pos = pos.play(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_position_keeps_the_previous_one() {
        let mut e = Engine::new();
        e.set_position(Variant::Chess, Start::StartPos, &["e2e4"])
            .expect("legal");
        let fen = e.position().fen();
        assert!(e
            .set_position(Variant::Chess, Start::StartPos, &["e2e4", "e2e4"])
            .is_err());
        assert!(e
            .set_position(Variant::Chess, Start::Fen("rnbqkbnr/ppp w"), &[])
            .is_err());
        assert_eq!(e.position().fen(), fen);
    }

    #[test]
    fn unsupported_variants_are_refused_by_the_rules_list() {
        let mut e = Engine::new();
        for v in Variant::ALL {
            let r = e.set_variant(v);
            assert!(r.is_ok(), "{v}");
        }
    }

    #[test]
    fn go_reports_a_legal_move_and_stop_joins() {
        let mut e = Engine::new();
        let limits = Limits {
            depth: Some(1),
            ..Default::default()
        };
        let best = e
            .search_to_end(limits)
            .expect("done called")
            .best
            .expect("a move");
        assert!(rules::legal_move_list(e.position()).contains(&best));
    }

    #[test]
    fn ponder_search_runs_until_stopped() {
        let mut e = Engine::new();
        let (tx, rx) = std::sync::mpsc::channel();
        e.go(
            Limits::default(),
            true,
            Box::new(|_| {}),
            Box::new(move |o| {
                let _ = tx.send(o.best);
            }),
        )
        .expect("thread");
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(rx.try_recv().is_err(), "pondering must not end by itself");
        e.stop();
        assert!(rx.recv().expect("done").is_some());
    }

    #[test]
    fn hash_resize_and_options() {
        let mut e = Engine::new();
        e.set_option("Hash", "32").expect("ok");
        assert_eq!(e.options().hash_mb, 32);
        assert!(e.set_option("Hash", "0").is_err());
        assert_eq!(e.options().hash_mb, 32);
        e.set_option("UCI_Variant", "knightmate").expect("ok");
        assert_eq!(e.position().variant(), Variant::Knightmate);
    }

    #[test]
    fn a_hash_the_machine_cannot_give_is_refused_and_the_old_one_kept() {
        let mut e = Engine::new();
        e.set_option("Hash", "32").expect("ok");
        // The largest size the option allows, far beyond this machine's memory.
        let err = e.set_option("Hash", "65536").expect_err("refused");
        assert!(err.contains("cannot allocate 65536 MB"), "{err}");
        assert!(err.contains("keeping 32 MB"), "{err}");
        assert_eq!(e.options().hash_mb, 32);
        assert_eq!(e.hash_size_mb(), 32);
        e.set_option("Hash", "16")
            .expect("a size that fits is still taken");
        assert_eq!(e.hash_size_mb(), 16);
    }

    #[test]
    fn hash_allocation_failure_is_an_error_not_an_abort() {
        let mut tt = TranspositionTable::new(1);
        let err = tt.resize(usize::MAX / 2).expect_err("no machine has that");
        assert_eq!(err.kept_mb, 1);
        assert_eq!(tt.size_mb(), 1);
    }
}
