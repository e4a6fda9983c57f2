//! `baton match --merge FILE...`: the report of a match played in shares (`--shard I/N`),
//! from the shards' PGN files. Every game is replayed against Baton's rules first, as
//! `--replay` does; a game number (the Round tag) met twice means a shard's games were
//! given twice or a shard was run twice into one file, and is refused rather than
//! counted twice.

use std::collections::BTreeMap;

use baton_engine::Color;

use super::cli::SprtParams;
use super::stats::{self, SprtDecision};
use super::{final_report, Standings};
use crate::pgn::{check_game, read_games, PgnGame};
use crate::referee::Termination;

/// One game as the report needs it.
struct Played {
    round: usize,
    white: String,
    black: String,
    winner: Option<Color>,
    termination: Termination,
}

/// What one PGN game tells of the match, or why it cannot be counted.
fn played(g: &PgnGame) -> Result<Played, String> {
    let round = g
        .tag("Round")
        .and_then(|r| r.trim().parse::<usize>().ok())
        .filter(|&r| r >= 1)
        .ok_or("no Round tag with the game's number (was it written by baton match?)")?;
    check_game(g)?;
    let termination = match g.tag("Termination") {
        Some(t) => Termination::from_text(t).unwrap_or(Termination::Normal),
        None => Termination::Normal,
    };
    let winner = match g.tag("Result") {
        Some("1-0") => Some(Color::White),
        Some("0-1") => Some(Color::Black),
        _ => None,
    };
    Ok(Played {
        round,
        white: g.tag("White").unwrap_or("?").to_string(),
        black: g.tag("Black").unwrap_or("?").to_string(),
        winner,
        termination,
    })
}

/// Reads every file; game numbers to the games and the files they came from.
fn read_all(files: &[String]) -> Result<BTreeMap<usize, (Played, String)>, String> {
    let mut games: BTreeMap<usize, (Played, String)> = BTreeMap::new();
    let mut refused = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let read = read_games(&text);
        if read.is_empty() {
            return Err(format!("no games in {path}"));
        }
        for (k, g) in read.iter().enumerate() {
            let at = format!("{path}, game {}", k + 1);
            if !g.problems.is_empty() {
                // A shard stopped while writing: its last game is cut off. The rest counts.
                eprintln!("skipped {at}: {}", g.problems.join("; "));
                continue;
            }
            let p = match played(g) {
                Ok(p) => p,
                Err(why) => {
                    refused.push(format!("{at}: {why}"));
                    continue;
                }
            };
            if let Some((_, first)) = games.get(&p.round) {
                return Err(format!(
                    "game number {} is in {first} and again in {at}: give each shard's \
                     games once (a shard run twice appends to its PGN file)",
                    p.round
                ));
            }
            games.insert(p.round, (p, at));
        }
    }
    if !refused.is_empty() {
        return Err(format!(
            "{} games do not replay by Baton's rules:\n  {}",
            refused.len(),
            refused.join("\n  ")
        ));
    }
    Ok(games)
}

/// `baton match --merge FILE...`: the shards' games reported as one match. `Err` says
/// why the files do not make one (bad input).
pub fn merge(files: &[String], sprt: Option<&SprtParams>) -> Result<(), String> {
    let games = read_all(files)?;
    // The engines in the order the match gave them: the first game is the first pair's,
    // the first engine playing White.
    let mut names: Vec<String> = Vec::new();
    for (p, _) in games.values() {
        for name in [&p.white, &p.black] {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    if names.len() < 2 {
        return Err("the games have fewer than two players".into());
    }
    let index = |name: &str| names.iter().position(|n| n == name).unwrap_or(0);
    let mut standings = Standings::new(names.clone());
    for (p, _) in games.values() {
        standings.add_result([index(&p.white), index(&p.black)], p.winner, p.termination);
    }
    let last = games.keys().next_back().copied().unwrap_or(0);
    let missing: Vec<usize> = (1..=last).filter(|n| !games.contains_key(n)).collect();
    println!(
        "Merged {} games from {} files (game numbers 1 to {last})",
        games.len(),
        files.len()
    );
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).map(|n| n.to_string()).collect();
        let more = if missing.len() > 10 { ", ..." } else { "" };
        println!(
            "Missing {} games below the last number: {}{more} (a shard not given or not finished?)",
            missing.len(),
            shown.join(", ")
        );
    }
    if sprt.is_some() && names.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    // The SPRT judges all the games at once: the shards played them without stopping.
    let decided = sprt.and_then(|p| {
        let t = standings.headline();
        match stats::sprt(&t, p).decision {
            SprtDecision::Continue => None,
            d => Some((d, t.games() as usize)),
        }
    });
    final_report(&standings, sprt, decided);
    Ok(())
}
