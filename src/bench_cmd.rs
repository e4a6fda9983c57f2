//! `baton bench [variant|all] [depth] [--threads N] [--positions]`: searches fixed
//! positions with a fresh 16 MB hash table each (one thread unless told), and prints
//! nodes, time and speed per variant and in total (the totals as Stockfish prints them);
//! `--positions` adds a line per position. With one thread the node total is the same on
//! every run; with more, the time to reach the depth is what Lazy SMP is measured by,
//! and the lines per position show which positions gain and which do not.

use std::sync::Mutex;
use std::time::Instant;

use baton_engine::search::{think_with_limits, Limits, Score, TranspositionTable};
use baton_engine::{bench, format_move, Game, Position, Variant};

/// The usage, with the variants' names.
pub fn usage() -> String {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    format!(
        "usage: baton bench [variant|all] [depth] [--threads N] [--positions]\n  variant: all \
         (the default) or one of {}\n  depth: 1 to {MAX_DEPTH} (default: each variant's own), \
         after the variant\n  --threads N: 1 to 256 (default 1)\n  --positions: also a line \
         per position (nodes, time, score, best move)",
        names.join(", ")
    )
}

/// The highest depth a bench searches to.
const MAX_DEPTH: u32 = 64;

/// What `baton bench` was asked for.
#[derive(Debug, PartialEq, Eq)]
struct Request {
    variants: Vec<Variant>,
    /// None: each variant's own.
    depth: Option<u32>,
    threads: usize,
    /// A line per position as well.
    positions: bool,
}

/// Reads `[variant|all] [depth] [--threads N] [--positions]`. A word it cannot place is
/// an error with the usage.
fn parse(args: &[String]) -> Result<Request, String> {
    let refuse = |why: String| Err(format!("{why}\n{}", usage()));
    let mut variant: Option<(&str, Vec<Variant>)> = None;
    let mut depth: Option<(&str, u32)> = None;
    let mut threads = 1;
    let mut positions = false;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        if a == "--positions" {
            positions = true;
        } else if a == "--threads" {
            let Some(n) = args.next() else {
                return refuse("--threads needs a number".into());
            };
            match n.parse::<usize>() {
                Ok(n @ 1..=256) => threads = n,
                _ => return refuse(format!("bad thread count '{n}' (1 to 256)")),
            }
        } else if a.starts_with('-') && a.parse::<i64>().is_err() {
            return refuse(format!("unknown option '{a}'"));
        } else if a.parse::<i64>().is_ok() {
            if let Some((first, _)) = depth {
                return refuse(format!("bench takes one depth, got '{first}' and '{a}'"));
            }
            match a.parse::<u32>() {
                Ok(d @ 1..=MAX_DEPTH) => depth = Some((a, d)),
                _ => return refuse(format!("bad depth '{a}' (1 to {MAX_DEPTH})")),
            }
        } else {
            if let Some((first, _)) = variant {
                return refuse(format!(
                    "bench takes one variant (or all), got '{first}' and '{a}'"
                ));
            }
            if let Some((d, _)) = depth {
                return refuse(format!(
                    "'{a}' after the depth '{d}': the variant comes first"
                ));
            }
            let list = if a == "all" {
                Variant::ALL.to_vec()
            } else {
                vec![Variant::parse(a).map_err(|e| format!("{e}\n{}", usage()))?]
            };
            variant = Some((a, list));
        }
    }
    Ok(Request {
        variants: variant.map_or_else(|| Variant::ALL.to_vec(), |(_, list)| list),
        depth: depth.map(|(_, d)| d),
        threads,
        positions,
    })
}

pub fn run(args: &[String]) -> Result<(), String> {
    let Request {
        variants,
        depth,
        threads,
        positions,
    } = parse(args)?;
    let mut total_nodes = 0u64;
    let mut total_ms = 0u64;
    let tt = TranspositionTable::new(16);
    for v in variants {
        let (fens, default_depth) = bench::positions(v);
        let depth = depth.unwrap_or(default_depth);
        let mut nodes = 0u64;
        let start = Instant::now();
        for (i, fen) in fens.iter().enumerate() {
            let pos = Position::from_fen(v, fen).map_err(|e| format!("{v} bench: {e}"))?;
            let game = Game::new(pos);
            tt.clear();
            let limits = Limits {
                depth: Some(depth),
                ..Default::default()
            };
            let last_score = Mutex::new(None);
            let searched = Instant::now();
            let outcome = think_with_limits(&game, limits, threads, &tt, &|r| {
                if let Ok(mut s) = last_score.lock() {
                    *s = Some(r.score);
                }
            });
            nodes += outcome.nodes;
            if positions {
                let score = match last_score.into_inner().ok().flatten() {
                    Some(Score::Cp(cp)) => format!("cp {cp}"),
                    Some(Score::Mate(m)) => format!("mate {m}"),
                    None => "none".into(),
                };
                let best = outcome
                    .best
                    .map_or("none".into(), |m| format_move(game.position(), m));
                println!(
                    "  position {}/{}  depth {:>2}  nodes {:>10}  time {:>6} ms  score {score}  \
                     best {best}",
                    i + 1,
                    fens.len(),
                    outcome.depth,
                    outcome.nodes,
                    searched.elapsed().as_millis()
                );
            }
        }
        let ms = start.elapsed().as_millis() as u64;
        println!(
            "{:<20} depth {:>2}  positions {:>2}  nodes {:>10}  time {:>6} ms  nps {:>8}",
            v.name(),
            depth,
            fens.len(),
            nodes,
            ms,
            nodes * 1000 / ms.max(1)
        );
        total_nodes += nodes;
        total_ms += ms;
    }
    println!("\n===========================");
    println!("Total time (ms) : {total_ms}");
    println!("Nodes searched  : {total_nodes}");
    println!("Nodes/second    : {}", total_nodes * 1000 / total_ms.max(1));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::words as args;

    #[test]
    fn bench_words_are_read_in_their_places() {
        let all = Variant::ALL.to_vec();
        let request = |variants: &[Variant], depth, threads, positions| {
            Ok(Request {
                variants: variants.to_vec(),
                depth,
                threads,
                positions,
            })
        };
        assert_eq!(parse(&args("")), request(&all, None, 1, false));
        assert_eq!(parse(&args("all 3")), request(&all, Some(3), 1, false));
        assert_eq!(
            parse(&args("knightmate 2 --threads 4")),
            request(&[Variant::Knightmate], Some(2), 4, false)
        );
        assert_eq!(
            parse(&args("--threads 2 chess")),
            request(&[Variant::Chess], None, 2, false)
        );
        assert_eq!(
            parse(&args("flipshatranj 7 --positions --threads 2")),
            request(&[Variant::FlipShatranj], Some(7), 2, true)
        );
        crate::assert_refused(
            parse,
            &[
                (
                    "chess knightmate 1",
                    "bench takes one variant (or all), got 'chess' and 'knightmate'",
                ),
                (
                    "1 chess",
                    "'chess' after the depth '1': the variant comes first",
                ),
                ("chess 1 2", "bench takes one depth, got '1' and '2'"),
                ("chess 0", "bad depth '0' (1 to 64)"),
                ("chess 65", "bad depth '65'"),
                ("chess -3", "bad depth '-3'"),
                ("nosuch", "unknown variant 'nosuch' (known: chess,"),
                ("chess --depth 3", "unknown option '--depth'"),
                ("--threads 0", "bad thread count '0'"),
                ("--threads", "--threads needs a number"),
            ],
            "usage: baton bench [variant|all] [depth] [--threads N] [--positions]",
        );
    }
}
