//! Training data: positions from self-play with their search score and the game's
//! result, in a compact versioned binary form (bytes in, bytes out; the files are
//! `baton datagen`'s). docs/datagen.md describes the encoding byte by byte.
//!
//! A file is a `Header`, exactly `header.samples` records (`Sample`) and an 8-byte
//! checksum of everything before it (`checksum`), which `Reader::new` checks first:
//! a file cut short or with a changed byte is refused before any sample is read. Every
//! position read back is checked as the FEN reader checks one (the same validation,
//! the variant's own rules for en passant and the 7th field), so a corrupt file gives
//! a `DataError`, never a position the rules would refuse.

use crate::bitboard::Bitboard;
use crate::fen::{castling_that_holds, validate, MOST_MOVES};
use crate::piece::{Color, Neutral, Role, NROLES};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

/// The first bytes of every data file.
pub const MAGIC: [u8; 4] = *b"BTND";
/// The encoding's version; a reader refuses any other.
pub const VERSION: u16 = 1;

/// The game's result from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    Loss,
    Draw,
    Win,
}

impl Wdl {
    /// The other side's view of the same result.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The result as a training target: 0, 0.5 or 1.
    pub fn value(self) -> f32 {
        match self {
            Wdl::Loss => 0.0,
            Wdl::Draw => 0.5,
            Wdl::Win => 1.0,
        }
    }

    fn code(self) -> u8 {
        match self {
            Wdl::Loss => 0,
            Wdl::Draw => 1,
            Wdl::Win => 2,
        }
    }

    fn from_code(code: u8) -> Option<Wdl> {
        match code {
            0 => Some(Wdl::Loss),
            1 => Some(Wdl::Draw),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }
}

/// The largest score a sample holds: mates are clamped to it.
pub const SCORE_LIMIT: i16 = 32000;

/// One position with its search score and its game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    /// Centipawns from the side to move's view (mates clamped to +/-`SCORE_LIMIT`).
    pub score: i16,
    pub result: Wdl,
}

/// What a file says of all its samples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: Variant,
    /// The search's node limit per move.
    pub nodes: u32,
    /// The seed of the file's first game (the games of a file have consecutive seeds).
    pub seed: u64,
    /// How many games the file's samples come from.
    pub games: u32,
    /// How many samples follow the header.
    pub samples: u32,
}

/// Why bytes could not be read as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    BadMagic,
    Version(u16),
    UnknownVariant(String),
    /// The bytes end inside the header or inside the record starting at `offset`.
    Truncated {
        offset: usize,
    },
    /// The record at `offset` is not a position of the variant.
    Corrupt {
        offset: usize,
        why: String,
    },
    /// Bytes remain after the header's count of samples.
    Trailing {
        offset: usize,
    },
    /// The file's checksum does not match its bytes: cut short or changed.
    Checksum,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::BadMagic => write!(f, "not a Baton data file (bad magic)"),
            DataError::Version(v) => write!(
                f,
                "data format version {v}, this Baton reads version {VERSION}"
            ),
            DataError::UnknownVariant(name) => write!(f, "unknown variant '{name}' in header"),
            DataError::Truncated { offset } => {
                write!(f, "truncated record at offset {offset}")
            }
            DataError::Corrupt { offset, why } => {
                write!(f, "corrupt record at offset {offset}: {why}")
            }
            DataError::Trailing { offset } => {
                write!(f, "bytes after the last record, at offset {offset}")
            }
            DataError::Checksum => write!(f, "checksum mismatch: the file is truncated or corrupt"),
        }
    }
}

impl std::error::Error for DataError {}

/// Reads little-endian fields from a byte slice; every read that runs past the end
/// is `None`, which the caller turns into `Truncated`.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let s = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(s)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|s| s[0])
    }
    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N).and_then(|s| s.try_into().ok())
    }
    /// An unsigned LEB128 number of at most five bytes.
    fn varint(&mut self) -> Option<Result<u32, String>> {
        let mut value: u64 = 0;
        for i in 0..5 {
            let b = self.u8()?;
            value |= u64::from(b & 0x7F) << (7 * i);
            if b & 0x80 == 0 {
                return Some(u32::try_from(value).map_err(|_| "number too large".to_string()));
            }
        }
        Some(Err("number longer than five bytes".to_string()))
    }
}

fn put_varint(out: &mut Vec<u8>, mut n: u32) {
    loop {
        let b = (n & 0x7F) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

impl Header {
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        let name = self.variant.name().as_bytes();
        out.push(name.len() as u8);
        out.extend_from_slice(name);
        out.extend_from_slice(&self.nodes.to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&self.samples.to_le_bytes());
    }

    /// The header at the start of `bytes` and its length.
    pub fn decode(bytes: &[u8]) -> Result<(Header, usize), DataError> {
        let mut c = Cursor { bytes, at: 0 };
        let truncated = DataError::Truncated { offset: 0 };
        let magic: [u8; 4] = c.array().ok_or(DataError::BadMagic)?;
        if magic != MAGIC {
            return Err(DataError::BadMagic);
        }
        let version = u16::from_le_bytes(c.array().ok_or(truncated.clone())?);
        if version != VERSION {
            return Err(DataError::Version(version));
        }
        let len = c.u8().ok_or(truncated.clone())?;
        let name = c.take(len as usize).ok_or(truncated.clone())?;
        let name = String::from_utf8_lossy(name).into_owned();
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or(DataError::UnknownVariant(name))?;
        let nodes = u32::from_le_bytes(c.array().ok_or(truncated.clone())?);
        let seed = u64::from_le_bytes(c.array().ok_or(truncated.clone())?);
        let games = u32::from_le_bytes(c.array().ok_or(truncated.clone())?);
        let samples = u32::from_le_bytes(c.array().ok_or(truncated)?);
        let header = Header {
            variant,
            nodes,
            seed,
            games,
            samples,
        };
        Ok((header, c.at))
    }
}

// The flags byte of a record.
const BLACK_TO_MOVE: u8 = 1;
const CASTLING_SHIFT: u8 = 1;
const HAS_EP: u8 = 1 << 5;
const HAS_FROZEN: u8 = 1 << 6;
const HAS_KO: u8 = 1 << 7;
/// A piece byte whose low nibble is this holds a neutral piece (its kind in the high
/// nibble); otherwise the low nibble is the white role + 1 and the high nibble the
/// black role + 1 (0: none), as the position's mailbox keeps them.
const NEUTRAL_NIBBLE: u8 = 0xF;

fn bitset_bytes(bits: usize) -> usize {
    bits.div_ceil(8)
}

fn put_bits(out: &mut Vec<u8>, bits: impl Iterator<Item = bool>, len: usize) {
    let start = out.len();
    out.resize(start + bitset_bytes(len), 0);
    for (i, on) in bits.enumerate() {
        if on {
            out[start + i / 8] |= 1 << (i % 8);
        }
    }
}

fn bit(bytes: &[u8], i: usize) -> bool {
    bytes[i / 8] >> (i % 8) & 1 != 0
}

impl Sample {
    pub fn encode(&self, out: &mut Vec<u8>) {
        let pos = &self.position;
        let squares = pos.variant().geometry().squares();
        let occupied = pos.occupied();
        put_bits(
            out,
            (0..squares).map(|s| occupied.has(Square(s as u8))),
            squares,
        );
        for sq in occupied {
            let byte = match pos.neutral_at(sq) {
                Some(n) => NEUTRAL_NIBBLE | (n.idx() as u8) << 4,
                None => {
                    let code = |c| pos.role_at(c, sq).map_or(0, |r: Role| r.idx() as u8 + 1);
                    code(Color::White) | code(Color::Black) << 4
                }
            };
            out.push(byte);
        }
        if pos.variant().facts().piece_states {
            let n = occupied.count() as usize;
            let states = pos.capture_state();
            put_bits(out, occupied.into_iter().map(|sq| states.has(sq)), n);
        }
        let mut flags = pos.castling() << CASTLING_SHIFT;
        if pos.side() == Color::Black {
            flags |= BLACK_TO_MOVE;
        }
        if pos.ep().any() {
            flags |= HAS_EP;
        }
        if pos.frozen().is_some() {
            flags |= HAS_FROZEN;
        }
        if pos.ko().is_some() {
            flags |= HAS_KO;
        }
        out.push(flags);
        if pos.ep().any() {
            out.push(pos.ep().count() as u8);
            out.extend(pos.ep().into_iter().map(|sq| sq.0));
        }
        if let Some(sq) = pos.frozen() {
            out.push(sq.0);
        }
        if let Some((a, b)) = pos.ko() {
            out.extend([a.0, b.0]);
        }
        put_varint(out, pos.halfmove());
        put_varint(out, pos.fullmove());
        out.extend_from_slice(&self.score.clamp(-SCORE_LIMIT, SCORE_LIMIT).to_le_bytes());
        out.push(self.result.code());
    }

    /// The record at the start of `bytes` and its length. Offsets in errors count
    /// from the start of `bytes`.
    pub fn decode(variant: Variant, bytes: &[u8]) -> Result<(Sample, usize), DataError> {
        Sample::decode_at(variant, bytes, 0)
    }

    /// `decode` of the record at `offset` in `bytes` (errors name that offset).
    fn decode_at(
        variant: Variant,
        bytes: &[u8],
        offset: usize,
    ) -> Result<(Sample, usize), DataError> {
        let mut c = Cursor { bytes, at: offset };
        let truncated = DataError::Truncated { offset };
        let corrupt = |why: String| DataError::Corrupt { offset, why };
        let sample = read_sample(variant, &mut c)
            .ok_or(truncated)?
            .map_err(corrupt)?;
        Ok((sample, c.at - offset))
    }
}

/// A record from the cursor: `None` when the bytes end first, `Some(Err)` when they
/// are not a position of `variant`.
fn read_sample(variant: Variant, c: &mut Cursor) -> Option<Result<Sample, String>> {
    let facts = variant.facts();
    let t = variant.geometry().tables();
    let squares = variant.geometry().squares();
    let occupancy = c.take(bitset_bytes(squares))?;
    let mut occupied = Bitboard::EMPTY;
    for s in 0..bitset_bytes(squares) * 8 {
        if bit(occupancy, s) {
            if s >= squares {
                return Some(Err(format!("square {s} is off the board")));
            }
            occupied.set(Square(s as u8));
        }
    }
    let mut pos = Position::empty(variant);
    let in_variant = |code: u8| -> Option<Role> {
        let role = Role::from_idx(usize::from(code).checked_sub(1).filter(|&i| i < NROLES)?);
        facts.pieces.iter().any(|&(_, r)| r == role).then_some(role)
    };
    for sq in occupied {
        let byte = c.u8()?;
        let (low, high) = (byte & 0xF, byte >> 4);
        if low == NEUTRAL_NIBBLE {
            let kind = match Neutral::ALL.get(usize::from(high)) {
                Some(&k) if facts.neutral_pieces && (k != Neutral::Gate || facts.tunnel) => k,
                _ => {
                    return Some(Err(format!(
                        "piece byte {byte:#04x}: no such neutral piece"
                    )))
                }
            };
            pos.put_neutral(kind, sq);
            continue;
        }
        let (white, black) = (in_variant(low), in_variant(high));
        let fits = match (white, black, low, high) {
            (Some(_), None, _, 0) | (None, Some(_), 0, _) => true,
            (Some(w), Some(b), _, _) => {
                let regular =
                    |r| matches!(r, Role::Knight | Role::Bishop | Role::Rook | Role::Queen);
                facts.shared_pieces && regular(w) && regular(b)
            }
            _ => false,
        };
        if !fits {
            return Some(Err(format!(
                "piece byte {byte:#04x} is no piece of {variant}"
            )));
        }
        if let Some(w) = white {
            pos.put(Color::White, w, sq);
        }
        if let Some(b) = black {
            pos.put(Color::Black, b, sq);
        }
    }
    if facts.piece_states {
        let n = occupied.count() as usize;
        let states = c.take(bitset_bytes(n))?;
        for (i, sq) in occupied.into_iter().enumerate() {
            if bit(states, i) {
                if pos.piece_at(sq).is_none_or(|p| p.role == Role::Power) {
                    return Some(Err(
                        "capture state on a square with no piece that has one".into()
                    ));
                }
                pos.set_capture_state(sq, true);
            }
        }
        if (n..bitset_bytes(n) * 8).any(|i| bit(states, i)) {
            return Some(Err("capture state beyond the pieces".into()));
        }
    }
    let flags = c.u8()?;
    if flags & BLACK_TO_MOVE != 0 {
        pos.side = Color::Black;
    }
    let castling = (flags >> CASTLING_SHIFT) & 0xF;
    if castling_that_holds(&pos, castling) != castling {
        return Some(Err(format!(
            "castling rights {castling:#x} without king and rook at home"
        )));
    }
    pos.castling = castling;
    if flags & HAS_EP != 0 {
        let n = c.u8()?;
        let mut ep = Bitboard::EMPTY;
        for _ in 0..n {
            let s = c.u8()?;
            if usize::from(s) >= squares {
                return Some(Err(format!("en-passant square {s} is off the board")));
            }
            ep.set(Square(s));
        }
        if ep.is_empty() || !variant.has_en_passant() {
            return Some(Err(
                "en-passant flag without squares of a variant that has it".into(),
            ));
        }
        if let Err(e) = crate::rules::check_en_passant(&pos, ep) {
            return Some(Err(e.0));
        }
        pos.ep = ep;
    }
    // The 7th field's squares go through the variant's own reader of that field.
    let (frozen, ko) = (flags & HAS_FROZEN != 0, flags & HAS_KO != 0);
    let extra_squares = match (frozen, ko) {
        (false, false) => 0,
        (true, false) if facts.shared_pieces => 1,
        (false, true) if facts.neutral_pieces => 2,
        _ => {
            return Some(Err(format!(
                "flags {flags:#04x} name a 7th field {variant} has not"
            )))
        }
    };
    let mut extra = String::new();
    for _ in 0..extra_squares {
        let s = c.u8()?;
        if usize::from(s) >= squares {
            return Some(Err(format!("square {s} is off the board")));
        }
        extra += &t.square_name(Square(s));
    }
    if !extra.is_empty() {
        if let Err(e) = crate::rules::parse_extra_field(&mut pos, &extra) {
            return Some(Err(e.0));
        }
    }
    for (field, place) in [
        (&mut pos.halfmove, "halfmove clock"),
        (&mut pos.fullmove, "move number"),
    ] {
        match c.varint()? {
            Ok(n) if n <= MOST_MOVES => *field = n,
            Ok(n) => return Some(Err(format!("{place} {n} is beyond {MOST_MOVES}"))),
            Err(e) => return Some(Err(format!("{place}: {e}"))),
        }
    }
    if pos.fullmove == 0 {
        return Some(Err("move number 0".into()));
    }
    if let Err(e) = validate(&pos) {
        return Some(Err(e.0));
    }
    pos.refresh_hash();
    let score = i16::from_le_bytes(c.array()?);
    if !(-SCORE_LIMIT..=SCORE_LIMIT).contains(&score) {
        return Some(Err(format!("score {score} beyond +/-{SCORE_LIMIT}")));
    }
    let code = c.u8()?;
    let Some(result) = Wdl::from_code(code) else {
        return Some(Err(format!("result code {code} is none of 0, 1, 2")));
    };
    Some(Ok(Sample {
        position: pos,
        score,
        result,
    }))
}

/// The samples of a whole file's bytes, header first: `Reader::new(&bytes)?`, then
/// iterate. After the first error the iteration ends.
pub struct Reader<'a> {
    header: Header,
    bytes: &'a [u8],
    at: usize,
    read: u32,
    failed: bool,
}

impl<'a> Reader<'a> {
    /// Reads the header and checks the whole file's checksum.
    pub fn new(bytes: &'a [u8]) -> Result<Reader<'a>, DataError> {
        let (header, at) = Header::decode(bytes)?;
        let Some(body) = bytes.len().checked_sub(CHECKSUM_LEN).filter(|&n| n >= at) else {
            return Err(DataError::Truncated { offset: at });
        };
        let (body, sum) = bytes.split_at(body);
        if sum != checksum(body).to_le_bytes() {
            return Err(DataError::Checksum);
        }
        Ok(Reader {
            header,
            bytes: body,
            at,
            read: 0,
            failed: false,
        })
    }

    pub fn header(&self) -> &Header {
        &self.header
    }
}

impl Iterator for Reader<'_> {
    type Item = Result<Sample, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if self.read == self.header.samples {
            if self.at != self.bytes.len() {
                self.failed = true;
                return Some(Err(DataError::Trailing { offset: self.at }));
            }
            return None;
        }
        match Sample::decode_at(self.header.variant, self.bytes, self.at) {
            Ok((sample, len)) => {
                self.at += len;
                self.read += 1;
                Some(Ok(sample))
            }
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// A whole file's bytes: its header (with `samples` set to their count) and samples.
pub fn encode_file(header: &Header, samples: &[Sample]) -> Vec<u8> {
    let mut out = Vec::new();
    let header = Header {
        samples: samples.len() as u32,
        ..header.clone()
    };
    header.encode(&mut out);
    for s in samples {
        s.encode(&mut out);
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The checksum's length at the end of a file.
pub const CHECKSUM_LEN: usize = 8;

/// The file checksum: each 8-byte little-endian word of `bytes` (the last one padded
/// with zeros) mixed in turn by SplitMix64's output function, then the length.
/// Not cryptographic; a changed byte or a cut escapes it with odds near 2^-64.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = crate::rng::mix(h ^ u64::from_le_bytes(word));
    }
    crate::rng::mix(h ^ bytes.len() as u64)
}
