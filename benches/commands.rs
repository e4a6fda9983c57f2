//! How long a GUI waits for `position startpos moves ...` (a long game) to be read, side
//! by side with Fairy-Stockfish when installed. Every move of a timed game pays this, so
//! it must stay far below a move's time: a by-value copy of the move list once made it
//! 4.8 ms a command and cost 300 Elo at 1 s + 0.01 s.
//! Run with `cargo bench --bench commands`. Prints the median and the ratio.

use std::io::{BufRead, BufReader, Write};
use std::time::Instant;

use baton_engine::rules::legal_move_list;
use baton_engine::{format_move, Game, Variant};

const FAIRY: &str = "/usr/games/fairy-stockfish";
const PLIES: usize = 120;
const ROUNDS: usize = 200;

/// A game of up to `PLIES` plies from a fixed pseudo-random choice of legal moves.
fn game() -> Vec<String> {
    let mut g = Game::startpos(Variant::Chess);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut moves = Vec::new();
    while moves.len() < PLIES && g.outcome().is_none() {
        let list = legal_move_list(g.position());
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = list[(seed % list.len() as u64) as usize];
        moves.push(format_move(g.position(), m));
        g.play(m);
    }
    moves
}

/// Median milliseconds from sending `position` + `isready` to `readyok`.
fn median_ms(program: &str, position: &str) -> Option<f64> {
    let (mut child, mut stdin) = baton_testkit::process::piped(program)?;
    let mut out = BufReader::new(child.stdout.take()?);
    let mut until = |prefix: &str| {
        let mut line = String::new();
        while out.read_line(&mut line).ok()? > 0 {
            if line.starts_with(prefix) {
                return Some(());
            }
            line.clear();
        }
        None
    };
    writeln!(stdin, "uci").ok()?;
    until("uciok")?;
    let mut times = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let start = Instant::now();
        writeln!(stdin, "{position}\nisready").ok()?;
        stdin.flush().ok()?;
        until("readyok")?;
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    times.sort_by(f64::total_cmp);
    Some(times[times.len() / 2])
}

fn main() {
    let moves = game();
    let position = format!("position startpos moves {}", moves.join(" "));
    let baton = median_ms(env!("CARGO_BIN_EXE_baton"), &position).expect("run baton");
    println!(
        "position startpos moves ({} plies) + isready: Baton {baton:.3} ms (median of {ROUNDS})",
        moves.len()
    );
    match median_ms(FAIRY, &position) {
        Some(fsf) => println!(
            "Fairy-Stockfish {fsf:.3} ms; Baton / Fairy-Stockfish = {:.2}",
            baton / fsf
        ),
        None => println!("Fairy-Stockfish not installed at {FAIRY}: no ratio"),
    }
}
