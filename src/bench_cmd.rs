//! `baton bench [variant|all] [depth] [--threads N]`: searches fixed positions with a
//! fresh 16 MB hash table each (one thread unless told), and prints nodes, time and speed
//! per variant and in total (the totals as Stockfish prints them). With one thread the
//! node total is the same on every run; with more, the time to reach the depth is what
//! Lazy SMP is measured by.

use std::time::Instant;

use baton_engine::search::{think_with_limits, Limits, TranspositionTable};
use baton_engine::{bench, Game, Position, Variant};

/// The usage, with the variants' names.
pub fn usage() -> String {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    format!(
        "usage: baton bench [variant|all] [depth] [--threads N]\n  variant: all (the default) \
         or one of {}\n  depth: 1 to {MAX_DEPTH} (default: each variant's own), after the \
         variant\n  --threads N: 1 to 256 (default 1)",
        names.join(", ")
    )
}

/// The highest depth a bench searches to.
const MAX_DEPTH: u32 = 64;

/// Reads `[variant|all] [depth] [--threads N]`: the variants, the depth (None: each
/// variant's own) and the thread count. A word it cannot place is an error with the usage.
fn parse(args: &[String]) -> Result<(Vec<Variant>, Option<u32>, usize), String> {
    let refuse = |why: String| Err(format!("{why}\n{}", usage()));
    let mut variant: Option<(&str, Vec<Variant>)> = None;
    let mut depth: Option<(&str, u32)> = None;
    let mut threads = 1;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        if a == "--threads" {
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
    let variants = variant.map_or_else(|| Variant::ALL.to_vec(), |(_, list)| list);
    Ok((variants, depth.map(|(_, d)| d), threads))
}

pub fn run(args: &[String]) -> Result<(), String> {
    let (variants, depth, threads) = parse(args)?;
    let mut total_nodes = 0u64;
    let mut total_ms = 0u64;
    let tt = TranspositionTable::new(16);
    for v in variants {
        let (fens, default_depth) = bench::positions(v);
        let depth = depth.unwrap_or(default_depth);
        let mut nodes = 0u64;
        let start = Instant::now();
        for fen in fens {
            let pos = Position::from_fen(v, fen).map_err(|e| format!("{v} bench: {e}"))?;
            let game = Game::new(pos);
            tt.clear();
            let limits = Limits {
                depth: Some(depth),
                ..Default::default()
            };
            nodes += think_with_limits(&game, limits, threads, &tt, &|_| {}).nodes;
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
        assert_eq!(parse(&args("")), Ok((all.clone(), None, 1)));
        assert_eq!(parse(&args("all 3")), Ok((all, Some(3), 1)));
        assert_eq!(
            parse(&args("knightmate 2 --threads 4")),
            Ok((vec![Variant::Knightmate], Some(2), 4))
        );
        assert_eq!(
            parse(&args("--threads 2 chess")),
            Ok((vec![Variant::Chess], None, 2))
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
            "usage: baton bench [variant|all] [depth]",
        );
    }
}
