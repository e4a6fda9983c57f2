//! Zobrist keys: one random number per feature of a position, xored together.

use std::sync::OnceLock;

use crate::piece::NROLES;

pub struct Keys {
    pub piece: [[[u64; 128]; NROLES]; 2],
    pub neutral: [[u64; 128]; 3],
    /// flipshatranj: the piece on this square is in capture state.
    pub capture_state: [u64; 128],
    pub black_to_move: u64,
    pub castling: [u64; 16],
    pub en_passant: [u64; 128],
    /// stonesrelays' ko: the opponent's last neutral move.
    pub ko_from: [u64; 128],
    pub ko_to: [u64; 128],
    /// combiningknightmare: the Knightmare that may not move this ply.
    pub frozen: [u64; 128],
}

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Box<Keys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        // A fixed seed keeps hashes (and so bench node counts) the same on every run.
        let mut rng = crate::rng::Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move || rng.next_u64();
        let mut table = |n: usize| (0..n).map(|_| next()).collect::<Vec<u64>>();
        let sq = |v: Vec<u64>| -> [u64; 128] { v.try_into().expect("128 keys") };
        let mut piece = [[[0; 128]; NROLES]; 2];
        for color in piece.iter_mut() {
            for role in color.iter_mut() {
                *role = sq(table(128));
            }
        }
        let neutral = [sq(table(128)), sq(table(128)), sq(table(128))];
        Box::new(Keys {
            piece,
            neutral,
            capture_state: sq(table(128)),
            black_to_move: table(1)[0],
            castling: table(16).try_into().expect("16 keys"),
            en_passant: sq(table(128)),
            ko_from: sq(table(128)),
            ko_to: sq(table(128)),
            frozen: sq(table(128)),
        })
    })
}
