//! The search: iterative deepening over principal-variation alpha-beta, shared by every
//! variant (a variant supplies rules and evaluation). `think` is the one entry point; it
//! runs Lazy SMP helper threads itself and reports through a callback, never printing.

pub mod correction;
pub mod eval_cache;
pub mod features;
pub mod history;
pub mod limits;
pub mod memory;
pub mod movepick;
pub mod ordering;
pub mod search_params;
pub mod skill;
pub mod stack;
pub mod thread;
pub mod timeman;
pub mod tt;
pub mod tune;
pub mod worker;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub use features::{Features, Sharp};
pub use limits::Limits;
pub use memory::Memory;
pub use skill::Skill;
pub use tt::TranspositionTable;
pub use tune::Tune;

use crate::game::Game;
use crate::moves::Move;
use crate::piece::Role;
use crate::rules;
use movepick::see::Exchanges;
use thread::Shared;
use worker::{Worker, MATE, MATE_BOUND};

/// What the search reads of a variant's engine profile. The profile (`crate::profile`,
/// above the search) implements it for `Variant`, so that the search names no module
/// above it.
pub trait SearchProfile: Copy {
    /// The techniques the variant's rules allow.
    fn features(self) -> Features;
    /// Which attacks exchange estimates count.
    fn exchanges(self) -> Exchanges;
    /// What a piece of `role` is worth to exchange estimates and move ordering.
    fn piece_value(self, role: Role) -> i32;
}

/// A score as the user sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// One `info` report: an iteration finished (or a MultiPV line of it).
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based MultiPV index.
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

impl Score {
    /// The score as (centipawns, mate in moves): exactly one is `Some`.
    pub fn cp_or_mate(self) -> (Option<i32>, Option<i32>) {
        match self {
            Score::Cp(cp) => (Some(cp), None),
            Score::Mate(m) => (None, Some(m)),
        }
    }
}

/// What `think` decided.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// `None` when the side to move has no legal move (the game is over).
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub nodes: u64,
    pub depth: u32,
}

/// Everything one search needs besides the shared hash table.
pub struct Params<'a> {
    /// The game so far: its last position is searched; earlier ones count for
    /// repetition.
    pub game: &'a Game,
    pub limits: Limits,
    pub threads: usize,
    pub multipv: usize,
    /// Time kept back once per move for surprises (`Move Overhead`).
    pub move_overhead_ms: u64,
    /// The host's measured lag per move (0 when none is seen), charged to every move
    /// to go (`timeman::allocate`).
    pub lag_ms: u64,
    /// Set by the host to stop the search as soon as possible.
    pub stop: &'a AtomicBool,
    /// While true the search is pondering: it keeps going until `ponderhit` clears it
    /// (then the clock counts from that moment) or `stop` is set.
    pub pondering: &'a AtomicBool,
    /// The evaluation to search with.
    pub eval_style: crate::eval::Style,
    /// Move-ordering history kept from the previous search (none: start empty).
    pub memory: Option<&'a Memory>,
    /// Play weaker on purpose (`skill`); `None`: full strength.
    pub skill: Option<Skill>,
    /// Pruning numbers in place of the variant's own (`tune`; none by default).
    pub tune: Tune,
}

/// The deepest iteration the search will start (`go depth 300` is clamped to it).
pub const MAX_DEPTH: u32 = 100;

/// A search thread's stack. Move lists live on the heap (the worker's pool); a ply of
/// search measured about 5.5 KB of stack, so the deepest line (`MAX_PLY`, 128 plies)
/// needs under 1 MB beyond the root's own frames. Searches overflowed 512 KiB and ran
/// clean at 2 MiB in every variant; 8 MiB leaves a wide margin. (The WebAssembly build
/// searches on the caller's stack, which its link flags make as large: `wasm/build.sh`.)
#[cfg(feature = "threads")]
const THREAD_STACK: usize = 8 << 20;

fn user_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-((MATE + score) / 2))
    } else {
        Score::Cp(score)
    }
}

/// Searches the game's current position within the limits and returns the best move.
/// Reports go to `report` as each iteration finishes (one per MultiPV line). Runs
/// `threads` workers (Lazy SMP: all search the same root and share the hash table);
/// the first one decides when to stop and reports. Without the `threads` feature
/// (WebAssembly) the caller's thread is that first worker and `threads` is not read.
pub fn think(
    params: &Params,
    tt: &TranspositionTable,
    report: &(dyn Fn(&Report) + Sync),
) -> Outcome {
    let pos = params.game.position();
    let root_moves = rules::legal_move_list(pos);
    if root_moves.is_empty() {
        wait_while_pondering(params);
        return Outcome::default();
    }
    tt.new_search();
    let limits = &params.limits;
    let skill = params.skill;
    let clock = if limits.infinite {
        None
    } else {
        timeman::allocate(
            limits,
            pos.side,
            pos.game_ply(),
            params.move_overhead_ms,
            params.lag_ms,
        )
    };
    let abort = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let shared = Shared::new(
        tt,
        &abort,
        params.stop,
        params.pondering,
        &nodes,
        clock.map(|c| c.1),
        match (limits.nodes, skill.map(|s| s.nodes())) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
    );
    let history = params.game.repetition_hashes();
    let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH) as i32;
    if let Some(s) = skill {
        max_depth = max_depth.min(s.depth() as i32);
    }
    // `go searchmoves`: the root leaves out the other moves, as MultiPV leaves out
    // the lines already found (the same `skip` list).
    let excluded = excluded_root_moves(&root_moves, &limits.searchmoves);
    // A weakened search chooses among several lines (`skill`).
    let wanted = match skill {
        Some(s) => params.multipv.max(s.lines()),
        None => params.multipv,
    };
    let multipv = wanted.clamp(1, root_moves.len() - excluded.len());

    #[cfg(feature = "threads")]
    let shift = pattern_shift(limits, max_depth, pos.game_ply());
    // A weakened search runs on the main thread alone: its node budget and its lines
    // are what the levels' matches measured with one thread (docs/levels.md), and
    // helpers, searching deeper than the level's depth, spent that budget before the
    // main thread had found the lines it chooses among (with two threads level 1
    // found none, and played the unweakened first line).
    #[cfg(feature = "threads")]
    let threads = if skill.is_some() {
        1
    } else {
        params.threads.max(1)
    };
    #[cfg(feature = "threads")]
    let outcome = std::thread::scope(|scope| {
        for id in 1..threads {
            let shared = &shared;
            let history = &history;
            let excluded = &excluded;
            let builder = std::thread::Builder::new()
                .name(format!("baton-helper-{id}"))
                .stack_size(THREAD_STACK);
            // A helper that cannot start only costs strength.
            let _ = builder.spawn_scoped(scope, move || {
                let mut w = Worker::new(
                    id,
                    shared,
                    history,
                    pos.variant,
                    params.eval_style,
                    params.memory,
                    params.tune,
                );
                let mut previous = None;
                // Helpers start at staggered depths so that they diverge. They search
                // until the main thread ends the search (a helper that stopped at the
                // depth limit would leave its core idle while the main thread finishes).
                let mut depth = 1 + (id % 2) as i32;
                while depth <= MAX_DEPTH as i32 && !shared.stopped() {
                    // (Never the depth limit itself: a helper at the limit ends a
                    // `go depth` search as soon as the main thread would.)
                    if depth < max_depth && helper_skips(id, depth, shift) {
                        depth += 1;
                        continue;
                    }
                    w.thread.seldepth = 0;
                    let Some(score) = w.search_root(pos, depth, previous, excluded) else {
                        if w.thread.superseded() {
                            // Another thread completed this depth or a deeper one:
                            // go on beyond it, from its score.
                            if let Some(c) = shared.deeper_than(0) {
                                depth = depth.max(c.depth) + 1;
                                previous = Some(c.score);
                            } else {
                                // Unreachable (`superseded` follows a `publish`), kept so
                                // that the loop always moves on.
                                depth += 1;
                            }
                            continue;
                        }
                        break;
                    };
                    previous = Some(score);
                    // A single-line search takes a helper's finished iteration as its
                    // own (see `main_thread`); one at the depth limit ends the search.
                    if multipv == 1 && depth <= max_depth {
                        shared.publish(depth, score, w.thread.seldepth, w.pv());
                        if depth >= max_depth {
                            shared.abort.store(true, Ordering::Relaxed);
                        }
                    }
                    depth += 1;
                }
                w.thread.flush_nodes();
                w.keep_memory(params.memory, pos.variant);
            });
        }
        let main = std::thread::Builder::new()
            .name("baton-search".into())
            .stack_size(THREAD_STACK)
            .spawn_scoped(scope, || {
                main_thread(
                    params, &shared, &history, max_depth, multipv, &excluded, clock, report,
                )
            });
        let outcome = match main {
            Ok(handle) => handle.join().unwrap_or_default(),
            Err(_) => Outcome::default(),
        };
        abort.store(true, Ordering::Relaxed);
        outcome
    });
    #[cfg(not(feature = "threads"))]
    let outcome = main_thread(
        params, &shared, &history, max_depth, multipv, &excluded, clock, report,
    );
    // Never return nothing while a legal move exists.
    let best = outcome
        .best
        .or_else(|| root_moves.iter().find(|m| !excluded.contains(m)).copied());
    Outcome { best, ..outcome }
}

/// The root moves a search leaves out: those not in `searchmoves`. None where
/// `searchmoves` is empty or names no legal move (then every move is searched, as in
/// Stockfish).
fn excluded_root_moves(root_moves: &[Move], searchmoves: &[Move]) -> Vec<Move> {
    if !root_moves.iter().any(|m| searchmoves.contains(m)) {
        return Vec::new();
    }
    root_moves
        .iter()
        .filter(|m| !searchmoves.contains(m))
        .copied()
        .collect()
}

/// Whether helper `id` (1 and up) leaves out iteration `depth`. Lazy SMP gains when
/// the threads work at different depths: a helper a depth ahead of the main thread
/// fills the table with the deeper results the main thread's next iteration looks up
/// (and hands its finished iteration over, see `main_thread`), where threads at one
/// depth mostly redo each other's work. The helpers fall in groups of 2, 4, 6, ...
/// (by id); a helper of group g searches g depths in a row and leaves out the next g,
/// each at its own phase, so that every depth is searched by half of each group.
/// `shift` moves the pattern (`pattern_shift`).
#[cfg(feature = "threads")]
fn helper_skips(id: usize, depth: i32, shift: u32) -> bool {
    let (mut first, mut size) = (1, 1);
    while id >= first + 2 * size {
        first += 2 * size;
        size += 1;
    }
    let phase = id - first;
    ((depth as usize + shift as usize + phase) / size) % 2 == 1
}

/// How far `helper_skips`' pattern is moved. The game's ply, so that it changes from
/// move to move; in a search to a set depth, that depth, so that helper 1 (the one
/// helper of a two-thread search) searches the limit and leaves out the depth before
/// it. It then starts the last iteration while the main thread finishes the one
/// before, and the main thread's last iteration finds the helper's results in the
/// table. Where the game's ply had it leave out the limit's parity, the helper
/// reached the limit in step with the main thread, and two threads that start an
/// iteration together walk much the same tree. The gain is small: knightmate's start
/// position to depth 15 took 409K nodes with two threads that way against 356K
/// aligned (16 alternating runs each; one thread 347K), its bench 2.34M against
/// 2.28M (44 runs each; one thread 1.82M).
#[cfg(feature = "threads")]
fn pattern_shift(limits: &Limits, max_depth: i32, game_ply: u32) -> u32 {
    match limits.depth {
        Some(_) => max_depth as u32,
        None => game_ply,
    }
}

#[allow(clippy::too_many_arguments, clippy::needless_range_loop)]
fn main_thread(
    params: &Params,
    shared: &Shared,
    history: &[u64],
    max_depth: i32,
    multipv: usize,
    // The root moves `go searchmoves` leaves out; each line also leaves out the
    // lines before it.
    excluded: &[Move],
    clock: Option<(u64, u64)>,
    report: &(dyn Fn(&Report) + Sync),
) -> Outcome {
    let pos = params.game.position();
    let mut w = Worker::new(
        0,
        shared,
        history,
        pos.variant,
        params.eval_style,
        params.memory,
        params.tune,
    );
    let mut best: Option<Move> = None;
    let mut ponder: Option<Move> = None;
    let mut completed = 0;
    let mut previous: Vec<Option<i32>> = vec![None; multipv];
    // The score and line of every root line of the last iteration that completed all
    // of them (or of the first, however far it got): a weakened search plays one of
    // these (`skill`).
    let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
    // Where a weakened search stopped looking for lines at its floor (below), the
    // bound its further lines are under, for the pick's spread; with `lines`.
    let mut below: Option<i32> = None;
    // A weakened search's root moves (none at full strength).
    let skill_moves = match params.skill {
        Some(_) => rules::legal_move_list(pos).to_vec(),
        None => Vec::new(),
    };
    let mut stability = timeman::Stability::default();
    let mut iterations = timeman::Iterations::default();
    let mut depth = 0;
    while depth < max_depth {
        depth += 1;
        let mut chosen: Vec<Move> = excluded.to_vec();
        let mut found: Vec<(i32, Vec<Move>)> = Vec::new();
        let mut found_below = None;
        let mut whole = true;
        for line in 0..multipv {
            if !skill_moves.is_empty() && skill_moves.iter().all(|m| chosen.contains(m)) {
                break;
            }
            // A level that never plays a line more than its `largest_deficit` behind
            // the best needs of the further lines only those that come that close: a
            // line below is never played, nor is any line after it (each is at most
            // the one before). So they are searched with a window that stops at that
            // floor, a null-window test where they fall below it. With a turn of
            // thousands of forms (stonesrelays), each line searches them all again:
            // four full lines cost about three times one, and the level searched
            // a ply or two shallower than its budget buys a single line.
            let floor = match (
                params.skill.and_then(|s| s.largest_deficit()),
                found.first(),
            ) {
                (Some(d), Some(&(best, _))) => Some(best.saturating_sub(d as i32)),
                _ => None,
            };
            w.thread.seldepth = 0;
            let Some(score) = w.search_root_above(pos, depth, previous[line], &chosen, floor)
            else {
                whole = false;
                // Given up because a helper completed this depth or a deeper one (taken
                // over below), or out of time inside the first iteration: the best root
                // move so far.
                if best.is_none() && !w.thread.superseded() {
                    best = w.pv().first().copied();
                }
                break;
            };
            if floor.is_some_and(|f| score < f) {
                // Every line from here on is out of the level's reach.
                found_below = Some(score);
                previous[line] = None;
                break;
            }
            previous[line] = Some(score);
            let pv = w.pv().to_vec();
            let Some(&first) = pv.first() else {
                whole = false;
                break;
            };
            chosen.push(first);
            // A weakened search's lines are different moves for a person: the turns
            // that make the same piece move with another second part (a flip, a
            // neutral move) or promotion are left out with it. (Flip and stones lines
            // were otherwise one move four times, and choosing among them weakened
            // nothing.)
            chosen.extend(
                skill_moves
                    .iter()
                    .filter(|m| m.from == first.from && m.to == first.to && **m != first),
            );
            if line == 0 {
                best = Some(first);
                ponder = pv.get(1).copied();
                completed = depth;
                // Helpers give up an iteration this one has completed (`superseded`).
                if multipv == 1 && params.threads > 1 {
                    shared.publish(depth, score, w.thread.seldepth, &pv);
                }
            }
            w.thread.flush_nodes();
            if params.skill.is_some() {
                found.push((score, pv.clone()));
            }
            report(&line_report(
                shared,
                depth,
                w.thread.seldepth,
                line + 1,
                score,
                pv,
            ));
        }
        // A node budget may end the first iteration before all its lines are found:
        // the lines it did find are still chosen among.
        if !found.is_empty() && (whole || lines.is_empty()) {
            lines = found;
            below = found_below;
        }
        shared.first_iteration_done.store(true, Ordering::Relaxed);
        if shared.stopped() {
            break;
        }
        // Lazy SMP: a helper that finished a deeper iteration meanwhile hands it over;
        // this thread goes on from the depth after it instead of redoing those
        // iterations (they would mostly be table hits, but the PV and the hash
        // misses are searched again). The time management below then judges the
        // helper's result as this thread's own.
        let handed_over = hand_over(shared, completed, multipv, report);
        // (The first call after a ponderhit starts the clock: before `elapsed_ms`.)
        let pondering = !shared.clock_running();
        let elapsed = shared.elapsed_ms();
        iterations.finished(elapsed, handed_over.is_none());
        if let Some(c) = handed_over {
            best = c.pv.first().copied();
            ponder = c.pv.get(1).copied();
            completed = c.depth;
            depth = c.depth;
            previous[0] = Some(c.score);
        }
        if let (Some(mate), Some(Score::Mate(m))) =
            (params.limits.mate, previous[0].map(user_score))
        {
            if m > 0 && m <= mate as i32 {
                break;
            }
        }
        // The optimum, scaled by how settled the search looks; another iteration
        // takes a few times longer than this one: do not start one that cannot finish,
        // by this rule of thumb or, where the tree grows faster, by the hard limit (a
        // fixed move time excepted: there the whole time is the user's to spend).
        let scale = match (best, previous[0]) {
            (Some(m), Some(score)) => stability.update(m, score),
            _ => 1.0,
        };
        if let Some((optimum, maximum)) = clock.filter(|_| !pondering) {
            let budget = (optimum as f64 * scale) as u64;
            if elapsed >= budget * 7 / 10
                || (params.limits.movetime.is_none() && !iterations.next_fits(elapsed, maximum))
            {
                break;
            }
        }
        if previous[0].is_some_and(|s| s.abs() >= MATE_BOUND) && depth > 10 && clock.is_some() {
            break;
        }
    }
    w.thread.flush_nodes();
    w.keep_memory(params.memory, pos.variant);
    shared.first_iteration_done.store(true, Ordering::Relaxed);
    shared.abort.store(true, Ordering::Relaxed);
    // Lazy SMP: a helper may have finished a deeper iteration than this thread (one
    // thread's tree at a depth can be several times another's, notably in
    // flipshatranj); its move is the better informed. Reported, so that the last
    // `info` line goes with `bestmove`.
    if let Some(c) = hand_over(shared, completed, multipv, report) {
        best = c.pv.first().copied();
        ponder = c.pv.get(1).copied();
        completed = c.depth;
    }
    // Weakened: one of the lines, by the skill's rule (the lines were reported as
    // found, so the host sees the played move's own score on its line).
    if let Some(s) = params.skill.filter(|_| !lines.is_empty()) {
        let scores: Vec<i32> = lines.iter().map(|(score, _)| *score).collect();
        let pv = &lines[s.pick(&scores, below)].1;
        best = pv.first().copied();
        ponder = pv.get(1).copied();
    }
    if params.limits.infinite || params.pondering.load(Ordering::Relaxed) {
        wait_while_pondering(params);
    }
    Outcome {
        best,
        ponder,
        nodes: shared.nodes.load(Ordering::Relaxed),
        depth: completed as u32,
    }
}

/// A helper's finished iteration deeper than `depth`, reported as the main thread's
/// own (single-line searches only: with several lines the helpers publish nothing).
fn hand_over(
    shared: &Shared,
    depth: i32,
    multipv: usize,
    report: &(dyn Fn(&Report) + Sync),
) -> Option<thread::Completed> {
    let c = shared.deeper_than(depth).filter(|_| multipv == 1)?;
    report(&line_report(
        shared,
        c.depth,
        c.seldepth,
        1,
        c.score,
        c.pv.clone(),
    ));
    Some(c)
}

/// The report of one finished line, with the search's totals so far.
fn line_report(
    shared: &Shared,
    depth: i32,
    seldepth: usize,
    multipv: usize,
    score: i32,
    pv: Vec<Move>,
) -> Report {
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let ms = shared.start.elapsed().as_millis() as u64;
    Report {
        depth: depth as u32,
        seldepth: seldepth as u32,
        multipv,
        score: user_score(score),
        nodes,
        nps: nodes * 1000 / ms.max(1),
        hashfull: shared.tt.hashfull(),
        time_ms: ms,
        pv,
    }
}

impl<'a> Params<'a> {
    /// Parameters for a search without a host (bench, tests, tools): one thread, one
    /// line, no move overhead, the full evaluation, no history from an earlier search;
    /// change the fields that differ.
    pub fn hostless(
        game: &'a Game,
        limits: Limits,
        stop: &'a AtomicBool,
        pondering: &'a AtomicBool,
    ) -> Params<'a> {
        Params {
            game,
            limits,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 0,
            lag_ms: 0,
            stop,
            pondering,
            eval_style: Default::default(),
            memory: None,
            skill: None,
            tune: Tune::default(),
        }
    }
}

/// A search without a host: nothing stops it but its limits, no pondering.
pub fn think_with_limits(
    game: &Game,
    limits: Limits,
    threads: usize,
    tt: &TranspositionTable,
    report: &(dyn Fn(&Report) + Sync),
) -> Outcome {
    let stop = AtomicBool::new(false);
    let pondering = AtomicBool::new(false);
    let params = Params {
        threads,
        ..Params::hostless(game, limits, &stop, &pondering)
    };
    think(&params, tt, report)
}

/// UCI forbids answering `go infinite` or `go ponder` before `stop` / `ponderhit`.
fn wait_while_pondering(params: &Params) {
    while !params.stop.load(Ordering::Relaxed)
        && (params.pondering.load(Ordering::Relaxed) || params.limits.infinite)
    {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::thread::Shared;
    use super::worker::Worker;
    use super::TranspositionTable;
    #[cfg(feature = "threads")]
    use super::{helper_skips, pattern_shift, Limits};
    use crate::game::Game;
    use crate::variant::Variant;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    /// A thread gives up an iteration once another has completed one as deep or
    /// deeper (`Worker::superseded`): it would only redo that work. The search itself
    /// goes on, and a deeper iteration is searched to its end.
    #[test]
    fn an_iteration_another_thread_completed_is_given_up() {
        let game = Game::startpos(Variant::Chess);
        let pos = game.position();
        let tt = TranspositionTable::new(1);
        let (abort, stop, pondering) = (
            AtomicBool::default(),
            AtomicBool::default(),
            AtomicBool::default(),
        );
        let nodes = AtomicU64::new(0);
        let shared = Shared::new(&tt, &abort, &stop, &pondering, &nodes, None, None);
        shared.first_iteration_done.store(true, Ordering::Relaxed);
        let history = game.repetition_hashes();
        let mut w = Worker::new(
            1,
            &shared,
            &history,
            Variant::Chess,
            Default::default(),
            None,
            Default::default(),
        );
        let first = crate::rules::legal_move_list(pos)[0];
        shared.publish(6, 20, 6, &[first]);
        for depth in [5, 6] {
            assert_eq!(w.search_root(pos, depth, None, &[]), None, "depth {depth}");
            assert!(w.thread.superseded(), "depth {depth}");
        }
        assert!(w.search_root(pos, 7, None, &[]).is_some());
        assert!(!w.thread.superseded());
    }

    /// One helper searches every other depth, a depth ahead of or behind the main
    /// thread by the game's ply; in each group of helpers every depth is searched by
    /// half of them.
    #[test]
    #[cfg(feature = "threads")]
    fn helpers_leave_out_depths_in_staggered_runs() {
        let searched = |id, ply| (1..=12).filter(|&d| !helper_skips(id, d, ply)).collect();
        let v: Vec<i32> = searched(1, 0);
        assert_eq!(v, [2, 4, 6, 8, 10, 12]);
        let v: Vec<i32> = searched(1, 1);
        assert_eq!(v, [1, 3, 5, 7, 9, 11]);
        // Helpers 3 to 6 form the second group: runs of two, four phases.
        let v: Vec<i32> = searched(3, 0);
        assert_eq!(v, [1, 4, 5, 8, 9, 12]);
        for (group, size) in [(1..3, 2), (3..7, 4), (7..13, 6)] {
            for depth in 1..=20 {
                let searching = group.clone().filter(|&id| !helper_skips(id, depth, 0));
                assert_eq!(searching.count(), size / 2, "depth {depth}");
            }
        }
    }
    /// A search to a set depth has helper 1 search the limit and leave out the depth
    /// before it, whatever the game's ply; without one the game's ply moves the pattern.
    #[test]
    #[cfg(feature = "threads")]
    fn helper_one_searches_a_depth_limit_and_leaves_out_the_depth_before() {
        for limit in [9, 14, 15] {
            let limits = Limits {
                depth: Some(limit as u32),
                ..Limits::default()
            };
            for game_ply in 0..4 {
                let shift = pattern_shift(&limits, limit, game_ply);
                assert!(
                    !helper_skips(1, limit, shift),
                    "limit {limit} ply {game_ply}"
                );
                assert!(
                    helper_skips(1, limit - 1, shift),
                    "limit {limit} ply {game_ply}"
                );
            }
        }
        let timed = Limits::default();
        assert_eq!(pattern_shift(&timed, super::MAX_DEPTH as i32, 7), 7);
    }
}
