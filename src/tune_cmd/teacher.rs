//! Labels positions with a teacher engine's scores: each position is searched by a
//! UCI engine to a fixed depth (or node count), several processes at once. Fitting
//! the evaluation to a stronger engine's judgement of many positions is far less
//! noisy than fitting it to game results alone: a result says who won in the end, a
//! score says how the position stands.

use std::time::Duration;

use baton_engine::{Color, Position, Variant};

use crate::engine_setting::Setting;
use crate::referee::position_command;
use crate::uci_client::{EngineSpec, Failure, Limit, UciClient};

/// A teacher: the engine, the `go` command of its search limit and how many copies
/// to run.
pub struct Teacher {
    pub spec: EngineSpec,
    go: String,
    pub processes: usize,
}

/// How long one labelling search may take before the teacher counts as hung.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Reads `cmd=PATH [depth=N|nodes=N] [processes=N] [option.NAME=V] [arg=A] [dir=D]`
/// (depth 6 and one process per core unless given).
pub fn parse(words: &[String]) -> Result<Teacher, String> {
    let mut spec = EngineSpec::default();
    let mut processes = std::thread::available_parallelism().map_or(1, |n| n.get());
    for word in words {
        if let Some(n) = word.strip_prefix("processes=") {
            processes = n
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("bad number '{n}' for processes"))?;
        } else {
            Setting::parse(word)?.apply(&mut spec);
        }
    }
    if spec.cmd.is_empty() {
        return Err("--teacher needs cmd=PATH".into());
    }
    let go = spec
        .limit
        .get_or_insert(Limit::Depth(6))
        .fixed_go()
        .ok_or("--teacher searches to a depth or a node count, not on a clock")?;
    Ok(Teacher {
        spec,
        go,
        processes,
    })
}

/// The teacher's score of every position in centipawns from White's side, `None`
/// where it gave none or found a mate (a mate is no evaluation to imitate).
pub fn label(
    teacher: &Teacher,
    variant: Variant,
    positions: &[&Position],
) -> Result<Vec<Option<i32>>, String> {
    let chunk = positions.len().div_ceil(teacher.processes.max(1)).max(1);
    let results: Vec<Result<Vec<Option<i32>>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .enumerate()
            .map(|(id, part)| {
                let go = teacher.go.as_str();
                scope.spawn(move || label_part(teacher, variant, part, go, id == 0))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a labelling thread died".into()))
            })
            .collect()
    });
    let mut scores = Vec::with_capacity(positions.len());
    for r in results {
        scores.extend(r?);
    }
    Ok(scores)
}

/// One teacher process's share; `report` prints the progress of the first.
fn label_part(
    teacher: &Teacher,
    variant: Variant,
    positions: &[&Position],
    go: &str,
    report: bool,
) -> Result<Vec<Option<i32>>, String> {
    let fail = |e| {
        let why = match e {
            Failure::Crashed(why) => why,
            Failure::Stalled(d) => format!("no answer within {} s", d.as_secs()),
        };
        format!("teacher '{}': {why}", teacher.spec.cmd)
    };
    let mut client = UciClient::start(&teacher.spec).map_err(fail)?;
    if !client.plays(variant) {
        return Err(format!(
            "teacher '{}' does not play {} ({})\nNothing was tuned: give --teacher an \
             engine that plays it.",
            teacher.spec.cmd,
            variant.name(),
            client.variants
        ));
    }
    client.configure(&teacher.spec, variant).map_err(fail)?;
    client.new_game().map_err(fail)?;
    let mut scores = Vec::with_capacity(positions.len());
    for (k, pos) in positions.iter().enumerate() {
        let reply = client
            .think(&position_command(&pos.fen(), &[]), go, TIMEOUT)
            .map_err(fail)?;
        let score = reply.score.filter(|s| s.abs() < 10_000);
        scores.push(score.map(|s| if pos.side() == Color::White { s } else { -s }));
        if report && (k + 1) % 5000 == 0 {
            println!("labelled {} of {}", k + 1, positions.len());
        }
    }
    client.quit();
    Ok(scores)
}
