//! `baton bench [variant|all] [depth] [--threads N] [--positions]`: searches fixed
//! positions with a fresh 16 MB hash table each (one thread unless told), and prints
//! nodes, time and speed per variant and in total (the totals as Stockfish prints them);
//! `--positions` adds a line per position. With one thread the node total is the same on
//! every run; with more, the time to reach the depth is what Lazy SMP is measured by,
//! and the lines per position show which positions gain and which do not.
//! `--evaluation nnue` searches with the learned evaluation where the variant has a net
//! (its own node counts: not the signature).

use std::sync::Mutex;
use std::time::Instant;

use baton_engine::eval::Style;
use baton_engine::search::{think, Limits, Params, Score, TranspositionTable};
use baton_engine::{bench, format_move, Game, Position, Variant};
use std::sync::atomic::AtomicBool;

use crate::cli::Error;

/// The highest depth a bench searches to.
const MAX_DEPTH: u32 = 64;

/// `baton bench`'s words.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  baton bench              every variant at its own depth: \
    the node total is the build's signature (baton --version)\n  \
    baton bench knightmate 12\n  baton bench chess --threads 2 --positions\n  \
    baton bench knightmate --evaluation nnue"
)]
pub struct Args {
    /// `all` or one variant
    #[arg(value_name = "VARIANT|all", default_value = "all", value_parser = variants)]
    variants: Selection,
    /// The depth, 1 to 64 (default: each variant's own)
    #[arg(value_parser = crate::cli::in_range(1u32, MAX_DEPTH))]
    depth: Option<u32>,
    /// Search threads
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = crate::cli::in_range(1usize, 256))]
    threads: usize,
    /// Also a line per position (nodes, time, score, best move)
    #[arg(long)]
    positions: bool,
    /// The evaluation: auto (the variant's own: nnue in knightmate, knightrelay and
    /// combiningknightmare, classical elsewhere), classical, nnue (where the variant has
    /// a net) or material
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = style)]
    evaluation: Style,
}

fn style(text: &str) -> Result<Style, String> {
    Style::from_name(text).ok_or_else(|| format!("one of {}", Style::NAMES.join(", ")))
}

/// The variants to bench.
#[derive(Clone, Debug)]
struct Selection(Vec<Variant>);

/// `all` or one variant's name.
fn variants(text: &str) -> Result<Selection, String> {
    if text == "all" {
        return Ok(Selection(Variant::ALL.to_vec()));
    }
    Variant::parse(text)
        .map(|v| Selection(vec![v]))
        .map_err(|e| format!("{e}, or all"))
}

pub fn run(args: Args) -> Result<(), Error> {
    let Args {
        variants: Selection(variants),
        depth,
        threads,
        positions,
        evaluation,
    } = args;
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
            let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
            let params = Params {
                threads,
                eval_style: evaluation,
                ..Params::hostless(&game, limits, &stop, &pondering)
            };
            let outcome = think(&params, &tt, &|r| {
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
