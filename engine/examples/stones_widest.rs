//! Searches for Stones & Relays positions with as many legal turns as possible, to
//! size the move list (`Rules::MAX_MOVES` of Stones & Relays). Hill-climbing with a little noise over
//! positions the FEN reader accepts (a starting army with promotions per side, the
//! variant's neutral pieces), White to move.
//!
//! `cargo run --release -p baton-engine --example stones_widest -- [plain|tunnel]
//! [seed] [iterations] [start FEN]`; prints each new best count and its FEN.

use baton_engine::rules::stones::count;
use baton_engine::{Position, Variant};
use baton_testkit::Rng;

type Board = [char; 72];

fn fen(b: &Board) -> String {
    let ranks: Vec<String> = (0..9)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in &b[r * 8..r * 8 + 8] {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s.push(c);
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

fn board_of(p: &Position) -> Board {
    let mut b = ['.'; 72];
    let text = p.fen();
    let placement = text.split(' ').next().unwrap_or("");
    for (i, rank) in placement.split('/').enumerate() {
        let mut f = 0;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(d) => f += d as usize,
                None => {
                    b[(8 - i) * 8 + f] = c;
                    f += 1;
                }
            }
        }
    }
    b
}

fn score(v: Variant, b: &Board) -> Option<usize> {
    Position::from_fen(v, &fen(b)).ok().map(|p| count(&p))
}

fn random_board(v: Variant, rng: &mut Rng) -> Board {
    let mut pieces: Vec<char> = "KQQQQQQQQQRRBBNNkSSSSXX".chars().collect();
    if v == Variant::StonesRelaysTunnel {
        pieces.extend(['G', 'G']);
    }
    loop {
        let mut b = ['.'; 72];
        for &c in &pieces {
            loop {
                let s = rng.below(72);
                if b[s] == '.' {
                    b[s] = c;
                    break;
                }
            }
        }
        if score(v, &b).is_some() {
            return b;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = if args.get(1).map(String::as_str) == Some("tunnel") {
        Variant::StonesRelaysTunnel
    } else {
        Variant::StonesRelays
    };
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(7);
    let iterations: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let start = args
        .get(4)
        .map(|f| board_of(&Position::from_fen(v, f).expect("a valid start FEN")));
    let mut rng = Rng::new(seed);
    let mut best = 0;
    for _restart in 0..8 {
        let mut b = start.unwrap_or_else(|| random_board(v, &mut rng));
        let mut cur = score(v, &b).unwrap_or(0);
        for i in 0..iterations {
            let mut nb = b;
            if rng.below(3) < 2 {
                // Move anything to an empty square.
                let from = loop {
                    let s = rng.below(72);
                    if nb[s] != '.' {
                        break s;
                    }
                };
                let to = loop {
                    let s = rng.below(72);
                    if nb[s] == '.' {
                        break s;
                    }
                };
                nb[to] = nb[from];
                nb[from] = '.';
            } else {
                // Change what a white piece is (the FEN reader keeps it plausible).
                let s = rng.below(72);
                let c = b"QRBNP"[rng.below(5)] as char;
                if !"QRBNP".contains(nb[s]) || (c == 'P' && !(8..64).contains(&s)) {
                    continue;
                }
                nb[s] = c;
            }
            let Some(sc) = score(v, &nb) else {
                continue;
            };
            let noise = if start.is_some() { 3.0 } else { 30.0 };
            let temperature = 1.0 - i as f64 / iterations as f64;
            if sc >= cur || (rng.below(1000) as f64) < noise * temperature {
                b = nb;
                cur = sc;
            }
            if cur > best {
                best = cur;
                println!("{cur} {}", fen(&b));
            }
        }
    }
}
