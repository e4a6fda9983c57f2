//! `baton perft <variant> <fen|startpos> <depth> [--threads N]`: the legal-move tree's
//! leaf count per root move, then in total.

use std::time::Instant;

use baton_engine::perft::divide_report;
use baton_engine::{Position, Variant};

use crate::cli::Error;

/// `baton perft`'s words.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  baton perft chess startpos 5\n  \
    baton perft knightmate 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 4\n  \
    baton perft stonesrelays startpos 4 --threads 2")]
pub struct Args {
    /// The variant (chess, knightmate, knightrelay, ...)
    #[arg(value_parser = crate::cli::variant)]
    variant: Variant,
    /// `startpos` or a FEN (one argument or its words), then the depth
    #[arg(value_names = ["FEN|startpos", "DEPTH"], num_args = 2.., required = true)]
    words: Vec<String>,
    /// Threads counting the root moves (default: every core)
    #[arg(long, value_name = "N", value_parser = crate::cli::in_range(1usize, 256))]
    threads: Option<usize>,
}

/// Counts the leaf nodes of the legal-move tree to the depth, per root move (divide),
/// then in total; the time and speed go to standard error.
pub fn run(args: Args) -> Result<(), Error> {
    let Args {
        variant,
        words,
        threads,
    } = args;
    // clap asks for two words at least: the position, then the depth.
    let (depth_text, fen) = words
        .split_last()
        .ok_or("perft needs a position and a depth")?;
    let depth: u32 = depth_text.parse().map_err(|_| {
        Error::Usage(format!(
            "bad depth '{depth_text}': the last word is the depth, a whole number"
        ))
    })?;
    let fen = fen.join(" ");
    let pos = if fen == "startpos" {
        Position::startpos(variant)
    } else {
        Position::from_fen(variant, &fen)
            .map_err(|e| Error::Usage(format!("bad FEN '{fen}': {e}")))?
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let (text, total) = pool.install(|| divide_report(&pos, depth));
    let secs = start.elapsed().as_secs_f64();
    print!("{text}");
    eprintln!(
        "time {:.3} s, {:.0} leaves/s",
        secs,
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}
