//! The training data's records (`baton_engine::data`): positions from random games of
//! every variant come back from their bytes as the same positions (compared by FEN and
//! whole), and cut, changed or foreign bytes are a `DataError`, never a panic.

use baton_engine::data::{
    checksum, encode_file, DataError, Header, Reader, Sample, Wdl, CHECKSUM_LEN, MAGIC,
};
use baton_engine::{Position, Variant};
use baton_testkit::{random_game, Rng};

/// Positions of random games of `variant`: every position of `games` games of up to
/// 160 plies each.
fn positions(variant: Variant, games: usize, rng: &mut Rng) -> Vec<Position> {
    let start = Position::startpos(variant);
    let mut out = Vec::new();
    for _ in 0..games {
        let plies = 20 + rng.below(140);
        let (_, moves) = random_game(&start, plies, rng);
        out.extend(start.before_each(&moves).into_iter().map(|(p, _)| p));
    }
    out
}

fn sample(position: Position, i: usize) -> Sample {
    let scores = [0, 1, -1, 35, -250, 32000, -32000, i16::MAX, i16::MIN];
    let results = [Wdl::Loss, Wdl::Draw, Wdl::Win];
    Sample {
        position,
        score: scores[i % scores.len()],
        result: results[i % 3],
    }
}

/// A sample of each of `positions(variant, games, rng)`, with the scores and results of
/// `sample` in turn.
fn samples(variant: Variant, games: usize, rng: &mut Rng) -> Vec<Sample> {
    positions(variant, games, rng)
        .into_iter()
        .enumerate()
        .map(|(i, p)| sample(p, i))
        .collect()
}

fn header(variant: Variant, samples: u32) -> Header {
    Header {
        variant,
        nodes: 5000,
        seed: 0x1234_5678_9abc_def0,
        games: 3,
        samples,
    }
}

#[test]
fn every_variants_positions_come_back_from_their_bytes() {
    let mut rng = Rng::new(90);
    for variant in Variant::ALL {
        let positions = positions(variant, 12, &mut rng);
        let (mut ep, mut frozen, mut ko, mut states) = (0, 0, 0, 0);
        for (i, p) in positions.into_iter().enumerate() {
            ep += usize::from(p.ep().any());
            frozen += usize::from(p.frozen().is_some());
            ko += usize::from(p.ko().is_some());
            states += usize::from(p.capture_state().any());
            let s = sample(p, i);
            let mut bytes = Vec::new();
            s.encode(&mut bytes);
            let (back, len) = Sample::decode(variant, &bytes)
                .unwrap_or_else(|e| panic!("{variant} {}: {e}", s.position.fen()));
            assert_eq!(len, bytes.len(), "{variant} {}", s.position.fen());
            assert_eq!(back.position.fen(), s.position.fen());
            assert_eq!(back.position, s.position);
            assert_eq!(back.position.hash(), s.position.hash());
            assert_eq!(back.score, s.score.clamp(-32000, 32000));
            assert_eq!(back.result, s.result);
        }
        // The state each variant's FEN carries beyond the board was met and kept.
        let facts = variant.facts();
        if variant.has_en_passant() {
            assert!(ep > 0, "{variant}: no en-passant square in the games");
        }
        if facts.shared_pieces {
            assert!(frozen > 0, "{variant}: no frozen Knightmare in the games");
        }
        if facts.neutral_pieces {
            assert!(ko > 0, "{variant}: no ko in the games");
        }
        if facts.piece_states {
            assert!(states > 0, "{variant}: no capture state in the games");
        }
    }
}

#[test]
fn a_files_samples_read_back_in_order() {
    let mut rng = Rng::new(7);
    for variant in Variant::ALL {
        let samples = samples(variant, 2, &mut rng);
        let bytes = encode_file(&header(variant, 0), &samples);
        let reader = Reader::new(&bytes).expect("reads");
        assert_eq!(reader.header(), &header(variant, samples.len() as u32));
        let back: Vec<Sample> = reader.map(|s| s.expect("sample")).collect();
        assert_eq!(back.len(), samples.len());
        for (a, b) in back.iter().zip(&samples) {
            assert_eq!(a.position.fen(), b.position.fen());
            assert_eq!(
                (a.score, a.result),
                (b.score.clamp(-32000, 32000), b.result)
            );
        }
        // A chess record is small: an occupancy bitboard, a byte a piece, a few more.
        if variant == Variant::Chess {
            let mut start = Vec::new();
            sample(Position::startpos(variant), 0).encode(&mut start);
            assert_eq!(start.len(), 8 + 32 + 1 + 2 + 2 + 1);
        }
    }
}

#[test]
fn a_cut_or_changed_file_is_an_error() {
    let mut rng = Rng::new(11);
    for variant in Variant::ALL {
        let mut samples = samples(variant, 1, &mut rng);
        samples.truncate(20);
        let bytes = encode_file(&header(variant, 0), &samples);
        for cut in 0..bytes.len() {
            assert!(
                Reader::new(&bytes[..cut]).is_err(),
                "{variant}: cut at {cut} of {} read",
                bytes.len()
            );
        }
        for _ in 0..300 {
            let mut bad = bytes.clone();
            let at = rng.below(bad.len());
            bad[at] ^= 1 << rng.below(8);
            assert!(Reader::new(&bad).is_err(), "{variant}: flip at {at} read");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Reader::new(&longer).is_err());
    }
}

/// A file whose checksum is right but whose records are not (a writer's bug): the
/// reader names the record, and never panics on any changed or cut record.
#[test]
fn a_bad_record_under_a_good_checksum_is_an_error_not_a_panic() {
    let seal = |mut body: Vec<u8>| {
        let sum = checksum(&body);
        body.extend_from_slice(&sum.to_le_bytes());
        body
    };
    let mut rng = Rng::new(13);
    for variant in Variant::ALL {
        let positions = positions(variant, 2, &mut rng);
        for (i, p) in positions.into_iter().enumerate() {
            let mut record = Vec::new();
            sample(p, i).encode(&mut record);
            // Cut short inside the file: truncated at the record's offset.
            let mut body = Vec::new();
            header(variant, 1).encode(&mut body);
            let offset = body.len();
            body.extend_from_slice(&record[..record.len() - 1]);
            let errors: Vec<DataError> = Reader::new(&seal(body))
                .expect("header")
                .filter_map(Result::err)
                .collect();
            assert_eq!(errors, vec![DataError::Truncated { offset }]);
            // Changed bytes: refused with a reason, or some other valid position.
            for _ in 0..20 {
                let mut bad = record.clone();
                let at = rng.below(bad.len());
                bad[at] ^= 1 << rng.below(8);
                if let Ok((s, _)) = Sample::decode(variant, &bad) {
                    let fen = s.position.fen();
                    let again = Position::from_fen(variant, &fen)
                        .unwrap_or_else(|e| panic!("{variant}: decoded {fen} refused: {e}"));
                    assert_eq!(again, s.position);
                }
            }
        }
    }
}

#[test]
fn foreign_bytes_and_other_versions_are_refused_by_name() {
    let mut bytes = encode_file(&header(Variant::Knightmate, 0), &[]);
    assert_eq!(&bytes[..4], &MAGIC);
    assert!(Reader::new(&bytes).expect("empty file").next().is_none());
    assert_eq!(
        Reader::new(b"PK\x03\x04 not ours").err(),
        Some(DataError::BadMagic)
    );
    bytes[4] = 9;
    assert_eq!(Reader::new(&bytes).err(), Some(DataError::Version(9)));
    let mut other = Vec::new();
    header(Variant::Chess, 0).encode(&mut other);
    other[7..12].copy_from_slice(b"chuss");
    assert_eq!(
        Header::decode(&other).err(),
        Some(DataError::UnknownVariant("chuss".into()))
    );
    let mut whole = Vec::new();
    header(Variant::Chess, 0).encode(&mut whole);
    assert_eq!(
        Header::decode(&whole[..whole.len() - 1]).err(),
        Some(DataError::Truncated { offset: 0 })
    );
    // Messages name what is wrong.
    let msg = DataError::Truncated { offset: 77 }.to_string();
    assert_eq!(msg, "truncated record at offset 77");
    assert!(DataError::Checksum
        .to_string()
        .contains("truncated or corrupt"));
    assert_eq!(CHECKSUM_LEN, 8);
}
