//! A UCI engine that knows no rules, for testing what drives engines (`baton match`):
//! `fake-engine MODE [MOVES] [SECONDS] [variants=LIST]`, where MOVES is a comma-separated
//! list.
//!
//! It lists the options Hash (spin 1..1024), Ponder (check), Style (combo Solid, Normal,
//! Risky), Clear Hash (button) and UCI_Variant (combo chess, knightmate; with
//! `variants=LIST`, the comma-separated values of LIST as spelt, and with `variants=`
//! no UCI_Variant option at all; told a value not spelt as listed, it exits with code
//! 4), and on `go`:
//! - `script`: plays `MOVES[ply]`, where ply counts the moves of the last `position`
//!   (reporting depth 1, score 0), or `0000` past the list's end;
//! - `illegal`: answers `a1a1`;
//! - `crash`: says so on stderr and exits with code 3;
//! - `hang`: never answers;
//! - `slow`: like `script`, after sleeping SECONDS.
//!
//! Tests find it with `baton_testkit::fake_engine()`.

use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Script,
    Illegal,
    Crash,
    Hang,
    Slow,
}

fn main() {
    let (variants, args): (Vec<String>, Vec<String>) = std::env::args()
        .skip(1)
        .partition(|a| a.starts_with("variants="));
    let values: Vec<&str> = match variants.last() {
        None => vec!["chess", "knightmate"],
        Some(a) => a["variants=".len()..]
            .split(',')
            .filter(|v| !v.is_empty())
            .collect(),
    };
    // The UCI_Variant option line, if any.
    let variant_option = (!values.is_empty()).then(|| {
        format!(
            "option name UCI_Variant type combo default {} var {}",
            values[0],
            values.join(" var ")
        )
    });
    let mode = match args.first().map(String::as_str) {
        Some("script") => Mode::Script,
        Some("illegal") => Mode::Illegal,
        Some("crash") => Mode::Crash,
        Some("hang") => Mode::Hang,
        Some("slow") => Mode::Slow,
        other => {
            eprintln!(
                "fake-engine: unknown mode {other:?}; modes: script, illegal, crash, hang, slow"
            );
            std::process::exit(2);
        }
    };
    let name = &args[0];
    let script: Vec<&str> = args.get(1).map_or(Vec::new(), |s| s.split(',').collect());
    let delay = match args.get(2).map(|s| s.parse::<f64>()) {
        None => 0.0,
        Some(Ok(seconds)) if seconds >= 0.0 => seconds,
        Some(_) => {
            eprintln!("fake-engine: SECONDS must be a number of at least 0");
            std::process::exit(2);
        }
    };

    let mut out = std::io::stdout().lock();
    let mut say = |lines: &[&str]| {
        for line in lines {
            // A closed pipe means the driver has gone: nothing is left to do.
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                std::process::exit(0);
            }
        }
    };
    let mut ply = 0;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line == "uci" {
            say(&[
                &format!("id name fake-{name}"),
                "option name Hash type spin default 16 min 1 max 1024",
                "option name Ponder type check default false",
                "option name Style type combo default Normal var Solid var Normal var Risky",
                "option name Clear Hash type button",
            ]);
            say(variant_option.as_deref().as_slice());
            say(&["uciok"]);
        } else if let Some(value) = line.strip_prefix("setoption name UCI_Variant value ") {
            // Strict, to show that a driver sends a value as the engine spelt it.
            if !values.contains(&value) {
                eprintln!("fake engine: UCI_Variant {value} is none of {values:?}");
                std::process::exit(4);
            }
        } else if line == "isready" {
            say(&["readyok"]);
        } else if line.starts_with("position") {
            ply = line
                .split_once(" moves ")
                .map_or(0, |(_, moves)| moves.split_whitespace().count());
        } else if line.starts_with("go") {
            match mode {
                Mode::Crash => {
                    eprintln!("fake engine: crashing now");
                    std::process::exit(3);
                }
                Mode::Hang => continue,
                Mode::Illegal => {
                    say(&["info depth 1 score cp 0", "bestmove a1a1"]);
                    continue;
                }
                Mode::Slow => std::thread::sleep(Duration::from_secs_f64(delay)),
                Mode::Script => {}
            }
            let played = script.get(ply).copied().unwrap_or("0000");
            say(&[
                &format!("info depth 1 score cp 0 pv {played}"),
                &format!("bestmove {played}"),
            ]);
        } else if line == "quit" {
            break;
        }
    }
}
