//! `baton train` on data files made here (random knightmate games, each position scored
//! by the hand-made evaluation): it writes a net the engine reads, resumes from its
//! checkpoint, and refuses data it cannot train on.

use std::path::Path;
use std::process::Command;

use baton_engine::data::{encode_file, Header, Sample, Wdl};
use baton_engine::eval::{self, nnue};
use baton_engine::rng::Rng;
use baton_engine::{rules, Position, Variant};
use baton_testkit::process::run_to_end;
use baton_testkit::shows;

/// A data file of `games` random games of `variant` from its start, every position
/// scored by the classical evaluation and labelled with a result drawn at random.
fn data_file(path: &Path, variant: Variant, games: u32) {
    let mut rng = Rng::new(u64::from(games));
    let mut samples = Vec::new();
    let mut list = rules::move_list(variant);
    for _ in 0..games {
        let mut pos = Position::startpos(variant);
        let result = [Wdl::Loss, Wdl::Draw, Wdl::Win][rng.below(3)];
        for ply in 0..60 {
            let result = if ply % 2 == 0 { result } else { result.flip() };
            samples.push(Sample {
                position: pos.clone(),
                score: eval::evaluate(&pos).clamp(-3000, 3000) as i16,
                result,
            });
            list.clear();
            rules::legal_moves(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            pos = pos.play(list[rng.below(list.len())]);
        }
    }
    let header = Header {
        variant,
        nodes: 1000,
        seed: 1,
        games,
        samples: 0,
    };
    std::fs::write(path, encode_file(&header, &samples)).unwrap();
}

fn train(args: &[&str]) -> (bool, String) {
    run_to_end(
        Command::new(env!("CARGO_BIN_EXE_baton"))
            .arg("train")
            .args(args),
    )
}

/// A temporary folder holding a `data` folder of two small knightmate data files
/// (games 30 and 31); the folder lives as long as the returned handle.
fn knightmate_data() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    data_file(&data.join("a.bin"), Variant::Knightmate, 30);
    data_file(&data.join("b.bin"), Variant::Knightmate, 31);
    (dir, data)
}

#[test]
fn train_writes_a_net_the_engine_reads_and_resumes_from_its_checkpoint() {
    let (dir, data) = knightmate_data();
    // A folder may hold other files: only data files are read.
    std::fs::write(data.join("notes.txt"), "not data").unwrap();
    let net = dir.path().join("k.nnue");
    let (net_s, ckpt) = (net.to_str().unwrap(), dir.path().join("k.ckpt"));
    let data_s = data.to_str().unwrap();
    let (ok, text) = train(&["--passes", "2", "--batch", "256", "--out", net_s, data_s]);
    assert!(ok, "{text}");
    shows(&text, "2 data files: ");
    shows(&text, "pass 2: training loss");
    shows(&text, "seen in all (2 passes)");
    let bytes = std::fs::read(&net).unwrap();
    assert!(nnue::Network::read(&bytes, Variant::Knightmate).is_ok());
    assert!(ckpt.exists());
    // Run again for more passes: it goes on from pass 2.
    let (ok, text) = train(&["--passes", "3", "--batch", "256", "--out", net_s, data_s]);
    assert!(ok, "{text}");
    shows(&text, "after pass 2");
    shows(&text, "pass 3: ");
    assert!(!text.contains("pass 1:"), "{text}");
    shows(&text, "(3 passes)");
    // The net and the hand-made evaluation scored on the same held-out games; nothing
    // is trained or written.
    let before = std::fs::read(&net).unwrap();
    let (ok, text) = train(&[
        "--out",
        net_s,
        "--compare",
        net_s,
        "classical",
        "--",
        data_s,
    ]);
    assert!(ok, "{text}");
    shows(&text, &format!("{net_s}: held-out loss 0."));
    shows(&text, "classical: held-out loss 0.");
    assert!(!text.contains("pass "), "{text}");
    assert_eq!(std::fs::read(&net).unwrap(), before);
    let a = data.join("a.bin");
    let (ok, text) = train(&["--compare", a.to_str().unwrap(), "--", data_s]);
    assert!(!ok);
    shows(&text, "not a Baton net");
}

/// `--hidden` and `--qb` make a net of that width and those steps, which its file
/// records and the engine reads; a checkpoint of another width is not resumed, and a
/// width the build does not read is refused before anything is trained.
#[test]
fn train_makes_a_net_of_the_width_asked_for() {
    let (dir, data) = knightmate_data();
    let net = dir.path().join("k.nnue");
    let (net_s, data_s) = (net.to_str().unwrap(), data.to_str().unwrap());
    let narrow = [
        "--passes", "1", "--hidden", "32", "--qb", "64", "--out", net_s, data_s,
    ];
    let (ok, text) = train(&narrow);
    assert!(ok, "{text}");
    let bytes = std::fs::read(&net).unwrap();
    let (header, _) = nnue::Network::header(&bytes).unwrap();
    assert_eq!((header.shape.hidden, header.qb), (32, 64));
    let read = nnue::Network::read(&bytes, Variant::Knightmate).unwrap();
    assert_eq!(read.hidden(), 32);
    let wider = [
        "--passes", "2", "--hidden", "48", "--qb", "64", "--out", net_s, data_s,
    ];
    let (ok, text) = train(&wider);
    assert!(!ok);
    shows(
        &text,
        "is not a checkpoint of a knightmate net 48 wide at QB 64",
    );
    let (ok, text) = train(&["--hidden", "100", "--out", net_s, data_s]);
    assert!(!ok);
    shows(
        &text,
        "a net of 100 hidden numbers; this build reads 16 to 512 in steps of 16",
    );
    let (ok, text) = train(&["--qb", "0", "--out", net_s, data_s]);
    assert!(!ok);
    shows(&text, "--qb");
}

#[test]
fn train_refuses_data_it_cannot_train_on() {
    let dir = tempfile::tempdir().unwrap();
    let chess = dir.path().join("chess.bin");
    data_file(&chess, Variant::Chess, 2);
    let out = dir.path().join("x.nnue");
    let (chess_s, out_s) = (chess.to_str().unwrap(), out.to_str().unwrap());
    let (ok, text) = train(&["--variant", "knightmate", "--out", out_s, chess_s]);
    assert!(!ok);
    shows(&text, "holds chess positions, not knightmate");
    // The stonesrelays board has nets, not from chess's positions.
    let (ok, text) = train(&["--variant", "stonesrelays", "--out", out_s, chess_s]);
    assert!(!ok);
    shows(&text, "holds chess positions, not stonesrelays");
    // Every variant has nets now, flipshatranj's 10x10 board too.
    let (ok, text) = train(&["--variant", "flipshatranj", "--out", out_s, chess_s]);
    assert!(!ok);
    shows(&text, "holds chess positions, not flipshatranj");
    let mut cut = std::fs::read(&chess).unwrap();
    cut.truncate(cut.len() - 3);
    std::fs::write(&chess, cut).unwrap();
    let (ok, text) = train(&["--variant", "chess", "--out", out_s, chess_s]);
    assert!(!ok);
    shows(&text, "chess.bin: ");
    let (ok, text) = train(&["--result-share", "2", chess_s]);
    assert!(!ok);
    shows(&text, "the result's share is a number from 0 to 1");
    assert!(!out.exists());
}
