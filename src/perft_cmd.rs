//! `baton perft <variant> <fen|startpos> <depth> [--threads N]`.

use std::time::Instant;

use baton_engine::perft::divide_report;
use baton_engine::{Position, Variant};

pub const USAGE: &str = "usage: baton perft <variant> <fen|startpos> <depth> [--threads N]
  Counts the leaf nodes of the legal-move tree to <depth>, per root move (divide),
  then in total; the FEN may be given as one argument or as its words.";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut rest: Vec<&str> = Vec::new();
    let mut threads: Option<usize> = None;
    let mut k = 0;
    while k < args.len() {
        if args[k] == "--threads" {
            let n = args.get(k + 1).ok_or("--threads needs a number")?;
            threads = Some(
                n.parse()
                    .ok()
                    .filter(|&n: &usize| n >= 1)
                    .ok_or_else(|| format!("bad thread count '{n}'"))?,
            );
            k += 2;
        } else {
            rest.push(&args[k]);
            k += 1;
        }
    }
    // The FEN may come as one argument or as several words.
    if rest.len() < 3 {
        return Err(format!(
            "perft needs <variant> <fen|startpos> <depth>\n{USAGE}"
        ));
    }
    let variant = Variant::parse(rest[0])?;
    let depth_text = rest[rest.len() - 1];
    let depth: u32 = depth_text
        .parse()
        .map_err(|_| format!("bad depth '{depth_text}'"))?;
    let fen = rest[1..rest.len() - 1].join(" ");
    let pos = if fen == "startpos" {
        Position::startpos(variant)
    } else {
        Position::from_fen(variant, &fen).map_err(|e| e.to_string())?
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
