//! Perft speed, measured side by side with other programs on the same machine:
//! Baton's chess against shakmaty's (goal: at least half its rate), and Baton's
//! knightmate against Fairy-Stockfish's `go perft 6` (goal: faster), when installed.
//! Run with `cargo bench --bench perft`. Prints leaves per second and the ratios.

use std::io::Write;
use std::time::Instant;

use baton_engine::perft::perft;
use baton_engine::{Position, Variant};
use shakmaty::{fen::Fen, CastlingMode, Chess};

const CHESS: &[(&str, u32)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
    ),
];

/// Best of three runs: (leaves, seconds).
fn best_of_three(mut f: impl FnMut() -> u64) -> (u64, f64) {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let n = f();
            (n, t.elapsed().as_secs_f64())
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((0, 1.0))
}

fn rate(leaves: u64, secs: f64) -> f64 {
    leaves as f64 / secs.max(1e-9)
}

fn fairy_stockfish_perft(variant: &str, depth: u32) -> Option<(u64, f64)> {
    let bin = ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())?;
    let run = || -> Option<(u64, f64)> {
        let (child, mut stdin) = baton_testkit::process::piped(bin)?;
        let t = Instant::now();
        writeln!(
            stdin,
            "uci\nsetoption name UCI_Variant value {variant}\nposition startpos\ngo perft {depth}\nquit"
        )
        .ok()?;
        drop(stdin);
        let out = child.wait_with_output().ok()?;
        let secs = t.elapsed().as_secs_f64();
        let text = String::from_utf8_lossy(&out.stdout);
        let nodes = text
            .lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))?
            .trim()
            .parse()
            .ok()?;
        Some((nodes, secs))
    };
    (0..3)
        .filter_map(|_| run())
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

fn main() {
    // Chess: Baton against shakmaty on the same positions, one thread each.
    let baton_pos: Vec<(Position, u32)> = CHESS
        .iter()
        .map(|&(f, d)| (Position::from_fen(Variant::Chess, f).expect("FEN"), d))
        .collect();
    let oracle_pos: Vec<(Chess, u32)> = CHESS
        .iter()
        .map(|&(f, d)| {
            let p = f
                .parse::<Fen>()
                .expect("FEN")
                .into_position(CastlingMode::Standard)
                .expect("position");
            (p, d)
        })
        .collect();
    let (bn, bs) = best_of_three(|| baton_pos.iter().map(|(p, d)| perft(p, *d)).sum());
    let (sn, ss) = best_of_three(|| oracle_pos.iter().map(|(p, d)| shakmaty::perft(p, *d)).sum());
    assert_eq!(bn, sn, "leaf counts differ");
    let ratio = rate(bn, bs) / rate(sn, ss);
    println!(
        "chess perft      baton    {:>12.0} leaves/s ({bn} leaves in {bs:.3} s)",
        rate(bn, bs)
    );
    println!(
        "chess perft      shakmaty {:>12.0} leaves/s ({sn} leaves in {ss:.3} s)",
        rate(sn, ss)
    );
    println!("chess ratio baton/shakmaty: {ratio:.2} (goal >= 0.50)");

    // Knightmate: Baton's perft 6 against Fairy-Stockfish's `go perft 6`.
    let km = Position::startpos(Variant::Knightmate);
    let (kn, ks) = best_of_three(|| perft(&km, 6));
    println!(
        "knightmate perft 6 baton    {:>8.3} s ({kn} leaves, {:.0} leaves/s)",
        ks,
        rate(kn, ks)
    );
    match fairy_stockfish_perft("knightmate", 6) {
        Some((fn_, fs)) => {
            assert_eq!(kn, fn_, "knightmate perft 6 differs from Fairy-Stockfish");
            println!(
                "knightmate perft 6 fairy-sf {fs:>8.3} s ({fn_} leaves, process start included)"
            );
            println!(
                "knightmate time ratio fairy-sf/baton: {:.2} (goal > 1.00)",
                fs / ks
            );
        }
        None => {
            println!("knightmate: Fairy-Stockfish not installed (apt-get install fairy-stockfish)")
        }
    }
}
