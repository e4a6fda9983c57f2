//! Cross-checks of the shortcuts against the slow, obvious ways, on random positions:
//! the relay closures of the attack test against each piece's own move reach, and
//! the skipped check tests against playing every form of every turn.

use std::collections::HashSet;

use super::field::{Army, Field, ALL_DIRECTIONS};
use super::pawns;
use super::turns::{generate_all_forms, generate_exact};
use crate::bitboard::Bitboard;
use crate::geometry::{DIAGONAL, ORTHOGONAL};
use crate::notation::format_move;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules;
use crate::variant::Variant;
// The generator only: this unit test sees a second copy of the engine crate through
// the test kit, so no engine type may cross from it.
use baton_testkit::Rng;

#[allow(clippy::needless_range_loop)]
/// A random position: both kings, some pieces, the variant's neutral pieces, random
/// en-passant squares and ko. `None` when the FEN reader refuses it.
fn random_position(rng: &mut Rng, variant: Variant) -> Option<Position> {
    let mut board = [['.'; 8]; 9];
    let free = |rng: &mut Rng, board: &[[char; 8]; 9], pawn: bool| loop {
        let (f, r) = (rng.below(8), rng.below(9));
        if board[r][f] == '.' && !(pawn && (r == 0 || r == 8)) {
            return (f, r);
        }
    };
    for c in ['K', 'k'] {
        let (f, r) = free(rng, &board, false);
        board[r][f] = c;
    }
    let pieces = rng.below(22);
    for _ in 0..pieces {
        let c = b"PPPPNBRQpppppnbrq"[rng.below(17)] as char;
        let (f, r) = free(rng, &board, c.eq_ignore_ascii_case(&'p'));
        board[r][f] = c;
    }
    let mut neutrals = "SSSSXX".to_string();
    if variant == Variant::StonesRelaysTunnel {
        neutrals += "GG";
    }
    // Sometimes fewer neutral pieces, so that relays and pieces meet in odd ways.
    let keep = if rng.below(4) == 0 {
        rng.below(neutrals.len() + 1)
    } else {
        neutrals.len()
    };
    for c in neutrals.chars().take(keep) {
        let (f, r) = free(rng, &board, false);
        board[r][f] = c;
    }
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    // En passant: squares behind a pawn of the side that just moved.
    let mut ep = String::new();
    if rng.below(3) == 0 {
        let (pawn, step): (char, i32) = if side == 'w' { ('p', 1) } else { ('P', -1) };
        'found: for r in 0..9i32 {
            for f in 0..8 {
                if board[r as usize][f] == pawn {
                    for k in 1..3 {
                        let rr = r + step * k;
                        if (0..9).contains(&rr) && board[rr as usize][f] == '.' {
                            ep += &format!("{}{}", (b'a' + f as u8) as char, rr + 1);
                        }
                    }
                    break 'found;
                }
            }
        }
    }
    let mut ranks = Vec::new();
    for r in (0..9).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..8 {
            if board[r][f] == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s.push(board[r][f]);
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    let ep = if ep.is_empty() { "-".to_string() } else { ep };
    let fen = format!("{} {side} - {ep} 0 1", ranks.join("/"));
    let mut pos = Position::from_fen(variant, &fen).ok()?;
    // Ko: some neutral piece may not step back to a neighbour.
    if rng.below(3) == 0 {
        if let Some(b) = pos.all_neutral().into_iter().next() {
            if let Some(a) = (pos.tables.wazir[b.idx()] & !pos.occupied())
                .into_iter()
                .next()
            {
                pos.set_ko(Some((a, b)));
            }
        }
    }
    Some(pos)
}

/// Positions from random games and random placements of both variants.
fn sample(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for variant in [Variant::StonesRelays, Variant::StonesRelaysTunnel] {
        for _ in 0..count {
            if let Some(p) = random_position(&mut rng, variant) {
                out.push(p);
            }
        }
        for _ in 0..count / 10 {
            let mut pos = Position::startpos(variant);
            for _ in 0..40 {
                let list = rules::legal_move_list(&pos);
                if list.is_empty() {
                    break;
                }
                pos = pos.play(list[rng.below(list.len())]);
                out.push(pos.clone());
            }
        }
    }
    out
}

/// Whether some piece of `army` captures on `target`, by each piece's own reach.
fn attacked_by_reach(pos: &Position, army: &Army, target: crate::geometry::Square) -> bool {
    let t = pos.tables;
    let field = Field::of(pos);
    let start = pawns::start_rank(&field, army.color);
    for role in Role::ALL {
        for from in pos.pieces(army.color, role) {
            let mut f = field;
            f.occ.clear(from);
            let hit = match role {
                Role::Pawn => pawns::reach(&f, army.color, from, start.has(from)).diagonal,
                Role::Knight => f.leaper_reach(from, &t.knight),
                Role::King => f.leaper_reach(from, &t.king),
                Role::Bishop => f.slider_reach(from, &DIAGONAL),
                Role::Rook => f.slider_reach(from, &ORTHOGONAL),
                Role::Queen => f.slider_reach(from, &ALL_DIRECTIONS),
                _ => Bitboard::EMPTY,
            };
            if hit.has(target) {
                return true;
            }
        }
    }
    false
}

#[test]
fn attack_test_agrees_with_each_pieces_reach() {
    let mut checked = 0;
    for pos in sample(0x5eed_0001, 400) {
        let field = Field::of(&pos);
        for color in Color::BOTH {
            let army = Army::of(&pos, color);
            for target in pos.tables.all & !pos.color_bb(color) & !pos.all_neutral() {
                assert_eq!(
                    field.attacked(target, &army),
                    attacked_by_reach(&pos, &army, target),
                    "{color:?} attacks {} in {}",
                    pos.tables.square_name(target),
                    pos.fen()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000);
}

#[test]
fn skipped_check_tests_agree_with_playing_every_form() {
    let mut forms = 0;
    for pos in sample(0x5eed_0002, 150) {
        let us = pos.side;
        let legal: Vec<String> = rules::legal_move_list(&pos)
            .iter()
            .map(|&m| format_move(&pos, m))
            .collect();
        let unique: HashSet<&String> = legal.iter().collect();
        assert_eq!(
            unique.len(),
            legal.len(),
            "duplicate turns in {}",
            pos.fen()
        );
        let mut all = rules::move_list(pos.variant());
        generate_all_forms(&pos, &mut all);
        forms += all.len();
        let mut expected: Vec<String> = Vec::new();
        for &m in &all {
            let next = pos.play(m);
            assert_eq!(next.hash(), next.compute_hash(), "hash after {m:?}");
            if !rules::in_check(&next, us) {
                expected.push(format_move(&pos, m));
            }
        }
        let mut legal = legal;
        legal.sort();
        expected.sort();
        assert_eq!(legal, expected, "legal turns of {}", pos.fen());
    }
    assert!(forms > 10_000);
}

/// Every position two turns from either start (about 460,000): a minute in release.
#[test]
#[ignore]
fn shortcuts_agree_with_full_tests_two_plies_from_the_start() {
    for variant in [Variant::StonesRelays, Variant::StonesRelaysTunnel] {
        let start = Position::startpos(variant);
        for &m in &rules::legal_move_list(&start) {
            let p = start.play(m);
            for &m2 in &rules::legal_move_list(&p) {
                let q = p.play(m2);
                let mut fast = rules::move_list(variant);
                let mut exact = rules::move_list(variant);
                rules::legal_moves(&q, &mut fast);
                generate_exact(&q, &mut exact);
                if fast.len() != exact.len() {
                    let a: HashSet<String> = fast.iter().map(|&x| format_move(&q, x)).collect();
                    let b: HashSet<String> = exact.iter().map(|&x| format_move(&q, x)).collect();
                    panic!(
                        "{}: fast only {:?}, exact only {:?}",
                        q.fen(),
                        a.difference(&b).collect::<Vec<_>>(),
                        b.difference(&a).collect::<Vec<_>>()
                    );
                }
            }
        }
    }
}

/// `neutral_checks` skips the full attack test where a step cannot matter (`Watch`);
/// it must name exactly the steps that, played alone, attack the enemy king. And the
/// turns `generate_with_neutral` makes from them are exactly the legal turns ending
/// with one of them.
#[test]
fn neutral_checks_are_the_steps_that_check_alone() {
    let (mut found, mut positions) = (0, 0);
    for pos in sample(0x5eed_0003, 300) {
        let us = pos.side;
        let Some(king) = pos.royals(us.other()).single() else {
            continue;
        };
        let field = Field::of(&pos);
        let army = Army::of(&pos, us);
        if field.attacked(king, &army) {
            continue;
        }
        positions += 1;
        let checks = super::neutral_checks(&pos);
        for mover in super::neutral::movers(&pos) {
            for b in mover.targets & !field.occ {
                let exact = field
                    .after_neutral(mover.kind, mover.from, b)
                    .attacked(king, &army);
                assert_eq!(
                    checks.has(mover.from, b),
                    exact,
                    "{} to {} in {}",
                    pos.tables.square_name(mover.from),
                    pos.tables.square_name(b),
                    pos.fen()
                );
                found += usize::from(exact);
            }
        }
        let mut with = rules::move_list(pos.variant());
        super::generate_with_neutral(&pos, &checks, &mut with);
        let mut got: Vec<String> = with.iter().map(|&m| format_move(&pos, m)).collect();
        let mut want: Vec<String> = rules::legal_move_list(&pos)
            .iter()
            .filter(|m| m.extra.is_some_and(|(a, b)| checks.has(a, b)))
            .map(|&m| format_move(&pos, m))
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "turns with a checking step in {}", pos.fen());
    }
    // 2,743 positions and 295 checking steps when written.
    assert!(positions > 2000, "{positions} positions");
    assert!(found > 200, "only {found} checking steps");
}
