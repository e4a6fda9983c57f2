//! `baton openings <variant>`: makes an opening suite, positions a few plies from the
//! start that a deeper search of Baton's own judges about level, so that a match played
//! from them (each opening with both colours) measures the engines and not the luck of
//! a lopsided random opening.
//!
//! Candidates are random legal walks of `--plies` plies from the start position; a
//! quick search throws out the clearly lopsided ones, then a search to `--depth` keeps
//! those within `--margin` centipawns of level. The output is EPD: the position's FEN,
//! then `ce` (the score from the side to move's view), `acd` (the depth) and `c0` (the
//! moves that led there). It is the same for the same arguments, whatever the thread
//! count: every search has one thread and a fresh hash table, and the candidates are
//! kept in the order they were drawn.
//!
//! With `--judge`, an outside UCI engine (Fairy-Stockfish) judges the candidates
//! instead, to its own `--depth` (see `outside`).

use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

use baton_engine::search::{think_with_limits, Limits, Score, TranspositionTable};
use baton_engine::{format_move, rules, Game, Position, Profile, Variant};
use rayon::prelude::*;

use crate::cli::Error;
use crate::engine_setting::Setting;

mod outside;

/// `baton openings`'s words.
#[derive(clap::Args, Debug, PartialEq)]
#[command(
    after_help = "Prints the suite as EPD on standard output and its progress on \
    standard error.\n\nExamples:\n  baton openings knightmate > knightmate.epd\n  \
    baton openings chess --count 50 --plies 4-8 --depth 8 --margin 40 --seed 7\n  \
    baton openings knightmate --depth 10 --judge cmd=/usr/games/fairy-stockfish > k.epd"
)]
pub struct Args {
    /// The variant
    #[arg(value_parser = crate::cli::variant)]
    variant: Variant,
    /// Positions to keep
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = crate::cli::in_range(1usize, 100_000))]
    count: usize,
    /// Random plies from the start, MIN-MAX or one number, 0 to 60
    #[arg(long, value_name = "MIN-MAX", default_value = "6-10", value_parser = plies)]
    plies: Plies,
    /// The judging search's depth (default: the variant's, Profile::openings)
    #[arg(long, value_name = "D", value_parser = crate::cli::in_range(1u32, 64))]
    depth: Option<u32>,
    /// The largest |score| kept, in centipawns
    #[arg(long, value_name = "CP", default_value_t = 60,
          value_parser = crate::cli::in_range(0i32, 10_000))]
    margin: i32,
    /// The random walks' seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Searches run side by side (default: every core)
    #[arg(long, value_name = "N", value_parser = crate::cli::in_range(1usize, 256))]
    threads: Option<usize>,
    /// Judge by an outside UCI engine's search to --depth instead of Baton's (one
    /// process a thread): cmd=PATH [arg=A] [dir=D] [option.NAME=V], after the variant
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., value_parser = Setting::parse)]
    judge: Option<Vec<Setting>>,
}

/// The fewest and the most random plies of a candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Plies(u32, u32);

fn plies(text: &str) -> Result<Plies, String> {
    let (lo, hi) = text.split_once('-').unwrap_or((text, text));
    match (lo.parse(), hi.parse()) {
        (Ok(lo @ 0..=60), Ok(hi @ 0..=60)) if lo <= hi => Ok(Plies(lo, hi)),
        _ => Err("expected MIN-MAX (or one number), 0 to 60, MIN not above MAX".into()),
    }
}

/// SplitMix64, seeded per variant and candidate, so that candidate `k` is the same walk
/// however the work is split, and variants that share a start position (chess and
/// knightrelay) do not share their walks.
fn random(s: &Args, k: u64, step: u64) -> u64 {
    let variant = s
        .variant
        .name()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    baton_engine::rng::mix(
        (s.seed ^ variant)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(k.wrapping_mul(0xbf58_476d_1ce4_e5b9))
            .wrapping_add(step.wrapping_mul(0x94d0_49bb_1331_11eb)),
    )
}

/// Candidate `k`: a random walk from the start, or `None` if the game ended on the way.
fn walk(s: &Args, k: u64) -> Option<(Game, Vec<String>)> {
    let Plies(lo, hi) = s.plies;
    let plies = lo + (random(s, k, 0) % u64::from(hi - lo + 1)) as u32;
    let mut game = Game::startpos(s.variant);
    let mut moves = Vec::new();
    for step in 1..=u64::from(plies) {
        if game.outcome().is_some() {
            return None;
        }
        let list = rules::legal_move_list(game.position());
        let m = list[(random(s, k, step) % list.len() as u64) as usize];
        moves.push(format_move(game.position(), m));
        game.play(m);
    }
    game.outcome().is_none().then_some((game, moves))
}

/// The score of a fixed-depth search from the position alone (as a match starts from
/// it: no history), in centipawns from the side to move's view; `None` for a mate.
fn judge(pos: &Position, depth: u32, tt: &TranspositionTable) -> Option<i32> {
    tt.clear();
    let last = std::sync::Mutex::new(None);
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    think_with_limits(&Game::new(pos.clone()), limits, 1, tt, &|r| {
        if r.multipv == 1 {
            if let Ok(mut last) = last.lock() {
                *last = Some(r.score);
            }
        }
    });
    match last.into_inner().ok().flatten() {
        Some(Score::Cp(cp)) => Some(cp),
        _ => None,
    }
}

/// One kept position: its EPD line.
fn epd(pos: &Position, score: i32, depth: u32, moves: &[String]) -> String {
    format!(
        "{} ; ce {score}; acd {depth}; c0 \"{}\"",
        pos.fen(),
        moves.join(" ")
    )
}

/// Who scores the candidates: Baton's own search or an outside engine.
enum Judge {
    Baton,
    Outside(outside::Judge),
}

impl Judge {
    /// The score of `pos` at `depth` (see `judge` and `outside::Judge::score`); `tt` is
    /// the thread's hash table for Baton's search, made on first use.
    fn score(
        &self,
        pos: &Position,
        depth: u32,
        tt: &mut Option<TranspositionTable>,
    ) -> Result<Option<i32>, String> {
        match self {
            Judge::Baton => Ok(judge(
                pos,
                depth,
                tt.get_or_insert_with(|| TranspositionTable::new(16)),
            )),
            Judge::Outside(outside) => outside.score(pos, depth),
        }
    }
}

pub fn run(s: Args) -> Result<(), Error> {
    let depth = s.depth.unwrap_or(Profile::of(s.variant).openings.1);
    // The quick search that throws out the clearly lopsided: half the depth, twice the
    // margin (a level position rarely swings more than that between the two).
    let quick = (depth / 2).max(2);
    let mut pool = rayon::ThreadPoolBuilder::new().stack_size(64 << 20);
    if let Some(n) = s.threads {
        pool = pool.num_threads(n);
    }
    let pool = pool
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    let judge = match &s.judge {
        None => Judge::Baton,
        Some(words) => Judge::Outside(
            outside::Judge::new(words, s.variant, pool.current_num_threads())
                .map_err(Error::Input)?,
        ),
    };
    let made = made_by(&s, depth, &judge);
    let kept = suite(&s, depth, quick, &pool, &judge);
    if let Judge::Outside(outside) = judge {
        outside.quit();
    }
    let kept = kept?;
    eprintln!();
    // The suite is EPD and nothing else, so that other programs (cutechess-cli) read it
    // as it is; the command that remakes it goes to the person running it (and into
    // benches/openings/README.md for the suites kept there).
    eprintln!("made by: {made}");
    let mut out = std::io::stdout().lock();
    kept.iter()
        .take(s.count)
        .try_for_each(|line| writeln!(out, "{line}"))
        .map_err(|e| Error::Failed(format!("cannot write the suite: {e}")))
}

/// The command that makes the same suite.
fn made_by(s: &Args, depth: u32, judge: &Judge) -> String {
    let mut text = format!(
        "baton openings {} --count {} --plies {}-{} --depth {depth} --margin {} --seed {}",
        s.variant.name(),
        s.count,
        s.plies.0,
        s.plies.1,
        s.margin,
        s.seed
    );
    if let Judge::Outside(outside) = judge {
        text += &format!(" --judge cmd={}", outside.cmd());
    }
    text
}

/// The kept candidates' EPD lines, in the order they were drawn (at least `s.count`).
fn suite(
    s: &Args,
    depth: u32,
    quick: u32,
    pool: &rayon::ThreadPool,
    judge: &Judge,
) -> Result<Vec<String>, Error> {
    let batch = pool.current_num_threads() * 4;
    let mut seen = HashSet::new();
    let mut kept: Vec<String> = Vec::new();
    let tried = AtomicUsize::new(0);
    let mut next = 0u64;
    // A variant whose random walks are nearly all lopsided would never finish.
    let give_up = s.count as u64 * 200;
    while kept.len() < s.count {
        if next >= give_up {
            return Err(format!(
                "only {} of {} positions within {} cp after {next} candidates; widen \
                 --margin or shorten --plies",
                kept.len(),
                s.count,
                s.margin
            )
            .into());
        }
        let candidates: Vec<(u64, Game, Vec<String>)> = (next..next + batch as u64)
            .filter_map(|k| walk(s, k).map(|(g, m)| (k, g, m)))
            .filter(|(_, g, _)| seen.insert(g.position().hash()))
            .collect();
        next += batch as u64;
        let judged: Vec<Result<Option<String>, String>> = pool.install(|| {
            candidates
                .par_iter()
                .map_init(
                    || None,
                    |tt, (_, game, moves)| {
                        tried.fetch_add(1, Ordering::Relaxed);
                        let pos = game.position();
                        let Some(rough) = judge.score(pos, quick, tt)? else {
                            return Ok(None);
                        };
                        if rough.abs() > 2 * s.margin {
                            return Ok(None);
                        }
                        let score = judge.score(pos, depth, tt)?;
                        Ok(score
                            .filter(|score| score.abs() <= s.margin)
                            .map(|score| epd(pos, score, depth, moves)))
                    },
                )
                .collect()
        });
        for line in judged {
            kept.extend(line?);
        }
        eprint!(
            "\r{}: {} of {} kept, {} judged",
            s.variant.name(),
            kept.len().min(s.count),
            s.count,
            tried.load(Ordering::Relaxed)
        );
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::cli::{parse_line, Command};

    fn parse(line: &str) -> Result<Args, String> {
        match parse_line(&format!("openings {line}"))? {
            Command::Openings(args) => Ok(args),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn openings_words_are_read_or_refused_with_the_usage() {
        let s = parse("knightmate --count 5 --plies 4-6 --depth 3 --margin 80").unwrap();
        assert_eq!(
            s,
            Args {
                variant: Variant::Knightmate,
                count: 5,
                plies: Plies(4, 6),
                depth: Some(3),
                margin: 80,
                seed: 1,
                threads: None,
                judge: None,
            }
        );
        assert_eq!(parse("chess --plies 8").unwrap().plies, Plies(8, 8));
        assert_eq!(
            parse("knightmate --judge cmd=/usr/games/fairy-stockfish option.Hash=16")
                .unwrap()
                .judge,
            Some(vec![
                Setting::Cmd("/usr/games/fairy-stockfish".into()),
                Setting::Option("Hash".into(), "16".into()),
            ])
        );
        crate::cli::assert_refused(&[
            ("openings", "required arguments were not provided"),
            ("openings nosuch", "unknown variant 'nosuch'"),
            (
                "openings chess --count 0",
                "invalid value '0' for '--count <N>'",
            ),
            (
                "openings chess --plies 9-3",
                "invalid value '9-3' for '--plies <MIN-MAX>'",
            ),
            (
                "openings chess --depth",
                "a value is required for '--depth <D>'",
            ),
            ("openings chess --frob 1", "unexpected argument '--frob'"),
            (
                "openings chess --judge",
                "a value is required for '--judge <KEY=VALUE>...'",
            ),
            (
                "openings chess --judge fairy",
                "invalid value 'fairy' for '--judge <KEY=VALUE>...': expected key=value",
            ),
        ]);
    }

    #[test]
    fn a_candidate_is_the_same_walk_whatever_came_before() {
        let s = parse("chess").unwrap();
        let a = walk(&s, 17).map(|(_, m)| m);
        let b = walk(&s, 17).map(|(_, m)| m);
        assert_eq!(a, b);
        assert_ne!(a, walk(&s, 18).map(|(_, m)| m));
    }
}
