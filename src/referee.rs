//! One game between two engines: clocks, the `position`/`go` exchange, and Baton's own
//! rules as referee. Whatever an engine does wrong (an illegal or unreadable move, a
//! crash, no answer, a fallen flag) loses it the game; the game always ends with a
//! record. `baton match` plays its games with it; `baton tune`'s teacher uses its
//! `position` command.

use std::time::Duration;

use baton_engine::{format_move, parse_move, rules, Color, Game, Position, Variant};

use crate::uci_client::{EngineSlot, Failure, Limit};

/// Wait beyond an engine's clock before it counts as hung, unless `--hang-timeout`.
const CLOCK_HANG_MARGIN: Duration = Duration::from_secs(5);
/// Wait for a fixed-depth or fixed-nodes move, unless `--hang-timeout`.
const FIXED_HANG_TIMEOUT: Duration = Duration::from_secs(60);

/// What the referee applies to every game: the variant, the limits of a move's wait and
/// of a game's length, and the adjudication rules. `baton match` fills it from its
/// command line.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub variant: Variant,
    /// Adjudicate a draw after this many full moves (at least 1).
    pub max_moves: u32,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    /// Grace on top of the clock before a flag falls.
    pub time_margin_ms: u64,
    /// Overrides the default waits: clock + 5 s for clocked moves, 60 s for fixed
    /// depth or nodes.
    pub hang_timeout: Option<Duration>,
}

/// Adjudication by scores (`--draw`): a draw when both engines' scores stay near zero.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawRule {
    /// Adjudicate only after this many full moves of the game.
    pub move_number: u32,
    /// For this many consecutive moves of each side ...
    pub move_count: u32,
    /// ... both engines' scores stay within this many centipawns of zero.
    pub score: i32,
}

/// Adjudication by scores (`--resign`): a loss for the engine that sees itself lost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    /// An engine whose own score is at most `-score` for this many of its consecutive
    /// moves loses.
    pub move_count: u32,
    pub score: i32,
    /// Also require the opponent to agree (its score at least `score`).
    pub two_sided: bool,
}

/// Where a game starts: a position and the moves played from it before the engines
/// take over (random opening plies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub fen: String,
    pub moves: Vec<String>,
}

/// One game to play: engines by index into the match's list of engines.
#[derive(Clone, Debug)]
pub struct Job {
    pub number: usize,
    pub white: usize,
    pub black: usize,
    pub opening: Opening,
}

/// How the game ended, as the PGN `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Normal,
    Adjudication,
    TimeForfeit,
    RulesInfraction,
    Abandoned,
    Stalled,
    Unterminated,
}

impl Termination {
    pub const ALL: [Termination; 7] = [
        Termination::Normal,
        Termination::Adjudication,
        Termination::TimeForfeit,
        Termination::RulesInfraction,
        Termination::Abandoned,
        Termination::Stalled,
        Termination::Unterminated,
    ];

    pub fn text(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Stalled => "stalled connection",
            Termination::Unterminated => "unterminated",
        }
    }

    pub fn from_text(text: &str) -> Option<Termination> {
        let text = text.trim();
        // cutechess-cli's name for an engine's illegal move.
        if text.eq_ignore_ascii_case("illegal move") {
            return Some(Termination::RulesInfraction);
        }
        Termination::ALL
            .into_iter()
            .find(|t| t.text().eq_ignore_ascii_case(text))
    }

    /// Whether the side to move at the end lost by its engine's fault.
    pub fn is_failure(self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit
                | Termination::RulesInfraction
                | Termination::Abandoned
                | Termination::Stalled
        )
    }
}

#[derive(Clone, Debug)]
pub struct GameRecord {
    pub number: usize,
    /// Engine indices, White then Black.
    pub players: [usize; 2],
    pub variant: Variant,
    pub fen: String,
    /// Every move from `fen`, opening moves included, in Baton's notation.
    pub moves: Vec<String>,
    /// What the engine said of each move it played (none for opening moves).
    pub thoughts: Vec<Option<Thought>>,
    pub opening_plies: usize,
    /// `None` for a draw (or an unfinished game).
    pub winner: Option<Color>,
    pub termination: Termination,
    /// A sentence for the PGN comment and the log.
    pub reason: String,
    /// The failing engine's last lines, if an engine failed.
    pub log: Vec<String>,
    pub time_control: String,
}

/// An engine's last reported score and depth for the move it played, and the time
/// it took: written after the move in the PGN, as cutechess-cli does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thought {
    /// Centipawns from the mover's side (mates as +-(30000 - plies)).
    pub score: Option<i32>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

impl Thought {
    /// `+0.31/12 0.412s`, `-M3/20 1.002s`; `0.100s` alone without a score.
    pub fn text(&self) -> String {
        let time = format!("{:.3}s", self.elapsed.as_secs_f64());
        let Some(s) = self.score else {
            return time;
        };
        let score = if s.abs() >= 29_000 {
            let plies = 30_000 - s.abs();
            format!("{}M{}", if s > 0 { '+' } else { '-' }, (plies + 1) / 2)
        } else {
            format!("{:+.2}", f64::from(s) / 100.0)
        };
        match self.depth {
            Some(d) => format!("{score}/{d} {time}"),
            None => format!("{score} {time}"),
        }
    }
}

impl GameRecord {
    pub fn result_text(&self) -> &'static str {
        match (self.winner, self.termination) {
            (_, Termination::Unterminated) => "*",
            (Some(Color::White), _) => "1-0",
            (Some(Color::Black), _) => "0-1",
            (None, _) => "1/2-1/2",
        }
    }
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// One side's clock (or its fixed depth/nodes).
struct Clock {
    limit: Limit,
    left_ms: i64,
    moves_made: u32,
}

impl Clock {
    fn new(limit: Limit) -> Clock {
        let left_ms = match limit {
            Limit::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        };
        Clock {
            limit,
            left_ms,
            moves_made: 0,
        }
    }

    fn timeout(&self, cfg: &Settings) -> Duration {
        match self.limit {
            Limit::Clock { .. } => {
                Duration::from_millis(self.left_ms.max(0) as u64 + cfg.time_margin_ms)
                    + cfg.hang_timeout.unwrap_or(CLOCK_HANG_MARGIN)
            }
            _ => cfg.hang_timeout.unwrap_or(FIXED_HANG_TIMEOUT),
        }
    }

    /// Charges a move's thinking time; an error describes the fallen flag.
    fn spend(&mut self, elapsed: Duration, margin_ms: u64) -> Result<(), String> {
        let Limit::Clock {
            base_ms,
            inc_ms,
            moves,
        } = self.limit
        else {
            return Ok(());
        };
        let used = elapsed.as_millis() as i64;
        if used > self.left_ms + margin_ms as i64 {
            return Err(format!(
                "loses on time (used {used} ms with {} ms left)",
                self.left_ms
            ));
        }
        self.left_ms += inc_ms as i64 - used;
        self.moves_made += 1;
        if moves.is_some_and(|m| self.moves_made.is_multiple_of(m)) {
            self.left_ms += base_ms as i64;
        }
        Ok(())
    }

    fn moves_to_go(&self) -> Option<u32> {
        match self.limit {
            Limit::Clock { moves: Some(m), .. } => Some(m - self.moves_made % m),
            _ => None,
        }
    }
}

fn go_command(side: Color, clocks: &[Clock; 2]) -> String {
    let own = &clocks[side.idx()];
    match own.limit {
        fixed @ (Limit::Depth(_) | Limit::Nodes(_)) => fixed.fixed_go().unwrap_or_default(),
        Limit::Clock { inc_ms, .. } => {
            // An opponent without a clock is shown our own.
            let mine = (own.left_ms.max(1), inc_ms);
            let shown = |c: &Clock| match c.limit {
                Limit::Clock { inc_ms, .. } => (c.left_ms.max(1), inc_ms),
                _ => mine,
            };
            let (wtime, winc) = shown(&clocks[0]);
            let (btime, binc) = shown(&clocks[1]);
            let mut go = format!("go wtime {wtime} btime {btime} winc {winc} binc {binc}");
            if let Some(n) = own.moves_to_go() {
                go += &format!(" movestogo {n}");
            }
            go
        }
    }
}

pub(crate) fn position_command(fen: &str, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", moves.join(" "))
    }
}

/// Draw and resign adjudication from the engines' own scores.
pub struct Adjudicator {
    draw: Option<DrawRule>,
    resign: Option<ResignRule>,
    /// Consecutive plies with both scores near zero.
    quiet_plies: u32,
    /// Per color: consecutive own moves with a lost / won score.
    losing: [u32; 2],
    winning: [u32; 2],
}

impl Adjudicator {
    pub fn new(draw: Option<DrawRule>, resign: Option<ResignRule>) -> Adjudicator {
        Adjudicator {
            draw,
            resign,
            quiet_plies: 0,
            losing: [0; 2],
            winning: [0; 2],
        }
    }

    /// After `mover` played with `score` (its own view): `Some((winner, reason))` if
    /// the game is adjudicated. `plies` counts the game's moves so far; `irreversible`
    /// says the move was a capture or a pawn move, which restarts the draw count.
    pub fn after_move(
        &mut self,
        mover: Color,
        score: Option<i32>,
        plies: usize,
        irreversible: bool,
    ) -> Option<(Option<Color>, String)> {
        if let Some(rule) = self.draw {
            if irreversible {
                self.quiet_plies = 0;
            }
            match score {
                Some(s) if s.abs() <= rule.score => self.quiet_plies += 1,
                _ => self.quiet_plies = 0,
            }
            if plies / 2 >= rule.move_number as usize && self.quiet_plies >= 2 * rule.move_count {
                return Some((
                    None,
                    format!(
                        "draw: scores within {} cp for {} moves",
                        rule.score, rule.move_count
                    ),
                ));
            }
        }
        if let Some(rule) = self.resign {
            let m = mover.idx();
            let (lost, won) = match score {
                Some(s) => (s <= -rule.score, s >= rule.score),
                None => (false, false),
            };
            self.losing[m] = if lost { self.losing[m] + 1 } else { 0 };
            self.winning[m] = if won { self.winning[m] + 1 } else { 0 };
            let o = mover.other().idx();
            let n = rule.move_count;
            for (loser, winner) in [(m, o), (o, m)] {
                let agreed = !rule.two_sided || self.winning[winner] >= n;
                if self.losing[loser] >= n && agreed {
                    let loser = Color::BOTH[loser];
                    return Some((
                        Some(loser.other()),
                        format!(
                            "{} resigns (score below -{} cp)",
                            color_name(loser),
                            rule.score
                        ),
                    ));
                }
            }
        }
        None
    }
}

/// Plays one game; `slots` are the White and Black engines.
pub fn play(cfg: &Settings, job: &Job, slots: [&mut EngineSlot; 2]) -> GameRecord {
    let limits = [
        slots[0].spec.limit.expect("checked by the parser"),
        slots[1].spec.limit.expect("checked by the parser"),
    ];
    let mut rec = GameRecord {
        number: job.number,
        players: [job.white, job.black],
        variant: cfg.variant,
        fen: job.opening.fen.clone(),
        moves: Vec::new(),
        thoughts: Vec::new(),
        opening_plies: job.opening.moves.len(),
        winner: None,
        termination: Termination::Unterminated,
        reason: String::new(),
        log: Vec::new(),
        time_control: if limits[0] == limits[1] {
            limits[0].pgn_text()
        } else {
            format!("{} / {}", limits[0].pgn_text(), limits[1].pgn_text())
        },
    };
    let mut game = match opening_game(cfg.variant, &job.opening) {
        Ok(g) => g,
        Err(why) => {
            rec.reason = why;
            return rec;
        }
    };
    rec.moves = job.opening.moves.clone();
    rec.thoughts = vec![None; rec.moves.len()];
    let [white, black] = slots;
    let mut slots = [white, black];
    for c in Color::BOTH {
        if let Err((failure, tail)) = slots[c.idx()].ready() {
            let what = format!("engine failed to start: {failure}");
            return lose(rec, c, Termination::Abandoned, what, tail);
        }
    }
    let mut clocks = [Clock::new(limits[0]), Clock::new(limits[1])];
    let mut adjudicator = Adjudicator::new(cfg.draw, cfg.resign);
    loop {
        if let Some(o) = game.outcome() {
            rec.winner = o.winner;
            rec.termination = Termination::Normal;
            rec.reason = match o.winner {
                Some(c) => format!("{} wins by {}", color_name(c), o.reason),
                None => format!("draw by {}", o.reason),
            };
            return rec;
        }
        // The safety net: no game runs on without end (`--maxmoves`, on by default).
        if game.moves().len() >= 2 * cfg.max_moves as usize {
            rec.termination = Termination::Adjudication;
            rec.reason = format!(
                "adjudicated a draw by the move limit: {} moves played (--maxmoves {})",
                cfg.max_moves, cfg.max_moves
            );
            return rec;
        }
        let side = game.position().side();
        let slot = &mut slots[side.idx()];
        let Some(client) = slot.client() else {
            let what = "engine is gone".to_string();
            return lose(rec, side, Termination::Abandoned, what, Vec::new());
        };
        let position = position_command(&rec.fen, &rec.moves);
        let go = go_command(side, &clocks);
        let reply = client.think(&position, &go, clocks[side.idx()].timeout(cfg));
        let tail = client.tail();
        let reply = match reply {
            Ok(r) => r,
            Err(failure) => {
                slot.discard();
                let (term, what) = match failure {
                    Failure::Crashed(why) => (Termination::Abandoned, format!("crashed: {why}")),
                    Failure::Stalled(d) => (
                        Termination::Stalled,
                        format!("hangs: no bestmove within {:.1} s", d.as_secs_f64()),
                    ),
                };
                return lose(rec, side, term, what, tail);
            }
        };
        if let Err(what) = clocks[side.idx()].spend(reply.elapsed, cfg.time_margin_ms) {
            slot.discard();
            let mut rec = lose(rec, side, Termination::TimeForfeit, what, tail);
            // A flag fall is a draw where the opponent cannot win, as cutechess-cli
            // and the board's clock (`gui::session::flag_fall`) score it.
            if rules::cannot_win(game.position(), side.other()) {
                rec.winner = None;
                rec.reason += &format!(", but {} cannot win", color_name(side.other()));
            }
            return rec;
        }
        let m = match parse_move(game.position(), &reply.bestmove) {
            Ok(m) => m,
            Err(e) => {
                slot.discard();
                let what = format!("makes an illegal move: {e}");
                return lose(rec, side, Termination::RulesInfraction, what, tail);
            }
        };
        rec.moves.push(format_move(game.position(), m));
        rec.thoughts.push(Some(Thought {
            score: reply.score,
            depth: reply.depth,
            elapsed: reply.elapsed,
        }));
        game.play(m);
        if game.outcome().is_none() {
            let irreversible = game.position().halfmove() == 0;
            let plies = game.moves().len();
            if let Some((winner, why)) =
                adjudicator.after_move(side, reply.score, plies, irreversible)
            {
                rec.winner = winner;
                rec.termination = Termination::Adjudication;
                rec.reason = why;
                return rec;
            }
        }
    }
}

fn lose(
    mut rec: GameRecord,
    side: Color,
    termination: Termination,
    what: String,
    log: Vec<String>,
) -> GameRecord {
    rec.winner = Some(side.other());
    rec.termination = termination;
    rec.reason = format!("{} {what}", color_name(side));
    rec.log = log;
    rec
}

/// The game after the opening's moves (checked when the openings were made).
pub fn opening_game(variant: Variant, opening: &Opening) -> Result<Game, String> {
    let start = Position::from_fen(variant, &opening.fen)
        .map_err(|e| format!("bad opening FEN '{}': {e:?}", opening.fen))?;
    let mut game = Game::new(start);
    for m in &opening.moves {
        game.play_text(m)
            .map_err(|e| format!("bad opening move: {e}"))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_adjudication_needs_quiet_scores_after_the_move_number() {
        let rule = DrawRule {
            move_number: 2,
            move_count: 2,
            score: 10,
        };
        let mut a = Adjudicator::new(Some(rule), None);
        // Four quiet plies but before move 2 is complete: no draw yet.
        assert_eq!(a.after_move(Color::White, Some(0), 1, false), None);
        assert_eq!(a.after_move(Color::Black, Some(5), 2, false), None);
        assert_eq!(a.after_move(Color::White, Some(-5), 3, false), None);
        assert!(a.after_move(Color::Black, Some(10), 4, false).is_some());
        // A capture restarts the count; a loud score too.
        let mut a = Adjudicator::new(Some(rule), None);
        for (ply, score) in [(5, 0), (6, 0), (7, 50), (8, 0), (9, 0), (10, 0)] {
            assert_eq!(a.after_move(Color::White, Some(score), ply, false), None);
        }
        assert_eq!(a.after_move(Color::White, Some(0), 11, true), None);
    }

    #[test]
    fn resign_adjudication_counts_the_losers_own_moves() {
        let rule = ResignRule {
            move_count: 2,
            score: 500,
            two_sided: false,
        };
        let mut a = Adjudicator::new(None, Some(rule));
        assert_eq!(a.after_move(Color::Black, Some(-600), 10, false), None);
        assert_eq!(a.after_move(Color::White, Some(600), 11, false), None);
        let (winner, _) = a
            .after_move(Color::Black, Some(-900), 12, false)
            .expect("black resigns");
        assert_eq!(winner, Some(Color::White));
        // A missing score breaks the streak.
        let mut a = Adjudicator::new(None, Some(rule));
        assert_eq!(a.after_move(Color::White, Some(-600), 1, false), None);
        assert_eq!(a.after_move(Color::White, None, 3, false), None);
        assert_eq!(a.after_move(Color::White, Some(-600), 5, false), None);
    }

    #[test]
    fn clocks_charge_time_add_increments_and_flag() {
        let mut c = Clock::new(Limit::Clock {
            base_ms: 1000,
            inc_ms: 100,
            moves: None,
        });
        assert!(c.spend(Duration::from_millis(400), 0).is_ok());
        assert_eq!(c.left_ms, 700);
        assert!(c.spend(Duration::from_millis(701), 0).is_err());
        assert!(c.spend(Duration::from_millis(701), 5).is_ok());
        let mut c = Clock::new(Limit::Clock {
            base_ms: 1000,
            inc_ms: 0,
            moves: Some(2),
        });
        assert_eq!(c.moves_to_go(), Some(2));
        c.spend(Duration::from_millis(100), 0).unwrap();
        assert_eq!(c.moves_to_go(), Some(1));
        c.spend(Duration::from_millis(100), 0).unwrap();
        assert_eq!(c.left_ms, 1800);
    }

    #[test]
    fn go_shows_both_clocks() {
        let clock = Limit::Clock {
            base_ms: 2000,
            inc_ms: 50,
            moves: None,
        };
        let clocks = [Clock::new(clock), Clock::new(Limit::Depth(3))];
        assert_eq!(
            go_command(Color::White, &clocks),
            "go wtime 2000 btime 2000 winc 50 binc 50"
        );
        assert_eq!(go_command(Color::Black, &clocks), "go depth 3");
        assert_eq!(position_command("8/8 w", &[]), "position fen 8/8 w");
    }
}
