//! `baton datagen`: a tiny run's chunk files read back with the counts it reports, a run
//! killed midway and resumed leaves only whole files and no game twice, and `--info`
//! counts a directory and names a damaged file. Small node counts keep it to seconds.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use baton_engine::data::{Header, Reader, Sample};
use baton_engine::{rules, Variant};
use baton_testkit::process::output_text as text;

/// The options of the run that is killed and of the one that resumes it.
const RESUMED: [&str; 6] = ["--nodes", "200", "--threads", "2", "--chunk", "1"];

fn baton(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_baton"))
        .args(args)
        .output()
        .expect("baton runs")
}

/// `baton datagen VARIANT DIR ARGS`, which must succeed: what it wrote.
fn datagen(variant: &str, dir: &str, args: &[&str]) -> String {
    let out = baton(&[&["datagen", variant, dir], args].concat());
    assert!(out.status.success(), "{}", text(&out));
    text(&out)
}

fn chunk_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the directory")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "bdat"))
        .collect();
    files.sort();
    files
}

/// Every file's header and samples; panics naming a file that does not read.
fn read_all(dir: &Path) -> Vec<(PathBuf, Header, Vec<Sample>)> {
    chunk_files(dir)
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("readable");
            let reader = Reader::new(&bytes).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let header = reader.header().clone();
            let samples = reader
                .map(|s| s.unwrap_or_else(|e| panic!("{path:?}: {e}")))
                .collect();
            (path, header, samples)
        })
        .collect()
}

#[test]
fn a_tiny_run_reads_back_with_its_counts() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let d = dir.path().to_str().expect("a UTF-8 path");
    let said = datagen(
        "knightmate",
        d,
        &["--games", "3", "--nodes", "200", "--threads", "2"],
    );
    assert!(said.contains("done: 3 games"), "{said}");
    let files = read_all(dir.path());
    assert_eq!(files.len(), 1, "one chunk: {files:?}");
    let (path, header, samples) = &files[0];
    assert!(path.ends_with("knightmate-00001.bdat"));
    assert_eq!(header.variant, Variant::Knightmate);
    assert_eq!((header.nodes, header.seed, header.games), (200, 1, 3));
    assert_eq!(header.samples as usize, samples.len());
    assert!(samples.len() > 10, "{} positions", samples.len());
    for s in samples {
        // The positions a trainer skips are not there.
        assert!(s.position.game_ply() >= 16, "{}", s.position.fen());
        assert!(!rules::in_check(&s.position, s.position.side()));
        assert!((-32000..=32000).contains(&s.score));
    }
    let info = baton(&["datagen", "--info", d]);
    assert!(info.status.success(), "{}", text(&info));
    let line = text(&info)
        .lines()
        .find(|l| l.starts_with("knightmate"))
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    assert_eq!(line, format!("knightmate 1 3 {}", samples.len()));
}

#[test]
fn a_killed_run_resumes_with_whole_files_and_no_game_twice() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let d = dir.path().to_str().expect("a UTF-8 path");
    // `--chunk 1` (`RESUMED`): every game fills a chunk, so the killed run has left several.
    let mut child = Command::new(env!("CARGO_BIN_EXE_baton"))
        .args(["datagen", "chess", d])
        .args(RESUMED)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("baton starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    while chunk_files(dir.path()).len() < 3 {
        assert!(Instant::now() < deadline, "no chunks written in time");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("kill");
    child.wait().expect("reaped");
    let killed = read_all(dir.path());
    assert!(killed.iter().all(|(_, h, _)| h.seed == 1));

    // The same command again (two games now) continues in new chunks, new seed.
    datagen("chess", d, &[&RESUMED[..], &["--games", "2"]].concat());
    let all = read_all(dir.path());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // What the killed run wrote is all still there, unchanged.
    for (path, header, samples) in &killed {
        let now = all.iter().find(|(p, _, _)| p == path).expect("kept");
        assert_eq!((&now.1, now.2.len()), (header, samples.len()));
    }
    let resumed: Vec<_> = all.iter().filter(|(_, h, _)| h.seed == 2).collect();
    assert_eq!(all.len(), killed.len() + resumed.len());
    assert_eq!(resumed.iter().map(|(_, h, _)| h.games).sum::<u32>(), 2);
    // No position twice (the move counters make a repeated position within a game
    // another FEN): no game was written twice.
    let mut seen = HashSet::new();
    for (path, _, samples) in &all {
        for s in samples {
            assert!(
                seen.insert(s.position.fen()),
                "{path:?}: {}",
                s.position.fen()
            );
        }
    }
    // A seed already used is refused rather than repeated.
    let again = baton(&["datagen", "chess", d, "--games", "1", "--seed", "2"]);
    assert_eq!(again.status.code(), Some(2), "{}", text(&again));
    assert!(text(&again).contains("seed 2 was used already"));
}

#[test]
fn info_names_a_damaged_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let d = dir.path().to_str().expect("a UTF-8 path");
    datagen(
        "flipshatranj8",
        d,
        &["--games", "1", "--nodes", "100", "--threads", "1"],
    );
    let path = dir.path().join("flipshatranj8-00001.bdat");
    let mut bytes = std::fs::read(&path).expect("written");
    let last = bytes.len() - 3;
    bytes.truncate(last);
    std::fs::write(&path, bytes).expect("rewritten");
    let info = baton(&["datagen", "--info", d]);
    assert_eq!(info.status.code(), Some(1), "{}", text(&info));
    assert!(
        text(&info).contains("flipshatranj8-00001.bdat: checksum mismatch"),
        "{}",
        text(&info)
    );
    let none = baton(&["datagen", "--info", "/no/such/dir"]);
    assert_eq!(none.status.code(), Some(2), "{}", text(&none));
}
