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

use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

use baton_engine::search::{think_with_limits, Limits, Score, TranspositionTable};
use baton_engine::{format_move, rules, Game, Position, Variant};
use rayon::prelude::*;

pub const USAGE: &str =
    "usage: baton openings <variant> [--count N] [--plies MIN-MAX] [--depth D] \
     [--margin CP] [--seed S] [--threads N]\n  --count: positions to keep (default 200)\n  \
     --plies: random plies from the start (default 6-10)\n  --depth: the judging search's \
     depth (default: the variant's, VariantFacts::openings)\n  --margin: the largest |score| \
     kept, in centipawns (default 60)\n  --seed: the random walks' seed (default 1)\n  \
     --threads: searches run side by side (default: every core)\nPrints the suite as EPD on \
     standard output and its progress on standard error.";

#[derive(Debug, PartialEq)]
struct Settings {
    variant: Variant,
    count: usize,
    plies: (u32, u32),
    depth: Option<u32>,
    margin: i32,
    seed: u64,
    threads: Option<usize>,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let refuse = |why: String| Err(format!("{why}\n{USAGE}"));
    let mut args = args.iter();
    let Some(name) = args.next() else {
        return refuse("openings needs a variant".into());
    };
    let variant = Variant::parse(name).map_err(|e| format!("{e}\n{USAGE}"))?;
    let mut s = Settings {
        variant,
        count: 200,
        plies: (6, 10),
        depth: None,
        margin: 60,
        seed: 1,
        threads: None,
    };
    while let Some(option) = args.next() {
        let Some(value) = args.next() else {
            return refuse(format!("{option} needs a value"));
        };
        let bad = |range: &str| format!("bad {option} '{value}' ({range})");
        match option.as_str() {
            "--count" => match value.parse() {
                Ok(n @ 1..=100_000) => s.count = n,
                _ => return refuse(bad("1 to 100000")),
            },
            "--plies" => {
                let (lo, hi) = value.split_once('-').unwrap_or((value, value));
                match (lo.parse(), hi.parse()) {
                    (Ok(lo @ 0..=60), Ok(hi @ 0..=60)) if lo <= hi => s.plies = (lo, hi),
                    _ => return refuse(bad("MIN-MAX, 0 to 60")),
                }
            }
            "--depth" => match value.parse() {
                Ok(d @ 1..=64) => s.depth = Some(d),
                _ => return refuse(bad("1 to 64")),
            },
            "--margin" => match value.parse() {
                Ok(m @ 0..=10_000) => s.margin = m,
                _ => return refuse(bad("0 to 10000")),
            },
            "--seed" => match value.parse() {
                Ok(n) => s.seed = n,
                _ => return refuse(bad("a whole number")),
            },
            "--threads" => match value.parse() {
                Ok(n @ 1..=256) => s.threads = Some(n),
                _ => return refuse(bad("1 to 256")),
            },
            _ => return refuse(format!("unknown option '{option}'")),
        }
    }
    Ok(s)
}

/// SplitMix64, seeded per variant and candidate, so that candidate `k` is the same walk
/// however the work is split, and variants that share a start position (chess and
/// knightrelay) do not share their walks.
fn random(s: &Settings, k: u64, step: u64) -> u64 {
    let variant = s
        .variant
        .name()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    let mut z = (s.seed ^ variant)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(k.wrapping_mul(0xbf58_476d_1ce4_e5b9))
        .wrapping_add(step.wrapping_mul(0x94d0_49bb_1331_11eb));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Candidate `k`: a random walk from the start, or `None` if the game ended on the way.
fn walk(s: &Settings, k: u64) -> Option<(Game, Vec<String>)> {
    let (lo, hi) = s.plies;
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

pub fn run(args: &[String]) -> Result<(), String> {
    let s = parse(args)?;
    let depth = s.depth.unwrap_or(s.variant.facts().openings.1);
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
            ));
        }
        let candidates: Vec<(u64, Game, Vec<String>)> = (next..next + batch as u64)
            .filter_map(|k| walk(&s, k).map(|(g, m)| (k, g, m)))
            .filter(|(_, g, _)| seen.insert(g.position().hash()))
            .collect();
        next += batch as u64;
        let judged: Vec<Option<String>> = pool.install(|| {
            candidates
                .par_iter()
                .map_init(
                    || TranspositionTable::new(16),
                    |tt, (_, game, moves)| {
                        tried.fetch_add(1, Ordering::Relaxed);
                        let pos = game.position();
                        let rough = judge(pos, quick, tt)?;
                        if rough.abs() > 2 * s.margin {
                            return None;
                        }
                        let score = judge(pos, depth, tt)?;
                        (score.abs() <= s.margin).then(|| epd(pos, score, depth, moves))
                    },
                )
                .collect()
        });
        kept.extend(judged.into_iter().flatten());
        eprint!(
            "\r{}: {} of {} kept, {} judged",
            s.variant.name(),
            kept.len().min(s.count),
            s.count,
            tried.load(Ordering::Relaxed)
        );
    }
    eprintln!();
    // The suite is EPD and nothing else, so that other programs (cutechess-cli) read it
    // as it is; the command that remakes it goes to the person running it (and into
    // benches/openings/README.md for the suites kept there).
    eprintln!(
        "made by: baton openings {} --count {} --plies {}-{} --depth {depth} --margin {} --seed {}",
        s.variant.name(),
        s.count,
        s.plies.0,
        s.plies.1,
        s.margin,
        s.seed
    );
    let mut out = std::io::stdout().lock();
    kept.iter()
        .take(s.count)
        .try_for_each(|line| writeln!(out, "{line}"))
        .map_err(|e| format!("cannot write the suite: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::words as args;

    #[test]
    fn openings_words_are_read_or_refused_with_the_usage() {
        let s = parse(&args(
            "knightmate --count 5 --plies 4-6 --depth 3 --margin 80",
        ))
        .unwrap();
        assert_eq!(
            s,
            Settings {
                variant: Variant::Knightmate,
                count: 5,
                plies: (4, 6),
                depth: Some(3),
                margin: 80,
                seed: 1,
                threads: None,
            }
        );
        assert_eq!(parse(&args("chess --plies 8")).unwrap().plies, (8, 8));
        crate::assert_refused(
            parse,
            &[
                ("", "openings needs a variant"),
                ("nosuch", "unknown variant 'nosuch'"),
                ("chess --count 0", "bad --count '0'"),
                ("chess --plies 9-3", "bad --plies '9-3'"),
                ("chess --depth", "--depth needs a value"),
                ("chess --frob 1", "unknown option '--frob'"),
            ],
            "usage: baton openings",
        );
    }

    #[test]
    fn a_candidate_is_the_same_walk_whatever_came_before() {
        let s = parse(&args("chess")).unwrap();
        let a = walk(&s, 17).map(|(_, m)| m);
        let b = walk(&s, 17).map(|(_, m)| m);
        assert_eq!(a, b);
        assert_ne!(a, walk(&s, 18).map(|(_, m)| m));
    }
}
