//! An independent, deliberately naive reading of the combiningknightmare rules
//! (docs/rules.md), written square by square without the engine's bitboards or its
//! orthodox code, used as an oracle: its move lists and perft counts must agree with
//! the engine's on positions full of Knightmares.

use baton_engine::perft::perft;
use baton_engine::rules::legal_move_list;
use baton_engine::{Color, Position, Role, Square, Variant};
use baton_testkit::{knight_leaps, moves, Rng};

type Cell = [Option<Role>; 2];

#[derive(Clone)]
struct Naive {
    board: [Cell; 64],
    side: usize,
    /// White kingside, white queenside, black kingside, black queenside.
    castle: [bool; 4],
    ep: Option<i32>,
    frozen: Option<i32>,
}

#[derive(Clone, Copy, PartialEq)]
struct M {
    from: i32,
    to: i32,
    promo: Option<Role>,
    castle: bool,
    ep: bool,
}

const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn at(f: i32, r: i32) -> Option<i32> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some(r * 8 + f)
}

fn regular(r: Role) -> bool {
    matches!(r, Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
}

impl Naive {
    fn from(pos: &Position) -> Naive {
        let mut board = [[None, None]; 64];
        for (i, cell) in board.iter_mut().enumerate() {
            for c in Color::BOTH {
                cell[c.idx()] = pos.role_at(c, Square(i as u8));
            }
        }
        let mut castle = [false; 4];
        for (i, bit) in [1, 2, 4, 8].into_iter().enumerate() {
            castle[i] = pos.castling() & bit != 0;
        }
        Naive {
            board,
            side: pos.side().idx(),
            castle,
            ep: pos.ep().into_iter().next().map(|s| s.0 as i32),
            frozen: pos.frozen().map(|s| s.0 as i32),
        }
    }
    fn empty(&self, s: i32) -> bool {
        self.board[s as usize] == [None, None]
    }
    fn shared(&self, s: i32) -> bool {
        let c = self.board[s as usize];
        c[0].is_some() && c[1].is_some()
    }

    /// Squares a piece of `role` standing on `s` attacks (pawns of color `c`).
    fn attacks(&self, s: i32, role: Role, c: usize) -> Vec<i32> {
        let (f, r) = (s % 8, s / 8);
        let mut out = vec![];
        let leaps = |d: &[(i32, i32)], out: &mut Vec<i32>| {
            for &(df, dr) in d {
                if let Some(t) = at(f + df, r + dr) {
                    out.push(t);
                }
            }
        };
        let slide = |d: &[(i32, i32)], out: &mut Vec<i32>| {
            for &(df, dr) in d {
                let (mut ff, mut rr) = (f + df, r + dr);
                while let Some(t) = at(ff, rr) {
                    out.push(t);
                    if !self.empty(t) {
                        break;
                    }
                    ff += df;
                    rr += dr;
                }
            }
        };
        match role {
            Role::Knight => leaps(&knight_leaps(), &mut out),
            Role::King => leaps(&KING, &mut out),
            Role::Bishop => slide(&DIAG, &mut out),
            Role::Rook => slide(&ORTH, &mut out),
            Role::Queen => {
                slide(&DIAG, &mut out);
                slide(&ORTH, &mut out)
            }
            Role::Pawn => {
                let dr = if c == 0 { 1 } else { -1 };
                leaps(&[(1, dr), (-1, dr)], &mut out)
            }
            _ => {}
        }
        out
    }

    fn attacked(&self, s: i32, by: usize) -> bool {
        (0..64).any(|a| match self.board[a as usize][by] {
            Some(role) => self.attacks(a, role, by).contains(&s),
            None => false,
        })
    }

    fn king(&self, c: usize) -> i32 {
        (0..64)
            .find(|&s| self.board[s as usize][c] == Some(Role::King))
            .expect("a king")
    }

    fn pseudo(&self) -> Vec<M> {
        let us = self.side;
        let them = 1 - us;
        let mut out = vec![];
        let plain = |from, to| M {
            from,
            to,
            promo: None,
            castle: false,
            ep: false,
        };
        for from in 0..64 {
            let Some(role) = self.board[from as usize][us] else {
                continue;
            };
            if self.frozen == Some(from) {
                continue;
            }
            // Where a piece may arrive: empty, any Knightmare, an enemy piece that is
            // not the king.
            let can_land = |to: i32| {
                let cell = self.board[to as usize];
                self.empty(to)
                    || self.shared(to)
                    || (cell[us].is_none() && cell[them] != Some(Role::King))
            };
            if role == Role::Pawn {
                let dr = if us == 0 { 1 } else { -1 };
                let (f, r) = (from % 8, from / 8);
                let last = if us == 0 { 7 } else { 0 };
                let push = |to: i32, out: &mut Vec<M>| {
                    if to / 8 == last {
                        for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                            out.push(M {
                                promo: Some(p),
                                ..plain(from, to)
                            });
                        }
                    } else {
                        out.push(plain(from, to));
                    }
                };
                if let Some(one) = at(f, r + dr).filter(|&t| self.empty(t)) {
                    push(one, &mut out);
                    let start = if us == 0 { 1 } else { 6 };
                    if r == start {
                        if let Some(two) = at(f, r + 2 * dr).filter(|&t| self.empty(t)) {
                            out.push(plain(from, two));
                        }
                    }
                }
                for t in self.attacks(from, Role::Pawn, us) {
                    if self.board[t as usize][them].is_some() && can_land(t) {
                        push(t, &mut out);
                    } else if self.ep == Some(t) {
                        out.push(M {
                            ep: true,
                            ..plain(from, t)
                        });
                    }
                }
                continue;
            }
            for t in self.attacks(from, role, us) {
                if can_land(t) {
                    out.push(plain(from, t));
                }
            }
        }
        // Castling: king and a lone rook at home, empty between, king not in check
        // and not crossing or reaching an attacked square.
        let rank = if us == 0 { 0 } else { 56 };
        for (i, rook_file, dest_file) in [(0, 7, 6), (1, 0, 2)] {
            if !self.castle[2 * us + i] || self.attacked(rank + 4, them) {
                continue;
            }
            let (lo, hi) = (rook_file.min(4) + 1, rook_file.max(4));
            if (lo..hi).any(|f| !self.empty(rank + f)) {
                continue;
            }
            let (a, b) = (dest_file.min(4), dest_file.max(4));
            if (a..=b).any(|f| f != 4 && self.attacked(rank + f, them)) {
                continue;
            }
            out.push(M {
                castle: true,
                ..plain(rank + 4, rank + dest_file)
            });
        }
        out
    }

    fn make(&self, m: M) -> Naive {
        let mut n = self.clone();
        let us = self.side;
        let them = 1 - us;
        let (from, to) = (m.from as usize, m.to as usize);
        let mover = self.board[from];
        let knightmare = self.shared(m.from);
        let role = mover[us].expect("mover");
        let mut formed = false;
        if m.ep {
            let victim = if us == 0 { to - 8 } else { to + 8 };
            n.board[victim] = [None, None];
        } else if m.castle {
            let rank = from - 4;
            let (rf, rt) = if to > from {
                (rank + 7, rank + 5)
            } else {
                (rank, rank + 3)
            };
            n.board[rt] = n.board[rf];
            n.board[rf] = [None, None];
        }
        let target = self.board[to];
        if knightmare {
            n.board[to] = mover;
        } else {
            formed = regular(role) && !self.shared(m.to) && target[them].is_some_and(regular);
            n.board[to] = [None, None];
            n.board[to][us] = Some(m.promo.unwrap_or(role));
            if formed {
                n.board[to][them] = target[them];
            }
        }
        n.board[from] = [None, None];
        // Rights die with any move from or to a king or rook home square.
        for (i, sq) in [(0, 7), (1, 0), (2, 63), (3, 56)] {
            let king = if i < 2 { 4 } else { 60 };
            if [sq, king].contains(&from) || [sq, king].contains(&to) {
                n.castle[i] = false;
            }
        }
        n.ep = (role == Role::Pawn && from.abs_diff(to) == 16).then_some(((from + to) / 2) as i32);
        n.frozen = (knightmare || formed).then_some(m.to);
        n.side = them;
        n
    }

    fn legal(&self) -> Vec<M> {
        let us = self.side;
        self.pseudo()
            .into_iter()
            .filter(|&m| {
                let n = self.make(m);
                !n.attacked(n.king(us), 1 - us)
            })
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth <= 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.make(m).perft(depth - 1)).sum()
    }

    fn text(m: M) -> String {
        let name = |s: i32| format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1);
        let mut s = name(m.from) + &name(m.to);
        if let Some(p) = m.promo {
            s.push(match p {
                Role::Queen => 'q',
                Role::Rook => 'r',
                Role::Bishop => 'b',
                _ => 'n',
            });
        }
        s
    }
}

/// Positions with several Knightmares, frozen ones, pins through Knightmares,
/// castling rights, en passant and promotions.
const POSITIONS: [&str; 6] = [
    "r1b1k2r/ppp2ppp/2(Nq)1(Bn)3/3p4/1b1P4/2(Rb)1P3/PP3PPP/R3K1NR w KQkq - 0 10 c3",
    "r3k2r/pp3ppp/2(Qn)5/3(Bb)4/5(Rr)2/2N5/PP3PPP/R3K2R b KQkq - 3 12 f4",
    "4k3/1P4P1/3(Br)4/8/2(Bq)5/8/1p4p1/4K3 w - - 0 40 -",
    "rn2k2r/pppq1ppp/4(Bb)3/3pP3/1(Qn)6/2N5/PPP2PPP/R3K2R w KQkq d6 0 9 -",
    "4k3/8/8/1(Rq)6/8/3K4/8/8 w - - 0 1 -",
    "3r2k1/2(Nb)2ppp/8/8/8/2(Bn)5/3R1PPP/3(Rq)1BK1 b - - 1 30 -",
];

/// Walks the tree to `depth`, comparing the two move lists at every node.
fn compare_lists(pos: &Position, depth: u32) {
    let naive = Naive::from(pos);
    let mut theirs: Vec<String> = naive.legal().into_iter().map(Naive::text).collect();
    theirs.sort();
    assert_eq!(moves(pos), theirs, "moves of {}", pos.fen());
    if depth > 1 {
        for m in legal_move_list(pos) {
            compare_lists(&pos.play(m), depth - 1);
        }
    }
}

#[test]
fn move_lists_agree_with_a_naive_reading_of_the_rules() {
    for fen in POSITIONS {
        let pos = Position::from_fen(Variant::CombiningKnightmare, fen).expect("valid FEN");
        compare_lists(&pos, 3);
    }
}

#[test]
fn perft_agrees_with_a_naive_reading_from_the_start() {
    let pos = Position::startpos(Variant::CombiningKnightmare);
    assert_eq!(perft(&pos, 4), Naive::from(&pos).perft(4));
}

#[test]
fn perft_of_positions_with_several_knightmares() {
    for fen in POSITIONS {
        let pos = Position::from_fen(Variant::CombiningKnightmare, fen).expect("valid FEN");
        let naive = Naive::from(&pos);
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth),
                naive.perft(depth),
                "perft {depth} of {fen}"
            );
        }
    }
}

/// Random games, long enough to reach pins through Knightmares, kings walking next to
/// them and late fusions: the move lists agree at every ply.
#[test]
fn random_games_agree_with_the_naive_reading() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let start = Position::startpos(Variant::CombiningKnightmare).fen();
    for game in 0..60 {
        let fen = if game % 2 == 0 {
            start.as_str()
        } else {
            POSITIONS[game / 2 % POSITIONS.len()]
        };
        let mut pos = Position::from_fen(Variant::CombiningKnightmare, fen).expect("valid FEN");
        for _ in 0..120 {
            compare_lists(&pos, 1);
            let moves = legal_move_list(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
}
