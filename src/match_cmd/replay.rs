//! `baton match --replay FILE`: every game of a PGN file re-checked against Baton's
//! rules and its recorded result, with each player's score.

use std::collections::BTreeMap;

use baton_engine::pgn as engine_pgn;

use super::stats::Tally;
use crate::cli::Error;
use crate::pgn::check_game;

/// How many failures the final error lists, one a line.
const FAILURES_SHOWN: usize = 5;

/// `baton match --replay FILE`: checks every game, prints a summary, fails when a game
/// does not replay (unreadable, cut off, or at odds with the rules), or when the file
/// holds no game or is not text (bad input, exit code 2; a game that does not replay
/// fails the run, exit code 1).
pub fn replay(path: &str) -> Result<(), Error> {
    let bytes = std::fs::read(path)
        .map_err(|e| Error::Input(format!("cannot read the PGN file {path}: {e}")))?;
    let not_text = |what: String| {
        Error::Input(format!(
            "{path} is not a PGN file: {what}. --replay reads PGN text, such as the files \
             baton match --pgn writes"
        ))
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        not_text(format!(
            "byte {} is not UTF-8 text",
            e.utf8_error().valid_up_to()
        ))
    })?;
    if let Some(at) = text.find('\0') {
        return Err(not_text(format!("byte {at} is a NUL (a binary file?)")));
    }
    // The moves as written, so that a failure quotes the file.
    let games = engine_pgn::read_games(&text);
    if games.is_empty() {
        return Err(Error::Input(format!(
            "no games in {path}: a PGN game is tag lines like [White \"name\"] followed by \
             its moves and result"
        )));
    }
    let (mut mismatches, mut unreadable) = (0, 0);
    let mut failures: Vec<String> = Vec::new();
    let mut players: BTreeMap<String, Tally> = BTreeMap::new();
    for (k, g) in games.iter().enumerate() {
        let white = g.tag("White").unwrap_or("?").to_string();
        let black = g.tag("Black").unwrap_or("?").to_string();
        let label = format!("game {} ({white} - {black})", k + 1);
        if !g.problems.is_empty() {
            unreadable += 1;
            let why = g.problems.join("; ");
            println!("{label}: UNREADABLE: {why}");
            failures.push(format!("{label}: {why}"));
            continue;
        }
        if let Err(why) = check_game(g) {
            mismatches += 1;
            println!("{label}: MISMATCH: {why}");
            failures.push(format!("{label}: {why}"));
            continue;
        }
        // One game's (wins, losses, draws) for White, then for Black.
        let tally = |wins, losses, draws| Tally {
            wins,
            losses,
            draws,
        };
        let (w, b) = match g.tag("Result") {
            Some("1-0") => (tally(1, 0, 0), tally(0, 1, 0)),
            Some("0-1") => (tally(0, 1, 0), tally(1, 0, 0)),
            Some("1/2-1/2") => (tally(0, 0, 1), tally(0, 0, 1)),
            _ => continue,
        };
        players.entry(white).or_default().add(w);
        players.entry(black).or_default().add(b);
    }
    for (name, t) in &players {
        println!(
            "{name}: {} games, +{} -{} ={}, score {:.1}%",
            t.games(),
            t.wins,
            t.losses,
            t.draws,
            100.0 * t.score()
        );
    }
    let bad = failures.len();
    let mut summary = format!(
        "replayed {} games: {} ok, {mismatches} mismatches",
        games.len(),
        games.len() - bad
    );
    if unreadable > 0 {
        summary += &format!(", {unreadable} unreadable");
    }
    println!("{summary}");
    if bad == 0 {
        return Ok(());
    }
    let mut message = format!("{bad} of {} games in {path} failed to replay:", games.len());
    for f in failures.iter().take(FAILURES_SHOWN) {
        message += &format!("\n  {f}");
    }
    if bad > FAILURES_SHOWN {
        message += &format!("\n  ... and {} more (listed above)", bad - FAILURES_SHOWN);
    }
    Err(Error::Failed(message))
}
