//! Fuzzing the readers of untrusted text: FEN and move text. Seeded mutations (byte
//! flips, cuts, repeats, insertions from FEN's and moves' alphabet, splices) of the
//! corpus in `tests/data/fuzz/`; the readers must refuse with a reason or accept
//! something consistent, never panic:
//! - an accepted FEN writes a FEN that reads back to the same position, and its moves
//!   (two plies of them) can be generated and played;
//! - an accepted move text is the formatter's own text for that move.
//!
//! FUZZ_ITERS sets the number of mutated inputs per reader (5,000 by default, a few
//! seconds); FUZZ_SEED another seed. A failing input is printed whole.

use baton_engine::perft::perft;
use baton_engine::rules::legal_move_list;
use baton_engine::{format_move, parse_move, Position, Variant};
use baton_testkit::Rng;

const FENS: &str = include_str!("data/fuzz/fen.txt");
const MOVES: &str = include_str!("data/fuzz/moves.txt");
const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzKQRBNPkqrbnpMmEeDdXxSG/()+-, \t";

fn lines(corpus: &str) -> Vec<&str> {
    corpus
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect()
}

fn iterations() -> usize {
    std::env::var("FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000)
}

fn rng() -> Rng {
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x00f0_22ed_2026_u64);
    Rng::new(seed)
}

/// One to three mutations of `text`, or a splice with `other`.
fn mutate(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(b.len() + 1);
        match rng.below(7) {
            0 if at < b.len() => b[at] ^= 1 << rng.below(8),
            1 if at < b.len() => {
                let end = (at + 1 + rng.below(4)).min(b.len());
                b.drain(at..end);
            }
            2 => b.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            3 => b.truncate(at),
            4 if at < b.len() => {
                let end = (at + 1 + rng.below(6)).min(b.len());
                let piece: Vec<u8> = b[at..end].to_vec();
                b.splice(at..at, piece);
            }
            5 => {
                let o = other.as_bytes();
                let from = rng.below(o.len() + 1);
                b.truncate(at);
                b.extend_from_slice(&o[from..]);
            }
            _ if at < b.len() => b[at] = ALPHABET[rng.below(ALPHABET.len())],
            _ => b.push(ALPHABET[rng.below(ALPHABET.len())]),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Whether `fen` was accepted (and then read consistently).
fn check_fen(variant: Variant, fen: &str) -> bool {
    let result = std::panic::catch_unwind(|| {
        let Ok(pos) = Position::from_fen(variant, fen) else {
            return false;
        };
        let written = pos.fen();
        let again = Position::from_fen(variant, &written)
            .unwrap_or_else(|e| panic!("wrote {written}, which reads as {e}"));
        assert_eq!(again.fen(), written, "the written FEN reads back changed");
        assert_eq!(again.hash(), pos.hash(), "hash after the round trip");
        let _ = perft(&pos, 2);
        true
    });
    result.unwrap_or_else(|e| panic!("{variant} FEN {fen:?}: {e:?}"))
}

#[test]
fn fen_reader_refuses_or_reads_consistently() {
    let seeds: Vec<(Variant, &str)> = lines(FENS)
        .into_iter()
        .map(|l| {
            let (name, fen) = l.split_once(' ').expect("variant then FEN");
            (Variant::from_name(name).expect("known variant"), fen)
        })
        .collect();
    for &(v, fen) in &seeds {
        assert!(Position::from_fen(v, fen).is_ok(), "seed {v} {fen}");
    }
    let mut rng = rng();
    let mut accepted = 0;
    for _ in 0..iterations() {
        let (v, fen) = seeds[rng.below(seeds.len())];
        let (_, other) = seeds[rng.below(seeds.len())];
        let text = mutate(&mut rng, fen, other);
        // Read in its own variant and, now and then, in another.
        accepted += usize::from(check_fen(v, &text));
        if rng.below(8) == 0 {
            check_fen(Variant::ALL[rng.below(Variant::ALL.len())], &text);
        }
    }
    // The mutations must reach the accepting paths too, not only the refusals.
    assert!(accepted * 50 > iterations(), "{accepted} accepted");
}

#[test]
fn move_reader_refuses_or_names_the_move_it_read() {
    let positions: Vec<Position> = lines(FENS)
        .into_iter()
        .map(|l| {
            let (name, fen) = l.split_once(' ').expect("variant then FEN");
            Position::from_fen(Variant::from_name(name).expect("variant"), fen).expect("seed")
        })
        .collect();
    // Seeds: the corpus and every legal move of the seed positions.
    let mut seeds: Vec<String> = lines(MOVES).into_iter().map(String::from).collect();
    for p in &positions {
        seeds.extend(legal_move_list(p).iter().map(|&m| format_move(p, m)));
    }
    let mut rng = rng();
    let mut accepted = 0;
    for _ in 0..iterations() {
        let pos = &positions[rng.below(positions.len())];
        let (a, b) = (rng.below(seeds.len()), rng.below(seeds.len()));
        let text = mutate(&mut rng, &seeds[a], &seeds[b]);
        let read = std::panic::catch_unwind(|| parse_move(pos, &text));
        match read {
            Err(e) => panic!("{} move {text:?}: {e:?}", pos.fen()),
            Ok(Ok(m)) => {
                assert_eq!(format_move(pos, m), text.trim(), "{}", pos.fen());
                accepted += 1;
            }
            Ok(Err(_)) => {}
        }
    }
    assert!(accepted > 0, "no mutated move was legal anywhere");
}

/// Walks `plies` random plies from the first `openings` positions of every variant's
/// suite, calling `visit` with each position that has moves and its legal moves.
fn walk_suites(
    openings: usize,
    plies: usize,
    rng: &mut Rng,
    mut visit: impl FnMut(Variant, &Position, &[baton_engine::Move], &mut Rng),
) {
    for v in Variant::ALL {
        for line in lines(baton_engine::Profile::of(v).openings.0)
            .into_iter()
            .take(openings)
        {
            let fen = line.split(';').next().unwrap_or("").trim();
            let mut pos = Position::from_fen(v, fen).expect("suite FEN");
            for _ in 0..plies {
                let list = legal_move_list(&pos);
                if list.is_empty() {
                    break;
                }
                visit(v, &pos, &list, rng);
                pos = pos.play(list[rng.below(list.len())]);
            }
        }
    }
}

/// The other direction: every legal move's text reads back to that move (the reader
/// looks only at the moves from the text's first square, so that square must be the
/// move's own `from` in every variant's notation). Random games in every variant from
/// its opening suite, a sample of the moves at every ply.
#[test]
fn every_legal_moves_text_reads_back_to_it() {
    walk_suites(4, 12, &mut rng(), |v, pos, list, rng| {
        for _ in 0..40 {
            let m = list[rng.below(list.len())];
            let text = format_move(pos, m);
            assert_eq!(
                parse_move(pos, &text),
                Ok(m),
                "{v:?} {text} in {}",
                pos.fen()
            );
        }
    });
}

/// The moves from one square, as the move reader generates them, are exactly the legal
/// moves that start there, in every variant (stonesrelays generates them on their own).
#[test]
fn the_moves_from_a_square_are_the_legal_moves_from_it() {
    use baton_engine::rules::legal_moves_from;
    walk_suites(6, 8, &mut rng(), |v, pos, all, _| {
        let mut froms: Vec<_> = all.iter().map(|m| m.from).collect();
        froms.sort_by_key(|sq| sq.0);
        froms.dedup();
        for sq in froms {
            let texts = |moves: &mut dyn Iterator<Item = &baton_engine::Move>| {
                let mut t: Vec<String> = moves.map(|m| format_move(pos, *m)).collect();
                t.sort();
                t
            };
            let want = texts(&mut all.iter().filter(|m| m.from == sq));
            let got = texts(&mut legal_moves_from(pos, sq).iter());
            assert_eq!(got, want, "{v:?} from {sq:?} in {}", pos.fen());
        }
    });
}
