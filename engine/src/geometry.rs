//! Board geometries (8x8, 8 files x 9 ranks, 10x10), squares, and the attack tables
//! built once per geometry: leapers, pawn captures and sliding rays.

use std::sync::OnceLock;

use crate::bitboard::Bitboard;
use crate::piece::Color;

pub use crate::square::Square;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Geometry {
    Board8x8,
    Board8x9,
    Board10x10,
}

impl Geometry {
    pub const fn width(self) -> u8 {
        match self {
            Geometry::Board8x8 | Geometry::Board8x9 => 8,
            Geometry::Board10x10 => 10,
        }
    }
    pub const fn height(self) -> u8 {
        match self {
            Geometry::Board8x8 => 8,
            Geometry::Board8x9 => 9,
            Geometry::Board10x10 => 10,
        }
    }
    pub const fn squares(self) -> usize {
        self.width() as usize * self.height() as usize
    }
    /// The attack tables of this geometry, built on first use.
    pub fn tables(self) -> &'static Tables {
        static T8: OnceLock<Tables> = OnceLock::new();
        static T9: OnceLock<Tables> = OnceLock::new();
        static T10: OnceLock<Tables> = OnceLock::new();
        match self {
            Geometry::Board8x8 => T8.get_or_init(|| Tables::new(self)),
            Geometry::Board8x9 => T9.get_or_init(|| Tables::new(self)),
            Geometry::Board10x10 => T10.get_or_init(|| Tables::new(self)),
        }
    }
}

/// The eight line directions as (file step, rank step). The first four increase the
/// square index, the last four decrease it (this decides which end of a ray is nearest).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];
pub const ORTHOGONAL: [usize; 4] = [0, 1, 4, 5];
pub const DIAGONAL: [usize; 4] = [2, 3, 6, 7];

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

pub struct Tables {
    pub geometry: Geometry,
    pub width: u8,
    pub height: u8,
    /// Every square of the board.
    pub all: Bitboard,
    pub files: [Bitboard; 10],
    pub ranks: [Bitboard; 10],
    pub knight: [Bitboard; 128],
    /// One step in any of the eight directions.
    pub king: [Bitboard; 128],
    /// One orthogonal step.
    pub wazir: [Bitboard; 128],
    /// One diagonal step.
    pub ferz: [Bitboard; 128],
    /// The two-square orthogonal leap.
    pub dabbaba: [Bitboard; 128],
    /// The two-square diagonal leap.
    pub alfil: [Bitboard; 128],
    /// Squares a pawn of each color attacks from a square.
    pub pawn_attacks: [[Bitboard; 128]; 2],
    /// Rays from each square in each of the eight directions, the square excluded.
    pub rays: [[Bitboard; 128]; 8],
    /// 8x8 only: the file, diagonal and anti-diagonal through each square (the square
    /// itself left out), for the 64-bit slider attacks below.
    lines64: Vec<[u64; 3]>,
    /// Squares strictly between two squares on a common line, else empty.
    between: Vec<Bitboard>,
    /// Steps from the board's centre (0 on the central squares), for the evaluation.
    pub centre_distance: [u8; 128],
    /// The whole line through two aligned squares, else empty.
    line: Vec<Bitboard>,
}

impl Tables {
    #[allow(clippy::needless_range_loop)]
    fn new(geometry: Geometry) -> Tables {
        let w = geometry.width() as i8;
        let h = geometry.height() as i8;
        let n = geometry.squares();
        let sq_at = |f: i8, r: i8| -> Option<Square> {
            (f >= 0 && f < w && r >= 0 && r < h).then(|| Square((r * w + f) as u8))
        };
        let leaper = |steps: &[(i8, i8)]| {
            let mut t = [Bitboard::EMPTY; 128];
            for (s, slot) in t.iter_mut().enumerate().take(n) {
                let (f, r) = (s as i8 % w, s as i8 / w);
                for &(df, dr) in steps {
                    if let Some(to) = sq_at(f + df, r + dr) {
                        slot.set(to);
                    }
                }
            }
            t
        };
        let mut all = Bitboard::EMPTY;
        let mut files = [Bitboard::EMPTY; 10];
        let mut ranks = [Bitboard::EMPTY; 10];
        for s in 0..n {
            let sq = Square(s as u8);
            all.set(sq);
            files[s % w as usize].set(sq);
            ranks[s / w as usize].set(sq);
        }
        let mut rays = [[Bitboard::EMPTY; 128]; 8];
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            for s in 0..n {
                let (mut f, mut r) = (s as i8 % w, s as i8 / w);
                loop {
                    f += df;
                    r += dr;
                    match sq_at(f, r) {
                        Some(to) => rays[d][s].set(to),
                        None => break,
                    }
                }
            }
        }
        let mut between = vec![Bitboard::EMPTY; n * n];
        let mut line = vec![Bitboard::EMPTY; n * n];
        for a in 0..n {
            for d in 0..8 {
                for b in rays[d][a] {
                    let back = (d + 4) % 8;
                    between[a * n + b.idx()] = rays[d][a] & rays[back][b.idx()];
                    line[a * n + b.idx()] =
                        rays[d][a] | rays[back][a] | Bitboard::from_square(Square(a as u8));
                }
            }
        }
        let all_steps: Vec<(i8, i8)> = DIRECTIONS.to_vec();
        let lines64 = if geometry == Geometry::Board8x8 {
            (0..64)
                .map(|s| {
                    let low = |d: usize| rays[d][s].0 as u64;
                    [low(0) | low(4), low(2) | low(6), low(3) | low(7)]
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut centre_distance = [0u8; 128];
        for (s, d) in centre_distance.iter_mut().enumerate().take(n) {
            let (w, h) = (w as usize, h as i32);
            let f = (s % w) as i32 * 2 - (w as i32 - 1);
            let r = (s / w) as i32 * 2 - (h - 1);
            *d = ((f.abs().max(r.abs()) - 1) / 2) as u8;
        }
        Tables {
            geometry,
            centre_distance,
            width: w as u8,
            height: h as u8,
            all,
            files,
            ranks,
            knight: leaper(&KNIGHT_STEPS),
            king: leaper(&all_steps),
            wazir: leaper(&[(0, 1), (1, 0), (0, -1), (-1, 0)]),
            ferz: leaper(&[(1, 1), (-1, 1), (1, -1), (-1, -1)]),
            dabbaba: leaper(&[(0, 2), (2, 0), (0, -2), (-2, 0)]),
            alfil: leaper(&[(2, 2), (-2, 2), (2, -2), (-2, -2)]),
            pawn_attacks: [leaper(&[(1, 1), (-1, 1)]), leaper(&[(1, -1), (-1, -1)])],
            rays,
            lines64,
            between,
            line,
        }
    }

    #[inline]
    pub fn square(&self, file: u8, rank: u8) -> Square {
        Square(rank * self.width + file)
    }
    #[inline]
    pub fn file_of(&self, sq: Square) -> u8 {
        sq.0 % self.width
    }
    #[inline]
    pub fn rank_of(&self, sq: Square) -> u8 {
        sq.0 / self.width
    }
    /// The home rank of a color's pieces.
    #[inline]
    pub fn back_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.height - 1,
        }
    }
    /// The square a step away, if it is on the board.
    pub fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        let f = self.file_of(sq) as i8 + df;
        let r = self.rank_of(sq) as i8 + dr;
        (f >= 0 && f < self.width as i8 && r >= 0 && r < self.height as i8)
            .then(|| self.square(f as u8, r as u8))
    }
    /// The rank index seen from `color`'s side (0 is its first rank).
    #[inline]
    pub fn relative_rank(&self, color: Color, sq: Square) -> u8 {
        match color {
            Color::White => self.rank_of(sq),
            Color::Black => self.height - 1 - self.rank_of(sq),
        }
    }
    /// The last rank from `color`'s side, where its pawns promote.
    #[inline]
    pub fn promotion_rank(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.ranks[self.height as usize - 1],
            Color::Black => self.ranks[0],
        }
    }
    /// Pawn forward step in square-index units.
    #[inline]
    pub fn push(&self, color: Color, bb: Bitboard) -> Bitboard {
        match color {
            Color::White => bb.shl(self.width as u32) & self.all,
            Color::Black => bb.shr(self.width as u32),
        }
    }
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.idx() * self.geometry.squares() + b.idx()]
    }
    #[inline]
    pub fn line(&self, a: Square, b: Square) -> Bitboard {
        self.line[a.idx() * self.geometry.squares() + b.idx()]
    }
    /// Squares a slider reaches in direction `d` from `sq`, stopping at (and
    /// including) the first occupied square.
    #[inline]
    pub fn ray_attacks(&self, d: usize, sq: Square, occ: Bitboard) -> Bitboard {
        let ray = self.rays[d][sq.idx()];
        let blockers = ray & occ;
        if blockers.is_empty() {
            return ray;
        }
        let first = if d < 4 {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        ray ^ self.rays[d][first.idx()]
    }
    /// Squares a slider reaches along the four directions `dirs` from `sq`: a rook's or
    /// a bishop's moves on a board that is not 8x8.
    #[inline(always)]
    fn rays_attacks(&self, dirs: [usize; 4], sq: Square, occ: Bitboard) -> Bitboard {
        dirs.into_iter()
            .fold(Bitboard::EMPTY, |att, d| att | self.ray_attacks(d, sq, occ))
    }
    /// Slider attacks along one line of an 8x8 board (a file or a diagonal), by the
    /// subtraction trick on 64 bits: a line crosses each rank once, so reversing the
    /// byte order reverses the line, and `occ - 2 * slider` runs to the first blocker.
    #[inline(always)]
    fn line_attacks64(occ: u64, line: u64, sq: Square) -> u64 {
        let o = occ & line;
        let slider = 1u64 << sq.0;
        let forward = o.wrapping_sub(slider.wrapping_mul(2));
        let reverse = o
            .swap_bytes()
            .wrapping_sub(slider.swap_bytes().wrapping_mul(2))
            .swap_bytes();
        (forward ^ reverse) & line
    }
    #[inline]
    pub fn rook_attacks(&self, sq: Square, occ: Bitboard) -> Bitboard {
        if let Some(lines) = self.lines64.get(sq.idx()) {
            let file = Self::line_attacks64(occ.0 as u64, lines[0], sq);
            return Bitboard(file as u128)
                | self.ray_attacks(1, sq, occ)
                | self.ray_attacks(5, sq, occ);
        }
        self.rays_attacks([0, 1, 4, 5], sq, occ)
    }
    #[inline]
    pub fn bishop_attacks(&self, sq: Square, occ: Bitboard) -> Bitboard {
        if let Some(lines) = self.lines64.get(sq.idx()) {
            let o = occ.0 as u64;
            let att = Self::line_attacks64(o, lines[1], sq) | Self::line_attacks64(o, lines[2], sq);
            return Bitboard(att as u128);
        }
        self.rays_attacks([2, 3, 6, 7], sq, occ)
    }
    #[inline]
    pub fn queen_attacks(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.rook_attacks(sq, occ) | self.bishop_attacks(sq, occ)
    }

    /// Parses a square name such as `e4` or `j10`.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = f as u8 - b'a';
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = rest.parse().ok()?;
        if file >= self.width || rank == 0 || rank > self.height || rest.starts_with('0') {
            return None;
        }
        Some(self.square(file, rank - 1))
    }
    pub fn square_name(&self, sq: Square) -> String {
        format!(
            "{}{}",
            (b'a' + self.file_of(sq)) as char,
            self.rank_of(sq) + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_every_geometry() {
        for g in [Geometry::Board8x8, Geometry::Board8x9, Geometry::Board10x10] {
            let t = g.tables();
            for s in 0..g.squares() {
                let sq = Square(s as u8);
                assert_eq!(t.parse_square(&t.square_name(sq)), Some(sq));
            }
        }
        let t = Geometry::Board10x10.tables();
        assert_eq!(t.square_name(Square(99)), "j10");
        assert_eq!(Geometry::Board8x8.tables().parse_square("i1"), None);
        assert_eq!(Geometry::Board8x8.tables().parse_square("a9"), None);
        assert_eq!(
            Geometry::Board8x9.tables().parse_square("a9"),
            Some(Square(64))
        );
        assert_eq!(Geometry::Board8x8.tables().parse_square("a0"), None);
    }

    #[test]
    fn leapers_do_not_wrap_around_the_edges() {
        let t = Geometry::Board10x10.tables();
        let a1 = t.square(0, 0);
        assert_eq!(t.knight[a1.idx()].count(), 2);
        let j5 = t.square(9, 4);
        assert_eq!(t.knight[j5.idx()].count(), 4);
        assert_eq!(t.king[j5.idx()].count(), 5);
        let t9 = Geometry::Board8x9.tables();
        assert_eq!(t9.knight[t9.square(7, 8).idx()].count(), 2);
    }

    #[test]
    fn fast_8x8_sliders_agree_with_rays() {
        let t = Geometry::Board8x8.tables();
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = Bitboard((state & state.rotate_left(21)) as u128);
            for s in 0..64u8 {
                let sq = Square(s);
                let rays = |dirs: [usize; 4]| {
                    dirs.iter()
                        .fold(Bitboard::EMPTY, |acc, &d| acc | t.ray_attacks(d, sq, occ))
                };
                assert_eq!(t.rook_attacks(sq, occ), rays(ORTHOGONAL));
                assert_eq!(t.bishop_attacks(sq, occ), rays(DIAGONAL));
            }
        }
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let t = Geometry::Board8x8.tables();
        let d1 = t.square(3, 0);
        let d4 = t.square(3, 3);
        let occ = Bitboard::from_square(d4);
        let att = t.rook_attacks(d1, occ);
        assert!(att.has(d4));
        assert!(!att.has(t.square(3, 4)));
        assert_eq!(att.count(), 3 + 7);
        assert_eq!(t.between(d1, d4).count(), 2);
    }
}
