//! The soak of go/stop pairs: every `stop` answered with a `bestmove`, every `isready`
//! with `readyok`, and a clean exit. The suite (CI too) runs 500 pairs, about half a
//! minute; `SOAK_PAIRS=10000 cargo test --release --test soak -- --nocapture` runs the
//! long one. The latency from `stop` to `bestmove` is printed (p50, p99, max): a
//! measurement to read, not an assertion, since a shared machine's timing is not the
//! engine's. The games half of the soak is `benches/soak.sh`.

use std::time::{Duration, Instant};

use baton_engine::Variant;
use baton_testkit::{Baton, Rng};

/// Go/stop pairs over every variant, each `go` (infinite, a depth, a clock) stopped
/// after 0-20 ms, the time from `stop` to `bestmove` measured; `isready` checked
/// between pairs.
#[test]
fn every_stop_is_answered_over_many_go_stop_pairs() {
    let pairs: usize = std::env::var("SOAK_PAIRS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(500);
    let mut b = Baton::start(env!("CARGO_BIN_EXE_baton"));
    b.ask("uci", "uciok");
    let mut rng = Rng::new(0x50a4_2026);
    let mut latencies = Vec::with_capacity(pairs);
    let per_variant = pairs.div_ceil(Variant::ALL.len());
    for i in 0..pairs {
        if i % per_variant == 0 {
            let v = Variant::ALL[i / per_variant];
            b.send(&format!("setoption name UCI_Variant value {}", v.name()));
            b.send("ucinewgame");
            b.ask("isready", "readyok");
        }
        b.send("position startpos");
        let go = match rng.below(3) {
            0 => "go infinite",
            1 => "go depth 99",
            _ => "go wtime 60000 btime 60000",
        };
        b.send(go);
        std::thread::sleep(Duration::from_micros(rng.below(20_000) as u64));
        let sent = Instant::now();
        b.ask("stop", "bestmove");
        latencies.push(sent.elapsed());
        // The search's own end and our stop may cross: drain to a known state.
        b.ask("isready", "readyok");
    }
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{pairs} go/stop pairs: stop -> bestmove p50 {:?}, p99 {:?}, max {:?}",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    assert_eq!(latencies.len(), pairs);
    assert!(b.close(), "the engine exits cleanly");
}
