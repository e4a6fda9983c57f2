//! `baton bench [variant|all] [depth] [--threads N]`: searches fixed positions with a
//! fresh 16 MB hash table each (one thread unless told), and prints nodes, time and speed
//! per variant and in total (the totals as Stockfish prints them). With one thread the
//! node total is the same on every run; with more, the time to reach the depth is what
//! Lazy SMP is measured by.

use std::time::Instant;

use baton_engine::search::{think_with_limits, Limits, TranspositionTable};
use baton_engine::{bench, Game, Position, Variant};

pub fn run(args: &[String]) -> Result<(), String> {
    let mut variants: Vec<Variant> = Variant::ALL.to_vec();
    let mut depth: Option<u32> = None;
    let mut threads = 1;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        if a == "--threads" {
            let n = args.next().ok_or("--threads needs a number")?;
            threads = n
                .parse::<usize>()
                .ok()
                .filter(|&n| (1..=256).contains(&n))
                .ok_or_else(|| format!("bad thread count '{n}'"))?;
        } else if let Ok(d) = a.parse::<u32>() {
            depth = Some(d.clamp(1, 64));
        } else if a == "all" {
            variants = Variant::ALL.to_vec();
        } else {
            let v = Variant::from_name(a).ok_or_else(|| format!("unknown variant '{a}'"))?;
            variants = vec![v];
        }
    }
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
