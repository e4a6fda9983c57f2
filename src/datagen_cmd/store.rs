//! Where `baton datagen` keeps its data: chunk files `DIR/<variant>-NNNNN.bdat`, each a
//! whole `baton_engine::data` file. A run numbers its chunks after the highest number
//! already in DIR, so it never overwrites an earlier run's file. The chunk being filled
//! is rewritten after every finished game, through a temporary file renamed over it
//! (a rename is atomic), so that every `.bdat` in DIR is whole at every moment and a
//! killed run loses only the games it was playing.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use baton_engine::data::{encode_file, DataError, Header, Reader, Sample, Wdl};
use baton_engine::{Color, Variant};

/// The file extension of a chunk.
pub const EXTENSION: &str = "bdat";

/// The chunk files of `variant` in `dir` with their numbers, in order of number.
pub fn chunks(dir: &Path, variant: Variant) -> Result<Vec<(u32, PathBuf)>, String> {
    let mut out = Vec::new();
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(format!("cannot read {}: {e}", dir.display())),
    };
    let prefix = format!("{}-", variant.name());
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(number) = name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(&format!(".{EXTENSION}")))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        out.push((number, entry.path()));
    }
    out.sort();
    Ok(out)
}

/// The temporary name a chunk is written under before its rename.
fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp"))
}

/// Removes the temporary files a killed run left behind for `variant`.
pub fn remove_leftovers(dir: &Path, variant: Variant) {
    let prefix = format!(".{}-", variant.name());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&prefix) && name.ends_with(".tmp") {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: a temporary file renamed over it.
/// Not synced: a killed process's writes are the kernel's already; only a crash of
/// the machine could lose the last chunk's latest games (a sync a game cost more
/// than the game at small node counts).
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = temporary(path);
    let write = || -> std::io::Result<()> {
        fs::File::create(&tmp)?.write_all(bytes)?;
        fs::rename(&tmp, path)
    };
    write().map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The run's chunk being filled: games are added whole, and the file is rewritten
/// after each; past `limit` positions the next game starts a new chunk.
pub struct ChunkWriter {
    dir: PathBuf,
    header: Header,
    number: u32,
    samples: Vec<Sample>,
    limit: usize,
}

impl ChunkWriter {
    /// A writer whose first chunk is numbered after every chunk of `header.variant`
    /// already in `dir` (made if missing).
    pub fn new(dir: &Path, header: Header, limit: usize) -> Result<ChunkWriter, String> {
        fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        remove_leftovers(dir, header.variant);
        let last = chunks(dir, header.variant)?.last().map_or(0, |(n, _)| *n);
        Ok(ChunkWriter {
            dir: dir.to_path_buf(),
            header,
            number: last + 1,
            samples: Vec::new(),
            limit: limit.max(1),
        })
    }

    fn path(&self) -> PathBuf {
        self.dir.join(format!(
            "{}-{:05}.{EXTENSION}",
            self.header.variant.name(),
            self.number
        ))
    }

    /// Adds one finished game and writes the chunk; returns the chunk's path.
    pub fn add_game(&mut self, samples: Vec<Sample>) -> Result<PathBuf, String> {
        if self.samples.len() >= self.limit {
            self.number += 1;
            self.samples.clear();
            self.header.games = 0;
        }
        self.samples.extend(samples);
        self.header.games += 1;
        let path = self.path();
        if path.exists() && self.header.games == 1 {
            // Another run in the same directory took this number meanwhile.
            return Err(format!(
                "{} appeared while this run was writing: run one datagen per variant and \
                 directory at a time",
                path.display()
            ));
        }
        write_whole(&path, &encode_file(&self.header, &self.samples))?;
        Ok(path)
    }
}

/// The seeds of the runs whose chunks of `variant` are in `dir`.
pub fn seeds(dir: &Path, variant: Variant) -> Result<Vec<u64>, String> {
    let mut out = Vec::new();
    for (_, path) in chunks(dir, variant)? {
        let bytes = fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (header, _) = Header::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        out.push(header.seed);
    }
    Ok(out)
}

/// What the chunks of one variant hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub files: usize,
    pub games: u64,
    pub positions: u64,
    /// Positions by their game's result from White's view: White won, drawn, Black won.
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// The node counts the files were made at.
    pub nodes: Vec<u32>,
    pub bad_files: Vec<String>,
}

/// Counts what one file holds into `tally`; an unreadable file is named in
/// `bad_files` and counts nothing.
pub fn tally_file(path: &Path, tally: &mut Tally) {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            tally.bad_files.push(format!("{}: {e}", path.display()));
            return;
        }
    };
    let read = || -> Result<(Header, [u64; 3]), DataError> {
        let reader = Reader::new(&bytes)?;
        let header = reader.header().clone();
        let mut results = [0u64; 3];
        for sample in reader {
            let s = sample?;
            let white = match s.position.side() {
                Color::White => s.result,
                Color::Black => s.result.flip(),
            };
            results[match white {
                Wdl::Win => 0,
                Wdl::Draw => 1,
                Wdl::Loss => 2,
            }] += 1;
        }
        Ok((header, results))
    };
    match read() {
        Ok((header, [w, d, b])) => {
            tally.files += 1;
            tally.games += u64::from(header.games);
            tally.positions += w + d + b;
            tally.white_wins += w;
            tally.draws += d;
            tally.black_wins += b;
            if !tally.nodes.contains(&header.nodes) {
                tally.nodes.push(header.nodes);
            }
        }
        Err(e) => tally.bad_files.push(format!("{}: {e}", path.display())),
    }
}
